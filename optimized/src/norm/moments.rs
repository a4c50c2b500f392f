//! ATen's `RowwiseMoments` on vectors: the mean and biased variance of a contiguous row exactly
//! as portable's `util::moments::row_moments` computes them (its order of operations, its
//! chunks, its binary cascade, its scalar tail and column merge), with the column updates in
//! vector lanes.
//!
//! The row is read as vectors of 8 columns (ATen's 256-bit `Vectorized<float>`; a Half or
//! BFloat16 vector of 16 elements is two such, each half in its own accumulators). Within a
//! chunk of 16 vectors each column runs a Welford update, a chain of dependent operations; the
//! chunks are independent until they are merged, in order, into the cascade, so the kernel runs
//! four chunk-halves side by side and their chains overlap. Wider vectors would not help (the
//! columns are 8), so [`Moments`] runs at a level of at most 8 lanes (`Level::at_most_lanes`:
//! AVX2 on x86-64; NEON holds the 8 columns in two vectors).
//!
//! The column updates are fused multiply-adds rounded once; portable rounds them through f64
//! (the same result except when the f64 sum lands exactly halfway between two floats). The
//! scalar parts use portable's own `fused`.

use core::mem::MaybeUninit;
use etk_portable::util::moments::ROW_CHUNK;
use etk_simd::{Element, Kernel, Simd};

/// Columns of one accumulator (ATen's 8 floats).
const COLS: usize = 8;

/// Levels of the cascade a row can need: `log2` of its chunk count.
const DEPTH: usize = 48;

/// `1 / (j + 1)`, the Welford weights of a chunk's vectors.
const INV: [f32; ROW_CHUNK] = {
    let mut t = [0.0; ROW_CHUNK];
    let mut j = 0;
    while j < ROW_CHUNK {
        t[j] = 1.0 / (j + 1) as f32;
        j += 1;
    }
    t
};

/// Count, means and sums of squared deviations of 8 columns.
#[derive(Clone, Copy)]
struct Columns {
    n: usize,
    m1: [f32; COLS],
    m2: [f32; COLS],
}

impl Columns {
    const ZERO: Columns = Columns {
        n: 0,
        m1: [0.0; COLS],
        m2: [0.0; COLS],
    };
}

/// Vectors of `S` that hold 8 columns, and the lanes of each that are columns.
#[inline(always)]
const fn column_vectors<S: Simd>() -> (usize, usize) {
    if S::LANES >= COLS {
        (1, COLS)
    } else {
        (COLS / S::LANES, S::LANES)
    }
}

/// 8 columns held in `column_vectors` vectors.
type Vecs<S> = [<S as Simd>::F32; COLS];

/// # Safety
/// `p` valid for 8 elements.
#[inline(always)]
unsafe fn load_columns<S: Simd, E: Element>(s: S, p: *const E) -> Vecs<S> {
    let (cv, used) = column_vectors::<S>();
    let mut v = [s.zero(); COLS];
    for (k, v) in v.iter_mut().enumerate().take(cv) {
        // SAFETY: `cv * used == 8` elements from `p`.
        *v = unsafe {
            if S::LANES <= COLS {
                E::load(s, p.add(k * used))
            } else {
                E::load_n(s, p.add(k * used), COLS)
            }
        };
    }
    v
}

#[inline(always)]
fn store_columns<S: Simd>(s: S, v: &Vecs<S>, out: &mut [f32; COLS]) {
    let (cv, used) = column_vectors::<S>();
    for (k, v) in v.iter().enumerate().take(cv) {
        // SAFETY: `cv * used == 8` floats of `out`.
        unsafe { s.store_n(out.as_mut_ptr().add(k * used), used, *v) };
    }
}

