//! Bulk conversion between `f32` and the 16-bit floats `half::f16` / `half::bf16`.
//!
//! Results are bit-identical to `half`'s own conversions for every input: f32 → f16 and
//! f32 → bf16 round to nearest, ties to even, overflow to infinity, keep the sign of zero,
//! and turn a NaN into a quiet NaN that keeps the high payload bits; f16/bf16 → f32 is exact
//! (a NaN gets its quiet bit set, as `half` does).
//!
//! Paths: F16C on AVX2; `vcvtph2ps`/`vcvtps2ph` on 512-bit registers with masked tails on
//! AVX-512; `vcvtneps2bf16` where AVX512-BF16 is present (with a fix-up for subnormal inputs,
//! which that instruction flushes to zero); integer rounding elsewhere. Each function converts
//! `min(src.len(), dst.len())` elements.
//!
//! ```
//! use etk_simd::{convert, isa};
//! use half::{bf16, f16};
//! let x = [1.0f32, -2.5, 65504.0, 1e-8];
//! let mut h = [f16::ZERO; 4];
//! convert::f32_to_f16(isa(), &x, &mut h);
//! assert_eq!(h[2], f16::MAX);
//! let mut b = [bf16::ZERO; 4];
//! convert::f32_to_bf16(isa(), &x, &mut b);
//! let mut back = [0f32; 4];
//! convert::bf16_to_f32(isa(), &b, &mut back);
//! assert_eq!(back[1], -2.5);
//! ```

use half::{bf16, f16};

use crate::detect::Isa;

/// `f16` → `f32` (exact).
pub fn f16_to_f32(isa: Isa, src: &[f16], dst: &mut [f32]) {
    let n = src.len().min(dst.len());
    let (src, dst) = (&src[..n], &mut dst[..n]);
    match isa.clamp_to_detected() {
        // SAFETY: the level was detected; both slices hold n elements.
        #[cfg(target_arch = "x86_64")]
        Isa::Avx512 => unsafe { x86::f16_to_f32_avx512(src, dst) },
        // SAFETY: as above.
        #[cfg(target_arch = "x86_64")]
        Isa::Avx2 => unsafe { x86::f16_to_f32_f16c(src, dst) },
        _ => scalar_f16_to_f32(src, dst),
    }
}

/// `f32` → `f16`, rounding to nearest even.
pub fn f32_to_f16(isa: Isa, src: &[f32], dst: &mut [f16]) {
    let n = src.len().min(dst.len());
    let (src, dst) = (&src[..n], &mut dst[..n]);
    match isa.clamp_to_detected() {
        // SAFETY: the level was detected; both slices hold n elements.
        #[cfg(target_arch = "x86_64")]
        Isa::Avx512 => unsafe { x86::f32_to_f16_avx512(src, dst) },
        // SAFETY: as above.
        #[cfg(target_arch = "x86_64")]
        Isa::Avx2 => unsafe { x86::f32_to_f16_f16c(src, dst) },
        _ => scalar_f32_to_f16(src, dst),
    }
}

/// `bf16` → `f32` (exact).
pub fn bf16_to_f32(isa: Isa, src: &[bf16], dst: &mut [f32]) {
    let n = src.len().min(dst.len());
    let (src, dst) = (&src[..n], &mut dst[..n]);
    match isa.clamp_to_detected() {
        // SAFETY: the level was detected; both slices hold n elements.
        #[cfg(target_arch = "x86_64")]
        Isa::Avx512 => unsafe { x86::bf16_to_f32_avx512(src, dst) },
        // SAFETY: as above.
        #[cfg(target_arch = "x86_64")]
        Isa::Avx2 => unsafe { x86::bf16_to_f32_avx2(src, dst) },
        _ => scalar_bf16_to_f32(src, dst),
    }
}

/// `f32` → `bf16`, rounding to nearest even.
pub fn f32_to_bf16(isa: Isa, src: &[f32], dst: &mut [bf16]) {
    let n = src.len().min(dst.len());
    let (src, dst) = (&src[..n], &mut dst[..n]);
    match isa.clamp_to_detected() {
        // SAFETY: the level (and AVX512-BF16 for the first arm) was detected; both slices
        // hold n elements.
        #[cfg(target_arch = "x86_64")]
        Isa::Avx512 if crate::cpu_features().avx512_bf16 => unsafe {
            x86::f32_to_bf16_avx512bf16(src, dst)
        },
        // SAFETY: as above.
        #[cfg(target_arch = "x86_64")]
        Isa::Avx512 => unsafe { x86::f32_to_bf16_avx512(src, dst) },
        // SAFETY: as above.
        #[cfg(target_arch = "x86_64")]
        Isa::Avx2 => unsafe { x86::f32_to_bf16_avx2(src, dst) },
        _ => scalar_f32_to_bf16(src, dst),
    }
}

