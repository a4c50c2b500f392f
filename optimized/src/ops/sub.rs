//! `sub.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)`
//! `sub.Scalar_out(Tensor self, Scalar other, Scalar alpha=1, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = self - alpha * other`, computed as ATen and portable do: `self + (-alpha) * other`
//! (which differs from `self - alpha * other` in the sign of some zeros), on the pointwise
//! frame: Float, Half and BFloat16 in f32, the integer dtypes wrapping, when the out has the common
//! dtype and the layout is one the frame accelerates. Everything else (Bool operands, which
//! ATen rejects, included): portable.

use crate::pointwise::Operand;
use crate::pointwise::entry::{
    alpha_ok, axpy, axpy_scalar, finish, prologue_scalar, prologue_tensor,
};
use etk_core::{KernelContext, Result, Scalar, ScalarType, Tensor, boxed_kernel};
use etk_portable::ops::sub as portable;
use etk_portable::util::scalar::neg_scalar;

pub const OP: &str = "aten::sub.out";
pub const OP_SCALAR: &str = "aten::sub.Scalar_out";

pub fn sub_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: &Tensor<'_>,
    alpha: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let no_bool = self_.dtype() != ScalarType::Bool && other.dtype() != ScalarType::Bool;
    let pro = prologue_tensor(OP, self_, other, out, |c| no_bool && alpha_ok(c, &alpha));
    let (a, b) = (Operand::Tensor(self_), Operand::Tensor(other));
    let c = neg_scalar(alpha);
    match finish(pro, |common| axpy(ctx, OP, common, &c, a, b, out)) {
        Some(r) => r,
        None => portable::sub_out(ctx, self_, other, alpha, out),
    }
}

pub fn sub_scalar_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: Scalar,
    alpha: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let no_bool = self_.dtype() != ScalarType::Bool && !other.is_bool();
    let pro = prologue_scalar(OP_SCALAR, self_, &other, out, |c| {
        no_bool && alpha_ok(c, &alpha)
    });
    let a = Operand::Tensor(self_);
    let c = neg_scalar(alpha);
    match finish(pro, |common| {
        axpy_scalar(ctx, OP_SCALAR, common, &c, a, &other, out)
    }) {
        Some(r) => r,
        None => portable::sub_scalar_out(ctx, self_, other, alpha, out),
    }
}

boxed_kernel!(pub fn sub_out_boxed = OP => sub_out(self_: &Tensor, other: &Tensor, alpha: Scalar) -> (out));
boxed_kernel!(pub fn sub_scalar_out_boxed = OP_SCALAR => sub_scalar_out(self_: &Tensor, other: Scalar, alpha: Scalar) -> (out));
