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
use crate::util::pointwise::{check_supported, each1, each2, each3, promoted, resize_to_broadcast};
use crate::util::scalar::scalar_to_checked;
use etk_core::iter::{arg, fill, map1, map2, map3};
use etk_core::out::{check_can_cast, check_dtype, resize_out};
use etk_core::{
    Compute, Error, KernelContext, Result, ResultTypeState, Scalar, ScalarType, Tensor,
    boxed_kernel,
};

pub const OP: &str = "aten::clamp.out";
pub const OP_TENSOR: &str = "aten::clamp.Tensor_out";

/// Lowest and highest values of a compute type, and NaN tests (never NaN for integers).
trait Bounds: Compute {
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

/// `x` clamped with NaN propagating from any operand.
#[inline(always)]
fn clamp_nan<C: Bounds>(x: C, lo: C, hi: C) -> C {
    if x.is_nan() || lo.is_nan() || hi.is_nan() {
        C::NAN_OR_ZERO
    } else {
        clamp_value(x, lo, hi)
    }
}

/// `min(max(x, lo), hi)` as ATen computes it: `x` kept when it is NaN or equal to a bound
/// (so `-0.0` clamped below by `0.0` stays `-0.0`), and `hi` wins when `lo > hi`.
#[inline(always)]
fn clamp_value<C: Compute>(x: C, lo: C, hi: C) -> C {
    let y = if x < lo { lo } else { x };
    if hi < y { hi } else { y }
}

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
    // ATen: "clamp is not supported for complex types".
    crate::util::complex::reject_complex(op, "self", st)?;
    check_supported(op, "self", st)?;
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
        return Err(Error::dtype(
            op,
            "self",
            "a result dtype other than Bool (clamp has no Bool kernel)",
            common,
        ));
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
        let x = arg("self", self_).via(common);
        map1::<C, C>(op, out, None, x, each1(|x| clamp_value(x, lo, hi)))
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
    crate::util::complex::reject_complex(op, "self", common)?;
    if common == ScalarType::Bool && min.is_some() && max.is_some() {
        return Err(Error::dtype(
            op,
            "self",
            "a result dtype other than Bool when both bounds are given",
            common,
        ));
    }
    check_can_cast(op, common, out)?;
    let x = arg("self", self_).via(common);
    dispatch_compute!(common, C => match (min, max) {
        (Some(lo), Some(hi)) => {
            resize_to_broadcast(op, out, &[("self", self_), ("min", lo), ("max", hi)])?;
            let (lo, hi) = (arg("min", lo).via(common), arg("max", hi).via(common));
            map3::<C, C, C, C>(op, out, Some(common), x, lo, hi, each3(clamp_nan::<C>))
        }
        (Some(lo), None) => {
            resize_to_broadcast(op, out, &[("self", self_), ("min", lo)])?;
            let lo = arg("min", lo).via(common);
            let f = each2(|x, lo| clamp_nan(x, lo, C::HIGHEST));
            map2::<C, C, C>(op, out, Some(common), x, lo, f)
        }
        (None, Some(hi)) => {
            resize_to_broadcast(op, out, &[("self", self_), ("max", hi)])?;
            let hi = arg("max", hi).via(common);
            let f = each2(|x, hi| clamp_nan(x, C::LOWEST, hi));
            map2::<C, C, C>(op, out, Some(common), x, hi, f)
        }
        (None, None) => Err(no_bounds(op)),
    }, _ => Err(Error::unsupported_dtype(op, "self", common)))
}

boxed_kernel!(pub fn clamp_out_boxed = OP => clamp_out(self_: &Tensor, min: Option<Scalar>, max: Option<Scalar>) -> (out));
boxed_kernel!(pub fn clamp_tensor_out_boxed = OP_TENSOR => clamp_tensor_out(self_: &Tensor, min: Option<&Tensor>, max: Option<&Tensor>) -> (out));
