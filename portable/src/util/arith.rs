//! Mechanics the binary arithmetic family shares (add, sub, rsub, mul, div, floor_divide, fmod,
//! remainder, pow, maximum, minimum); each op file supplies its [`Kernel`] and its [`Rules`]:
//!
//! - [`arith_tensor_out`] / [`arith_scalar_out`]: the `Tensor` and `Scalar` overloads as ATen
//!   declares them: the operands promoted to their common dtype (`torch.result_type`, a Scalar
//!   as a wrapped number), the op's checks on that dtype, the out checked (`can_cast`, or the
//!   exact dtype for generated out wrappers) and resized to the broadcast shape, then
//!   [`binary_map`].
//! - [`binary_map`]: `out = k(a, b)` with `a` and `b` each a tensor (broadcast, converted to the
//!   common dtype first) or a Scalar, computed in the common dtype's compute type, an optional
//!   Scalar parameter (`alpha`) converted with c10's overflow check, and integer division by
//!   zero reported as ATen's `ZeroDivisionError`.
//! - [`Num`]: the per-element semantics of ATen's CPU kernels on `i64`, `f32` and `f64`
//!   (Python-style floor division and remainder, C-style fmod, `powi` for integers, NaN
//!   propagating maximum/minimum).
//! - [`RoundingMode`], [`check_sub_bool`], [`zero_division`].

use crate::dispatch_compute;
use crate::util::access;
use crate::util::access::Access;
use crate::util::complex::{self, Complex, Part, reject_complex, scalar_to_complex};
use crate::util::dispatch::{Arith, Float, identity, is_reduced_float, reduced_rounder};
use crate::util::pointwise::{
    common_dtype, common_dtype_scalar, each1, each2, float_dtype, reject_bool, resize_to_broadcast,
};
use crate::util::scalar::scalar_to_checked;
use etk_core::iter::{Arg, arg, map1, map2};
use etk_core::out::{check_can_cast, check_dtype, resize_out};
use etk_core::{Compute, Error, ErrorKind, Info, Result, Scalar, ScalarType, Tensor};

/// What ATen checks for one overload of a binary arithmetic op, and how its out relates to the
/// result. `Rules::new(op)` is a structured op that computes in the promoted dtype, accepts
/// Bool and writes to any out the result casts to; the builder methods add the exceptions.
#[derive(Clone, Copy)]
pub struct Rules {
    op: &'static str,
    true_division: bool,
    no_bool: bool,
    alpha: Option<Scalar>,
    exact_out: bool,
    cpu_scalar: bool,
    other_name: &'static str,
}

impl Rules {
    pub fn new(op: &'static str) -> Rules {
        Rules {
            op,
            true_division: false,
            no_bool: false,
            alpha: None,
            exact_out: false,
            cpu_scalar: false,
            other_name: "other",
        }
    }

    /// Integer and Bool operands compute in Float (`div` without a rounding mode).
    pub fn true_division(mut self) -> Rules {
        self.true_division = true;
        self
    }

    /// ATen has no Bool kernel: a Bool common dtype is rejected.
    pub fn no_bool(mut self) -> Rules {
        self.no_bool = true;
        self
    }

    /// The op's `alpha`, checked as ATen's `alpha_check` does and passed to the kernel as
    /// [`Ctx::param`] (converted to the common dtype with c10's overflow check).
    pub fn alpha(mut self, alpha: Scalar) -> Rules {
        self.alpha = Some(alpha);
        self
    }

    /// The out must have exactly the result dtype (ATen's generated out wrappers of composite
    /// ops, such as `add.Scalar_out`), not just one the result casts to.
    pub fn exact_out(mut self) -> Rules {
        self.exact_out = true;
        self
    }

    /// ATen's Half/BFloat16 "CPU scalar" path of `mul` and `div`: when the common dtype is
    /// reduced and `other` has one element (a Scalar included), `other` is read at its own
    /// value, not rounded to the common dtype, and the op is computed once in f32.
    pub fn cpu_scalar(mut self) -> Rules {
        self.cpu_scalar = true;
        self
    }

    /// The name of the second argument (`exponent` for `pow`); `other` by default.
    pub fn other_name(mut self, name: &'static str) -> Rules {
        self.other_name = name;
        self
    }

