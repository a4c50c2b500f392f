//! `gelu.out(Tensor self, *, str approximate="none", Tensor(a!) out) -> Tensor(a!)`
//!
//! `x Φ(x)` (`"none"`) or its tanh approximation (`"tanh"`) with `etk_simd`'s vector math
//! (within its documented ULP bounds, accurate in the negative tail) for Float, Half and
//! BFloat16 (in f32, rounded once) when the out has `self`'s dtype and layout. With `"none"`
//! the extremes follow portable's Float kernel (ATen 2.13): `gelu(+inf)` is NaN and values
//! above `f32::MAX / 2` overflow to `+inf`. Double, other strings (an error) and everything
//! else: portable.

use crate::pointwise::bodies::{Abs, GeluErf, Math};
use crate::pointwise::entry::unary;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::ops::gelu as portable;
use etk_simd::UnaryFn;

pub const OP: &str = "aten::gelu.out";

pub fn gelu_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    approximate: &str,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let done = match approximate {
        "none" => unary(ctx, OP, self_, out, GeluErf, None::<Abs>),
        "tanh" => unary(ctx, OP, self_, out, Math(UnaryFn::GeluTanh), None::<Abs>),
        _ => None,
    };
    match done {
        Some(r) => r,
        None => portable::gelu_out(ctx, self_, approximate, out),
    }
}

boxed_kernel!(pub fn gelu_out_boxed = OP => gelu_out(self_: &Tensor, approximate: &str) -> (out));
