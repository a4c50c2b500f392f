//! `mean.out(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)`
//! `mean.dtype_out(Tensor self, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)`
//!
//! Float, Half and BFloat16 inputs into any of the three: the sum in f32 lanes (see
//! `crate::reduce::sum`; another order of additions than portable's), divided by the count and
//! rounded once. Portable's checks run first; every other dtype is portable's.

use crate::reduce::sum::sum_mean;
use etk_core::{KernelContext, Result, ScalarType, Tensor, boxed_kernel};
use etk_portable::ops::mean as portable;

pub const OP: &str = portable::OP;
pub const OP_DTYPE: &str = portable::OP_DTYPE;

pub fn mean_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: Option<&[i64]>,
    keepdim: bool,
    dtype: Option<ScalarType>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let mask = portable::mean_prepare(self_, dim, keepdim, dtype, out)?;
    if sum_mean(ctx, self_, mask, out, true) {
        return Ok(());
    }
    portable::mean_into(OP, self_, mask, out)
}

pub fn mean_dtype_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dtype: Option<ScalarType>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let mask = portable::mean_dtype_prepare(self_, dtype, out)?;
    if sum_mean(ctx, self_, mask, out, true) {
        return Ok(());
    }
    portable::mean_into(OP_DTYPE, self_, mask, out)
}

boxed_kernel!(pub fn mean_out_boxed = OP => mean_out(self_: &Tensor, dim: Option<&[i64]>, keepdim: bool, dtype: Option<ScalarType>) -> (out));
boxed_kernel!(pub fn mean_dtype_out_boxed = OP_DTYPE => mean_dtype_out(self_: &Tensor, dtype: Option<ScalarType>) -> (out));
