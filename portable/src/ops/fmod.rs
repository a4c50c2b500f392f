//! `fmod.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)`
//! `fmod.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! C's remainder: `out = self - trunc(self / other) * other`, with the sign of the dividend
//! (`fmod(-5, 2) == -1`). Computed in the promoted dtype (the Scalar cast like a wrapped
//! number, so Char `fmod 256` divides by zero) and cast to any out the result casts to. Integer
//! division by zero is an error (`ZeroDivisionError`); floating `fmod(x, 0)` is NaN. Bool is
//! rejected.

use crate::util::arith_helpers::{Ctx, Kernel, Num, Operand, Spec, binary_map, reject_bool_common};
use crate::util::pointwise::{common_dtype, common_dtype_scalar, resize_to_broadcast};
use etk_core::iter::arg;
use etk_core::out::{check_can_cast, resize_out};
use etk_core::{KernelContext, Result, Scalar, Tensor, boxed_kernel};

pub const OP_TENSOR: &str = "aten::fmod.Tensor_out";
pub const OP_SCALAR: &str = "aten::fmod.Scalar_out";

#[derive(Clone, Copy)]
struct Fmod;

impl Kernel for Fmod {
    #[inline(always)]
    fn apply<C: Num>(self, a: C, b: C, _: &Ctx<C>) -> Option<C> {
        a.fmod(b)
    }
}

pub fn fmod_tensor_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let common = common_dtype(OP_TENSOR, self_, other)?;
    check_can_cast(OP_TENSOR, common, out)?;
    reject_bool_common(OP_TENSOR, common)?;
    resize_to_broadcast(OP_TENSOR, out, &[("self", self_), ("other", other)])?;
    binary_map(
        &Spec::new(OP_TENSOR, common),
        out,
        Operand::Tensor(arg("self", self_).via(common)),
        Operand::Tensor(arg("other", other).via(common)),
        Fmod,
    )
}

pub fn fmod_scalar_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let common = common_dtype_scalar(OP_SCALAR, self_, &other)?;
    check_can_cast(OP_SCALAR, common, out)?;
    reject_bool_common(OP_SCALAR, common)?;
    resize_out(OP_SCALAR, out, self_.sizes())?;
    binary_map(
        &Spec::new(OP_SCALAR, common),
        out,
        Operand::Tensor(arg("self", self_).via(common)),
        Operand::Scalar(other),
        Fmod,
    )
}

boxed_kernel!(pub fn fmod_tensor_out_boxed = OP_TENSOR => fmod_tensor_out(self_: &Tensor, other: &Tensor) -> (out));
boxed_kernel!(pub fn fmod_scalar_out_boxed = OP_SCALAR => fmod_scalar_out(self_: &Tensor, other: Scalar) -> (out));
