//! The binary arithmetic family's kernels: add, sub, rsub, mul, div (all rounding modes),
//! floor_divide, fmod, remainder, pow, atan2, maximum, minimum.

use crate::ops::*;
use etk_core::KernelEntry;

pub const TABLE: &[KernelEntry] = entries![
    add::OP => add::add_out_boxed,
    add::OP_SCALAR => add::add_scalar_out_boxed,
    sub::OP => sub::sub_out_boxed,
    sub::OP_SCALAR => sub::sub_scalar_out_boxed,
    mul::OP => mul::mul_out_boxed,
    mul::OP_SCALAR => mul::mul_scalar_out_boxed,
    div::OP => div::div_out_boxed,
    div::OP_MODE => div::div_out_mode_boxed,
    div::OP_SCALAR => div::div_scalar_out_boxed,
    div::OP_SCALAR_MODE => div::div_scalar_mode_out_boxed,
    rsub::OP => rsub::rsub_scalar_out_boxed,
    floor_divide::OP => floor_divide::floor_divide_out_boxed,
    fmod::OP_TENSOR => fmod::fmod_tensor_out_boxed,
    fmod::OP_SCALAR => fmod::fmod_scalar_out_boxed,
    remainder::OP_TENSOR => remainder::remainder_tensor_out_boxed,
    remainder::OP_SCALAR => remainder::remainder_scalar_out_boxed,
    pow::OP_TENSOR_TENSOR => pow::pow_tensor_tensor_out_boxed,
    pow::OP_TENSOR_SCALAR => pow::pow_tensor_scalar_out_boxed,
    pow::OP_SCALAR => pow::pow_scalar_out_boxed,
    atan2::OP => atan2::atan2_out_boxed,
    maximum::OP => maximum::maximum_out_boxed,
    minimum::OP => minimum::minimum_out_boxed,
];
