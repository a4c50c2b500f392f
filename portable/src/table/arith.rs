//! The binary arithmetic family's kernels: add, sub, rsub, mul, div (all rounding modes),
//! floor_divide, fmod, remainder, pow, atan2, maximum, minimum.

use crate::ops::*;
use etk_core::KernelEntry;

pub const TABLE: &[KernelEntry] = &[
    KernelEntry {
        name: add::OP,
        kernel: add::add_out_boxed,
    },
    KernelEntry {
        name: add::OP_SCALAR,
        kernel: add::add_scalar_out_boxed,
    },
    KernelEntry {
        name: sub::OP,
        kernel: sub::sub_out_boxed,
    },
    KernelEntry {
        name: sub::OP_SCALAR,
        kernel: sub::sub_scalar_out_boxed,
    },
    KernelEntry {
        name: mul::OP,
        kernel: mul::mul_out_boxed,
    },
    KernelEntry {
        name: mul::OP_SCALAR,
        kernel: mul::mul_scalar_out_boxed,
    },
    KernelEntry {
        name: div::OP,
        kernel: div::div_out_boxed,
    },
    KernelEntry {
        name: div::OP_MODE,
        kernel: div::div_out_mode_boxed,
    },
    KernelEntry {
        name: div::OP_SCALAR,
        kernel: div::div_scalar_out_boxed,
    },
    KernelEntry {
        name: div::OP_SCALAR_MODE,
        kernel: div::div_scalar_mode_out_boxed,
    },
    KernelEntry {
        name: rsub::OP,
        kernel: rsub::rsub_scalar_out_boxed,
    },
    KernelEntry {
        name: floor_divide::OP,
        kernel: floor_divide::floor_divide_out_boxed,
    },
    KernelEntry {
        name: fmod::OP_TENSOR,
        kernel: fmod::fmod_tensor_out_boxed,
    },
    KernelEntry {
        name: fmod::OP_SCALAR,
        kernel: fmod::fmod_scalar_out_boxed,
    },
    KernelEntry {
        name: remainder::OP_TENSOR,
        kernel: remainder::remainder_tensor_out_boxed,
    },
    KernelEntry {
        name: remainder::OP_SCALAR,
        kernel: remainder::remainder_scalar_out_boxed,
    },
    KernelEntry {
        name: pow::OP_TENSOR_TENSOR,
        kernel: pow::pow_tensor_tensor_out_boxed,
    },
    KernelEntry {
        name: pow::OP_TENSOR_SCALAR,
        kernel: pow::pow_tensor_scalar_out_boxed,
    },
    KernelEntry {
        name: pow::OP_SCALAR,
        kernel: pow::pow_scalar_out_boxed,
    },
    KernelEntry {
        name: atan2::OP,
        kernel: atan2::atan2_out_boxed,
    },
    KernelEntry {
        name: maximum::OP,
        kernel: maximum::maximum_out_boxed,
    },
    KernelEntry {
        name: minimum::OP,
        kernel: minimum::minimum_out_boxed,
    },
];
