//! Gathers and scatters of rows (`index_select`, `embedding`, `index.Tensor`, `index_put`):
//! runs of elements whose addresses come from index tensors. Each run is moved as in
//! [`super::run`] (words for short runs, `memcpy` for long ones); what a gather adds is that
//! the hardware prefetchers cannot see where the next row is, so [`Rows`] issues the prefetches
//! itself, a few rows ahead of the one it copies.

use super::run::{copy_run, with_word};
use super::split;
use crate::pointwise::walk::Ptr;
use etk_core::Parallel;
use etk_portable::util::index::IndexReader;

/// How many moves ahead the rows are prefetched: enough to cover a cache miss's latency with
/// the copies of the rows in between.
const AHEAD: usize = 4;

/// Lines prefetched per row at most (the hardware prefetchers take over within a long row).
const MAX_LINES: usize = 16;

/// Moves of runs `(dst_offset, src_offset, len)` (elements of `W`), in the order pushed, each
/// run's random side prefetched [`AHEAD`] moves before it is copied.
pub struct Rows<W> {
    dst: *mut W,
    src: *const W,
    /// Scatter: the destination side is the random one (else the source).
    scatter: bool,
    ring: [(isize, isize, usize); AHEAD],
    pushed: usize,
}

impl<W: Copy> Rows<W> {
    pub fn new(dst: *mut W, src: *const W, scatter: bool) -> Rows<W> {
        Rows {
            dst,
            src,
            scatter,
            ring: [(0, 0, 0); AHEAD],
            pushed: 0,
        }
    }

    /// Queues a run (moving the one pushed [`AHEAD`] runs before).
    ///
    /// # Safety
    /// The run lies inside both tensors, which do not overlap; the destination is writable.
    #[inline(always)]
    pub unsafe fn push(&mut self, d: isize, s: isize, len: usize) {
        unsafe {
            let random = if self.scatter {
                self.dst.offset(d) as *const u8
            } else {
                self.src.offset(s) as *const u8
            };
            prefetch(random, len * size_of::<W>());
            let slot = self.pushed % AHEAD;
            if self.pushed >= AHEAD {
                let (d0, s0, n0) = self.ring[slot];
                copy_run(self.dst.offset(d0), self.src.offset(s0), n0, false);
            }
            self.ring[slot] = (d, s, len);
        }
        self.pushed += 1;
    }

    /// Moves the runs still queued.
    ///
    /// # Safety
    /// As [`Rows::push`] for every run pushed.
    #[inline(always)]
    pub unsafe fn finish(&mut self) {
        let first = self.pushed.saturating_sub(AHEAD);
        for k in first..self.pushed {
            let (d, s, n) = self.ring[k % AHEAD];
            unsafe { copy_run(self.dst.offset(d), self.src.offset(s), n, false) };
        }
        self.pushed = 0;
    }
}

/// Asks for the lines of `bytes` bytes from `p` (at most [`MAX_LINES`]) to be brought into
/// the cache. A hint: no fault, whatever the address.
#[inline(always)]
fn prefetch(p: *const u8, bytes: usize) {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        let lines = bytes.div_ceil(64).clamp(1, MAX_LINES);
        for k in 0..lines {
            // SAFETY: a prefetch never faults; the address is only computed.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(p.wrapping_add(64 * k) as *const i8) };
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (p, bytes);
}

/// `units` rows of `len` elements of `es` bytes: out row `u` (at element `u * len`) from the
/// input row at element offset `row(u)`; split over threads when large, each task prefetching
/// its own rows. Single elements (`len == 1`) go in a plain loop.
///
/// # Safety
/// Every row lies inside its tensor; `dst` is writable and does not overlap `src`.
pub unsafe fn gather_rows(
    par: &dyn Parallel,
    es: usize,
    dst: Ptr,
    src: Ptr,
    units: usize,
    len: usize,
    row: &(impl Fn(usize) -> usize + Sync),
) {
    let ptrs = (dst, src);
    split(par, units, units * len * es, &|u0, u1| {
        // (captured whole: a `Ptr` may cross threads, its field may not)
        let (dst, src) = ptrs;
        with_word!(es, W => unsafe {
            let (d, s) = (dst.0 as *mut W, src.0 as *const W);
            if len == 1 {
                for u in u0..u1 {
                    d.add(u).write_unaligned(s.add(row(u)).read_unaligned());
                }
            } else {
                let mut rows = Rows::<W>::new(d, s, false);
                for u in u0..u1 {
                    rows.push((u * len) as isize, row(u) as isize, len);
                }
                rows.finish();
            }
        });
    });
}

/// An index tensor's reader that the tasks of one call share (it only reads the index tensor,
/// which outlives the call).
#[derive(Clone, Copy)]
pub struct Indices(pub IndexReader);
// SAFETY: see above.
unsafe impl Sync for Indices {}

impl Indices {
    /// Element `off` (memory order) as an offset, checked by the op to be in range.
    #[inline(always)]
    pub fn at(&self, off: usize) -> usize {
        self.0.get(off) as usize
    }
}