    /// The dtype the op computes in, from the operands' promoted dtype, after the op's checks.
    fn compute_dtype(&self, promoted: ScalarType, complex: OnComplex) -> Result<ScalarType> {
        let common = if self.true_division {
            float_dtype(promoted)
        } else {
            promoted
        };
        complex.check(self.op, common)?;
        if self.no_bool {
            reject_bool(self.op, "self", common)?;
        }
        if let Some(alpha) = &self.alpha {
            check_alpha(self.op, common, alpha)?;
        }
        Ok(common)
    }

    fn check_out(&self, common: ScalarType, out: &Tensor<'_>) -> Result<()> {
        if self.exact_out {
            check_dtype(self.op, "out", out, common)
        } else {
            check_can_cast(self.op, common, out)
        }
    }

    /// How [`binary_map`] runs, `reduced_scalar` telling whether ATen's CPU-scalar path is
    /// taken (then nothing is rounded before the store).
    fn spec(&self, common: ScalarType, reduced_scalar: bool) -> Spec {
        let spec = Spec::new(self.op, common).round_steps(!reduced_scalar);
        match self.alpha {
            Some(alpha) => spec.param("alpha", alpha),
            None => spec,
        }
    }
}

/// `out = k(self, other)` for a `Tensor` overload, broadcast; see [`Rules`].
pub fn arith_tensor_out<K: Kernel>(
    rules: &Rules,
    self_: &Tensor<'_>,
    other: &Tensor<'_>,
    out: &mut Tensor<'_>,
    k: K,
) -> Result<()> {
    let op = rules.op;
    let common = rules.compute_dtype(common_dtype(op, self_, other)?, K::COMPLEX)?;
    rules.check_out(common, out)?;
    resize_to_broadcast(op, out, &[("self", self_), (rules.other_name, other)])?;
    let reduced_scalar = rules.cpu_scalar && is_reduced_float(common) && other.numel() == 1;
    let b = if reduced_scalar {
        arg(rules.other_name, other)
    } else {
        arg(rules.other_name, other).via(common)
    };
    binary_map(
        &rules.spec(common, reduced_scalar),
        out,
        Operand::Tensor(arg("self", self_).via(common)),
        Operand::Tensor(b),
        k,
    )
}

/// `out = k(self, other)` for a `Scalar` overload, `other` cast to the common dtype like a
/// wrapped number (or read at its own value on the CPU-scalar path); see [`Rules`].
pub fn arith_scalar_out<K: Kernel>(
    rules: &Rules,
    self_: &Tensor<'_>,
    other: Scalar,
    out: &mut Tensor<'_>,
    k: K,
) -> Result<()> {
    let op = rules.op;
    let common = rules.compute_dtype(common_dtype_scalar(op, self_, &other)?, K::COMPLEX)?;
    rules.check_out(common, out)?;
    resize_out(op, out, self_.sizes())?;
    let reduced_scalar = rules.cpu_scalar && is_reduced_float(common);
    let b = if reduced_scalar {
        Operand::ScalarValue(other)
    } else {
        Operand::Scalar(other)
    };
    binary_map(
        &rules.spec(common, reduced_scalar),
        out,
        Operand::Tensor(arg("self", self_).via(common)),
        b,
        k,
    )
}

/// ATen's `alpha_check`: a Bool alpha only for Bool results, a floating alpha only for
/// floating results.
fn check_alpha(op: &'static str, common: ScalarType, alpha: &Scalar) -> Result<()> {
    if alpha.is_bool() && common != ScalarType::Bool {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "alpha")
            .expected_text("a non-Bool alpha (Boolean alpha only for Bool results)")
            .got(Info::Dtype(common)));
    }
    if !common.is_floating_point() && !common.is_complex() && alpha.is_floating_point() {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "alpha")
            .expected_text("an integral alpha for integral tensors")
            .got(Info::Dtype(common)));
    }
    Ok(())
}

/// One operand of a binary op.
#[derive(Clone, Copy)]
pub enum Operand<'t, 'a> {
    Tensor(Arg<'t, 'a>),
    /// A Scalar as ATen holds it after wrapping it in a tensor and casting that to the common
    /// dtype (`static_cast`: integers wrap, Half rounds).
    Scalar(Scalar),
    /// A Scalar's own value in the compute type, not rounded to the common dtype (ATen's
    /// `original_scalar_value`, read by the Half/BFloat16 scalar fast paths).
    ScalarValue(Scalar),
}

