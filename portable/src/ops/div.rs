//! `div.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)`
//! `div.out_mode(Tensor self, Tensor other, *, str? rounding_mode, Tensor(a!) out) -> Tensor(a!)`
//! `div.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)`
//! `div.Scalar_mode_out(Tensor self, Scalar other, *, str? rounding_mode, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = self / other`, broadcast. `rounding_mode` None is true division: integer and Bool
//! operands promote to Float, and division by zero gives ±inf/NaN. "trunc" and "floor" keep the
//! promoted dtype: integers divide exactly (truncating, or flooring like Python's `//`) and
//! dividing an integer by zero is an error (ATen's `ZeroDivisionError`); floats round the
//! quotient. Bool is rejected with a rounding mode. Any other mode is an error. The Scalar
//! overloads are generated out wrappers: their out must have exactly the result dtype.
//! Surprising but ATen: on Half/BFloat16 "trunc"/"floor" round each step to Half/BFloat16
//! (`trunc(half(a / b))`), except when `other` has one element (a Scalar included): then the
//! quotient is computed once in f32 with `other`'s own, unrounded value.

use crate::util::arith::RoundingMode;
use crate::util::division::{div_scalar, div_tensors};
use etk_core::{KernelContext, Result, Scalar, Tensor, boxed_kernel};

pub const OP: &str = "aten::div.out";
pub const OP_MODE: &str = "aten::div.out_mode";
pub const OP_SCALAR: &str = "aten::div.Scalar_out";
pub const OP_SCALAR_MODE: &str = "aten::div.Scalar_mode_out";

pub fn div_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    div_tensors(OP, self_, other, RoundingMode::True, out)
}

pub fn div_out_mode(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: &Tensor<'_>,
    rounding_mode: Option<&str>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let mode = RoundingMode::parse(OP_MODE, rounding_mode)?;
    div_tensors(OP_MODE, self_, other, mode, out)
}

pub fn div_scalar_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    div_scalar(OP_SCALAR, self_, other, RoundingMode::True, out)
}

pub fn div_scalar_mode_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: Scalar,
    rounding_mode: Option<&str>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let mode = RoundingMode::parse(OP_SCALAR_MODE, rounding_mode)?;
    div_scalar(OP_SCALAR_MODE, self_, other, mode, out)
}

boxed_kernel!(pub fn div_out_boxed = OP => div_out(self_: &Tensor, other: &Tensor) -> (out));
boxed_kernel!(pub fn div_out_mode_boxed = OP_MODE => div_out_mode(self_: &Tensor, other: &Tensor, rounding_mode: Option<&str>) -> (out));
boxed_kernel!(pub fn div_scalar_out_boxed = OP_SCALAR => div_scalar_out(self_: &Tensor, other: Scalar) -> (out));
boxed_kernel!(pub fn div_scalar_mode_out_boxed = OP_SCALAR_MODE => div_scalar_mode_out(self_: &Tensor, other: Scalar, rounding_mode: Option<&str>) -> (out));
