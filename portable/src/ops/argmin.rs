//! `argmin.out(Tensor self, int? dim=None, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! The index of the smallest value along `dim` (or in the flattened tensor); the rules of
//! `argmax` (the kernel is `argmax::arg_extreme`).

use crate::util::extreme::arg_extreme;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::argmin.out";

pub fn argmin_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: Option<i64>,
    keepdim: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    arg_extreme::<false>(OP, self_, dim, keepdim, out)
}

boxed_kernel!(pub fn argmin_out_boxed = OP => argmin_out(self_: &Tensor, dim: Option<i64>, keepdim: bool) -> (out));
