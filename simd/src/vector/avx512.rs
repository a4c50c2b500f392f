//! [`Avx512`]: 16 lanes of AVX-512 F/BW/DQ/VL (with AVX2, FMA and F16C), heads and tails
//! through mask registers.

use super::{Kernel, MAX_LANES, Simd, copy_elems, sealed};
use crate::detect::Isa;
use crate::math::unary_fn::UnaryFn;
use core::arch::x86_64::*;

/// 16 lanes (AVX-512 F/BW/DQ/VL). With `BF16`, also AVX512-BF16, whose `vcvtneps2bf16`
/// narrows to BFloat16 in one instruction (only [`super::dispatch_bf16`] creates it). A value
/// exists only once the CPU was found to have the features.
#[derive(Clone, Copy, Debug)]
pub struct Avx512<const BF16: bool = false>(());

impl<const BF16: bool> sealed::Sealed for Avx512<BF16> {}

/// The level's entry (see `avx2::run`).
#[inline(never)]
#[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vl,avx2,fma,f16c")]
unsafe fn run<K: Kernel>(k: K) -> K::Output {
    k.run(Avx512::<false>(()))
}

#[inline(never)]
#[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vl,avx512bf16,avx2,fma,f16c")]
unsafe fn run_bf16<K: Kernel>(k: K) -> K::Output {
    k.run(Avx512::<true>(()))
}

/// `_MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC`.
const NEAREST: i32 = 0x08;

/// The mask of lanes `i < n` (n <= 16).
#[inline(always)]
fn low_bits(n: usize) -> __mmask16 {
    ((1u32 << n.min(16)) - 1) as __mmask16
}

/// 16 f32 narrowed to BFloat16 as `half::bf16::from_f32`: round to nearest even on the bits, a
/// NaN kept with its high payload and the quiet bit set.
#[inline(always)]
fn narrow_bf16(v: __m512) -> __m256i {
    unsafe {
        let x = _mm512_castps_si512(v);
        let lsb = _mm512_and_si512(_mm512_srli_epi32::<16>(x), _mm512_set1_epi32(1));
        let bias = _mm512_add_epi32(_mm512_set1_epi32(0x7fff), lsb);
        let rounded = _mm512_srli_epi32::<16>(_mm512_add_epi32(x, bias));
        let quiet = _mm512_or_si512(_mm512_srli_epi32::<16>(x), _mm512_set1_epi32(0x40));
        let nan = _mm512_cmp_ps_mask::<_CMP_UNORD_Q>(v, v);
        _mm512_cvtepi32_epi16(_mm512_mask_blend_epi32(nan, rounded, quiet))
    }
}

/// `vcvtneps2bf16`.
///
/// # Safety
/// AVX512-BF16 must be present (only `Avx512<true>` calls it).
#[inline(always)]
unsafe fn native_bf16(v: __m512) -> __m256i {
    unsafe { core::mem::transmute::<__m256bh, __m256i>(_mm512_cvtneps_pbh(v)) }
}

/// 16 BFloat16 values widened (exact: the bits shifted into the high half).
#[inline(always)]
fn widen_bf16(h: __m256i) -> __m512 {
    unsafe { _mm512_castsi512_ps(_mm512_slli_epi32::<16>(_mm512_cvtepu16_epi32(h))) }
}

impl<const BF16: bool> Avx512<BF16> {
    /// 16 f32 narrowed to BFloat16 bits as `half::bf16::from_f32`. With AVX512-BF16 one
    /// `vcvtneps2bf16` (which agrees with `half` except that it flushes subnormal inputs to
    /// zero: a vector holding one takes the integer path).
    #[inline(always)]
    fn bf16_bits(self, v: __m512) -> __m256i {
        // SAFETY: `Avx512<true>` exists only with AVX512-BF16.
        if BF16 && unsafe { _mm512_fpclass_ps_mask::<0x20>(v) } == 0 {
            return unsafe { native_bf16(v) };
        }
        narrow_bf16(v)
    }
}

/// The halving reduction of 16 lanes with `f` (then as 8 lanes).
#[inline(always)]
fn halve(v: __m512, f: impl Fn(__m128, __m128) -> __m128) -> f32 {
    unsafe {
        let lo = _mm512_castps512_ps256(v);
        let hi = _mm512_extractf32x8_ps::<1>(v);
        let (l2, h2) = (_mm256_castps256_ps128(lo), _mm256_extractf128_ps::<1>(lo));
        let (l3, h3) = (_mm256_castps256_ps128(hi), _mm256_extractf128_ps::<1>(hi));
        // v[i] + v[i + 8] for i < 8, then on as 8 lanes.
        let (a, b) = (f(l2, l3), f(h2, h3));
        let h = f(a, b);
        let h = f(h, _mm_movehl_ps(h, h));
        let h = f(h, _mm_movehdup_ps(h));
        _mm_cvtss_f32(h)
    }
}

