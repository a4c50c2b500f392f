//! The few vector operations the GEMM is written in, per ISA level.
//!
//! Everything is `#[inline(always)]` and `unsafe`: the functions are only called from inside a
//! `#[target_feature]` function of the matching level (see `kernel.rs` and `pack.rs`), where
//! the intrinsics inline. Half and bfloat16 values are loaded and stored through `u16`
//! pointers, converted with round-to-nearest-even (NaN stays NaN).

#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::*;

/// A vector of `LANES` f32 and the operations on it. `M` is a mask selecting the first `n`
/// lanes.
pub(crate) trait Simd: Copy + 'static {
    const LANES: usize;
    type V: Copy;
    type M: Copy;
    unsafe fn zero() -> Self::V;
    unsafe fn splat(x: f32) -> Self::V;
    unsafe fn load(p: *const f32) -> Self::V;
    unsafe fn store(p: *mut f32, v: Self::V);
    unsafe fn mask(n: usize) -> Self::M;
    /// Lanes beyond the mask read as zero and are not touched in memory.
    unsafe fn load_m(p: *const f32, m: Self::M) -> Self::V;
    unsafe fn store_m(p: *mut f32, v: Self::V, m: Self::M);
    unsafe fn load_f16_m(p: *const u16, m: Self::M) -> Self::V;
    unsafe fn store_f16_m(p: *mut u16, v: Self::V, m: Self::M);
    unsafe fn load_bf16_m(p: *const u16, m: Self::M) -> Self::V;
    unsafe fn store_bf16_m(p: *mut u16, v: Self::V, m: Self::M);
    /// `a * b + c`
    unsafe fn fma(a: Self::V, b: Self::V, c: Self::V) -> Self::V;
    unsafe fn add(a: Self::V, b: Self::V) -> Self::V;
    unsafe fn mul(a: Self::V, b: Self::V) -> Self::V;
    /// `max(a, b)`, returning `b` when either is NaN (x86 semantics).
    unsafe fn max(a: Self::V, b: Self::V) -> Self::V;
    /// `min(a, b)`, returning `b` when either is NaN.
    unsafe fn min(a: Self::V, b: Self::V) -> Self::V;
    /// Stores the lanes into `out[..LANES]`.
    unsafe fn to_array(v: Self::V, out: *mut f32);
    /// The sum of the lanes.
    unsafe fn reduce_add(v: Self::V) -> f32;
}

/// `f32 -> bf16` bits with round-to-nearest-even; NaN becomes a quiet NaN (as `half`).
#[inline(always)]
pub(crate) fn f32_to_bf16_bits(x: f32) -> u16 {
    let b = x.to_bits();
    if x.is_nan() {
        return ((b >> 16) | 0x40) as u16;
    }
    ((b + 0x7fff + ((b >> 16) & 1)) >> 16) as u16
}

/// Portable code over 8-lane arrays (the compiler may vectorize it with the baseline ISA).
#[derive(Clone, Copy)]
pub(crate) struct Scalar;

const SL: usize = 8;

