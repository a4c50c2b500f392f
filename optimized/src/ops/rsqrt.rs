//! `rsqrt.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Elementwise `1 / sqrt(x)`: a correctly rounded square root, then a division, as portable
//! (bit-identical), on the pointwise frame when the out has `self`'s dtype and layout: Float,
//! Half and BFloat16 in f32. Everything else: portable.

use crate::pointwise::bodies::{Abs, Rsqrt};
use crate::pointwise::entry::unary;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::ops::rsqrt as portable;

pub const OP: &str = "aten::rsqrt.out";

pub fn rsqrt_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    match unary(ctx, OP, self_, out, Rsqrt, None::<Abs>) {
        Some(r) => r,
        None => portable::rsqrt_out(ctx, self_, out),
    }
}

boxed_kernel!(pub fn rsqrt_out_boxed = OP => rsqrt_out(self_: &Tensor) -> (out));
