//! `index.Tensor_out(Tensor self, Tensor?[] indices, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Portable's kernel (`etk_portable::ops::index`: its checks and its advanced-indexing walk)
//! with the runs the walk yields moved by the movement engine's prefetching gather
//! (`crate::movement::gather::Rows`).

use crate::movement::Engine;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::ops::index::index_tensor_with;

pub const OP: &str = etk_portable::ops::index::OP;

pub fn index_tensor_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    indices: &[Option<Tensor<'_>>],
    out: &mut Tensor<'_>,
) -> Result<()> {
    index_tensor_with(&Engine::new(ctx), ctx, self_, indices, out)
}

boxed_kernel!(pub fn index_tensor_out_boxed = OP => index_tensor_out(self_: &Tensor, indices: &[Option<Tensor>]) -> (out));
