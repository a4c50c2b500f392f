//! The shape family's kernels: view-like copies, joining and splitting, dim-order copies.

use crate::ops::*;
use etk_core::KernelEntry;

pub const TABLE: &[KernelEntry] = entries![
    permute_copy::OP => permute_copy::permute_copy_out_boxed,
    view_copy::OP => view_copy::view_copy_out_boxed,
    expand_copy::OP => expand_copy::expand_copy_out_boxed,
    t_copy::OP => t_copy::t_copy_out_boxed,
    transpose_copy::OP => transpose_copy::transpose_copy_int_out_boxed,
    unsqueeze_copy::OP => unsqueeze_copy::unsqueeze_copy_out_boxed,
    squeeze_copy::OP_DIM => squeeze_copy::squeeze_copy_dim_out_boxed,
    squeeze_copy::OP_DIMS => squeeze_copy::squeeze_copy_dims_out_boxed,
    select_copy::OP => select_copy::select_copy_int_out_boxed,
    slice_copy::OP => slice_copy::slice_copy_tensor_out_boxed,
    cat::OP => cat::cat_out_boxed,
    stack::OP => stack::stack_out_boxed,
    split_copy::OP => split_copy::split_copy_tensor_out_boxed,
    split_with_sizes_copy::OP => split_with_sizes_copy::split_with_sizes_copy_out_boxed,
    unbind_copy::OP => unbind_copy::unbind_copy_int_out_boxed,
    clone_dim_order::OP => clone_dim_order::clone_dim_order_out_boxed,
    to_dim_order_copy::OP => to_dim_order_copy::to_dim_order_copy_out_boxed,
    empty_dim_order::OP => empty_dim_order::empty_dim_order_out_boxed,
    h2d_copy::OP => h2d_copy::h2d_copy_out_boxed,
    d2h_copy::OP => d2h_copy::d2h_copy_out_boxed,
    narrow_copy::OP => narrow_copy::narrow_copy_out_boxed,
    flip::OP => flip::flip_out_boxed,
    roll::OP => roll::roll_out_boxed,
    repeat::OP => repeat::repeat_out_boxed,
    tril::OP => tril::tril_out_boxed,
    diagonal_copy::OP => diagonal_copy::diagonal_copy_out_boxed,
    as_strided_copy::OP => as_strided_copy::as_strided_copy_out_boxed,
    unfold_copy::OP => unfold_copy::unfold_copy_out_boxed,
    select_scatter::OP => select_scatter::select_scatter_out_boxed,
    slice_scatter::OP => slice_scatter::slice_scatter_out_boxed,
];
