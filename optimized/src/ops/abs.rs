//! `abs.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Elementwise absolute value (integers wrap) on the pointwise frame when the out has `self`'s
//! dtype and layout: Float, Half and BFloat16 in f32, the integer dtypes natively. Everything else
//! (Bool, which ATen rejects, included): portable.

use crate::pointwise::bodies::Abs;
use crate::pointwise::entry::unary;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::ops::abs as portable;

pub const OP: &str = "aten::abs.out";

pub fn abs_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    match unary(ctx, OP, self_, out, Abs, Some(Abs)) {
        Some(r) => r,
        None => portable::abs_out(ctx, self_, out),
    }
}

boxed_kernel!(pub fn abs_out_boxed = OP => abs_out(self_: &Tensor) -> (out));
