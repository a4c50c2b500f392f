//! `floor_divide.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = self // other` as Python floors it: ATen's `div` with `rounding_mode="floor"`.
//! Computed in the promoted dtype (Bool rejected); integer division by zero is an error
//! (`ZeroDivisionError`), floating division by zero gives ±inf or NaN. The out may be any
//! dtype the result casts to.
//! Surprising but ATen: floats floor the exact quotient (`fmod` based), so `-5.5 // inf` is
//! `-1.0` and `1e30 // 1e-30` is inf.

use crate::util::arith::RoundingMode;
use crate::util::division::div_tensors;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::floor_divide.out";

pub fn floor_divide_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    div_tensors(OP, self_, other, RoundingMode::Floor, out)
}

boxed_kernel!(pub fn floor_divide_out_boxed = OP => floor_divide_out(self_: &Tensor, other: &Tensor) -> (out));
