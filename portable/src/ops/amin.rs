//! `amin.out(Tensor self, int[1] dim=[], bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! The smallest value over `dim` (`[]`: every dim), NaN winning over every number; the rules
//! of `amax` (the kernel is `amax::amax_amin`).

use crate::util::extreme::amax_amin;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::amin.out";

pub fn amin_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: &[i64],
    keepdim: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    amax_amin::<false>(OP, self_, dim, keepdim, out)
}

boxed_kernel!(pub fn amin_out_boxed = OP => amin_out(self_: &Tensor, dim: &[i64], keepdim: bool) -> (out));
