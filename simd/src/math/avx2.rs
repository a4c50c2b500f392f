//! AVX2 + FMA implementation of [`Vf32`] and the slice drivers. A tail shorter than a vector
//! goes through one shared helper that pads it into a stack buffer.

use core::arch::x86_64::*;
use core::ops::{Add, Mul, Sub};

use super::UnaryFn;
use super::kernels;
use super::vector::{Pair, Vf32, Vi32};

// SAFETY (whole file): values of these types exist only inside the `#[target_feature]` kernels
// below, which the dispatcher calls only after detecting AVX2 and FMA.

#[derive(Clone, Copy)]
pub(crate) struct F32x8(__m256);

#[derive(Clone, Copy)]
pub(crate) struct I32x8(__m256i);

impl Vi32 for I32x8 {
    #[inline(always)]
    fn splat(v: i32) -> Self {
        I32x8(unsafe { _mm256_set1_epi32(v) })
    }
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        I32x8(unsafe { _mm256_add_epi32(self.0, o.0) })
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        I32x8(unsafe { _mm256_sub_epi32(self.0, o.0) })
    }
    #[inline(always)]
    fn and(self, o: Self) -> Self {
        I32x8(unsafe { _mm256_and_si256(self.0, o.0) })
    }
    #[inline(always)]
    fn shl<const N: i32>(self) -> Self {
        I32x8(unsafe { _mm256_slli_epi32::<N>(self.0) })
    }
    #[inline(always)]
    fn sra<const N: i32>(self) -> Self {
        I32x8(unsafe { _mm256_srai_epi32::<N>(self.0) })
    }
}

impl Add for F32x8 {
    type Output = Self;
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        F32x8(unsafe { _mm256_add_ps(self.0, o.0) })
    }
}

impl Sub for F32x8 {
    type Output = Self;
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        F32x8(unsafe { _mm256_sub_ps(self.0, o.0) })
    }
}

impl Mul for F32x8 {
    type Output = Self;
    #[inline(always)]
    fn mul(self, o: Self) -> Self {
        F32x8(unsafe { _mm256_mul_ps(self.0, o.0) })
    }
}

/// `_MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC`.
const NEAREST: i32 = 0x08;
impl Vf32 for F32x8 {
    type M = __m256;
    type I = I32x8;
    const LANES: usize = 8;
    const LUT32: bool = false;