/// ATen's `AddMomentsVec`: merges `n_add` elements per column with means `m1` and sums of
/// squared deviations `m2` into `into`.
#[inline(always)]
fn add_columns<S: Simd>(s: S, into: &mut Columns, n_add: usize, m1: &Vecs<S>, m2: &Vecs<S>) {
    let (cv, _) = column_vectors::<S>();
    let n = into.n + n_add;
    let c = if n == 0 { 0.0 } else { n_add as f32 / n as f32 };
    let (c, m0) = (s.splat(c), s.splat(into.n as f32));
    // SAFETY: 8 floats each.
    let (mut a1, mut a2) = unsafe {
        (
            load_columns::<S, f32>(s, into.m1.as_ptr()),
            load_columns::<S, f32>(s, into.m2.as_ptr()),
        )
    };
    for k in 0..cv {
        let delta = s.sub(m1[k], a1[k]);
        let m2_tmp = s.add(a2[k], m2[k]);
        let c_delta = s.mul(c, delta);
        a1[k] = s.add(a1[k], c_delta);
        a2[k] = s.mul_add(s.mul(delta, m0), c_delta, m2_tmp);
    }
    store_columns(s, &a1, &mut into.m1);
    store_columns(s, &a2, &mut into.m2);
    into.n = n;
}

/// Welford over `m0` vectors of `U` independent chunk-halves side by side: unit `u` is half
/// `u % halves` of the chunk `u / halves` after `x`, vectors `width` elements apart. Returns
/// each unit's column means and sums of squared deviations.
///
/// # Safety
/// Every unit's `m0` vectors lie within the row.
/// Elements of one of ATen's `Vectorized` vectors per f32 column vector: 1 for Float, 2 for
/// Half and BFloat16 (a `Vectorized` holds a fixed number of bytes, so twice as many 16-bit
/// elements).
#[inline(always)]
const fn halves<E: Element>() -> usize {
    size_of::<f32>() / size_of::<E>()
}

#[inline(always)]
unsafe fn welford<S: Simd, E: Element, const U: usize>(
    s: S,
    x: *const E,
    m0: usize,
    width: usize,
) -> [(Vecs<S>, Vecs<S>); U] {
    let (cv, used) = column_vectors::<S>();
    let halves = halves::<E>();
    let mut m1 = [[s.zero(); COLS]; U];
    let mut m2 = [[s.zero(); COLS]; U];
    for (j, &inv) in INV.iter().enumerate().take(m0) {
        let inv = s.splat(inv);
        for u in 0..U {
            let at = (u / halves) * ROW_CHUNK * width + j * width + (u % halves) * COLS;
            for k in 0..cv {
                // SAFETY: within the unit's chunk (the caller's).
                let v = unsafe {
                    let p = x.add(at + k * used);
                    if S::LANES <= COLS {
                        E::load(s, p)
                    } else {
                        E::load_n(s, p, COLS)
                    }
                };
                let delta = s.sub(v, m1[u][k]);
                m1[u][k] = s.mul_add(inv, delta, m1[u][k]);
                m2[u][k] = s.mul_add(delta, s.sub(v, m1[u][k]), m2[u][k]);
            }
        }
    }
    core::array::from_fn(|u| (m1[u], m2[u]))
}

