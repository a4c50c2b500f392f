//! The [`Mover`] engine contract the shape and copy ops move through, the reference engine
//! [`Portable`], and the op contracts written on an engine.

use super::moves::{copy_between, copy_flat, fill_view};
use super::view::View;
use crate::util::advanced::Advanced;
use crate::util::copy::{copy_cast, shape_like};
use crate::util::index::move_elem;
use etk_core::out::{check_dtype, resize_out};
use etk_core::shape::MAX_DIM;
use etk_core::{Result, Tensor};

/// How the shape and copy ops move elements once their arguments are checked. The ops build
/// their views and call a `Mover`; [`Portable`] is this module's walk (every method's default),
/// and a faster library passes its own engine with the same contract (same checks, same
/// errors, same elements moved) to the ops' `*_with` entry points, so that what is accepted
/// and what is rejected never depends on the engine.
pub trait Mover {
    /// [`copy_between`].
    fn copy_between(
        &self,
        op: &'static str,
        src_name: &'static str,
        src: &Tensor<'_>,
        src_view: &View,
        out: &mut Tensor<'_>,
        dst_view: &View,
    ) -> Result<()> {
        copy_between(op, src_name, src, src_view, out, dst_view)
    }

    /// [`fill_view`].
    fn fill_view(
        &self,
        op: &'static str,
        out: &mut Tensor<'_>,
        view: &View,
        elem: &[u8; 16],
    ) -> Result<()> {
        fill_view(op, out, view, elem)
    }

    /// [`copy_flat`].
    fn copy_flat(
        &self,
        op: &'static str,
        src_name: &'static str,
        src: &Tensor<'_>,
        out: &mut Tensor<'_>,
    ) -> Result<()> {
        copy_flat(op, src_name, src, out)
    }

    /// [`crate::util::copy::copy_cast`].
    fn copy_cast(
        &self,
        op: &'static str,
        src_name: &'static str,
        src: &Tensor<'_>,
        out: &mut Tensor<'_>,
    ) -> Result<()> {
        copy_cast(op, src_name, src, out)
    }

    /// [`copy_view`] on this engine.
    fn copy_view(
        &self,
        op: &'static str,
        src_name: &'static str,
        src: &Tensor<'_>,
        view: &View,
        out: &mut Tensor<'_>,
    ) -> Result<()> {
        let dst = View::of(out);
        self.copy_between(op, src_name, src, view, out, &dst)
    }

    /// [`copy_into`] on this engine.
    fn copy_into(
        &self,
        op: &'static str,
        src_name: &'static str,
        src: &Tensor<'_>,
        out: &mut Tensor<'_>,
        dst_view: &View,
    ) -> Result<()> {
        self.copy_between(op, src_name, src, &View::of(src), out, dst_view)
    }

    /// [`view_into_out`] on this engine.
    fn view_into_out(
        &self,
        op: &'static str,
        self_: &Tensor<'_>,
        view: &View,
        out: &mut Tensor<'_>,
    ) -> Result<()> {
        check_dtype(op, "out", out, self_.dtype())?;
        resize_out(op, out, view.sizes())?;
        self.copy_view(op, "self", self_, view, out)
    }

    /// The moves of an advanced-indexing walk (`index.Tensor`, `index_put`): every run
    /// `(target_offset, other_offset, len)` of `adv.for_each_run(other_strides, ..)` moved
    /// from `target` to `other` when `gather`, else from `other` to `target` (offsets in
    /// elements of `es` bytes).
    ///
    /// # Safety
    /// Every run lies inside both tensors (the index values were checked), the written one is
    /// writable and the two do not overlap.
    #[allow(clippy::too_many_arguments)]
    unsafe fn advanced_runs(
        &self,
        adv: &Advanced<'_>,
        other_strides: &[usize; MAX_DIM],
        es: usize,
        target: *mut u8,
        other: *mut u8,
        gather: bool,
    ) {
        let (t0, o0) = (target, other);
        crate::dispatch_esize!(es, W => {
            adv.for_each_run(other_strides, |t, o, len| {
                let (src, s, dst, d) = if gather { (t0, t, o0, o) } else { (o0, o, t0, t) };
                // SAFETY: as the caller guarantees.
                unsafe {
                    if len == 1 {
                        move_elem::<W>(src, s, dst, d)
                    } else {
                        core::ptr::copy_nonoverlapping(src.add(s * es), dst.add(d * es), len * es)
                    }
                }
            })
        }, _ => {})
    }

    /// [`crate::util::copy::copy_like`] on this engine.
    fn copy_like(
        &self,
        op: &'static str,
        like: &Tensor<'_>,
        src_name: &'static str,
        src: &Tensor<'_>,
        out: &mut Tensor<'_>,
    ) -> Result<()> {
        shape_like(op, like, out)?;
        self.copy_cast(op, src_name, src, out)
    }
}

/// This module's walk: the reference engine.
#[derive(Clone, Copy, Debug, Default)]
pub struct Portable;

impl Mover for Portable {}

/// The contract of the `*_copy.out` view ops: the out must have `self`'s dtype, takes the
/// view's shape (its dim order is the caller's), and receives the view's elements.
pub fn view_into_out(
    op: &'static str,
    self_: &Tensor<'_>,
    view: &View,
    out: &mut Tensor<'_>,
) -> Result<()> {
    Portable.view_into_out(op, self_, view, out)
}

/// Chunk `k` of `self` (the view `chunk(k)`) into `out[k]`, with `*_copy.out`'s contract for
/// every out: `self`'s dtype, the chunk's shape. Every out is checked and shaped before any is
/// written. `m` moves the elements.
pub fn split_into(
    m: &dyn Mover,
    op: &'static str,
    self_: &Tensor<'_>,
    out: &mut [Tensor<'_>],
    chunk: impl Fn(usize) -> View,
) -> Result<()> {
    for (k, o) in out.iter_mut().enumerate() {
        check_dtype(op, "out", o, self_.dtype())?;
        resize_out(op, o, chunk(k).sizes())?;
    }
    for (k, o) in out.iter_mut().enumerate() {
        m.copy_view(op, "self", self_, &chunk(k), o)?;
    }
    Ok(())
}
