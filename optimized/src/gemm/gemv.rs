//! The matrix-vector-like path: few rows of A (M <= 8) against a B whose columns are
//! contiguous along K — a `linear` weight `[N, K]`. Such a product is bound by reading B once
//! from memory, so it is not packed: each output is a dot product along K, computed for all M
//! rows and `NB` columns at once (`NB` weight rows streamed side by side, each element loaded
//! once and used M times), reduced across lanes, then finished by the common epilogue.
//!
//! With 16 vector registers (AVX2) that form holds one column's accumulators at 7 or 8 rows,
//! and then A is read from L2 for every column. There B takes the transposed form instead
//! (and at 5 or 6 rows against an f32 B larger than the last-level cache): A's rows sit in the
//! lanes of one vector, and each weight is broadcast into it.

use super::Dt;
use super::kernel::{Epi, MatPtr, load_run};
use super::level::Gemm;
use etk_simd::{Isa, Simd};

/// Elements of K one dot product step covers: at least 8, so that every level at or below 8
/// lanes sums in the same order (vectors `v` of a step hold elements `p + v * LANES ..`; the
/// step's sums are added halving, `v[i] + v[i + KV/2]`, then across lanes halving too).
const DOT: usize = 8;

/// Outputs `(i, j)` for `i < M`, `j` in `[j0, j0 + NB)`.
///
/// `a`: f32 rows, row `i` at `a + i * lda`, `k` long. `w`: column `j` of B at `w.at(0, j)`,
/// contiguous along K (`w.rs == 1`).
#[inline(always)]
unsafe fn block<S: Simd, const M: usize, const NB: usize>(
    s: S,
    a: *const f32,
    lda: usize,
    w: MatPtr,
    k: usize,
    j0: usize,
    ep: &Epi,
) {
    unsafe {
        // vectors per step (8 / LANES below 8 lanes), a constant after instantiation.
        let kv = (DOT / S::LANES).max(1);
        let step = kv * S::LANES;
        let mut acc = [[[s.zero(); DOT]; NB]; M];
        let es = w.dt.size();
        let mut cols = [core::ptr::null::<u8>(); NB];
        for (jj, c) in cols.iter_mut().enumerate() {
            *c = w.at(0, j0 + jj);
        }
        let mut p = 0;
        while p < k {
            for v in 0..kv {
                let q = p + v * S::LANES;
                if q >= k {
                    break;
                }
                let cnt = k - q;
                let mut wv = [s.zero(); NB];
                for (jj, x) in wv.iter_mut().enumerate() {
                    *x = load_run(s, cols[jj].add(q * es), w.dt, cnt);
                }
                for (i, row) in acc.iter_mut().enumerate() {
                    let av = load_run(s, a.add(i * lda + q) as *const u8, Dt::F32, cnt);
                    for (jj, c) in row.iter_mut().enumerate() {
                        c[v] = s.fmadd(av, wv[jj], c[v]);
                    }
                }
            }
            p += step;
        }
        for (i, row) in acc.iter_mut().enumerate() {
            for (jj, c) in row.iter_mut().enumerate() {
                let mut h = kv;
                while h > 1 {
                    h /= 2;
                    for v in 0..h {
                        c[v] = s.add(c[v], c[v + h]);
                    }
                }
                ep.finish(ep.alpha * s.reduce_sum(c[0]), i, j0 + jj);
            }
        }
    }
}

/// Columns `[j0, j1)` of an `m x n` product, `m <= 8`.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
unsafe fn columns<S: Simd, const M: usize, const NB: usize>(
    s: S,
    a: *const f32,
    lda: usize,
    w: MatPtr,
    k: usize,
    j0: usize,
    j1: usize,
    ep: &Epi,
) {
    unsafe {
        let mut j = j0;
        while j + NB <= j1 {
            block::<S, M, NB>(s, a, lda, w, k, j, ep);
            j += NB;
        }
        while j < j1 {
            block::<S, M, 1>(s, a, lda, w, k, j, ep);
            j += 1;
        }
    }
}

