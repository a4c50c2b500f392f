//! `relu.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = max(self, 0)` as portable computes it (`clamp_min(self, 0)`: NaN stays NaN, `-0.0` stays
//! `-0.0`) on the pointwise frame for Float, Half, BFloat16, the integer dtypes when the out has
//! `self`'s dtype and the layout is one the frame accelerates. Everything else: portable.

use crate::pointwise::entry::clamp_scalar;
use etk_core::{KernelContext, Result, Scalar, ScalarType, Tensor, boxed_kernel};
use etk_portable::ops::relu as portable;

pub const OP: &str = "aten::relu.out";

pub fn relu_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let done = if self_.dtype() == ScalarType::Bool {
        None
    } else {
        clamp_scalar(ctx, OP, self_, Some(("self", Scalar::Int(0))), None, out)
    };
    match done {
        Some(r) => r,
        None => portable::relu_out(ctx, self_, out),
    }
}

boxed_kernel!(pub fn relu_out_boxed = OP => relu_out(self_: &Tensor) -> (out));
