//! `fmod.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)`
//! `fmod.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! C's remainder: `out = self - trunc(self / other) * other`, with the sign of the dividend
//! (`fmod(-5, 2) == -1`). Computed in the promoted dtype (the Scalar cast like a wrapped
//! number, so Char `fmod 256` divides by zero) and cast to any out the result casts to. Integer
//! division by zero is an error (`ZeroDivisionError`); floating `fmod(x, 0)` is NaN. Bool is
//! rejected.

use crate::util::arith::{Ctx, Kernel, Num, Rules, arith_scalar_out, arith_tensor_out};
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
    arith_tensor_out(&Rules::new(OP_TENSOR).no_bool(), self_, other, out, Fmod)
}

pub fn fmod_scalar_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    arith_scalar_out(&Rules::new(OP_SCALAR).no_bool(), self_, other, out, Fmod)
}

boxed_kernel!(pub fn fmod_tensor_out_boxed = OP_TENSOR => fmod_tensor_out(self_: &Tensor, other: &Tensor) -> (out));
boxed_kernel!(pub fn fmod_scalar_out_boxed = OP_SCALAR => fmod_scalar_out(self_: &Tensor, other: Scalar) -> (out));
