//! The pointwise family's optimized kernels (on `crate::pointwise`'s frame; every case the
//! frame does not accelerate falls back to portable inside each kernel).

use crate::ops::{
    abs, add, clamp, div, elu, eq, erf, exp, ge, gelu, gt, hardtanh, le, leaky_relu, log, lt,
    maximum, minimum, mul, ne, neg, relu, rsqrt, sigmoid, sqrt, sub, tanh, to_copy, where_,
};
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
        name: div::OP_SCALAR,
        kernel: div::div_scalar_out_boxed,
    },
    KernelEntry {
        name: div::OP_MODE,
        kernel: div::div_out_mode_boxed,
    },
    KernelEntry {
        name: div::OP_SCALAR_MODE,
        kernel: div::div_scalar_mode_out_boxed,
    },
    KernelEntry {
        name: where_::OP,
        kernel: where_::where_self_out_boxed,
    },
    KernelEntry {
        name: clamp::OP,
        kernel: clamp::clamp_out_boxed,
    },
    KernelEntry {
        name: clamp::OP_TENSOR,
        kernel: clamp::clamp_tensor_out_boxed,
    },
    KernelEntry {
        name: relu::OP,
        kernel: relu::relu_out_boxed,
    },
    KernelEntry {
        name: hardtanh::OP,
        kernel: hardtanh::hardtanh_out_boxed,
    },
    KernelEntry {
        name: maximum::OP,
        kernel: maximum::maximum_out_boxed,
    },
    KernelEntry {
        name: minimum::OP,
        kernel: minimum::minimum_out_boxed,
    },
    KernelEntry {
        name: eq::OP_TENSOR,
        kernel: eq::eq_tensor_out_boxed,
    },
    KernelEntry {
        name: eq::OP_SCALAR,
        kernel: eq::eq_scalar_out_boxed,
    },
    KernelEntry {
        name: ne::OP_TENSOR,
        kernel: ne::ne_tensor_out_boxed,
    },
    KernelEntry {
        name: ne::OP_SCALAR,
        kernel: ne::ne_scalar_out_boxed,
    },
    KernelEntry {
        name: lt::OP_TENSOR,
        kernel: lt::lt_tensor_out_boxed,
    },
    KernelEntry {
        name: lt::OP_SCALAR,
        kernel: lt::lt_scalar_out_boxed,
    },
    KernelEntry {
        name: le::OP_TENSOR,
        kernel: le::le_tensor_out_boxed,
    },
    KernelEntry {
        name: le::OP_SCALAR,
        kernel: le::le_scalar_out_boxed,
    },
    KernelEntry {
        name: gt::OP_TENSOR,
        kernel: gt::gt_tensor_out_boxed,
    },
    KernelEntry {
        name: gt::OP_SCALAR,
        kernel: gt::gt_scalar_out_boxed,
    },
    KernelEntry {
        name: ge::OP_TENSOR,
        kernel: ge::ge_tensor_out_boxed,
    },
    KernelEntry {
        name: ge::OP_SCALAR,
        kernel: ge::ge_scalar_out_boxed,
    },
    KernelEntry {
        name: exp::OP,
        kernel: exp::exp_out_boxed,
    },
    KernelEntry {
        name: log::OP,
        kernel: log::log_out_boxed,
    },
    KernelEntry {
        name: tanh::OP,
        kernel: tanh::tanh_out_boxed,
    },
    KernelEntry {
        name: sigmoid::OP,
        kernel: sigmoid::sigmoid_out_boxed,
    },
    KernelEntry {
        name: gelu::OP,
        kernel: gelu::gelu_out_boxed,
    },
    KernelEntry {
        name: elu::OP,
        kernel: elu::elu_out_boxed,
    },
    KernelEntry {
        name: leaky_relu::OP,
        kernel: leaky_relu::leaky_relu_out_boxed,
    },
    KernelEntry {
        name: erf::OP,
        kernel: erf::erf_out_boxed,
    },
    KernelEntry {
        name: sqrt::OP,
        kernel: sqrt::sqrt_out_boxed,
    },
    KernelEntry {
        name: rsqrt::OP,
        kernel: rsqrt::rsqrt_out_boxed,
    },
    KernelEntry {
        name: neg::OP,
        kernel: neg::neg_out_boxed,
    },
    KernelEntry {
        name: abs::OP,
        kernel: abs::abs_out_boxed,
    },
    KernelEntry {
        name: to_copy::OP,
        kernel: to_copy::to_copy_out_boxed,
    },
];