impl Simd for Scalar {
    const LANES: usize = SL;
    type V = [f32; SL];
    type M = usize;
    #[inline(always)]
    unsafe fn zero() -> Self::V {
        [0.0; SL]
    }
    #[inline(always)]
    unsafe fn splat(x: f32) -> Self::V {
        [x; SL]
    }
    #[inline(always)]
    unsafe fn load(p: *const f32) -> Self::V {
        unsafe { (p as *const [f32; SL]).read_unaligned() }
    }
    #[inline(always)]
    unsafe fn store(p: *mut f32, v: Self::V) {
        unsafe { (p as *mut [f32; SL]).write_unaligned(v) }
    }
    #[inline(always)]
    unsafe fn mask(n: usize) -> usize {
        n.min(SL)
    }
    #[inline(always)]
    unsafe fn load_m(p: *const f32, m: usize) -> Self::V {
        let mut v = [0.0; SL];
        for (i, x) in v.iter_mut().enumerate().take(m) {
            *x = unsafe { *p.add(i) };
        }
        v
    }
    #[inline(always)]
    unsafe fn store_m(p: *mut f32, v: Self::V, m: usize) {
        for (i, &x) in v.iter().enumerate().take(m) {
            unsafe { *p.add(i) = x };
        }
    }
    #[inline(always)]
    unsafe fn load_f16_m(p: *const u16, m: usize) -> Self::V {
        let mut v = [0.0; SL];
        for (i, x) in v.iter_mut().enumerate().take(m) {
            *x = half::f16::from_bits(unsafe { *p.add(i) }).to_f32();
        }
        v
    }
    #[inline(always)]
    unsafe fn store_f16_m(p: *mut u16, v: Self::V, m: usize) {
        for (i, &x) in v.iter().enumerate().take(m) {
            unsafe { *p.add(i) = half::f16::from_f32(x).to_bits() };
        }
    }
    #[inline(always)]
    unsafe fn load_bf16_m(p: *const u16, m: usize) -> Self::V {
        let mut v = [0.0; SL];
        for (i, x) in v.iter_mut().enumerate().take(m) {
            *x = f32::from_bits((unsafe { *p.add(i) } as u32) << 16);
        }
        v
    }
    #[inline(always)]
    unsafe fn store_bf16_m(p: *mut u16, v: Self::V, m: usize) {
        for (i, &x) in v.iter().enumerate().take(m) {
            unsafe { *p.add(i) = f32_to_bf16_bits(x) };
        }
    }
    #[inline(always)]
    unsafe fn fma(a: Self::V, b: Self::V, c: Self::V) -> Self::V {
        // mul + add (not fused): portable and fast without an FMA unit.
        core::array::from_fn(|i| a[i] * b[i] + c[i])
    }
    #[inline(always)]
    unsafe fn add(a: Self::V, b: Self::V) -> Self::V {
        core::array::from_fn(|i| a[i] + b[i])
    }
    #[inline(always)]
    unsafe fn mul(a: Self::V, b: Self::V) -> Self::V {
        core::array::from_fn(|i| a[i] * b[i])
    }
    #[inline(always)]
    unsafe fn max(a: Self::V, b: Self::V) -> Self::V {
        core::array::from_fn(|i| if a[i] > b[i] { a[i] } else { b[i] })
    }
    #[inline(always)]
    unsafe fn min(a: Self::V, b: Self::V) -> Self::V {
        core::array::from_fn(|i| if a[i] < b[i] { a[i] } else { b[i] })
    }
    #[inline(always)]
    unsafe fn to_array(v: Self::V, out: *mut f32) {
        unsafe { Self::store(out, v) }
    }
    #[inline(always)]
    unsafe fn reduce_add(v: Self::V) -> f32 {
        let h: [f32; 4] = core::array::from_fn(|i| v[i] + v[i + 4]);
        (h[0] + h[2]) + (h[1] + h[3])
    }
}

/// AVX2 + FMA + F16C: 8 lanes.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
pub(crate) struct Avx2;

#[cfg(target_arch = "x86_64")]
static MASK8: [i32; 16] = [-1, -1, -1, -1, -1, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0];

#[cfg(target_arch = "x86_64")]
impl Avx2 {
    /// bf16 rounding of 8 lanes to the low 16 bits of 32-bit lanes.
    #[inline(always)]
    unsafe fn bf16_bits(v: __m256) -> __m256i {
        unsafe {
            let b = _mm256_castps_si256(v);
            let lsb = _mm256_and_si256(_mm256_srli_epi32::<16>(b), _mm256_set1_epi32(1));
            let r = _mm256_add_epi32(_mm256_add_epi32(b, _mm256_set1_epi32(0x7fff)), lsb);
            let r = _mm256_srli_epi32::<16>(r);
            let nan = _mm256_castps_si256(_mm256_cmp_ps::<_CMP_UNORD_Q>(v, v));
            let q = _mm256_or_si256(_mm256_srli_epi32::<16>(b), _mm256_set1_epi32(0x40));
            _mm256_blendv_epi8(r, q, nan)
        }
    }
}

