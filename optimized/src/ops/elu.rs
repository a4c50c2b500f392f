//! `elu.out(Tensor self, Scalar alpha=1, Scalar scale=1, Scalar input_scale=1, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = self < 0 ? expm1(self * input_scale) * (alpha * scale) : self * scale` with
//! `etk_simd`'s expm1 (≤ 4 ULP) for Float, Half and BFloat16 (in f32, rounded once) when the out
//! has `self`'s dtype and the layout is one the frame accelerates; the coefficients converted to
//! f32 as portable converts them. A coefficient that does not convert (an error), Double, other
//! dtypes and layouts: portable.

use crate::pointwise::bodies::{Abs, Elu};
use crate::pointwise::entry::{is_float, unary};
use etk_core::{KernelContext, Result, Scalar, ScalarType, Tensor, boxed_kernel};
use etk_portable::ops::elu as portable;

pub const OP: &str = "aten::elu.out";

pub fn elu_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    alpha: Scalar,
    scale: Scalar,
    input_scale: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let done = body(self_.dtype(), &alpha, &scale, &input_scale)
        .and_then(|elu| unary(ctx, OP, self_, out, elu, None::<Abs>));
    match done {
        Some(r) => r,
        None => portable::elu_out(ctx, self_, alpha, scale, input_scale, out),
    }
}

/// The body for a Float, Half or BFloat16 `self`, its coefficients in f32 as portable converts
/// them; `None` where portable computes or reports an error.
fn body(dtype: ScalarType, alpha: &Scalar, scale: &Scalar, input_scale: &Scalar) -> Option<Elu> {
    if !is_float(dtype) {
        return None;
    }
    portable::coefficients(ScalarType::Float, alpha, scale, input_scale)
        .ok()
        .map(Elu)
}

boxed_kernel!(pub fn elu_out_boxed = OP => elu_out(self_: &Tensor, alpha: Scalar, scale: Scalar, input_scale: Scalar) -> (out));
