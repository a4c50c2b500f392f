//! `max.dim_max(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) max, Tensor(b!) max_values) -> (Tensor(a!) values, Tensor(b!) indices)`
//! `max.unary_out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `dim_max`: the largest value along `dim` and its index (the first among equals; NaN wins,
//! first NaN). The values out (`max`) must have `self`'s dtype, the indices out (named
//! `max_values` in the schema) must be Long; a size-0 dim is an error.
//! `unary_out`: the largest element; the out may be any dtype `self` can be cast to, and an
//! empty tensor gives the lowest value of `self`'s dtype (-inf for floats), as ATen does. The
//! value goes into the out as ATen's `fill_` takes a Scalar: an integer that does not fit the
//! out's dtype (300 into Char, 1e300 into Float) is an error; Half and BFloat16 take any value.
//! This file also holds the kernels `min` shares ([`extreme_dim`], [`extreme_all`]).
//!
//! Complex inputs are a dtype error (ATen has no complex kernel).

use crate::dispatch_compute;
use crate::util::dispatch::is_reduced_float;
use crate::util::reduce::{
    Best, DimMask, Reduction, Sink, Source, check_nonempty, dtype_bound, one_dim, reduce2,
    reduced_shape,
};
use crate::util::scalar::scalar_to_checked;
use etk_core::out::{check_can_cast, resize_out};
use etk_core::{Compute, Error, KernelContext, Result, Scalar, ScalarType, Tensor, boxed_kernel};

pub const OP_DIM: &str = "aten::max.dim_max";
pub const OP_UNARY: &str = "aten::max.unary_out";

pub fn max_dim_max(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: i64,
    keepdim: bool,
    max: &mut Tensor<'_>,
    max_values: &mut Tensor<'_>,
) -> Result<()> {
    extreme_dim::<true>(
        OP_DIM,
        ("max", "max_values"),
        self_,
        dim,
        keepdim,
        max,
        max_values,
    )
}

pub fn max_unary_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    extreme_all::<true>(OP_UNARY, self_, out)
}

/// `max.dim` (`MAX`) or `min.dim`: values and indices along one dim.
pub fn extreme_dim<const MAX: bool>(
    op: &'static str,
    names: (&'static str, &'static str),
    self_: &Tensor<'_>,
    dim: i64,
    keepdim: bool,
    values: &mut Tensor<'_>,
    indices: &mut Tensor<'_>,
) -> Result<()> {
    crate::util::complex::reject_complex(op, "self", self_.dtype())?;
    let mask = one_dim(op, "dim", dim, self_.dim())?;
    check_nonempty(op, self_, mask, true)?;
    if values.dtype() != self_.dtype() {
        return Err(Error::dtype(
            op,
            names.0,
            "the input's dtype",
            values.dtype(),
        ));
    }
    if indices.dtype() != ScalarType::Long {
        return Err(Error::dtype(op, names.1, "Long (indices)", indices.dtype()));
    }
    let shape = reduced_shape(self_.sizes(), mask, keepdim);
    values.resize(op, names.0, &shape)?;
    indices.resize(op, names.1, &shape)?;
    if values.overlaps(indices) {
        return Err(Error::invalid(
            op,
            names.1,
            "an out that does not overlap the other out",
        ));
    }
    let plan = Reduction::new(op, self_, mask, &[values, indices])?;
    let dt = self_.dtype();
    dispatch_compute!(dt, C => {
        let src = Source::<C>::new(op, "self", self_, None)?;
        let vs = Sink::<C>::new(op, names.0, values, None)?;
        let is = Sink::<i64>::new(op, names.1, indices, None)?;
        reduce2(&plan, &src, (&vs, &is), Best::<C>::new(), |b, v, i, s| b.fold::<MAX>(v, i, s),
            |b| (b.value, b.index as i64));
        Ok(())
    }, _ => Err(Error::unsupported_dtype(op, "self", dt)))
}

/// `max()` (`MAX`) or `min()` of every element, into an out of any dtype `self` casts to.
pub fn extreme_all<const MAX: bool>(
    op: &'static str,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    crate::util::complex::reject_complex(op, "self", self_.dtype())?;
    check_can_cast(op, self_.dtype(), out)?;
    resize_out(op, out, &[])?;
    let mask = DimMask::all(self_.dim());
    let plan = Reduction::new(op, self_, mask, &[out])?;
    let dt = self_.dtype();
    dispatch_compute!(dt, C => {
        let src = Source::<C>::new(op, "self", self_, None)?;
        let sink = Sink::<C>::new(op, "out", out, None)?;
        // an empty input keeps the identity: the other end of the dtype's range
        let identity: C = dtype_bound(dt, !MAX);
        let mut best = Best::<C>::new();
        plan.for_each_out(|base, _| src.lane(&plan, base, |v, i, s| best.fold::<MAX>(v, i, s)));
        let value = if best.seen { best.value } else { identity };
        // ATen fills the out with the value as a Scalar, with c10's overflow check
        let scalar = match dt {
            ScalarType::Bool => Scalar::Bool(value.store::<bool>()),
            d if d.is_floating_point() => Scalar::Double(value.store::<f64>()),
            _ => Scalar::Int(value.store::<i64>()),
        };
        // (ATen's fill of Half / BFloat16 takes any value: too large is inf)
        if !out.dtype().is_complex() && !is_reduced_float(out.dtype()) {
            scalar_to_checked::<C>(op, "out", &scalar, out.dtype())?;
        }
        // SAFETY: the out has one element, at offset 0.
        unsafe { sink.put(0, value) };
        Ok(())
    }, _ => Err(Error::unsupported_dtype(op, "self", dt)))
}

boxed_kernel!(pub fn max_dim_max_boxed = OP_DIM => max_dim_max(self_: &Tensor, dim: i64, keepdim: bool) -> (max, max_values));
boxed_kernel!(pub fn max_unary_out_boxed = OP_UNARY => max_unary_out(self_: &Tensor) -> (out));
