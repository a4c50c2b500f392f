//! The complex compute types: `Complex<f32>` (ComplexHalf, ComplexFloat) and `Complex<f64>`
//! (ComplexDouble), with the arithmetic of `c10::complex` and the load/store thunks between
//! them and every dtype.
//!
//! Conversions are C++'s `static_cast` as c10 defines it: a real value becomes `(x, 0)`, a
//! complex value stored into a real dtype keeps its real part, except into Bool, where it is
//! true when either part is non-zero. A complex element is two elements of its part dtype
//! (real first), aligned only to the part.

use crate::util::dispatch::{Access, Arith, Float};
use etk_core::element::{Element, LoadFn, StoreFn, loader, storer};
use etk_core::{Compute, ScalarType, f16};

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

/// `e^z` as glibc's `cexp` computes it (ATen's complex `exp` is `std::exp`): `e^re` times
/// `(cos im, sin im)`, scaled in steps so that a large real part overflows only when the
/// result does, and C99 Annex G's special values.
pub fn exp<T: Part>(z: Complex<T>) -> Complex<T> {
    let (re, im) = (z.re, z.im);
    let finite = |v: T| v.abs() <= T::MAX;
    let sincos = |v: T| {
        if v.abs() > T::MIN_NORMAL {
            (v.sin(), v.cos())
        } else {
            (v, T::ONE)
        }
    };
    if finite(re) {
        if !finite(im) {
            return Complex::new(T::NAN, T::NAN);
        }
        let (mut s, mut c) = sincos(im);
        let t = T::EXP_LIMIT;
        let mut re = re;
        if re > t {
            let et = t.exp();
            re = re - t;
            s = s * et;
            c = c * et;
            if re > t {
                re = re - t;
                s = s * et;
                c = c * et;
            }
        }
        if re > t {
            return Complex::new(T::MAX * c, T::MAX * s);
        }
        let ev = re.exp();
        return Complex::new(ev * c, ev * s);
    }
    if re.is_nan() {
        return Complex::new(T::NAN, if im == T::ZERO { im } else { T::NAN });
    }
    // re is infinite
    let positive = re > T::ZERO;
    if finite(im) {
        let value = if positive { T::INFINITY } else { T::ZERO };
        if im == T::ZERO {
            return Complex::new(value, im);
        }
        let (s, c) = sincos(im);
        return Complex::new(value.copysign(c), value.copysign(s));
    }
    if positive {
        // glibc: `im - im`, NaN for an infinite or NaN `im`
        Complex::new(T::INFINITY, T::NAN)
    } else {
        Complex::new(T::ZERO, T::ZERO.copysign(im))
    }
}

/// The principal square root as glibc's `csqrt` computes it (ATen's complex `sqrt` is
/// `std::sqrt`): `sqrt((|z| ± re) / 2)` for the larger part and `im / 2r` for the other,
/// inputs scaled by powers of two near overflow and underflow, and C99 Annex G's special
/// values.
pub fn sqrt<T: Part>(z: Complex<T>) -> Complex<T> {
    let (mut re, mut im) = (z.re, z.im);
    let finite = |v: T| v.abs() <= T::MAX;
    if !finite(re) || !finite(im) {
        if im.abs() == T::INFINITY {
            return Complex::new(T::INFINITY, im);
        }
        if re == -T::INFINITY {
            let r = if im.is_nan() { T::NAN } else { T::ZERO };
            return Complex::new(r, T::INFINITY.copysign(im));
        }
        if re == T::INFINITY {
            let i = if im.is_nan() {
                T::NAN
            } else {
                T::ZERO.copysign(im)
            };
            return Complex::new(T::INFINITY, i);
        }
        return Complex::new(T::NAN, T::NAN);
    }
    let half = T::from_f64(0.5);
    if im == T::ZERO {
        if re < T::ZERO {
            return Complex::new(T::ZERO, (-re).sqrt().copysign(im));
        }
        return Complex::new(re.sqrt().abs(), T::ZERO.copysign(im));
    }
    if re == T::ZERO {
        let two_min = T::MIN_NORMAL + T::MIN_NORMAL;
        let r = if im.abs() >= two_min {
            (half * im.abs()).sqrt()
        } else {
            half * (T::from_f64(2.0) * im.abs()).sqrt()
        };
        return Complex::new(r, r.copysign(im));
    }
    // 2^scale multiplies the result of the scaled input.
    let quarter = T::from_f64(0.25);
    let mut scale = 0;
    if re.abs() > T::MAX * quarter || im.abs() > T::MAX * quarter {
        scale = 1;
        re = re * quarter;
        im = im * quarter;
    } else if re.abs() < T::MIN_NORMAL + T::MIN_NORMAL && im.abs() < T::MIN_NORMAL + T::MIN_NORMAL {
        scale = -T::HALF_MANT;
        let up = T::from_f64(libm::exp2(2.0 * T::HALF_MANT as f64));
        re = re * up;
        im = im * up;
    }
    let d = re.hypot(im);
    let (r, s) = if re > T::ZERO {
        let r = (half * (d + re)).sqrt();
        (r, half * (im / r))
    } else {
        let s = (half * (d - re)).sqrt();
        ((half * (im / s)).abs(), s)
    };
    let k = T::from_f64(libm::exp2(scale as f64));
    Complex::new(r * k, (s * k).copysign(im))
}