impl Operand<'_, '_> {
    fn value<C: Compute>(&self, common: ScalarType) -> C {
        match self {
            Operand::Scalar(s) => s.cast_to::<C>(common),
            Operand::ScalarValue(s) => s.to_compute::<C>(),
            Operand::Tensor(_) => C::default(),
        }
    }
}

/// What a kernel sees besides its two operands.
#[derive(Clone, Copy)]
pub struct Ctx<C> {
    /// Rounds an intermediate as ATen's Half/BFloat16 arithmetic does (identity elsewhere).
    pub round: fn(C) -> C,
    /// The op's Scalar parameter (`alpha`) in the compute type, zero if it has none.
    pub param: C,
}

/// The elementwise function of a binary op, for every compute type. `None` is integer division
/// by zero.
pub trait Kernel: Copy {
    /// What the op does with a complex common dtype.
    const COMPLEX: OnComplex = OnComplex::Reject;
    fn apply<C: Num>(self, a: C, b: C, cx: &Ctx<C>) -> Option<C>;
    /// The op on complex values (c10::complex's arithmetic); `cx.round` rounds an intermediate
    /// as ComplexHalf arithmetic does. Reached only when [`Kernel::COMPLEX`] computes.
    fn apply_complex<T: Part>(
        self,
        a: Complex<T>,
        b: Complex<T>,
        cx: &Ctx<Complex<T>>,
    ) -> Complex<T> {
        let _ = (a, b, cx);
        Complex::new(T::NAN, T::NAN)
    }
}

/// How a binary op treats complex operands, as ATen's CPU kernel does.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum OnComplex {
    /// ATen has no complex kernel: a dtype error.
    Reject,
    /// Every complex dtype, ComplexHalf included.
    All,
    /// ComplexFloat and ComplexDouble; ATen has no ComplexHalf kernel.
    NoHalf,
    /// ATen computes ComplexFloat and ComplexDouble, etk does not yet (not implemented);
    /// ComplexHalf is rejected.
    Unimplemented,
}

impl OnComplex {
    /// `Err` unless the op computes `common` (always `Ok` for real dtypes).
    pub fn check(self, op: &'static str, common: ScalarType) -> Result<()> {
        if !common.is_complex() {
            return Ok(());
        }
        let half = common == ScalarType::ComplexHalf;
        match self {
            OnComplex::All => Ok(()),
            OnComplex::NoHalf if !half => Ok(()),
            OnComplex::Unimplemented if !half => Err(Error::unsupported_dtype(op, "self", common)),
            OnComplex::Reject => reject_complex(op, "self", common),
            _ => Err(Error::dtype(
                op,
                "self",
                "a dtype other than ComplexHalf (ATen has no ComplexHalf kernel for this op)",
                common,
            )),
        }
    }
}

/// How to run a binary op.
#[derive(Clone, Copy)]
pub struct Spec {
    pub op: &'static str,
    /// The dtype ATen computes in; the result is rounded through it before the out's cast.
    pub common: ScalarType,
    /// Round every intermediate step through `common` (ATen computing in Half/BFloat16
    /// arithmetic, as its floor and trunc divisions do).
    pub round_steps: bool,
    /// The Scalar parameter (argument name, value), converted to `common` with c10's overflow
    /// check.
    pub param: Option<(&'static str, Scalar)>,
}

impl Spec {
    pub fn new(op: &'static str, common: ScalarType) -> Spec {
        Spec {
            op,
            common,
            round_steps: false,
            param: None,
        }
    }

    pub fn round_steps(mut self, yes: bool) -> Spec {
        self.round_steps = yes;
        self
    }