    #[inline(always)]
    fn splat(v: f32) -> Self {
        F32x8(unsafe { _mm256_set1_ps(v) })
    }
    #[inline(always)]
    unsafe fn load(p: *const f32) -> Self {
        F32x8(unsafe { _mm256_loadu_ps(p) })
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut f32) {
        unsafe { _mm256_storeu_ps(p, self.0) }
    }
    #[inline(always)]
    fn mul_add(self, b: Self, c: Self) -> Self {
        F32x8(unsafe { _mm256_fmadd_ps(self.0, b.0, c.0) })
    }
    #[inline(always)]
    fn neg_mul_add(self, b: Self, c: Self) -> Self {
        F32x8(unsafe { _mm256_fnmadd_ps(self.0, b.0, c.0) })
    }
    #[inline(always)]
    fn div(self, d: Self) -> Self {
        F32x8(unsafe { _mm256_div_ps(self.0, d.0) })
    }
    #[inline(always)]
    fn min(self, o: Self) -> Self {
        F32x8(unsafe { _mm256_min_ps(self.0, o.0) })
    }
    #[inline(always)]
    fn max(self, o: Self) -> Self {
        F32x8(unsafe { _mm256_max_ps(self.0, o.0) })
    }
    #[inline(always)]
    fn abs(self) -> Self {
        F32x8(unsafe { _mm256_andnot_ps(_mm256_set1_ps(-0.0), self.0) })
    }
    #[inline(always)]
    fn sign(self) -> Self {
        F32x8(unsafe { _mm256_and_ps(self.0, _mm256_set1_ps(-0.0)) })
    }
    #[inline(always)]
    fn xor(self, o: Self) -> Self {
        F32x8(unsafe { _mm256_xor_ps(self.0, o.0) })
    }
    #[inline(always)]
    fn or(self, o: Self) -> Self {
        F32x8(unsafe { _mm256_or_ps(self.0, o.0) })
    }
    #[inline(always)]
    fn round(self) -> Self {
        F32x8(unsafe { _mm256_round_ps::<NEAREST>(self.0) })
    }
    #[inline(always)]
    fn lt(self, o: Self) -> __m256 {
        unsafe { _mm256_cmp_ps::<_CMP_LT_OQ>(self.0, o.0) }
    }
    #[inline(always)]
    fn le(self, o: Self) -> __m256 {
        unsafe { _mm256_cmp_ps::<_CMP_LE_OQ>(self.0, o.0) }
    }
    #[inline(always)]
    fn gt(self, o: Self) -> __m256 {
        unsafe { _mm256_cmp_ps::<_CMP_GT_OQ>(self.0, o.0) }
    }
    #[inline(always)]
    fn ge(self, o: Self) -> __m256 {
        unsafe { _mm256_cmp_ps::<_CMP_GE_OQ>(self.0, o.0) }
    }
    #[inline(always)]
    fn eq(self, o: Self) -> __m256 {
        unsafe { _mm256_cmp_ps::<_CMP_EQ_OQ>(self.0, o.0) }
    }
    #[inline(always)]
    fn is_nan(self) -> __m256 {
        unsafe { _mm256_cmp_ps::<_CMP_UNORD_Q>(self.0, self.0) }
    }
    #[inline(always)]
    fn select(m: __m256, a: Self, b: Self) -> Self {
        F32x8(unsafe { _mm256_blendv_ps(b.0, a.0, m) })
    }
    #[inline(always)]
    fn any(m: __m256) -> bool {
        unsafe { _mm256_movemask_ps(m) != 0 }
    }
    #[inline(always)]
    fn mand(a: __m256, b: __m256) -> __m256 {
        unsafe { _mm256_and_ps(a, b) }
    }
    #[inline(always)]
    fn mnot(a: __m256) -> __m256 {
        unsafe { _mm256_xor_ps(a, _mm256_castsi256_ps(_mm256_set1_epi32(-1))) }
    }
    #[inline(always)]
    fn ieq(i: I32x8, o: I32x8) -> __m256 {
        unsafe { _mm256_castsi256_ps(_mm256_cmpeq_epi32(i.0, o.0)) }
    }
    #[inline(always)]
    fn to_bits(self) -> I32x8 {
        I32x8(unsafe { _mm256_castps_si256(self.0) })
    }
    #[inline(always)]
    fn from_bits(i: I32x8) -> Self {
        F32x8(unsafe { _mm256_castsi256_ps(i.0) })
    }
    #[inline(always)]
    fn to_int(self) -> I32x8 {
        I32x8(unsafe { _mm256_cvtps_epi32(self.0) })
    }
    #[inline(always)]
    fn from_int(i: I32x8) -> Self {
        F32x8(unsafe { _mm256_cvtepi32_ps(i.0) })
    }
    #[inline(always)]
    fn lut8(table: &[f32; 8], idx: I32x8) -> Self {
        F32x8(unsafe { _mm256_permutevar8x32_ps(_mm256_loadu_ps(table.as_ptr()), idx.0) })
    }
    #[inline(always)]
    fn lut16(table: &[f32; 16], idx: I32x8) -> Self {
        unsafe {
            let lo = _mm256_loadu_ps(table.as_ptr());
            let hi = _mm256_loadu_ps(table.as_ptr().add(8));
            let a = _mm256_permutevar8x32_ps(lo, idx.0);
            let b = _mm256_permutevar8x32_ps(hi, idx.0);
            // Bit 3 of the index, moved to the sign bit, picks the upper half.
            let upper = _mm256_castsi256_ps(_mm256_slli_epi32::<28>(idx.0));
            F32x8(_mm256_blendv_ps(a, b, upper))
        }
    }
}

/// How a kernel's elements are stored: f32, or Half converted in registers as it is loaded and
/// stored (F16C), so a Half tensor needs no pass through an f32 buffer. (BFloat16 the same way
/// was slower on Zen 3 than widening to f32 chunks and back, 7 alternating rounds at 64 K
/// elements, median: exp 50 -> 61 us, sigmoid 62 -> 73, tanh 60 -> 70: its rounding is ten
/// integer operations per vector, and in the loop of the function they lengthen each chain.)
pub(crate) trait Io {
    /// Bytes per element.
    const SIZE: usize;
    /// # Safety
    /// `p` valid for reading 8 elements.
    unsafe fn load(p: *const u8) -> F32x8;
    /// # Safety
    /// `p` valid for writing 8 elements.
    unsafe fn store(p: *mut u8, v: F32x8);
    /// # Safety
    /// `p` valid for reading one element.
    unsafe fn read(p: *const u8) -> f32;
    /// # Safety
    /// `p` valid for writing one element.
    unsafe fn write(p: *mut u8, v: f32);
}

