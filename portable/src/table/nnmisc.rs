//! The NN family's second half: embedding, glu, group / batch norm in training, distances,
//! convolution backward.

use crate::ops::*;
use etk_core::KernelEntry;

pub const TABLE: &[KernelEntry] = entries![
    embedding::OP => embedding::embedding_out_boxed,
    _embedding_bag::OP => _embedding_bag::_embedding_bag_out_boxed,
    glu::OP => glu::glu_out_boxed,
    native_batch_norm_legit::OP => native_batch_norm_legit::native_batch_norm_legit_out_boxed,
    native_batch_norm_legit::OP_NO_STATS => native_batch_norm_legit::native_batch_norm_legit_no_stats_out_boxed,
    native_group_norm::OP => native_group_norm::native_group_norm_out_boxed,
    cdist::OP => cdist::cdist_forward_out_boxed,
    pdist::OP => pdist::pdist_forward_out_boxed,
    convolution_backward::OP => convolution_backward::convolution_backward_out_boxed,
];
