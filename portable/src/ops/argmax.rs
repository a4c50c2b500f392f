//! `argmax.out(Tensor self, int? dim=None, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! The index of the largest value along `dim`, or in the flattened tensor for `dim=None`
//! (with `keepdim`, a shape of ones). NaN wins and the first NaN's index is returned; among
//! equal values the first index. The out must be Long; Bool inputs are rejected, as in
//! ATen; an empty input needs `dim`, whose size must not be 0. This file also holds the
//! kernel `argmin` shares ([`arg_extreme`]).
//!
//! Complex inputs are a dtype error (ATen has no complex argmax).

use crate::dispatch_compute;
use crate::util::reduce::{
    Best, DimMask, Reduction, Sink, Source, check_nonempty, check_out_is, one_dim, reduce,
    reduced_shape,
};
use etk_core::out::resize_out;
use etk_core::{Error, KernelContext, Result, ScalarType, Tensor, boxed_kernel};

pub const OP: &str = "aten::argmax.out";

pub fn argmax_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: Option<i64>,
    keepdim: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    arg_extreme::<true>(OP, self_, dim, keepdim, out)
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

boxed_kernel!(pub fn argmax_out_boxed = OP => argmax_out(self_: &Tensor, dim: Option<i64>, keepdim: bool) -> (out));
