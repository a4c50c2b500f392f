//! `floor.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Elementwise floor; ±0, ±inf and NaN unchanged.
//! Integers are returned unchanged; Bool is rejected.
//!
//! The result keeps the input's dtype and the out must have exactly that dtype (ATen's
//! `unary_op` iterator does not cast: a Float input into a Double out is rejected).

use crate::util::dispatch::Float;
use crate::util::unary::unary_keep_dtype_op;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::floor.out";

pub fn floor_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    unary_keep_dtype_op(OP, self_, out, false, |x| x, Float::floor, Float::floor)
}

boxed_kernel!(pub fn floor_out_boxed = OP => floor_out(self_: &Tensor) -> (out));
