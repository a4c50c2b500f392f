//! Functions of a complex variable as glibc computes them (ATen's complex kernels call
//! `std::exp`, `std::log`, ... on `c10::complex`, which are glibc's `cexp`, `clog`, ...): C99
//! Annex G's special values, the scalings that keep intermediate results finite, and C's
//! complex product for `pow`.

use crate::util::complex::{Complex, Part};

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
