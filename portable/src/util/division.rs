//! Division in its three rounding modes (`div`'s true, trunc and floor) and `div`'s dtype rules,
//! shared by `div` and `floor_divide`.

use crate::util::arith::{
    Ctx, Kernel, Num, OnComplex, RoundingMode, Rules, arith_scalar_out, arith_tensor_out,
};
use crate::util::complex::Complex;
use crate::util::dispatch::Float;
use etk_core::{Result, Scalar, Tensor};

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

pub(crate) fn div_scalar(
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
