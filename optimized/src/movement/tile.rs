//! Transposes: a pair whose innermost dim is contiguous in the out but strided in the input,
//! while an outer dim `k` is contiguous in the input (`permute_copy`, `transpose_copy`, NCHW ↔
//! NHWC, `pixel_shuffle`). Naming the out's innermost dim `q` and dim `k` `p`, each outer
//! index copies the matrix
//!
//! ```text
//! dst[p * b + q] = src[p + q * a]      (p < np, q < nq)
//! ```
//!
//! in blocks of about 16 KiB (both sides stay in L1), each block in square micro-tiles
//! transposed in registers: 4-byte elements in `LANES` squares through the vector layer's
//! `Simd::transpose` (one generic tile for AVX2, AVX-512 and NEON); 4x4 of 8-byte ones with
//! AVX2 shuffles (8x8 at AVX-512), 8x8 of 2-byte ones with SSE2 unpacks, 8x8 bytes as eight
//! `u64` words with three rounds of masked swaps (plain Rust, every level); on aarch64 4x4 of
//! 8-byte elements and 8x8 of 2-byte ones with NEON `trn`s. The 2- and 8-byte tiles stay
//! per ISA because the vector layer has 4-byte lanes only (no 16- or 64-bit interleaves).
//! Other element sizes and the scalar level move the elements of each micro-tile one by one
//! (still block by block).

use super::run::{Word16, with_word};
use super::split;
use crate::pointwise::walk::Ptr;
use etk_core::Parallel;
use etk_core::shape::MAX_DIM;
use etk_portable::util::movement::{Pair, View};
use etk_simd::{Isa, Kernel, Level, MAX_LANES, Simd, dispatch};

/// A transpose found in a pair: the matrix dims and the outer dims around them.
pub struct Tile {
    /// The dims other than `p` and `q` (a pair of one element when there are none).
    outer: Pair,
    np: usize,
    nq: usize,
    /// The out's step along `p`.
    b: isize,
    /// The input's step along `q`.
    a: isize,
}

impl Tile {
    /// The transpose in `pair`, if its innermost dim (the out's contiguous one) steps by other
    /// than 0 or 1 in the input and an outer dim steps by 1 there.
    pub fn of(pair: &Pair) -> Option<Tile> {
        let (d, s) = (&pair.dst, &pair.src);
        let n = d.dim();
        let inner = n.checked_sub(1)?;
        if d.strides()[inner] != 1 || matches!(s.strides()[inner], 0 | 1) {
            return None;
        }
        let k = (0..inner).rev().find(|&k| s.strides()[k] == 1)?;
        let mut sizes = [0usize; MAX_DIM];
        let (mut ds, mut ss) = ([0isize; MAX_DIM], [0isize; MAX_DIM]);
        let mut m = 0;
        for i in (0..inner).filter(|&i| i != k) {
            sizes[m] = d.sizes()[i];
            ds[m] = d.strides()[i];
            ss[m] = s.strides()[i];
            m += 1;
        }
        let outer_dst = View::strided(&sizes[..m], &ds[..m], d.offset())?;
        let outer_src = View::strided(&sizes[..m], &ss[..m], s.offset())?;
        Some(Tile {
            outer: Pair::new(&outer_dst, &outer_src),
            np: d.sizes()[k],
            nq: d.sizes()[inner],
            b: d.strides()[k],
            a: s.strides()[inner],
        })
    }

