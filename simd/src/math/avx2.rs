//! The math's AVX2 level: register table lookups (one `vpermps` per 8 entries) and the slice
//! drivers' `#[target_feature]` entries.

use super::UnaryFn;
use super::vector::MathSimd;
use crate::vector::{Avx2, Simd};
use core::arch::x86_64::*;

// SAFETY (whole file): `Avx2` tokens exist only once AVX2 + FMA + F16C were detected.
impl MathSimd for Avx2 {
    const LUT32: bool = false;
    const PAIR: bool = true;

    #[inline(always)]
    fn lut8(self, table: &[f32; 8], idx: __m256i) -> __m256 {
        unsafe { _mm256_permutevar8x32_ps(_mm256_loadu_ps(table.as_ptr()), idx) }
    }
    #[inline(always)]
    fn lut16(self, table: &[f32; 16], idx: __m256i) -> __m256 {
        unsafe {
            let lo = _mm256_loadu_ps(table.as_ptr());
            let hi = _mm256_loadu_ps(table.as_ptr().add(8));
            let a = _mm256_permutevar8x32_ps(lo, idx);
            let b = _mm256_permutevar8x32_ps(hi, idx);
            // Bit 3 of the index, moved to the sign bit, picks the upper half.
            let upper = _mm256_castsi256_ps(_mm256_slli_epi32::<28>(idx));
            _mm256_blendv_ps(a, b, upper)
        }
    }
}

/// Runs `f` over `n` floats.
///
/// # Safety
/// The CPU must support AVX2, FMA and F16C; `src` readable and `dst` writable for `n` floats,
/// equal or disjoint.
#[inline(never)]
#[target_feature(enable = "avx2,fma,f16c")]
pub(crate) unsafe fn run_f32(f: UnaryFn, src: *const f32, dst: *mut f32, n: usize) {
    // SAFETY: forwarded from the caller.
    unsafe { super::run_f32(Avx2::assume(), f, src, dst, n) }
}

/// Runs `f` over `n` Half values (as bits), converted in registers.
///
/// # Safety
/// As [`run_f32`].
#[inline(never)]
#[target_feature(enable = "avx2,fma,f16c")]
pub(crate) unsafe fn run_f16(f: UnaryFn, src: *const u16, dst: *mut u16, n: usize) {
    // SAFETY: forwarded from the caller.
    unsafe { super::run_f16(Avx2::assume(), f, src, dst, n) }
}
