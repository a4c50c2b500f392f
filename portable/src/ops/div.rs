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

use crate::ops::mul::scalar_operand;
use crate::util::arith_helpers::{
    Ctx, Kernel, Num, Operand, RoundingMode, Spec, binary_map, other_is_cpu_scalar,
    reject_bool_common,
};
use crate::util::pointwise::{common_dtype, common_dtype_scalar, resize_to_broadcast};
use etk_core::iter::arg;
use etk_core::out::{check_can_cast, check_dtype, resize_out};
use etk_core::{KernelContext, Result, Scalar, ScalarType, Tensor, boxed_kernel};

pub const OP: &str = "aten::div.out";
pub const OP_MODE: &str = "aten::div.out_mode";
pub const OP_SCALAR: &str = "aten::div.Scalar_out";
pub const OP_SCALAR_MODE: &str = "aten::div.Scalar_mode_out";

#[derive(Clone, Copy)]
struct DivTrue;

impl Kernel for DivTrue {
    #[inline(always)]
    fn apply<C: Num>(self, a: C, b: C, _: &Ctx<C>) -> Option<C> {
        a.div_true(b)
    }
}

#[derive(Clone, Copy)]
struct DivTrunc;

impl Kernel for DivTrunc {
    #[inline(always)]
    fn apply<C: Num>(self, a: C, b: C, cx: &Ctx<C>) -> Option<C> {
        a.div_trunc(b, cx.round)
    }
}

#[derive(Clone, Copy)]
struct DivFloor;

impl Kernel for DivFloor {
    #[inline(always)]
    fn apply<C: Num>(self, a: C, b: C, cx: &Ctx<C>) -> Option<C> {
        a.div_floor(b, cx.round)
    }
}

/// The dtype `div` computes in: true division promotes integers and Bool to Float; the
/// rounding modes keep the promoted dtype but are not defined on Bool.
fn div_dtype(op: &'static str, promoted: ScalarType, mode: RoundingMode) -> Result<ScalarType> {
    if mode == RoundingMode::True {
        return Ok(if promoted.is_floating_point() {
            promoted
        } else {
            ScalarType::Float
        });
    }
    reject_bool_common(op, promoted)?;
    Ok(promoted)
}

/// `div` of two tensors (also `floor_divide`, which is `div` with "floor").
pub(crate) fn div_tensors(
    op: &'static str,
    self_: &Tensor<'_>,
    other: &Tensor<'_>,
    mode: RoundingMode,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let common = div_dtype(op, common_dtype(op, self_, other)?, mode)?;
    check_can_cast(op, common, out)?;
    resize_to_broadcast(op, out, &[("self", self_), ("other", other)])?;
    let scalar = other_is_cpu_scalar(common, other);
    let b = if scalar {
        arg("other", other)
    } else {
        arg("other", other).via(common)
    };
    let spec = Spec::new(op, common).round_steps(!scalar);
    let a = Operand::Tensor(arg("self", self_).via(common));
    match mode {
        RoundingMode::True => binary_map(&spec, out, a, Operand::Tensor(b), DivTrue),
        RoundingMode::Trunc => binary_map(&spec, out, a, Operand::Tensor(b), DivTrunc),
        RoundingMode::Floor => binary_map(&spec, out, a, Operand::Tensor(b), DivFloor),
    }
}

fn div_scalar(
    op: &'static str,
    self_: &Tensor<'_>,
    other: Scalar,
    mode: RoundingMode,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let common = div_dtype(op, common_dtype_scalar(op, self_, &other)?, mode)?;
    check_dtype(op, "out", out, common)?;
    resize_out(op, out, self_.sizes())?;
    let spec = Spec::new(op, common);
    let a = Operand::Tensor(arg("self", self_).via(common));
    let b = scalar_operand(common, other);
    match mode {
        RoundingMode::True => binary_map(&spec, out, a, b, DivTrue),
        RoundingMode::Trunc => binary_map(&spec, out, a, b, DivTrunc),
        RoundingMode::Floor => binary_map(&spec, out, a, b, DivFloor),
    }
}

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
