//! `var_mean.correction_out(Tensor self, int[1]? dim=None, *, Scalar? correction=None, bool keepdim=False, Tensor(a!) out0, Tensor(b!) out1) -> (Tensor(a!), Tensor(b!))`
//!
//! Float, Half and BFloat16, both outs laid out alike, on f64 vectors along any dims in any dim
//! order: see `crate::reduce::moments`. Portable's checks run first; other calls are portable's.

use crate::reduce::moments::var_mean;
use etk_core::{KernelContext, Result, Scalar, Tensor, boxed_kernel};
use etk_portable::ops::var_mean as portable;
use etk_portable::util::variance::var_into;

pub const OP: &str = portable::OP;

pub fn var_mean_correction_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: Option<&[i64]>,
    correction: Option<Scalar>,
    keepdim: bool,
    out0: &mut Tensor<'_>,
    out1: &mut Tensor<'_>,
) -> Result<()> {
    let mask = portable::var_mean_prepare(self_, dim, keepdim, out0, out1)?;
    let c = correction.map_or(1.0, |s| s.to_f64());
    if var_mean(ctx, self_, mask, c, out0, Some(&mut *out1)) {
        return Ok(());
    }
    var_into(OP, self_, mask, c, out0, Some(("out1", out1)))
}

boxed_kernel!(pub fn var_mean_correction_out_boxed = OP => var_mean_correction_out(self_: &Tensor, dim: Option<&[i64]>, correction: Option<Scalar>, keepdim: bool) -> (out0, out1));