/// The mean and biased variance of the `len` contiguous elements at `x`, as portable's
/// `row_moments` gives them for the element type's `RowShape`.
///
/// # Safety
/// `x` valid for `len` elements.
#[inline(always)]
pub unsafe fn row_moments<S: Simd, E: Element>(s: S, x: *const E, len: usize) -> (f32, f32) {
    let halves = halves::<E>();
    let width = COLS * halves;
    let vectors = len / width;
    let chunks = vectors.div_ceil(ROW_CHUNK);
    let full = vectors / ROW_CHUNK;
    // ATen's `CeilLog2`, which is 1 for up to two chunks.
    let depth = if chunks <= 2 {
        1
    } else {
        (usize::BITS - (chunks - 1).leading_zeros()) as usize
    };
    let mut stack = [MaybeUninit::<Columns>::uninit(); DEPTH];
    for e in &mut stack[..depth] {
        e.write(Columns::ZERO);
    }
    // SAFETY: entries below `depth` are initialized, and `depth <= DEPTH` for any row that fits
    // in memory.
    let level = |stack: &mut [MaybeUninit<Columns>; DEPTH], j: usize| unsafe {
        *stack[j].assume_init_mut()
    };
    let mut i = 0;
    while i < chunks {
        let group = 4 / halves;
        let mut units = [([s.zero(); COLS], [s.zero(); COLS]); 4];
        let (count, m0) = if i + group <= full {
            // SAFETY: `group` full chunks from chunk `i`.
            units =
                unsafe { welford::<S, E, 4>(s, x.add(i * ROW_CHUNK * width), ROW_CHUNK, width) };
            (group, ROW_CHUNK)
        } else {
            let m0 = ROW_CHUNK.min(vectors - i * ROW_CHUNK);
            let at = i * ROW_CHUNK * width;
            // SAFETY: chunk `i` has `m0` vectors.
            unsafe {
                if halves == 1 {
                    units[..1].copy_from_slice(&welford::<S, E, 1>(s, x.add(at), m0, width));
                } else {
                    units[..2].copy_from_slice(&welford::<S, E, 2>(s, x.add(at), m0, width));
                }
            }
            (1, m0)
        };
        for c in 0..count {
            for h in 0..halves {
                let (m1, m2) = &units[c * halves + h];
                // SAFETY: level 0 is initialized.
                add_columns(s, unsafe { stack[0].assume_init_mut() }, m0, m1, m2);
            }
            let mut mask = i + c + 1;
            let mut j = 1;
            while j < depth && mask & 1 == 0 {
                let below = level(&mut stack, j - 1);
                // SAFETY: `j < depth`; 8 floats each.
                unsafe {
                    let (m1, m2) = (
                        load_columns::<S, f32>(s, below.m1.as_ptr()),
                        load_columns::<S, f32>(s, below.m2.as_ptr()),
                    );
                    add_columns(s, stack[j].assume_init_mut(), below.n, &m1, &m2);
                }
                stack[j - 1].write(Columns::ZERO);
                mask >>= 1;
                j += 1;
            }
        }
        i += count;
    }
    for j in 1..depth {
        let above = level(&mut stack, j);
        // SAFETY: as above.
        unsafe {
            let (m1, m2) = (
                load_columns::<S, f32>(s, above.m1.as_ptr()),
                load_columns::<S, f32>(s, above.m2.as_ptr()),
            );
            add_columns(s, stack[0].assume_init_mut(), above.n, &m1, &m2);
        }
    }
    // The scalar tail, then each column merged into it (ATen's `AddMoments`).
    let (mut n, mut m1, mut m2) = (0usize, 0f32, 0f32);
    for k in vectors * width..len {
        // SAFETY: `k < len`.
        let v = unsafe { (*x.add(k)).to_f32() };
        let delta = v - m1;
        n += 1;
        m1 += delta / n as f32;
        m2 += delta * (v - m1);
    }
    let n_add = vectors * width / COLS;
    let cols = level(&mut stack, 0);
    for l in 0..COLS {
        let total = n + n_add;
        let c = if total == 0 {
            0.0
        } else {
            n_add as f32 / total as f32
        };
        let delta = cols.m1[l] - m1;
        // Rounded as portable's `row_moments` rounds them (two roundings each).
        m1 += c * delta;
        m2 += cols.m2[l] + delta * delta * c * n as f32;
        n = total;
    }
    (m1, m2 / len as f32)
}

/// The moments of `rows` rows of `len` elements, row `r` at `x + r * stride`, into `stats[r]`
/// (`(mean, var)`). Run at most at AVX2 (see the module docs).
pub struct Moments<'a, E> {
    pub x: *const E,
    pub stride: usize,
    pub len: usize,
    pub stats: &'a mut [(f32, f32)],
}

impl<E: Element> Kernel for Moments<'_, E> {
    type Output = ();
    #[inline(always)]
    fn run<S: Simd>(self, s: S) {
        for (r, st) in self.stats.iter_mut().enumerate() {
            // SAFETY: the caller's: every row lies within the input.
            *st = unsafe { row_moments::<S, E>(s, self.x.add(r * self.stride), self.len) };
        }
    }
}
