//! `_softmax.out(Tensor self, int dim, bool half_to_float, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Along `dim`, `exp(x - max) / sum exp(x - max)` on vectors: see `crate::norm::softmax`.

use crate::norm::softmax::softmax;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = etk_portable::ops::softmax::OP;

pub fn softmax_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: i64,
    half_to_float: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    softmax(ctx, false, self_, dim, half_to_float, out)
}

boxed_kernel!(pub fn softmax_out_boxed = OP => softmax_out(self_: &Tensor, dim: i64, half_to_float: bool) -> (out));
