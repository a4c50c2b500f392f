//! `div.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)`
//! `div.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! True division `out = self / other` on the pointwise frame for Float, Half and BFloat16 (in
//! f32, IEEE: division by zero gives ±inf or NaN), when the out has the common dtype and the
//! layout is one the frame accelerates. Integer inputs (which ATen divides in Float) and
//! everything else: portable.

use crate::pointwise::Operand;
use crate::pointwise::bodies::{Div, IMul};
use crate::pointwise::entry::{
    arith, finish, is_float, prologue_scalar, prologue_tensor, scalar_path_operand, scalar_value,
};
use etk_core::{KernelContext, Result, Scalar, Tensor, boxed_kernel};
use etk_portable::ops::div as portable;

pub const OP: &str = "aten::div.out";
pub const OP_SCALAR: &str = "aten::div.Scalar_out";

pub fn div_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let pro = prologue_tensor(OP, self_, other, out, is_float);
    let a = Operand::Tensor(self_);
    let done = finish(pro, |common| {
        let b = scalar_path_operand(common, other);
        arith(ctx, common, Div, None::<IMul>, a, b, out)
    });
    match done {
        Some(r) => r,
        None => portable::div_out(ctx, self_, other, out),
    }
}

pub fn div_scalar_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let pro = prologue_scalar(OP_SCALAR, self_, &other, out, is_float);
    let a = Operand::Tensor(self_);
    let done = finish(pro, |common| {
        let b = scalar_value(common, &other);
        arith(ctx, common, Div, None::<IMul>, a, b, out)
    });
    match done {
        Some(r) => r,
        None => portable::div_scalar_out(ctx, self_, other, out),
    }
}

boxed_kernel!(pub fn div_out_boxed = OP => div_out(self_: &Tensor, other: &Tensor) -> (out));
boxed_kernel!(pub fn div_scalar_out_boxed = OP_SCALAR => div_scalar_out(self_: &Tensor, other: Scalar) -> (out));
