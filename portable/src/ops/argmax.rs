//! `argmax.out(Tensor self, int? dim=None, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! The index of the largest value along `dim`, or in the flattened tensor for `dim=None`
//! (with `keepdim`, a shape of ones). NaN wins and the first NaN's index is returned; among
//! equal values the first index. The out must be Long; Bool inputs are rejected, as in
//! ATen; an empty input needs `dim`, whose size must not be 0. The kernel, shared
//! with `argmin`, is [`crate::util::extreme`]'s.
//!
//! Complex inputs are a dtype error (ATen has no complex argmax).

use crate::util::extreme::arg_extreme;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::argmax.out";

pub fn argmax_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: Option<i64>,
    keepdim: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    arg_extreme::<true>(OP, self_, dim, keepdim, out)
}

boxed_kernel!(pub fn argmax_out_boxed = OP => argmax_out(self_: &Tensor, dim: Option<i64>, keepdim: bool) -> (out));
