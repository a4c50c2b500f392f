//! `any.all_out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//! `any.dims_out(Tensor self, int[]? dim=None, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)`
//! `any.out(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Every real dtype on vectors of words along any dims in any dim order, exactly as portable
//! (see `crate::reduce::any`). Portable's checks run first; complex inputs and Byte outs of
//! wider inputs are portable's.

use crate::reduce::any::any;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::ops::any as portable;
use etk_portable::util::reduce::{DimMask, EmptyDims, dim_mask, one_dim};

pub const OP_ALL: &str = portable::OP_ALL;
pub const OP_DIMS: &str = portable::OP_DIMS;
pub const OP: &str = portable::OP;

pub fn any_all_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    any_into(ctx, OP_ALL, self_, DimMask::all(self_.dim()), false, out)
}

pub fn any_dims_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: Option<&[i64]>,
    keepdim: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let mask = dim_mask(OP_DIMS, "dim", dim, self_.dim(), EmptyDims::None)?;
    any_into(ctx, OP_DIMS, self_, mask, keepdim, out)
}

pub fn any_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: i64,
    keepdim: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let mask = one_dim(OP, "dim", dim, self_.dim())?;
    any_into(ctx, OP, self_, mask, keepdim, out)
}

fn any_into(
    ctx: &KernelContext<'_>,
    op: &'static str,
    self_: &Tensor<'_>,
    mask: DimMask,
    keepdim: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    portable::any_prepare(op, self_, mask, keepdim, out)?;
    if any(ctx, self_, mask, out) {
        return Ok(());
    }
    portable::any_reduce(op, self_, mask, out)
}

boxed_kernel!(pub fn any_all_out_boxed = OP_ALL => any_all_out(self_: &Tensor) -> (out));
boxed_kernel!(pub fn any_dims_out_boxed = OP_DIMS => any_dims_out(self_: &Tensor, dim: Option<&[i64]>, keepdim: bool) -> (out));
boxed_kernel!(pub fn any_out_boxed = OP => any_out(self_: &Tensor, dim: i64, keepdim: bool) -> (out));