/// The principal logarithm as glibc's `clog` computes it (ATen's complex `log` is
/// `std::log`): `(ln|z|, atan2(im, re))`, `ln|z|` through `log1p(|z|² - 1)` where `|z|` is
/// near 1 (the branches of glibc's template), inputs scaled by powers of two near overflow
/// and underflow, and C99 Annex G's special values.
pub fn log<T: Part>(z: Complex<T>) -> Complex<T> {
    let (re, im) = (z.re, z.im);
    if re == T::ZERO && im == T::ZERO {
        let pi = T::from_f64(core::f64::consts::PI);
        let i = if T::ONE.copysign(re) < T::ZERO {
            pi
        } else {
            T::ZERO
        };
        return Complex::new(-T::ONE / re.abs(), i.copysign(im));
    }
    if re.is_nan() || im.is_nan() {
        let r = if re.abs() == T::INFINITY || im.abs() == T::INFINITY {
            T::INFINITY
        } else {
            T::NAN
        };
        return Complex::new(r, T::NAN);
    }
    let (mut x, mut y) = (re.abs(), im.abs());
    if x < y {
        core::mem::swap(&mut x, &mut y);
    }
    let two = T::from_f64(2.0);
    let mut scale = 0i32;
    if x > T::MAX / two {
        scale = -1;
        x = x / two;
        y = if y >= T::MIN_NORMAL * two {
            y / two
        } else {
            T::ZERO
        };
    } else if x < T::MIN_NORMAL && y < T::MIN_NORMAL {
        scale = 2 * T::HALF_MANT;
        let up = T::from_f64(libm::exp2(scale as f64));
        x = x * up;
        y = y * up;
    }
    let half = T::from_f64(0.5);
    let eps = T::EPSILON;
    // |z|² - 1 without cancellation (fused products), for |z| near 1
    let x2y2m1 = |x: T, y: T| y.mul_add(y, x.mul_add(x, -T::ONE));
    let real = if scale == 0 && x == T::ONE {
        (y * y).ln_1p() * half
    } else if scale == 0 && x > T::ONE && x < two && y < T::ONE {
        let d = if y >= eps {
            x2y2m1(x, y)
        } else {
            x.mul_add(x, -T::ONE)
        };
        d.ln_1p() * half
    } else if scale == 0 && x < T::ONE && x >= half && (y < eps * half || x * x + y * y >= half) {
        x2y2m1(x, y).ln_1p() * half
    } else {
        x.hypot(y).ln() - T::from_f64(scale as f64 * core::f64::consts::LN_2)
    };
    Complex::new(real, im.atan2(re))
}

/// `sin` and `cos` of a finite `v` as glibc's complex functions take them (`(v, 1)` below the
/// smallest normal).
fn sincos<T: Part>(v: T) -> (T, T) {
    if v.abs() > T::MIN_NORMAL {
        (v.sin(), v.cos())
    } else {
        (v, T::ONE)
    }
}