    pub fn param(mut self, name: &'static str, value: Scalar) -> Spec {
        self.param = Some((name, value));
        self
    }
}

/// `out = k(a, b)` elementwise (the caller has checked dtypes and resized the out). At least
/// one operand must be a tensor.
pub fn binary_map<K: Kernel>(
    spec: &Spec,
    out: &mut Tensor<'_>,
    a: Operand<'_, '_>,
    b: Operand<'_, '_>,
    k: K,
) -> Result<()> {
    match spec.common {
        ScalarType::ComplexHalf => run_complex::<f32, K>(spec, out, a, b, k, complex::round_half),
        ScalarType::ComplexFloat => run_complex::<f32, K>(spec, out, a, b, k, identity),
        ScalarType::ComplexDouble => run_complex::<f64, K>(spec, out, a, b, k, identity),
        _ => dispatch_compute!(spec.common, C => run::<C, K>(spec, out, a, b, k),
            _ => Err(Error::unsupported_dtype(spec.op, "self", spec.common))),
    }
}

/// [`run`] for a complex common dtype: each operand converted to it (a real one to `(x, 0)`),
/// the result stored into the out's dtype (a real out keeps the real part, as c10's casts).
fn run_complex<T: Part, K: Kernel>(
    spec: &Spec,
    out: &mut Tensor<'_>,
    a: Operand<'_, '_>,
    b: Operand<'_, '_>,
    k: K,
    round: fn(Complex<T>) -> Complex<T>,
) -> Result<()>
where
    Complex<T>: Access,
{
    let (op, common) = (spec.op, spec.common);
    K::COMPLEX.check(op, common)?;
    let param = match spec.param {
        Some((name, s)) => Complex::new(
            scalar_to_checked::<T>(op, name, &s, common.to_real())?,
            T::ZERO,
        ),
        None => Complex::default(),
    };
    let cx = Ctx { round, param };
    // Operands are cast to the common dtype first (`round` makes an integer operand of a
    // ComplexHalf op Half; every other operand is exact in, or cast once to, `T`), and the
    // result is rounded through it before the store.
    let f = |x: Complex<T>, y: Complex<T>| round(k.apply_complex(round(x), round(y), &cx));
    let scalar = |s: &Operand<'_, '_>| match s {
        Operand::Scalar(s) | Operand::ScalarValue(s) => Ok(scalar_to_complex::<T>(s, common)),
        Operand::Tensor(_) => Err(Error::invalid(op, "self", "a tensor operand")),
    };
    match (a, b) {
        (Operand::Tensor(a), Operand::Tensor(b)) => {
            access::map2(op, out, [(a.name, a.tensor), (b.name, b.tensor)], f)
        }
        (Operand::Tensor(a), s) => {
            let y = scalar(&s)?;
            access::map1(op, out, (a.name, a.tensor), |x| f(x, y))
        }
        (s, Operand::Tensor(b)) => {
            let x = scalar(&s)?;
            access::map1(op, out, (b.name, b.tensor), |y| f(x, y))
        }
        _ => Err(Error::invalid(op, "self", "a tensor operand")),
    }
}

fn run<C: Num, K: Kernel>(
    spec: &Spec,
    out: &mut Tensor<'_>,
    a: Operand<'_, '_>,
    b: Operand<'_, '_>,
    k: K,
) -> Result<()> {
    let (op, common) = (spec.op, spec.common);
    let param = match spec.param {
        Some((name, s)) => scalar_to_checked::<C>(op, name, &s, common)?,
        None => C::default(),
    };
    let round = if spec.round_steps {
        C::rounder(common)
    } else {
        identity::<C>
    };
    let cx = Ctx { round, param };
    // A division by zero is remembered and reported once the map is done, so the inner loop
    // stays a plain store.
    let mut zero = false;
    let mut f = |x: C, y: C| match k.apply(x, y, &cx) {
        Some(v) => v,
        None => {
            zero = true;
            C::default()
        }
    };
    let via = Some(common);
    match (a, b) {
        (Operand::Tensor(a), Operand::Tensor(b)) => {
            map2::<C, C, C>(op, out, via, a, b, each2(&mut f))?
        }
        (Operand::Tensor(a), s) => {
            let y = s.value::<C>(common);
            map1::<C, C>(op, out, via, a, each1(|x| f(x, y)))?
        }
        (s, Operand::Tensor(b)) => {
            let x = s.value::<C>(common);
            map1::<C, C>(op, out, via, b, each1(|y| f(x, y)))?
        }
        _ => return Err(Error::invalid(op, "self", "a tensor operand")),
    }
    if zero {
        return Err(zero_division(op));
    }
    Ok(())
}

/// ATen's `ZeroDivisionError` for integer division, remainder and fmod by zero.
pub const fn zero_division(op: &'static str) -> Error {
    Error::new(ErrorKind::InvalidArgument, op, "other")
        .expected_text("a non-zero divisor (integer division by zero: ZeroDivisionError)")
}

/// ATen's `sub_check`: subtraction involving a Bool tensor or a Bool Scalar is rejected.
pub fn check_sub_bool(
    op: &'static str,
    a: (&'static str, bool),
    b: (&'static str, bool),
) -> Result<()> {
    let bad = if a.1 {
        Some(a.0)
    } else if b.1 {
        Some(b.0)
    } else {
        None
    };
    match bad {
        Some(name) => Err(Error::dtype(
            op,
            name,
            "a non-Bool operand (subtraction with Bool is not supported)",
            ScalarType::Bool,
        )),
        None => Ok(()),
    }
}

/// `div`'s `rounding_mode`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundingMode {
    /// `None`: true division.
    True,
    Trunc,
    Floor,
}

impl RoundingMode {
    pub fn parse(op: &'static str, mode: Option<&str>) -> Result<RoundingMode> {
        match mode {
            None => Ok(RoundingMode::True),
            Some("trunc") => Ok(RoundingMode::Trunc),
            Some("floor") => Ok(RoundingMode::Floor),
            Some(_) => Err(Error::invalid(
                op,
                "rounding_mode",
                "None, \"trunc\" or \"floor\"",
            )),
        }
    }
}

/// The per-element arithmetic of ATen's CPU binary kernels on a compute type.
pub trait Num: Compute + Arith {
    /// The function rounding an intermediate as ATen's `dtype` arithmetic does.
    fn rounder(dtype: ScalarType) -> fn(Self) -> Self;
    /// `a / b` (floats only; integers never reach true division, which promotes them).
    fn div_true(self, b: Self) -> Option<Self>;
    fn div_trunc(self, b: Self, r: fn(Self) -> Self) -> Option<Self>;
    /// Python's `//`.
    fn div_floor(self, b: Self, r: fn(Self) -> Self) -> Option<Self>;
    /// C's `fmod` / `%`: the sign of the dividend.
    fn fmod(self, b: Self) -> Option<Self>;
    /// Python's `%`: the sign of the divisor.
    fn remainder(self, b: Self) -> Option<Self>;
    /// `pow(self, e)`; integers use ATen's `powi` (wrapping; negative exponents give 0 except
    /// for bases 1 and -1).
    fn pow(self, e: Self) -> Self;
    /// NaN-propagating maximum.
    fn maximum(self, b: Self) -> Self;
    /// NaN-propagating minimum.
    fn minimum(self, b: Self) -> Self;
}

impl Num for i64 {
    fn rounder(_: ScalarType) -> fn(i64) -> i64 {
        identity::<i64>
    }
    #[inline(always)]
    fn div_true(self, b: i64) -> Option<i64> {
        self.div_trunc(b, identity::<i64>)
    }
    #[inline(always)]
    fn div_trunc(self, b: i64, _: fn(i64) -> i64) -> Option<i64> {
        if b == 0 {
            return None;
        }
        Some(self.wrapping_div(b))
    }
    #[inline(always)]
    fn div_floor(self, b: i64, _: fn(i64) -> i64) -> Option<i64> {
        if b == 0 {
            return None;
        }
        let q = self.wrapping_div(b);
        if (self < 0) != (b < 0) && self.wrapping_rem(b) != 0 {
            return Some(q.wrapping_sub(1));
        }
        Some(q)
    }
    #[inline(always)]
    fn fmod(self, b: i64) -> Option<i64> {
        if b == 0 {
            return None;
        }
        Some(self.wrapping_rem(b))
    }
    #[inline(always)]
    fn remainder(self, b: i64) -> Option<i64> {
        if b == 0 {
            return None;
        }
        let r = self.wrapping_rem(b);
        if r != 0 && (r < 0) != (b < 0) {
            return Some(r.wrapping_add(b));
        }
        Some(r)
    }
    #[inline(always)]
    fn pow(self, e: i64) -> i64 {
        powi(self, e)
    }
    #[inline(always)]
    fn maximum(self, b: i64) -> i64 {
        if self < b { b } else { self }
    }
    #[inline(always)]
    fn minimum(self, b: i64) -> i64 {
        if b < self { b } else { self }
    }
}

/// ATen's `powi`: square-and-multiply with wrapping; for a negative exponent 1 and -1 keep
/// their magnitude and every other base (0 included) gives 0.
#[inline]
pub fn powi(mut a: i64, mut b: i64) -> i64 {
    if b < 0 {
        return match a {
            1 => 1,
            -1 if b % 2 != 0 => -1,
            -1 => 1,
            _ => 0,
        };
    }
    let mut result: i64 = 1;
    while b != 0 {
        if b & 1 != 0 {
            result = result.wrapping_mul(a);
        }
        b /= 2;
        a = a.wrapping_mul(a);
    }
    result
}

/// Python's floor division on floats, ATen's `div_floor_floating`, with every step rounded by
/// `r`.
#[inline]
pub fn div_floor_float<F: Float>(a: F, b: F, r: fn(F) -> F) -> F {
    if b == F::ZERO {
        return a / b;
    }
    let m = a.fmod(b);
    let mut div = r(r(a - m) / b);
    if m != F::ZERO && (b < F::ZERO) != (m < F::ZERO) {
        div = r(div - F::ONE);
    }
    if div != F::ZERO {
        let mut fd = div.floor();
        if r(div - fd) > F::from_f64(0.5) {
            fd = r(fd + F::ONE);
        }
        fd
    } else {
        F::ZERO.copysign(r(a / b))
    }
}

/// Python's `%` on floats: `fmod`, moved into the divisor's sign.
#[inline]
pub fn remainder_float<F: Float>(a: F, b: F) -> F {
    let m = a.fmod(b);
    if m != F::ZERO && (b < F::ZERO) != (m < F::ZERO) {
        m + b
    } else {
        m
    }
}

macro_rules! float_num {
    ($t:ty, $rounder:expr) => {
        impl Num for $t {
            fn rounder(dtype: ScalarType) -> fn($t) -> $t {
                $rounder(dtype)
            }
            #[inline(always)]
            fn div_true(self, b: $t) -> Option<$t> {
                Some(self / b)
            }
            #[inline(always)]
            fn div_trunc(self, b: $t, r: fn($t) -> $t) -> Option<$t> {
                Some(Float::trunc(r(self / b)))
            }
            #[inline(always)]
            fn div_floor(self, b: $t, r: fn($t) -> $t) -> Option<$t> {
                Some(div_floor_float(self, b, r))
            }
            #[inline(always)]
            fn fmod(self, b: $t) -> Option<$t> {
                Some(Float::fmod(self, b))
            }
            #[inline(always)]
            fn remainder(self, b: $t) -> Option<$t> {
                Some(remainder_float(self, b))
            }
            #[inline(always)]
            fn pow(self, e: $t) -> $t {
                Float::powf(self, e)
            }
            #[inline(always)]
            fn maximum(self, b: $t) -> $t {
                if self.is_nan() || b.is_nan() {
                    <$t>::NAN
                } else if self < b {
                    b
                } else {
                    self
                }
            }
            #[inline(always)]
            fn minimum(self, b: $t) -> $t {
                if self.is_nan() || b.is_nan() {
                    <$t>::NAN
                } else if b < self {
                    b
                } else {
                    self
                }
            }
        }
    };
}
// f32 holds Half and BFloat16 values: their arithmetic rounds each step through the dtype.
float_num!(f32, reduced_rounder);
float_num!(f64, f64_rounder);

fn f64_rounder(_: ScalarType) -> fn(f64) -> f64 {
    identity::<f64>
}

/// `a + alpha * b` (`alpha` is the kernel's parameter), wrapping for integers.
#[derive(Clone, Copy)]
pub(crate) struct Axpy;

impl Kernel for Axpy {
    const COMPLEX: OnComplex = OnComplex::All;
    /// ComplexHalf rounds `alpha * b` to ComplexHalf before the sum (c10::complex<Half>).
    fn apply_complex<T: Float>(
        self,
        a: Complex<T>,
        b: Complex<T>,
        cx: &Ctx<Complex<T>>,
    ) -> Complex<T> {
        a + (cx.round)(cx.param * b)
    }
    #[inline(always)]
    fn apply<C: Num>(self, a: C, b: C, cx: &Ctx<C>) -> Option<C> {
        Some(a.wrapping_add(cx.param.wrapping_mul(b)))
    }
}
