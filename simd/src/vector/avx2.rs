//! [`Avx2`]: 8 lanes of AVX2 + FMA + F16C.

use super::{Kernel, MAX_LANES, Simd, copy_elems, sealed};
use crate::detect::Isa;
use crate::math::unary_fn::UnaryFn;
use core::arch::x86_64::*;

/// 8 lanes (AVX2 + FMA + F16C). A value exists only once the CPU was found to have them.
#[derive(Clone, Copy, Debug)]
pub struct Avx2(());

impl sealed::Sealed for Avx2 {}

/// The level's entry: everything `k` inlines is compiled with the features. Not inlined
/// itself, so that a kernel entered from several places is compiled once.
#[inline(never)]
#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn run<K: Kernel>(k: K) -> K::Output {
    k.run(Avx2(()))
}

/// `_MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC`.
const NEAREST: i32 = 0x08;

/// Byte `i` of entry `m` is bit `i` of `m`: an 8-lane mask as eight 0/1 bytes.
static MASK_BYTES: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut m = 0;
    while m < 256 {
        let mut i = 0;
        while i < 8 {
            if m & (1 << i) != 0 {
                t[m] |= 1 << (8 * i);
            }
            i += 1;
        }
        m += 1;
    }
    t
};

/// Lanes `i < n` all ones.
#[inline(always)]
fn tail_mask(n: usize) -> __m256i {
    unsafe {
        _mm256_cmpgt_epi32(
            _mm256_set1_epi32(n.min(8) as i32),
            _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7),
        )
    }
}

/// 64-bit lanes `i < n` (of 4) all ones.
#[inline(always)]
fn tail_mask64(n: usize) -> __m256i {
    unsafe {
        _mm256_cmpgt_epi64(
            _mm256_set1_epi64x(n.min(4) as i64),
            _mm256_setr_epi64x(0, 1, 2, 3),
        )
    }
}

/// The bits of a BFloat16 rounding (`half::bf16::from_f32`) in the low half of each lane.
#[inline(always)]
fn bf16_bits(v: __m256) -> __m256i {
    unsafe {
        let x = _mm256_castps_si256(v);
        let lsb = _mm256_and_si256(_mm256_srli_epi32::<16>(x), _mm256_set1_epi32(1));
        let bias = _mm256_add_epi32(_mm256_set1_epi32(0x7fff), lsb);
        let rounded = _mm256_srli_epi32::<16>(_mm256_add_epi32(x, bias));
        let quiet = _mm256_or_si256(_mm256_srli_epi32::<16>(x), _mm256_set1_epi32(0x40));
        let nan = _mm256_castps_si256(_mm256_cmp_ps::<_CMP_UNORD_Q>(v, v));
        _mm256_blendv_epi8(rounded, quiet, nan)
    }
}

/// Halving sum of 8 lanes: `v[i] + v[i + 4]`, then `+ 2`, then `+ 1`.
#[inline(always)]
fn halve(v: __m256, f: impl Fn(__m128, __m128) -> __m128) -> f32 {
    unsafe {
        let h = f(_mm256_castps256_ps128(v), _mm256_extractf128_ps::<1>(v));
        let h = f(h, _mm_movehl_ps(h, h));
        let h = f(h, _mm_movehdup_ps(h));
        _mm_cvtss_f32(h)
    }
}

// SAFETY (every method below): `Avx2` values exist only once AVX2 + FMA + F16C were detected,
// and pointers are valid as each method's contract says.
impl Simd for Avx2 {
    type F32 = __m256;
    type Mask = __m256;
    type I32 = __m256i;
    type F64 = [__m256d; 2];
    type Mask64 = [__m256d; 2];
    const LANES: usize = 8;
    const ISA: Isa = Isa::Avx2;

    #[inline(always)]
    unsafe fn assume() -> Self {
        Avx2(())
    }
    #[inline(always)]
    fn call<K: Kernel>(self, k: K) -> K::Output {
        // SAFETY: the token proves the features.
        unsafe { run(k) }
    }

