//! `remainder.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)`
//! `remainder.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Python's `%`: `out = self - floor(self / other) * other`, with the sign of the divisor
//! (`remainder(-5, 2) == 1`, `remainder(5, -2) == -1`). Computed in the promoted dtype (the
//! Scalar cast like a wrapped number) and cast to any out the result casts to. Integer
//! division by zero is an error (`ZeroDivisionError`); floating `remainder(x, 0)` is NaN. Bool
//! is rejected.
//! Surprising but ATen: floats take `fmod` and add the divisor when the signs differ, so
//! `remainder(-1, inf)` is inf and `remainder(-0.0, 3)` is -0.0.

use crate::util::arith::{Ctx, Kernel, Num, Rules, arith_scalar_out, arith_tensor_out};
use etk_core::{KernelContext, Result, Scalar, Tensor, boxed_kernel};

pub const OP_TENSOR: &str = "aten::remainder.Tensor_out";
pub const OP_SCALAR: &str = "aten::remainder.Scalar_out";

#[derive(Clone, Copy)]
struct Remainder;

impl Kernel for Remainder {
    #[inline(always)]
    fn apply<C: Num>(self, a: C, b: C, _: &Ctx<C>) -> Option<C> {
        a.remainder(b)
    }
}

pub fn remainder_tensor_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    arith_tensor_out(
        &Rules::new(OP_TENSOR).no_bool(),
        self_,
        other,
        out,
        Remainder,
    )
}

pub fn remainder_scalar_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    arith_scalar_out(
        &Rules::new(OP_SCALAR).no_bool(),
        self_,
        other,
        out,
        Remainder,
    )
}

boxed_kernel!(pub fn remainder_tensor_out_boxed = OP_TENSOR => remainder_tensor_out(self_: &Tensor, other: &Tensor) -> (out));
boxed_kernel!(pub fn remainder_scalar_out_boxed = OP_SCALAR => remainder_scalar_out(self_: &Tensor, other: Scalar) -> (out));
