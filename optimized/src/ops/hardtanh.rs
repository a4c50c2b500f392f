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
    let limits = match self_.dtype() {
        d if is_float(d) => Some((min_val, max_val)),
        // a limit that does not convert or a negative one for Byte: portable's error
        d if is_int(d) => portable::integer_limits(d, &min_val, &max_val).ok(),
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

boxed_kernel!(pub fn hardtanh_out_boxed = OP => hardtanh_out(self_: &Tensor, min_val: Scalar, max_val: Scalar) -> (out));
