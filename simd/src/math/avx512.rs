//! AVX-512 (F/BW/DQ/VL + FMA) implementation of [`Vf32`] and the slice drivers.
//! Heads and tails are handled with masked loads and stores.

use core::arch::x86_64::*;
use core::ops::{Add, Mul, Sub};

use super::UnaryFn;
use super::kernels;
use super::vector::{Vf32, Vi32};

// SAFETY (whole file): values of these types exist only inside the `#[target_feature]` kernels
// below, which the dispatcher calls only after detecting AVX-512 F/BW/DQ/VL, AVX2 and FMA.

#[derive(Clone, Copy)]
pub(crate) struct F32x16(__m512);

#[derive(Clone, Copy)]
pub(crate) struct I32x16(__m512i);

impl Vi32 for I32x16 {
    #[inline(always)]
    fn splat(v: i32) -> Self {
        I32x16(unsafe { _mm512_set1_epi32(v) })
    }
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        I32x16(unsafe { _mm512_add_epi32(self.0, o.0) })
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        I32x16(unsafe { _mm512_sub_epi32(self.0, o.0) })
    }
    #[inline(always)]
    fn and(self, o: Self) -> Self {
        I32x16(unsafe { _mm512_and_si512(self.0, o.0) })
    }
    #[inline(always)]
    fn shl<const N: i32>(self) -> Self {
        // A splat shift count folds to the immediate form.
        I32x16(unsafe { _mm512_sllv_epi32(self.0, _mm512_set1_epi32(N)) })
    }
    #[inline(always)]
    fn sra<const N: i32>(self) -> Self {
        I32x16(unsafe { _mm512_srav_epi32(self.0, _mm512_set1_epi32(N)) })
    }
}

impl Add for F32x16 {
    type Output = Self;
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        F32x16(unsafe { _mm512_add_ps(self.0, o.0) })
    }
}

impl Sub for F32x16 {
    type Output = Self;
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        F32x16(unsafe { _mm512_sub_ps(self.0, o.0) })
    }
}

impl Mul for F32x16 {
    type Output = Self;
    #[inline(always)]
    fn mul(self, o: Self) -> Self {
        F32x16(unsafe { _mm512_mul_ps(self.0, o.0) })
    }
}

/// `_MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC`.
const NEAREST: i32 = 0x08;

impl Vf32 for F32x16 {
    type M = __mmask16;
    type I = I32x16;
    const LANES: usize = 16;
    const LUT32: bool = true;
    const SCALEF: bool = true;

