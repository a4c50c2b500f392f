//! Few rows of A (M <= 8) against a B read along its rows — row-major in place, or the panels
//! of a prepacked B — with no packing: a decoder step's `x @ W` (one token, a folded weight
//! transpose or a prepacked constant) and attention's one row per batch.
//!
//! The blocked path would pack all of B (K x N read and written) to use it for one row, and
//! its 1-row edge tile holds two accumulators (AVX-512, AVX2), so its sums wait on the FMA
//! latency. Here a block of up to 8 vectors of columns is computed for all M rows at once
//! (M x NV accumulators), B's rows streamed through it once.
//!
//! The sums are the blocked kernels' bit for bit: each k block (`level::k_block` deep) is a
//! chain of multiply-adds from zero in k order, finished by the same epilogue (alpha, the
//! partial sums of the earlier k blocks, `beta * D`, bias, activation), so a product gives the
//! same result whichever path its layout, its row count or a prepacked B sends it down (the
//! runtime's fused layout chains rely on that: `gemm::Route`).

use super::kernel::{epilogue, load_run};
use super::level::{self, Gemm};
use super::{Dt, Impl, MAX_TASKS, OP, Problem, SyncPtr, a_into, column_tasks};
use etk_core::KernelContext;
use etk_simd::Isa;

/// One call's operands as the kernels read them: the problem, A as f32 rows (row `i` at
/// `a + i * lda`, `k` long), and where the partial sums of earlier k blocks live
/// (`Problem::epi`'s `acc` and `acc_ld`), and room for [`strip`]'s partial sums (`STRIP`
/// floats, 64-byte aligned; null when B is not streamed).
#[derive(Clone, Copy)]
pub(crate) struct Operands<'q> {
    pub q: &'q Problem,
    pub a: *const f32,
    pub lda: usize,
    pub part: (*mut f32, isize),
    pub sums: *mut f32,
}

/// The most rows this path takes.
pub(crate) const MAX_M: usize = 8;

/// Vector `v` of the column block at `j0`, for k block `pc` (`kc` deep): where its row 0 is,
/// and the distance between its rows in bytes.
///
/// # Safety
/// `j0 + v * LANES` must be a column of B (of its padded panels, when prepacked).
#[inline(always)]
unsafe fn column_at<S: Gemm>(q: &Problem, pc: usize, kc: usize, j: usize) -> (*const u8, isize) {
    if q.packed_b.is_null() {
        (q.b.at(pc, j), q.b.rs * q.b.dt.size() as isize)
    } else {
        // `PackedB`'s layout: k block `pc` at `pc * n_pad`, its `kc x nr` panels one after
        // another, a panel's row `p` at `p * nr`. A vector never straddles two panels (`nr`
        // is a whole number of vectors and blocks start on a vector).
        let nr = S::NV * S::LANES;
        let at = pc * q.packed_ld + j / nr * nr * kc + j % nr;
        (q.packed_b.wrapping_add(at) as *const u8, (nr * 4) as isize)
    }
}

/// Outputs `(i, j)` for `i < M`, `j` in `[j0, j0 + w)`, `w <= NV * LANES` (all of it when
/// `FULL`): per k block, `M x NV` accumulators, then the epilogue.
///
/// # Safety
/// As the GEMM's: the problem's views valid, `[j0, j0 + w)` columns of the out.
#[inline(always)]
unsafe fn block<S: Gemm, const M: usize, const NV: usize, const FULL: bool>(
    s: S,
    o: Operands<'_>,
    j0: usize,
    w: usize,
) {
    unsafe {
        let Operands {
            q, a, lda, part, ..
        } = o;
        let l = S::LANES;
        // lanes of each vector that are columns of the out (0: a vector past the out, whose
        // loads read nothing).
        let mut cnt = [l; NV];
        if !FULL {
            for (v, c) in cnt.iter_mut().enumerate() {
                *c = w.saturating_sub(v * l).min(l);
            }
        }
        let dt = if q.packed_b.is_null() {
            q.b.dt
        } else {
            Dt::F32
        };
        let mut pc = 0;
        while pc < q.k {
            let kc = level::k_block(S::KC, q.k).min(q.k - pc);
            let mut col = [core::ptr::null::<u8>(); NV];
            let mut stride = 0;
            for (v, c) in col.iter_mut().enumerate() {
                // a vector past the out reads nothing: it points at the first one.
                let j = if cnt[v] > 0 { j0 + v * l } else { j0 };
                (*c, stride) = column_at::<S>(q, pc, kc, j);
            }
            let mut acc = [[s.zero(); NV]; M];
            let ak = a.add(pc);
            for p in 0..kc {
                let off = p as isize * stride;
                let mut bv = [s.zero(); NV];
                for (v, b) in bv.iter_mut().enumerate() {
                    *b = load_run(s, col[v].wrapping_offset(off), dt, cnt[v]);
                }
                for (i, row) in acc.iter_mut().enumerate() {
                    let ai = s.splat(*ak.add(i * lda + p));
                    for (c, &b) in row.iter_mut().zip(&bv) {
                        *c = s.fmadd(ai, b, *c);
                    }
                }
            }
            let ep = q.epi(part.0, part.1, pc == 0, pc + kc == q.k);
            epilogue::<S, M, NV>(s, &acc, 0, j0, M, w, &ep);
            pc += kc;
        }
    }
}