#[cfg(target_arch = "x86_64")]
impl Simd for Avx2 {
    const LANES: usize = 8;
    type V = __m256;
    type M = usize;
    #[inline(always)]
    unsafe fn zero() -> __m256 {
        unsafe { _mm256_setzero_ps() }
    }
    #[inline(always)]
    unsafe fn splat(x: f32) -> __m256 {
        unsafe { _mm256_set1_ps(x) }
    }
    #[inline(always)]
    unsafe fn load(p: *const f32) -> __m256 {
        unsafe { _mm256_loadu_ps(p) }
    }
    #[inline(always)]
    unsafe fn store(p: *mut f32, v: __m256) {
        unsafe { _mm256_storeu_ps(p, v) }
    }
    #[inline(always)]
    unsafe fn mask(n: usize) -> usize {
        n.min(8)
    }
    #[inline(always)]
    unsafe fn load_m(p: *const f32, m: usize) -> __m256 {
        unsafe {
            if m >= 8 {
                return _mm256_loadu_ps(p);
            }
            let mk = _mm256_loadu_si256(MASK8.as_ptr().add(8 - m) as *const __m256i);
            _mm256_maskload_ps(p, mk)
        }
    }
    #[inline(always)]
    unsafe fn store_m(p: *mut f32, v: __m256, m: usize) {
        unsafe {
            if m >= 8 {
                return _mm256_storeu_ps(p, v);
            }
            let mk = _mm256_loadu_si256(MASK8.as_ptr().add(8 - m) as *const __m256i);
            _mm256_maskstore_ps(p, mk, v)
        }
    }
    #[inline(always)]
    unsafe fn load_f16_m(p: *const u16, m: usize) -> __m256 {
        unsafe {
            let mut buf = [0u16; 8];
            if m >= 8 {
                return _mm256_cvtph_ps(_mm_loadu_si128(p as *const __m128i));
            }
            core::ptr::copy_nonoverlapping(p, buf.as_mut_ptr(), m);
            _mm256_cvtph_ps(_mm_loadu_si128(buf.as_ptr() as *const __m128i))
        }
    }
    #[inline(always)]
    unsafe fn store_f16_m(p: *mut u16, v: __m256, m: usize) {
        unsafe {
            let h = _mm256_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>(v);
            if m >= 8 {
                return _mm_storeu_si128(p as *mut __m128i, h);
            }
            let mut buf = [0u16; 8];
            _mm_storeu_si128(buf.as_mut_ptr() as *mut __m128i, h);
            core::ptr::copy_nonoverlapping(buf.as_ptr(), p, m);
        }
    }
    #[inline(always)]
    unsafe fn load_bf16_m(p: *const u16, m: usize) -> __m256 {
        unsafe {
            let raw = if m >= 8 {
                _mm_loadu_si128(p as *const __m128i)
            } else {
                let mut buf = [0u16; 8];
                core::ptr::copy_nonoverlapping(p, buf.as_mut_ptr(), m);
                _mm_loadu_si128(buf.as_ptr() as *const __m128i)
            };
            _mm256_castsi256_ps(_mm256_slli_epi32::<16>(_mm256_cvtepu16_epi32(raw)))
        }
    }
    #[inline(always)]
    unsafe fn store_bf16_m(p: *mut u16, v: __m256, m: usize) {
        unsafe {
            let r = Self::bf16_bits(v);
            // pack the low halves of the 32-bit lanes: 0..4 | 4..8
            let lo = _mm256_castsi256_si128(r);
            let hi = _mm256_extracti128_si256::<1>(r);
            let h = _mm_packus_epi32(lo, hi);
            if m >= 8 {
                return _mm_storeu_si128(p as *mut __m128i, h);
            }
            let mut buf = [0u16; 8];
            _mm_storeu_si128(buf.as_mut_ptr() as *mut __m128i, h);
            core::ptr::copy_nonoverlapping(buf.as_ptr(), p, m);
        }
    }
    #[inline(always)]
    unsafe fn fma(a: __m256, b: __m256, c: __m256) -> __m256 {
        unsafe { _mm256_fmadd_ps(a, b, c) }
    }
    #[inline(always)]
    unsafe fn add(a: __m256, b: __m256) -> __m256 {
        unsafe { _mm256_add_ps(a, b) }
    }
    #[inline(always)]
    unsafe fn mul(a: __m256, b: __m256) -> __m256 {
        unsafe { _mm256_mul_ps(a, b) }
    }
    #[inline(always)]
    unsafe fn max(a: __m256, b: __m256) -> __m256 {
        unsafe { _mm256_max_ps(a, b) }
    }
    #[inline(always)]
    unsafe fn min(a: __m256, b: __m256) -> __m256 {
        unsafe { _mm256_min_ps(a, b) }
    }
    #[inline(always)]
    unsafe fn to_array(v: __m256, out: *mut f32) {
        unsafe { _mm256_storeu_ps(out, v) }
    }
    #[inline(always)]
    unsafe fn reduce_add(v: __m256) -> f32 {
        unsafe {
            let h = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps::<1>(v));
            let h = _mm_add_ps(h, _mm_movehl_ps(h, h));
            let h = _mm_add_ss(h, _mm_movehdup_ps(h));
            _mm_cvtss_f32(h)
        }
    }
}

