//! `clamp.out(Tensor self, Scalar? min=None, Scalar? max=None, *, Tensor(a!) out) -> Tensor(a!)`
//! `clamp.Tensor_out(Tensor self, Tensor? min=None, Tensor? max=None, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = min(max(self, min), max)`; at least one bound must be given. Where `min > max` the
//! result is `max`. NaN propagates from `self` and from either bound.
//!
//! Scalar bounds: the result dtype is `self`'s if it is floating, else the promotion of `self`
//! with the Scalars (an integer tensor with a float bound computes in Float); the out must have
//! exactly that dtype, and a Bool result is rejected (ATen has no Bool kernel for it). Each
//! bound is converted to the result dtype with c10's overflow check (`clamp(int8, 300)` is an
//! error, not a saturation).
//! Surprising but ATen: a NaN Scalar bound makes every element NaN, even with the other bound
//! finite; `-0.0` clamped below by `0.0` stays `-0.0`.
//!
//! Tensor bounds: `self`, `min` and `max` broadcast together and promote as a binary op does
//! (`torch.result_type`); the out may be any dtype the result casts to. A Bool result works
//! with one bound only (ATen has a Bool kernel for clamp_min/clamp_max, not for clamp).

use crate::dispatch_compute;
use crate::util::misc_helpers::{Bounds, clamp_value, scalar_to_checked};
use crate::util::pointwise::{promoted, resize_to_broadcast};
use etk_core::iter::{arg, fill, map1, map2, map3};
use etk_core::out::{check_can_cast, check_dtype, resize_out};
use etk_core::{
    Error, ErrorKind, Info, KernelContext, Result, ResultTypeState, Scalar, ScalarType, Tensor,
    boxed_kernel,
};

pub const OP: &str = "aten::clamp.out";
pub const OP_TENSOR: &str = "aten::clamp.Tensor_out";

fn no_bounds(op: &'static str) -> Error {
    Error::invalid(op, "min", "at least one of min and max to be given")
}

/// A Scalar bound with the name of its argument (`min`, or `min_val` for hardtanh).
pub(crate) type NamedBound = Option<(&'static str, Scalar)>;

/// Scalar-bound clamping, shared by `clamp.out`, `hardtanh.out` and `relu.out`.
pub(crate) fn clamp_scalar_impl(
    op: &'static str,
    self_: &Tensor<'_>,
    min: NamedBound,
    max: NamedBound,
    out: &mut Tensor<'_>,
) -> Result<()> {
    if min.is_none() && max.is_none() {
        return Err(no_bounds(op));
    }
    let st = self_.dtype();
    if st.is_complex() || st.is_barebones_unsigned() {
        return Err(Error::unsupported_dtype(op, "self", st));
    }
    let common = if st.is_floating_point() {
        st
    } else {
        let mut state = ResultTypeState::new().tensor(self_);
        for (_, s) in min.iter().chain(max.iter()) {
            state = state.scalar(s);
        }
        promoted(op, "min", state)?
    };
    if common == ScalarType::Bool {
        return Err(Error::new(ErrorKind::InvalidType, op, "self")
            .expected_text("a result dtype other than Bool (clamp has no Bool kernel)")
            .got(Info::Dtype(common)));
    }
    check_dtype(op, "out", out, common)?;
    resize_out(op, out, self_.sizes())?;
    let nan_bound = min
        .iter()
        .chain(max.iter())
        .any(|(_, s)| matches!(s, Scalar::Double(d) if d.is_nan()));
    dispatch_compute!(common, C => {
        if nan_bound {
            // ATen fills with NaN before converting the bounds (no overflow check then).
            return fill::<C>(op, out, None, |o| o.fill(C::NAN_OR_ZERO));
        }
        let lo: C = match &min {
            Some((name, s)) => scalar_to_checked(op, name, s, common)?,
            None => C::LOWEST,
        };
        let hi: C = match &max {
            Some((name, s)) => scalar_to_checked(op, name, s, common)?,
            None => C::HIGHEST,
        };
        map1::<C, C>(op, out, None, arg("self", self_).via(common), |x, o| {
            for (o, &x) in o.iter_mut().zip(x) {
                *o = clamp_value(x, lo, hi);
            }
        })
    }, _ => Err(Error::unsupported_dtype(op, "self", common)))
}

pub fn clamp_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    min: Option<Scalar>,
    max: Option<Scalar>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    clamp_scalar_impl(
        OP,
        self_,
        min.map(|s| ("min", s)),
        max.map(|s| ("max", s)),
        out,
    )
}

/// `x` clamped with NaN propagating from any operand.
#[inline(always)]
fn clamp_nan<C: Bounds>(x: C, lo: C, hi: C) -> C {
    if x.is_nan() || lo.is_nan() || hi.is_nan() {
        C::NAN_OR_ZERO
    } else {
        clamp_value(x, lo, hi)
    }
}

pub fn clamp_tensor_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    min: Option<&Tensor<'_>>,
    max: Option<&Tensor<'_>>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let op = OP_TENSOR;
    let mut state = ResultTypeState::new().tensor(self_);
    for t in min.iter().chain(max.iter()) {
        state = state.tensor(t);
    }
    let common = promoted(op, "min", state)?;
    if common == ScalarType::Bool && min.is_some() && max.is_some() {
        return Err(Error::new(ErrorKind::InvalidType, op, "self")
            .expected_text("a result dtype other than Bool when both bounds are given")
            .got(Info::Dtype(common)));
    }
    check_can_cast(op, common, out)?;
    let x = arg("self", self_).via(common);
    dispatch_compute!(common, C => match (min, max) {
        (Some(lo), Some(hi)) => {
            resize_to_broadcast(op, out, &[("self", self_), ("min", lo), ("max", hi)])?;
            let (lo, hi) = (arg("min", lo).via(common), arg("max", hi).via(common));
            map3::<C, C, C, C>(op, out, Some(common), x, lo, hi, |x, lo, hi, o| {
                for (((o, &x), &lo), &hi) in o.iter_mut().zip(x).zip(lo).zip(hi) {
                    *o = clamp_nan(x, lo, hi);
                }
            })
        }
        (Some(lo), None) => {
            resize_to_broadcast(op, out, &[("self", self_), ("min", lo)])?;
            let lo = arg("min", lo).via(common);
            map2::<C, C, C>(op, out, Some(common), x, lo, |x, lo, o| {
                for ((o, &x), &lo) in o.iter_mut().zip(x).zip(lo) {
                    *o = clamp_nan(x, lo, C::HIGHEST);
                }
            })
        }
        (None, Some(hi)) => {
            resize_to_broadcast(op, out, &[("self", self_), ("max", hi)])?;
            let hi = arg("max", hi).via(common);
            map2::<C, C, C>(op, out, Some(common), x, hi, |x, hi, o| {
                for ((o, &x), &hi) in o.iter_mut().zip(x).zip(hi) {
                    *o = clamp_nan(x, C::LOWEST, hi);
                }
            })
        }
        (None, None) => Err(no_bounds(op)),
    }, _ => Err(Error::unsupported_dtype(op, "self", common)))
}

boxed_kernel!(pub fn clamp_out_boxed = OP => clamp_out(self_: &Tensor, min: Option<Scalar>, max: Option<Scalar>) -> (out));
boxed_kernel!(pub fn clamp_tensor_out_boxed = OP_TENSOR => clamp_tensor_out(self_: &Tensor, min: Option<&Tensor>, max: Option<&Tensor>) -> (out));
