//! `pow.Tensor_Tensor_out(Tensor self, Tensor exponent, *, Tensor(a!) out) -> Tensor(a!)`
//! `pow.Tensor_Scalar_out(Tensor self, Scalar exponent, *, Tensor(a!) out) -> Tensor(a!)`
//! `pow.Scalar_out(Scalar self, Tensor exponent, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = self ** exponent`, broadcast, computed in the promoted dtype and cast to any out the
//! result casts to. Integers use exact wrapping powers; a Bool result is rejected.
//! Surprising but ATen:
//! - Integer tensors to negative integer powers: `Tensor_Scalar` rejects them ("Integers to
//!   negative integer powers are not allowed"), while `Tensor_Tensor` and `Scalar_out` give
//!   `powi`'s answer (0, or ±1 for the bases ±1).
//! - `Tensor_Scalar` with exponent 0 fills the out with 1 (NaN bases included) and with
//!   exponent 1 copies `self`; other exponents are converted to the result dtype with c10's
//!   overflow check (Char tensors `** 300` and Half tensors `** 1e5` are errors). Float, Double
//!   and BFloat16 compute `** 0.5` as `sqrt` (so `(-0.0) ** 0.5 == -0.0`, `(-inf) ** 0.5` is
//!   NaN), `** -0.5` as `1 / sqrt`, `** -1` as `1 / x`; `** 2`, `** 3`, `** -2` as products,
//!   which on BFloat16 round every step to BFloat16. Half always calls `pow` (with the exponent
//!   rounded to Half).
//! - `Scalar_out` with base 1 fills the out with 1 whatever the out's dtype (Bool included).
//!
//! ComplexFloat and ComplexDouble (ComplexHalf is rejected, as ATen) compute glibc's `cpow`,
//! `exp(y log x)` with C's complex product (so `0 ** 0` is NaN); `Tensor_Scalar` keeps ATen's
//! specializations: `0.5` is `sqrt`, `-0.5` is `1 / sqrt`, `-1` is `1 / x`, `2`, `3` and `-2` are
//! c10's products, any other exponent `(e, 0)`.

use crate::util::access;
use crate::util::arith::{
    Ctx, Kernel, Num, Operand, Rules, Spec, arith_tensor_out, binary_map, powi,
};
use crate::util::complex::{Complex, Part};
use crate::util::complex_math;
use crate::util::copy::copy_cast;
use crate::util::dispatch::Float;
use crate::util::pointwise::{common_dtype_scalar, each1, promoted, reject_bool};
use crate::util::scalar::scalar_to_checked;
use crate::{dispatch_complex, dispatch_float};
use etk_core::iter::{Arg, arg, fill, map1};
use etk_core::out::{check_can_cast, resize_out};
use etk_core::{
    Error, ErrorKind, Info, KernelContext, Result, ResultTypeState, Scalar, ScalarType, Tensor,
    boxed_kernel,
};

pub const OP_TENSOR_TENSOR: &str = "aten::pow.Tensor_Tensor_out";
pub const OP_TENSOR_SCALAR: &str = "aten::pow.Tensor_Scalar_out";
pub const OP_SCALAR: &str = "aten::pow.Scalar_out";

#[derive(Clone, Copy)]
struct Pow;

impl Kernel for Pow {
    const COMPLEX: crate::util::arith::OnComplex = crate::util::arith::OnComplex::NoHalf;
    #[inline(always)]
    fn apply<C: Num>(self, a: C, b: C, _: &Ctx<C>) -> Option<C> {
        Some(a.pow(b))
    }
    fn apply_complex<T: Part>(
        self,
        a: Complex<T>,
        b: Complex<T>,
        _: &Ctx<Complex<T>>,
    ) -> Complex<T> {
        complex_math::pow(a, b)
    }
}

pub fn pow_tensor_tensor_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    exponent: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let rules = Rules::new(OP_TENSOR_TENSOR)
        .no_bool()
        .other_name("exponent");
    arith_tensor_out(&rules, self_, exponent, out, Pow)
}

pub fn pow_scalar_out(
    _ctx: &mut KernelContext<'_>,
    self_: Scalar,
    exponent: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let op = OP_SCALAR;
    if equals(&self_, 1.0) {
        resize_out(op, out, exponent.sizes())?;
        return fill::<i64>(op, out, None, |o| o.fill(1));
    }
    let common = promoted(
        op,
        "exponent",
        ResultTypeState::new().scalar(&self_).tensor(exponent),
    )?;
    <Pow as Kernel>::COMPLEX.check(op, common)?;
    check_can_cast(op, common, out)?;
    reject_bool(op, "self", common)?;
    resize_out(op, out, exponent.sizes())?;
    binary_map(
        &Spec::new(op, common),
        out,
        Operand::Scalar(self_),
        Operand::Tensor(arg("exponent", exponent).via(common)),
        Pow,
    )
}