// SAFETY (every method below): `Avx512` values exist only once AVX-512 F/BW/DQ/VL (and
// AVX512-BF16 for `Avx512<true>`) were detected, and pointers are valid as each method's
// contract says.
impl<const BF16: bool> Simd for Avx512<BF16> {
    type F32 = __m512;
    type Mask = __mmask16;
    type I32 = __m512i;
    type F64 = [__m512d; 2];
    type Mask64 = [__mmask8; 2];
    const LANES: usize = 16;
    const ISA: Isa = Isa::Avx512;
    const NATIVE_BF16: bool = BF16;

    #[inline(always)]
    unsafe fn assume() -> Self {
        Avx512(())
    }
    #[inline(always)]
    fn call<K: Kernel>(self, k: K) -> K::Output {
        // SAFETY: the token proves the features (AVX512-BF16 too for `Avx512<true>`).
        unsafe { if BF16 { run_bf16(k) } else { run(k) } }
    }

    #[inline(always)]
    fn splat(self, x: f32) -> __m512 {
        unsafe { _mm512_set1_ps(x) }
    }
    #[inline(always)]
    unsafe fn load(self, p: *const f32) -> __m512 {
        unsafe { _mm512_loadu_ps(p) }
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut f32, v: __m512) {
        unsafe { _mm512_storeu_ps(p, v) }
    }
    #[inline(always)]
    unsafe fn load_n(self, p: *const f32, n: usize) -> __m512 {
        unsafe { _mm512_maskz_loadu_ps(low_bits(n), p) }
    }
    #[inline(always)]
    unsafe fn load_masked(self, p: *const f32, m: __mmask16) -> __m512 {
        unsafe { _mm512_maskz_loadu_ps(m, p) }
    }
    #[inline(always)]
    unsafe fn store_n(self, p: *mut f32, n: usize, v: __m512) {
        unsafe { _mm512_mask_storeu_ps(p, low_bits(n), v) }
    }
    #[inline(always)]
    unsafe fn stream(self, p: *mut f32, v: __m512) {
        unsafe { _mm512_stream_ps(p, v) }
    }
    #[inline(always)]
    fn sfence(self) {
        unsafe { _mm_sfence() }
    }
    #[inline(always)]
    fn prefetch(self, p: *const u8) {
        unsafe { _mm_prefetch::<_MM_HINT_T0>(p as *const i8) }
    }
    #[inline(always)]
    unsafe fn gather(self, base: *const f32, idx: __m512i) -> __m512 {
        unsafe { _mm512_i32gather_ps::<4>(idx, base) }
    }

    #[inline(always)]
    unsafe fn load_f16(self, p: *const u16) -> __m512 {
        unsafe { _mm512_cvtph_ps(_mm256_loadu_si256(p as *const __m256i)) }
    }
    #[inline(always)]
    unsafe fn load_f16_n(self, p: *const u16, n: usize) -> __m512 {
        unsafe { _mm512_cvtph_ps(_mm256_maskz_loadu_epi16(low_bits(n), p as *const i16)) }
    }
    #[inline(always)]
    unsafe fn store_f16(self, p: *mut u16, v: __m512) {
        unsafe {
            let h = _mm512_cvtps_ph::<{ _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC }>(v);
            _mm256_storeu_si256(p as *mut __m256i, h)
        }
    }
    #[inline(always)]
    unsafe fn store_f16_n(self, p: *mut u16, n: usize, v: __m512) {
        // through a buffer: LLVM has been seen to widen a masked 16-bit store of a narrowed
        // splat into 32-bit lanes, writing one element past the mask.
        let mut b = [0u16; 16];
        unsafe {
            self.store_f16(b.as_mut_ptr(), v);
            copy_elems(b.as_ptr(), p, n.min(16));
        }
    }
    #[inline(always)]
    unsafe fn load_bf16(self, p: *const u16) -> __m512 {
        unsafe { widen_bf16(_mm256_loadu_si256(p as *const __m256i)) }
    }
    #[inline(always)]
    unsafe fn load_bf16_n(self, p: *const u16, n: usize) -> __m512 {
        unsafe { widen_bf16(_mm256_maskz_loadu_epi16(low_bits(n), p as *const i16)) }
    }
    #[inline(always)]
    unsafe fn store_bf16(self, p: *mut u16, v: __m512) {
        unsafe { _mm256_storeu_si256(p as *mut __m256i, self.bf16_bits(v)) }
    }
    #[inline(always)]
    unsafe fn store_bf16_n(self, p: *mut u16, n: usize, v: __m512) {
        // through a buffer, as `store_f16_n`.
        let mut b = [0u16; 16];
        unsafe {
            self.store_bf16(b.as_mut_ptr(), v);
            copy_elems(b.as_ptr(), p, n.min(16));
        }
    }
    #[inline(always)]
    fn round_f16(self, a: __m512) -> __m512 {
        unsafe { _mm512_cvtph_ps(_mm512_cvtps_ph::<NEAREST>(a)) }
    }
    #[inline(always)]
    fn round_bf16(self, a: __m512) -> __m512 {
        widen_bf16(narrow_bf16(a))
    }

