//! The unary family's kernels.

#[allow(unused_imports)]
use crate::ops::*;
use etk_core::KernelEntry;

pub const TABLE: &[KernelEntry] = &[
    KernelEntry {
        name: abs::OP,
        kernel: abs::abs_out_boxed,
    },
    KernelEntry {
        name: acos::OP,
        kernel: acos::acos_out_boxed,
    },
    KernelEntry {
        name: acosh::OP,
        kernel: acosh::acosh_out_boxed,
    },
    KernelEntry {
        name: asin::OP,
        kernel: asin::asin_out_boxed,
    },
    KernelEntry {
        name: asinh::OP,
        kernel: asinh::asinh_out_boxed,
    },
    KernelEntry {
        name: atan::OP,
        kernel: atan::atan_out_boxed,
    },
    KernelEntry {
        name: atanh::OP,
        kernel: atanh::atanh_out_boxed,
    },
    KernelEntry {
        name: ceil::OP,
        kernel: ceil::ceil_out_boxed,
    },
    KernelEntry {
        name: cos::OP,
        kernel: cos::cos_out_boxed,
    },
    KernelEntry {
        name: cosh::OP,
        kernel: cosh::cosh_out_boxed,
    },
    KernelEntry {
        name: erf::OP,
        kernel: erf::erf_out_boxed,
    },
    KernelEntry {
        name: exp::OP,
        kernel: exp::exp_out_boxed,
    },
    KernelEntry {
        name: expm1::OP,
        kernel: expm1::expm1_out_boxed,
    },
    KernelEntry {
        name: floor::OP,
        kernel: floor::floor_out_boxed,
    },
    KernelEntry {
        name: log::OP,
        kernel: log::log_out_boxed,
    },
    KernelEntry {
        name: log10::OP,
        kernel: log10::log10_out_boxed,
    },
    KernelEntry {
        name: log1p::OP,
        kernel: log1p::log1p_out_boxed,
    },
    KernelEntry {
        name: log2::OP,
        kernel: log2::log2_out_boxed,
    },
    KernelEntry {
        name: neg::OP,
        kernel: neg::neg_out_boxed,
    },
    KernelEntry {
        name: reciprocal::OP,
        kernel: reciprocal::reciprocal_out_boxed,
    },
    KernelEntry {
        name: round::OP,
        kernel: round::round_out_boxed,
    },
    KernelEntry {
        name: round::OP_DECIMALS,
        kernel: round::round_decimals_out_boxed,
    },
    KernelEntry {
        name: rsqrt::OP,
        kernel: rsqrt::rsqrt_out_boxed,
    },
    KernelEntry {
        name: sigmoid::OP,
        kernel: sigmoid::sigmoid_out_boxed,
    },
    KernelEntry {
        name: sign::OP,
        kernel: sign::sign_out_boxed,
    },
    KernelEntry {
        name: sin::OP,
        kernel: sin::sin_out_boxed,
    },
    KernelEntry {
        name: sinh::OP,
        kernel: sinh::sinh_out_boxed,
    },
    KernelEntry {
        name: sqrt::OP,
        kernel: sqrt::sqrt_out_boxed,
    },
    KernelEntry {
        name: tan::OP,
        kernel: tan::tan_out_boxed,
    },
    KernelEntry {
        name: tanh::OP,
        kernel: tanh::tanh_out_boxed,
    },
    KernelEntry {
        name: trunc::OP,
        kernel: trunc::trunc_out_boxed,
    },
    KernelEntry {
        name: isinf::OP,
        kernel: isinf::isinf_out_boxed,
    },
    KernelEntry {
        name: isnan::OP,
        kernel: isnan::isnan_out_boxed,
    },
    KernelEntry {
        name: logit::OP,
        kernel: logit::logit_out_boxed,
    },
];