    #[inline(always)]
    fn splat(self, x: f32) -> __m256 {
        unsafe { _mm256_set1_ps(x) }
    }
    #[inline(always)]
    unsafe fn load(self, p: *const f32) -> __m256 {
        unsafe { _mm256_loadu_ps(p) }
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut f32, v: __m256) {
        unsafe { _mm256_storeu_ps(p, v) }
    }
    #[inline(always)]
    unsafe fn load_n(self, p: *const f32, n: usize) -> __m256 {
        unsafe { _mm256_maskload_ps(p, tail_mask(n)) }
    }
    #[inline(always)]
    unsafe fn load_masked(self, p: *const f32, m: __m256) -> __m256 {
        unsafe { _mm256_maskload_ps(p, _mm256_castps_si256(m)) }
    }
    #[inline(always)]
    unsafe fn store_n(self, p: *mut f32, n: usize, v: __m256) {
        unsafe { _mm256_maskstore_ps(p, tail_mask(n), v) }
    }
    #[inline(always)]
    unsafe fn stream(self, p: *mut f32, v: __m256) {
        unsafe { _mm256_stream_ps(p, v) }
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
    unsafe fn gather(self, base: *const f32, idx: __m256i) -> __m256 {
        unsafe { _mm256_i32gather_ps::<4>(base, idx) }
    }

    #[inline(always)]
    unsafe fn load_f16(self, p: *const u16) -> __m256 {
        unsafe { _mm256_cvtph_ps(_mm_loadu_si128(p as *const __m128i)) }
    }
    #[inline(always)]
    unsafe fn load_f16_n(self, p: *const u16, n: usize) -> __m256 {
        let mut b = [0u16; 8];
        unsafe {
            copy_elems(p, b.as_mut_ptr(), n.min(8));
            self.load_f16(b.as_ptr())
        }
    }
    #[inline(always)]
    unsafe fn store_f16(self, p: *mut u16, v: __m256) {
        unsafe {
            let h = _mm256_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>(v);
            _mm_storeu_si128(p as *mut __m128i, h)
        }
    }
    #[inline(always)]
    unsafe fn store_f16_n(self, p: *mut u16, n: usize, v: __m256) {
        let mut b = [0u16; 8];
        unsafe {
            self.store_f16(b.as_mut_ptr(), v);
            copy_elems(b.as_ptr(), p, n.min(8));
        }
    }
    #[inline(always)]
    unsafe fn load_bf16(self, p: *const u16) -> __m256 {
        unsafe {
            let w = _mm256_cvtepu16_epi32(_mm_loadu_si128(p as *const __m128i));
            _mm256_castsi256_ps(_mm256_slli_epi32::<16>(w))
        }
    }
    #[inline(always)]
    unsafe fn load_bf16_n(self, p: *const u16, n: usize) -> __m256 {
        let mut b = [0u16; 8];
        unsafe {
            copy_elems(p, b.as_mut_ptr(), n.min(8));
            self.load_bf16(b.as_ptr())
        }
    }
    #[inline(always)]
    unsafe fn store_bf16(self, p: *mut u16, v: __m256) {
        unsafe {
            let r = bf16_bits(v);
            let packed =
                _mm_packus_epi32(_mm256_castsi256_si128(r), _mm256_extracti128_si256::<1>(r));
            _mm_storeu_si128(p as *mut __m128i, packed)
        }
    }
    #[inline(always)]
    unsafe fn store_bf16_n(self, p: *mut u16, n: usize, v: __m256) {
        let mut b = [0u16; 8];
        unsafe {
            self.store_bf16(b.as_mut_ptr(), v);
            copy_elems(b.as_ptr(), p, n.min(8));
        }
    }
    #[inline(always)]
    fn round_f16(self, a: __m256) -> __m256 {
        unsafe { _mm256_cvtph_ps(_mm256_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>(a)) }
    }
    #[inline(always)]
    fn round_bf16(self, a: __m256) -> __m256 {
        unsafe { _mm256_castsi256_ps(_mm256_slli_epi32::<16>(bf16_bits(a))) }
    }

    #[inline(always)]
    fn add(self, a: __m256, b: __m256) -> __m256 {
        unsafe { _mm256_add_ps(a, b) }
    }
    #[inline(always)]
    fn sub(self, a: __m256, b: __m256) -> __m256 {
        unsafe { _mm256_sub_ps(a, b) }
    }
    #[inline(always)]
    fn mul(self, a: __m256, b: __m256) -> __m256 {
        unsafe { _mm256_mul_ps(a, b) }
    }
    #[inline(always)]
    fn div(self, a: __m256, b: __m256) -> __m256 {
        unsafe { _mm256_div_ps(a, b) }
    }
    #[inline(always)]
    fn mul_add(self, a: __m256, b: __m256, c: __m256) -> __m256 {
        unsafe { _mm256_fmadd_ps(a, b, c) }
    }
    #[inline(always)]
    fn neg_mul_add(self, a: __m256, b: __m256, c: __m256) -> __m256 {
        unsafe { _mm256_fnmadd_ps(a, b, c) }
    }
    #[inline(always)]
    fn sqrt(self, a: __m256) -> __m256 {
        unsafe { _mm256_sqrt_ps(a) }
    }
    #[inline(always)]
    fn neg(self, a: __m256) -> __m256 {
        unsafe { _mm256_xor_ps(a, _mm256_set1_ps(-0.0)) }
    }
    #[inline(always)]
    fn abs(self, a: __m256) -> __m256 {
        unsafe { _mm256_andnot_ps(_mm256_set1_ps(-0.0), a) }
    }
    #[inline(always)]
    fn min(self, a: __m256, b: __m256) -> __m256 {
        unsafe { _mm256_min_ps(a, b) }
    }
    #[inline(always)]
    fn max(self, a: __m256, b: __m256) -> __m256 {
        unsafe { _mm256_max_ps(a, b) }
    }
    #[inline(always)]
    fn round(self, a: __m256) -> __m256 {
        unsafe { _mm256_round_ps::<NEAREST>(a) }
    }
    #[inline(always)]
    fn trunc(self, a: __m256) -> __m256 {
        unsafe { _mm256_round_ps::<{ _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC }>(a) }
    }
    #[inline(always)]
    fn floor(self, a: __m256) -> __m256 {
        unsafe { _mm256_round_ps::<{ _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC }>(a) }
    }
    #[inline(always)]
    fn ceil(self, a: __m256) -> __m256 {
        unsafe { _mm256_round_ps::<{ _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC }>(a) }
    }
    #[inline(always)]
    fn div_by(self, a: __m256, b: __m256, r: __m256, lo: __m256, hi: __m256) -> __m256 {
        unsafe {
            let m = _mm256_andnot_ps(_mm256_set1_ps(-0.0), a);
            let outside = _mm256_or_ps(
                _mm256_cmp_ps::<_CMP_NGE_UQ>(m, lo),
                _mm256_cmp_ps::<_CMP_NLE_UQ>(m, hi),
            );
            if _mm256_testz_ps(outside, outside) == 0 {
                return _mm256_div_ps(a, b);
            }
            let q = _mm256_mul_ps(a, r);
            _mm256_fmadd_ps(_mm256_fnmadd_ps(q, b, a), r, q)
        }
    }
    #[inline(always)]
    fn and(self, a: __m256, b: __m256) -> __m256 {
        unsafe { _mm256_and_ps(a, b) }
    }
    #[inline(always)]
    fn or(self, a: __m256, b: __m256) -> __m256 {
        unsafe { _mm256_or_ps(a, b) }
    }
    #[inline(always)]
    fn xor(self, a: __m256, b: __m256) -> __m256 {
        unsafe { _mm256_xor_ps(a, b) }
    }

    #[inline(always)]
    fn eq(self, a: __m256, b: __m256) -> __m256 {
        unsafe { _mm256_cmp_ps::<_CMP_EQ_OQ>(a, b) }
    }
    #[inline(always)]
    fn ne(self, a: __m256, b: __m256) -> __m256 {
        unsafe { _mm256_cmp_ps::<_CMP_NEQ_UQ>(a, b) }
    }
    #[inline(always)]
    fn lt(self, a: __m256, b: __m256) -> __m256 {
        unsafe { _mm256_cmp_ps::<_CMP_LT_OQ>(a, b) }
    }
    #[inline(always)]
    fn le(self, a: __m256, b: __m256) -> __m256 {
        unsafe { _mm256_cmp_ps::<_CMP_LE_OQ>(a, b) }
    }
    #[inline(always)]
    fn gt(self, a: __m256, b: __m256) -> __m256 {
        unsafe { _mm256_cmp_ps::<_CMP_GT_OQ>(a, b) }
    }
    #[inline(always)]
    fn ge(self, a: __m256, b: __m256) -> __m256 {
        unsafe { _mm256_cmp_ps::<_CMP_GE_OQ>(a, b) }
    }
    #[inline(always)]
    fn is_nan(self, a: __m256) -> __m256 {
        unsafe { _mm256_cmp_ps::<_CMP_UNORD_Q>(a, a) }
    }
    #[inline(always)]
    fn select(self, m: __m256, a: __m256, b: __m256) -> __m256 {
        unsafe { _mm256_blendv_ps(b, a, m) }
    }
    #[inline(always)]
    fn mask_and(self, a: __m256, b: __m256) -> __m256 {
        unsafe { _mm256_and_ps(a, b) }
    }
    #[inline(always)]
    fn mask_or(self, a: __m256, b: __m256) -> __m256 {
        unsafe { _mm256_or_ps(a, b) }
    }
    #[inline(always)]
    fn mask_not(self, a: __m256) -> __m256 {
        unsafe { _mm256_xor_ps(a, _mm256_castsi256_ps(_mm256_set1_epi32(-1))) }
    }
    #[inline(always)]
    fn any(self, m: __m256) -> bool {
        unsafe { _mm256_movemask_ps(m) != 0 }
    }
    #[inline(always)]
    fn first_n(self, n: usize) -> __m256 {
        unsafe { _mm256_castsi256_ps(tail_mask(n)) }
    }
    #[inline(always)]
    fn mask_from_bits(self, bits: u64) -> __m256 {
        unsafe {
            let lane_bits = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
            let on = _mm256_and_si256(_mm256_set1_epi32(bits as i32), lane_bits);
            _mm256_castsi256_ps(_mm256_cmpeq_epi32(on, lane_bits))
        }
    }
    #[inline(always)]
    unsafe fn store_mask(self, p: *mut u8, m: __m256) {
        let bits = unsafe { _mm256_movemask_ps(m) } as usize;
        unsafe { (p as *mut u64).write_unaligned(MASK_BYTES[bits & 255]) }
    }
    #[inline(always)]
    unsafe fn store_mask_n(self, p: *mut u8, n: usize, m: __m256) {
        let bits = unsafe { _mm256_movemask_ps(m) } as usize;
        let bytes = MASK_BYTES[bits & 255].to_le_bytes();
        unsafe { copy_elems(bytes.as_ptr(), p, n.min(8)) }
    }
    #[inline(always)]
    unsafe fn load_byte_mask<const E: usize>(self, p: *const u8) -> __m256 {
        unsafe {
            let zero = _mm256_setzero_si256();
            let false_ = match E {
                1 => _mm256_cmpeq_epi8(_mm256_loadu_si256(p as *const __m256i), zero),
                2 => {
                    let c = _mm256_cvtepu8_epi16(_mm_loadu_si128(p as *const __m128i));
                    _mm256_cmpeq_epi16(c, zero)
                }
                4 => {
                    let c = _mm256_cvtepu8_epi32(_mm_loadl_epi64(p as *const __m128i));
                    _mm256_cmpeq_epi32(c, zero)
                }
                _ => {
                    let c = (p as *const i32).read_unaligned();
                    _mm256_cmpeq_epi64(_mm256_cvtepu8_epi64(_mm_cvtsi32_si128(c)), zero)
                }
            };
            _mm256_castsi256_ps(_mm256_xor_si256(false_, _mm256_set1_epi32(-1)))
        }
    }
    #[inline(always)]
    fn bitselect(self, m: __m256, a: __m256, b: __m256) -> __m256 {
        unsafe {
            let (m, a, b) = (
                _mm256_castps_si256(m),
                _mm256_castps_si256(a),
                _mm256_castps_si256(b),
            );
            _mm256_castsi256_ps(_mm256_blendv_epi8(b, a, m))
        }
    }

    #[inline(always)]
    fn reduce_sum(self, v: __m256) -> f32 {
        halve(v, |a, b| unsafe { _mm_add_ps(a, b) })
    }
    #[inline(always)]
    fn reduce_max(self, v: __m256) -> f32 {
        halve(v, |a, b| unsafe { _mm_max_ps(a, b) })
    }
    #[inline(always)]
    fn reduce_min(self, v: __m256) -> f32 {
        halve(v, |a, b| unsafe { _mm_min_ps(a, b) })
    }
    #[inline(always)]
    fn unzip(self, a: __m256, b: __m256) -> (__m256, __m256) {
        // within each 128-bit half, then the halves' 64-bit pairs in order
        unsafe {
            let even = _mm256_shuffle_ps::<0x88>(a, b);
            let odd = _mm256_shuffle_ps::<0xdd>(a, b);
            (
                _mm256_castpd_ps(_mm256_permute4x64_pd::<0xd8>(_mm256_castps_pd(even))),
                _mm256_castpd_ps(_mm256_permute4x64_pd::<0xd8>(_mm256_castps_pd(odd))),
            )
        }
    }
    #[inline(always)]
    fn transpose(self, v: &mut [__m256; MAX_LANES]) {
        unsafe {
            let mut a = [_mm256_setzero_ps(); 8];
            for i in 0..4 {
                a[2 * i] = _mm256_unpacklo_ps(v[2 * i], v[2 * i + 1]);
                a[2 * i + 1] = _mm256_unpackhi_ps(v[2 * i], v[2 * i + 1]);
            }
            let mut b = [_mm256_setzero_ps(); 8];
            let pd = |x| _mm256_castps_pd(x);
            let ps = |x| _mm256_castpd_ps(x);
            for i in 0..2 {
                let (x0, x1, x2, x3) = (a[4 * i], a[4 * i + 1], a[4 * i + 2], a[4 * i + 3]);
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

    #[inline(always)]
    fn splat_i32(self, x: i32) -> __m256i {
        unsafe { _mm256_set1_epi32(x) }
    }
    #[inline(always)]
    unsafe fn load_i32(self, p: *const i32) -> __m256i {
        unsafe { _mm256_loadu_si256(p as *const __m256i) }
    }
    #[inline(always)]
    unsafe fn store_i32(self, p: *mut i32, v: __m256i) {
        unsafe { _mm256_storeu_si256(p as *mut __m256i, v) }
    }
    #[inline(always)]
    unsafe fn load_i32_n(self, p: *const i32, n: usize) -> __m256i {
        unsafe { _mm256_maskload_epi32(p, tail_mask(n)) }
    }
    #[inline(always)]
    unsafe fn store_i32_n(self, p: *mut i32, n: usize, v: __m256i) {
        unsafe { _mm256_maskstore_epi32(p, tail_mask(n), v) }
    }
    #[inline(always)]
    fn add_i32(self, a: __m256i, b: __m256i) -> __m256i {
        unsafe { _mm256_add_epi32(a, b) }
    }
    #[inline(always)]
    fn sub_i32(self, a: __m256i, b: __m256i) -> __m256i {
        unsafe { _mm256_sub_epi32(a, b) }
    }
    #[inline(always)]
    fn mul_i32(self, a: __m256i, b: __m256i) -> __m256i {
        unsafe { _mm256_mullo_epi32(a, b) }
    }
    #[inline(always)]
    fn min_i32(self, a: __m256i, b: __m256i) -> __m256i {
        unsafe { _mm256_min_epi32(a, b) }
    }
    #[inline(always)]
    fn max_i32(self, a: __m256i, b: __m256i) -> __m256i {
        unsafe { _mm256_max_epi32(a, b) }
    }
    #[inline(always)]
    fn and_i32(self, a: __m256i, b: __m256i) -> __m256i {
        unsafe { _mm256_and_si256(a, b) }
    }
    #[inline(always)]
    fn or_i32(self, a: __m256i, b: __m256i) -> __m256i {
        unsafe { _mm256_or_si256(a, b) }
    }
    #[inline(always)]
    fn xor_i32(self, a: __m256i, b: __m256i) -> __m256i {
        unsafe { _mm256_xor_si256(a, b) }
    }
    #[inline(always)]
    fn shl_i32<const N: i32>(self, a: __m256i) -> __m256i {
        unsafe { _mm256_slli_epi32::<N>(a) }
    }
    #[inline(always)]
    fn shr_i32<const N: i32>(self, a: __m256i) -> __m256i {
        unsafe { _mm256_srli_epi32::<N>(a) }
    }
    #[inline(always)]
    fn sra_i32<const N: i32>(self, a: __m256i) -> __m256i {
        unsafe { _mm256_srai_epi32::<N>(a) }
    }
    #[inline(always)]
    fn eq_i32(self, a: __m256i, b: __m256i) -> __m256 {
        unsafe { _mm256_castsi256_ps(_mm256_cmpeq_epi32(a, b)) }
    }
    #[inline(always)]
    fn gt_i32(self, a: __m256i, b: __m256i) -> __m256 {
        unsafe { _mm256_castsi256_ps(_mm256_cmpgt_epi32(a, b)) }
    }
    #[inline(always)]
    fn select_i32(self, m: __m256, a: __m256i, b: __m256i) -> __m256i {
        unsafe { _mm256_blendv_epi8(b, a, _mm256_castps_si256(m)) }
    }
    #[inline(always)]
    fn zip_lo_i32(self, a: __m256i, b: __m256i) -> __m256i {
        unsafe {
            let (lo, hi) = (_mm256_unpacklo_epi32(a, b), _mm256_unpackhi_epi32(a, b));
            _mm256_permute2x128_si256::<0x20>(lo, hi)
        }
    }
    #[inline(always)]
    fn zip_hi_i32(self, a: __m256i, b: __m256i) -> __m256i {
        unsafe {
            let (lo, hi) = (_mm256_unpacklo_epi32(a, b), _mm256_unpackhi_epi32(a, b));
            _mm256_permute2x128_si256::<0x31>(lo, hi)
        }
    }
    #[inline(always)]
    fn reduce_sum_i32(self, v: __m256i) -> i32 {
        unsafe {
            let h = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
            let h = _mm_add_epi32(h, _mm_shuffle_epi32::<0b01_00_11_10>(h));
            let h = _mm_add_epi32(h, _mm_shuffle_epi32::<0b10_11_00_01>(h));
            _mm_cvtsi128_si32(h)
        }
    }
    #[inline(always)]
    fn to_bits(self, a: __m256) -> __m256i {
        unsafe { _mm256_castps_si256(a) }
    }
    #[inline(always)]
    fn from_bits(self, a: __m256i) -> __m256 {
        unsafe { _mm256_castsi256_ps(a) }
    }
    #[inline(always)]
    fn from_i32(self, a: __m256i) -> __m256 {
        unsafe { _mm256_cvtepi32_ps(a) }
    }
    #[inline(always)]
    fn to_i32_round(self, a: __m256) -> __m256i {
        unsafe { _mm256_cvtps_epi32(a) }
    }
    #[inline(always)]
    fn to_i32_trunc(self, a: __m256) -> __m256i {
        unsafe { _mm256_cvttps_epi32(a) }
    }
    #[inline(always)]
    unsafe fn load_u8_as_i32(self, p: *const u8) -> __m256i {
        unsafe { _mm256_cvtepu8_epi32(_mm_loadl_epi64(p as *const __m128i)) }
    }
    #[inline(always)]
    unsafe fn load_u8_as_i32_n(self, p: *const u8, n: usize) -> __m256i {
        let mut b = [0u8; 8];
        unsafe {
            copy_elems(p, b.as_mut_ptr(), n.min(8));
            _mm256_cvtepu8_epi32(_mm_cvtsi64_si128(i64::from_le_bytes(b)))
        }
    }
    #[inline(always)]
    unsafe fn load_i8_as_i32(self, p: *const i8) -> __m256i {
        unsafe { _mm256_cvtepi8_epi32(_mm_loadl_epi64(p as *const __m128i)) }
    }
    #[inline(always)]
    unsafe fn load_i16_as_i32(self, p: *const i16) -> __m256i {
        unsafe { _mm256_cvtepi16_epi32(_mm_loadu_si128(p as *const __m128i)) }
    }
    #[inline(always)]
    unsafe fn load_u16_as_i32(self, p: *const u16) -> __m256i {
        unsafe { _mm256_cvtepu16_epi32(_mm_loadu_si128(p as *const __m128i)) }
    }
    #[inline(always)]
    unsafe fn store_i32_as_u8(self, p: *mut u8, v: __m256i) {
        unsafe {
            // keep the low bytes, then pack without saturating anything.
            let i = _mm256_and_si256(v, _mm256_set1_epi32(0xff));
            let w = _mm_packus_epi32(_mm256_castsi256_si128(i), _mm256_extracti128_si256::<1>(i));
            _mm_storel_epi64(p as *mut __m128i, _mm_packus_epi16(w, w));
        }
    }
    #[inline(always)]
    unsafe fn store_i32_as_i16(self, p: *mut i16, v: __m256i) {
        unsafe {
            let i = _mm256_and_si256(v, _mm256_set1_epi32(0xffff));
            let w = _mm_packus_epi32(_mm256_castsi256_si128(i), _mm256_extracti128_si256::<1>(i));
            _mm_storeu_si128(p as *mut __m128i, w);
        }
    }

    #[inline(always)]
    fn splat_f64(self, x: f64) -> [__m256d; 2] {
        unsafe { [_mm256_set1_pd(x); 2] }
    }
    #[inline(always)]
    unsafe fn load_f64(self, p: *const f64) -> [__m256d; 2] {
        unsafe { [_mm256_loadu_pd(p), _mm256_loadu_pd(p.add(4))] }
    }
    #[inline(always)]
    unsafe fn store_f64(self, p: *mut f64, v: [__m256d; 2]) {
        unsafe {
            _mm256_storeu_pd(p, v[0]);
            _mm256_storeu_pd(p.add(4), v[1]);
        }
    }
    #[inline(always)]
    unsafe fn load_f64_n(self, p: *const f64, n: usize) -> [__m256d; 2] {
        unsafe {
            [
                _mm256_maskload_pd(p, tail_mask64(n)),
                _mm256_maskload_pd(p.add(4), tail_mask64(n.saturating_sub(4))),
            ]
        }
    }
    #[inline(always)]
    unsafe fn store_f64_n(self, p: *mut f64, n: usize, v: [__m256d; 2]) {
        unsafe {
            _mm256_maskstore_pd(p, tail_mask64(n), v[0]);
            _mm256_maskstore_pd(p.add(4), tail_mask64(n.saturating_sub(4)), v[1]);
        }
    }
    #[inline(always)]
    fn add_f64(self, a: [__m256d; 2], b: [__m256d; 2]) -> [__m256d; 2] {
        unsafe { [_mm256_add_pd(a[0], b[0]), _mm256_add_pd(a[1], b[1])] }
    }
    #[inline(always)]
    fn sub_f64(self, a: [__m256d; 2], b: [__m256d; 2]) -> [__m256d; 2] {
        unsafe { [_mm256_sub_pd(a[0], b[0]), _mm256_sub_pd(a[1], b[1])] }
    }
    #[inline(always)]
    fn mul_f64(self, a: [__m256d; 2], b: [__m256d; 2]) -> [__m256d; 2] {
        unsafe { [_mm256_mul_pd(a[0], b[0]), _mm256_mul_pd(a[1], b[1])] }
    }
    #[inline(always)]
    fn div_f64(self, a: [__m256d; 2], b: [__m256d; 2]) -> [__m256d; 2] {
        unsafe { [_mm256_div_pd(a[0], b[0]), _mm256_div_pd(a[1], b[1])] }
    }
    #[inline(always)]
    fn sqrt_f64(self, a: [__m256d; 2]) -> [__m256d; 2] {
        unsafe { [_mm256_sqrt_pd(a[0]), _mm256_sqrt_pd(a[1])] }
    }
    #[inline(always)]
    fn mul_add_f64(self, a: [__m256d; 2], b: [__m256d; 2], c: [__m256d; 2]) -> [__m256d; 2] {
        unsafe {
            [
                _mm256_fmadd_pd(a[0], b[0], c[0]),
                _mm256_fmadd_pd(a[1], b[1], c[1]),
            ]
        }
    }
    #[inline(always)]
    fn min_f64(self, a: [__m256d; 2], b: [__m256d; 2]) -> [__m256d; 2] {
        unsafe { [_mm256_min_pd(a[0], b[0]), _mm256_min_pd(a[1], b[1])] }
    }
    #[inline(always)]
    fn max_f64(self, a: [__m256d; 2], b: [__m256d; 2]) -> [__m256d; 2] {
        unsafe { [_mm256_max_pd(a[0], b[0]), _mm256_max_pd(a[1], b[1])] }
    }
    #[inline(always)]
    fn lt_f64(self, a: [__m256d; 2], b: [__m256d; 2]) -> [__m256d; 2] {
        unsafe {
            [
                _mm256_cmp_pd::<_CMP_LT_OQ>(a[0], b[0]),
                _mm256_cmp_pd::<_CMP_LT_OQ>(a[1], b[1]),
            ]
        }
    }
    #[inline(always)]
    fn le_f64(self, a: [__m256d; 2], b: [__m256d; 2]) -> [__m256d; 2] {
        unsafe {
            [
                _mm256_cmp_pd::<_CMP_LE_OQ>(a[0], b[0]),
                _mm256_cmp_pd::<_CMP_LE_OQ>(a[1], b[1]),
            ]
        }
    }
    #[inline(always)]
    fn eq_f64(self, a: [__m256d; 2], b: [__m256d; 2]) -> [__m256d; 2] {
        unsafe {
            [
                _mm256_cmp_pd::<_CMP_EQ_OQ>(a[0], b[0]),
                _mm256_cmp_pd::<_CMP_EQ_OQ>(a[1], b[1]),
            ]
        }
    }
    #[inline(always)]
    fn select_f64(self, m: [__m256d; 2], a: [__m256d; 2], b: [__m256d; 2]) -> [__m256d; 2] {
        unsafe {
            [
                _mm256_blendv_pd(b[0], a[0], m[0]),
                _mm256_blendv_pd(b[1], a[1], m[1]),
            ]
        }
    }
    #[inline(always)]
    fn reduce_sum_f64(self, v: [__m256d; 2]) -> f64 {
        unsafe {
            let s = _mm256_add_pd(v[0], v[1]);
            let h = _mm_add_pd(_mm256_castpd256_pd128(s), _mm256_extractf128_pd::<1>(s));
            _mm_cvtsd_f64(_mm_add_sd(h, _mm_unpackhi_pd(h, h)))
        }
    }
    #[inline(always)]
    fn f32_to_f64(self, a: __m256) -> [__m256d; 2] {
        unsafe {
            [
                _mm256_cvtps_pd(_mm256_castps256_ps128(a)),
                _mm256_cvtps_pd(_mm256_extractf128_ps::<1>(a)),
            ]
        }
    }
    #[inline(always)]
    fn f64_to_f32(self, a: [__m256d; 2]) -> __m256 {
        unsafe { _mm256_set_m128(_mm256_cvtpd_ps(a[1]), _mm256_cvtpd_ps(a[0])) }
    }

    #[inline(always)]
    fn unary(self, f: UnaryFn, x: __m256) -> __m256 {
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
#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn math_run_f32(f: UnaryFn, src: *const f32, dst: *mut f32, n: usize) {
    // SAFETY: forwarded from the caller.
    unsafe { crate::math::run_f32(Avx2::assume(), f, src, dst, n) }
}

/// [`math_run_f32`] on Half values (as bits), converted in registers.
///
/// # Safety
/// As [`math_run_f32`].
#[inline(never)]
#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn math_run_f16(f: UnaryFn, src: *const u16, dst: *mut u16, n: usize) {
    // SAFETY: forwarded from the caller.
    unsafe { crate::math::run_f16(Avx2::assume(), f, src, dst, n) }
}
