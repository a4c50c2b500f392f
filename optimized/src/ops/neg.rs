//! `neg.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Elementwise negation (integers wrap) on the pointwise frame when the out has `self`'s dtype
//! and layout: Float, Half and BFloat16 in f32, the integer dtypes natively. Everything else (Bool,
//! which ATen rejects, included): portable.

use crate::pointwise::bodies::Neg;
use crate::pointwise::entry::unary;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::ops::neg as portable;

pub const OP: &str = "aten::neg.out";

pub fn neg_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    match unary(ctx, OP, self_, out, Neg, Some(Neg)) {
        Some(r) => r,
        None => portable::neg_out(ctx, self_, out),
    }
}

boxed_kernel!(pub fn neg_out_boxed = OP => neg_out(self_: &Tensor) -> (out));
