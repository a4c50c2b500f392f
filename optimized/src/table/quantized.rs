//! The quantized kernels' vector paths (on `crate::quantized`; every call they do not
//! accelerate runs etk-quantized's reference kernel inside each kernel).

use crate::ops::{
    dequantize_per_channel as dqc, dequantize_per_tensor as dqt, embedding_4bit as e4,
    embedding_byte as e8, quantize_per_channel as qc, quantize_per_tensor as qt,
};
use etk_core::KernelEntry;

pub const TABLE: &[KernelEntry] = &[
    KernelEntry {
        name: qt::OP,
        kernel: qt::quantize_per_tensor_out_boxed,
    },
    KernelEntry {
        name: qt::OP_TENSOR,
        kernel: qt::quantize_per_tensor_tensor_out_boxed,
    },
    KernelEntry {
        name: dqt::OP,
        kernel: dqt::dequantize_per_tensor_out_boxed,
    },
    KernelEntry {
        name: dqt::OP_TENSOR,
        kernel: dqt::dequantize_per_tensor_tensor_out_boxed,
    },
    KernelEntry {
        name: qc::OP,
        kernel: qc::quantize_per_channel_out_boxed,
    },
    KernelEntry {
        name: dqc::OP,
        kernel: dqc::dequantize_per_channel_out_boxed,
    },
    KernelEntry {
        name: e8::OP,
        kernel: e8::embedding_byte_out_boxed,
    },
    KernelEntry {
        name: e8::OP_DTYPE,
        kernel: e8::embedding_byte_dtype_out_boxed,
    },
    KernelEntry {
        name: e4::OP,
        kernel: e4::embedding_4bit_out_boxed,
    },
    KernelEntry {
        name: e4::OP_DTYPE,
        kernel: e4::embedding_4bit_dtype_out_boxed,
    },
];
