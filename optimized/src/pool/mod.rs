//! Pooling and resampling on the vector layer: the machinery behind the optimized
//! `max_pool2d_with_indices`, `avg_pool2d`, `_adaptive_avg_pool2d`, `upsample_bilinear2d` and
//! `grid_sampler_2d`.
//!
//! Two ways to lay lanes over a pooling call, both exact (the same taps, in portable's scan
//! order, with the same operations per lane):
//! - [`rows`]: along output columns, for outs whose rows are contiguous (NCHW). The input rows a
//!   band of output rows reads are copied into scratch as f32, split by the column stride into
//!   phases and padded (`-inf` for a max, `0` for a sum, which leave every result unchanged), so
//!   every tap of every lane is a unit-stride vector load, whatever the stride, dilation and
//!   padding.
//! - [`channels`]: along channels, for everything else: a contiguous load per tap when channels
//!   are the inner dim (NHWC), a gather otherwise.
//!
//! Elements are Float, Half or BFloat16 ([`Lane`]), computed in f32 and rounded once on store,
//! as portable. Work is split over the context's threads by planes or output rows when there
//! is enough of it ([`tasks`]).

pub mod channels;
pub mod global;
pub mod grid;
pub mod pooling;
pub mod resample;
pub mod rows;

use etk_core::{KernelContext, ScalarType, Tensor, Work, bf16, f16};
use etk_simd::{MAX_LANES, Simd};

/// An element type the pooling kernels load into f32 lanes and store from them.
pub trait Lane: Copy + Send + Sync + 'static {
    const DTYPE: ScalarType;
    fn to_f32(self) -> f32;
    /// Rounded to nearest even (Half and BFloat16), as portable stores.
    fn from_f32(v: f32) -> Self;
    /// # Safety
    /// `LANES` elements readable at `p`.
    unsafe fn load<S: Simd>(s: S, p: *const Self) -> S::F32;
    /// # Safety
    /// `n <= LANES` elements readable at `p`.
    unsafe fn load_n<S: Simd>(s: S, p: *const Self, n: usize) -> S::F32;
    /// # Safety
    /// `LANES` elements writable at `p`.
    unsafe fn store<S: Simd>(s: S, p: *mut Self, v: S::F32);
    /// # Safety
    /// `n <= LANES` elements writable at `p`.
    unsafe fn store_n<S: Simd>(s: S, p: *mut Self, n: usize, v: S::F32);
    /// `v` rounded to this type and back (each operation of portable's reduced-precision
    /// arithmetic is).
    #[inline(always)]
    fn round<S: Simd>(_s: S, v: S::F32) -> S::F32 {
        v
    }
    /// `p[idx[i]]` per lane.
    ///
    /// # Safety
    /// Those elements readable.
    #[inline(always)]
    unsafe fn gather_idx<S: Simd>(s: S, p: *const Self, idx: S::I32) -> S::F32 {
        let mut at = [0i32; MAX_LANES];
        let mut b = [0f32; MAX_LANES];
        // SAFETY: stack buffers of `MAX_LANES >= LANES` entries; the caller's contract.
        unsafe {
            s.store_i32(at.as_mut_ptr(), idx);
            for (v, &i) in b.iter_mut().zip(&at).take(S::LANES) {
                *v = (*p.add(i as usize)).to_f32();
            }
            s.load(b.as_ptr())
        }
    }
    /// `p[i * stride]` for `i < n` (`n <= LANES`; `n * stride` fits in `i32` when `n ==
    /// LANES`), the other lanes zero.
    ///
    /// # Safety
    /// Those elements readable.
    #[inline(always)]
    unsafe fn gather<S: Simd>(s: S, p: *const Self, stride: usize, n: usize) -> S::F32 {
        let mut b = [0f32; MAX_LANES];
        for (i, v) in b.iter_mut().enumerate().take(n) {
            // SAFETY: the caller's contract.
            *v = unsafe { *p.add(i * stride) }.to_f32();
        }
        // SAFETY: a stack buffer of `MAX_LANES >= LANES` floats.
        unsafe { s.load(b.as_ptr()) }
    }
}

