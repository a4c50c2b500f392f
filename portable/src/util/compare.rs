//! Mechanics the comparison, bitwise and logical family shares; each op file supplies only its
//! elementwise rule.
//!
//! - [`compare_tensor_out`] / [`compare_scalar_out`] (eq, ne, lt, le, gt, ge): the inputs are
//!   cast to their common dtype (a Scalar too: `int8 == 300` compares against `44`), compared
//!   there, and the Bool result is written to an out of ANY dtype (`1` / `0`).
//! - [`integral_tensor_out`] / [`integral_scalar_out`] (bitwise and/or/xor, shifts): the common
//!   dtype must be integral (Bool only where the op allows it); the result is computed in i64,
//!   rounded through the common dtype, and cast to an out that `can_cast` accepts.
//! - [`logical_binary_out`] / [`logical_unary_out`] (logical and/or/xor/not): any input dtype
//!   (nonzero is true, after the cast to the common dtype); the Bool result goes to an out of
//!   any dtype.

use crate::util::access;
use crate::util::arith::OnComplex;
use crate::util::complex::{Complex, Part, scalar_to_complex};
use crate::util::pointwise::{
    common_dtype, common_dtype_scalar, each1, each2, resize_to_broadcast,
};
use crate::{dispatch_complex, dispatch_compute};
use etk_core::iter::{arg, map1, map2};
use etk_core::out::{check_can_cast, resize_out};
use etk_core::{Compute, Error, Result, Scalar, ScalarType, Tensor};

/// A test of two values, generic over the compute type (so one rule serves i64, f32 and f64).
pub trait Predicate: Copy {
    /// Which complex dtypes ATen compares (none for the orderings).
    const COMPLEX: OnComplex = OnComplex::Reject;
    fn test<C: Compute>(self, a: C, b: C) -> bool;
}

/// `out = p.test(self, other)` broadcast; see the module docs.
pub fn compare_tensor_out<P: Predicate>(
    op: &'static str,
    self_: &Tensor<'_>,
    other: &Tensor<'_>,
    out: &mut Tensor<'_>,
    p: P,
) -> Result<()> {
    let common = common_dtype(op, self_, other)?;
    P::COMPLEX.check(op, common)?;
    resize_to_broadcast(op, out, &[("self", self_), ("other", other)])?;
    dispatch_complex!(common, T => {
        let r = <T as Part>::rounder(common);
        let ins = [("self", self_), ("other", other)];
        return access::map2(op, out, ins, |x: Complex<T>, y| p.test(r(x), r(y)));
    }, _ => ());
    let (a, b) = (
        arg("self", self_).via(common),
        arg("other", other).via(common),
    );
    dispatch_compute!(common, C => {
        map2::<C, C, bool>(op, out, None, a, b, each2(|x, y| p.test(x, y)))
    }, _ => Err(Error::unsupported_dtype(op, "self", common)))
}

/// `out = p.test(self, other)` with `other` a Scalar cast to the common dtype first.
pub fn compare_scalar_out<P: Predicate>(
    op: &'static str,
    self_: &Tensor<'_>,
    other: Scalar,
    out: &mut Tensor<'_>,
    p: P,
) -> Result<()> {
    let common = common_dtype_scalar(op, self_, &other)?;
    P::COMPLEX.check(op, common)?;
    resize_out(op, out, self_.sizes())?;
    dispatch_complex!(common, T => {
        let r = <T as Part>::rounder(common);
        let y = scalar_to_complex::<T>(&other, common);
        return access::map1(op, out, ("self", self_), |x: Complex<T>| p.test(r(x), y));
    }, _ => ());
    dispatch_compute!(common, C => {
        let b: C = other.cast_to(common);
        map1::<C, bool>(op, out, None, arg("self", self_).via(common), each1(|x| p.test(x, b)))
    }, _ => Err(Error::unsupported_dtype(op, "self", common)))
}

