//! `reflection_pad2d.out(Tensor self, SymInt[4] padding, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Pads the last 2 dims of a rank-3 or rank-4 (batched) tensor: `padding` holds
//! `(left, right)` pairs from the last dim backwards, the new elements mirrored about the edges (the edge not repeated); every pad must be smaller than its dim. Negative pads crop. The rules and
//! the index map are shared with the other padding ops in [`crate::util::pad`].

use crate::util::pad::{PadMode, pad_out};
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::reflection_pad2d.out";

pub fn reflection_pad2d_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    padding: &[i64],
    out: &mut Tensor<'_>,
) -> Result<()> {
    pad_out(OP, PadMode::Reflect, 2, self_, padding, out)
}

boxed_kernel!(pub fn reflection_pad2d_out_boxed = OP => reflection_pad2d_out(self_: &Tensor, padding: &[i64]) -> (out));
