//! `any.all_out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//! `any.dims_out(Tensor self, int[]? dim=None, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)`
//! `any.out(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Whether any element is non-zero (NaN counts as non-zero) over every element (`all_out`),
//! a dim list (`dims_out`: `None` is every dim, but `[]` reduces nothing, so the result is
//! `self != 0` elementwise) or one dim. The out must be Bool or Byte (ATen's legacy uint8
//! result); every input dtype is accepted. A size-0 dim gives false.
//!
//! As ATen's CPU kernel, a Byte out reduces `self` converted to Byte (through int64, as c10
//! converts to uint8): `any([0.3, 0.0, 0.7])` into a Byte out is 0 and 256 counts as zero;
//! but a `self` of exactly one element is `self != 0` whatever the out (ATen copies
//! `self.to(Bool)` then).
//!
//! A complex element is true when either part is non-zero.

use crate::util::reduce::{
    DimMask, EmptyDims, Reduction, Sink, Source, dim_mask, one_dim, reduce, reduced_shape,
};
use etk_core::out::resize_out;
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, ScalarType, Tensor, boxed_kernel};

pub const OP_ALL: &str = "aten::any.all_out";
pub const OP_DIMS: &str = "aten::any.dims_out";
pub const OP: &str = "aten::any.out";

pub fn any_all_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    any_into(OP_ALL, self_, DimMask::all(self_.dim()), false, out)
}

pub fn any_dims_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: Option<&[i64]>,
    keepdim: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let mask = dim_mask(OP_DIMS, "dim", dim, self_.dim(), EmptyDims::None)?;
    any_into(OP_DIMS, self_, mask, keepdim, out)
}

pub fn any_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: i64,
    keepdim: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let mask = one_dim(OP, "dim", dim, self_.dim())?;
    any_into(OP, self_, mask, keepdim, out)
}

fn any_into(
    op: &'static str,
    self_: &Tensor<'_>,
    mask: DimMask,
    keepdim: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    any_prepare(op, self_, mask, keepdim, out)?;
    any_reduce(op, self_, mask, out)
}

/// The out's checks, then the out resized. Nothing is left to reject.
pub fn any_prepare(
    op: &'static str,
    self_: &Tensor<'_>,
    mask: DimMask,
    keepdim: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    if !matches!(out.dtype(), ScalarType::Bool | ScalarType::Byte) {
        return Err(Error::new(ErrorKind::InvalidType, op, "out")
            .expected_text("a Bool or Byte out")
            .got(Info::Dtype(out.dtype())));
    }
    resize_out(op, out, &reduced_shape(self_.sizes(), mask, keepdim))
}

/// `out = any(self over mask)` (the out already has its shape).
pub fn any_reduce(
    op: &'static str,
    self_: &Tensor<'_>,
    mask: DimMask,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let plan = Reduction::new(op, self_, mask, &[out])?;
    let sink = Sink::<bool>::new(op, "out", out, None)?;
    if out.dtype() == ScalarType::Byte && self_.numel() != 1 {
        // each element as the uint8 it converts to (-1.5 is 255, 256.0 is 0)
        let src = Source::<i64>::new(op, "self", self_, Some(ScalarType::Byte))?;
        reduce(
            &plan,
            &src,
            &sink,
            false,
            |acc, v, _, _| *acc = *acc || v.iter().any(|&x| x != 0),
            |acc| acc,
        );
        return Ok(());
    }
    let src = Source::<bool>::new(op, "self", self_, None)?;
    reduce(
        &plan,
        &src,
        &sink,
        false,
        |acc, v, _, _| *acc = *acc || v.iter().any(|&x| x),
        |acc| acc,
    );
    Ok(())
}

boxed_kernel!(pub fn any_all_out_boxed = OP_ALL => any_all_out(self_: &Tensor) -> (out));
boxed_kernel!(pub fn any_dims_out_boxed = OP_DIMS => any_dims_out(self_: &Tensor, dim: Option<&[i64]>, keepdim: bool) -> (out));
boxed_kernel!(pub fn any_out_boxed = OP => any_out(self_: &Tensor, dim: i64, keepdim: bool) -> (out));
