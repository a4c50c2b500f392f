//! Pooling and resampling on the vector layer: the machinery behind the optimized
//! `max_pool2d_with_indices`, `avg_pool2d`, `_adaptive_avg_pool2d`, `upsample_bilinear2d` and
//! `grid_sampler_2d`.
//!
//! Three ways to lay lanes over a pooling call, both exact (the same taps, in portable's scan
//! order, with the same operations per lane):
//! - [`rows`]: along output columns, for outs whose rows are contiguous (NCHW). The input rows a
//!   band of output rows reads are copied into scratch as f32, split by the column stride into
//!   phases and padded (`-inf` for a max, `0` for a sum, which leave every result unchanged), so
//!   every tap of every lane is a unit-stride vector load, whatever the stride, dilation and
//!   padding.
//! - [`flat`]: along flattened output positions, for small planes with contiguous outs (a
//!   plane narrower than a vector still fills whole vectors; a gather per tap, no tables);
//! - [`channels`]: along channels, for everything else: a contiguous load per tap when channels
//!   are the inner dim (NHWC), a gather otherwise.
//!
//! Elements are Float, Half or BFloat16 ([`etk_simd::Element`]), computed in f32 and rounded once on store,
//! as portable. Work is split over the context's threads by planes or output rows when there
//! is enough of it ([`tasks`]).

pub mod channels;
pub mod flat;
pub mod global;
pub mod grid;
pub mod pooling;
pub mod resample;
pub mod rows;

use etk_core::{KernelContext, Tensor, Work};
use etk_simd::{MAX_LANES, Simd};

/// A pooled tensor (`[N, C, H, W]`, or unbatched `[C, H, W]` with `N = 1`) as its base and
/// element strides `[n, c, h, w]`.
#[derive(Clone, Copy, Debug)]
pub struct Planes {
    pub ptr: *mut u8,
    pub st: [usize; 4],
}

impl Planes {
    pub fn new(t: &Tensor<'_>) -> Planes {
        let (r, s) = (t.dim(), t.strides());
        let st = if r == 4 {
            [s[0], s[1], s[2], s[3]]
        } else {
            [0, s[0], s[1], s[2]]
        };
        Planes {
            ptr: t.as_ptr() as *mut u8,
            st,
        }
    }

    /// The element offset of `[n, c, h, w]`.
    #[inline(always)]
    pub fn at(&self, n: usize, c: usize, h: usize, w: usize) -> usize {
        n * self.st[0] + c * self.st[1] + h * self.st[2] + w * self.st[3]
    }

    /// The typed base pointer.
    #[inline(always)]
    pub fn base<T>(&self) -> *mut T {
        self.ptr as *mut T
    }
}

// SAFETY: the kernels' tasks write disjoint parts of the outs and only read the inputs; a call
// outlives its tasks (`Parallel::run` returns when all are done).
unsafe impl Send for Planes {}
unsafe impl Sync for Planes {}

/// How many tasks to cut `units` independent units of work (`work` in all) into: the
/// context's choice for that much work ([`KernelContext::tasks_for`]), at most `units`.
pub fn tasks(ctx: &KernelContext<'_>, units: usize, work: Work) -> usize {
    ctx.tasks_for(work).min(units).max(1)
}

/// `[start, end)` of task `i` of `n` over `units`.
#[inline]
pub fn task_range(i: usize, n: usize, units: usize) -> (usize, usize) {
    let per = units.div_ceil(n.max(1));
    ((i * per).min(units), ((i + 1) * per).min(units))
}

/// `0, 1, ..., LANES - 1` as i32 lanes.
#[inline(always)]
pub fn iota<S: Simd>(s: S) -> S::I32 {
    const IOTA: [i32; MAX_LANES] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
    // SAFETY: `MAX_LANES >= LANES` values.
    unsafe { s.load_i32(IOTA.as_ptr()) }
}

/// Stores `n <= LANES` non-negative i32 lanes as i64 at `p`.
///
/// # Safety
/// `n` i64 writable at `p`.
#[inline(always)]
pub unsafe fn store_i64<S: Simd>(s: S, p: *mut i64, n: usize, v: S::I32) {
    let zero = s.splat_i32(0);
    let (lo, hi) = (s.zip_lo_i32(v, zero), s.zip_hi_i32(v, zero));
    let p = p as *mut i32;
    let words = 2 * n;
    // SAFETY: `2 n` i32 words are the `n` i64.
    unsafe {
        if words >= S::LANES {
            s.store_i32(p, lo);
            s.store_i32_n(p.add(S::LANES), words - S::LANES, hi);
        } else {
            s.store_i32_n(p, words, lo);
        }
    }
}