/// `(e^|re| / 2) * (c, s)` for a large `|re|`, scaled in steps as glibc's `csinh`/`ccosh` do so
/// that it overflows only when the result does; `None` below the threshold.
fn exp_half_scaled<T: Part>(re: T, c: T, s: T) -> Option<Complex<T>> {
    let t = T::EXP_LIMIT;
    let mut rx = re.abs();
    if rx <= t {
        return None;
    }
    let et = t.exp();
    let half = T::from_f64(0.5);
    rx = rx - t;
    let (mut c, mut s) = (c * (et * half), s * (et * half));
    if rx > t {
        rx = rx - t;
        c = c * et;
        s = s * et;
    }
    if rx > t {
        return Some(Complex::new(T::MAX * c, T::MAX * s));
    }
    let ev = rx.exp();
    Some(Complex::new(ev * c, ev * s))
}

/// `sinh z` as glibc's `csinh` computes it (ATen's complex `sinh` is `std::sinh`):
/// `(sinh re cos im, cosh re sin im)`, scaled for large `|re|`, Annex G's special values.
pub fn sinh<T: Part>(z: Complex<T>) -> Complex<T> {
    let (re, im) = (z.re, z.im);
    let negative = T::ONE.copysign(re) < T::ZERO;
    let finite = |v: T| v.abs() <= T::MAX;
    if finite(re) {
        if finite(im) {
            let (s, mut c) = sincos(im);
            if negative {
                c = -c;
            }
            if let Some(r) = exp_half_scaled(re, c, s) {
                return r;
            }
            let x = re.abs();
            return Complex::new(x.sinh() * c, x.cosh() * s);
        }
        if re == T::ZERO {
            return Complex::new(T::ZERO.copysign(re), T::NAN);
        }
        return Complex::new(T::NAN, T::NAN);
    }
    if re.is_nan() {
        return Complex::new(T::NAN, if im == T::ZERO { im } else { T::NAN });
    }
    // re infinite
    if finite(im) && im != T::ZERO {
        let (s, c) = sincos(im);
        let r = T::INFINITY.copysign(c);
        return Complex::new(if negative { -r } else { r }, T::INFINITY.copysign(s));
    }
    if im == T::ZERO {
        return Complex::new(re, im);
    }
    Complex::new(T::INFINITY, T::NAN)
}

/// `cosh z` as glibc's `ccosh` computes it (ATen's complex `cosh` is `std::cosh`):
/// `(cosh re cos im, sinh re sin im)`, scaled for large `|re|`, Annex G's special values.
pub fn cosh<T: Part>(z: Complex<T>) -> Complex<T> {
    let (re, im) = (z.re, z.im);
    let negative = T::ONE.copysign(re) < T::ZERO;
    let finite = |v: T| v.abs() <= T::MAX;
    if finite(re) {
        if finite(im) {
            let (mut s, c) = sincos(im);
            if negative {
                s = -s;
            }
            if let Some(r) = exp_half_scaled(re, c, s) {
                return r;
            }
            let x = re.abs();
            return Complex::new(x.cosh() * c, x.sinh() * s);
        }
        let i = if re == T::ZERO { T::ZERO } else { T::NAN };
        return Complex::new(T::NAN, i);
    }
    if re.is_nan() {
        return Complex::new(T::NAN, if im == T::ZERO { im } else { T::NAN });
    }
    // re infinite
    if finite(im) && im != T::ZERO {
        let (s, c) = sincos(im);
        let i = T::INFINITY.copysign(s);
        return Complex::new(T::INFINITY.copysign(c), if negative { -i } else { i });
    }
    if im == T::ZERO {
        return Complex::new(T::INFINITY, if negative { -im } else { im });
    }
    Complex::new(T::INFINITY, T::NAN)
}

/// `sin z = -i sinh(iz)` (C99's definition of `csin`, which glibc's follows), except where
/// Annex G leaves a sign unspecified: glibc's `csin(±inf or NaN ± i inf)` is `NaN + i inf`.
pub fn sin<T: Part>(z: Complex<T>) -> Complex<T> {
    if (z.re.abs() > T::MAX || z.re.is_nan()) && z.im.abs() == T::INFINITY {
        return Complex::new(T::NAN, T::INFINITY);
    }
    let w = sinh(Complex::new(-z.im, z.re));
    Complex::new(w.im, -w.re)
}

/// `cos z = cosh(iz)` (C99's definition of `ccos`, which glibc's follows).
pub fn cos<T: Part>(z: Complex<T>) -> Complex<T> {
    cosh(Complex::new(-z.im, z.re))
}