/// Outputs `(i, j)` for `i < m`, `j` in `[j0, j0 + NB)`, with the rows of A in the lanes.
///
/// `at`: A transposed, `k` vectors of 8 lanes (lane `i` of vector `p` is `A[i][p]`, zero for
/// `i >= m`). `w`: column `j` of B at `w.at(0, j)`, contiguous along K.
#[inline(always)]
unsafe fn lanes_block<S: Simd, const NB: usize>(
    s: S,
    at: *const f32,
    w: MatPtr,
    k: usize,
    m: usize,
    j0: usize,
    ep: &Epi,
) {
    const { assert!(S::LANES == 8) };
    unsafe {
        let mut cols = [core::ptr::null::<u8>(); NB];
        for (jj, c) in cols.iter_mut().enumerate() {
            *c = w.at(0, j0 + jj);
        }
        let acc = match w.dt {
            Dt::F32 => lanes_f32::<S, NB>(s, at, cols, k),
            Dt::F16 => lanes_half::<S, NB, false>(s, at, cols, k),
            Dt::Bf16 => lanes_half::<S, NB, true>(s, at, cols, k),
        };
        let mut lanes = [0f32; 8];
        for (jj, &c) in acc.iter().enumerate() {
            s.store(lanes.as_mut_ptr(), c);
            for (i, &v) in lanes.iter().enumerate().take(m) {
                ep.finish(ep.alpha * v, i, j0 + jj);
            }
        }
    }
}

/// [`lanes_block`]'s sums for f32 columns: each weight broadcast straight from memory.
#[inline(always)]
unsafe fn lanes_f32<S: Simd, const NB: usize>(
    s: S,
    at: *const f32,
    cols: [*const u8; NB],
    k: usize,
) -> [S::F32; NB] {
    unsafe {
        let mut acc = [s.zero(); NB];
        for p in 0..k {
            let av = s.load(at.add(p * S::LANES));
            for (c, col) in acc.iter_mut().zip(cols) {
                *c = s.fmadd(av, s.splat(*(col as *const f32).add(p)), *c);
            }
        }
        acc
    }
}

/// [`lanes_block`]'s sums for Half / BFloat16 columns: eight weights of each column are
/// widened with one vector load into a small f32 buffer on the stack, and broadcast from there
/// as f32 weights are. (Broadcasting each lane out of the widened register took two shuffles
/// per weight on Zen 3's two shuffle pipes and ran at half the speed: bf16 8x768 by 768x768
/// 400 against 165 us in the dot form.)
#[inline(always)]
unsafe fn lanes_half<S: Simd, const NB: usize, const BF16: bool>(
    s: S,
    at: *const f32,
    cols: [*const u8; NB],
    k: usize,
) -> [S::F32; NB] {
    unsafe {
        let dt = if BF16 { Dt::Bf16 } else { Dt::F16 };
        let widen = |p: *const u8, cnt: usize| load_run(s, p, dt, cnt);
        let mut acc = [s.zero(); NB];
        // chunk `p + 8` is widened while chunk `p` is summed: a broadcast that reads part of
        // a vector stored just before waits for the store to complete.
        let mut wide = [[[0f32; 8]; NB]; 2];
        let mut p = 0;
        if k >= 8 {
            for (row, col) in wide[0].iter_mut().zip(cols) {
                s.store(row.as_mut_ptr(), widen(col, 8));
            }
        }
        let mut cur = 0;
        while p + 8 <= k {
            if p + 16 <= k {
                for (row, col) in wide[cur ^ 1].iter_mut().zip(cols) {
                    s.store(row.as_mut_ptr(), widen(col.add((p + 8) * 2), 8));
                }
            }
            let wp = core::hint::black_box(wide[cur].as_ptr()) as *const f32;
            for t in 0..8 {
                let av = s.load(at.add((p + t) * 8));
                for (jj, c) in acc.iter_mut().enumerate() {
                    *c = s.fmadd(av, s.splat(*wp.add(jj * 8 + t)), *c);
                }
            }
            cur ^= 1;
            p += 8;
        }
        if p < k {
            let mut tail = [0f32; 8];
            for (c, col) in acc.iter_mut().zip(cols) {
                s.store(tail.as_mut_ptr(), widen(col.add(p * 2), k - p));
                for (t, &x) in tail.iter().enumerate().take(k - p) {
                    *c = s.fmadd(s.load(at.add((p + t) * 8)), s.splat(x), *c);
                }
            }
        }
        acc
    }
}

/// Columns side by side in [`lanes_block`]: eight weight streams keep DRAM busiest here
/// (8x4096 by 4096x4096 on Zen 3, alternating runs: 4 columns 9.6 ms, 6: 9.2, 8: 7.4,
/// 10: 9.8, 12: 10.4).
const LANES_NB: usize = 8;

