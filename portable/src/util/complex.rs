//! The complex number: the compute types `Complex<f32>` (ComplexHalf, ComplexFloat) and
//! `Complex<f64>` (ComplexDouble) with the arithmetic of `c10::complex`, their part types
//! ([`Part`]), and the load/store thunks between complex elements and compute values. The
//! functions of a complex variable (exp, log, the trigonometric ones, pow) are in
//! `util::complex_math`; how a kernel reaches complex and real elements alike, and the
//! elementwise maps over them, in `util::access`.
//!
//! Conversions are C++'s `static_cast` as c10 defines it: a real value becomes `(x, 0)`, a
//! complex value stored into a real dtype keeps its real part, except into Bool, where it is
//! true when either part is non-zero. A complex element is two elements of its part dtype
//! (real first), aligned only to the part.

use crate::util::dispatch::{Arith, Float};
use etk_core::element::{Element, LoadFn, StoreFn};
use etk_core::{Compute, ScalarType, f16};

/// Runs `$body` with `$C` bound to the compute type of `$dtype`, complex dtypes included:
/// `i64`, `f32`, `f64`, `Complex<f32>` (ComplexHalf, ComplexFloat) or `Complex<f64>`
/// (ComplexDouble). The body reaches elements through [`Access`](crate::util::access::Access).
/// The barebones unsigned dtypes evaluate `$unsupported`.
#[macro_export]
macro_rules! dispatch_arith {
    ($dtype:expr, $C:ident => $body:expr, _ => $unsupported:expr) => {
        match $dtype {
            etk_core::ScalarType::ComplexHalf | etk_core::ScalarType::ComplexFloat => {
                type $C = $crate::util::complex::Complex<f32>;
                $body
            }
            etk_core::ScalarType::ComplexDouble => {
                type $C = $crate::util::complex::Complex<f64>;
                $body
            }
            d => $crate::dispatch_compute!(d, $C => $body, _ => $unsupported),
        }
    };
}

/// A complex value. `PartialOrd` (lexicographic) only because `Compute` requires it: no kernel
/// orders complex values (the ordering ops reject complex dtypes, as ATen).
#[derive(Clone, Copy, Debug, Default, PartialEq, PartialOrd)]
pub struct Complex<T> {
    pub re: T,
    pub im: T,
}

impl<T: Float> Complex<T> {
    pub fn new(re: T, im: T) -> Self {
        Complex { re, im }
    }
    /// `self / n` part by part, as ATen's mean divides a complex sum by its count.
    pub fn div_real(self, n: T) -> Self {
        Complex::new(self.re / n, self.im / n)
    }
    pub fn is_nan(self) -> bool {
        self.re.is_nan() || self.im.is_nan()
    }
}

impl<T: Float> core::ops::Add for Complex<T> {
    type Output = Self;
    fn add(self, o: Self) -> Self {
        Complex::new(self.re + o.re, self.im + o.im)
    }
}
impl<T: Float> core::ops::Sub for Complex<T> {
    type Output = Self;
    fn sub(self, o: Self) -> Self {
        Complex::new(self.re - o.re, self.im - o.im)
    }
}
impl<T: Float> core::ops::Mul for Complex<T> {
    type Output = Self;
    /// c10's `operator*`: `(ac - bd) + (ad + bc)i`, no special handling of infinities.
    fn mul(self, o: Self) -> Self {
        Complex::new(
            self.re * o.re - self.im * o.im,
            self.re * o.im + self.im * o.re,
        )
    }
}
impl<T: Float> core::ops::AddAssign for Complex<T> {
    fn add_assign(&mut self, o: Self) {
        *self = *self + o;
    }
}

impl<T: Float> core::ops::Neg for Complex<T> {
    type Output = Self;
    fn neg(self) -> Self {
        Complex::new(-self.re, -self.im)
    }
}
impl<T: Float> core::ops::Div for Complex<T> {
    type Output = Self;
    /// c10's `operator/=` (Smith's algorithm, numpy's), with the multiply-adds fused as GCC
    /// contracts them in ATen's x86-64 CPU kernels: bit-exact with torch's ComplexFloat and
    /// ComplexDouble division. `x / 0` divides each part by zero (inf or NaN per part).
    fn div(self, o: Self) -> Self {
        let (a, b, c, d) = (self.re, self.im, o.re, o.im);
        let (abs_c, abs_d) = (c.abs(), d.abs());
        if abs_c >= abs_d {
            if abs_c == T::ZERO && abs_d == T::ZERO {
                return Complex::new(a / abs_c, b / abs_d);
            }
            let rat = d / c;
            let scl = T::ONE / d.mul_add(rat, c);
            Complex::new(b.mul_add(rat, a) * scl, (-a).mul_add(rat, b) * scl)
        } else {
            let rat = c / d;
            let scl = T::ONE / c.mul_add(rat, d);
            Complex::new(a.mul_add(rat, b) * scl, b.mul_add(rat, -a) * scl)
        }
    }
}

