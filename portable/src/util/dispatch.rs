//! Choosing the compute type for a dtype.
//!
//! Integers (and Bool, where an op computes on it arithmetically) compute in `i64` and wrap on
//! store; Half, BFloat16 and Float compute in `f32` (rounded once, on store); Double in `f64`.
//! An op's inner loop is therefore compiled three times, not once per dtype combination.
//! The dispatch that includes the complex dtypes, `dispatch_arith!`, is the complex type's
//! (`util::complex`).

use etk_core::{ScalarType, bf16, f16};

/// Runs `$body` with `$C` bound to the compute type of `$dtype` (`i64`, `f32` or `f64`).
/// Complex and the barebones unsigned dtypes evaluate `$unsupported`.
#[macro_export]
macro_rules! dispatch_compute {
    ($dtype:expr, $C:ident => $body:expr, _ => $unsupported:expr) => {
        match $crate::util::dispatch::compute_class($dtype) {
            Some($crate::util::dispatch::ComputeClass::Int) => {
                type $C = i64;
                $body
            }
            Some($crate::util::dispatch::ComputeClass::F32) => {
                type $C = f32;
                $body
            }
            Some($crate::util::dispatch::ComputeClass::F64) => {
                type $C = f64;
                $body
            }
            None => $unsupported,
        }
    };
}

