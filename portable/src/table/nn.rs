//! The NN family's kernels: softmax, normalization, convolution, pooling, padding, embedding.

use crate::ops::*;
use etk_core::KernelEntry;

pub const TABLE: &[KernelEntry] = entries![
    softmax::OP => softmax::softmax_out_boxed,
    softmax::OP_LOG => softmax::log_softmax_out_boxed,
    native_layer_norm::OP => native_layer_norm::native_layer_norm_out_boxed,
    convolution::OP => convolution::convolution_out_boxed,
    native_batch_norm::OP => native_batch_norm::native_batch_norm_legit_no_training_out_boxed,
];
