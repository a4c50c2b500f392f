//! `sqrt.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Elementwise square root, correctly rounded (bit-identical to portable: `sqrt(-0.0) = -0.0`,
//! NaN below 0), on the pointwise frame when the out has `self`'s dtype and layout: Float, Half
//! and BFloat16 in f32. Everything else: portable.

use crate::pointwise::bodies::{Abs, Sqrt};
use crate::pointwise::entry::unary;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::ops::sqrt as portable;

pub const OP: &str = "aten::sqrt.out";

pub fn sqrt_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    match unary(ctx, OP, self_, out, Sqrt, None::<Abs>) {
        Some(r) => r,
        None => portable::sqrt_out(ctx, self_, out),
    }
}

boxed_kernel!(pub fn sqrt_out_boxed = OP => sqrt_out(self_: &Tensor) -> (out));
