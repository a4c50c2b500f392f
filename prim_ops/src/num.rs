//! Python's arithmetic on the two number kinds an `EValue` holds (`int`, here `i64`, and
//! `float`, `f64`): the rules the prim ops follow.
//!
//! Python's `int` has arbitrary precision; an `i64` result that would differ from it
//! (overflow) is an error. Floor division and modulo round toward negative infinity, `int / int`
//! is the correctly rounded quotient, and an `int` compares with a `float` exactly (not after
//! rounding the `int` to a `float`). Division or modulo by zero is an error, as Python raises.
//! Everything here is `core` only (no `libm`): floor, ceil and rounding go through `i64`, which
//! is exact for every float whose result fits.

use core::cmp::Ordering;
use etk_core::{Error, ErrorKind, Info, Result};

/// `2^63` as a float: the first float past `i64::MAX`.
const TWO_63: f64 = 9_223_372_036_854_775_808.0;
/// `2^52`: every float at least this large in magnitude is an integer.
const TWO_52: f64 = 4_503_599_627_370_496.0;

/// An `int` or a `float` operand.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Num {
    Int(i64),
    Double(f64),
}

impl Num {
    pub fn as_f64(self) -> f64 {
        match self {
            Num::Int(i) => i as f64,
            Num::Double(d) => d,
        }
    }
}

pub fn overflow(op: &'static str) -> Error {
    Error::new(ErrorKind::InvalidArgument, op, "a")
        .expected_text("a result that fits in int64 (Python's int would be exact)")
}

pub fn zero_division(op: &'static str) -> Error {
    Error::new(ErrorKind::InvalidArgument, op, "b")
        .expected_text("a nonzero divisor (Python raises ZeroDivisionError)")
}

/// `x` rounded toward zero, as a float (`x` itself when it is already an integer, infinite or
/// NaN).
pub fn trunc_f64(x: f64) -> f64 {
    if x.abs() < TWO_52 {
        // Exact: |x| < 2^52 fits in i64, and an integer below 2^52 is a float.
        (x as i64) as f64
    } else {
        x
    }
}

pub fn floor_f64(x: f64) -> f64 {
    let t = trunc_f64(x);
    if t > x { t - 1.0 } else { t }
}

/// `x` with `sign`'s sign bit.
fn copysign(x: f64, sign: f64) -> f64 {
    f64::from_bits((x.to_bits() & !(1 << 63)) | (sign.to_bits() & (1 << 63)))
}

/// The integer `f` if it fits in `i64` (`f` must already be an integer value or infinite/NaN).
pub fn integral_to_i64(op: &'static str, f: f64) -> Result<i64> {
    if f.is_nan() {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "a")
            .expected_text("a number, not NaN (Python raises ValueError)"));
    }
    if (-TWO_63..TWO_63).contains(&f) {
        Ok(f as i64)
    } else {
        Err(overflow(op).got(Info::Float(f)))
    }
}

/// Python's `math.ceil`, `math.trunc` and `round` of a float, as an `int`.
#[derive(Clone, Copy)]
pub enum Rounding {
    Ceil,
    Trunc,
    HalfEven,
}

pub fn round_to_int(op: &'static str, x: f64, mode: Rounding) -> Result<i64> {
    let t = trunc_f64(x);
    let r = match mode {
        Rounding::Trunc => t,
        Rounding::Ceil if t < x => t + 1.0,
        Rounding::Ceil => t,
        Rounding::HalfEven => {
            // `x - t` is exact (both are within a factor of two of each other or `t` is 0).
            let frac = x - t;
            let step = copysign(1.0, x);
            if frac.abs() > 0.5 || (frac.abs() == 0.5 && trunc_f64(t / 2.0) != t / 2.0) {
                t + step
            } else {
                t
            }
        }
    };
    integral_to_i64(op, r)
}

pub fn add(op: &'static str, a: Num, b: Num) -> Result<Num> {
    match (a, b) {
        (Num::Int(x), Num::Int(y)) => x.checked_add(y).map(Num::Int).ok_or(overflow(op)),
        _ => Ok(Num::Double(a.as_f64() + b.as_f64())),
    }
}

pub fn sub(op: &'static str, a: Num, b: Num) -> Result<Num> {
    match (a, b) {
        (Num::Int(x), Num::Int(y)) => x.checked_sub(y).map(Num::Int).ok_or(overflow(op)),
        _ => Ok(Num::Double(a.as_f64() - b.as_f64())),
    }
}

pub fn mul(op: &'static str, a: Num, b: Num) -> Result<Num> {
    match (a, b) {
        (Num::Int(x), Num::Int(y)) => x.checked_mul(y).map(Num::Int).ok_or(overflow(op)),
        _ => Ok(Num::Double(a.as_f64() * b.as_f64())),
    }
}

