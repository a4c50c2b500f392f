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
];
