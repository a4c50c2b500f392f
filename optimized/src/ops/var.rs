//! `var.correction_out(Tensor self, int[1]? dim=None, *, Scalar? correction=None, bool keepdim=False, Tensor(a!) out) -> Tensor(a!)`
//! `var.out(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Float, Half and BFloat16 inputs into an out they widen into exactly, on f64 vectors along any
//! dims in any dim order: see `crate::reduce::moments` (ATen's algorithms; finite results may
//! differ from portable's in the last bits, the others are portable's). Portable's checks run
//! first; other dtypes are portable's.

use crate::reduce::moments::var_mean;
use etk_core::{KernelContext, Result, Scalar, Tensor, boxed_kernel};
use etk_portable::ops::var as portable;
use etk_portable::util::variance::var_into;

pub const OP_CORRECTION: &str = portable::OP_CORRECTION;
pub const OP: &str = portable::OP;

pub fn var_correction_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: Option<&[i64]>,
    correction: Option<Scalar>,
    keepdim: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let c = correction.map_or(1.0, |s| s.to_f64());
    var(ctx, OP_CORRECTION, self_, dim, c, keepdim, out)
}

pub fn var_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: Option<&[i64]>,
    unbiased: bool,
    keepdim: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let c = if unbiased { 1.0 } else { 0.0 };
    var(ctx, OP, self_, dim, c, keepdim, out)
}

fn var(
    ctx: &KernelContext<'_>,
    op: &'static str,
    self_: &Tensor<'_>,
    dim: Option<&[i64]>,
    correction: f64,
    keepdim: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let mask = portable::var_prepare(op, self_, dim, keepdim, out)?;
    if var_mean(ctx, self_, mask, correction, out, None) {
        return Ok(());
    }
    var_into(op, self_, mask, correction, out, None)
}

boxed_kernel!(pub fn var_correction_out_boxed = OP_CORRECTION => var_correction_out(self_: &Tensor, dim: Option<&[i64]>, correction: Option<Scalar>, keepdim: bool) -> (out));
boxed_kernel!(pub fn var_out_boxed = OP => var_out(self_: &Tensor, dim: Option<&[i64]>, unbiased: bool, keepdim: bool) -> (out));