/// Rounds both parts through Half: ComplexHalf arithmetic (`c10::complex<Half>`) computed in
/// `Complex<f32>`.
pub fn round_half(c: Complex<f32>) -> Complex<f32> {
    let r = |v: f32| f16::from_f32(v).to_f32();
    Complex::new(r(c.re), r(c.im))
}

/// The part types of the complex compute types.
pub trait Part: Float {
    /// The smallest normal value.
    const MIN_NORMAL: Self;
    const MAX: Self;
    /// `(int)((MAX_EXP - 1) * ln 2)`: the largest real part whose `exp` glibc's `cexp` takes
    /// directly (88 for float, 709 for double).
    const EXP_LIMIT: Self;
    /// `(MANT_DIG + 1) / 2`: the power of two glibc's `csqrt` scales subnormal inputs by.
    const HALF_MANT: i32;
    const EPSILON: Self;
    /// The rounding of a value cast to complex `dtype` (through Half for ComplexHalf, which
    /// computes in `Complex<f32>`).
    fn rounder(dtype: ScalarType) -> fn(Complex<Self>) -> Complex<Self>;
}
impl Part for f32 {
    const MIN_NORMAL: f32 = f32::MIN_POSITIVE;
    const MAX: f32 = f32::MAX;
    const EXP_LIMIT: f32 = 88.0;
    const HALF_MANT: i32 = 12;
    const EPSILON: f32 = f32::EPSILON;
    fn rounder(dtype: ScalarType) -> fn(Complex<f32>) -> Complex<f32> {
        if dtype == ScalarType::ComplexHalf {
            round_half
        } else {
            crate::util::dispatch::identity
        }
    }
}
impl Part for f64 {
    const MIN_NORMAL: f64 = f64::MIN_POSITIVE;
    const MAX: f64 = f64::MAX;
    const EXP_LIMIT: f64 = 709.0;
    const HALF_MANT: i32 = 27;
    const EPSILON: f64 = f64::EPSILON;
    fn rounder(_: ScalarType) -> fn(Complex<f64>) -> Complex<f64> {
        crate::util::dispatch::identity
    }
}

/// Runs `$body` with `$T` bound to the part type of the compute type of complex `$dtype`
/// (`f32` for ComplexHalf and ComplexFloat, `f64` for ComplexDouble); real dtypes evaluate
/// `$real`.
#[macro_export]
macro_rules! dispatch_complex {
    ($dtype:expr, $T:ident => $body:expr, _ => $real:expr) => {
        match $dtype {
            etk_core::ScalarType::ComplexHalf | etk_core::ScalarType::ComplexFloat => {
                type $T = f32;
                $body
            }
            etk_core::ScalarType::ComplexDouble => {
                type $T = f64;
                $body
            }
            _ => $real,
        }
    };
}

/// A (real) Scalar as ATen holds it after the cast to complex `dtype`: `(x, 0)`, `x` cast to
/// the part dtype (a ComplexHalf operand rounds through Half).
pub fn scalar_to_complex<T: Float>(s: &etk_core::Scalar, dtype: ScalarType) -> Complex<T> {
    Complex::new(s.cast_to::<T>(dtype.to_real()), T::ZERO)
}

