//! The index family's kernels: indexing, gather/scatter, masked selection, sorting and
//! searching.

use crate::ops::*;
use etk_core::KernelEntry;

pub const TABLE: &[KernelEntry] = entries![
    index_select::OP => index_select::index_select_out_boxed,
    gather::OP => gather::gather_out_boxed,
    scatter::OP_SRC => scatter::scatter_src_out_boxed,
    scatter::OP_VALUE => scatter::scatter_value_out_boxed,
    scatter_add::OP => scatter_add::scatter_add_out_boxed,
    scatter_reduce::OP => scatter_reduce::scatter_reduce_two_out_boxed,
    index::OP => index::index_tensor_out_boxed,
    index_put::OP => index_put::index_put_out_boxed,
    index_put::OP_INPLACE => index_put::index_put_inplace_boxed,
    masked_select::OP => masked_select::masked_select_out_boxed,
    masked_scatter::OP => masked_scatter::masked_scatter_out_boxed,
    nonzero::OP => nonzero::nonzero_out_boxed,
    sort::OP => sort::sort_values_boxed,
    sort::OP_STABLE => sort::sort_values_stable_boxed,
    topk::OP => topk::topk_values_boxed,
    repeat_interleave::OP => repeat_interleave::repeat_interleave_tensor_out_boxed,
    bucketize::OP => bucketize::bucketize_tensor_out_boxed,
    searchsorted::OP => searchsorted::searchsorted_tensor_out_boxed,
];