/// `tanh z` as glibc's `ctanh` computes it (ATen's complex `tanh` is `std::tanh`):
/// `(sinh re cosh re, sin im cos im) / (sinh² re + cos² im)`, `±1` with a scaled imaginary
/// part once `|re|` passes half the exponent range, Annex G's special values.
pub fn tanh<T: Part>(z: Complex<T>) -> Complex<T> {
    let (re, im) = (z.re, z.im);
    let finite = |v: T| v.abs() <= T::MAX;
    if !finite(re) || !finite(im) {
        if re.abs() == T::INFINITY {
            let i = if finite(im) && im.abs() > T::ONE {
                let (s, c) = sincos(im);
                T::ZERO.copysign(s * c)
            } else {
                T::ZERO.copysign(im)
            };
            return Complex::new(T::ONE.copysign(re), i);
        }
        if im == T::ZERO {
            return z;
        }
        if re == T::ZERO {
            // glibc 2.28+ (C's DR 471): `±0 + i inf or NaN` is `±0 + i NaN`
            return Complex::new(re, T::NAN);
        }
        return Complex::new(T::NAN, T::NAN);
    }
    let (s, c) = sincos(im);
    // (MAX_EXP - 1) * ln 2 / 2
    let t = T::from_f64(libm::trunc(T::EXP_LIMIT.to_f64() / 2.0));
    if re.abs() > t {
        let exp_2t = (t + t).exp();
        let rx = re.abs() - t;
        let mut i = T::from_f64(4.0) * s * c / exp_2t;
        i = if rx > t {
            i / exp_2t
        } else {
            i / (rx + rx).exp()
        };
        return Complex::new(T::ONE.copysign(re), i);
    }
    let (sh, ch) = if re.abs() > T::MIN_NORMAL {
        (re.sinh(), re.cosh())
    } else {
        (re, T::ONE)
    };
    let den = if sh.abs() > c.abs() * T::EPSILON {
        sh * sh + c * c
    } else {
        c * c
    };
    Complex::new(sh * ch / den, s * c / den)
}

/// `tan z = -i tanh(iz)` (glibc's `ctan` is `ctanh`'s template with the parts swapped).
pub fn tan<T: Part>(z: Complex<T>) -> Complex<T> {
    let w = tanh(Complex::new(-z.im, z.re));
    Complex::new(w.im, -w.re)
}

fn pi<T: Part>() -> T {
    T::from_f64(core::f64::consts::PI)
}
fn pi_2<T: Part>() -> T {
    T::from_f64(core::f64::consts::FRAC_PI_2)
}
fn pi_4<T: Part>() -> T {
    T::from_f64(core::f64::consts::FRAC_PI_4)
}

/// `log 2z`, the value of `acosh z` (and, in the right half-plane, of `asinh z`) to within
/// `1/4z²`, for `|re|` or `|im|` past `1/ε` (glibc's threshold), where Kahan's products of
/// square roots would overflow; `None` below it.
fn log2z<T: Part>(z: Complex<T>) -> Option<Complex<T>> {
    let big = T::ONE / T::EPSILON;
    if z.re.abs() < big && z.im.abs() < big {
        return None;
    }
    let l = log(z);
    Some(Complex::new(
        l.re + T::from_f64(core::f64::consts::LN_2),
        l.im,
    ))
}

fn acosh_large<T: Part>(z: Complex<T>) -> Option<Complex<T>> {
    log2z(z)
}

/// `asinh` is odd in each part: `log 2|z|` on the first quadrant, the signs put back.
fn asinh_large<T: Part>(z: Complex<T>) -> Option<Complex<T>> {
    let w = log2z(Complex::new(z.re.abs(), z.im.abs()))?;
    Some(Complex::new(w.re.copysign(z.re), w.im.copysign(z.im)))
}

/// `asin` of a finite `z` by Kahan's formula ("Branch cuts for complex elementary
/// functions"): `(atan2(re, Re(√(1-z)√(1+z))), asinh Im(conj(√(1-z))√(1+z)))`, which never
/// squares `z` (no overflow) and keeps the branch cuts' signed zeros.
fn asin_finite<T: Part>(z: Complex<T>) -> Complex<T> {
    if let Some(w) = asinh_large(Complex::new(-z.im, z.re)) {
        return Complex::new(w.im, -w.re);
    }
    let s1 = sqrt(Complex::new(T::ONE - z.re, -z.im));
    let s2 = sqrt(Complex::new(T::ONE + z.re, z.im));
    let r = z.re.atan2(s1.re * s2.re - s1.im * s2.im);
    let i = (s1.re * s2.im - s1.im * s2.re).asinh();
    Complex::new(r, i)
}