impl Lane for f32 {
    const DTYPE: ScalarType = ScalarType::Float;
    #[inline(always)]
    fn to_f32(self) -> f32 {
        self
    }
    #[inline(always)]
    fn from_f32(v: f32) -> Self {
        v
    }
    #[inline(always)]
    unsafe fn load<S: Simd>(s: S, p: *const f32) -> S::F32 {
        // SAFETY: the caller's contract.
        unsafe { s.load(p) }
    }
    #[inline(always)]
    unsafe fn load_n<S: Simd>(s: S, p: *const f32, n: usize) -> S::F32 {
        // SAFETY: the caller's contract.
        unsafe { s.load_n(p, n) }
    }
    #[inline(always)]
    unsafe fn store<S: Simd>(s: S, p: *mut f32, v: S::F32) {
        // SAFETY: the caller's contract.
        unsafe { s.store(p, v) }
    }
    #[inline(always)]
    unsafe fn store_n<S: Simd>(s: S, p: *mut f32, n: usize, v: S::F32) {
        // SAFETY: the caller's contract.
        unsafe { s.store_n(p, n, v) }
    }
    #[inline(always)]
    unsafe fn gather_idx<S: Simd>(s: S, p: *const f32, idx: S::I32) -> S::F32 {
        // SAFETY: the caller's contract.
        unsafe { s.gather(p, idx) }
    }
    #[inline(always)]
    unsafe fn gather<S: Simd>(s: S, p: *const f32, stride: usize, n: usize) -> S::F32 {
        if n == S::LANES {
            let mut idx = [0i32; MAX_LANES];
            for (i, v) in idx.iter_mut().enumerate() {
                *v = (i * stride) as i32;
            }
            // SAFETY: the caller's contract; `idx` holds `MAX_LANES >= LANES` offsets.
            return unsafe { s.gather(p, s.load_i32(idx.as_ptr())) };
        }
        let mut b = [0f32; MAX_LANES];
        for (i, v) in b.iter_mut().enumerate().take(n) {
            // SAFETY: the caller's contract.
            *v = unsafe { *p.add(i * stride) };
        }
        // SAFETY: a stack buffer of `MAX_LANES >= LANES` floats.
        unsafe { s.load(b.as_ptr()) }
    }
}

macro_rules! half_lane {
    ($t:ty, $dt:ident, $round:ident, $load:ident, $load_n:ident, $store:ident, $store_n:ident) => {
        impl Lane for $t {
            const DTYPE: ScalarType = ScalarType::$dt;
            #[inline(always)]
            fn to_f32(self) -> f32 {
                <$t>::to_f32(self)
            }
            #[inline(always)]
            fn from_f32(v: f32) -> Self {
                <$t>::from_f32(v)
            }
            #[inline(always)]
            fn round<S: Simd>(s: S, v: S::F32) -> S::F32 {
                s.$round(v)
            }
            #[inline(always)]
            unsafe fn load<S: Simd>(s: S, p: *const Self) -> S::F32 {
                // SAFETY: the caller's contract; the type is 16 bits.
                unsafe { s.$load(p as *const u16) }
            }
            #[inline(always)]
            unsafe fn load_n<S: Simd>(s: S, p: *const Self, n: usize) -> S::F32 {
                // SAFETY: as above.
                unsafe { s.$load_n(p as *const u16, n) }
            }
            #[inline(always)]
            unsafe fn store<S: Simd>(s: S, p: *mut Self, v: S::F32) {
                // SAFETY: as above.
                unsafe { s.$store(p as *mut u16, v) }
            }
            #[inline(always)]
            unsafe fn store_n<S: Simd>(s: S, p: *mut Self, n: usize, v: S::F32) {
                // SAFETY: as above.
                unsafe { s.$store_n(p as *mut u16, n, v) }
            }
        }
    };
}
half_lane!(
    f16,
    Half,
    round_f16,
    load_f16,
    load_f16_n,
    store_f16,
    store_f16_n
);
half_lane!(
    bf16,
    BFloat16,
    round_bf16,
    load_bf16,
    load_bf16_n,
    store_bf16,
    store_bf16_n
);

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
