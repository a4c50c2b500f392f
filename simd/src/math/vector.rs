//! The vector abstraction the math kernels are written against, once, generically.
//!
//! `Vf32` is implemented by a 16-lane AVX-512 type and an 8-lane AVX2 type. Every method is
//! `#[inline(always)]` and compiles to one or a few instructions once it is inlined into a
//! `#[target_feature]` kernel.
//!
//! Safety invariant (crate-internal): values of the implementing types exist, and their methods
//! run, only inside kernels that are called after run-time detection of the ISA they need.
//! Nothing here is exported.

use core::ops::{Add, Mul, Sub};

/// Lanes of `i32`, used for bit manipulation (exponents, indices, quadrants).
pub(crate) trait Vi32: Copy {
    fn splat(v: i32) -> Self;
    fn add(self, o: Self) -> Self;
    fn sub(self, o: Self) -> Self;
    fn and(self, o: Self) -> Self;
    /// Logical left shift by a constant.
    fn shl<const N: i32>(self) -> Self;
    /// Arithmetic right shift by a constant.
    fn sra<const N: i32>(self) -> Self;
}

/// Lanes of `f32`.
pub(crate) trait Vf32:
    Copy + Add<Output = Self> + Sub<Output = Self> + Mul<Output = Self>
{
    /// A per-lane boolean.
    type M: Copy;
    /// Lanes of `i32` with the same count.
    type I: Vi32;
    const LANES: usize;
    /// Whether [`Vf32::lut32`] is a single instruction (then kernels prefer 32-entry tables).
    const LUT32: bool;

    fn splat(v: f32) -> Self;
    /// # Safety
    /// `p` must be valid for reading `LANES` floats.
    unsafe fn load(p: *const f32) -> Self;
    /// # Safety
    /// `p` must be valid for writing `LANES` floats.
    unsafe fn store(self, p: *mut f32);

    /// `self * b + c` with one rounding.
    fn mul_add(self, b: Self, c: Self) -> Self;
    /// `c - self * b` with one rounding.
    fn neg_mul_add(self, b: Self, c: Self) -> Self;
    /// `n / d`, within about half an ulp more than correct rounding, for finite normal `d`
    /// (a reciprocal estimate refined by Newton steps, or a true division).
    fn div(self, d: Self) -> Self;
    /// x86 `min`: returns `o` when either operand is NaN. Put the value whose NaN must survive
    /// second.
    fn min(self, o: Self) -> Self;
    /// x86 `max`: returns `o` when either operand is NaN.
    fn max(self, o: Self) -> Self;
    fn abs(self) -> Self;
    /// `min(|self|, c)` for a non-NaN `c`; NaN lanes of `self` stay NaN.
    fn abs_min(self, c: Self) -> Self;
    /// `min(|self|, c)` for a non-NaN `c`, where a NaN lane may come out as anything (for
    /// callers that multiply by `self` at the end, which restores the NaN).
    fn abs_min_lossy(self, c: Self) -> Self;
    /// The sign bit only (`self & -0.0`).
    fn sign(self) -> Self;
    fn xor(self, o: Self) -> Self;
    fn or(self, o: Self) -> Self;
    /// Round to nearest, ties to even.
    fn round(self) -> Self;

    fn lt(self, o: Self) -> Self::M;
    fn le(self, o: Self) -> Self::M;
    fn gt(self, o: Self) -> Self::M;
    fn ge(self, o: Self) -> Self::M;
    fn eq(self, o: Self) -> Self::M;
    fn is_nan(self) -> Self::M;
    /// `m ? a : b` per lane.
    fn select(m: Self::M, a: Self, b: Self) -> Self;
    fn any(m: Self::M) -> bool;
    fn mand(a: Self::M, b: Self::M) -> Self::M;
    fn mnot(a: Self::M) -> Self::M;
    /// Lanes where `i` equals `o`.
    fn ieq(i: Self::I, o: Self::I) -> Self::M;

    fn to_bits(self) -> Self::I;
    fn from_bits(i: Self::I) -> Self;
    /// Convert to `i32`, rounding to nearest.
    fn to_int(self) -> Self::I;
    fn from_int(i: Self::I) -> Self;

    /// `self * 2^n` for integral `n` in `[-300, 300]`, rounded once: overflow gives ±inf and
    /// results below the normal range are correctly rounded subnormals or zero.
    fn ldexp(self, n: Self) -> Self;
    /// `2^n` for integral `n` in `[-126, 127]`.
    fn pow2(n: Self) -> Self;
    /// `(self - k, k)` with `k = round(self)` (ties to even) as an integer, for `|self| < 2^22`.
    fn split_round(self) -> (Self, Self::I);
    /// `(self - k / 2^S, k)` with `k = round(self * 2^S)` (ties to even), for `S` in `{2, 3}`
    /// and `0 <= self * 2^S < 2^22`; only the low bits of the integer are meaningful.
    fn frac_index<const S: i32>(self) -> (Self, Self::I);
    /// Table lookup by the low 4 bits of `idx`.
    fn lut16(table: &[f32; 16], idx: Self::I) -> Self;
    /// Table lookup by the low 5 bits of `idx`.
    fn lut32(table: &[f32; 32], idx: Self::I) -> Self;
}