/// `asinh z` with glibc's `casinh` special values; finite arguments as `-i asin(iz)`.
pub fn asinh<T: Part>(z: Complex<T>) -> Complex<T> {
    let (re, im) = (z.re, z.im);
    let finite = |v: T| v.abs() <= T::MAX;
    if im.abs() == T::INFINITY {
        let i = if re.is_nan() {
            T::NAN
        } else if finite(re) {
            pi_2::<T>().copysign(im)
        } else {
            pi_4::<T>().copysign(im)
        };
        return Complex::new(T::INFINITY.copysign(re), i);
    }
    if !finite(re) {
        let keep = (re.abs() == T::INFINITY && !im.is_nan()) || (re.is_nan() && im == T::ZERO);
        return Complex::new(re, if keep { T::ZERO.copysign(im) } else { T::NAN });
    }
    if im.is_nan() {
        return Complex::new(T::NAN, T::NAN);
    }
    if re == T::ZERO && im == T::ZERO {
        return z;
    }
    let w = asin_finite(Complex::new(-im, re));
    Complex::new(w.im, -w.re)
}

/// `asin z` with glibc's `casin` special values (`-i asinh(iz)` elsewhere).
pub fn asin<T: Part>(z: Complex<T>) -> Complex<T> {
    if z.is_nan() {
        if z.re == T::ZERO {
            return z;
        }
        if z.re.abs() == T::INFINITY || z.im.abs() == T::INFINITY {
            return Complex::new(T::NAN, T::INFINITY.copysign(z.im));
        }
        return Complex::new(T::NAN, T::NAN);
    }
    let w = asinh(Complex::new(-z.im, z.re));
    Complex::new(w.im, -w.re)
}

/// `acos z` as glibc's `cacos`: `π/2 - asin z` for the special values and zero, Kahan's
/// formula `(2 atan2(Re √(1-z), Re √(1+z)), asinh Im(conj(√(1+z))√(1-z)))` elsewhere.
pub fn acos<T: Part>(z: Complex<T>) -> Complex<T> {
    let finite = |v: T| v.abs() <= T::MAX;
    if !finite(z.re) || !finite(z.im) || (z.re == T::ZERO && z.im == T::ZERO) {
        let y = asin(z);
        let mut r = pi_2::<T>() - y.re;
        if r == T::ZERO {
            r = T::ZERO;
        }
        return Complex::new(r, -y.im);
    }
    if let Some(a) = acosh_large(z) {
        // acos z = ∓i acosh z, the sign that of `im` (glibc's `cacos` through its kernel)
        return if T::ONE.copysign(z.im) < T::ZERO {
            Complex::new(-a.im, a.re)
        } else {
            Complex::new(a.im, -a.re)
        };
    }
    let s1 = sqrt(Complex::new(T::ONE - z.re, -z.im));
    let s2 = sqrt(Complex::new(T::ONE + z.re, z.im));
    let r = T::from_f64(2.0) * s1.re.atan2(s2.re);
    let i = (s2.re * s1.im - s2.im * s1.re).asinh();
    Complex::new(r, i)
}

/// `acosh z` with glibc's `cacosh` special values, Kahan's formula
/// `(asinh Re(conj(√(z-1))√(z+1)), 2 atan2(Im √(z-1), Re √(z+1)))` elsewhere.
pub fn acosh<T: Part>(z: Complex<T>) -> Complex<T> {
    let (re, im) = (z.re, z.im);
    let finite = |v: T| v.abs() <= T::MAX;
    if im.abs() == T::INFINITY {
        let i = if re.is_nan() {
            T::NAN
        } else if finite(re) {
            pi_2::<T>().copysign(im)
        } else if re < T::ZERO {
            (pi::<T>() - pi_4::<T>()).copysign(im)
        } else {
            pi_4::<T>().copysign(im)
        };
        return Complex::new(T::INFINITY, i);
    }
    if re.abs() == T::INFINITY {
        let i = if im.is_nan() {
            T::NAN
        } else if re < T::ZERO {
            pi::<T>().copysign(im)
        } else {
            T::ZERO.copysign(im)
        };
        return Complex::new(T::INFINITY, i);
    }
    if z.is_nan() {
        let i = if re == T::ZERO { pi_2() } else { T::NAN };
        return Complex::new(T::NAN, i);
    }
    if re == T::ZERO && im == T::ZERO {
        return Complex::new(T::ZERO, pi_2::<T>().copysign(im));
    }
    if let Some(w) = acosh_large(z) {
        return w;
    }
    let s1 = sqrt(Complex::new(re - T::ONE, im));
    let s2 = sqrt(Complex::new(re + T::ONE, im));
    let r = (s1.re * s2.re + s1.im * s2.im).asinh();
    let i = T::from_f64(2.0) * s1.im.atan2(s2.re);
    Complex::new(r, i)
}

