//! Scalars converted the way c10 converts them:
//!
//! - [`scalar_to_checked`]: a Scalar converted to a tensor's dtype as ATen's
//!   `Scalar::to<scalar_t>()` does it, with c10's overflow check (`fill`, `masked_fill`, the
//!   bounds of `clamp`, `alpha`, the coefficients of `elu` and `leaky_relu`, ...).
//! - [`scalar_overflows`]: that check alone.
//! - [`neg_scalar`]: `-s` (`sub` is `add` with `-alpha`).

use crate::util::pointwise::check_supported;
use etk_core::{Compute, Error, ErrorKind, Info, Result, Scalar, ScalarType};

/// The range of finite values of a floating dtype, as c10's `numeric_limits` has it.
fn float_max(dtype: ScalarType) -> f64 {
    match dtype {
        ScalarType::Half => 65504.0,
        ScalarType::BFloat16 => etk_core::bf16::MAX.to_f64(),
        ScalarType::Float => f32::MAX as f64,
        _ => f64::MAX,
    }
}

/// The range of an integral dtype as (lowest, highest).
pub fn int_range(dtype: ScalarType) -> (i64, i64) {
    match dtype {
        ScalarType::Byte => (0, u8::MAX as i64),
        ScalarType::Char => (i8::MIN as i64, i8::MAX as i64),
        ScalarType::Short => (i16::MIN as i64, i16::MAX as i64),
        ScalarType::Int => (i32::MIN as i64, i32::MAX as i64),
        _ => (i64::MIN, i64::MAX),
    }
}

/// c10's `overflows<To>(value)`: whether ATen refuses to convert the Scalar to `dtype`.
pub fn scalar_overflows(s: &Scalar, dtype: ScalarType) -> bool {
    match *s {
        // bool converts to anything.
        Scalar::Bool(_) => false,
        Scalar::Int(i) => {
            if dtype.is_floating_point() {
                // only Half's range is smaller than int64's.
                let m = float_max(dtype);
                return (i as f64) > m || (i as f64) < -m;
            }
            let (lo, hi) = int_range(dtype);
            if dtype == ScalarType::Byte {
                // c10 lets negative numbers wrap into unsigned types: -255..=255 is accepted.
                return i > hi || i < -hi;
            }
            i < lo || i > hi
        }
        Scalar::Double(d) => {
            if dtype.is_floating_point() {
                if d.is_infinite() || d.is_nan() {
                    return false;
                }
                let m = float_max(dtype);
                return d < -m || d > m;
            }
            // integral: NaN and the infinities overflow; the comparison is done in double, so
            // 2^63 passes for Long (it is `(double)INT64_MAX`).
            let (lo, hi) = int_range(dtype);
            d.is_nan() || d < lo as f64 || d > hi as f64
        }
    }
}

/// `s.to<scalar_t>()` for a tensor of `dtype`, observed in compute type `C`: an error naming
/// `arg` where c10's overflow check fails (`value cannot be converted to type int8_t without
/// overflow`), else the value ATen holds after the conversion (integers truncated and wrapped,
/// Half rounded, ...). Bool takes any value (non-zero, NaN included, is true).
pub fn scalar_to_checked<C: Compute>(
    op: &'static str,
    arg: &'static str,
    s: &Scalar,
    dtype: ScalarType,
) -> Result<C> {
    if dtype == ScalarType::Bool {
        return Ok(C::load(s.to_bool()));
    }
    check_supported(op, arg, dtype)?;
    if scalar_overflows(s, dtype) {
        let got = match *s {
            Scalar::Int(i) => Info::Int(i),
            Scalar::Double(d) => Info::Float(d),
            Scalar::Bool(b) => Info::Int(b as i64),
        };
        return Err(Error::new(ErrorKind::InvalidArgument, op, arg)
            .expected(
                "a value that converts without overflow to",
                Info::Dtype(dtype),
            )
            .got(got));
    }
    Ok(s.cast_to::<C>(dtype))
}

/// `-s` as c10 computes it (integers wrap).
pub fn neg_scalar(s: Scalar) -> Scalar {
    match s {
        Scalar::Int(i) => Scalar::Int(i.wrapping_neg()),
        Scalar::Double(d) => Scalar::Double(-d),
        // c10 refuses to negate a bool; callers reject Bool alphas before they get here.
        Scalar::Bool(b) => Scalar::Bool(b),
    }
}