/// AVX-512 F/BW/VL/DQ: 16 lanes.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
pub(crate) struct Avx512;

#[cfg(target_arch = "x86_64")]
impl Simd for Avx512 {
    const LANES: usize = 16;
    type V = __m512;
    type M = __mmask16;
    #[inline(always)]
    unsafe fn zero() -> __m512 {
        unsafe { _mm512_setzero_ps() }
    }
    #[inline(always)]
    unsafe fn splat(x: f32) -> __m512 {
        unsafe { _mm512_set1_ps(x) }
    }
    #[inline(always)]
    unsafe fn load(p: *const f32) -> __m512 {
        unsafe { _mm512_loadu_ps(p) }
    }
    #[inline(always)]
    unsafe fn store(p: *mut f32, v: __m512) {
        unsafe { _mm512_storeu_ps(p, v) }
    }
    #[inline(always)]
    unsafe fn mask(n: usize) -> __mmask16 {
        if n >= 16 {
            0xffff
        } else {
            ((1u32 << n) - 1) as __mmask16
        }
    }
    #[inline(always)]
    unsafe fn load_m(p: *const f32, m: __mmask16) -> __m512 {
        unsafe { _mm512_maskz_loadu_ps(m, p) }
    }
    #[inline(always)]
    unsafe fn store_m(p: *mut f32, v: __m512, m: __mmask16) {
        unsafe { _mm512_mask_storeu_ps(p, m, v) }
    }
    #[inline(always)]
    unsafe fn load_f16_m(p: *const u16, m: __mmask16) -> __m512 {
        unsafe { _mm512_cvtph_ps(_mm256_maskz_loadu_epi16(m, p as *const i16)) }
    }
    #[inline(always)]
    unsafe fn store_f16_m(p: *mut u16, v: __m512, m: __mmask16) {
        unsafe {
            let h = _mm512_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>(v);
            _mm256_mask_storeu_epi16(p as *mut i16, m, h)
        }
    }
    #[inline(always)]
    unsafe fn load_bf16_m(p: *const u16, m: __mmask16) -> __m512 {
        unsafe {
            let raw = _mm256_maskz_loadu_epi16(m, p as *const i16);
            _mm512_castsi512_ps(_mm512_slli_epi32::<16>(_mm512_cvtepu16_epi32(raw)))
        }
    }
    #[inline(always)]
    unsafe fn store_bf16_m(p: *mut u16, v: __m512, m: __mmask16) {
        unsafe {
            let b = _mm512_castps_si512(v);
            let lsb = _mm512_and_si512(_mm512_srli_epi32::<16>(b), _mm512_set1_epi32(1));
            let r = _mm512_add_epi32(_mm512_add_epi32(b, _mm512_set1_epi32(0x7fff)), lsb);
            let r = _mm512_srli_epi32::<16>(r);
            let nan = _mm512_cmp_ps_mask::<_CMP_UNORD_Q>(v, v);
            let q = _mm512_or_si512(_mm512_srli_epi32::<16>(b), _mm512_set1_epi32(0x40));
            let r = _mm512_mask_blend_epi32(nan, r, q);
            _mm256_mask_storeu_epi16(p as *mut i16, m, _mm512_cvtepi32_epi16(r))
        }
    }
    #[inline(always)]
    unsafe fn fma(a: __m512, b: __m512, c: __m512) -> __m512 {
        unsafe { _mm512_fmadd_ps(a, b, c) }
    }
    #[inline(always)]
    unsafe fn add(a: __m512, b: __m512) -> __m512 {
        unsafe { _mm512_add_ps(a, b) }
    }
    #[inline(always)]
    unsafe fn mul(a: __m512, b: __m512) -> __m512 {
        unsafe { _mm512_mul_ps(a, b) }
    }
    #[inline(always)]
    unsafe fn max(a: __m512, b: __m512) -> __m512 {
        unsafe { _mm512_max_ps(a, b) }
    }
    #[inline(always)]
    unsafe fn min(a: __m512, b: __m512) -> __m512 {
        unsafe { _mm512_min_ps(a, b) }
    }
    #[inline(always)]
    unsafe fn to_array(v: __m512, out: *mut f32) {
        unsafe { _mm512_storeu_ps(out, v) }
    }
    #[inline(always)]
    unsafe fn reduce_add(v: __m512) -> f32 {
        unsafe { _mm512_reduce_add_ps(v) }
    }
}
