//! Mechanics the unary family shares (the floating unary ops use
//! [`unary_float_op`](crate::util::pointwise::unary_float_op)):
//!
//! - [`unary_keep_dtype_op`]: ops ATen builds with `TensorIterator::unary_op` (abs, neg, sign,
//!   ceil, floor, trunc, round): the result has the input's dtype, and the out must have exactly
//!   that dtype (no casting, not even Float into Double).
//! - [`unary_predicate_op`]: isinf / isnan, whose out must be Bool.
//! - [`reduced_rounder`]: rounding an f32 intermediate through Half / BFloat16, for the ATen
//!   kernels that round after every step on those dtypes (logit).

use crate::util::dispatch::{ComputeClass, compute_class};
use crate::util::pointwise::reject_bool;
use etk_core::iter::{arg, map1};
use etk_core::out::{check_dtype, resize_out};
use etk_core::{Error, Result, ScalarType, Tensor, bf16, f16};

/// Fails for the dtypes without an element type here (complex, barebones unsigned).
pub fn check_supported(op: &'static str, arg_name: &'static str, t: ScalarType) -> Result<()> {
    if compute_class(t).is_none() {
        return Err(Error::unsupported_dtype(op, arg_name, t));
    }
    Ok(())
}

/// `out = f(self)` with the out's dtype equal to the input's: integers (and Bool where
/// `bool_ok`) compute in i64 and wrap on store, Half/BFloat16/Float in f32 (rounded once),
/// Double in f64.
pub fn unary_keep_dtype_op(
    op: &'static str,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
    bool_ok: bool,
    int_fn: fn(i64) -> i64,
    f32_fn: fn(f32) -> f32,
    f64_fn: fn(f64) -> f64,
) -> Result<()> {
    let dtype = self_.dtype();
    check_supported(op, "self", dtype)?;
    if !bool_ok {
        reject_bool(op, "self", dtype)?;
    }
    check_dtype(op, "out", out, dtype)?;
    resize_out(op, out, self_.sizes())?;
    let a = arg("self", self_);
    match compute_class(dtype) {
        Some(ComputeClass::Int) => map1::<i64, i64>(op, out, None, a, |x, o| {
            for (o, &x) in o.iter_mut().zip(x) {
                *o = int_fn(x);
            }
        }),
        Some(ComputeClass::F32) => map1::<f32, f32>(op, out, None, a, |x, o| {
            for (o, &x) in o.iter_mut().zip(x) {
                *o = f32_fn(x);
            }
        }),
        Some(ComputeClass::F64) => map1::<f64, f64>(op, out, None, a, |x, o| {
            for (o, &x) in o.iter_mut().zip(x) {
                *o = f64_fn(x);
            }
        }),
        None => Err(Error::unsupported_dtype(op, "self", dtype)),
    }
}

/// `out = pred(self)` into a Bool out (the only out dtype ATen accepts), for every input dtype.
/// Values are tested in f64, which holds every element type's value, infinity and NaN.
pub fn unary_predicate_op(
    op: &'static str,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
    pred: fn(f64) -> bool,
) -> Result<()> {
    check_supported(op, "self", self_.dtype())?;
    check_dtype(op, "out", out, ScalarType::Bool)?;
    resize_out(op, out, self_.sizes())?;
    map1::<f64, bool>(op, out, None, arg("self", self_), |x, o| {
        for (o, &x) in o.iter_mut().zip(x) {
            *o = pred(x);
        }
    })
}

fn round_half(v: f32) -> f32 {
    f16::from_f32(v).to_f32()
}

fn round_bf16(v: f32) -> f32 {
    bf16::from_f32(v).to_f32()
}

fn keep(v: f32) -> f32 {
    v
}

/// The function that rounds an f32 value as storing it in `dtype` would: through Half or
/// BFloat16 for those dtypes, unchanged for every other.
pub fn reduced_rounder(dtype: ScalarType) -> fn(f32) -> f32 {
    match dtype {
        ScalarType::Half => round_half,
        ScalarType::BFloat16 => round_bf16,
        _ => keep,
    }
}
