//! `minimum.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Elementwise minimum with NaN propagating from either side, on the pointwise frame for Float,
//! Half, BFloat16 (in f32), the integer dtypes when the out has the common dtype and the layout is
//! one the frame accelerates. Everything else: portable.

use crate::pointwise::Operand;
use crate::pointwise::bodies::{IMin, Min};
use crate::pointwise::entry::{arith, finish, prologue_tensor};
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::ops::minimum as portable;

pub const OP: &str = "aten::minimum.out";

pub fn minimum_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let pro = prologue_tensor(OP, self_, other, out, |_| true);
    let (a, b) = (Operand::Tensor(self_), Operand::Tensor(other));
    match finish(pro, |common| arith(ctx, common, Min, Some(IMin), a, b, out)) {
        Some(r) => r,
        None => portable::minimum_out(ctx, self_, other, out),
    }
}

boxed_kernel!(pub fn minimum_out_boxed = OP => minimum_out(self_: &Tensor, other: &Tensor) -> (out));
