//! `index.Tensor_out(Tensor self, Tensor?[] indices, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Advanced indexing, `out = self[indices]` (see `util::advanced` for the rules: Long/Int
//! indices wrapping when negative, Bool/Byte masks, broadcasting of the index tensors, `None`
//! gaps, the indexed dims' result going first when they are not adjacent). The out must have
//! `self`'s dtype and takes the result's shape. A list with no index tensor (empty, only
//! `None`, only zero-dim masks) is an error, as in ATen. Elements move as bytes: every dtype.
//! Mask positions are kept in the context's scratch memory.

use crate::util::advanced::Advanced;
use crate::util::index::{bad_esize, strides_of};
use crate::util::movement::{Mover, Portable};
use etk_core::out::{check_dtype, resize_out};
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::index.Tensor_out";

pub fn index_tensor_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    indices: &[Option<Tensor<'_>>],
    out: &mut Tensor<'_>,
) -> Result<()> {
    index_tensor_with(&Portable, ctx, self_, indices, out)
}

/// The op with its runs moved by `m`.
pub fn index_tensor_with(
    m: &dyn Mover,
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    indices: &[Option<Tensor<'_>>],
    out: &mut Tensor<'_>,
) -> Result<()> {
    check_dtype(OP, "out", out, self_.dtype())?;
    ctx.scratch.scope(|scratch| {
        let adv = Advanced::new(OP, self_.sizes(), self_.strides(), indices, scratch)?;
        resize_out(OP, out, &adv.result)?;
        let (src, dst) = (self_.as_ptr(), out.as_mut_ptr(OP, "out")?);
        if out.numel() == 0 {
            return Ok(());
        }
        let os = strides_of(out);
        let es = self_.element_size();
        if !matches!(es, 1 | 2 | 4 | 8 | 16) {
            return Err(bad_esize(OP, "self", self_.dtype()));
        }
        // SAFETY: index values were checked; every run lies within self and the out
        // (consecutive elements of both), which never overlap.
        unsafe { m.advanced_runs(&adv, &os, es, src as *mut u8, dst, true) };
        Ok(())
    })
}

boxed_kernel!(pub fn index_tensor_out_boxed = OP => index_tensor_out(self_: &Tensor, indices: &[Option<Tensor>]) -> (out));
