//! The movement family's optimized kernels: portable's shape and copy ops with their elements
//! moved by `crate::movement`'s engine, and the indexing ops on its prefetching gathers.

use crate::ops::{
    cat, clone, clone_dim_order, constant_pad_nd, embedding, expand_copy, index, index_put,
    index_select, permute_copy, pixel_shuffle, pixel_unshuffle, select_copy, slice_copy,
    split_copy, split_with_sizes_copy, squeeze_copy, stack, t_copy, to_dim_order_copy,
    transpose_copy, unsqueeze_copy, upsample_nearest2d, view_copy,
};
use etk_core::KernelEntry;

pub const TABLE: &[KernelEntry] = &[
    KernelEntry {
        name: permute_copy::OP,
        kernel: permute_copy::permute_copy_out_boxed,
    },
    KernelEntry {
        name: transpose_copy::OP,
        kernel: transpose_copy::transpose_copy_int_out_boxed,
    },
    KernelEntry {
        name: t_copy::OP,
        kernel: t_copy::t_copy_out_boxed,
    },
    KernelEntry {
        name: expand_copy::OP,
        kernel: expand_copy::expand_copy_out_boxed,
    },
    KernelEntry {
        name: view_copy::OP,
        kernel: view_copy::view_copy_out_boxed,
    },
    KernelEntry {
        name: unsqueeze_copy::OP,
        kernel: unsqueeze_copy::unsqueeze_copy_out_boxed,
    },
    KernelEntry {
        name: squeeze_copy::OP_DIM,
        kernel: squeeze_copy::squeeze_copy_dim_out_boxed,
    },
    KernelEntry {
        name: squeeze_copy::OP_DIMS,
        kernel: squeeze_copy::squeeze_copy_dims_out_boxed,
    },
    KernelEntry {
        name: select_copy::OP,
        kernel: select_copy::select_copy_int_out_boxed,
    },
    KernelEntry {
        name: slice_copy::OP,
        kernel: slice_copy::slice_copy_tensor_out_boxed,
    },
    KernelEntry {
        name: cat::OP,
        kernel: cat::cat_out_boxed,
    },
    KernelEntry {
        name: stack::OP,
        kernel: stack::stack_out_boxed,
    },
    KernelEntry {
        name: split_copy::OP,
        kernel: split_copy::split_copy_tensor_out_boxed,
    },
    KernelEntry {
        name: split_with_sizes_copy::OP,
        kernel: split_with_sizes_copy::split_with_sizes_copy_out_boxed,
    },
    KernelEntry {
        name: clone::OP,
        kernel: clone::clone_out_boxed,
    },
    KernelEntry {
        name: clone_dim_order::OP,
        kernel: clone_dim_order::clone_dim_order_out_boxed,
    },
    KernelEntry {
        name: to_dim_order_copy::OP,
        kernel: to_dim_order_copy::to_dim_order_copy_out_boxed,
    },
    KernelEntry {
        name: constant_pad_nd::OP,
        kernel: constant_pad_nd::constant_pad_nd_out_boxed,
    },
    KernelEntry {
        name: pixel_shuffle::OP,
        kernel: pixel_shuffle::pixel_shuffle_out_boxed,
    },
    KernelEntry {
        name: pixel_unshuffle::OP,
        kernel: pixel_unshuffle::pixel_unshuffle_out_boxed,
    },
    KernelEntry {
        name: index_select::OP,
        kernel: index_select::index_select_out_boxed,
    },
    KernelEntry {
        name: embedding::OP,
        kernel: embedding::embedding_out_boxed,
    },
    KernelEntry {
        name: index::OP,
        kernel: index::index_tensor_out_boxed,
    },
    KernelEntry {
        name: index_put::OP,
        kernel: index_put::index_put_out_boxed,
    },
    KernelEntry {
        name: upsample_nearest2d::OP,
        kernel: upsample_nearest2d::upsample_nearest2d_vec_out_boxed,
    },
];
