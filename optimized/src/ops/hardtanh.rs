//! `hardtanh.out(Tensor self, Scalar min_val=-1, Scalar max_val=1, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = clamp(self, min_val, max_val)` on the pointwise frame for Float, Half and BFloat16 (in
//! f32, the limits converted to `self`'s dtype as portable converts them), and for the integer
//! dtypes with the limits first truncated to int64 as ATen does (`hardtanh(int32, -1.9, 1.9)`
//! clamps to [-1, 1]), when the out has `self`'s dtype and the layout is one the frame
//! accelerates. A limit that does not convert (NaN, out of range: an error), a negative limit
//! for a Byte tensor (an error), other dtypes and layouts: portable.

use crate::pointwise::entry::{clamp_scalar, is_float};
use crate::pointwise::frame::is_int;
use etk_core::{KernelContext, Result, Scalar, ScalarType, Tensor, boxed_kernel};
use etk_portable::ops::hardtanh as portable;
use etk_portable::util::scalar::scalar_to_checked;

pub const OP: &str = "aten::hardtanh.out";

pub fn hardtanh_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    min_val: Scalar,
    max_val: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let limits = match self_.dtype() {
        d if is_float(d) => Some((min_val, max_val)),
        d if is_int(d) => int_limits(d, &min_val, &max_val),
        _ => None,
    };
    let done = limits.and_then(|(lo, hi)| {
        clamp_scalar(
            ctx,
            OP,
            self_,
            Some(("min_val", lo)),
            Some(("max_val", hi)),
            out,
        )
    });
    match done {
        Some(r) => r,
        None => portable::hardtanh_out(ctx, self_, min_val, max_val, out),
    }
}

/// The limits of an integer `hardtanh` as ATen uses them: truncated to int64. `None` where
/// portable reports an error: a limit that does not convert, or a negative limit for a Byte
/// tensor (which the clamp's own check would let wrap).
fn int_limits(dtype: ScalarType, min_val: &Scalar, max_val: &Scalar) -> Option<(Scalar, Scalar)> {
    let trunc = |name, s| scalar_to_checked::<i64>(OP, name, s, ScalarType::Long).ok();
    let (lo, hi) = (trunc("min_val", min_val)?, trunc("max_val", max_val)?);
    let byte_negative = dtype == ScalarType::Byte && lo.min(hi) < 0;
    (!byte_negative).then_some((Scalar::Int(lo), Scalar::Int(hi)))
}

boxed_kernel!(pub fn hardtanh_out_boxed = OP => hardtanh_out(self_: &Tensor, min_val: Scalar, max_val: Scalar) -> (out));
