//! `amax.out(Tensor self, int[1] dim=[], bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! The largest value over `dim` (`[]`: every dim), NaN winning over every number. The out
//! must have `self`'s dtype (every real dtype, Bool included). An empty input needs `dim`
//! named, and no reduced dim may have size 0 (there is no identity). This file also holds
//! the kernel `amin` shares ([`amax_amin`]).
//!
//! Complex inputs are a dtype error (ATen has no complex kernel).

use crate::dispatch_compute;
use crate::util::reduce::{
    Best, DimMask, EmptyDims, Reduction, Sink, Source, check_nonempty, dim_mask, reduce,
    reduced_shape,
};
use etk_core::out::resize_out;
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::amax.out";

pub fn amax_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: &[i64],
    keepdim: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    amax_amin::<true>(OP, self_, dim, keepdim, out)
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

boxed_kernel!(pub fn amax_out_boxed = OP => amax_out(self_: &Tensor, dim: &[i64], keepdim: bool) -> (out));
