//! `clamp.out(Tensor self, Scalar? min=None, Scalar? max=None, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = min(max(self, min), max)` with Scalar bounds on the pointwise frame for Float, Half,
//! BFloat16 (in f32) and Int, Long when the result keeps `self`'s dtype, the out has it and the
//! layout is one the frame accelerates: the bounds converted as portable converts them, and
//! each element clamped as portable's `clamp_value` does (bit-identical: NaN stays, `-0.0`
//! stays `-0.0`, `max` wins when `min > max`). A NaN bound, a bound that does not convert
//! (an error), other dtypes and layouts: portable. (`clamp.Tensor_out` is portable's.)

use crate::pointwise::entry::clamp_scalar;
use etk_core::{KernelContext, Result, Scalar, Tensor, boxed_kernel};
use etk_portable::ops::clamp as portable;

pub const OP: &str = "aten::clamp.out";

pub fn clamp_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    min: Option<Scalar>,
    max: Option<Scalar>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let (lo, hi) = (min.map(|s| ("min", s)), max.map(|s| ("max", s)));
    match clamp_scalar(ctx, OP, self_, lo, hi, out) {
        Some(r) => r,
        None => portable::clamp_out(ctx, self_, min, max, out),
    }
}

boxed_kernel!(pub fn clamp_out_boxed = OP => clamp_out(self_: &Tensor, min: Option<Scalar>, max: Option<Scalar>) -> (out));