    #[inline(always)]
    fn splat(v: f32) -> Self {
        F32x16(unsafe { _mm512_set1_ps(v) })
    }
    #[inline(always)]
    unsafe fn load(p: *const f32) -> Self {
        F32x16(unsafe { _mm512_loadu_ps(p) })
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut f32) {
        unsafe { _mm512_storeu_ps(p, self.0) }
    }
    #[inline(always)]
    fn mul_add(self, b: Self, c: Self) -> Self {
        F32x16(unsafe { _mm512_fmadd_ps(self.0, b.0, c.0) })
    }
    #[inline(always)]
    fn neg_mul_add(self, b: Self, c: Self) -> Self {
        F32x16(unsafe { _mm512_fnmadd_ps(self.0, b.0, c.0) })
    }
    #[inline(always)]
    fn div(self, d: Self) -> Self {
        // 14-bit reciprocal estimate, then one correction of the quotient: error about
        // 2^-28 relative before the last rounding.
        unsafe {
            let r = _mm512_rcp14_ps(d.0);
            let q0 = _mm512_mul_ps(self.0, r);
            let e = _mm512_fnmadd_ps(q0, d.0, self.0);
            F32x16(_mm512_fmadd_ps(e, r, q0))
        }
    }
    #[inline(always)]
    fn min(self, o: Self) -> Self {
        F32x16(unsafe { _mm512_min_ps(self.0, o.0) })
    }
    #[inline(always)]
    fn max(self, o: Self) -> Self {
        F32x16(unsafe { _mm512_max_ps(self.0, o.0) })
    }
    #[inline(always)]
    fn abs(self) -> Self {
        F32x16(unsafe { _mm512_abs_ps(self.0) })
    }
    #[inline(always)]
    fn abs_min_lossy(self, c: Self) -> Self {
        // vrangeps: the operand of smaller magnitude with its sign cleared (a quiet NaN
        // operand is ignored).
        F32x16(unsafe { _mm512_range_ps::<0x0a>(c.0, self.0) })
    }
    #[inline(always)]
    fn sign(self) -> Self {
        F32x16(unsafe { _mm512_and_ps(self.0, _mm512_set1_ps(-0.0)) })
    }
    #[inline(always)]
    fn xor(self, o: Self) -> Self {
        F32x16(unsafe { _mm512_xor_ps(self.0, o.0) })
    }
    #[inline(always)]
    fn or(self, o: Self) -> Self {
        F32x16(unsafe { _mm512_or_ps(self.0, o.0) })
    }
    #[inline(always)]
    fn round(self) -> Self {
        F32x16(unsafe { _mm512_roundscale_ps::<NEAREST>(self.0) })
    }
    #[inline(always)]
    fn lt(self, o: Self) -> __mmask16 {
        unsafe { _mm512_cmp_ps_mask::<_CMP_LT_OQ>(self.0, o.0) }
    }
    #[inline(always)]
    fn le(self, o: Self) -> __mmask16 {
        unsafe { _mm512_cmp_ps_mask::<_CMP_LE_OQ>(self.0, o.0) }
    }
    #[inline(always)]
    fn gt(self, o: Self) -> __mmask16 {
        unsafe { _mm512_cmp_ps_mask::<_CMP_GT_OQ>(self.0, o.0) }
    }
    #[inline(always)]
    fn ge(self, o: Self) -> __mmask16 {
        unsafe { _mm512_cmp_ps_mask::<_CMP_GE_OQ>(self.0, o.0) }
    }
    #[inline(always)]
    fn eq(self, o: Self) -> __mmask16 {
        unsafe { _mm512_cmp_ps_mask::<_CMP_EQ_OQ>(self.0, o.0) }
    }
    #[inline(always)]
    fn is_nan(self) -> __mmask16 {
        unsafe { _mm512_cmp_ps_mask::<_CMP_UNORD_Q>(self.0, self.0) }
    }
    #[inline(always)]
    fn select(m: __mmask16, a: Self, b: Self) -> Self {
        F32x16(unsafe { _mm512_mask_blend_ps(m, b.0, a.0) })
    }
    #[inline(always)]
    fn any(m: __mmask16) -> bool {
        m != 0
    }
    #[inline(always)]
    fn mand(a: __mmask16, b: __mmask16) -> __mmask16 {
        a & b
    }
    #[inline(always)]
    fn mnot(a: __mmask16) -> __mmask16 {
        !a
    }
    #[inline(always)]
    fn ieq(i: I32x16, o: I32x16) -> __mmask16 {
        unsafe { _mm512_cmpeq_epi32_mask(i.0, o.0) }
    }
    #[inline(always)]
    fn to_bits(self) -> I32x16 {
        I32x16(unsafe { _mm512_castps_si512(self.0) })
    }
    #[inline(always)]
    fn from_bits(i: I32x16) -> Self {
        F32x16(unsafe { _mm512_castsi512_ps(i.0) })
    }
    #[inline(always)]
    fn to_int(self) -> I32x16 {
        I32x16(unsafe { _mm512_cvtps_epi32(self.0) })
    }
    #[inline(always)]
    fn from_int(i: I32x16) -> Self {
        F32x16(unsafe { _mm512_cvtepi32_ps(i.0) })
    }
    #[inline(always)]
    fn ldexp(self, n: Self) -> Self {
        F32x16(unsafe { _mm512_scalef_ps(self.0, n.0) })
    }
    #[inline(always)]
    fn pow2(n: Self) -> Self {
        F32x16(unsafe { _mm512_scalef_ps(_mm512_set1_ps(1.0), n.0) })
    }
    #[inline(always)]
    fn split_round(self) -> (Self, I32x16) {
        unsafe {
            (
                F32x16(_mm512_reduce_ps::<NEAREST>(self.0)),
                I32x16(_mm512_cvtps_epi32(self.0)),
            )
        }
    }
    #[inline(always)]
    fn frac_index<const S: i32>(self) -> (Self, I32x16) {
        unsafe {
            let scale = _mm512_set1_ps((1 << S) as f32);
            let magic = _mm512_set1_ps(12_582_912.0);
            let k = _mm512_castps_si512(_mm512_fmadd_ps(self.0, scale, magic));
            // vreduceps keeps S fraction bits: self - round(self * 2^S) / 2^S.
            let v = match S {
                2 => _mm512_reduce_ps::<{ (2 << 4) | NEAREST }>(self.0),
                _ => _mm512_reduce_ps::<{ (3 << 4) | NEAREST }>(self.0),
            };
            (F32x16(v), I32x16(k))
        }
    }
    #[inline(always)]
    fn lut8(table: &[f32; 8], idx: I32x16) -> Self {
        unsafe {
            let t = _mm512_broadcast_f32x8(_mm256_loadu_ps(table.as_ptr()));
            F32x16(_mm512_permutexvar_ps(idx.0, t))
        }
    }
    #[inline(always)]
    fn lut16(table: &[f32; 16], idx: I32x16) -> Self {
        unsafe {
            F32x16(_mm512_permutexvar_ps(
                idx.0,
                _mm512_loadu_ps(table.as_ptr()),
            ))
        }
    }
    #[inline(always)]
    fn lut32(table: &[f32; 32], idx: I32x16) -> Self {
        unsafe {
            let lo = _mm512_loadu_ps(table.as_ptr());
            let hi = _mm512_loadu_ps(table.as_ptr().add(16));
            F32x16(_mm512_permutex2var_ps(lo, idx.0, hi))
        }
    }
}