    /// Moves every element: the work is cut into (outer index, block of `q`) units, split over
    /// threads when large.
    ///
    /// # Safety
    /// As `super::run::copy_pair` for the pair this tile came from.
    pub unsafe fn run(&self, par: &dyn Parallel, isa: Isa, es: usize, dst: Ptr, src: Ptr) {
        let blk = block(es);
        let q_blocks = self.nq.div_ceil(blk);
        let outer = self.outer.numel();
        let bytes = outer * self.np * self.nq * es;
        let ptrs = (dst, src);
        split(par, outer * q_blocks, bytes, &|u0, u1| {
            // (captured whole: a `Ptr` may cross threads, its field may not)
            let (dst, src) = ptrs;
            if u0 >= u1 {
                return;
            }
            let (o0, o1) = (u0 / q_blocks, (u1 - 1) / q_blocks + 1);
            let mut o = o0;
            // SAFETY: the outer walk yields element offsets of the pair's outer dims; the
            // matrix at each lies inside both tensors, as the whole pair does.
            unsafe {
                self.outer.walk_range(o0, o1, |d, s, len, ds, ss| {
                    for i in 0..len as isize {
                        let q0 = if o == o0 { (u0 % q_blocks) * blk } else { 0 };
                        let q1 = if o + 1 == o1 {
                            ((u1 - 1) % q_blocks + 1) * blk
                        } else {
                            self.nq
                        };
                        let m = Matrix {
                            dst: dst.0.offset((d + i * ds) * es as isize),
                            b: self.b,
                            src: src.0.offset((s + i * ss) * es as isize),
                            a: self.a,
                            np: self.np,
                            q0,
                            q1: q1.min(self.nq),
                        };
                        transpose(isa, es, &m);
                        o += 1;
                    }
                });
            }
        });
    }
}

/// The side of a block in elements: 1 KiB of a row on each side. Micro-tiles go along the
/// out's rows inside a block, so a block is a band of up to 1 KiB-long out rows; with whole-line
/// micro-tiles every line is touched once whatever the block, with half-line ones the input's
/// lines are met again within one band.
fn block(es: usize) -> usize {
    1024 / es
}

/// One matrix to transpose, columns `q0..q1` of it: `dst[p * b + q] = src[p + q * a]`, offsets
/// in elements from the two byte pointers.
struct Matrix {
    dst: *mut u8,
    b: isize,
    src: *const u8,
    a: isize,
    np: usize,
    q0: usize,
    q1: usize,
}

/// Picks the micro-tile for the element size and level.
///
/// # Safety
/// The matrix lies inside both tensors, which do not overlap.
unsafe fn transpose(isa: Isa, es: usize, m: &Matrix) {
    // whole-line tiles where the matrix holds at least one (else AVX2's narrower ones)
    let whole_lines = m.np * es >= 64 && (m.q1 - m.q0) * es >= 64;
    if es == 4
        && let Some(level) = Level::new(isa).filter(|l| l.isa() != Isa::Scalar)
    {
        let level = if whole_lines {
            level
        } else {
            level.at_most_lanes(8)
        };
        return dispatch(level, Tiles32(m));
    }
    #[cfg(target_arch = "x86_64")]
    if isa == Isa::Avx512 && whole_lines && es == 8 {
        // SAFETY: the level was clamped to what the CPU has.
        return unsafe { x86::avx512_u64(m) };
    }
    #[cfg(target_arch = "x86_64")]
    if matches!(isa, Isa::Avx2 | Isa::Avx512) {
        // SAFETY: the level was clamped to what the CPU has.
        unsafe {
            match es {
                2 => return x86::sse2_u16(m),
                8 => return x86::avx2_u64(m),
                _ => {}
            }
        }
    }
    #[cfg(all(target_arch = "aarch64", not(miri)))]
    if isa == Isa::Neon {
        // SAFETY: NEON is aarch64's baseline.
        unsafe {
            match es {
                2 => return neon::u16(m),
                8 => return neon::u64(m),
                _ => {}
            }
        }
    }
    let _ = isa;
    unsafe {
        match es {
            #[cfg(target_endian = "little")]
            1 => blocks::<Bytes8>(m),
            16 => blocks::<Elements<Word16, 4>>(m),
            _ => with_word!(es, W => blocks::<Elements<W, 8>>(m)),
        }
    }
}

/// A square micro-tile transposed in registers.
trait Micro {
    type W: Copy;
    /// The side.
    const M: usize;
    /// `dst[p * b + q] = src[p + q * a]` for `p, q < M`.
    ///
    /// # Safety
    /// Every element addressed is valid.
    unsafe fn tile(dst: *mut Self::W, b: isize, src: *const Self::W, a: isize);
}

