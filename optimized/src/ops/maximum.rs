//! `maximum.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Elementwise maximum with NaN propagating from either side, on the pointwise frame for Float,
//! Half, BFloat16 (in f32), the integer dtypes when the out has the common dtype and the layout is
//! one the frame accelerates. Everything else: portable.

use crate::pointwise::Operand;
use crate::pointwise::bodies::{IMax, Max};
use crate::pointwise::entry::{arith, finish, prologue_tensor};
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::ops::maximum as portable;

pub const OP: &str = "aten::maximum.out";

pub fn maximum_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let pro = prologue_tensor(OP, self_, other, out, |_| true);
    let (a, b) = (Operand::Tensor(self_), Operand::Tensor(other));
    match finish(pro, |common| arith(ctx, common, Max, Some(IMax), a, b, out)) {
        Some(r) => r,
        None => portable::maximum_out(ctx, self_, other, out),
    }
}

boxed_kernel!(pub fn maximum_out_boxed = OP => maximum_out(self_: &Tensor, other: &Tensor) -> (out));
