//! The embedding kernels: `embedding` and `_embedding_bag`.

use crate::ops::*;
use etk_core::KernelEntry;

pub const TABLE: &[KernelEntry] = entries![
    embedding::OP => embedding::embedding_out_boxed,
    _embedding_bag::OP => _embedding_bag::_embedding_bag_out_boxed,
];