/// The blocks of a matrix, micro-tiles inside, the edges element by element.
///
/// # Safety
/// As [`transpose`].
#[inline(always)]
unsafe fn blocks<K: Micro>(m: &Matrix) {
    let (dst, src) = (m.dst as *mut K::W, m.src as *const K::W);
    let (a, b) = (m.a, m.b);
    let blk = block(size_of::<K::W>());
    let mm = K::M;
    // SAFETY (every access): p < np and q0 <= q < q1 <= nq, inside the matrix.
    let one = |p: usize, q: usize| unsafe {
        let v = src.offset(p as isize + q as isize * a).read_unaligned();
        dst.offset(p as isize * b + q as isize).write_unaligned(v);
    };
    let mut qb = m.q0;
    while qb < m.q1 {
        let qe = (qb + blk).min(m.q1);
        let mut pb = 0;
        while pb < m.np {
            let pe = (pb + blk).min(m.np);
            // Tile rows of the out outermost: each micro-tile's out rows are completed left to
            // right before the next ones start, so a large power-of-two out stride (every row
            // in one cache set) keeps only `M` lines live.
            let mut p = pb;
            while p + mm <= pe {
                let mut q = qb;
                while q + mm <= qe {
                    let (pi, qi) = (p as isize, q as isize);
                    unsafe { K::tile(dst.offset(pi * b + qi), b, src.offset(pi + qi * a), a) };
                    q += mm;
                }
                for pp in p..p + mm {
                    for qq in q..qe {
                        one(pp, qq);
                    }
                }
                p += mm;
            }
            for pp in p..pe {
                for qq in qb..qe {
                    one(pp, qq);
                }
            }
            pb = pe;
        }
        qb = qe;
    }
}

/// 4-byte elements in a `LANES` square through the vector layer's [`Simd::transpose`]: 8x8 on
/// AVX2, 16x16 on AVX-512 (every load and store a whole 64-byte line, so no line is read or
/// written twice whatever the strides: power-of-two strides put every row of a block in one
/// cache set), 4x4 on NEON.
struct Lanes32<S>(core::marker::PhantomData<S>);

impl<S: Simd> Micro for Lanes32<S> {
    type W = u32;
    const M: usize = S::LANES;
    #[inline(always)]
    unsafe fn tile(dst: *mut u32, b: isize, src: *const u32, a: isize) {
        // SAFETY: only run by `Tiles32` at `S`'s level; the rows are the caller's.
        unsafe {
            let s = S::assume();
            let mut t = [s.splat(0.0); MAX_LANES];
            for (q, row) in t.iter_mut().enumerate().take(S::LANES) {
                *row = s.load(src.offset(q as isize * a).cast());
            }
            s.transpose(&mut t);
            for (p, col) in t.iter().enumerate().take(S::LANES) {
                s.store(dst.offset(p as isize * b).cast(), *col);
            }
        }
    }
}

/// A matrix of 4-byte elements in [`Lanes32`] tiles at the level it is dispatched at (never
/// the scalar one, whose one-lane tiles [`Elements`] beats).
struct Tiles32<'a>(&'a Matrix);

impl Kernel for Tiles32<'_> {
    type Output = ();
    #[inline(always)]
    fn run<S: Simd>(self, _: S) {
        // SAFETY: made only by `transpose`, whose caller vouches for the matrix.
        unsafe { blocks::<Lanes32<S>>(self.0) }
    }
}

/// Any element size: the micro-tile's elements one by one.
struct Elements<W, const M: usize>(core::marker::PhantomData<W>);

impl<W: Copy, const M: usize> Micro for Elements<W, M> {
    type W = W;
    const M: usize = M;
    #[inline(always)]
    unsafe fn tile(dst: *mut W, b: isize, src: *const W, a: isize) {
        for p in 0..M as isize {
            for q in 0..M as isize {
                unsafe {
                    dst.offset(p * b + q)
                        .write_unaligned(src.offset(p + q * a).read_unaligned())
                };
            }
        }
    }
}

/// 8x8 bytes: each input row read as one little-endian `u64`, transposed by swapping bytes,
/// then 2-byte and 4-byte halves between rows 1, 2 and 4 apart.
#[cfg(target_endian = "little")]
struct Bytes8;

