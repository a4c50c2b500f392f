//! `var_mean.correction_out(Tensor self, int[1]? dim=None, *, Scalar? correction=None, bool keepdim=False, Tensor(a!) out0, Tensor(b!) out1) -> (Tensor(a!), Tensor(b!))`
//!
//! The variance (`out0`, the rules of `var.correction_out`) and the mean (`out1`) over `dim`
//! in one pass. Both outs must have exactly `self`'s dtype (floating), as ATen checks; an
//! empty lane gives NaN for both.
//!
//! Complex inputs: `out0` (the variance) has the real dtype of `self`, `out1` (the mean)
//! `self`'s complex dtype.

use crate::util::reduce::{DimMask, EmptyDims, check_out_is, dim_mask, reduced_shape};
use crate::util::variance::{check_floating, var_into};
use etk_core::{Error, KernelContext, Result, Scalar, Tensor, boxed_kernel};

pub const OP: &str = "aten::var_mean.correction_out";

pub fn var_mean_correction_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: Option<&[i64]>,
    correction: Option<Scalar>,
    keepdim: bool,
    out0: &mut Tensor<'_>,
    out1: &mut Tensor<'_>,
) -> Result<()> {
    let mask = var_mean_prepare(self_, dim, keepdim, out0, out1)?;
    let c = correction.map_or(1.0, |s| s.to_f64());
    var_into(OP, self_, mask, c, out0, Some(("out1", out1)))
}

/// The argument checks, then both outs resized: the dims to reduce. What is left to reject
/// is the dtype ([`crate::util::variance::var_into`]).
pub fn var_mean_prepare(
    self_: &Tensor<'_>,
    dim: Option<&[i64]>,
    keepdim: bool,
    out0: &mut Tensor<'_>,
    out1: &mut Tensor<'_>,
) -> Result<DimMask> {
    check_floating(OP, self_)?;
    // a complex input's variance is real, its mean complex
    check_out_is(OP, out0, self_.dtype().to_real())?;
    if out1.dtype() != self_.dtype() {
        return Err(Error::dtype(OP, "out1", "the input's dtype", out1.dtype()));
    }
    let mask = dim_mask(OP, "dim", dim, self_.dim(), EmptyDims::All)?;
    let shape = reduced_shape(self_.sizes(), mask, keepdim);
    out0.resize(OP, "out0", &shape)?;
    out1.resize(OP, "out1", &shape)?;
    if out0.overlaps(out1) {
        return Err(Error::invalid(
            OP,
            "out1",
            "an out that does not overlap out0",
        ));
    }
    Ok(mask)
}

boxed_kernel!(pub fn var_mean_correction_out_boxed = OP => var_mean_correction_out(self_: &Tensor, dim: Option<&[i64]>, correction: Option<Scalar>, keepdim: bool) -> (out0, out1));
