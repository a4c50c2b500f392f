//! `argmax.out(Tensor self, int? dim=None, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Float, Half and BFloat16 on vectors along one dim (or every dim of a tensor laid out in
//! index order), exactly as portable (the first NaN, the first of equal values): see
//! `crate::reduce::extreme`. Portable's checks run first; other dtypes and walks are
//! portable's.

use crate::reduce::extreme::arg_extreme;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::util::extreme as portable;

pub const OP: &str = etk_portable::ops::argmax::OP;

pub fn argmax_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: Option<i64>,
    keepdim: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let mask = portable::arg_extreme_prepare(OP, self_, dim, keepdim, out)?;
    if arg_extreme::<true>(ctx, self_, mask, out) {
        return Ok(());
    }
    portable::arg_extreme_into::<true>(OP, self_, mask, out)
}

boxed_kernel!(pub fn argmax_out_boxed = OP => argmax_out(self_: &Tensor, dim: Option<i64>, keepdim: bool) -> (out));