#[cfg(target_endian = "little")]
impl Micro for Bytes8 {
    type W = u8;
    const M: usize = 8;
    #[inline(always)]
    unsafe fn tile(dst: *mut u8, b: isize, src: *const u8, a: isize) {
        let mut r = [0u64; 8];
        for (q, r) in r.iter_mut().enumerate() {
            *r = unsafe { (src.offset(q as isize * a) as *const u64).read_unaligned() };
        }
        transpose_8x8_bytes(&mut r);
        for (p, r) in r.iter().enumerate() {
            unsafe { (dst.offset(p as isize * b) as *mut u64).write_unaligned(*r) };
        }
    }
}

/// Byte `j` of `r[i]` becomes byte `i` of `r[j]` (little-endian byte order).
#[inline(always)]
pub fn transpose_8x8_bytes(r: &mut [u64; 8]) {
    for (shift, mask, step) in [
        (8, 0x00FF_00FF_00FF_00FFu64, 1),
        (16, 0x0000_FFFF_0000_FFFF, 2),
        (32, 0x0000_0000_FFFF_FFFF, 4),
    ] {
        for i in (0..8).filter(|i| i & step == 0) {
            let t = ((r[i] >> shift) ^ r[i + step]) & mask;
            r[i + step] ^= t;
            r[i] ^= t << shift;
        }
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    //! The x86 micro-tiles and the block loops compiled for them.

    use super::{Matrix, Micro, blocks};
    use core::arch::x86_64::*;

    /// 4x4 of 8-byte elements.
    struct U64x4;

    impl Micro for U64x4 {
        type W = u64;
        const M: usize = 4;
        #[inline(always)]
        unsafe fn tile(dst: *mut u64, b: isize, src: *const u64, a: isize) {
            unsafe {
                let r: [__m256d; 4] =
                    core::array::from_fn(|q| _mm256_loadu_pd(src.offset(q as isize * a).cast()));
                let t = [
                    _mm256_unpacklo_pd(r[0], r[1]),
                    _mm256_unpackhi_pd(r[0], r[1]),
                    _mm256_unpacklo_pd(r[2], r[3]),
                    _mm256_unpackhi_pd(r[2], r[3]),
                ];
                for j in 0..2 {
                    let lo = _mm256_permute2f128_pd::<0x20>(t[j], t[2 + j]);
                    let hi = _mm256_permute2f128_pd::<0x31>(t[j], t[2 + j]);
                    _mm256_storeu_pd(dst.offset(j as isize * b).cast(), lo);
                    _mm256_storeu_pd(dst.offset((j + 2) as isize * b).cast(), hi);
                }
            }
        }
    }

    /// 8x8 of 2-byte elements: unpacks of 16-, 32- and 64-bit lanes.
    struct U16x8;

    impl Micro for U16x8 {
        type W = u16;
        const M: usize = 8;
        #[inline(always)]
        unsafe fn tile(dst: *mut u16, b: isize, src: *const u16, a: isize) {
            unsafe {
                let r: [__m128i; 8] = core::array::from_fn(|q| {
                    _mm_loadu_si128(src.offset(q as isize * a) as *const __m128i)
                });
                // a[2i] / a[2i + 1]: columns 0-3 / 4-7 of rows 2i and 2i + 1, interleaved.
                let a2: [__m128i; 8] = core::array::from_fn(|k| {
                    let (x, y) = (r[k / 2 * 2], r[k / 2 * 2 + 1]);
                    if k % 2 == 0 {
                        _mm_unpacklo_epi16(x, y)
                    } else {
                        _mm_unpackhi_epi16(x, y)
                    }
                });
                // b4[..4]: rows 0-3, columns (0,1), (2,3), (4,5), (6,7); b4[4..]: rows 4-7.
                let b4 = [
                    _mm_unpacklo_epi32(a2[0], a2[2]),
                    _mm_unpackhi_epi32(a2[0], a2[2]),
                    _mm_unpacklo_epi32(a2[1], a2[3]),
                    _mm_unpackhi_epi32(a2[1], a2[3]),
                    _mm_unpacklo_epi32(a2[4], a2[6]),
                    _mm_unpackhi_epi32(a2[4], a2[6]),
                    _mm_unpacklo_epi32(a2[5], a2[7]),
                    _mm_unpackhi_epi32(a2[5], a2[7]),
                ];
                for j in 0..4 {
                    let even = _mm_unpacklo_epi64(b4[j], b4[4 + j]);
                    let odd = _mm_unpackhi_epi64(b4[j], b4[4 + j]);
                    _mm_storeu_si128(dst.offset(2 * j as isize * b) as *mut __m128i, even);
                    _mm_storeu_si128(dst.offset((2 * j + 1) as isize * b) as *mut __m128i, odd);
                }
            }
        }
    }

    /// 8x8 of 8-byte elements: whole lines as [`super::Lanes32`] at AVX-512.
    struct U64x8;

    impl Micro for U64x8 {
        type W = u64;
        const M: usize = 8;
        #[inline(always)]
        unsafe fn tile(dst: *mut u64, b: isize, src: *const u64, a: isize) {
            unsafe {
                let r: [__m512d; 8] =
                    core::array::from_fn(|q| _mm512_loadu_pd(src.offset(q as isize * a).cast()));
                // t[2i + e], lane L: column 2L + e of rows 2i, 2i + 1.
                let t: [__m512d; 8] = core::array::from_fn(|k| {
                    let (x, y) = (r[k / 2 * 2], r[k / 2 * 2 + 1]);
                    if k % 2 == 0 {
                        _mm512_unpacklo_pd(x, y)
                    } else {
                        _mm512_unpackhi_pd(x, y)
                    }
                });
                for e in 0..2 {
                    let lo01 = _mm512_shuffle_f64x2::<0x44>(t[e], t[2 + e]);
                    let lo23 = _mm512_shuffle_f64x2::<0x44>(t[4 + e], t[6 + e]);
                    let hi01 = _mm512_shuffle_f64x2::<0xEE>(t[e], t[2 + e]);
                    let hi23 = _mm512_shuffle_f64x2::<0xEE>(t[4 + e], t[6 + e]);
                    let cols = [
                        _mm512_shuffle_f64x2::<0x88>(lo01, lo23),
                        _mm512_shuffle_f64x2::<0xDD>(lo01, lo23),
                        _mm512_shuffle_f64x2::<0x88>(hi01, hi23),
                        _mm512_shuffle_f64x2::<0xDD>(hi01, hi23),
                    ];
                    for (l, c) in cols.into_iter().enumerate() {
                        _mm512_storeu_pd(dst.offset((2 * l + e) as isize * b).cast(), c);
                    }
                }
            }
        }
    }

    /// # Safety
    /// As `super::transpose`; the CPU has AVX-512F.
    #[target_feature(enable = "avx512f")]
    pub(super) unsafe fn avx512_u64(m: &Matrix) {
        unsafe { blocks::<U64x8>(m) }
    }

    /// # Safety
    /// As `super::transpose`; the CPU has AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn avx2_u64(m: &Matrix) {
        unsafe { blocks::<U64x4>(m) }
    }

    /// # Safety
    /// As `super::transpose`; the CPU has AVX2 (SSE2 is enough, but below AVX2 the scalar
    /// level runs the portable tiles).
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn sse2_u16(m: &Matrix) {
        unsafe { blocks::<U16x8>(m) }
    }
}

