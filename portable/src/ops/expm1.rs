//! `expm1.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Elementwise `e^x - 1`, accurate near 0 (`expm1(-0.0) == -0.0`).
//!
//! Integer and Bool inputs compute in Float (ATen's default dtype); Half and BFloat16 compute
//! in f32 and round once. The out may be any floating dtype (a Double result into a Half out is
//! accepted); integral and Bool outs are rejected.

use crate::util::dispatch::Float;
use crate::util::unary::unary_float_op;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::expm1.out";

pub fn expm1_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    unary_float_op(OP, self_, out, Float::expm1, Float::expm1)
}

boxed_kernel!(pub fn expm1_out_boxed = OP => expm1_out(self_: &Tensor) -> (out));
