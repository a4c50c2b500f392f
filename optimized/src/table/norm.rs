//! The normalizations and softmax (on `crate::norm`; other dtypes and layouts fall back to
//! portable inside each kernel).

use crate::ops::{
    _log_softmax, _native_batch_norm_legit_no_training, _softmax, native_group_norm,
    native_layer_norm,
};
use etk_core::KernelEntry;

pub const TABLE: &[KernelEntry] = &[
    KernelEntry {
        name: _native_batch_norm_legit_no_training::OP,
        kernel: _native_batch_norm_legit_no_training::native_batch_norm_legit_no_training_out_boxed,
    },
    KernelEntry {
        name: native_layer_norm::OP,
        kernel: native_layer_norm::native_layer_norm_out_boxed,
    },
    KernelEntry {
        name: native_group_norm::OP,
        kernel: native_group_norm::native_group_norm_out_boxed,
    },
    KernelEntry {
        name: _softmax::OP,
        kernel: _softmax::softmax_out_boxed,
    },
    KernelEntry {
        name: _log_softmax::OP,
        kernel: _log_softmax::log_softmax_out_boxed,
    },
];