    #[inline(always)]
    fn add(self, a: __m512, b: __m512) -> __m512 {
        unsafe { _mm512_add_ps(a, b) }
    }
    #[inline(always)]
    fn sub(self, a: __m512, b: __m512) -> __m512 {
        unsafe { _mm512_sub_ps(a, b) }
    }
    #[inline(always)]
    fn mul(self, a: __m512, b: __m512) -> __m512 {
        unsafe { _mm512_mul_ps(a, b) }
    }
    #[inline(always)]
    fn div(self, a: __m512, b: __m512) -> __m512 {
        unsafe { _mm512_div_ps(a, b) }
    }
    #[inline(always)]
    fn mul_add(self, a: __m512, b: __m512, c: __m512) -> __m512 {
        unsafe { _mm512_fmadd_ps(a, b, c) }
    }
    #[inline(always)]
    fn neg_mul_add(self, a: __m512, b: __m512, c: __m512) -> __m512 {
        unsafe { _mm512_fnmadd_ps(a, b, c) }
    }
    #[inline(always)]
    fn sqrt(self, a: __m512) -> __m512 {
        unsafe { _mm512_sqrt_ps(a) }
    }
    #[inline(always)]
    fn neg(self, a: __m512) -> __m512 {
        unsafe { _mm512_xor_ps(a, _mm512_set1_ps(-0.0)) }
    }
    #[inline(always)]
    fn abs(self, a: __m512) -> __m512 {
        unsafe { _mm512_andnot_ps(_mm512_set1_ps(-0.0), a) }
    }
    #[inline(always)]
    fn min(self, a: __m512, b: __m512) -> __m512 {
        unsafe { _mm512_min_ps(a, b) }
    }
    #[inline(always)]
    fn max(self, a: __m512, b: __m512) -> __m512 {
        unsafe { _mm512_max_ps(a, b) }
    }
    #[inline(always)]
    fn round(self, a: __m512) -> __m512 {
        unsafe { _mm512_roundscale_ps::<NEAREST>(a) }
    }
    #[inline(always)]
    fn trunc(self, a: __m512) -> __m512 {
        unsafe { _mm512_roundscale_ps::<{ _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC }>(a) }
    }
    #[inline(always)]
    fn floor(self, a: __m512) -> __m512 {
        unsafe { _mm512_roundscale_ps::<{ _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC }>(a) }
    }
    #[inline(always)]
    fn ceil(self, a: __m512) -> __m512 {
        unsafe { _mm512_roundscale_ps::<{ _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC }>(a) }
    }
    #[inline(always)]
    fn sqrt_1ulp(self, a: __m512) -> __m512 {
        // vsqrtps runs at ~5 elements/ns here; the 14-bit reciprocal square root estimate and
        // one Newton step (relative error ~2^-28 before the last rounding) run at the speed of
        // memory. 0 and +inf (where the step gives NaN) keep their value; a vector with a
        // subnormal lane takes the exact instruction.
        unsafe {
            // subnormal inputs lose the step's precision (s * s underflows): exact there
            if _mm512_fpclass_ps_mask::<0x20>(a) != 0 {
                return _mm512_sqrt_ps(a);
            }
            let y = _mm512_rsqrt14_ps(a);
            let s = _mm512_mul_ps(a, y);
            let h = _mm512_mul_ps(y, _mm512_set1_ps(0.5));
            let r = _mm512_fnmadd_ps(s, s, a);
            let v = _mm512_fmadd_ps(h, r, s);
            let keep = _mm512_fpclass_ps_mask::<0x0e>(a); // ±0, +inf
            _mm512_mask_mov_ps(v, keep, a)
        }
    }
    #[inline(always)]
    fn rsqrt_1ulp(self, a: __m512) -> __m512 {
        // y (1.5 - a y^2 / 2), written as y + y (1 - a y^2) / 2; ±0 gives ±inf and +inf 0 from
        // the estimate itself, which the step would turn into NaN.
        unsafe {
            if _mm512_fpclass_ps_mask::<0x20>(a) != 0 {
                return _mm512_div_ps(_mm512_set1_ps(1.0), _mm512_sqrt_ps(a));
            }
            let y = _mm512_rsqrt14_ps(a);
            let e = _mm512_fnmadd_ps(_mm512_mul_ps(a, y), y, _mm512_set1_ps(1.0));
            let v = _mm512_fmadd_ps(_mm512_mul_ps(y, _mm512_set1_ps(0.5)), e, y);
            let keep = _mm512_fpclass_ps_mask::<0x0e>(a);
            _mm512_mask_mov_ps(v, keep, y)
        }
    }
    #[inline(always)]
    fn div_by(self, a: __m512, b: __m512, r: __m512, lo: __m512, hi: __m512) -> __m512 {
        unsafe {
            let m = _mm512_andnot_ps(_mm512_set1_ps(-0.0), a);
            let outside =
                _mm512_cmp_ps_mask::<_CMP_NGE_UQ>(m, lo) | _mm512_cmp_ps_mask::<_CMP_NLE_UQ>(m, hi);
            if outside != 0 {
                return _mm512_div_ps(a, b);
            }
            let q = _mm512_mul_ps(a, r);
            _mm512_fmadd_ps(_mm512_fnmadd_ps(q, b, a), r, q)
        }
    }
    #[inline(always)]
    fn and(self, a: __m512, b: __m512) -> __m512 {
        unsafe { _mm512_and_ps(a, b) }
    }
    #[inline(always)]
    fn or(self, a: __m512, b: __m512) -> __m512 {
        unsafe { _mm512_or_ps(a, b) }
    }
    #[inline(always)]
    fn xor(self, a: __m512, b: __m512) -> __m512 {
        unsafe { _mm512_xor_ps(a, b) }
    }