fn scalar_f16_to_f32(src: &[f16], dst: &mut [f32]) {
    for (d, s) in dst.iter_mut().zip(src) {
        *d = s.to_f32();
    }
}

fn scalar_f32_to_f16(src: &[f32], dst: &mut [f16]) {
    for (d, &s) in dst.iter_mut().zip(src) {
        *d = f16::from_f32(s);
    }
}

fn scalar_bf16_to_f32(src: &[bf16], dst: &mut [f32]) {
    for (d, s) in dst.iter_mut().zip(src) {
        *d = s.to_f32();
    }
}

fn scalar_f32_to_bf16(src: &[f32], dst: &mut [bf16]) {
    for (d, &s) in dst.iter_mut().zip(src) {
        *d = bf16::from_f32(s);
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    //! The x86-64 kernels. Every function requires `src.len() == dst.len()` and the CPU
    //! features named in its `#[target_feature]`.

    use core::arch::x86_64::*;
    use half::{bf16, f16};

    /// `_MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC`.
    const NEAREST: i32 = 0x08;

    #[inline(always)]
    fn tail_mask(rem: usize) -> __mmask16 {
        ((1u32 << rem) - 1) as __mmask16
    }

    #[target_feature(enable = "avx2,fma,f16c")]
    pub(super) unsafe fn f16_to_f32_f16c(src: &[f16], dst: &mut [f32]) {
        let n = src.len();
        let (s, d) = (src.as_ptr() as *const u16, dst.as_mut_ptr());
        let mut i = 0;
        // SAFETY: every access is below n.
        unsafe {
            while i + 8 <= n {
                let h = _mm_loadu_si128(s.add(i) as *const __m128i);
                _mm256_storeu_ps(d.add(i), _mm256_cvtph_ps(h));
                i += 8;
            }
        }
        super::scalar_f16_to_f32(&src[i..], &mut dst[i..]);
    }

    #[target_feature(enable = "avx2,fma,f16c")]
    pub(super) unsafe fn f32_to_f16_f16c(src: &[f32], dst: &mut [f16]) {
        let n = src.len();
        let (s, d) = (src.as_ptr(), dst.as_mut_ptr() as *mut u16);
        let mut i = 0;
        // SAFETY: every access is below n.
        unsafe {
            while i + 8 <= n {
                let h = _mm256_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>(_mm256_loadu_ps(s.add(i)));
                _mm_storeu_si128(d.add(i) as *mut __m128i, h);
                i += 8;
            }
        }
        super::scalar_f32_to_f16(&src[i..], &mut dst[i..]);
    }

    /// bf16 bits (zero-extended to 32) to f32 bits, quieting NaNs as `half` does.
    #[inline(always)]
    unsafe fn widen_bf16_avx2(h: __m256i) -> __m256i {
        unsafe {
            let b = _mm256_slli_epi32::<16>(h);
            let abs = _mm256_and_si256(b, _mm256_set1_epi32(0x7fff_ffff));
            let nan = _mm256_cmpgt_epi32(abs, _mm256_set1_epi32(0x7f80_0000));
            _mm256_or_si256(b, _mm256_and_si256(nan, _mm256_set1_epi32(0x0040_0000)))
        }
    }

    #[target_feature(enable = "avx2,fma,f16c")]
    pub(super) unsafe fn bf16_to_f32_avx2(src: &[bf16], dst: &mut [f32]) {
        let n = src.len();
        let (s, d) = (src.as_ptr() as *const u16, dst.as_mut_ptr() as *mut __m256i);
        let mut i = 0;
        // SAFETY: every access is below n.
        unsafe {
            while i + 8 <= n {
                let h = _mm256_cvtepu16_epi32(_mm_loadu_si128(s.add(i) as *const __m128i));
                _mm256_storeu_si256(d.add(i / 8), widen_bf16_avx2(h));
                i += 8;
            }
        }
        super::scalar_bf16_to_f32(&src[i..], &mut dst[i..]);
    }

    /// f32 bits to bf16 bits (in the low half of each lane): round to nearest even, quiet NaN.
    #[inline(always)]
    unsafe fn narrow_bf16_avx2(b: __m256i) -> __m256i {
        unsafe {
            let lsb = _mm256_and_si256(_mm256_srli_epi32::<16>(b), _mm256_set1_epi32(1));
            let bias = _mm256_add_epi32(lsb, _mm256_set1_epi32(0x7fff));
            let rounded = _mm256_srli_epi32::<16>(_mm256_add_epi32(b, bias));
            let quiet = _mm256_or_si256(_mm256_srli_epi32::<16>(b), _mm256_set1_epi32(0x40));
            let abs = _mm256_and_si256(b, _mm256_set1_epi32(0x7fff_ffff));
            let nan = _mm256_cmpgt_epi32(abs, _mm256_set1_epi32(0x7f80_0000));
            _mm256_blendv_epi8(rounded, quiet, nan)
        }
    }

    #[target_feature(enable = "avx2,fma,f16c")]
    pub(super) unsafe fn f32_to_bf16_avx2(src: &[f32], dst: &mut [bf16]) {
        let n = src.len();
        let (s, d) = (
            src.as_ptr() as *const __m256i,
            dst.as_mut_ptr() as *mut __m256i,
        );
        let mut i = 0;
        // SAFETY: every access is below n.
        unsafe {
            while i + 16 <= n {
                let a = narrow_bf16_avx2(_mm256_loadu_si256(s.add(i / 8)));
                let b = narrow_bf16_avx2(_mm256_loadu_si256(s.add(i / 8 + 1)));
                // packus interleaves 128-bit halves: a0-3 b0-3 a4-7 b4-7; restore the order.
                let p = _mm256_permute4x64_epi64::<0b11_01_10_00>(_mm256_packus_epi32(a, b));
                _mm256_storeu_si256(d.add(i / 16), p);
                i += 16;
            }
        }
        super::scalar_f32_to_bf16(&src[i..], &mut dst[i..]);
    }

    #[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vl,avx2,fma,f16c")]
    pub(super) unsafe fn f16_to_f32_avx512(src: &[f16], dst: &mut [f32]) {
        let n = src.len();
        let (s, d) = (src.as_ptr() as *const u16, dst.as_mut_ptr());
        let mut i = 0;
        // SAFETY: full vectors stay below n; the tail is masked to the remaining elements.
        unsafe {
            while i + 16 <= n {
                let h = _mm256_loadu_si256(s.add(i) as *const __m256i);
                _mm512_storeu_ps(d.add(i), _mm512_cvtph_ps(h));
                i += 16;
            }
            if i < n {
                let m = tail_mask(n - i);
                let h = _mm256_maskz_loadu_epi16(m, s.add(i) as *const i16);
                _mm512_mask_storeu_ps(d.add(i), m, _mm512_cvtph_ps(h));
            }
        }
    }

    #[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vl,avx2,fma,f16c")]
    pub(super) unsafe fn f32_to_f16_avx512(src: &[f32], dst: &mut [f16]) {
        let n = src.len();
        let (s, d) = (src.as_ptr(), dst.as_mut_ptr() as *mut u16);
        let mut i = 0;
        // SAFETY: full vectors stay below n; the tail is masked to the remaining elements.
        unsafe {
            while i + 16 <= n {
                let h = _mm512_cvtps_ph::<NEAREST>(_mm512_loadu_ps(s.add(i)));
                _mm256_storeu_si256(d.add(i) as *mut __m256i, h);
                i += 16;
            }
            if i < n {
                let m = tail_mask(n - i);
                let h = _mm512_cvtps_ph::<NEAREST>(_mm512_maskz_loadu_ps(m, s.add(i)));
                _mm256_mask_storeu_epi16(d.add(i) as *mut i16, m, h);
            }
        }
    }

    #[inline(always)]
    unsafe fn widen_bf16_avx512(h: __m256i) -> __m512i {
        unsafe {
            let b = _mm512_slli_epi32::<16>(_mm512_cvtepu16_epi32(h));
            let abs = _mm512_and_si512(b, _mm512_set1_epi32(0x7fff_ffff));
            let nan = _mm512_cmpgt_epi32_mask(abs, _mm512_set1_epi32(0x7f80_0000));
            _mm512_mask_or_epi32(b, nan, b, _mm512_set1_epi32(0x0040_0000))
        }
    }

    #[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vl,avx2,fma,f16c")]
    pub(super) unsafe fn bf16_to_f32_avx512(src: &[bf16], dst: &mut [f32]) {
        let n = src.len();
        let (s, d) = (src.as_ptr() as *const u16, dst.as_mut_ptr() as *mut i32);
        let mut i = 0;
        // SAFETY: full vectors stay below n; the tail is masked to the remaining elements.
        unsafe {
            while i + 16 <= n {
                let h = _mm256_loadu_si256(s.add(i) as *const __m256i);
                _mm512_storeu_si512(d.add(i) as *mut __m512i, widen_bf16_avx512(h));
                i += 16;
            }
            if i < n {
                let m = tail_mask(n - i);
                let h = _mm256_maskz_loadu_epi16(m, s.add(i) as *const i16);
                _mm512_mask_storeu_epi32(d.add(i), m, widen_bf16_avx512(h));
            }
        }
    }

    /// f32 bits to bf16 bits by integer rounding (nearest even), NaN quieted.
    #[inline(always)]
    unsafe fn narrow_bf16_avx512(b: __m512i) -> __m256i {
        unsafe {
            let hi = _mm512_srli_epi32::<16>(b);
            let lsb = _mm512_and_si512(hi, _mm512_set1_epi32(1));
            let bias = _mm512_add_epi32(lsb, _mm512_set1_epi32(0x7fff));
            let rounded = _mm512_srli_epi32::<16>(_mm512_add_epi32(b, bias));
            let abs = _mm512_and_si512(b, _mm512_set1_epi32(0x7fff_ffff));
            let nan = _mm512_cmpgt_epi32_mask(abs, _mm512_set1_epi32(0x7f80_0000));
            let r = _mm512_mask_or_epi32(rounded, nan, hi, _mm512_set1_epi32(0x40));
            _mm512_cvtepi32_epi16(r)
        }
    }

    #[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vl,avx2,fma,f16c")]
    pub(super) unsafe fn f32_to_bf16_avx512(src: &[f32], dst: &mut [bf16]) {
        let n = src.len();
        let (s, d) = (src.as_ptr() as *const i32, dst.as_mut_ptr() as *mut u16);
        let mut i = 0;
        // SAFETY: full vectors stay below n; the tail is masked to the remaining elements.
        unsafe {
            while i + 16 <= n {
                let b = _mm512_loadu_si512(s.add(i) as *const __m512i);
                _mm256_storeu_si256(d.add(i) as *mut __m256i, narrow_bf16_avx512(b));
                i += 16;
            }
            if i < n {
                let m = tail_mask(n - i);
                let b = _mm512_maskz_loadu_epi32(m, s.add(i));
                _mm256_mask_storeu_epi16(d.add(i) as *mut i16, m, narrow_bf16_avx512(b));
            }
        }
    }

    /// `vcvtneps2bf16` (rounds to nearest even and quiets NaNs like `half`, but flushes
    /// subnormal inputs to zero: those lanes are redone by integer rounding).
    #[inline(always)]
    unsafe fn narrow_bf16_ne(b: __m512i) -> __m256i {
        unsafe {
            let r: __m256i = core::mem::transmute(_mm512_cvtneps_pbh(_mm512_castsi512_ps(b)));
            let zero_exp = _mm512_testn_epi32_mask(b, _mm512_set1_epi32(0x7f80_0000));
            let sub = zero_exp & _mm512_test_epi32_mask(b, _mm512_set1_epi32(0x007f_ffff));
            if sub == 0 {
                r
            } else {
                _mm256_mask_mov_epi16(r, sub, narrow_bf16_avx512(b))
            }
        }
    }

    #[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vl,avx512bf16,avx2,fma,f16c")]
    pub(super) unsafe fn f32_to_bf16_avx512bf16(src: &[f32], dst: &mut [bf16]) {
        let n = src.len();
        let (s, d) = (src.as_ptr() as *const i32, dst.as_mut_ptr() as *mut u16);
        let mut i = 0;
        // SAFETY: full vectors stay below n; the tail is masked to the remaining elements.
        unsafe {
            while i + 16 <= n {
                let b = _mm512_loadu_si512(s.add(i) as *const __m512i);
                _mm256_storeu_si256(d.add(i) as *mut __m256i, narrow_bf16_ne(b));
                i += 16;
            }
            if i < n {
                let m = tail_mask(n - i);
                let b = _mm512_maskz_loadu_epi32(m, s.add(i));
                _mm256_mask_storeu_epi16(d.add(i) as *mut i16, m, narrow_bf16_ne(b));
            }
        }
    }
}
