//! The matrix-vector-like path: few rows of A (M <= 8) against a B whose columns are
//! contiguous along K — a `linear` weight `[N, K]`. Such a product is bound by reading B once
//! from memory, so it is not packed: each output is a dot product along K, computed for all M
//! rows and `NB` columns at once (`NB` weight rows streamed side by side, each element loaded
//! once and used M times), reduced across lanes, then finished by the common epilogue.

use super::Dt;
use super::kernel::{Epi, MatPtr};
use super::simd::Simd;

/// Loads `cnt` contiguous elements of `dt` (zeros past `cnt`).
#[inline(always)]
unsafe fn load<S: Simd>(p: *const u8, dt: Dt, cnt: usize) -> S::V {
    unsafe {
        match dt {
            Dt::F32 if cnt >= S::LANES => S::load(p as *const f32),
            Dt::F32 => S::load_m(p as *const f32, S::mask(cnt)),
            Dt::F16 => S::load_f16_m(p as *const u16, S::mask(cnt)),
            Dt::Bf16 => S::load_bf16_m(p as *const u16, S::mask(cnt)),
        }
    }
}

/// Outputs `(i, j)` for `i < M`, `j` in `[j0, j0 + NB)`.
///
/// `a`: f32 rows, row `i` at `a + i * lda`, `k` long. `w`: column `j` of B at `w.at(0, j)`,
/// contiguous along K (`w.rs == 1`).
#[inline(always)]
unsafe fn block<S: Simd, const M: usize, const NB: usize>(
    a: *const f32,
    lda: usize,
    w: MatPtr,
    k: usize,
    j0: usize,
    ep: &Epi,
) {
    unsafe {
        let mut acc = [[S::zero(); NB]; M];
        let es = w.dt.size();
        let mut cols = [core::ptr::null::<u8>(); NB];
        for (jj, c) in cols.iter_mut().enumerate() {
            *c = w.at(0, j0 + jj);
        }
        let mut p = 0;
        while p < k {
            let cnt = k - p;
            let mut wv = [S::zero(); NB];
            for (jj, v) in wv.iter_mut().enumerate() {
                *v = load::<S>(cols[jj].add(p * es), w.dt, cnt);
            }
            for (i, row) in acc.iter_mut().enumerate() {
                let ap = a.add(i * lda + p);
                let av = if cnt >= S::LANES {
                    S::load(ap)
                } else {
                    S::load_m(ap, S::mask(cnt))
                };
                for (jj, c) in row.iter_mut().enumerate() {
                    *c = S::fma(av, wv[jj], *c);
                }
            }
            p += S::LANES;
        }
        for (i, row) in acc.iter().enumerate() {
            for (jj, &c) in row.iter().enumerate() {
                ep.finish(ep.alpha * S::reduce_add(c), i, j0 + jj);
            }
        }
    }
}

/// Columns `[j0, j1)` of an `m x n` product, `m <= 8`.
#[inline(always)]
unsafe fn columns<S: Simd, const M: usize, const NB: usize>(
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
            block::<S, M, NB>(a, lda, w, k, j, ep);
            j += NB;
        }
        while j < j1 {
            block::<S, M, 1>(a, lda, w, k, j, ep);
            j += 1;
        }
    }
}

pub(crate) type GemvFn = unsafe fn(*const f32, usize, MatPtr, usize, usize, usize, &Epi, usize);

/// Dispatches on `m` (1..=8) with the column block `NB` each row count can hold in registers.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
unsafe fn dispatch<S: Simd, const WIDE: bool>(
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
        // 32 vector registers (AVX-512): M * NB accumulators + NB weights + 1; 16 otherwise.
        if WIDE {
            match m {
                1 => columns::<S, 1, 8>(a, lda, w, k, j0, j1, ep),
                2 => columns::<S, 2, 8>(a, lda, w, k, j0, j1, ep),
                3 => columns::<S, 3, 7>(a, lda, w, k, j0, j1, ep),
                4 => columns::<S, 4, 6>(a, lda, w, k, j0, j1, ep),
                5 => columns::<S, 5, 4>(a, lda, w, k, j0, j1, ep),
                6 => columns::<S, 6, 4>(a, lda, w, k, j0, j1, ep),
                7 => columns::<S, 7, 3>(a, lda, w, k, j0, j1, ep),
                _ => columns::<S, 8, 3>(a, lda, w, k, j0, j1, ep),
            }
        } else {
            match m {
                1 => columns::<S, 1, 4>(a, lda, w, k, j0, j1, ep),
                2 => columns::<S, 2, 4>(a, lda, w, k, j0, j1, ep),
                3 => columns::<S, 3, 3>(a, lda, w, k, j0, j1, ep),
                4 => columns::<S, 4, 2>(a, lda, w, k, j0, j1, ep),
                5 => columns::<S, 5, 2>(a, lda, w, k, j0, j1, ep),
                6 => columns::<S, 6, 2>(a, lda, w, k, j0, j1, ep),
                7 => columns::<S, 7, 1>(a, lda, w, k, j0, j1, ep),
                _ => columns::<S, 8, 1>(a, lda, w, k, j0, j1, ep),
            }
        }
    }
}

#[allow(clippy::too_many_arguments)]
pub(crate) unsafe fn gemv_scalar(
    a: *const f32,
    lda: usize,
    w: MatPtr,
    k: usize,
    j0: usize,
    j1: usize,
    ep: &Epi,
    m: usize,
) {
    unsafe { dispatch::<super::simd::Scalar, false>(a, lda, w, k, j0, j1, ep, m) }
}

#[cfg(target_arch = "x86_64")]
pub(crate) use x86::*;

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::*;
    use crate::gemm::simd::{Avx2, Avx512};

    #[target_feature(enable = "avx2,fma,f16c")]
    #[allow(clippy::too_many_arguments)]
    pub(crate) unsafe fn gemv_avx2(
        a: *const f32,
        lda: usize,
        w: MatPtr,
        k: usize,
        j0: usize,
        j1: usize,
        ep: &Epi,
        m: usize,
    ) {
        unsafe { dispatch::<Avx2, false>(a, lda, w, k, j0, j1, ep, m) }
    }

    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq,avx2,fma,f16c")]
    #[allow(clippy::too_many_arguments)]
    pub(crate) unsafe fn gemv_avx512(
        a: *const f32,
        lda: usize,
        w: MatPtr,
        k: usize,
        j0: usize,
        j1: usize,
        ep: &Epi,
        m: usize,
    ) {
        unsafe { dispatch::<Avx512, true>(a, lda, w, k, j0, j1, ep, m) }
    }
}