/// Floats of partial sums a strip keeps (32 KiB, in L1 and L2): wide enough that a strip
/// covers a whole row of a 4096-column B, so that a k block of B is one sequential read (an
/// 8 KiB strip read 8 KiB runs 16 KiB apart, about 60% of the read bandwidth).
const STRIP: usize = 8192;

/// Rows of B one pass of a strip multiplies in (each partial sum loaded and stored once per
/// pass, its chain of multiply-adds still in k order).
const PASS: usize = 4;

/// Outputs `(i, j)` for `i < M`, `j` in `[j0, j0 + w)`, `w <= STRIP / M`, for a row-major B
/// in place that does not fit in cache: B is read row by row along the whole strip (a few KiB
/// contiguous per row, which the prefetchers follow and the TLB holds; the register blocks
/// of [`block`] read 512 bytes per row at the row stride, and fell behind the memory: 1 x 4096
/// by 4096 x 4096 f32, 31.9 ms), the partial sums in L1. The same sums as [`block`].
///
/// # Safety
/// As [`block`]; B in place (`q.packed_b` null); `o.sums` holds `M * w` floats.
#[inline(always)]
unsafe fn strip<S: Gemm, const M: usize>(s: S, o: Operands<'_>, j0: usize, w: usize) {
    unsafe {
        let Operands {
            q,
            a,
            lda,
            part,
            sums: y,
        } = o;
        let l = S::LANES;
        let nv = w.div_ceil(l);
        let (dt, es) = (q.b.dt, q.b.dt.size());
        let stride = q.b.rs * es as isize;
        let mut pc = 0;
        while pc < q.k {
            let kc = level::k_block(S::KC, q.k).min(q.k - pc);
            core::ptr::write_bytes(y, 0, M * w);
            let b0 = q.b.at(pc, j0);
            let mut p = 0;
            while p < kc {
                let rows = PASS.min(kc - p);
                let row = |r: usize| b0.wrapping_offset((p + r) as isize * stride);
                let mut av = [[s.zero(); PASS]; M];
                for (i, ai) in av.iter_mut().enumerate() {
                    for (r, x) in ai.iter_mut().enumerate().take(rows) {
                        *x = s.splat(*a.add(i * lda + pc + p + r));
                    }
                }
                for v in 0..nv {
                    let cnt = (w - v * l).min(l);
                    let mut bv = [s.zero(); PASS];
                    for (r, b) in bv.iter_mut().enumerate().take(rows) {
                        *b = load_run(s, row(r).add(v * l * es), dt, cnt);
                    }
                    for (i, ai) in av.iter().enumerate() {
                        let yi = y.add(i * w + v * l);
                        let mut acc = s.load(yi);
                        for r in 0..rows {
                            acc = s.fmadd(ai[r], bv[r], acc);
                        }
                        s.store(yi, acc);
                    }
                }
                p += rows;
            }
            let ep = q.epi(part.0, part.1, pc == 0, pc + kc == q.k);
            for i in 0..M {
                let mut v = 0;
                while v < nv {
                    let mut acc = [[s.zero(); 4]; 1];
                    for (t, x) in acc[0].iter_mut().enumerate().take(nv - v) {
                        *x = s.load(y.add(i * w + (v + t) * l));
                    }
                    let j = j0 + v * l;
                    epilogue::<S, 1, 4>(s, &acc, i, j, 1, (w - v * l).min(4 * l), &ep);
                    v += 4;
                }
            }
            pc += kc;
        }
    }
}