pub fn pow_tensor_scalar_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    exponent: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let op = OP_TENSOR_SCALAR;
    if self_.dtype().is_integral(true) && exponent.is_integral(true) && exponent.to_i64() < 0 {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "exponent")
            .expected_text(
                "a non-negative exponent (Integers to negative integer powers are not allowed)",
            )
            .got(Info::Int(exponent.to_i64())));
    }
    let common = common_dtype_scalar(op, self_, &exponent)?;
    <Pow as Kernel>::COMPLEX.check(op, common)?;
    check_can_cast(op, common, out)?;
    resize_out(op, out, self_.sizes())?;
    if equals(&exponent, 0.0) || exponent == Scalar::Bool(false) {
        return fill::<i64>(op, out, None, |o| o.fill(1));
    }
    if equals(&exponent, 1.0) || exponent == Scalar::Bool(true) {
        return copy_cast(op, "self", self_, out);
    }
    if common.is_complex() {
        return dispatch_complex!(common, T => pow_complex::<T>(op, self_, out, &exponent),
            _ => Err(Error::unsupported_dtype(op, "self", common)));
    }
    let x = arg("self", self_).via(common);
    if !common.is_floating_point() {
        let e: i64 = scalar_to_checked(op, "exponent", &exponent, common)?;
        return map1::<i64, i64>(op, out, Some(common), x, each1(|v| powi(v, e)));
    }
    // ATen's specializations, decided on the exponent as given ...
    let kind = if common == ScalarType::Half {
        PowKind::General
    } else if equals(&exponent, 0.5) {
        PowKind::Sqrt
    } else if equals(&exponent, -0.5) {
        PowKind::Rsqrt
    } else if equals(&exponent, -1.0) {
        PowKind::Reciprocal
    } else {
        PowKind::General
    };
    // ... then on the exponent converted to the dtype ATen computes with.
    let e = match common {
        ScalarType::Half | ScalarType::BFloat16 if kind == PowKind::General => {
            scalar_to_checked::<f64>(op, "exponent", &exponent, common)?
        }
        _ => exponent.to_f64(),
    };
    let kind = match kind {
        PowKind::General if common != ScalarType::Half && e == 2.0 => PowKind::Square,
        PowKind::General if common != ScalarType::Half && e == 3.0 => PowKind::Cube,
        PowKind::General if common != ScalarType::Half && e == -2.0 => PowKind::InvSquare,
        k => k,
    };
    dispatch_float!(common, C => pow_float::<C>(op, out, common, x, kind, e))
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum PowKind {
    Sqrt,
    Rsqrt,
    Reciprocal,
    Square,
    Cube,
    InvSquare,
    General,
}

/// `Tensor_Scalar` on a floating dtype; `e` is the exponent as ATen holds it.
fn pow_float<F: Float + Num>(
    op: &'static str,
    out: &mut Tensor<'_>,
    common: ScalarType,
    x: Arg<'_, '_>,
    kind: PowKind,
    e: f64,
) -> Result<()> {
    // BFloat16's products round every step; everything else rounds once, on store.
    let r: fn(F) -> F = F::rounder(common);
    // Float computes `pow(float, double)` in double; Half and BFloat16 call `pow` in f32.
    let in_f64 = common == ScalarType::Float || common == ScalarType::Double;
    let ef = F::from_f64(e);
    let pow = |v: F| match kind {
        PowKind::Sqrt => v.sqrt(),
        PowKind::Rsqrt => F::ONE / v.sqrt(),
        PowKind::Reciprocal => F::ONE / v,
        PowKind::Square => v * v,
        PowKind::Cube => r(v * v) * v,
        PowKind::InvSquare => F::ONE / r(v * v),
        PowKind::General if in_f64 => F::from_f64(Float::powf(v.to_f64(), e)),
        PowKind::General => v.powf(ef),
    };
    map1::<F, F>(op, out, Some(common), x, each1(pow))
}

/// `Tensor_Scalar` on ComplexFloat / ComplexDouble: ATen's `sqrt`, `rsqrt` and `reciprocal`
/// kernels for `0.5`, `-0.5`, `-1`, c10's products for `2`, `3`, `-2`, else `std::pow` with the
/// exponent as a complex `(e, 0)`.
fn pow_complex<T: Part>(
    op: &'static str,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
    exponent: &Scalar,
) -> Result<()>
where
    Complex<T>: crate::util::access::Access,
{
    let one = Complex::new(T::ONE, T::ZERO);
    let e = exponent.to_f64();
    let y = Complex::new(T::from_f64(e), T::ZERO);
    let f = |x: Complex<T>| {
        if equals(exponent, 0.5) {
            complex_math::sqrt(x)
        } else if equals(exponent, -0.5) {
            one / complex_math::sqrt(x)
        } else if equals(exponent, -1.0) {
            one / x
        } else if e == 2.0 {
            x * x
        } else if e == 3.0 {
            x * x * x
        } else if e == -2.0 {
            one / (x * x)
        } else {
            complex_math::pow(x, y)
        }
    };
    access::map1(op, out, ("self", self_), f)
}

/// c10's `Scalar::equal(double)`: numeric equality for Int and Double; a Bool never equals a
/// number.
fn equals(s: &Scalar, v: f64) -> bool {
    match *s {
        Scalar::Int(i) => i as f64 == v,
        Scalar::Double(d) => d == v,
        Scalar::Bool(_) => false,
    }
}

boxed_kernel!(pub fn pow_tensor_tensor_out_boxed = OP_TENSOR_TENSOR => pow_tensor_tensor_out(self_: &Tensor, exponent: &Tensor) -> (out));
boxed_kernel!(pub fn pow_tensor_scalar_out_boxed = OP_TENSOR_SCALAR => pow_tensor_scalar_out(self_: &Tensor, exponent: Scalar) -> (out));
boxed_kernel!(pub fn pow_scalar_out_boxed = OP_SCALAR => pow_scalar_out(self_: Scalar, exponent: &Tensor) -> (out));