/// How a kernel's elements are stored (see `avx2::Io`); `m` selects the lanes of a tail.
pub(crate) trait Io {
    /// Bytes per element.
    const SIZE: usize;
    /// # Safety
    /// `p` valid for reading the lanes of `m`.
    unsafe fn load(p: *const u8, m: __mmask16) -> F32x16;
    /// # Safety
    /// `p` valid for writing the lanes of `m`.
    unsafe fn store(p: *mut u8, m: __mmask16, v: F32x16);
}

pub(crate) use super::avx2::{F16, F32};

impl Io for F32 {
    const SIZE: usize = 4;
    #[inline(always)]
    unsafe fn load(p: *const u8, m: __mmask16) -> F32x16 {
        F32x16(unsafe { _mm512_maskz_loadu_ps(m, p as *const f32) })
    }
    #[inline(always)]
    unsafe fn store(p: *mut u8, m: __mmask16, v: F32x16) {
        unsafe { _mm512_mask_storeu_ps(p as *mut f32, m, v.0) }
    }
}

impl Io for F16 {
    const SIZE: usize = 2;
    #[inline(always)]
    unsafe fn load(p: *const u8, m: __mmask16) -> F32x16 {
        F32x16(unsafe { _mm512_cvtph_ps(_mm256_maskz_loadu_epi16(m, p as *const i16)) })
    }
    #[inline(always)]
    unsafe fn store(p: *mut u8, m: __mmask16, v: F32x16) {
        unsafe {
            let h = _mm512_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>(v.0);
            _mm256_mask_storeu_epi16(p as *mut i16, m, h)
        }
    }
}

/// Applies `f` to `n` elements from `src` into `dst` (which may equal `src`).
#[inline(always)]
unsafe fn map<E: Io>(src: *const u8, dst: *mut u8, n: usize, f: impl Fn(F32x16) -> F32x16) {
    let mut i = 0;
    unsafe {
        while i + 16 <= n {
            let v = E::load(src.add(i * E::SIZE), !0);
            E::store(dst.add(i * E::SIZE), !0, f(v));
            i += 16;
        }
        if i < n {
            let m = ((1u32 << (n - i)) - 1) as __mmask16;
            let v = E::load(src.add(i * E::SIZE), m);
            E::store(dst.add(i * E::SIZE), m, f(v));
        }
    }
}

macro_rules! kernels {
    ($($name:ident),* $(,)?) => {
        $(
            #[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vl,avx2,fma,f16c")]
            unsafe fn $name<E: Io>(src: *const u8, dst: *mut u8, n: usize) {
                unsafe { map::<E>(src, dst, n, |v| kernels::$name::<F32x16>(v)) }
            }
        )*
    };
}

kernels!(
    exp, expm1, log, log1p, tanh, sigmoid, erf, gelu_erf, gelu_tanh, sin, cos
);

/// Runs `f` over `n` elements stored as `E`.
///
/// # Safety
/// The CPU must support AVX-512 F/BW/DQ/VL, AVX2, FMA and F16C; `src` must be valid for
/// reading and `dst` for writing `n` elements; they either do not overlap or are equal.
pub(crate) unsafe fn run<E: Io>(f: UnaryFn, src: *const u8, dst: *mut u8, n: usize) {
    // SAFETY: forwarded from the caller.
    unsafe { by_fn!(f, [E], src, dst, n) }
}