/// Columns `[j0, j1)` in strips of at most `STRIP / M` columns.
#[inline(always)]
unsafe fn strips<S: Gemm, const M: usize>(s: S, o: Operands<'_>, j0: usize, j1: usize) {
    unsafe {
        let width = STRIP / M / 16 * 16;
        let mut j = j0;
        while j < j1 {
            let w = width.min(j1 - j);
            strip::<S, M>(s, o, j, w);
            j += w;
        }
    }
}

/// Columns `[j0, j1)` in blocks of `NV` vectors, the last one partial.
#[inline(always)]
unsafe fn columns<S: Gemm, const M: usize, const NV: usize>(
    s: S,
    o: Operands<'_>,
    j0: usize,
    j1: usize,
) {
    unsafe {
        let width = NV * S::LANES;
        let mut j = j0;
        while j + width <= j1 {
            block::<S, M, NV, true>(s, o, j, width);
            j += width;
        }
        if j < j1 {
            block::<S, M, NV, false>(s, o, j, j1 - j);
        }
    }
}

/// A B in place larger than this goes by [`strip`].
const STREAMED_BYTES: usize = 256 << 10;

/// Whether the problem's B is streamed by [`strip`] (and needs `Operands::sums`).
fn streamed(q: &Problem) -> bool {
    q.packed_b.is_null() && q.k * q.n * q.b.dt.size() > STREAMED_BYTES
}

/// Columns `[j0, j1)` (`j0` a multiple of 16) of the problem's `m` rows (1 to [`MAX_M`]),
/// with as many column vectors per block as the registers hold next to the accumulators
/// (`(M + 1) * NV + 1` of them: accumulators, B's vectors, a broadcast): at least 8 chains of
/// multiply-adds at one row, which is what two FMA pipes of 4 cycles' latency need.
///
/// # Safety
/// As [`block`].
#[inline(always)]
pub(crate) unsafe fn rows<S: Gemm>(s: S, o: Operands<'_>, j0: usize, j1: usize) {
    unsafe {
        let q = o.q;
        if streamed(q) {
            match q.m {
                1 => strips::<S, 1>(s, o, j0, j1),
                2 => strips::<S, 2>(s, o, j0, j1),
                3 => strips::<S, 3>(s, o, j0, j1),
                4 => strips::<S, 4>(s, o, j0, j1),
                5 => strips::<S, 5>(s, o, j0, j1),
                6 => strips::<S, 6>(s, o, j0, j1),
                7 => strips::<S, 7>(s, o, j0, j1),
                _ => strips::<S, 8>(s, o, j0, j1),
            }
            return;
        }
        if matches!(S::ISA, Isa::Avx512) {
            // 32 registers.
            match q.m {
                1 => columns::<S, 1, 8>(s, o, j0, j1),
                2 => columns::<S, 2, 8>(s, o, j0, j1),
                3 => columns::<S, 3, 7>(s, o, j0, j1),
                4 => columns::<S, 4, 6>(s, o, j0, j1),
                5 => columns::<S, 5, 5>(s, o, j0, j1),
                6 => columns::<S, 6, 4>(s, o, j0, j1),
                7 => columns::<S, 7, 3>(s, o, j0, j1),
                _ => columns::<S, 8, 3>(s, o, j0, j1),
            }
        } else {
            // 16 registers (NEON's 32 hold 4 lanes: these blocks are wide enough there).
            match q.m {
                1 => columns::<S, 1, 8>(s, o, j0, j1),
                2 => columns::<S, 2, 4>(s, o, j0, j1),
                3 => columns::<S, 3, 3>(s, o, j0, j1),
                4 => columns::<S, 4, 2>(s, o, j0, j1),
                5 => columns::<S, 5, 2>(s, o, j0, j1),
                6 => columns::<S, 6, 2>(s, o, j0, j1),
                7 => columns::<S, 7, 1>(s, o, j0, j1),
                _ => columns::<S, 8, 1>(s, o, j0, j1),
            }
        }
    }
}

