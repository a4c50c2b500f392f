//! Mechanics the unary family shares; each op file supplies only its elementwise rule:
//!
//! - [`unary_float_op`]: ops that compute in floating point (sin, exp, ...): integers and Bool
//!   promote to Float, and the out may be any dtype the result casts to.
//! - [`unary_keep_dtype_op`]: ops ATen builds with `TensorIterator::unary_op` (abs, neg, sign,
//!   ceil, floor, trunc, round): the result has the input's dtype, and the out must have exactly
//!   that dtype (no casting, not even Float into Double).
//! - [`unary_predicate_op`]: isinf / isnan, whose out must be Bool.
//! - [`float_activation_prologue`]: the checks of the floating activations with Scalar
//!   coefficients (elu, gelu, leaky_relu).

use crate::dispatch_complex;
use crate::util::access;
use crate::util::arith::OnComplex;
use crate::util::complex::{Complex, reject_complex};
use crate::util::dispatch::{ComputeClass, compute_class};
use crate::util::pointwise::{check_supported, each1, float_dtype, reject_bool};
use etk_core::iter::{arg, map1};
use etk_core::out::{check_can_cast, check_dtype, resize_out};
use etk_core::{Error, Result, ScalarType, Tensor};

/// `out = f(self)` computed in floating point: integers and Bool promoted to Float, Half and
/// BFloat16 computed in f32 and rounded once.
pub fn unary_float_op(
    op: &'static str,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
    f32_fn: fn(f32) -> f32,
    f64_fn: fn(f64) -> f64,
) -> Result<()> {
    let common = float_dtype(self_.dtype());
    // ATen computes ComplexFloat and ComplexDouble (not ComplexHalf); etk not yet.
    OnComplex::Unimplemented.check(op, common)?;
    check_supported(op, "self", self_.dtype())?;
    check_can_cast(op, common, out)?;
    resize_out(op, out, self_.sizes())?;
    let a = arg("self", self_);
    if common == ScalarType::Double {
        map1::<f64, f64>(op, out, Some(common), a, each1(f64_fn))
    } else {
        map1::<f32, f32>(op, out, Some(common), a, each1(f32_fn))
    }
}

/// [`unary_float_op`] for an op ATen also computes on ComplexFloat and ComplexDouble (not
/// ComplexHalf): a complex input computes in `Complex<f32>` / `Complex<f64>` into an out its
/// dtype casts to (a complex one).
#[allow(clippy::too_many_arguments)]
pub fn unary_float_or_complex_op(
    op: &'static str,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
    f32_fn: fn(f32) -> f32,
    f64_fn: fn(f64) -> f64,
    c32_fn: fn(Complex<f32>) -> Complex<f32>,
    c64_fn: fn(Complex<f64>) -> Complex<f64>,
) -> Result<()> {
    let dtype = self_.dtype();
    if !dtype.is_complex() {
        return unary_float_op(op, self_, out, f32_fn, f64_fn);
    }
    OnComplex::NoHalf.check(op, dtype)?;
    check_can_cast(op, dtype, out)?;
    resize_out(op, out, self_.sizes())?;
    if dtype == ScalarType::ComplexDouble {
        access::map1(op, out, ("self", self_), c64_fn)
    } else {
        access::map1(op, out, ("self", self_), c32_fn)
    }
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
    // The rounding ops and sign have no complex kernel in ATen; `neg` and `abs` take their
    // complex path before they get here.
    reject_complex(op, "self", dtype)?;
    check_supported(op, "self", dtype)?;
    if !bool_ok {
        reject_bool(op, "self", dtype)?;
    }
    check_dtype(op, "out", out, dtype)?;
    resize_out(op, out, self_.sizes())?;
    let a = arg("self", self_);
    match compute_class(dtype) {
        Some(ComputeClass::Int) => map1::<i64, i64>(op, out, None, a, each1(int_fn)),
        Some(ComputeClass::F32) => map1::<f32, f32>(op, out, None, a, each1(f32_fn)),
        Some(ComputeClass::F64) => map1::<f64, f64>(op, out, None, a, each1(f64_fn)),
        None => Err(Error::unsupported_dtype(op, "self", dtype)),
    }
}

/// `out = f(self)` for a complex `self`, into an out of exactly its dtype (ComplexHalf
/// computed in `Complex<f32>` and rounded once).
pub fn unary_complex_keep_dtype_op(
    op: &'static str,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
    f32_fn: fn(Complex<f32>) -> Complex<f32>,
    f64_fn: fn(Complex<f64>) -> Complex<f64>,
) -> Result<()> {
    let dtype = self_.dtype();
    check_dtype(op, "out", out, dtype)?;
    resize_out(op, out, self_.sizes())?;
    if dtype == ScalarType::ComplexDouble {
        access::map1(op, out, ("self", self_), f64_fn)
    } else {
        access::map1(op, out, ("self", self_), f32_fn)
    }
}

/// `abs` of a complex `self`: the modulus (`hypot`), in the part dtype. The out is either of
/// exactly the input's dtype (`(|z|, 0)`) or a real dtype the part dtype casts to, as ATen's
/// `abs_out` allows.
pub fn complex_abs_op(op: &'static str, self_: &Tensor<'_>, out: &mut Tensor<'_>) -> Result<()> {
    let dtype = self_.dtype();
    if out.dtype().is_complex() {
        check_dtype(op, "out", out, dtype)?;
    } else {
        check_can_cast(op, dtype.to_real(), out)?;
    }
    resize_out(op, out, self_.sizes())?;
    if dtype == ScalarType::ComplexHalf {
        // the result is Half: rounded there before any wider out
        return access::map1(op, out, ("self", self_), |z: Complex<f32>| {
            etk_core::f16::from_f32(crate::util::dispatch::Float::hypot(z.re, z.im)).to_f32()
        });
    }
    dispatch_complex!(dtype, T => {
        access::map1(op, out, ("self", self_), |z: Complex<T>| {
            crate::util::dispatch::Float::hypot(z.re, z.im)
        })
    }, _ => Err(Error::unsupported_dtype(op, "self", dtype)))
}

/// `out = pred(self)` into a Bool out (the only out dtype ATen accepts), for every input dtype.
/// Values are tested in f64, which holds every element type's value, infinity and NaN.
pub fn unary_predicate_op(
    op: &'static str,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
    pred: fn(f64) -> bool,
) -> Result<()> {
    check_dtype(op, "out", out, ScalarType::Bool)?;
    if self_.dtype().is_complex() {
        // c10's complex isinf / isnan: either part.
        resize_out(op, out, self_.sizes())?;
        return access::map1(op, out, ("self", self_), |z: Complex<f64>| {
            pred(z.re) || pred(z.im)
        });
    }
    check_supported(op, "self", self_.dtype())?;
    resize_out(op, out, self_.sizes())?;
    map1::<f64, bool>(op, out, None, arg("self", self_), each1(pred))
}

/// Checks shared by the floating activations (elu, gelu, leaky_relu): `self` floating, the out
/// of its dtype and shape. Returns the dtype the coefficients convert to (Float or Double).
pub fn float_activation_prologue(
    op: &'static str,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<ScalarType> {
    let st = self_.dtype();
    if !st.is_floating_point() {
        return Err(Error::dtype(op, "self", "a floating dtype", st));
    }
    check_dtype(op, "out", out, st)?;
    resize_out(op, out, self_.sizes())?;
    Ok(if st == ScalarType::Double {
        ScalarType::Double
    } else {
        ScalarType::Float
    })
}
