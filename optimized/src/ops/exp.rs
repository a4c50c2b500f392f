//! `exp.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Elementwise `e^x` with `etk_simd`'s vector math (within its documented ULP bounds of the
//! correctly rounded result) for Float, Half and BFloat16 (in f32, rounded once) when the out
//! has `self`'s dtype and layout. Integer inputs (computed in Float), other out dtypes and
//! everything else: portable.

use crate::pointwise::bodies::{Abs, Math};
use crate::pointwise::entry::unary;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::ops::exp as portable;
use etk_simd::UnaryFn;

pub const OP: &str = "aten::exp.out";

pub fn exp_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    match unary(ctx, OP, self_, out, Math(UnaryFn::Exp), None::<Abs>) {
        Some(r) => r,
        None => portable::exp_out(ctx, self_, out),
    }
}

boxed_kernel!(pub fn exp_out_boxed = OP => exp_out(self_: &Tensor) -> (out));
