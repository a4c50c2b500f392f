//! `erf.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Elementwise error function.
//!
//! Integer and Bool inputs compute in Float (ATen's default dtype); Half and BFloat16 compute
//! in f32 and round once. The out may be any floating dtype (a Double result into a Half out is
//! accepted); integral and Bool outs are rejected.

use crate::util::dispatch::Float;
use crate::util::unary::unary_float_op;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::erf.out";

pub fn erf_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    // ATen has no complex erf kernel.
    crate::util::complex::reject_complex(OP, "self", self_.dtype())?;
    unary_float_op(OP, self_, out, Float::erf, Float::erf)
}

boxed_kernel!(pub fn erf_out_boxed = OP => erf_out(self_: &Tensor) -> (out));