pub(crate) struct F32;
pub(crate) struct F16;

impl Io for F32 {
    const SIZE: usize = 4;
    #[inline(always)]
    unsafe fn load(p: *const u8) -> F32x8 {
        unsafe { F32x8::load(p as *const f32) }
    }
    #[inline(always)]
    unsafe fn store(p: *mut u8, v: F32x8) {
        unsafe { v.store(p as *mut f32) }
    }
    #[inline(always)]
    unsafe fn read(p: *const u8) -> f32 {
        unsafe { *(p as *const f32) }
    }
    #[inline(always)]
    unsafe fn write(p: *mut u8, v: f32) {
        unsafe { *(p as *mut f32) = v }
    }
}

impl Io for F16 {
    const SIZE: usize = 2;
    #[inline(always)]
    unsafe fn load(p: *const u8) -> F32x8 {
        F32x8(unsafe { _mm256_cvtph_ps(_mm_loadu_si128(p as *const __m128i)) })
    }
    #[inline(always)]
    unsafe fn store(p: *mut u8, v: F32x8) {
        unsafe {
            let h = _mm256_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>(v.0);
            _mm_storeu_si128(p as *mut __m128i, h)
        }
    }
    #[inline(always)]
    unsafe fn read(p: *const u8) -> f32 {
        half::f16::from_bits(unsafe { (p as *const u16).read_unaligned() }).to_f32()
    }
    #[inline(always)]
    unsafe fn write(p: *mut u8, v: f32) {
        unsafe { (p as *mut u16).write_unaligned(half::f16::from_f32(v).to_bits()) }
    }
}

/// Applies `f` to `n` elements from `src` into `dst` (which may equal `src`); a tail shorter
/// than a vector goes through one padded vector on the stack.
#[inline(always)]
unsafe fn map<E: Io>(
    src: *const u8,
    dst: *mut u8,
    n: usize,
    f2: impl Fn(Pair<F32x8>) -> Pair<F32x8>,
    f: impl Fn(F32x8) -> F32x8,
) {
    let at = |p: *const u8, i: usize| p.wrapping_add(i * E::SIZE);
    let at_mut = |p: *mut u8, i: usize| p.wrapping_add(i * E::SIZE);
    let mut i = 0;
    unsafe {
        while i + 16 <= n {
            let r = f2(Pair(E::load(at(src, i)), E::load(at(src, i + 8))));
            E::store(at_mut(dst, i), r.0);
            E::store(at_mut(dst, i + 8), r.1);
            i += 16;
        }
        if i + 8 <= n {
            E::store(at_mut(dst, i), f(E::load(at(src, i))));
            i += 8;
        }
        if i < n {
            let mut buf = [0f32; 8];
            for (j, b) in buf.iter_mut().enumerate().take(n - i) {
                *b = E::read(at(src, i + j));
            }
            f(F32x8::load(buf.as_ptr())).store(buf.as_mut_ptr());
            for (j, &b) in buf.iter().enumerate().take(n - i) {
                E::write(at_mut(dst, i + j), b);
            }
        }
    }
}

macro_rules! kernels {
    ($($name:ident),* $(,)?) => {
        $(
            #[target_feature(enable = "avx2,fma,f16c")]
            unsafe fn $name<E: Io>(src: *const u8, dst: *mut u8, n: usize) {
                unsafe {
                    map::<E>(
                        src,
                        dst,
                        n,
                        |v| kernels::$name::<Pair<F32x8>>(v),
                        |v| kernels::$name::<F32x8>(v),
                    )
                }
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
/// The CPU must support AVX2, FMA and F16C; `src` must be valid for reading and `dst` for
/// writing `n` elements; they either do not overlap or are equal.
pub(crate) unsafe fn run<E: Io>(f: UnaryFn, src: *const u8, dst: *mut u8, n: usize) {
    // SAFETY: forwarded from the caller.
    unsafe { by_fn!(f, [E], src, dst, n) }
}