/// Columns `[j0, j1)` of an `m x n` product, `m` of 5 to 8, with the rows of A in the
/// lanes of an 8-lane vector: the dot form holds accumulators for one column only at 7 or 8
/// rows (two at 5 or 6), so it reads all of A from L2 for every column of B; here A
/// (transposed, `at`) is read once per [`LANES_NB`] columns and every weight is broadcast
/// once.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe fn lanes_columns<S: Simd>(
    s: S,
    at: *const f32,
    w: MatPtr,
    k: usize,
    m: usize,
    j0: usize,
    j1: usize,
    ep: &Epi,
) {
    unsafe {
        let mut j = j0;
        while j + LANES_NB <= j1 {
            lanes_block::<S, LANES_NB>(s, at, w, k, m, j, ep);
            j += LANES_NB;
        }
        while j < j1 {
            lanes_block::<S, 1>(s, at, w, k, m, j, ep);
            j += 1;
        }
    }
}

/// The fewest rows of A that [`GemvLanesFn`] is used for.
pub(crate) const LANES_MIN_M: usize = 7;

/// ... and for an f32 B larger than the last-level cache, which streams from memory: with 5 or
/// 6 rows the dot form re-reads A from L2 every 2 columns and falls behind the memory, while
/// the lanes form's arithmetic on empty lanes is hidden behind it (linear 5x4096 by 4096x4096,
/// median of 5 alternating rounds, 8.0 -> 6.2 ms; 6 rows 9.3 -> 7.8). Not at 4 rows (within
/// 5%), not for Half / BFloat16 weights (bf16 4 and 6 rows by 8192x4096: 10.7 -> 12.9 and
/// 12.9 -> 14.1 ms), and not in cache (4x1024 by 1024x1024: 213 against 352 us).
pub(crate) const LANES_MIN_M_STREAMED: usize = 5;

/// `(at, b, k, m, j0, j1, epilogue)`: see [`lanes_columns`].
pub(crate) type GemvLanesFn = unsafe fn(*const f32, MatPtr, usize, usize, usize, usize, &Epi);

pub(crate) type GemvFn = unsafe fn(*const f32, usize, MatPtr, usize, usize, usize, &Epi, usize);

/// Columns `[j0, j1)` of an `m x n` product (`m` of 1 to 8), dispatched on `m` with the column
/// block `NB` each row count can hold in registers.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe fn rows<S: Simd>(
    s: S,
    a: *const f32,
    lda: usize,
    w: MatPtr,
    k: usize,
    j0: usize,
    j1: usize,
    ep: &Epi,
    m: usize,
) {
    unsafe {
        // 32 vector registers (AVX-512): M * NB accumulators + NB weights + 1. NEON has 32
        // too, but holds a step of 8 in two vectors: the 16-register blocks fit it.
        if matches!(S::ISA, Isa::Avx512) {
            match m {
                1 => columns::<S, 1, 8>(s, a, lda, w, k, j0, j1, ep),
                2 => columns::<S, 2, 8>(s, a, lda, w, k, j0, j1, ep),
                3 => columns::<S, 3, 7>(s, a, lda, w, k, j0, j1, ep),
                4 => columns::<S, 4, 6>(s, a, lda, w, k, j0, j1, ep),
                5 => columns::<S, 5, 4>(s, a, lda, w, k, j0, j1, ep),
                6 => columns::<S, 6, 4>(s, a, lda, w, k, j0, j1, ep),
                7 => columns::<S, 7, 3>(s, a, lda, w, k, j0, j1, ep),
                _ => columns::<S, 8, 3>(s, a, lda, w, k, j0, j1, ep),
            }
        } else {
            match m {
                1 => columns::<S, 1, 4>(s, a, lda, w, k, j0, j1, ep),
                2 => columns::<S, 2, 4>(s, a, lda, w, k, j0, j1, ep),
                3 => columns::<S, 3, 3>(s, a, lda, w, k, j0, j1, ep),
                4 => columns::<S, 4, 2>(s, a, lda, w, k, j0, j1, ep),
                5 => columns::<S, 5, 2>(s, a, lda, w, k, j0, j1, ep),
                6 => columns::<S, 6, 2>(s, a, lda, w, k, j0, j1, ep),
                7 => columns::<S, 7, 1>(s, a, lda, w, k, j0, j1, ep),
                _ => columns::<S, 8, 1>(s, a, lda, w, k, j0, j1, ep),
            }
        }
    }
}
