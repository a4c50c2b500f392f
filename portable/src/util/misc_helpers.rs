//! Mechanics shared by the activation, selection, fill and copy kernels, and reusable by any
//! kernel that needs them:
//!
//! - [`scalar_to_checked`]: a Scalar converted to a tensor's dtype the way ATen's
//!   `Scalar::to<scalar_t>()` does it, with c10's overflow check (`fill`, `masked_fill`, the
//!   bounds of `clamp`, the coefficients of `elu` and `leaky_relu`, ...).
//! - [`copy_cast`]: `out = static_cast<out dtype>(src)` with `src` broadcast to the out's shape,
//!   the one mechanism behind `clone`, `_to_copy`, `copy`, `copy_`, `fill.Tensor` and the
//!   `*_copy` view ops.
//! - [`check_memory_format`]: ATen's rank requirement for `channels_last(_3d)`.
//! - [`Bounds`]: lowest/highest values and NaN tests on the compute types, for clamping.

use crate::dispatch_compute;
use etk_core::evalue::MemoryFormat;
use etk_core::iter::{arg, map1};
use etk_core::{Compute, Error, ErrorKind, Info, Result, Scalar, ScalarType, Tensor};

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
fn int_range(dtype: ScalarType) -> (i64, i64) {
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
    if dtype.is_complex() || dtype.is_barebones_unsigned() {
        return Err(Error::unsupported_dtype(op, arg, dtype));
    }
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

/// ATen's rank requirement for a memory format: `channels_last` needs a rank-4 tensor,
/// `channels_last_3d` a rank-5 one. The format only decides the out's layout, which the caller
/// already gave, so the values never depend on it.
pub fn check_memory_format(
    op: &'static str,
    memory_format: Option<MemoryFormat>,
    rank: usize,
) -> Result<()> {
    let need = match memory_format {
        Some(MemoryFormat::ChannelsLast) => 4,
        Some(MemoryFormat::ChannelsLast3d) => 5,
        _ => return Ok(()),
    };
    if rank != need {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "memory_format")
            .expected("a tensor of rank", Info::Int(need as i64))
            .got(Info::Int(rank as i64)));
    }
    Ok(())
}

/// `out = static_cast<out dtype>(src)` elementwise, `src` broadcast to the out's shape (which
/// the caller has set). Values go through the compute type that holds the source exactly
/// (i64 for integers and Bool, f32 for Half/BFloat16/Float, f64 for Double), so every
/// conversion is C++'s `static_cast` from the source dtype: floats truncate toward zero into
/// integers, anything non-zero (NaN included) is true, Double rounds to Half through Float as
/// ATen does. Same dtype and layout is a plain byte copy.
pub fn copy_cast(
    op: &'static str,
    src_name: &'static str,
    src: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    if src.dtype() == out.dtype()
        && src.sizes() == out.sizes()
        && src.dim_order() == out.dim_order()
    {
        let n = src.nbytes();
        let dst = out.as_mut_ptr(op, "out")?;
        if n > 0 {
            // SAFETY: both views are dense with the same dtype, sizes and layout, so each spans
            // exactly `n` bytes of its memory; `copy` tolerates overlap.
            unsafe { core::ptr::copy(src.as_ptr(), dst, n) };
        }
        return Ok(());
    }
    dispatch_compute!(src.dtype(), C => {
        map1::<C, C>(op, out, None, arg(src_name, src), |x, o| o.copy_from_slice(x))
    }, _ => Err(Error::unsupported_dtype(op, src_name, src.dtype())))
}

/// Lowest and highest values of a compute type, and NaN tests (never NaN for integers).
pub trait Bounds: Compute {
    const LOWEST: Self;
    const HIGHEST: Self;
    /// NaN for floats; unused for integers.
    const NAN_OR_ZERO: Self;
    fn is_nan(self) -> bool;
}

impl Bounds for i64 {
    const LOWEST: Self = i64::MIN;
    const HIGHEST: Self = i64::MAX;
    const NAN_OR_ZERO: Self = 0;
    #[inline(always)]
    fn is_nan(self) -> bool {
        false
    }
}

macro_rules! float_bounds {
    ($t:ty) => {
        impl Bounds for $t {
            const LOWEST: Self = <$t>::NEG_INFINITY;
            const HIGHEST: Self = <$t>::INFINITY;
            const NAN_OR_ZERO: Self = <$t>::NAN;
            #[inline(always)]
            fn is_nan(self) -> bool {
                <$t>::is_nan(self)
            }
        }
    };
}
float_bounds!(f32);
float_bounds!(f64);

/// `min(max(x, lo), hi)` as ATen computes it: `x` kept when it is NaN or equal to a bound
/// (so `-0.0` clamped below by `0.0` stays `-0.0`), and `hi` wins when `lo > hi`.
#[inline(always)]
pub fn clamp_value<C: Compute>(x: C, lo: C, hi: C) -> C {
    let y = if x < lo { lo } else { x };
    if hi < y { hi } else { y }
}

/// The `*_copy.out(Tensor self, *, Tensor(a!) out)` ops that copy a whole tensor (`clone`,
/// `detach_copy`, `alias_copy`, ...): the out must have exactly `self`'s dtype and takes its
/// shape; the values are copied in whatever dim order the out has.
pub fn copy_whole(op: &'static str, self_: &Tensor<'_>, out: &mut Tensor<'_>) -> Result<()> {
    etk_core::out::check_dtype(op, "out", out, self_.dtype())?;
    etk_core::out::resize_out(op, out, self_.sizes())?;
    copy_cast(op, "self", self_, out)
}
