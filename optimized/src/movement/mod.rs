//! The movement engine: how the shape and copy ops (`permute_copy`, `cat`, `expand_copy`,
//! `slice_copy`, `constant_pad_nd`, `pixel_shuffle`, ...) move their elements at memory
//! bandwidth.
//!
//! The ops themselves are portable's (`etk_portable::ops::*::*_with`): they check their
//! arguments, build views of the input and the out (`etk_portable::util::movement::View`) and
//! hand them to a [`Mover`]. [`Engine`] is this library's `Mover`: the same checks, the same
//! errors, the same elements moved — only faster, so a call is accepted or rejected exactly as in
//! portable. What it does with two views of one dtype:
//!
//! 1. **Plan** once: portable's [`Pair`] — dims in the out's memory order, size-1 dims dropped,
//!    dims merged wherever both sides step evenly, so a contiguous region of any shape is one
//!    run and a permutation keeps only the dims it really moves.
//! 2. **Classify** by the innermost dim (contiguous in the out): a run in the input too is
//!    copied whole (`copy_nonoverlapping`, or streaming stores for outs past the last-level
//!    cache); a repeated input element (`expand_copy`, a fill) is written as a run; an input
//!    that steps by more but has an outer dim of step 1 is a **transpose** of those two dims,
//!    done in cache-sized blocks of in-register tiles ([`tile`]); anything else moves element
//!    by element.
//! 3. **Bytes, not dtypes**: elements move as words of their size (1, 2, 4, 8 or 16 bytes), so
//!    one compiled copy serves every dtype of that size. Copies that convert between dtypes go
//!    to the pointwise frame's cast (`crate::pointwise::cast`) when it takes them, else to
//!    portable.
//! 4. **Threads** only when the out is large ([`split`]); small calls cost a plan and a loop.
//!
//! The indexing ops (`index_select`, `embedding`, `index.Tensor`, `index_put`) move runs whose
//! addresses come from index tensors: [`gather::Rows`] copies them with the random side
//! prefetched a few runs ahead.

pub mod gather;
pub mod one_index;
pub mod run;
pub mod tile;

use crate::pointwise::walk::Ptr;
use etk_core::shape::MAX_DIM;
use etk_core::{KernelContext, Parallel, Result, Tensor};
use etk_portable::util::advanced::Advanced;
use etk_portable::util::copy::copy_cast;
use etk_portable::util::movement::{
    Mover, Pair, View, check_between, check_region, copy_between, copy_flat,
};
use etk_simd::Isa;

/// The optimized library's [`Mover`]: portable's checks, then the runs, fills and tiles of
/// this module (and the pointwise frame's casts). Holds the call's threads.
#[derive(Clone, Copy)]
pub struct Engine<'a> {
    par: &'a dyn Parallel,
}

impl<'a> Engine<'a> {
    /// The engine of a call on `ctx` (which it does not borrow: ops pass `ctx` on too).
    pub fn new(ctx: &KernelContext<'a>) -> Engine<'a> {
        Engine { par: ctx.parallel }
    }
}

impl Mover for Engine<'_> {
    fn copy_between(
        &self,
        op: &'static str,
        src_name: &'static str,
        src: &Tensor<'_>,
        src_view: &View,
        out: &mut Tensor<'_>,
        dst_view: &View,
    ) -> Result<()> {
        if src.dtype() != out.dtype() {
            return copy_between(op, src_name, src, src_view, out, dst_view);
        }
        let dst = check_between(op, src_name, src, src_view, out, dst_view)?;
        let pair = Pair::new(dst_view, src_view);
        if pair.numel() > 0 {
            let (d, s) = (Ptr(dst), Ptr(src.as_ptr() as *mut u8));
            // SAFETY: both views were checked to stay inside their tensors (the out's memory
            // exclusively borrowed); an out never overlaps its input (the boxed entry checks).
            unsafe { move_pair(self.par, src.element_size(), d, s, &pair) };
        }
        Ok(())
    }

    fn fill_view(
        &self,
        op: &'static str,
        out: &mut Tensor<'_>,
        view: &View,
        elem: &[u8; 16],
    ) -> Result<()> {
        let dst = check_region(op, out, view)?;
        let pair = Pair::new(view, view);
        if pair.numel() > 0 {
            // SAFETY: the region stays inside the out's writable memory.
            unsafe { run::fill_pair(self.par, out.element_size(), Ptr(dst), elem, &pair) };
        }
        Ok(())
    }

