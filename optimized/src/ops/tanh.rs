//! `tanh.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Elementwise the hyperbolic tangent with `etk_simd`'s vector math (within its documented ULP bounds of the
//! correctly rounded result) for Float, Half and BFloat16 (in f32, rounded once) when the out
//! has `self`'s dtype and layout. Integer inputs (computed in Float), other out dtypes and
//! everything else: portable.

use crate::pointwise::bodies::{Abs, Math};
use crate::pointwise::entry::unary;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::ops::tanh as portable;
use etk_simd::UnaryFn;

pub const OP: &str = "aten::tanh.out";

pub fn tanh_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    match unary(ctx, OP, self_, out, Math(UnaryFn::Tanh), None::<Abs>) {
        Some(r) => r,
        None => portable::tanh_out(ctx, self_, out),
    }
}

boxed_kernel!(pub fn tanh_out_boxed = OP => tanh_out(self_: &Tensor) -> (out));