/// `atanh z` as glibc's `catanh` computes it: `¼ log((1+x)² + y²)/((1-x)² + y²)` (through
/// `log1p` where the ratio is not small) and `½ atan2(2y, 1 - x² - y²)`, asymptotic forms past
/// `16 / ε`, Annex G's special values.
pub fn atanh<T: Part>(z: Complex<T>) -> Complex<T> {
    let (re, im) = (z.re, z.im);
    let finite = |v: T| v.abs() <= T::MAX;
    if !finite(re) || !finite(im) {
        if im.abs() == T::INFINITY {
            return Complex::new(T::ZERO.copysign(re), pi_2::<T>().copysign(im));
        }
        if re.abs() == T::INFINITY || re == T::ZERO {
            let i = if im.is_nan() {
                T::NAN
            } else {
                pi_2::<T>().copysign(im)
            };
            return Complex::new(T::ZERO.copysign(re), i);
        }
        return Complex::new(T::NAN, T::NAN);
    }
    if re == T::ZERO && im == T::ZERO {
        return z;
    }
    let eps = T::EPSILON;
    let half = T::from_f64(0.5);
    let quarter = T::from_f64(0.25);
    let big = T::from_f64(16.0) / eps;
    if re.abs() >= big || im.abs() >= big {
        let r = if im.abs() <= T::ONE {
            T::ONE / re
        } else if re.abs() <= T::ONE {
            re / im / im
        } else {
            let h = (re * half).hypot(im * half);
            re / h / h / T::from_f64(4.0)
        };
        return Complex::new(r, pi_2::<T>().copysign(im));
    }
    let r = if re.abs() == T::ONE && im.abs() < eps * eps {
        half.copysign(re) * (T::from_f64(core::f64::consts::LN_2) - im.abs().ln())
    } else {
        let i2 = if im.abs() >= eps * eps {
            im * im
        } else {
            T::ZERO
        };
        let num = T::ONE + re;
        let num = i2 + num * num;
        let den = T::ONE - re;
        let den = i2 + den * den;
        let f = num / den;
        if f < half {
            quarter * f.ln()
        } else {
            quarter * (T::from_f64(4.0) * re / den).ln_1p()
        }
    };
    let (mut ax, mut ay) = (re.abs(), im.abs());
    if ax < ay {
        core::mem::swap(&mut ax, &mut ay);
    }
    let den = if ay < eps * half {
        (T::ONE - ax) * (T::ONE + ax) + T::ZERO
    } else if ax >= T::ONE {
        (T::ONE - ax) * (T::ONE + ax) - ay * ay
    } else if ax >= T::from_f64(0.75) || ay >= half {
        // 1 - x² - y² without cancellation (fused products)
        -ay.mul_add(ay, ax.mul_add(ax, -T::ONE))
    } else {
        (T::ONE - ax) * (T::ONE + ax) - ay * ay
    };
    Complex::new(r, half * (im + im).atan2(den))
}

/// `atan z` with glibc's `catan` special values, `-i atanh(iz)` elsewhere.
pub fn atan<T: Part>(z: Complex<T>) -> Complex<T> {
    let (re, im) = (z.re, z.im);
    let finite = |v: T| v.abs() <= T::MAX;
    if !finite(re) || !finite(im) {
        if re.abs() == T::INFINITY || (im.abs() == T::INFINITY && !re.is_nan()) {
            return Complex::new(pi_2::<T>().copysign(re), T::ZERO.copysign(im));
        }
        if im.abs() == T::INFINITY || im == T::ZERO {
            return Complex::new(T::NAN, T::ZERO.copysign(im));
        }
        return Complex::new(T::NAN, T::NAN);
    }
    let w = atanh(Complex::new(-im, re));
    Complex::new(w.im, -w.re)
}