/// Fails unless `common` is integral (or Bool, where `bool_ok`), naming the argument that
/// brought the other kind in.
fn check_integral(
    op: &'static str,
    common: ScalarType,
    self_dtype: ScalarType,
    bool_ok: bool,
) -> Result<()> {
    if common.is_integral(bool_ok) {
        return Ok(());
    }
    let arg_name = if self_dtype.is_integral(bool_ok) {
        "other"
    } else {
        "self"
    };
    let expected = if bool_ok {
        "integral or Bool operands"
    } else {
        "integral (not Bool) operands"
    };
    Err(Error::dtype(op, arg_name, expected, common))
}

/// The width in bits of an integral dtype's elements.
fn bits(dtype: ScalarType) -> u32 {
    dtype.element_size() as u32 * 8
}

/// `out = f(self, other, bits)` on integers, broadcast; `bits` is the width of the common
/// dtype (for shifts). Values arrive cast to the common dtype and the result is rounded
/// through it before the cast to the out.
pub fn integral_tensor_out(
    op: &'static str,
    self_: &Tensor<'_>,
    other: &Tensor<'_>,
    out: &mut Tensor<'_>,
    bool_ok: bool,
    f: impl Fn(i64, i64, u32) -> i64,
) -> Result<()> {
    let common = common_dtype(op, self_, other)?;
    check_integral(op, common, self_.dtype(), bool_ok)?;
    check_can_cast(op, common, out)?;
    resize_to_broadcast(op, out, &[("self", self_), ("other", other)])?;
    let (a, b) = (
        arg("self", self_).via(common),
        arg("other", other).via(common),
    );
    let w = bits(common);
    map2::<i64, i64, i64>(op, out, Some(common), a, b, each2(|x, y| f(x, y, w)))
}

/// [`integral_tensor_out`] with `other` a Scalar (cast to the common dtype first).
pub fn integral_scalar_out(
    op: &'static str,
    self_: &Tensor<'_>,
    other: Scalar,
    out: &mut Tensor<'_>,
    bool_ok: bool,
    f: impl Fn(i64, i64, u32) -> i64,
) -> Result<()> {
    let common = common_dtype_scalar(op, self_, &other)?;
    check_integral(op, common, self_.dtype(), bool_ok)?;
    check_can_cast(op, common, out)?;
    resize_out(op, out, self_.sizes())?;
    let y: i64 = other.cast_to(common);
    let w = bits(common);
    let a = arg("self", self_).via(common);
    map1::<i64, i64>(op, out, Some(common), a, each1(|x| f(x, y, w)))
}

/// Whether a compute value is nonzero (NaN is; `-0.0` is not).
#[inline(always)]
fn truthy<C: Compute>(x: C) -> bool {
    x != C::default()
}

/// A logical op's rule on the truth of each operand, as a [`Predicate`].
#[derive(Clone, Copy)]
struct Logical<F>(F);

impl<F: Fn(bool, bool) -> bool + Copy> Predicate for Logical<F> {
    const COMPLEX: OnComplex = OnComplex::NoHalf;
    #[inline(always)]
    fn test<C: Compute>(self, a: C, b: C) -> bool {
        (self.0)(truthy(a), truthy(b))
    }
}

/// `out = f(self != 0, other != 0)` broadcast, both cast to the common dtype first.
pub fn logical_binary_out(
    op: &'static str,
    self_: &Tensor<'_>,
    other: &Tensor<'_>,
    out: &mut Tensor<'_>,
    f: impl Fn(bool, bool) -> bool + Copy,
) -> Result<()> {
    compare_tensor_out(op, self_, other, out, Logical(f))
}

/// `out = f(self != 0)`.
pub fn logical_unary_out(
    op: &'static str,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
    f: impl Fn(bool) -> bool,
) -> Result<()> {
    let dtype = self_.dtype();
    OnComplex::NoHalf.check(op, dtype)?;
    resize_out(op, out, self_.sizes())?;
    if dtype.is_complex() {
        // Either part non-zero is true (the `bool` loader of a complex dtype).
        return access::map1(op, out, ("self", self_), |x: bool| f(x));
    }
    dispatch_compute!(dtype, C => {
        map1::<C, bool>(op, out, None, arg("self", self_), each1(|x: C| f(truthy(x))))
    }, _ => Err(Error::unsupported_dtype(op, "self", dtype)))
}