#[cfg(all(target_arch = "aarch64", not(miri)))]
mod neon {
    //! The NEON micro-tiles: transposes by `trn1`/`trn2` at 16-, 32- and 64-bit granules (as
    //! the x86 ones by unpacks). NEON is aarch64's baseline, so no `#[target_feature]`. Chosen
    //! on paper (no aarch64 hardware here): a 4x4 tile of 4-byte elements is 4 loads, 8
    //! permutes and 4 stores instead of 16 loads and 16 stores.

    use super::{Matrix, Micro, blocks};
    use core::arch::aarch64::*;

    /// `[a.lo, b.lo]` and `[a.hi, b.hi]` of the 64-bit halves.
    #[inline(always)]
    fn halves(a: uint32x4_t, b: uint32x4_t) -> (uint32x4_t, uint32x4_t) {
        // SAFETY: register-only operations of the baseline.
        unsafe {
            let (a, b) = (vreinterpretq_u64_u32(a), vreinterpretq_u64_u32(b));
            (
                vreinterpretq_u32_u64(vtrn1q_u64(a, b)),
                vreinterpretq_u32_u64(vtrn2q_u64(a, b)),
            )
        }
    }

    /// 4x4 of 8-byte elements as four 2x2 tiles of one `trn` pair each.
    struct U64x4;