    #[inline(always)]
    fn eq(self, a: __m512, b: __m512) -> __mmask16 {
        unsafe { _mm512_cmp_ps_mask::<_CMP_EQ_OQ>(a, b) }
    }
    #[inline(always)]
    fn ne(self, a: __m512, b: __m512) -> __mmask16 {
        unsafe { _mm512_cmp_ps_mask::<_CMP_NEQ_UQ>(a, b) }
    }
    #[inline(always)]
    fn lt(self, a: __m512, b: __m512) -> __mmask16 {
        unsafe { _mm512_cmp_ps_mask::<_CMP_LT_OQ>(a, b) }
    }
    #[inline(always)]
    fn le(self, a: __m512, b: __m512) -> __mmask16 {
        unsafe { _mm512_cmp_ps_mask::<_CMP_LE_OQ>(a, b) }
    }
    #[inline(always)]
    fn gt(self, a: __m512, b: __m512) -> __mmask16 {
        unsafe { _mm512_cmp_ps_mask::<_CMP_GT_OQ>(a, b) }
    }
    #[inline(always)]
    fn ge(self, a: __m512, b: __m512) -> __mmask16 {
        unsafe { _mm512_cmp_ps_mask::<_CMP_GE_OQ>(a, b) }
    }
    #[inline(always)]
    fn is_nan(self, a: __m512) -> __mmask16 {
        unsafe { _mm512_cmp_ps_mask::<_CMP_UNORD_Q>(a, a) }
    }
    #[inline(always)]
    fn select(self, m: __mmask16, a: __m512, b: __m512) -> __m512 {
        unsafe { _mm512_mask_blend_ps(m, b, a) }
    }
    #[inline(always)]
    fn mask_and(self, a: __mmask16, b: __mmask16) -> __mmask16 {
        a & b
    }
    #[inline(always)]
    fn mask_or(self, a: __mmask16, b: __mmask16) -> __mmask16 {
        a | b
    }
    #[inline(always)]
    fn mask_not(self, a: __mmask16) -> __mmask16 {
        !a
    }
    #[inline(always)]
    fn any(self, m: __mmask16) -> bool {
        m != 0
    }
    #[inline(always)]
    fn first_n(self, n: usize) -> __mmask16 {
        low_bits(n)
    }
    #[inline(always)]
    fn mask_from_bits(self, bits: u64) -> __mmask16 {
        bits as __mmask16
    }
    #[inline(always)]
    unsafe fn store_mask(self, p: *mut u8, m: __mmask16) {
        unsafe {
            let v = _mm_maskz_mov_epi8(m, _mm_set1_epi8(1));
            _mm_storeu_si128(p as *mut __m128i, v)
        }
    }
    #[inline(always)]
    unsafe fn store_mask_n(self, p: *mut u8, n: usize, m: __mmask16) {
        unsafe {
            let v = _mm_maskz_mov_epi8(m, _mm_set1_epi8(1));
            _mm_mask_storeu_epi8(p as *mut i8, low_bits(n), v)
        }
    }
    #[inline(always)]
    unsafe fn load_byte_mask<const E: usize>(self, p: *const u8) -> __m512 {
        unsafe {
            let m = match E {
                1 => {
                    let c = _mm512_loadu_si512(p as *const __m512i);
                    _mm512_movm_epi8(_mm512_test_epi8_mask(c, c))
                }
                2 => {
                    let c = _mm256_loadu_si256(p as *const __m256i);
                    _mm512_movm_epi16(_mm256_test_epi8_mask(c, c))
                }
                4 => {
                    let c = _mm_loadu_si128(p as *const __m128i);
                    _mm512_movm_epi32(_mm_test_epi8_mask(c, c))
                }
                _ => {
                    let c = _mm_loadl_epi64(p as *const __m128i);
                    _mm512_movm_epi64(_mm_test_epi8_mask(c, c) as u8)
                }
            };
            _mm512_castsi512_ps(m)
        }
    }
    #[inline(always)]
    fn bitselect(self, m: __m512, a: __m512, b: __m512) -> __m512 {
        unsafe {
            let (m, a, b) = (
                _mm512_castps_si512(m),
                _mm512_castps_si512(a),
                _mm512_castps_si512(b),
            );
            // 0xca: the truth table of `m ? a : b`, bit by bit
            _mm512_castsi512_ps(_mm512_ternarylogic_epi32::<0xca>(m, a, b))
        }
    }

