//! The kernels behind each max/min pair, one body each with `MAX` choosing the side:
//! `max`/`min` (values and indices along a dim, or of everything), `argmax`/`argmin`,
//! `amax`/`amin`.

use crate::dispatch_compute;
use crate::util::dispatch::is_reduced_float;
use crate::util::reduce::{
    Best, DimMask, EmptyDims, Reduction, Sink, Source, check_nonempty, check_out_is, dim_mask,
    dtype_bound, one_dim, reduce, reduce2, reduced_shape,
};
use crate::util::scalar::scalar_to_checked;
use etk_core::out::{check_can_cast, resize_out};
use etk_core::{Compute, Error, ErrorKind, Info, Result, Scalar, ScalarType, Tensor};

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

/// `argmax` (`MAX`) or `argmin`.
pub fn arg_extreme<const MAX: bool>(
    op: &'static str,
    self_: &Tensor<'_>,
    dim: Option<i64>,
    keepdim: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let mask = arg_extreme_prepare(op, self_, dim, keepdim, out)?;
    arg_extreme_into::<MAX>(op, self_, mask, out)
}

/// The argument checks of `argmax`/`argmin`, then the out resized: the dims to reduce (one,
/// or every dim for `dim=None`). What is left to reject is the dtype ([`arg_extreme_into`]).
pub fn arg_extreme_prepare(
    op: &'static str,
    self_: &Tensor<'_>,
    dim: Option<i64>,
    keepdim: bool,
    out: &mut Tensor<'_>,
) -> Result<DimMask> {
    if self_.dtype() == ScalarType::Bool {
        return Err(Error::dtype(
            op,
            "self",
            "a numeric dtype (not Bool)",
            self_.dtype(),
        ));
    }
    crate::util::complex::reject_complex(op, "self", self_.dtype())?;
    check_out_is(op, out, ScalarType::Long)?;
    let mask = match dim {
        Some(d) => one_dim(op, "dim", d, self_.dim())?,
        None => DimMask::all(self_.dim()),
    };
    check_nonempty(op, self_, mask, dim.is_some())?;
    resize_out(op, out, &reduced_shape(self_.sizes(), mask, keepdim))?;
    Ok(mask)
}

/// `out = the index of the largest (MAX) or smallest value of self over mask` (the out
/// already has its shape).
pub fn arg_extreme_into<const MAX: bool>(
    op: &'static str,
    self_: &Tensor<'_>,
    mask: DimMask,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let plan = Reduction::new(op, self_, mask, &[out])?;
    let dt = self_.dtype();
    dispatch_compute!(dt, C => {
        let src = Source::<C>::new(op, "self", self_, None)?;
        let sink = Sink::<i64>::new(op, "out", out, None)?;
        reduce(&plan, &src, &sink, Best::<C>::new(), |b, v, i, s| b.fold::<MAX>(v, i, s),
            |b| b.index as i64);
        Ok(())
    }, _ => Err(Error::unsupported_dtype(op, "self", dt)))
}

/// `amax` (`MAX`) or `amin`.
pub fn amax_amin<const MAX: bool>(
    op: &'static str,
    self_: &Tensor<'_>,
    dim: &[i64],
    keepdim: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let mask = amax_amin_prepare(op, self_, dim, keepdim, out)?;
    amax_amin_into::<MAX>(op, self_, mask, out)
}

/// The argument checks of `amax`/`amin`, then the out resized: the dims to reduce. What is
/// left to reject is the dtype ([`amax_amin_into`]).
pub fn amax_amin_prepare(
    op: &'static str,
    self_: &Tensor<'_>,
    dim: &[i64],
    keepdim: bool,
    out: &mut Tensor<'_>,
) -> Result<DimMask> {
    crate::util::complex::reject_complex(op, "self", self_.dtype())?;
    if out.dtype() != self_.dtype() {
        return Err(Error::new(ErrorKind::InvalidType, op, "out")
            .expected("the input's dtype", Info::Dtype(self_.dtype()))
            .got(Info::Dtype(out.dtype())));
    }
    let mask = dim_mask(op, "dim", Some(dim), self_.dim(), EmptyDims::All)?;
    check_nonempty(op, self_, mask, !dim.is_empty())?;
    resize_out(op, out, &reduced_shape(self_.sizes(), mask, keepdim))?;
    Ok(mask)
}

/// `out = amax or amin of self over mask` (the out already has its shape).
pub fn amax_amin_into<const MAX: bool>(
    op: &'static str,
    self_: &Tensor<'_>,
    mask: DimMask,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let plan = Reduction::new(op, self_, mask, &[out])?;
    let dt = self_.dtype();
    dispatch_compute!(dt, C => {
        let src = Source::<C>::new(op, "self", self_, None)?;
        let sink = Sink::<C>::new(op, "out", out, None)?;
        if plan.walks_in_index_order() {
            reduce(&plan, &src, &sink, Best::<C>::new(), |b, v, _, _| b.fold_value::<MAX>(v),
                |b| b.value);
        } else {
            reduce(&plan, &src, &sink, Best::<C>::new(), |b, v, i, s| b.fold::<MAX>(v, i, s),
                |b| b.value);
        }
        Ok(())
    }, _ => Err(Error::unsupported_dtype(op, "self", dt)))
}
