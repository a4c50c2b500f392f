//! The normalizations' kernels: layer norm, group norm and batch norm (inference, and training
//! with or without running statistics).

use crate::ops::*;
use etk_core::KernelEntry;

pub const TABLE: &[KernelEntry] = entries![
    native_layer_norm::OP => native_layer_norm::native_layer_norm_out_boxed,
    native_group_norm::OP => native_group_norm::native_group_norm_out_boxed,
    native_batch_norm::OP => native_batch_norm::native_batch_norm_legit_no_training_out_boxed,
    native_batch_norm_legit::OP => native_batch_norm_legit::native_batch_norm_legit_out_boxed,
    native_batch_norm_legit::OP_NO_STATS => native_batch_norm_legit::native_batch_norm_legit_no_stats_out_boxed,
];
