//! `index.Tensor_out(Tensor self, Tensor?[] indices, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Portable's kernel (`etk_portable::ops::index`: its checks and its advanced-indexing walk)
//! with the runs the walk yields moved by the movement engine's prefetching gather
//! (`crate::movement::gather::Rows`).
//!
//! A gather of a few rows (`cos[pos]`: one index tensor over contiguous tensors) takes
//! [`OneIndex`]'s path: one block per index value, with no walk to set up.

use crate::movement::Engine;
use crate::movement::one_index::{OneIndex, copy_block};
use etk_core::out::{check_dtype, resize_out};
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::ops::index::index_tensor_with;

pub const OP: &str = etk_portable::ops::index::OP;

pub fn index_tensor_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    indices: &[Option<Tensor<'_>>],
    out: &mut Tensor<'_>,
) -> Result<()> {
    // Portable's first check (it repeats it on the way back).
    check_dtype(OP, "out", out, self_.dtype())?;
    if self_.is_contiguous()
        && let Some(one) = OneIndex::of(self_.sizes(), indices)
    {
        // Portable would have found the same result shape: the same resize and its error.
        resize_out(OP, out, &one.result(self_.sizes()))?;
        if out.is_contiguous() {
            let es = self_.element_size();
            let block = one.inner * es;
            let src = self_.as_ptr();
            let dst = out.as_mut_ptr(OP, "out")?;
            // SAFETY: every block lies within `self` (index values checked by
            // `OneIndex::of`) and within the out (resized to the result); an out never
            // overlaps its inputs.
            one.for_each_block(|t, r| unsafe {
                copy_block(src.add(t * es), dst.add(r * es), block)
            });
            return Ok(());
        }
    }
    index_tensor_with(&Engine::new(ctx), ctx, self_, indices, out)
}

boxed_kernel!(pub fn index_tensor_out_boxed = OP => index_tensor_out(self_: &Tensor, indices: &[Option<Tensor>]) -> (out));
