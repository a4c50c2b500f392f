//! Packing: copying blocks of A and B into scratch in the order the microkernels read them,
//! converting Half/BFloat16 to f32 on the way. Strided and transposed operands are handled
//! here, once per block, so the kernels only ever see two layouts.
//!
//! - B blocks become `NR`-wide panels, k-major: panel `p` at `dst + p * nr * kc`, element
//!   `(k, j)` at `k * nr + j`, zero-padded to `nr` columns. Row-major B is copied a row segment
//!   at a time; column-major B (a `linear` weight) is transposed in registers
//!   `LANES x LANES` at a time; anything else goes element by element.
//! - A blocks become `MR`-row panels: row-major A is copied row by row (panel `q` at
//!   `dst + q * mr * ld`, element `(i, k)` at `i * ld + k`); other layouts are packed k-major
//!   (element `(i, k)` at `k * mr + i`).

use super::Dt;
use super::kernel::{MatPtr, load_run, prefetch_range, read};
use etk_simd::Simd;

/// Packs `B[0..kc, 0..nc]` of `b` into `nr`-wide panels at `dst` (see the module docs).
///
/// # Safety
/// `b` must address a readable `kc x nc` block; `dst` must hold `kc * nc.next_multiple_of(nr)`
/// floats; `nr` a multiple of `S::LANES`, at most 16 lanes times 4.
#[inline(always)]
pub(crate) unsafe fn pack_b<S: Simd>(
    s: S,
    dst: *mut f32,
    b: MatPtr,
    kc: usize,
    nc: usize,
    nr: usize,
) {
    unsafe {
        let l = S::LANES;
        let nv = nr / l;
        let es = b.dt.size();
        if b.cs == 1 {
            // row by row: each source row is read once, front to back. Rows are segments of a
            // larger matrix (often in L3): the hardware prefetchers do not run ahead across
            // the stride, so the segment a few rows on is asked for here.
            let seg = nc * es;
            for k in 0..kc {
                let src = b.at(k, 0);
                if k + 4 < kc {
                    prefetch_range(s, b.at(k + 4, 0), seg);
                }
                for (p, j0) in (0..nc).step_by(nr).enumerate() {
                    let w = nr.min(nc - j0);
                    let d = dst.add(p * nr * kc + k * nr);
                    for v in 0..nv {
                        let x = if w > v * l {
                            load_run(s, src.add((j0 + v * l) * es), b.dt, w - v * l)
                        } else {
                            s.zero()
                        };
                        s.store(d.add(v * l), x);
                    }
                }
            }
            return;
        }
        for (p, j0) in (0..nc).step_by(nr).enumerate() {
            let w = nr.min(nc - j0);
            let d = dst.add(p * nr * kc);
            if b.rs == 1 {
                let mut t = [s.zero(); etk_simd::MAX_LANES];
                // a vector's worth of columns at a time: LANES source rows are read front to
                // back together (all NR of them at once are more streams than the prefetchers
                // follow; linear 128x768x768 spent about 20% of its time here, now 15%).
                for g in 0..nv {
                    let mut k_full = 0;
                    if b.dt == Dt::F32 && w >= (g + 1) * l {
                        // whole f32 blocks without the per-load dtype and width tests.
                        let src = b.at(0, j0 + g * l) as *const f32;
                        let cs = b.cs;
                        // Each source row is only `kc` floats long here, too short for the
                        // hardware prefetchers to get ahead of; the next group's rows are
                        // asked for while this group is packed (past the block's last row, that
                        // is the next block's first; a prefetch never faults).
                        let next = src.wrapping_offset(l as isize * cs);
                        while k_full + l <= kc {
                            if k_full % 16 == 0 {
                                for c in 0..l {
                                    let p = next.wrapping_offset(c as isize * cs);
                                    prefetch_range(s, p.wrapping_add(k_full) as *const u8, 64);
                                }
                            }
                            for (c, x) in t.iter_mut().enumerate().take(l) {
                                *x = s.load(src.offset(c as isize * cs).add(k_full));
                            }
                            s.transpose(&mut t);
                            for (r, &x) in t.iter().enumerate().take(l) {
                                s.store(d.add((k_full + r) * nr + g * l), x);
                            }
                            k_full += l;
                        }
                    }
                    for k0 in (k_full..kc).step_by(l) {
                        let kk = l.min(kc - k0);
                        for (c, x) in t.iter_mut().enumerate().take(l) {
                            let j = g * l + c;
                            *x = if j < w {
                                load_run(s, b.at(k0, j0 + j), b.dt, kk)
                            } else {
                                s.zero()
                            };
                        }
                        s.transpose(&mut t);
                        for (r, &x) in t.iter().enumerate().take(kk) {
                            s.store(d.add((k0 + r) * nr + g * l), x);
                        }
                    }
                }
            } else {
                for k in 0..kc {
                    for j in 0..nr {
                        *d.add(k * nr + j) = if j < w {
                            read(b.at(k, j0 + j), b.dt)
                        } else {
                            0.0
                        };
                    }
                }
            }
        }
    }
}

/// The row stride of a row-major packed A panel for `kc` steps: a multiple of 16 floats plus
/// 16, so that the rows of a panel do not share cache sets.
pub(crate) fn a_row_ld(kc: usize) -> usize {
    kc.next_multiple_of(16) + 16
}

/// Packs `A[0..mc, 0..kc]` of `a` into `mr`-row panels at `dst`: row by row (`ld =
/// a_row_ld(kc)`) if `row_major`, else k-major. Rows past `mc` in the last panel are left as
/// they are (the kernels for short panels do not read them).
///
/// # Safety
/// `a` must address a readable `mc x kc` block; `dst` must hold `mc.next_multiple_of(mr) *
/// a_row_ld(kc)` floats.
#[inline(always)]
pub(crate) unsafe fn pack_a<S: Simd>(
    s: S,
    dst: *mut f32,
    a: MatPtr,
    mc: usize,
    kc: usize,
    mr: usize,
    row_major: bool,
) {
    unsafe {
        let l = S::LANES;
        let es = a.dt.size();
        if row_major {
            let ld = a_row_ld(kc);
            for i in 0..mc {
                let d = dst.add(i * ld);
                let src = a.at(i, 0);
                if i + 4 < mc {
                    // as for row-major B: the segment a few rows on.
                    prefetch_range(s, a.at(i + 4, 0), kc * es);
                }
                let mut k = 0;
                while k < kc {
                    let x = load_run(s, src.add(k * es), a.dt, kc - k);
                    if kc - k >= l {
                        s.store(d.add(k), x);
                    } else {
                        s.store_n(d.add(k), kc - k, x);
                    }
                    k += l;
                }
            }
            return;
        }
        for (q, i0) in (0..mc).step_by(mr).enumerate() {
            let h = mr.min(mc - i0);
            let d = dst.add(q * mr * kc);
            if a.rs == 1 {
                // a column of the panel, a vector of rows at a time.
                for k in 0..kc {
                    for c in (0..h).step_by(l) {
                        let x = load_run(s, a.at(i0 + c, k), a.dt, h - c);
                        s.store_n(d.add(k * mr + c), l.min(h - c), x);
                    }
                }
            } else {
                for k in 0..kc {
                    for i in 0..h {
                        *d.add(k * mr + i) = read(a.at(i0 + i, k), a.dt);
                    }
                }
            }
        }
    }
}

pub(crate) type PackBFn = unsafe fn(*mut f32, MatPtr, usize, usize, usize);
pub(crate) type PackAFn = unsafe fn(*mut f32, MatPtr, usize, usize, usize, bool);
