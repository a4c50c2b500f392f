//! `ceil.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Elementwise ceiling: `ceil(-0.5) == -0.0`; ±inf and NaN unchanged.
//! Integers are returned unchanged; Bool is rejected.
//!
//! The result keeps the input's dtype and the out must have exactly that dtype (ATen's
//! `unary_op` iterator does not cast: a Float input into a Double out is rejected).

use crate::util::dispatch::Float;
use crate::util::unary::unary_keep_dtype_op;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::ceil.out";

pub fn ceil_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    unary_keep_dtype_op(OP, self_, out, false, |x| x, Float::ceil, Float::ceil)
}

boxed_kernel!(pub fn ceil_out_boxed = OP => ceil_out(self_: &Tensor) -> (out));
