//! The moment algorithms of ATen's CPU kernels. Which algorithm a kernel uses decides where NaN
//! and ±inf go: a lane `[1, inf]` has mean inf under a sum, but under Welford's update the
//! next element computes `x - inf` and the mean becomes NaN, unless the infinity came last. So
//! each norm or variance kernel uses its ATen kernel's algorithm, with the same rounding
//! points (and the same fused multiply-adds where ATen's AVX2 build contracts or calls
//! `fmadd`, measured against torch 2.13):
//!
//! - [`Welford`]: `var` and `var_mean` over dims (ATen's `WelfordOps`): in f64, one element
//!   at a time in the reduction's order.
//! - [`row_moments`]: `native_layer_norm` and `native_group_norm` on a contiguous input (ATen's
//!   `RowwiseMoments`): Welford in interleaved columns of one vector's width, chunks of 16
//!   vectors merged in a binary cascade, a scalar tail, then the columns merged into the tail.
//! - Sums (the kernels' own loops): batch norm in training (the mean from a sum, then the
//!   squared deviations from it), group norm on a channels-last input (sums of `x` and `x²`),
//!   and `var` of a whole Float/Double tensor (`std_var_all`: the mean in the input's dtype,
//!   the squared deviations in f64).

use crate::util::dispatch::Float;

/// ATen's `WelfordOps` accumulator: count, mean and sum of squared deviations in f64.
#[derive(Clone, Copy, Debug, Default)]
pub struct Welford {
    pub n: u64,
    pub mean: f64,
    pub m2: f64,
}

impl Welford {
    #[inline]
    pub fn push(&mut self, x: f64) {
        self.n += 1;
        let delta = x - self.mean;
        self.mean += delta / self.n as f64;
        self.m2 += delta * (x - self.mean);
    }

    pub fn fold(&mut self, vals: &[f64]) {
        for &x in vals {
            self.push(x);
        }
    }

    /// `m2 / max(0, n - correction)` as ATen's `project` computes it (0/0 is NaN, x/0
    /// infinite).
    pub fn var(&self, correction: f64) -> f64 {
        let n = self.n as f64;
        let d = if n > correction { n - correction } else { 0.0 };
        self.m2 / d
    }

    /// The mean, NaN for no elements.
    pub fn mean(&self) -> f64 {
        if self.n == 0 { f64::NAN } else { self.mean }
    }
}

/// The compute types of [`row_moments`]: `f32` (Float, Half, BFloat16) and `f64`.
pub trait RowFloat: Float {
    /// Accumulator columns: the lanes of ATen's 256-bit `Vectorized` (8 floats, 4 doubles).
    const LANES: usize;
    /// `a * b + c` rounded once.
    fn fused(a: Self, b: Self, c: Self) -> Self;
    fn from_count(n: usize) -> Self;
}

impl RowFloat for f32 {
    const LANES: usize = 8;
    /// The product of two floats is exact in f64, so only the sum rounds before the final
    /// rounding to f32 (a double rounding that differs from a true fused result only when
    /// the f64 sum lands exactly halfway between two floats).
    #[inline(always)]
    fn fused(a: f32, b: f32, c: f32) -> f32 {
        (a as f64 * b as f64 + c as f64) as f32
    }
    #[inline(always)]
    fn from_count(n: usize) -> f32 {
        n as f32
    }
}

impl RowFloat for f64 {
    const LANES: usize = 4;
    #[inline(always)]
    fn fused(a: f64, b: f64, c: f64) -> f64 {
        libm::fma(a, b, c)
    }
    #[inline(always)]
    fn from_count(n: usize) -> f64 {
        n as f64
    }
}

/// Vectors per chunk of [`row_moments`] (ATen's `kChunkSize`).
pub const ROW_CHUNK: usize = 16;
/// The largest chunk [`row_moments`] loads: 16 vectors of at most 16 elements.
pub const ROW_BLOCK: usize = ROW_CHUNK * 16;

/// How a dtype's rows go through [`row_moments`].
#[derive(Clone, Copy, Debug)]
pub struct RowShape {
    /// Elements per vector: one accumulator width, or two for Half/BFloat16 (whose vectors
    /// hold twice as many elements, each half accumulated in its own columns).
    pub halves: usize,
    /// Whether the scalar tail's `m2 += delta * (x - m1)` is fused (it is in ATen's
    /// Half/BFloat16 instantiation, not in the Float/Double one).
    pub tail_fused: bool,
}

impl RowShape {
    pub fn of(dtype: etk_core::ScalarType) -> RowShape {
        let reduced = crate::util::dispatch::is_reduced_float(dtype);
        RowShape {
            halves: if reduced { 2 } else { 1 },
            tail_fused: reduced,
        }
    }
}

