//! `replication_pad3d.out(Tensor self, SymInt[6] padding, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Pads the last 3 dims of a rank-4 or rank-5 (batched) tensor: `padding` holds
//! `(left, right)` pairs from the last dim backwards, the new elements the edge elements repeated. Negative pads crop. The rules and
//! the index map are shared with the other padding ops in [`crate::util::pad`].

use crate::util::pad::{PadMode, pad_out};
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::replication_pad3d.out";

pub fn replication_pad3d_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    padding: &[i64],
    out: &mut Tensor<'_>,
) -> Result<()> {
    pad_out(OP, PadMode::Replicate, 3, self_, padding, out)
}

boxed_kernel!(pub fn replication_pad3d_out_boxed = OP => replication_pad3d_out(self_: &Tensor, padding: &[i64]) -> (out));
