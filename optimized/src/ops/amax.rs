//! `amax.out(Tensor self, int[1] dim=[], bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Float, Half and BFloat16 on vectors along any dims walked in index order, exactly as
//! portable (NaN and the first of equal values): see `crate::reduce::extreme`. Portable's
//! checks run first; other dtypes and walks are portable's.

use crate::reduce::extreme::amax_amin;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::util::extreme as portable;

pub const OP: &str = etk_portable::ops::amax::OP;

pub fn amax_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: &[i64],
    keepdim: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let mask = portable::amax_amin_prepare(OP, self_, dim, keepdim, out)?;
    if amax_amin::<true>(ctx, self_, mask, out) {
        return Ok(());
    }
    portable::amax_amin_into::<true>(OP, self_, mask, out)
}

boxed_kernel!(pub fn amax_out_boxed = OP => amax_out(self_: &Tensor, dim: &[i64], keepdim: bool) -> (out));
