//! The moment algorithms of ATen's CPU kernels. Which algorithm a kernel uses decides where NaN
//! and ±inf go: a lane `[1, inf]` has mean inf under a sum, but under Welford's update the
//! next element computes `x - inf` and the mean becomes NaN, unless the infinity came last. So
//! each norm or variance kernel uses its ATen kernel's algorithm with the same rounding points
//! (measured against torch 2.13):
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
    fn from_count(n: usize) -> Self;
}

impl RowFloat for f32 {
    const LANES: usize = 8;
    #[inline(always)]
    fn from_count(n: usize) -> f32 {
        n as f32
    }
}

impl RowFloat for f64 {
    const LANES: usize = 4;
    #[inline(always)]
    fn from_count(n: usize) -> f64 {
        n as f64
    }
}

/// Vectors per chunk of [`row_moments`] (ATen's `kChunkSize`).
pub const ROW_CHUNK: usize = 16;
/// The largest chunk [`row_moments`] reads at once: 16 vectors of at most 16 elements.
pub const ROW_BLOCK: usize = ROW_CHUNK * 16;
/// Chunks whose columns are accumulated side by side: each starts from zero, so they are
/// independent until merged (in order), and four chains hide the latency of one.
const GROUP: usize = 4;

/// How a dtype's rows go through [`row_moments`].
#[derive(Clone, Copy, Debug)]
pub struct RowShape {
    /// Elements per vector: one accumulator width, or two for Half/BFloat16 (whose vectors
    /// hold twice as many elements, each half accumulated in its own columns).
    pub halves: usize,
}

impl RowShape {
    pub fn of(dtype: etk_core::ScalarType) -> RowShape {
        let reduced = crate::util::dispatch::is_reduced_float(dtype);
        RowShape {
            halves: if reduced { 2 } else { 1 },
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
            let c_delta = c * delta;
            self.m1[l] = self.m1[l] + c_delta;
            self.m2[l] = self.m2[l] + m2[l] + delta * m0 * c_delta;
        }
        self.n = n;
    }
}

/// Mean and biased variance (`m2 / N`) of a row of `len` elements, in the algorithm of ATen's
/// `RowwiseMoments` (its AVX2 and AVX-512 builds, both with 256-bit vectors), whose structure
/// decides where NaN and infinities go. ATen's build fuses some of the multiply-adds; they are
/// rounded twice here (a fused one costs a software `fma` on baseline x86-64), which moves
/// the statistics by an ulp now and then and never an infinity or a NaN.
///
/// `fetch(start, buf)` gives the row's elements `start..start + buf.len()` (at most
/// [`ROW_BLOCK`]), in `buf` or in the tensor's own memory. An empty row gives mean 0 and
/// variance NaN.
pub fn row_moments<C: RowFloat>(
    len: usize,
    shape: RowShape,
    mut fetch: impl for<'b> FnMut(usize, &'b mut [C]) -> &'b [C],
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
    let mut inv = [C::ZERO; ROW_CHUNK];
    for (j, c) in inv.iter_mut().enumerate() {
        *c = C::ONE / C::from_count(j + 1);
    }
    let mut bufs = [[C::ZERO; ROW_BLOCK]; GROUP];
    let mut i = 0;
    while i < chunks {
        let group = GROUP.min(chunks - i);
        // per chunk of the group, per half: the columns' Welford from zero
        let mut m0 = [0usize; GROUP];
        let mut m1 = [[[C::ZERO; 8]; 2]; GROUP];
        let mut m2 = [[[C::ZERO; 8]; 2]; GROUP];
        let mut blocks: [&[C]; GROUP] = [&[]; GROUP];
        for (g, buf) in bufs.iter_mut().enumerate().take(group) {
            m0[g] = ROW_CHUNK.min(vectors - (i + g) * ROW_CHUNK);
            blocks[g] = fetch((i + g) * ROW_CHUNK * width, &mut buf[..m0[g] * width]);
        }
        for (j, &c) in inv.iter().enumerate() {
            for g in 0..group {
                if j >= m0[g] {
                    continue;
                }
                let v = &blocks[g][j * width..(j + 1) * width];
                for h in 0..shape.halves {
                    let (a, b) = (&mut m1[g][h], &mut m2[g][h]);
                    for l in 0..lanes {
                        let x = v[h * lanes + l];
                        let delta = x - a[l];
                        a[l] = a[l] + c * delta;
                        b[l] = b[l] + delta * (x - a[l]);
                    }
                }
            }
        }
        for g in 0..group {
            for h in 0..shape.halves {
                stack[0].add(m0[g], &m1[g][h], &m2[g][h]);
            }
            let mut mask = i + g + 1;
            let mut j = 1;
            while j < depth && mask & 1 == 0 {
                let below = stack[j - 1];
                stack[j].add(below.n, &below.m1, &below.m2);
                stack[j - 1] = Columns::ZERO;
                mask >>= 1;
                j += 1;
            }
        }
        i += group;
    }
    for j in 1..depth {
        let above = stack[j];
        stack[0].add(above.n, &above.m1, &above.m2);
    }
    // The scalar tail, then each column merged into it (ATen's `AddMoments`).
    let (mut n, mut m1, mut m2) = (0usize, C::ZERO, C::ZERO);
    let mut start = vectors * width;
    while start < len {
        let block = fetch(start, &mut bufs[0][..(len - start).min(ROW_BLOCK)]);
        for &x in block {
            let delta = x - m1;
            n += 1;
            m1 = m1 + delta / C::from_count(n);
            m2 = m2 + delta * (x - m1);
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
        m1 = m1 + c * delta;
        m2 = m2 + (cols.m2[l] + delta * delta * c * C::from_count(n));
        n = total;
    }
    (m1, m2 / C::from_count(len))
}
