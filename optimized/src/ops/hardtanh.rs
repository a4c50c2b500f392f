//! `hardtanh.out(Tensor self, Scalar min_val=-1, Scalar max_val=1, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = clamp(self, min_val, max_val)` on the pointwise frame for Float, Half and BFloat16 (in
//! f32, the limits converted to `self`'s dtype as portable converts them) when the out has
//! `self`'s dtype and the layout is one the frame accelerates. Integer tensors (whose limits
//! ATen truncates first), a NaN limit and everything else: portable.

use crate::pointwise::entry::{clamp_scalar, is_float};
use etk_core::{KernelContext, Result, Scalar, Tensor, boxed_kernel};
use etk_portable::ops::hardtanh as portable;

pub const OP: &str = "aten::hardtanh.out";

pub fn hardtanh_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    min_val: Scalar,
    max_val: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let done = if is_float(self_.dtype()) {
        let (lo, hi) = (Some(("min_val", min_val)), Some(("max_val", max_val)));
        clamp_scalar(ctx, OP, self_, lo, hi, out)
    } else {
        None
    };
    match done {
        Some(r) => r,
        None => portable::hardtanh_out(ctx, self_, min_val, max_val, out),
    }
}

boxed_kernel!(pub fn hardtanh_out_boxed = OP => hardtanh_out(self_: &Tensor, min_val: Scalar, max_val: Scalar) -> (out));
