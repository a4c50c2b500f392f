//! The math's AVX2 level: register table lookups (one `vpermps` per 8 entries). The slice
//! drivers' `#[target_feature]` entries are the vector layer's (`vector/avx2.rs`).

use super::vector::MathSimd;
use crate::vector::Avx2;
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
