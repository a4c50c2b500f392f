//! `cat.out(Tensor[] tensors, int dim=0, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Portable's kernel (`etk_portable::ops::cat`: its checks, its views) with each tensor moved into
//! its region of the out by the movement engine (converted by portable when its dtype differs from
//! the out's).
//!
//! Small joins of contiguous tensors of the out's dtype (the decoder's rotary `stack`, two
//! `[.., 4, 1]` halves into `[.., 4, 2]`) skip the views: per outer index, each tensor's block
//! is copied in turn.

use crate::movement::Engine;
use crate::movement::one_index::copy_block;
use etk_core::out::resize_out;
use etk_core::shape::Dims;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::ops::cat::cat_with;
use etk_portable::util::movement::dim_arg;

pub const OP: &str = etk_portable::ops::cat::OP;

pub fn cat_out(
    ctx: &mut KernelContext<'_>,
    tensors: &[Tensor<'_>],
    dim: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    if let Some((shape, d)) = dense_cat_shape(tensors, dim, out) {
        // Portable's checks pass for such a call up to the resize: the same resize, the same
        // error.
        resize_out(OP, out, &shape)?;
        if out.is_contiguous() && out.is_writable() {
            return dense_cat(tensors, d, out);
        }
    }
    cat_with(&Engine::new(ctx), tensors, dim, out)
}

/// The out shape and the dim of a join of contiguous tensors of the out's dtype, of the same
/// rank (no legacy empty or zero-dim ones) and sizes except along `dim`; `None` otherwise
/// (portable then checks and joins).
fn dense_cat_shape(tensors: &[Tensor<'_>], dim: i64, out: &Tensor<'_>) -> Option<(Dims, usize)> {
    let first = tensors.first()?;
    let rank = first.dim();
    if rank == 0 {
        return None;
    }
    let d = dim_arg(OP, "dim", dim, rank).ok()?;
    let mut shape = first.shape();
    let mut along = 0usize;
    for t in tensors {
        let ok = t.dim() == rank
            && t.dtype() == out.dtype()
            && t.is_contiguous()
            && (0..rank).all(|k| k == d || t.size(k) == first.size(k));
        if !ok || t.numel() == 0 {
            return None;
        }
        along = along.checked_add(t.size(d))?;
    }
    shape.as_mut_slice()[d] = along;
    Some((shape, d))
}

/// Joins `tensors` (as [`dense_cat_shape`] accepted them) along `d` into the contiguous out.
fn dense_cat(tensors: &[Tensor<'_>], d: usize, out: &mut Tensor<'_>) -> Result<()> {
    let es = out.element_size();
    let outer: usize = out.sizes()[..d].iter().product();
    let inner: usize = out.sizes()[d + 1..].iter().product();
    let row = out.size(d) * inner * es;
    let dst = out.as_mut_ptr(OP, "out")?;
    let mut at = 0;
    for t in tensors {
        let block = t.size(d) * inner * es;
        let src = t.as_ptr();
        for o in 0..outer {
            // SAFETY: block `o` of `t` lies within `t`; its place in the out's row `o`
            // (`at..at + block` of `row` bytes) within the out, which never overlaps an input.
            unsafe { copy_block(src.add(o * block), dst.add(o * row + at), block) };
        }
        at += block;
    }
    Ok(())
}

boxed_kernel!(pub fn cat_out_boxed = OP => cat_out(tensors: &[Tensor], dim: i64) -> (out));
