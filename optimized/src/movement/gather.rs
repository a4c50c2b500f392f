//! Gathers and scatters of rows (`index_select`, `embedding`, `index.Tensor`, `index_put`):
//! runs of elements whose addresses come from index tensors. Each run is moved as in
//! [`super::run`] (words for short runs, `memcpy` for long ones); what a gather adds is that
//! the hardware prefetchers cannot see where the next row is, so the gathers issue the
//! prefetches themselves, a few rows ahead of the one they copy ([`gather_rows`] reads the
//! indices ahead; [`Rows`] queues the runs of a walk that yields them one at a time).

use super::run::{copy_run, with_word};
use super::split;
use crate::pointwise::walk::Ptr;
use etk_core::Parallel;
use etk_portable::util::index::IndexReader;

/// How many moves ahead the rows are prefetched: a few cover a cache miss's latency with the
/// copies of the rows in between (measured with 1 KiB rows of a table far past the caches:
/// about 190 ns a row against 270-530 without; rows of 64 bytes gain nothing).
const AHEAD: usize = 4;

/// Lines prefetched per row at most (the hardware prefetchers take over within a long row).
const MAX_LINES: usize = 4;

/// Runs shorter than this many bytes are copied as they come: prefetching them costs more
/// than it saves.
const PREFETCHED: usize = 256;

/// Moves of runs `(dst_offset, src_offset, len)` (elements of `W`) whose addresses are only
/// known one at a time (an advanced-indexing walk), in the order pushed: a long run is queued
/// and its random side prefetched, then copied [`AHEAD`] runs later.
pub struct Rows<W> {
    dst: *mut W,
    src: *const W,
    /// Scatter: the destination side is the random one (else the source).
    scatter: bool,
    ring: [(isize, isize, usize); AHEAD],
    /// The oldest queued run, and how many are queued.
    head: usize,
    queued: usize,
}

impl<W: Copy> Rows<W> {
    pub fn new(dst: *mut W, src: *const W, scatter: bool) -> Rows<W> {
        Rows {
            dst,
            src,
            scatter,
            ring: [(0, 0, 0); AHEAD],
            head: 0,
            queued: 0,
        }
    }

    /// Moves a run, now or (queued, after the runs before it) later.
    ///
    /// # Safety
    /// The run lies inside both tensors, which do not overlap; the destination is writable.
    #[inline(always)]
    pub unsafe fn push(&mut self, d: isize, s: isize, len: usize) {
        let bytes = len * size_of::<W>();
        unsafe {
            if bytes < PREFETCHED && self.queued == 0 {
                return copy_run(self.dst.offset(d), self.src.offset(s), len, false);
            }
            let random = if self.scatter {
                self.dst.offset(d) as *const u8
            } else {
                self.src.offset(s) as *const u8
            };
            prefetch(random, bytes);
            if self.queued == AHEAD {
                self.pop();
            }
            self.ring[(self.head + self.queued) % AHEAD] = (d, s, len);
            self.queued += 1;
        }
    }

    /// Copies the oldest queued run.
    ///
    /// # Safety
    /// As [`Rows::push`] for that run.
    #[inline(always)]
    unsafe fn pop(&mut self) {
        let (d, s, n) = self.ring[self.head];
        unsafe { copy_run(self.dst.offset(d), self.src.offset(s), n, false) };
        self.head = (self.head + 1) % AHEAD;
        self.queued -= 1;
    }

    /// Moves the runs still queued.
    ///
    /// # Safety
    /// As [`Rows::push`] for every run pushed.
    #[inline(always)]
    pub unsafe fn finish(&mut self) {
        while self.queued > 0 {
            unsafe { self.pop() };
        }
    }
}

/// Asks for the lines of `bytes` bytes from `p` (at most [`MAX_LINES`]) to be brought into
/// the cache. A hint: no fault, whatever the address.
#[inline(always)]
fn prefetch(p: *const u8, bytes: usize) {
    let lines = bytes.div_ceil(64).clamp(1, MAX_LINES);
    for k in 0..lines {
        // only the address is computed; a prefetch never faults
        etk_simd::prefetch(p.wrapping_add(64 * k));
    }
}

/// `units` rows of `len` elements of `es` bytes: out row `u` (at element `u * len`) from the
/// input row at element offset `row(u)`, row `u + AHEAD` prefetched meanwhile; split over
/// threads when large. Single elements (`len == 1`) go in a plain loop.
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
                let bytes = len * size_of::<W>();
                for u in u0..u1 {
                    if bytes >= PREFETCHED && u + AHEAD < u1 {
                        prefetch(s.add(row(u + AHEAD)).cast::<u8>(), bytes);
                    }
                    copy_run(d.add(u * len), s.add(row(u)), len, false);
                }
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