/// `x ** y` as glibc's `cpow` (ATen's complex `pow` is `std::pow`): `exp(y log x)`, the product
/// C's (`mul_c99`).
pub fn pow<T: Part>(x: Complex<T>, y: Complex<T>) -> Complex<T> {
    exp(mul_c99(y, log(x)))
}

/// C's complex product as libgcc's `__muldc3` computes it: the plain formula, except that a
/// NaN + i NaN result with an infinite factor (or an overflowed partial product) is recomputed
/// as Annex G asks, infinite parts turned into ±1 and NaN parts into ±0.
fn mul_c99<T: Part>(p: Complex<T>, q: Complex<T>) -> Complex<T> {
    let (mut a, mut b, mut c, mut d) = (p.re, p.im, q.re, q.im);
    let (ac, bd, ad, bc) = (a * c, b * d, a * d, b * c);
    let (x, y) = (ac - bd, ad + bc);
    if !(x.is_nan() && y.is_nan()) {
        return Complex::new(x, y);
    }
    let inf = |v: T| v.abs() == T::INFINITY;
    let box_inf = |v: T| (if inf(v) { T::ONE } else { T::ZERO }).copysign(v);
    let nan_to_zero = |v: T| if v.is_nan() { T::ZERO.copysign(v) } else { v };
    let mut recalc = false;
    if inf(a) || inf(b) {
        a = box_inf(a);
        b = box_inf(b);
        c = nan_to_zero(c);
        d = nan_to_zero(d);
        recalc = true;
    }
    if inf(c) || inf(d) {
        c = box_inf(c);
        d = box_inf(d);
        a = nan_to_zero(a);
        b = nan_to_zero(b);
        recalc = true;
    }
    if !recalc && (inf(ac) || inf(bd) || inf(ad) || inf(bc)) {
        a = nan_to_zero(a);
        b = nan_to_zero(b);
        c = nan_to_zero(c);
        d = nan_to_zero(d);
        recalc = true;
    }
    if !recalc {
        return Complex::new(x, y);
    }
    Complex::new(T::INFINITY * (a * c - b * d), T::INFINITY * (a * d + b * c))
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
        impl Access for Complex<$t> {
            fn loader(dt: ScalarType) -> Option<LoadFn<Self>> {
                match dt {
                    ScalarType::ComplexHalf => Some(load_pairs::<f16, $t>),
                    ScalarType::ComplexFloat => Some(load_pairs::<f32, $t>),
                    ScalarType::ComplexDouble => Some(load_pairs::<f64, $t>),
                    _ => loader::<Self>(dt),
                }
            }
            fn storer(dt: ScalarType) -> Option<StoreFn<Self>> {
                match dt {
                    ScalarType::ComplexHalf => Some(store_pairs::<f16, $t>),
                    ScalarType::ComplexFloat => Some(store_pairs::<f32, $t>),
                    ScalarType::ComplexDouble => Some(store_pairs::<f64, $t>),
                    _ => storer::<Self>(dt),
                }
            }
        }
    };
}
complex_compute!(f32, ComplexFloat);
complex_compute!(f64, ComplexDouble);