    impl Micro for U64x4 {
        type W = u64;
        const M: usize = 4;
        #[inline(always)]
        unsafe fn tile(dst: *mut u64, b: isize, src: *const u64, a: isize) {
            unsafe {
                // r[h][q]: input row q, elements 2h and 2h + 1
                let r: [[uint64x2_t; 4]; 2] = core::array::from_fn(|h| {
                    core::array::from_fn(|q| vld1q_u64(src.offset(q as isize * a).add(2 * h)))
                });
                for (h, r) in r.iter().enumerate() {
                    let (p0, p1) = ((2 * h) as isize, (2 * h + 1) as isize);
                    for (half, (x, y)) in [(r[0], r[1]), (r[2], r[3])].into_iter().enumerate() {
                        vst1q_u64(dst.offset(p0 * b).add(2 * half), vtrn1q_u64(x, y));
                        vst1q_u64(dst.offset(p1 * b).add(2 * half), vtrn2q_u64(x, y));
                    }
                }
            }
        }
    }

    /// 8x8 of 2-byte elements: `trn` at 16, then 32, then 64 bits.
    struct U16x8;

    impl Micro for U16x8 {
        type W = u16;
        const M: usize = 8;
        #[inline(always)]
        unsafe fn tile(dst: *mut u16, b: isize, src: *const u16, a: isize) {
            unsafe {
                let r: [uint16x8_t; 8] =
                    core::array::from_fn(|q| vld1q_u16(src.offset(q as isize * a)));
                // s[2i + e], as 32-bit lanes l: rows 2i and 2i + 1 at column 2l + e
                let s: [uint32x4_t; 8] = core::array::from_fn(|k| {
                    let (x, y) = (r[k & !1], r[k | 1]);
                    vreinterpretq_u32_u16(if k & 1 == 0 {
                        vtrn1q_u16(x, y)
                    } else {
                        vtrn2q_u16(x, y)
                    })
                });
                // u[4g + j], as 64-bit halves: rows 4g..4g + 4 at columns j and j + 4
                let u: [uint32x4_t; 8] = core::array::from_fn(|k| {
                    let (g, j) = (k / 4, k % 4);
                    let (x, y) = (s[4 * g + j % 2], s[4 * g + 2 + j % 2]);
                    if j < 2 {
                        vtrn1q_u32(x, y)
                    } else {
                        vtrn2q_u32(x, y)
                    }
                });
                for j in 0..4 {
                    let (lo, hi) = halves(u[j], u[4 + j]);
                    vst1q_u16(dst.offset(j as isize * b), vreinterpretq_u16_u32(lo));
                    vst1q_u16(dst.offset((j + 4) as isize * b), vreinterpretq_u16_u32(hi));
                }
            }
        }
    }

    /// # Safety
    /// As `super::transpose`.
    pub(super) unsafe fn u16(m: &Matrix) {
        unsafe { blocks::<U16x8>(m) }
    }

    /// # Safety
    /// As `super::transpose`.
    pub(super) unsafe fn u64(m: &Matrix) {
        unsafe { blocks::<U64x4>(m) }
    }
}

#[cfg(test)]
mod tests {
    use super::transpose_8x8_bytes;

    #[test]
    fn bytes_transpose() {
        let mut r = [0u64; 8];
        for (i, r) in r.iter_mut().enumerate() {
            *r = u64::from_le_bytes(core::array::from_fn(|j| (i * 8 + j) as u8));
        }
        transpose_8x8_bytes(&mut r);
        for (j, r) in r.iter().enumerate() {
            let want = u64::from_le_bytes(core::array::from_fn(|i| (i * 8 + j) as u8));
            assert_eq!(*r, want, "row {j}");
        }
    }
}