/// Whether the problem (already turned so the out has unit column stride where it can)
/// takes this path: few rows, and B read along its rows.
pub(crate) fn takes(q: &Problem) -> bool {
    q.m <= MAX_M && (!q.packed_b.is_null() || q.b.cs == 1)
}

/// `(operands, j0, j1)`: see [`rows`].
pub(crate) type FewRowsFn = unsafe fn(Operands<'_>, usize, usize);

/// This path's driver: tasks split the columns (or the batches); A is read in place when it
/// is f32 along K, else converted per task; the partial sums of a K longer than one block
/// live in the out when it is f32 with unit column stride, else in an `M x N` workspace per
/// batch. `false` when the scratch has no room for those (the blocked path then runs: the
/// same sums).
///
/// # Safety
/// As `run`.
pub(crate) unsafe fn run(
    ctx: &mut KernelContext<'_>,
    imp: &Impl,
    p: &Problem,
    n_tasks: usize,
) -> bool {
    let parallel = ctx.parallel;
    let direct = p.a.dt == Dt::F32 && p.a.cs == 1 && p.a.rs >= 0;
    // vectors of a block start on a multiple of 16 columns at every level.
    let (tasks, nt) = column_tasks(p, n_tasks, 16);
    let needs_ws = !(p.c.dt == Dt::F32 && p.c.cs == 1) && p.k > imp.kc_for(p.k);
    ctx.scratch.scope(|scratch| {
        let a_len = if direct { 0 } else { p.m * p.k };
        let ws_len = if needs_ws { p.m * p.n * p.batch } else { 0 };
        let sums_len = if streamed(p) { STRIP } else { 0 };
        if ((a_len + sums_len) * 4 + 128) * nt + ws_len * 4 + 64 > scratch.remaining() {
            return false;
        }
        let mut bufs = [core::ptr::null_mut::<f32>(); MAX_TASKS];
        for b in bufs.iter_mut().take(nt).filter(|_| a_len > 0) {
            let Ok(s) = scratch.alloc_for_overwrite::<f32>(OP, a_len) else {
                return false;
            };
            *b = s.as_mut_ptr();
        }
        let mut sums = [core::ptr::null_mut::<f32>(); MAX_TASKS];
        for y in sums.iter_mut().take(nt).filter(|_| sums_len > 0) {
            let Ok(s) = scratch.alloc_for_overwrite::<f32>(OP, sums_len) else {
                return false;
            };
            *y = s.as_mut_ptr();
        }
        let ws = if ws_len > 0 {
            let Ok(s) = scratch.alloc_for_overwrite::<f32>(OP, ws_len) else {
                return false;
            };
            s.as_mut_ptr()
        } else {
            core::ptr::null_mut()
        };
        let shared = SyncPtr((p, imp, &tasks, &bufs, &sums, ws));
        let body = |t: usize| {
            let &(p, imp, tasks, bufs, sums, ws) = shared.get();
            let task = tasks[t];
            for bt in task.batches.0..task.batches.1 {
                let q = p.at_batch(bt);
                // SAFETY: each task writes its own columns of the out (and of the workspace)
                // and its own buffer.
                unsafe {
                    let (a, lda) = if direct {
                        (q.a.ptr as *const f32, q.a.rs as usize)
                    } else {
                        a_into(&q, bufs[t], q.k, 1);
                        (bufs[t] as *const f32, q.k)
                    };
                    let part = if needs_ws {
                        (ws.add(bt * q.m * q.n), q.n as isize)
                    } else {
                        (q.c.ptr as *mut f32, q.c.rs)
                    };
                    (imp.few_rows)(
                        Operands {
                            q: &q,
                            a,
                            lda,
                            part,
                            sums: sums[t],
                        },
                        task.cols.0,
                        task.cols.1,
                    );
                }
            }
        };
        if nt == 1 {
            body(0);
        } else {
            parallel.run(nt, &body);
        }
        true
    })
}
