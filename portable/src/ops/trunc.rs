//! `trunc.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Elementwise rounding toward zero: `trunc(-0.5) == -0.0`; ±inf and NaN unchanged.
//! Integers are returned unchanged; Bool is rejected.
//!
//! The result keeps the input's dtype and the out must have exactly that dtype (ATen's
//! `unary_op` iterator does not cast: a Float input into a Double out is rejected).

use crate::util::dispatch::Float;
use crate::util::unary::unary_keep_dtype_op;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::trunc.out";

pub fn trunc_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    unary_keep_dtype_op(OP, self_, out, false, |x| x, Float::trunc, Float::trunc)
}

boxed_kernel!(pub fn trunc_out_boxed = OP => trunc_out(self_: &Tensor) -> (out));
