//! `amax.out(Tensor self, int[1] dim=[], bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! The largest value over `dim` (`[]`: every dim), NaN winning over every number. The out
//! must have `self`'s dtype (every real dtype, Bool included). An empty input needs `dim`
//! named, and no reduced dim may have size 0 (there is no identity). The kernel,
//! shared with `amin`, is [`crate::util::extreme`]'s.
//!
//! Complex inputs are a dtype error (ATen has no complex kernel).

use crate::util::extreme::amax_amin;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::amax.out";

pub fn amax_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: &[i64],
    keepdim: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    amax_amin::<true>(OP, self_, dim, keepdim, out)
}

boxed_kernel!(pub fn amax_out_boxed = OP => amax_out(self_: &Tensor, dim: &[i64], keepdim: bool) -> (out));