macro_rules! complex_compute {
    ($t:ty, $dt:ident) => {
        impl Compute for Complex<$t> {
            const DTYPE: ScalarType = ScalarType::$dt;
            #[inline(always)]
            fn load<E: Element>(e: E) -> Self {
                Complex::new(<$t>::load(e), 0.0)
            }
            #[inline(always)]
            fn store<E: Element>(self) -> E {
                if E::DTYPE == ScalarType::Bool {
                    return E::from_bool(self.re != 0.0 || self.im != 0.0);
                }
                self.re.store()
            }
        }
        impl Arith for Complex<$t> {
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
complex_compute!(f32, ComplexFloat);
complex_compute!(f64, ComplexDouble);

/// Reads complex elements of part type `E`, `stride` complex elements apart.
pub(crate) unsafe fn load_pairs<E: Element, T: Compute>(
    src: *const u8,
    stride: isize,
    dst: &mut [Complex<T>],
) {
    let p = src as *const E;
    for (i, d) in dst.iter_mut().enumerate() {
        // SAFETY: the caller guarantees complex element `i * stride` is readable: its two parts
        // are consecutive `E`s, aligned for `E`.
        unsafe {
            let q = p.offset(2 * i as isize * stride);
            *d = Complex {
                re: T::load(*q),
                im: T::load(*q.add(1)),
            };
        }
    }
}

/// Writes complex elements of part type `E`, `stride` complex elements apart.
pub(crate) unsafe fn store_pairs<E: Element, T: Compute>(
    dst: *mut u8,
    stride: isize,
    src: &[Complex<T>],
) {
    let p = dst as *mut E;
    for (i, c) in src.iter().enumerate() {
        // SAFETY: as in `load_pairs`, for a writable element.
        unsafe {
            let q = p.offset(2 * i as isize * stride);
            *q = c.re.store();
            *q.add(1) = c.im.store();
        }
    }
}

/// The loader of a complex dtype's elements as truth values (either part non-zero), `None`
/// for real dtypes.
pub fn truth_loader(dt: ScalarType) -> Option<LoadFn<bool>> {
    unsafe fn truth<E: Element>(src: *const u8, stride: isize, dst: &mut [bool]) {
        let p = src as *const E;
        for (i, d) in dst.iter_mut().enumerate() {
            // SAFETY: as in `load_pairs`.
            unsafe {
                let q = p.offset(2 * i as isize * stride);
                *d = (*q).to_bool() || (*q.add(1)).to_bool();
            }
        }
    }
    match dt {
        ScalarType::ComplexHalf => Some(truth::<f16>),
        ScalarType::ComplexFloat => Some(truth::<f32>),
        ScalarType::ComplexDouble => Some(truth::<f64>),
        _ => None,
    }
}

/// The loader of a complex dtype's elements into a real compute type (their real part, as
/// `static_cast` from c10::complex), `None` for real dtypes.
pub fn real_loader<C: Compute>(dt: ScalarType) -> Option<LoadFn<C>> {
    unsafe fn re<E: Element, C: Compute>(src: *const u8, stride: isize, dst: &mut [C]) {
        let p = src as *const E;
        for (i, d) in dst.iter_mut().enumerate() {
            // SAFETY: as in `load_pairs`.
            *d = C::load(unsafe { *p.offset(2 * i as isize * stride) });
        }
    }
    match dt {
        ScalarType::ComplexHalf => Some(re::<f16, C>),
        ScalarType::ComplexFloat => Some(re::<f32, C>),
        ScalarType::ComplexDouble => Some(re::<f64, C>),
        _ => None,
    }
}

/// The storer of a real compute type into a complex dtype (`(x, 0)`), `None` for real dtypes.
pub fn real_storer<C: Compute>(dt: ScalarType) -> Option<StoreFn<C>> {
    unsafe fn st<E: Element, C: Compute>(dst: *mut u8, stride: isize, src: &[C]) {
        let p = dst as *mut E;
        for (i, c) in src.iter().enumerate() {
            // SAFETY: as in `store_pairs`.
            unsafe {
                let q = p.offset(2 * i as isize * stride);
                *q = c.store();
                *q.add(1) = E::default();
            }
        }
    }
    match dt {
        ScalarType::ComplexHalf => Some(st::<f16, C>),
        ScalarType::ComplexFloat => Some(st::<f32, C>),
        ScalarType::ComplexDouble => Some(st::<f64, C>),
        _ => None,
    }
}

/// The error of an op ATen defines for real dtypes only (ordering, ranges): `Err` for a
/// complex `dt`.
pub fn reject_complex(op: &'static str, arg: &'static str, dt: ScalarType) -> etk_core::Result<()> {
    if dt.is_complex() {
        return Err(etk_core::Error::dtype(
            op,
            arg,
            "a real dtype (ATen has no complex kernel for this op)",
            dt,
        ));
    }
    Ok(())
}
