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
use crate::util::clamp::{Bounds, clamp_nan, clamp_scalar_impl, no_bounds};
use crate::util::pointwise::{each2, each3, promoted, resize_to_broadcast};
use etk_core::iter::{arg, map2, map3};
use etk_core::out::check_can_cast;
use etk_core::{
    Error, KernelContext, Result, ResultTypeState, Scalar, ScalarType, Tensor, boxed_kernel,
};

pub const OP: &str = "aten::clamp.out";
pub const OP_TENSOR: &str = "aten::clamp.Tensor_out";

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
