//! `mul.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)`
//! `mul.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = self * other` on the pointwise frame: Float, Half and BFloat16 in f32, the integer dtypes
//! wrapping, when the out has the common dtype and the layout is one the frame accelerates.
//! Everything else (Bool's logical and included): portable.

use crate::pointwise::Operand;
use crate::pointwise::bodies::{IMul, Mul};
use crate::pointwise::entry::{
    arith, finish, prologue_scalar, prologue_tensor, same_shape_f32, scalar_path_operand,
    scalar_value,
};
use etk_core::{KernelContext, Result, Scalar, Tensor, boxed_kernel};
use etk_portable::ops::mul as portable;

pub const OP: &str = "aten::mul.out";
pub const OP_SCALAR: &str = "aten::mul.Scalar_out";

pub fn mul_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    if same_shape_f32(Mul, self_, other, out).is_some() {
        return Ok(());
    }
    let pro = prologue_tensor(OP, self_, other, out, |_| true);
    let a = Operand::Tensor(self_);
    let done = finish(pro, |common| {
        let b = scalar_path_operand(common, other);
        arith(ctx, common, Mul, Some(IMul), a, b, out)
    });
    match done {
        Some(r) => r,
        None => portable::mul_out(ctx, self_, other, out),
    }
}

pub fn mul_scalar_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let pro = prologue_scalar(OP_SCALAR, self_, &other, out, |_| true);
    let a = Operand::Tensor(self_);
    let done = finish(pro, |common| {
        let b = scalar_value(common, &other);
        arith(ctx, common, Mul, Some(IMul), a, b, out)
    });
    match done {
        Some(r) => r,
        None => portable::mul_scalar_out(ctx, self_, other, out),
    }
}

boxed_kernel!(pub fn mul_out_boxed = OP => mul_out(self_: &Tensor, other: &Tensor) -> (out));
boxed_kernel!(pub fn mul_scalar_out_boxed = OP_SCALAR => mul_scalar_out(self_: &Tensor, other: Scalar) -> (out));