pub fn neg(op: &'static str, a: Num) -> Result<Num> {
    match a {
        Num::Int(x) => x.checked_neg().map(Num::Int).ok_or(overflow(op)),
        Num::Double(d) => Ok(Num::Double(-d)),
    }
}

/// `a / b` as Python computes it: a float, correctly rounded even for ints beyond 2^53.
pub fn truediv(op: &'static str, a: Num, b: Num) -> Result<f64> {
    if b.as_f64() == 0.0 {
        return Err(zero_division(op));
    }
    match (a, b) {
        (Num::Int(x), Num::Int(y)) => Ok(int_truediv(x, y)),
        _ => Ok(a.as_f64() / b.as_f64()),
    }
}

/// The correctly rounded `x / y` (`y != 0`).
fn int_truediv(x: i64, y: i64) -> f64 {
    let (n, d) = (x.unsigned_abs(), y.unsigned_abs());
    if n == 0 || (n <= 1 << 53 && d <= 1 << 53) {
        // Both convert exactly, and IEEE division rounds the exact quotient once (0 gets
        // the sign of the quotient, as in Python).
        return x as f64 / y as f64;
    }
    // n * 2^k / d with n's top bit at bit 127 has at least 64 significant bits, so folding the
    // remainder into the lowest bit (sticky) decides the rounding as the exact quotient would.
    let k = 64 + n.leading_zeros();
    let big = u128::from(n) << k;
    let (q, r) = (big / u128::from(d), big % u128::from(d));
    let q = q | u128::from(r != 0);
    // `as` rounds to nearest, ties to even; scaling by 2^-k (k <= 127) is exact.
    let mag = q as f64 * f64::from_bits(u64::from(1023 - k) << 52);
    if (x < 0) != (y < 0) { -mag } else { mag }
}

/// Python's `a // b` on ints: rounds toward negative infinity.
pub fn int_floordiv(op: &'static str, x: i64, y: i64) -> Result<i64> {
    if y == 0 {
        return Err(zero_division(op));
    }
    let q = x.checked_div(y).ok_or(overflow(op))?;
    Ok(if x % y != 0 && ((x < 0) != (y < 0)) {
        q - 1
    } else {
        q
    })
}

/// Python's `a % b` on ints: the remainder takes the divisor's sign.
pub fn int_mod(op: &'static str, x: i64, y: i64) -> Result<i64> {
    if y == 0 {
        return Err(zero_division(op));
    }
    // `wrapping_rem` is exact here: i64::MIN % -1 is 0, which Python gives too.
    let r = x.wrapping_rem(y);
    Ok(if r != 0 && ((r < 0) != (y < 0)) {
        r + y
    } else {
        r
    })
}

/// CPython's `float.__floordiv__` (`_float_div_mod`), so that `a == (a // b) * b + a % b`
/// holds as well as floats allow.
fn float_floordiv(x: f64, y: f64) -> f64 {
    let m = x % y;
    let mut div = (x - m) / y;
    if m != 0.0 && ((y < 0.0) != (m < 0.0)) {
        div -= 1.0;
    }
    if div != 0.0 {
        let f = floor_f64(div);
        if div - f > 0.5 { f + 1.0 } else { f }
    } else {
        copysign(0.0, x / y)
    }
}

pub fn floordiv(op: &'static str, a: Num, b: Num) -> Result<Num> {
    match (a, b) {
        (Num::Int(x), Num::Int(y)) => int_floordiv(op, x, y).map(Num::Int),
        _ if b.as_f64() == 0.0 => Err(zero_division(op)),
        _ => Ok(Num::Double(float_floordiv(a.as_f64(), b.as_f64()))),
    }
}

/// `x` against `y` exactly (`None` when `y` is NaN).
fn cmp_int_float(x: i64, y: f64) -> Option<Ordering> {
    if y.is_nan() {
        None
    } else if y >= TWO_63 {
        Some(Ordering::Less)
    } else if y < -TWO_63 {
        Some(Ordering::Greater)
    } else {
        // trunc(y) fits in i64 and converts back exactly; the fraction breaks a tie.
        let t = y as i64;
        Some(x.cmp(&t).then((t as f64).partial_cmp(&y)?))
    }
}

/// Python's ordering of two numbers (`None` when a NaN is involved).
pub fn compare(a: Num, b: Num) -> Option<Ordering> {
    match (a, b) {
        (Num::Int(x), Num::Int(y)) => Some(x.cmp(&y)),
        (Num::Double(x), Num::Double(y)) => x.partial_cmp(&y),
        (Num::Int(x), Num::Double(y)) => cmp_int_float(x, y),
        (Num::Double(x), Num::Int(y)) => cmp_int_float(y, x).map(Ordering::reverse),
    }
}