/// Runs `$body` with `$C` bound to the floating compute type of `$dtype` (`f64` for Double,
/// `f32` otherwise).
#[macro_export]
macro_rules! dispatch_float {
    ($dtype:expr, $C:ident => $body:expr) => {
        if $dtype == etk_core::ScalarType::Double {
            type $C = f64;
            $body
        } else {
            type $C = f32;
            $body
        }
    };
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ComputeClass {
    Int,
    F32,
    F64,
}

pub fn compute_class(dtype: ScalarType) -> Option<ComputeClass> {
    use ScalarType::*;
    match dtype {
        Bool | Byte | Char | Short | Int | Long => Some(ComputeClass::Int),
        Half | BFloat16 | Float => Some(ComputeClass::F32),
        Double => Some(ComputeClass::F64),
        _ => None,
    }
}

/// Half and BFloat16, which compute in f32 (ATen's `isReducedFloatingType`).
pub fn is_reduced_float(dtype: ScalarType) -> bool {
    matches!(dtype, ScalarType::Half | ScalarType::BFloat16)
}

/// The function that rounds an f32 value as storing it in `dtype` would: through Half or
/// BFloat16 for those dtypes, unchanged for every other. For the ATen kernels that compute in
/// Half/BFloat16 arithmetic, rounding after every step (div's rounding modes, logit, pow's
/// products).
pub fn reduced_rounder(dtype: ScalarType) -> fn(f32) -> f32 {
    match dtype {
        ScalarType::Half => |v| f16::from_f32(v).to_f32(),
        ScalarType::BFloat16 => |v| bf16::from_f32(v).to_f32(),
        _ => identity,
    }
}

/// The rounder of a compute type that holds its dtype exactly.
pub fn identity<C>(v: C) -> C {
    v
}

/// Floating math on both compute types, so one generic kernel body serves f32 and f64.
pub trait Float:
    etk_core::Compute
    + core::ops::Add<Output = Self>
    + core::ops::Sub<Output = Self>
    + core::ops::Mul<Output = Self>
    + core::ops::Div<Output = Self>
    + core::ops::Neg<Output = Self>
{
    const ZERO: Self;
    const ONE: Self;
    const NAN: Self;
    const INFINITY: Self;
    fn from_f64(v: f64) -> Self;
    fn to_f64(self) -> f64;
    fn is_nan(self) -> bool;
    fn abs(self) -> Self;
    fn sqrt(self) -> Self;
    fn exp(self) -> Self;
    fn expm1(self) -> Self;
    fn ln(self) -> Self;
    fn ln_1p(self) -> Self;
    fn log2(self) -> Self;
    fn log10(self) -> Self;
    fn sin(self) -> Self;
    fn cos(self) -> Self;
    fn tan(self) -> Self;
    fn asin(self) -> Self;
    fn acos(self) -> Self;
    fn atan(self) -> Self;
    fn atan2(self, other: Self) -> Self;
    fn sinh(self) -> Self;
    fn cosh(self) -> Self;
    fn tanh(self) -> Self;
    fn asinh(self) -> Self;
    fn acosh(self) -> Self;
    fn atanh(self) -> Self;
    fn erf(self) -> Self;
    fn floor(self) -> Self;
    fn ceil(self) -> Self;
    fn trunc(self) -> Self;
    /// Round half to even (ATen's `round`, C's `nearbyint`).
    fn round_even(self) -> Self;
    fn powf(self, e: Self) -> Self;
    /// `sqrt(self² + other²)` without undue overflow (C's `hypot`).
    fn hypot(self, other: Self) -> Self;
    /// `self * a + b` rounded once (C's `fma`).
    fn mul_add(self, a: Self, b: Self) -> Self;
    fn fmod(self, other: Self) -> Self;
    fn copysign(self, sign: Self) -> Self;
}

macro_rules! float_impl {
    ($t:ty, $s:ident) => {
        impl Float for $t {
            const ZERO: Self = 0.0;
            const ONE: Self = 1.0;
            const NAN: Self = <$t>::NAN;
            const INFINITY: Self = <$t>::INFINITY;
            #[inline(always)]
            fn from_f64(v: f64) -> Self {
                v as $t
            }
            #[inline(always)]
            fn to_f64(self) -> f64 {
                self as f64
            }
            #[inline(always)]
            fn is_nan(self) -> bool {
                <$t>::is_nan(self)
            }
            #[inline(always)]
            fn abs(self) -> Self {
                <$t>::abs(self)
            }
            #[inline(always)]
            fn copysign(self, sign: Self) -> Self {
                <$t>::copysign(self, sign)
            }
            float_impl!(@libm $s);
        }
    };
    (@libm f32) => {
        fn sqrt(self) -> Self { libm::sqrtf(self) }
        fn exp(self) -> Self { libm::expf(self) }
        fn expm1(self) -> Self { libm::expm1f(self) }
        fn ln(self) -> Self { libm::logf(self) }
        fn ln_1p(self) -> Self { libm::log1pf(self) }
        fn log2(self) -> Self { libm::log2f(self) }
        fn log10(self) -> Self { libm::log10f(self) }
        fn sin(self) -> Self { libm::sinf(self) }
        fn cos(self) -> Self { libm::cosf(self) }
        fn tan(self) -> Self { libm::tanf(self) }
        fn asin(self) -> Self { libm::asinf(self) }
        fn acos(self) -> Self { libm::acosf(self) }
        fn atan(self) -> Self { libm::atanf(self) }
        fn atan2(self, o: Self) -> Self { libm::atan2f(self, o) }
        fn sinh(self) -> Self { libm::sinhf(self) }
        fn cosh(self) -> Self { libm::coshf(self) }
        fn tanh(self) -> Self { libm::tanhf(self) }
        fn asinh(self) -> Self { libm::asinhf(self) }
        // libm's acosh returns -inf instead of NaN for some x < 1 (e.g. -128).
        fn acosh(self) -> Self { if self < 1.0 { Self::NAN } else { libm::acoshf(self) } }
        fn atanh(self) -> Self { libm::atanhf(self) }
        fn erf(self) -> Self { libm::erff(self) }
        fn floor(self) -> Self { libm::floorf(self) }
        fn ceil(self) -> Self { libm::ceilf(self) }
        fn trunc(self) -> Self { libm::truncf(self) }
        fn round_even(self) -> Self { libm::rintf(self) }
        fn powf(self, e: Self) -> Self { libm::powf(self, e) }
        fn mul_add(self, a: Self, b: Self) -> Self { libm::fmaf(self, a, b) }
        fn hypot(self, o: Self) -> Self { libm::hypotf(self, o) }
        fn fmod(self, o: Self) -> Self { libm::fmodf(self, o) }
    };
    (@libm f64) => {
        fn sqrt(self) -> Self { libm::sqrt(self) }
        fn exp(self) -> Self { libm::exp(self) }
        fn expm1(self) -> Self { libm::expm1(self) }
        fn ln(self) -> Self { libm::log(self) }
        fn ln_1p(self) -> Self { libm::log1p(self) }
        fn log2(self) -> Self { libm::log2(self) }
        fn log10(self) -> Self { libm::log10(self) }
        fn sin(self) -> Self { libm::sin(self) }
        fn cos(self) -> Self { libm::cos(self) }
        fn tan(self) -> Self { libm::tan(self) }
        fn asin(self) -> Self { libm::asin(self) }
        fn acos(self) -> Self { libm::acos(self) }
        fn atan(self) -> Self { libm::atan(self) }
        fn atan2(self, o: Self) -> Self { libm::atan2(self, o) }
        fn sinh(self) -> Self { libm::sinh(self) }
        fn cosh(self) -> Self { libm::cosh(self) }
        fn tanh(self) -> Self { libm::tanh(self) }
        fn asinh(self) -> Self { libm::asinh(self) }
        fn acosh(self) -> Self { if self < 1.0 { Self::NAN } else { libm::acosh(self) } }
        fn atanh(self) -> Self { libm::atanh(self) }
        fn erf(self) -> Self { libm::erf(self) }
        fn floor(self) -> Self { libm::floor(self) }
        fn ceil(self) -> Self { libm::ceil(self) }
        fn trunc(self) -> Self { libm::trunc(self) }
        fn round_even(self) -> Self { libm::rint(self) }
        fn powf(self, e: Self) -> Self { libm::pow(self, e) }
        fn mul_add(self, a: Self, b: Self) -> Self { libm::fma(self, a, b) }
        fn hypot(self, o: Self) -> Self { libm::hypot(self, o) }
        fn fmod(self, o: Self) -> Self { libm::fmod(self, o) }
    };
}
float_impl!(f32, f32);
float_impl!(f64, f64);

/// Arithmetic that wraps on integers and is ordinary on floats.
pub trait Arith: etk_core::Compute {
    fn wrapping_add(self, o: Self) -> Self;
    fn wrapping_sub(self, o: Self) -> Self;
    fn wrapping_mul(self, o: Self) -> Self;
}
impl Arith for i64 {
    fn wrapping_add(self, o: Self) -> Self {
        i64::wrapping_add(self, o)
    }
    fn wrapping_sub(self, o: Self) -> Self {
        i64::wrapping_sub(self, o)
    }
    fn wrapping_mul(self, o: Self) -> Self {
        i64::wrapping_mul(self, o)
    }
}
macro_rules! float_arith {
    ($t:ty) => {
        impl Arith for $t {
            fn wrapping_add(self, o: Self) -> Self {
                self + o
            }
            fn wrapping_sub(self, o: Self) -> Self {
                self - o
            }
            fn wrapping_mul(self, o: Self) -> Self {
                self * o
            }
        }
    };
}
float_arith!(f32);
float_arith!(f64);