/// Count, means and sums of squared deviations of [`RowFloat::LANES`] columns.
#[derive(Clone, Copy)]
struct Columns<C> {
    n: usize,
    m1: [C; 8],
    m2: [C; 8],
}

impl<C: RowFloat> Columns<C> {
    const ZERO: Columns<C> = Columns {
        n: 0,
        m1: [C::ZERO; 8],
        m2: [C::ZERO; 8],
    };

    /// ATen's `AddMomentsVec`: merges `n_add` elements per column with means `m1` and sums
    /// `m2` into `self`.
    #[inline(always)]
    fn add(&mut self, n_add: usize, m1: &[C; 8], m2: &[C; 8]) {
        let n = self.n + n_add;
        let c = if n == 0 {
            C::ZERO
        } else {
            C::from_count(n_add) / C::from_count(n)
        };
        let m0 = C::from_count(self.n);
        for l in 0..C::LANES {
            let delta = m1[l] - self.m1[l];
            let m2_tmp = self.m2[l] + m2[l];
            let c_delta = c * delta;
            self.m1[l] = self.m1[l] + c_delta;
            self.m2[l] = C::fused(delta * m0, c_delta, m2_tmp);
        }
        self.n = n;
    }
}

/// Mean and biased variance (`m2 / N`) of a row of `len` elements, as ATen's
/// `RowwiseMoments` computes them in its AVX2 / AVX-512 builds (both 256-bit vectors).
/// `load(start, buf)` fills `buf` with the row's elements `start..start + buf.len()` (at
/// most [`ROW_BLOCK`]), in order.
///
/// An empty row gives mean 0 and variance NaN.
pub fn row_moments<C: RowFloat>(
    len: usize,
    shape: RowShape,
    mut load: impl FnMut(usize, &mut [C]),
) -> (C, C) {
    let lanes = C::LANES;
    let width = lanes * shape.halves;
    let vectors = len / width;
    let chunks = vectors.div_ceil(ROW_CHUNK);
    // ATen's `CeilLog2`, which is 1 for up to two chunks.
    let depth = if chunks <= 2 {
        1
    } else {
        (usize::BITS - (chunks - 1).leading_zeros()) as usize
    };
    let mut stack = [Columns::<C>::ZERO; usize::BITS as usize];
    let mut buf = [C::ZERO; ROW_BLOCK];
    let mut inv = [C::ZERO; ROW_CHUNK];
    for (j, c) in inv.iter_mut().enumerate() {
        *c = C::ONE / C::from_count(j + 1);
    }
    for i in 0..chunks {
        let m0 = ROW_CHUNK.min(vectors - i * ROW_CHUNK);
        let block = &mut buf[..m0 * width];
        load(i * ROW_CHUNK * width, block);
        for h in 0..shape.halves {
            let (mut m1, mut m2) = ([C::ZERO; 8], [C::ZERO; 8]);
            for (j, v) in block.chunks_exact(width).enumerate() {
                let v = &v[h * lanes..(h + 1) * lanes];
                for l in 0..lanes {
                    let delta = v[l] - m1[l];
                    m1[l] = C::fused(inv[j], delta, m1[l]);
                    m2[l] = C::fused(delta, v[l] - m1[l], m2[l]);
                }
            }
            stack[0].add(m0, &m1, &m2);
        }
        let mut mask = i + 1;
        let mut j = 1;
        while j < depth && mask & 1 == 0 {
            let below = stack[j - 1];
            stack[j].add(below.n, &below.m1, &below.m2);
            stack[j - 1] = Columns::ZERO;
            mask >>= 1;
            j += 1;
        }
    }
    for j in 1..depth {
        let above = stack[j];
        stack[0].add(above.n, &above.m1, &above.m2);
    }
    // The scalar tail, then each column merged into it (ATen's `AddMoments`).
    let (mut n, mut m1, mut m2) = (0usize, C::ZERO, C::ZERO);
    let mut start = vectors * width;
    while start < len {
        let block = &mut buf[..(len - start).min(ROW_BLOCK)];
        load(start, block);
        for &x in block.iter() {
            let delta = x - m1;
            n += 1;
            m1 = m1 + delta / C::from_count(n);
            m2 = if shape.tail_fused {
                C::fused(delta, x - m1, m2)
            } else {
                m2 + delta * (x - m1)
            };
        }
        start += block.len();
    }
    let n_add = vectors * width / lanes;
    let cols = stack[0];
    for l in 0..lanes {
        let total = n + n_add;
        let c = if total == 0 {
            C::ZERO
        } else {
            C::from_count(n_add) / C::from_count(total)
        };
        let delta = cols.m1[l] - m1;
        m1 = C::fused(c, delta, m1);
        m2 = m2 + C::fused(delta * delta * c, C::from_count(n), cols.m2[l]);
        n = total;
    }
    (m1, m2 / C::from_count(len))
}