    fn copy_flat(
        &self,
        op: &'static str,
        src_name: &'static str,
        src: &Tensor<'_>,
        out: &mut Tensor<'_>,
    ) -> Result<()> {
        // Row-major order is memory order for both: one run. Anything else: portable's walk.
        let n = src.numel();
        if n != out.numel()
            || src.dtype() != out.dtype()
            || !src.is_contiguous()
            || !out.is_contiguous()
        {
            return copy_flat(op, src_name, src, out);
        }
        let flat = View::strided(&[n], &[1], 0).unwrap_or_else(|| View::of(src));
        self.copy_between(op, src_name, src, &flat, out, &flat)
    }

    fn copy_cast(
        &self,
        op: &'static str,
        src_name: &'static str,
        src: &Tensor<'_>,
        out: &mut Tensor<'_>,
    ) -> Result<()> {
        if src.dtype() == out.dtype() {
            if src.sizes() == out.sizes() && src.dim_order() == out.dim_order() {
                // one layout: portable's own copy is a single `memmove` already
                return copy_cast(op, src_name, src, out);
            }
            if let Some(view) = View::of(src).broadcast_to(out.sizes()) {
                return self.copy_view(op, src_name, src, &view, out);
            }
        } else if crate::pointwise::cast(&KernelContext::new(&mut [], self.par), src, out) {
            return Ok(());
        }
        copy_cast(op, src_name, src, out)
    }

    unsafe fn advanced_runs(
        &self,
        adv: &Advanced<'_>,
        other_strides: &[usize; MAX_DIM],
        es: usize,
        target: *mut u8,
        other: *mut u8,
        gather: bool,
    ) {
        let (dst, src) = if gather {
            (other, target)
        } else {
            (target, other)
        };
        run::with_word!(es, W => {
            let mut rows = gather::Rows::<W>::new(dst as *mut W, src as *const W, !gather);
            adv.for_each_run(other_strides, |t, o, len| {
                let (d, s) = if gather { (o, t) } else { (t, o) };
                // SAFETY: as the caller guarantees for every run.
                unsafe { rows.push(d as isize, s as isize, len) };
            });
            // SAFETY: as above.
            unsafe { rows.finish() };
        });
    }
}

/// Moves the elements of a same-dtype `pair` (elements of `es` bytes) from `src` to `dst`.
///
/// # Safety
/// Every offset the pair reaches lies inside its tensor; `dst` is writable and does not
/// overlap `src`.
unsafe fn move_pair(par: &dyn Parallel, es: usize, dst: Ptr, src: Ptr, pair: &Pair) {
    let isa = etk_simd::level().isa();
    unsafe {
        match tile::Tile::of(pair) {
            Some(t) => t.run(par, isa, es, dst, src),
            None => run::copy_pair(par, isa, es, dst, src, pair),
        }
    }
}

/// Bytes written below which a call runs on the calling thread: a copy of 1 MiB takes tens of
/// microseconds on one core, about what waking other threads costs.
pub const PAR_MIN_BYTES: usize = 1 << 20;

/// Splits `units` units of work (`bytes` bytes written in all) into contiguous ranges over the
/// context's threads and calls `task(start, end)` for each; on the calling thread when the work
/// is small. The one place where movement decides to go parallel.
pub fn split(par: &dyn Parallel, units: usize, bytes: usize, task: &(dyn Fn(usize, usize) + Sync)) {
    let threads = par.num_threads().max(1);
    if threads == 1 || bytes < PAR_MIN_BYTES || units < 2 {
        task(0, units);
        return;
    }
    // several tasks per thread when each is still a quarter of the threshold (core's rule)
    let n_tasks = etk_core::split_count(bytes, PAR_MIN_BYTES / 2, PAR_MIN_BYTES / 4, threads)
        .min(units)
        .max(1);
    let per = units.div_ceil(n_tasks);
    par.run(units.div_ceil(per), &|i| {
        let s = i * per;
        task(s, (s + per).min(units));
    });
}

/// Whether an out of `bytes` bytes is written with streaming stores at `isa`: when it outgrows
/// the last-level cache (its lines would be read in only to be overwritten) and the level has
/// 32-byte stores.
pub fn streams(isa: Isa, bytes: usize) -> bool {
    matches!(isa, Isa::Avx2 | Isa::Avx512)
        && etk_simd::last_level_cache_bytes().is_some_and(|llc| bytes > llc)
}