/// Reads complex elements of part type `E`, `stride` complex elements apart.
unsafe fn load_pairs<E: Element, T: Compute>(
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
unsafe fn store_pairs<E: Element, T: Compute>(dst: *mut u8, stride: isize, src: &[Complex<T>]) {
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

/// The loader of `t`'s elements into `A`, or the error naming the argument.
fn loader_of<A: Access>(
    op: &'static str,
    (name, t): (&'static str, &etk_core::Tensor<'_>),
) -> etk_core::Result<LoadFn<A>> {
    A::loader(t.dtype()).ok_or(etk_core::Error::unsupported_dtype(op, name, t.dtype()))
}

/// Reads one element through a load thunk.
///
/// # Safety
/// `p` must point to a readable element of the dtype `l` was made for.
#[inline(always)]
unsafe fn load_one<A: Access>(l: LoadFn<A>, p: *const u8) -> A {
    let mut v = [A::default()];
    // SAFETY: the caller's guarantee.
    unsafe { l(p, 1, &mut v) };
    v[0]
}

/// The elementwise walk the complex maps share: `out[p] = f(pointers to ins[k][p])` over the
/// out's shape (already the broadcast of the inputs'), the result stored through [`Access`].
fn map_ptrs<const N: usize, O: Access>(
    op: &'static str,
    out: &mut etk_core::Tensor<'_>,
    ins: [&etk_core::Tensor<'_>; N],
    mut f: impl FnMut([*const u8; N]) -> O,
) -> etk_core::Result<()> {
    use crate::util::index::{expand_strides, strides_of, walk};
    // The out and at most three inputs.
    const M: usize = 4;
    debug_assert!(N < M);
    let st =
        O::storer(out.dtype()).ok_or(etk_core::Error::unsupported_dtype(op, "out", out.dtype()))?;
    let mut sizes = [0usize; etk_core::MAX_DIM];
    let rank = out.dim();
    sizes[..rank].copy_from_slice(out.sizes());
    let shape = &sizes[..rank];
    let mut strides = [[0usize; etk_core::MAX_DIM]; M];
    strides[0] = strides_of(out);
    let mut es = [0usize; M];
    es[0] = out.element_size();
    let mut ptrs = [core::ptr::null::<u8>(); N];
    for (k, t) in ins.iter().enumerate().take(M - 1) {
        strides[k + 1] = expand_strides(t, shape);
        es[k + 1] = t.element_size();
        ptrs[k] = t.as_ptr();
    }
    let dst = out.as_mut_ptr(op, "out")?;
    walk(shape, &strides, N + 1, |o| {
        let mut p = ptrs;
        for (k, p) in p.iter_mut().enumerate() {
            // SAFETY: the offsets are positions of each tensor's own shape (broadcast dims
            // have stride 0), so every element addressed lies inside its tensor.
            *p = unsafe { p.add(o[k + 1] * es[k + 1]) };
        }
        let v = f(p);
        // SAFETY: as above, for the out.
        unsafe { st(dst.add(o[0] * es[0]), 1, &[v]) };
    });
    Ok(())
}

/// `out[p] = f(a[p])`, each operand loaded or stored through [`Access`] in its compute type:
/// the elementwise path for complex dtypes, which `etk_core::iter`'s maps (real compute types
/// only) do not reach.
pub fn map1<A: Access, O: Access>(
    op: &'static str,
    out: &mut etk_core::Tensor<'_>,
    a: (&'static str, &etk_core::Tensor<'_>),
    f: impl Fn(A) -> O,
) -> etk_core::Result<()> {
    let la = loader_of::<A>(op, a)?;
    // SAFETY: `map_ptrs` passes pointers to elements of `a`, whose dtype `la` reads.
    map_ptrs(op, out, [a.1], |p| f(unsafe { load_one(la, p[0]) }))
}

/// `out[p] = f(a[p], b[p])`, broadcast; see [`map1`].
pub fn map2<A: Access, B: Access, O: Access>(
    op: &'static str,
    out: &mut etk_core::Tensor<'_>,
    ins: [(&'static str, &etk_core::Tensor<'_>); 2],
    f: impl Fn(A, B) -> O,
) -> etk_core::Result<()> {
    let la = loader_of::<A>(op, ins[0])?;
    let lb = loader_of::<B>(op, ins[1])?;
    map_ptrs(op, out, [ins[0].1, ins[1].1], |p| {
        // SAFETY: as in `map1`.
        unsafe { f(load_one(la, p[0]), load_one(lb, p[1])) }
    })
}

/// `out[p] = f(a[p], b[p], c[p])`, broadcast; see [`map1`].
pub fn map3<A: Access, B: Access, D: Access, O: Access>(
    op: &'static str,
    out: &mut etk_core::Tensor<'_>,
    ins: [(&'static str, &etk_core::Tensor<'_>); 3],
    f: impl Fn(A, B, D) -> O,
) -> etk_core::Result<()> {
    let la = loader_of::<A>(op, ins[0])?;
    let lb = loader_of::<B>(op, ins[1])?;
    let ld = loader_of::<D>(op, ins[2])?;
    map_ptrs(op, out, [ins[0].1, ins[1].1, ins[2].1], |p| {
        // SAFETY: as in `map1`.
        unsafe { f(load_one(la, p[0]), load_one(lb, p[1]), load_one(ld, p[2])) }
    })
}
