//! `add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)`
//! `add.Scalar_out(Tensor self, Scalar other, Scalar alpha=1, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = self + alpha * other` on the pointwise frame: Float, Half and BFloat16 in f32 (the
//! product and the sum rounded separately, as portable, not fused; `alpha` converted to the common
//! dtype as portable does), the integer dtypes wrapping, when the out has the common dtype and the
//! layout is one the frame accelerates. Everything else: portable.

use crate::pointwise::Operand;
use crate::pointwise::entry::{
    alpha_ok, axpy, axpy_scalar, finish, prologue_scalar, prologue_tensor, same_shape_axpy,
};
use etk_core::{KernelContext, Result, Scalar, Tensor, boxed_kernel};
use etk_portable::ops::add as portable;

pub const OP: &str = "aten::add.out";
pub const OP_SCALAR: &str = "aten::add.Scalar_out";

pub fn add_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: &Tensor<'_>,
    alpha: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    if same_shape_axpy(OP, &alpha, self_, other, out).is_some() {
        return Ok(());
    }
    let pro = prologue_tensor(OP, self_, other, out, |c| alpha_ok(c, &alpha));
    let (a, b) = (Operand::Tensor(self_), Operand::Tensor(other));
    match finish(pro, |common| axpy(ctx, OP, common, &alpha, a, b, out)) {
        Some(r) => r,
        None => portable::add_out(ctx, self_, other, alpha, out),
    }
}

pub fn add_scalar_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: Scalar,
    alpha: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let pro = prologue_scalar(OP_SCALAR, self_, &other, out, |c| alpha_ok(c, &alpha));
    let a = Operand::Tensor(self_);
    let done = finish(pro, |common| {
        axpy_scalar(ctx, OP_SCALAR, common, &alpha, a, &other, out)
    });
    match done {
        Some(r) => r,
        None => portable::add_scalar_out(ctx, self_, other, alpha, out),
    }
}

boxed_kernel!(pub fn add_out_boxed = OP => add_out(self_: &Tensor, other: &Tensor, alpha: Scalar) -> (out));
boxed_kernel!(pub fn add_scalar_out_boxed = OP_SCALAR => add_scalar_out(self_: &Tensor, other: Scalar, alpha: Scalar) -> (out));
