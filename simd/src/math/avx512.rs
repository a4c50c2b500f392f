//! The math's AVX-512 level: one-instruction table lookups of up to 32 entries, `vscalefps`
//! for the scaling by `2^n`, `vreduceps` for the argument splits, `vrangeps`, a reciprocal
//! estimate for the divisions. The slice drivers' `#[target_feature]` entries are the vector
//! layer's (`vector/avx512.rs`).

use super::vector::MathSimd;
use crate::vector::Avx512;
use core::arch::x86_64::*;

/// `_MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC`.
const NEAREST: i32 = 0x08;

// SAFETY (whole file): `Avx512` tokens exist only once AVX-512 F/BW/DQ/VL, AVX2 and FMA were
// detected.
impl<const BF16: bool> MathSimd for Avx512<BF16> {
    const LUT32: bool = true;
    const SCALEF: bool = true;
    const PAIR: bool = true;

    #[inline(always)]
    fn lut8(self, table: &[f32; 8], idx: __m512i) -> __m512 {
        unsafe {
            let t = _mm512_broadcast_f32x8(_mm256_loadu_ps(table.as_ptr()));
            _mm512_permutexvar_ps(idx, t)
        }
    }
    #[inline(always)]
    fn lut16(self, table: &[f32; 16], idx: __m512i) -> __m512 {
        unsafe { _mm512_permutexvar_ps(idx, _mm512_loadu_ps(table.as_ptr())) }
    }
    #[inline(always)]
    fn lut32(self, table: &[f32; 32], idx: __m512i) -> __m512 {
        unsafe {
            let lo = _mm512_loadu_ps(table.as_ptr());
            let hi = _mm512_loadu_ps(table.as_ptr().add(16));
            _mm512_permutex2var_ps(lo, idx, hi)
        }
    }
    #[inline(always)]
    fn div_fast(self, n: __m512, d: __m512) -> __m512 {
        // 14-bit reciprocal estimate, then one correction of the quotient: error about 2^-28
        // relative before the last rounding.
        unsafe {
            let r = _mm512_rcp14_ps(d);
            let q0 = _mm512_mul_ps(n, r);
            let e = _mm512_fnmadd_ps(q0, d, n);
            _mm512_fmadd_ps(e, r, q0)
        }
    }
    #[inline(always)]
    fn abs_min_lossy(self, x: __m512, c: __m512) -> __m512 {
        // vrangeps: the operand of smaller magnitude with its sign cleared (a quiet NaN operand
        // is ignored).
        unsafe { _mm512_range_ps::<0x0a>(c, x) }
    }
    #[inline(always)]
    fn ldexp(self, x: __m512, n: __m512) -> __m512 {
        unsafe { _mm512_scalef_ps(x, n) }
    }
    #[inline(always)]
    fn pow2(self, n: __m512) -> __m512 {
        unsafe { _mm512_scalef_ps(_mm512_set1_ps(1.0), n) }
    }
    #[inline(always)]
    fn split_round(self, x: __m512) -> (__m512, __m512i) {
        unsafe { (_mm512_reduce_ps::<NEAREST>(x), _mm512_cvtps_epi32(x)) }
    }
    #[inline(always)]
    fn frac_index<const B: i32>(self, x: __m512) -> (__m512, __m512i) {
        unsafe {
            let scale = _mm512_set1_ps((1 << B) as f32);
            let magic = _mm512_set1_ps(12_582_912.0);
            let k = _mm512_castps_si512(_mm512_fmadd_ps(x, scale, magic));
            // vreduceps keeps B fraction bits: x - round(x * 2^B) / 2^B.
            let v = match B {
                2 => _mm512_reduce_ps::<{ (2 << 4) | NEAREST }>(x),
                _ => _mm512_reduce_ps::<{ (3 << 4) | NEAREST }>(x),
            };
            (v, k)
        }
    }
}
