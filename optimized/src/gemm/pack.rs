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
use super::kernel::{MatPtr, prefetch_range, read};
use super::simd::Simd;

/// Loads `cnt` contiguous elements of `dt` at `p` (zeros past `cnt`).
#[inline(always)]
unsafe fn load_run<S: Simd>(p: *const u8, dt: Dt, cnt: usize) -> S::V {
    unsafe {
        match dt {
            Dt::F32 if cnt >= S::LANES => S::load(p as *const f32),
            Dt::F32 => S::load_m(p as *const f32, S::mask(cnt)),
            Dt::F16 => S::load_f16_m(p as *const u16, S::mask(cnt)),
            Dt::Bf16 => S::load_bf16_m(p as *const u16, S::mask(cnt)),
        }
    }
}

/// Transposes the `LANES x LANES` block held in `v[..LANES]` in place.
pub(crate) trait Transpose: Simd {
    unsafe fn transpose(v: &mut [Self::V; 16]);
}

impl Transpose for super::simd::Scalar {
    #[inline(always)]
    #[allow(clippy::needless_range_loop)]
    unsafe fn transpose(v: &mut [Self::V; 16]) {
        let l = Self::LANES;
        for i in 0..l {
            for j in i + 1..l {
                let t = v[i][j];
                v[i][j] = v[j][i];
                v[j][i] = t;
            }
        }
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::*;
    use crate::gemm::simd::{Avx2, Avx512};
    use core::arch::x86_64::*;

    impl Transpose for Avx2 {
        #[inline(always)]
        unsafe fn transpose(v: &mut [__m256; 16]) {
            unsafe {
                let mut a = [_mm256_setzero_ps(); 8];
                for i in 0..4 {
                    a[2 * i] = _mm256_unpacklo_ps(v[2 * i], v[2 * i + 1]);
                    a[2 * i + 1] = _mm256_unpackhi_ps(v[2 * i], v[2 * i + 1]);
                }
                let mut b = [_mm256_setzero_ps(); 8];
                for i in 0..2 {
                    let (x0, x1, x2, x3) = (a[4 * i], a[4 * i + 1], a[4 * i + 2], a[4 * i + 3]);
                    let pd = _mm256_castps_pd;
                    let ps = _mm256_castpd_ps;
                    b[4 * i] = ps(_mm256_unpacklo_pd(pd(x0), pd(x2)));
                    b[4 * i + 1] = ps(_mm256_unpackhi_pd(pd(x0), pd(x2)));
                    b[4 * i + 2] = ps(_mm256_unpacklo_pd(pd(x1), pd(x3)));
                    b[4 * i + 3] = ps(_mm256_unpackhi_pd(pd(x1), pd(x3)));
                }
                for c in 0..4 {
                    v[c] = _mm256_permute2f128_ps::<0x20>(b[c], b[4 + c]);
                    v[4 + c] = _mm256_permute2f128_ps::<0x31>(b[c], b[4 + c]);
                }
            }
        }
    }

    impl Transpose for Avx512 {
        #[inline(always)]
        unsafe fn transpose(v: &mut [__m512; 16]) {
            unsafe {
                let mut a = [_mm512_setzero_ps(); 16];
                for i in 0..8 {
                    a[2 * i] = _mm512_unpacklo_ps(v[2 * i], v[2 * i + 1]);
                    a[2 * i + 1] = _mm512_unpackhi_ps(v[2 * i], v[2 * i + 1]);
                }
                let mut b = [_mm512_setzero_ps(); 16];
                let pd = _mm512_castps_pd;
                let ps = _mm512_castpd_ps;
                for i in 0..4 {
                    let (x0, x1, x2, x3) = (a[4 * i], a[4 * i + 1], a[4 * i + 2], a[4 * i + 3]);
                    b[4 * i] = ps(_mm512_unpacklo_pd(pd(x0), pd(x2)));
                    b[4 * i + 1] = ps(_mm512_unpackhi_pd(pd(x0), pd(x2)));
                    b[4 * i + 2] = ps(_mm512_unpacklo_pd(pd(x1), pd(x3)));
                    b[4 * i + 3] = ps(_mm512_unpackhi_pd(pd(x1), pd(x3)));
                }
                for c in 0..4 {
                    let (b0, b1, b2, b3) = (b[c], b[4 + c], b[8 + c], b[12 + c]);
                    let t0 = _mm512_shuffle_f32x4::<0x44>(b0, b1);
                    let t1 = _mm512_shuffle_f32x4::<0xee>(b0, b1);
                    let t2 = _mm512_shuffle_f32x4::<0x44>(b2, b3);
                    let t3 = _mm512_shuffle_f32x4::<0xee>(b2, b3);
                    v[c] = _mm512_shuffle_f32x4::<0x88>(t0, t2);
                    v[4 + c] = _mm512_shuffle_f32x4::<0xdd>(t0, t2);
                    v[8 + c] = _mm512_shuffle_f32x4::<0x88>(t1, t3);
                    v[12 + c] = _mm512_shuffle_f32x4::<0xdd>(t1, t3);
                }
            }
        }
    }
}

/// Packs `B[0..kc, 0..nc]` of `b` into `nr`-wide panels at `dst` (see the module docs).
///
/// # Safety
/// `b` must address a readable `kc x nc` block; `dst` must hold `kc * nc.next_multiple_of(nr)`
/// floats; `nr` a multiple of `S::LANES`, at most 16 lanes times 4.
#[inline(always)]
pub(crate) unsafe fn pack_b<S: Transpose>(
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
                    prefetch_range(b.at(k + 4, 0), seg);
                }
                for (p, j0) in (0..nc).step_by(nr).enumerate() {
                    let w = nr.min(nc - j0);
                    let d = dst.add(p * nr * kc + k * nr);
                    for v in 0..nv {
                        let x = if w > v * l {
                            load_run::<S>(src.add((j0 + v * l) * es), b.dt, w - v * l)
                        } else {
                            S::zero()
                        };
                        S::store(d.add(v * l), x);
                    }
                }
            }
            return;
        }
        for (p, j0) in (0..nc).step_by(nr).enumerate() {
            let w = nr.min(nc - j0);
            let d = dst.add(p * nr * kc);
            if b.rs == 1 {
                let mut t = [S::zero(); 16];
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
                                    prefetch_range(p.wrapping_add(k_full) as *const u8, 64);
                                }
                            }
                            for (c, x) in t.iter_mut().enumerate().take(l) {
                                *x = S::load(src.offset(c as isize * cs).add(k_full));
                            }
                            S::transpose(&mut t);
                            for (s, &x) in t.iter().enumerate().take(l) {
                                S::store(d.add((k_full + s) * nr + g * l), x);
                            }
                            k_full += l;
                        }
                    }
                    for k0 in (k_full..kc).step_by(l) {
                        let kk = l.min(kc - k0);
                        for (c, x) in t.iter_mut().enumerate().take(l) {
                            let j = g * l + c;
                            *x = if j < w {
                                load_run::<S>(b.at(k0, j0 + j), b.dt, kk)
                            } else {
                                S::zero()
                            };
                        }
                        S::transpose(&mut t);
                        for (s, &x) in t.iter().enumerate().take(kk) {
                            S::store(d.add((k0 + s) * nr + g * l), x);
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
/// a_row_ld(kc)` floats; `mr <= S::LANES`.
#[inline(always)]
pub(crate) unsafe fn pack_a<S: Simd>(
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
                    prefetch_range(a.at(i + 4, 0), kc * es);
                }
                let mut k = 0;
                while k < kc {
                    let x = load_run::<S>(src.add(k * es), a.dt, kc - k);
                    if kc - k >= l {
                        S::store(d.add(k), x);
                    } else {
                        S::store_m(d.add(k), x, S::mask(kc - k));
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
                let mk = S::mask(h);
                for k in 0..kc {
                    let x = load_run::<S>(a.at(i0, k), a.dt, h);
                    S::store_m(d.add(k * mr), x, mk);
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

pub(crate) unsafe fn pack_b_scalar(dst: *mut f32, b: MatPtr, kc: usize, nc: usize, nr: usize) {
    unsafe { pack_b::<super::simd::Scalar>(dst, b, kc, nc, nr) }
}
pub(crate) unsafe fn pack_a_scalar(
    dst: *mut f32,
    a: MatPtr,
    mc: usize,
    kc: usize,
    mr: usize,
    row_major: bool,
) {
    unsafe { pack_a::<super::simd::Scalar>(dst, a, mc, kc, mr, row_major) }
}

#[cfg(target_arch = "x86_64")]
pub(crate) use x86_fns::*;

#[cfg(target_arch = "x86_64")]
mod x86_fns {
    use super::*;
    use crate::gemm::simd::{Avx2, Avx512};

    #[target_feature(enable = "avx2,fma,f16c")]
    pub(crate) unsafe fn pack_b_avx2(dst: *mut f32, b: MatPtr, kc: usize, nc: usize, nr: usize) {
        unsafe { pack_b::<Avx2>(dst, b, kc, nc, nr) }
    }
    #[target_feature(enable = "avx2,fma,f16c")]
    pub(crate) unsafe fn pack_a_avx2(
        dst: *mut f32,
        a: MatPtr,
        mc: usize,
        kc: usize,
        mr: usize,
        row_major: bool,
    ) {
        unsafe { pack_a::<Avx2>(dst, a, mc, kc, mr, row_major) }
    }
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq,avx2,fma,f16c")]
    pub(crate) unsafe fn pack_b_avx512(dst: *mut f32, b: MatPtr, kc: usize, nc: usize, nr: usize) {
        unsafe { pack_b::<Avx512>(dst, b, kc, nc, nr) }
    }
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq,avx2,fma,f16c")]
    pub(crate) unsafe fn pack_a_avx512(
        dst: *mut f32,
        a: MatPtr,
        mc: usize,
        kc: usize,
        mr: usize,
        row_major: bool,
    ) {
        unsafe { pack_a::<Avx512>(dst, a, mc, kc, mr, row_major) }
    }
}
