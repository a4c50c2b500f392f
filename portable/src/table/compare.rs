//! The compare family's kernels: comparisons, bitwise and logical ops.

use crate::ops::*;
use etk_core::KernelEntry;

pub const TABLE: &[KernelEntry] = &[
    KernelEntry {
        name: eq::OP_SCALAR,
        kernel: eq::eq_scalar_out_boxed,
    },
    KernelEntry {
        name: eq::OP_TENSOR,
        kernel: eq::eq_tensor_out_boxed,
    },
    KernelEntry {
        name: ne::OP_SCALAR,
        kernel: ne::ne_scalar_out_boxed,
    },
    KernelEntry {
        name: ne::OP_TENSOR,
        kernel: ne::ne_tensor_out_boxed,
    },
    KernelEntry {
        name: ge::OP_SCALAR,
        kernel: ge::ge_scalar_out_boxed,
    },
    KernelEntry {
        name: ge::OP_TENSOR,
        kernel: ge::ge_tensor_out_boxed,
    },
    KernelEntry {
        name: gt::OP_SCALAR,
        kernel: gt::gt_scalar_out_boxed,
    },
    KernelEntry {
        name: gt::OP_TENSOR,
        kernel: gt::gt_tensor_out_boxed,
    },
    KernelEntry {
        name: le::OP_SCALAR,
        kernel: le::le_scalar_out_boxed,
    },
    KernelEntry {
        name: le::OP_TENSOR,
        kernel: le::le_tensor_out_boxed,
    },
    KernelEntry {
        name: lt::OP_SCALAR,
        kernel: lt::lt_scalar_out_boxed,
    },
    KernelEntry {
        name: lt::OP_TENSOR,
        kernel: lt::lt_tensor_out_boxed,
    },
    KernelEntry {
        name: bitwise_and::OP_SCALAR,
        kernel: bitwise_and::bitwise_and_scalar_out_boxed,
    },
    KernelEntry {
        name: bitwise_and::OP_TENSOR,
        kernel: bitwise_and::bitwise_and_tensor_out_boxed,
    },
    KernelEntry {
        name: bitwise_or::OP_SCALAR,
        kernel: bitwise_or::bitwise_or_scalar_out_boxed,
    },
    KernelEntry {
        name: bitwise_or::OP_TENSOR,
        kernel: bitwise_or::bitwise_or_tensor_out_boxed,
    },
    KernelEntry {
        name: bitwise_xor::OP_SCALAR,
        kernel: bitwise_xor::bitwise_xor_scalar_out_boxed,
    },
    KernelEntry {
        name: bitwise_xor::OP_TENSOR,
        kernel: bitwise_xor::bitwise_xor_tensor_out_boxed,
    },
    KernelEntry {
        name: bitwise_not::OP,
        kernel: bitwise_not::bitwise_not_out_boxed,
    },
    KernelEntry {
        name: bitwise_left_shift::OP_TENSOR,
        kernel: bitwise_left_shift::bitwise_left_shift_tensor_out_boxed,
    },
    KernelEntry {
        name: bitwise_left_shift::OP_TENSOR_SCALAR,
        kernel: bitwise_left_shift::bitwise_left_shift_tensor_scalar_out_boxed,
    },
    KernelEntry {
        name: bitwise_right_shift::OP_TENSOR,
        kernel: bitwise_right_shift::bitwise_right_shift_tensor_out_boxed,
    },
    KernelEntry {
        name: bitwise_right_shift::OP_TENSOR_SCALAR,
        kernel: bitwise_right_shift::bitwise_right_shift_tensor_scalar_out_boxed,
    },
    KernelEntry {
        name: logical_and::OP,
        kernel: logical_and::logical_and_out_boxed,
    },
    KernelEntry {
        name: logical_or::OP,
        kernel: logical_or::logical_or_out_boxed,
    },
    KernelEntry {
        name: logical_xor::OP,
        kernel: logical_xor::logical_xor_out_boxed,
    },
    KernelEntry {
        name: logical_not::OP,
        kernel: logical_not::logical_not_out_boxed,
    },
];
