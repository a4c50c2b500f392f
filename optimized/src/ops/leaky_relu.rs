//! `leaky_relu.out(Tensor self, Scalar negative_slope=0.01, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = self > 0 ? self : self * negative_slope` on the pointwise frame for Float, Half and
//! BFloat16 (in f32, the slope converted to Float as portable converts it, rounded once) when
//! the out has `self`'s dtype: bit-identical to portable (zeros and NaN take the product, so a
//! negative slope turns `0.0` into `-0.0`). A slope that does not convert (an error), Double,
//! other dtypes: portable.

use crate::pointwise::bodies::{Abs, LeakyRelu};
use crate::pointwise::entry::{is_float, unary};
use etk_core::{KernelContext, Result, Scalar, ScalarType, Tensor, boxed_kernel};
use etk_portable::ops::leaky_relu as portable;
use etk_portable::util::scalar::scalar_to_checked;

pub const OP: &str = "aten::leaky_relu.out";

pub fn leaky_relu_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    negative_slope: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let slope = is_float(self_.dtype())
        .then(|| scalar_to_checked::<f32>(OP, "negative_slope", &negative_slope, ScalarType::Float))
        .and_then(|r| r.ok());
    let done = slope.and_then(|s| unary(ctx, OP, self_, out, LeakyRelu(s), None::<Abs>));
    match done {
        Some(r) => r,
        None => portable::leaky_relu_out(ctx, self_, negative_slope, out),
    }
}

boxed_kernel!(pub fn leaky_relu_out_boxed = OP => leaky_relu_out(self_: &Tensor, negative_slope: Scalar) -> (out));
