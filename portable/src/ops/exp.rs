//! `exp.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Elementwise `e^x`.
//!
//! Integer and Bool inputs compute in Float (ATen's default dtype); Half and BFloat16 compute
//! in f32 and round once. The out may be any floating dtype (a Double result into a Half out is
//! accepted); integral and Bool outs are rejected. ComplexFloat and ComplexDouble compute
//! glibc's `cexp` (ATen's `std::exp`) into a complex out; ComplexHalf is rejected.

use crate::util::complex_math;
use crate::util::dispatch::Float;
use crate::util::unary::unary_float_or_complex_op;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::exp.out";

pub fn exp_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    unary_float_or_complex_op(
        OP,
        self_,
        out,
        Float::exp,
        Float::exp,
        complex_math::exp,
        complex_math::exp,
    )
}

boxed_kernel!(pub fn exp_out_boxed = OP => exp_out(self_: &Tensor) -> (out));
