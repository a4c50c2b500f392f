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

use crate::util::arith::{
    Ctx, Kernel, Num, OnComplex, RoundingMode, Rules, arith_scalar_out, arith_tensor_out,
};
use crate::util::complex::Complex;
use crate::util::dispatch::Float;
use etk_core::{KernelContext, Result, Scalar, Tensor, boxed_kernel};

pub const OP: &str = "aten::div.out";
pub const OP_MODE: &str = "aten::div.out_mode";
pub const OP_SCALAR: &str = "aten::div.Scalar_out";
pub const OP_SCALAR_MODE: &str = "aten::div.Scalar_mode_out";

#[derive(Clone, Copy)]
struct DivTrue;

impl Kernel for DivTrue {
    const COMPLEX: OnComplex = OnComplex::NoHalf;
    fn apply_complex<T: Float>(
        self,
        a: Complex<T>,
        b: Complex<T>,
        _: &Ctx<Complex<T>>,
    ) -> Complex<T> {
        a / b
    }
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

/// `div`'s rules: true division promotes integers and Bool to Float; the rounding modes keep
/// the promoted dtype but are not defined on Bool.
fn rules(op: &'static str, mode: RoundingMode) -> Rules {
    let rules = Rules::new(op).cpu_scalar();
    match mode {
        RoundingMode::True => rules.true_division(),
        RoundingMode::Trunc | RoundingMode::Floor => rules.no_bool(),
    }
}

/// `div` of two tensors (also `floor_divide`, which is `div` with "floor").
pub(crate) fn div_tensors(
    op: &'static str,
    self_: &Tensor<'_>,
    other: &Tensor<'_>,
    mode: RoundingMode,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let rules = rules(op, mode);
    match mode {
        RoundingMode::True => arith_tensor_out(&rules, self_, other, out, DivTrue),
        RoundingMode::Trunc => arith_tensor_out(&rules, self_, other, out, DivTrunc),
        RoundingMode::Floor => arith_tensor_out(&rules, self_, other, out, DivFloor),
    }
}

fn div_scalar(
    op: &'static str,
    self_: &Tensor<'_>,
    other: Scalar,
    mode: RoundingMode,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let rules = rules(op, mode).exact_out();
    match mode {
        RoundingMode::True => arith_scalar_out(&rules, self_, other, out, DivTrue),
        RoundingMode::Trunc => arith_scalar_out(&rules, self_, other, out, DivTrunc),
        RoundingMode::Floor => arith_scalar_out(&rules, self_, other, out, DivFloor),
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
