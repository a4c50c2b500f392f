//! `sum.IntList_out(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)`
//!
//! Float, Half and BFloat16 sums (into the same dtype, or Half/BFloat16 into Float) on vectors
//! along any dims in any dim order: see `crate::reduce::sum` (the additions in another order
//! than portable's, so the last bits may differ). Portable's checks run first; every other
//! dtype is portable's.

use crate::reduce::sum::sum_mean;
use etk_core::{KernelContext, Result, ScalarType, Tensor, boxed_kernel};
use etk_portable::ops::sum as portable;

pub const OP: &str = portable::OP;

pub fn sum_intlist_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: Option<&[i64]>,
    keepdim: bool,
    dtype: Option<ScalarType>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let mask = portable::sum_prepare(self_, dim, keepdim, dtype, out)?;
    if sum_mean(ctx, self_, mask, out, false) {
        return Ok(());
    }
    portable::sum_into(OP, self_, mask, out)
}

boxed_kernel!(pub fn sum_intlist_out_boxed = OP => sum_intlist_out(self_: &Tensor, dim: Option<&[i64]>, keepdim: bool, dtype: Option<ScalarType>) -> (out));