    #[inline(always)]
    fn reduce_sum(self, v: __m512) -> f32 {
        unsafe { _mm512_reduce_add_ps(v) }
    }
    #[inline(always)]
    fn reduce_max(self, v: __m512) -> f32 {
        halve(v, |a, b| unsafe { _mm_max_ps(a, b) })
    }
    #[inline(always)]
    fn reduce_min(self, v: __m512) -> f32 {
        halve(v, |a, b| unsafe { _mm_min_ps(a, b) })
    }
    #[inline(always)]
    fn unzip(self, a: __m512, b: __m512) -> (__m512, __m512) {
        unsafe {
            let even = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
            let odd = _mm512_setr_epi32(1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31);
            (
                _mm512_permutex2var_ps(a, even, b),
                _mm512_permutex2var_ps(a, odd, b),
            )
        }
    }
    #[inline(always)]
    fn transpose(self, v: &mut [__m512; MAX_LANES]) {
        unsafe {
            let mut a = [_mm512_setzero_ps(); 16];
            for i in 0..8 {
                a[2 * i] = _mm512_unpacklo_ps(v[2 * i], v[2 * i + 1]);
                a[2 * i + 1] = _mm512_unpackhi_ps(v[2 * i], v[2 * i + 1]);
            }
            let mut b = [_mm512_setzero_ps(); 16];
            let pd = |x| _mm512_castps_pd(x);
            let ps = |x| _mm512_castpd_ps(x);
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

    #[inline(always)]
    fn splat_i32(self, x: i32) -> __m512i {
        unsafe { _mm512_set1_epi32(x) }
    }
    #[inline(always)]
    unsafe fn load_i32(self, p: *const i32) -> __m512i {
        unsafe { _mm512_loadu_si512(p as *const __m512i) }
    }
    #[inline(always)]
    unsafe fn store_i32(self, p: *mut i32, v: __m512i) {
        unsafe { _mm512_storeu_si512(p as *mut __m512i, v) }
    }
    #[inline(always)]
    unsafe fn load_i32_n(self, p: *const i32, n: usize) -> __m512i {
        unsafe { _mm512_maskz_loadu_epi32(low_bits(n), p) }
    }
    #[inline(always)]
    unsafe fn store_i32_n(self, p: *mut i32, n: usize, v: __m512i) {
        unsafe { _mm512_mask_storeu_epi32(p, low_bits(n), v) }
    }
    #[inline(always)]
    fn add_i32(self, a: __m512i, b: __m512i) -> __m512i {
        unsafe { _mm512_add_epi32(a, b) }
    }
    #[inline(always)]
    fn sub_i32(self, a: __m512i, b: __m512i) -> __m512i {
        unsafe { _mm512_sub_epi32(a, b) }
    }
    #[inline(always)]
    fn mul_i32(self, a: __m512i, b: __m512i) -> __m512i {
        unsafe { _mm512_mullo_epi32(a, b) }
    }
    #[inline(always)]
    fn min_i32(self, a: __m512i, b: __m512i) -> __m512i {
        unsafe { _mm512_min_epi32(a, b) }
    }
    #[inline(always)]
    fn max_i32(self, a: __m512i, b: __m512i) -> __m512i {
        unsafe { _mm512_max_epi32(a, b) }
    }
    #[inline(always)]
    fn and_i32(self, a: __m512i, b: __m512i) -> __m512i {
        unsafe { _mm512_and_si512(a, b) }
    }
    #[inline(always)]
    fn or_i32(self, a: __m512i, b: __m512i) -> __m512i {
        unsafe { _mm512_or_si512(a, b) }
    }
    #[inline(always)]
    fn xor_i32(self, a: __m512i, b: __m512i) -> __m512i {
        unsafe { _mm512_xor_si512(a, b) }
    }
    #[inline(always)]
    fn shl_i32<const N: i32>(self, a: __m512i) -> __m512i {
        // A splat shift count folds to the immediate form.
        unsafe { _mm512_sllv_epi32(a, _mm512_set1_epi32(N)) }
    }
    #[inline(always)]
    fn shr_i32<const N: i32>(self, a: __m512i) -> __m512i {
        unsafe { _mm512_srlv_epi32(a, _mm512_set1_epi32(N)) }
    }
    #[inline(always)]
    fn sra_i32<const N: i32>(self, a: __m512i) -> __m512i {
        unsafe { _mm512_srav_epi32(a, _mm512_set1_epi32(N)) }
    }
    #[inline(always)]
    fn eq_i32(self, a: __m512i, b: __m512i) -> __mmask16 {
        unsafe { _mm512_cmpeq_epi32_mask(a, b) }
    }
    #[inline(always)]
    fn gt_i32(self, a: __m512i, b: __m512i) -> __mmask16 {
        unsafe { _mm512_cmpgt_epi32_mask(a, b) }
    }
    #[inline(always)]
    fn select_i32(self, m: __mmask16, a: __m512i, b: __m512i) -> __m512i {
        unsafe { _mm512_mask_blend_epi32(m, b, a) }
    }
    #[inline(always)]
    fn zip_lo_i32(self, a: __m512i, b: __m512i) -> __m512i {
        unsafe {
            let idx = _mm512_setr_epi32(0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
            _mm512_permutex2var_epi32(a, idx, b)
        }
    }
    #[inline(always)]
    fn zip_hi_i32(self, a: __m512i, b: __m512i) -> __m512i {
        unsafe {
            let idx =
                _mm512_setr_epi32(8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
            _mm512_permutex2var_epi32(a, idx, b)
        }
    }
    #[inline(always)]
    fn reduce_sum_i32(self, v: __m512i) -> i32 {
        unsafe { _mm512_reduce_add_epi32(v) }
    }
    #[inline(always)]
    fn to_bits(self, a: __m512) -> __m512i {
        unsafe { _mm512_castps_si512(a) }
    }
    #[inline(always)]
    fn from_bits(self, a: __m512i) -> __m512 {
        unsafe { _mm512_castsi512_ps(a) }
    }
    #[inline(always)]
    fn from_i32(self, a: __m512i) -> __m512 {
        unsafe { _mm512_cvtepi32_ps(a) }
    }
    #[inline(always)]
    fn to_i32_round(self, a: __m512) -> __m512i {
        unsafe { _mm512_cvtps_epi32(a) }
    }
    #[inline(always)]
    fn to_i32_trunc(self, a: __m512) -> __m512i {
        unsafe { _mm512_cvttps_epi32(a) }
    }
    #[inline(always)]
    unsafe fn load_u8_as_i32(self, p: *const u8) -> __m512i {
        unsafe { _mm512_cvtepu8_epi32(_mm_loadu_si128(p as *const __m128i)) }
    }
    #[inline(always)]
    unsafe fn load_u8_as_i32_n(self, p: *const u8, n: usize) -> __m512i {
        unsafe { _mm512_cvtepu8_epi32(_mm_maskz_loadu_epi8(low_bits(n), p as *const i8)) }
    }
    #[inline(always)]
    unsafe fn load_i8_as_i32(self, p: *const i8) -> __m512i {
        unsafe { _mm512_cvtepi8_epi32(_mm_loadu_si128(p as *const __m128i)) }
    }
    #[inline(always)]
    unsafe fn load_i16_as_i32(self, p: *const i16) -> __m512i {
        unsafe { _mm512_cvtepi16_epi32(_mm256_loadu_si256(p as *const __m256i)) }
    }
    #[inline(always)]
    unsafe fn load_u16_as_i32(self, p: *const u16) -> __m512i {
        unsafe { _mm512_cvtepu16_epi32(_mm256_loadu_si256(p as *const __m256i)) }
    }
    #[inline(always)]
    unsafe fn store_i32_as_u8(self, p: *mut u8, v: __m512i) {
        // vpmovdb keeps the low bits (no saturation).
        unsafe { _mm_storeu_si128(p as *mut __m128i, _mm512_cvtepi32_epi8(v)) }
    }
    #[inline(always)]
    unsafe fn store_i32_as_i16(self, p: *mut i16, v: __m512i) {
        unsafe { _mm256_storeu_si256(p as *mut __m256i, _mm512_cvtepi32_epi16(v)) }
    }

    #[inline(always)]
    fn splat_f64(self, x: f64) -> [__m512d; 2] {
        unsafe { [_mm512_set1_pd(x); 2] }
    }
    #[inline(always)]
    unsafe fn load_f64(self, p: *const f64) -> [__m512d; 2] {
        unsafe { [_mm512_loadu_pd(p), _mm512_loadu_pd(p.add(8))] }
    }
    #[inline(always)]
    unsafe fn store_f64(self, p: *mut f64, v: [__m512d; 2]) {
        unsafe {
            _mm512_storeu_pd(p, v[0]);
            _mm512_storeu_pd(p.add(8), v[1]);
        }
    }
    #[inline(always)]
    unsafe fn load_f64_n(self, p: *const f64, n: usize) -> [__m512d; 2] {
        let m = low_bits(n);
        unsafe {
            [
                _mm512_maskz_loadu_pd(m as __mmask8, p),
                _mm512_maskz_loadu_pd((m >> 8) as __mmask8, p.add(8)),
            ]
        }
    }
    #[inline(always)]
    unsafe fn store_f64_n(self, p: *mut f64, n: usize, v: [__m512d; 2]) {
        let m = low_bits(n);
        unsafe {
            _mm512_mask_storeu_pd(p, m as __mmask8, v[0]);
            _mm512_mask_storeu_pd(p.add(8), (m >> 8) as __mmask8, v[1]);
        }
    }
    #[inline(always)]
    fn add_f64(self, a: [__m512d; 2], b: [__m512d; 2]) -> [__m512d; 2] {
        unsafe { [_mm512_add_pd(a[0], b[0]), _mm512_add_pd(a[1], b[1])] }
    }
    #[inline(always)]
    fn sub_f64(self, a: [__m512d; 2], b: [__m512d; 2]) -> [__m512d; 2] {
        unsafe { [_mm512_sub_pd(a[0], b[0]), _mm512_sub_pd(a[1], b[1])] }
    }
    #[inline(always)]
    fn mul_f64(self, a: [__m512d; 2], b: [__m512d; 2]) -> [__m512d; 2] {
        unsafe { [_mm512_mul_pd(a[0], b[0]), _mm512_mul_pd(a[1], b[1])] }
    }
    #[inline(always)]
    fn div_f64(self, a: [__m512d; 2], b: [__m512d; 2]) -> [__m512d; 2] {
        unsafe { [_mm512_div_pd(a[0], b[0]), _mm512_div_pd(a[1], b[1])] }
    }
    #[inline(always)]
    fn sqrt_f64(self, a: [__m512d; 2]) -> [__m512d; 2] {
        unsafe { [_mm512_sqrt_pd(a[0]), _mm512_sqrt_pd(a[1])] }
    }
    #[inline(always)]
    fn mul_add_f64(self, a: [__m512d; 2], b: [__m512d; 2], c: [__m512d; 2]) -> [__m512d; 2] {
        unsafe {
            [
                _mm512_fmadd_pd(a[0], b[0], c[0]),
                _mm512_fmadd_pd(a[1], b[1], c[1]),
            ]
        }
    }
    #[inline(always)]
    fn min_f64(self, a: [__m512d; 2], b: [__m512d; 2]) -> [__m512d; 2] {
        unsafe { [_mm512_min_pd(a[0], b[0]), _mm512_min_pd(a[1], b[1])] }
    }
    #[inline(always)]
    fn max_f64(self, a: [__m512d; 2], b: [__m512d; 2]) -> [__m512d; 2] {
        unsafe { [_mm512_max_pd(a[0], b[0]), _mm512_max_pd(a[1], b[1])] }
    }
    #[inline(always)]
    fn lt_f64(self, a: [__m512d; 2], b: [__m512d; 2]) -> [__mmask8; 2] {
        unsafe {
            [
                _mm512_cmp_pd_mask::<_CMP_LT_OQ>(a[0], b[0]),
                _mm512_cmp_pd_mask::<_CMP_LT_OQ>(a[1], b[1]),
            ]
        }
    }
    #[inline(always)]
    fn le_f64(self, a: [__m512d; 2], b: [__m512d; 2]) -> [__mmask8; 2] {
        unsafe {
            [
                _mm512_cmp_pd_mask::<_CMP_LE_OQ>(a[0], b[0]),
                _mm512_cmp_pd_mask::<_CMP_LE_OQ>(a[1], b[1]),
            ]
        }
    }
    #[inline(always)]
    fn eq_f64(self, a: [__m512d; 2], b: [__m512d; 2]) -> [__mmask8; 2] {
        unsafe {
            [
                _mm512_cmp_pd_mask::<_CMP_EQ_OQ>(a[0], b[0]),
                _mm512_cmp_pd_mask::<_CMP_EQ_OQ>(a[1], b[1]),
            ]
        }
    }
    #[inline(always)]
    fn select_f64(self, m: [__mmask8; 2], a: [__m512d; 2], b: [__m512d; 2]) -> [__m512d; 2] {
        unsafe {
            [
                _mm512_mask_blend_pd(m[0], b[0], a[0]),
                _mm512_mask_blend_pd(m[1], b[1], a[1]),
            ]
        }
    }
    #[inline(always)]
    fn reduce_sum_f64(self, v: [__m512d; 2]) -> f64 {
        unsafe { _mm512_reduce_add_pd(_mm512_add_pd(v[0], v[1])) }
    }
    #[inline(always)]
    fn f32_to_f64(self, a: __m512) -> [__m512d; 2] {
        unsafe {
            [
                _mm512_cvtps_pd(_mm512_castps512_ps256(a)),
                _mm512_cvtps_pd(_mm512_extractf32x8_ps::<1>(a)),
            ]
        }
    }
    #[inline(always)]
    fn f64_to_f32(self, a: [__m512d; 2]) -> __m512 {
        unsafe {
            let lo = _mm512_castps256_ps512(_mm512_cvtpd_ps(a[0]));
            _mm512_insertf32x8::<1>(lo, _mm512_cvtpd_ps(a[1]))
        }
    }

    #[inline(always)]
    fn unary(self, f: UnaryFn, x: __m512) -> __m512 {
        crate::math::vector_unary(self, f, x)
    }
    #[inline(always)]
    unsafe fn unary_run(self, f: UnaryFn, src: *const f32, dst: *mut f32, n: usize) {
        // SAFETY: the token proves the features; the pointers are the caller's.
        unsafe { math_run_f32(f, src, dst, n) }
    }
    #[inline(always)]
    unsafe fn unary_run_f16(self, f: UnaryFn, src: *const u16, dst: *mut u16, n: usize) {
        // SAFETY: as above.
        unsafe { math_run_f16(f, src, dst, n) }
    }
}

/// The math's slice driver at this level ([`Simd::unary_run`]): its own function, so that the
/// driver's loop is compiled once with the level's features.
///
/// # Safety
/// The CPU must have the features this level was detected with; `src` readable and `dst`
/// writable for `n` floats, equal or disjoint.
#[inline(never)]
#[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vl,avx2,fma,f16c")]
unsafe fn math_run_f32(f: UnaryFn, src: *const f32, dst: *mut f32, n: usize) {
    // SAFETY: forwarded from the caller.
    unsafe { crate::math::run_f32(Avx512::<false>::assume(), f, src, dst, n) }
}

/// [`math_run_f32`] on Half values (as bits), converted in registers.
///
/// # Safety
/// As [`math_run_f32`].
#[inline(never)]
#[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vl,avx2,fma,f16c")]
unsafe fn math_run_f16(f: UnaryFn, src: *const u16, dst: *mut u16, n: usize) {
    // SAFETY: forwarded from the caller.
    unsafe { crate::math::run_f16(Avx512::<false>::assume(), f, src, dst, n) }
}
