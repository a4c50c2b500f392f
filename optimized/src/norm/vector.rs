//! A stand-in for `etk_simd`'s vector layer until branch `s12-simd` lands: the subset of its
//! `Simd` trait these kernels use, with the same names and contracts, and only its one-lane
//! `Scalar` level. The kernels are written against these names; moving them over is replacing
//! this module by `etk_simd::{Kernel, Level, Simd, dispatch, level}`.

/// An instruction-set level (here only the scalar one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level;

impl Level {
    /// The highest level not above AVX2 (here: this one).
    pub fn at_most_avx2(self) -> Level {
        self
    }
}

/// The level kernels run at.
pub fn level() -> Level {
    Level
}

/// Work generic over the level.
pub trait Kernel {
    type Output;
    fn run<S: Simd>(self, s: S) -> Self::Output;
}

/// Runs `k` at `level`.
#[inline]
pub fn dispatch<K: Kernel>(_level: Level, k: K) -> K::Output {
    k.run(Scalar)
}

/// The vector vocabulary (`etk_simd::Simd`'s names): lanes of f32, masked heads and tails
/// (`*_n`: the first `n <= LANES` lanes), Half/BFloat16 widened and rounded in registers,
/// IEEE arithmetic with `mul_add` rounded once, horizontal reductions, and `exp`.
#[allow(clippy::missing_safety_doc, missing_docs)]
pub trait Simd: Copy + Send + Sync + 'static {
    type F32: Copy;
    type Mask: Copy;
    const LANES: usize;
    fn splat(self, x: f32) -> Self::F32;
    #[inline(always)]
    fn zero(self) -> Self::F32 {
        self.splat(0.0)
    }
    unsafe fn load(self, p: *const f32) -> Self::F32;
    unsafe fn store(self, p: *mut f32, v: Self::F32);
    unsafe fn load_n(self, p: *const f32, n: usize) -> Self::F32;
    unsafe fn store_n(self, p: *mut f32, n: usize, v: Self::F32);
    unsafe fn load_f16(self, p: *const u16) -> Self::F32;
    unsafe fn load_f16_n(self, p: *const u16, n: usize) -> Self::F32;
    unsafe fn store_f16(self, p: *mut u16, v: Self::F32);
    unsafe fn store_f16_n(self, p: *mut u16, n: usize, v: Self::F32);
    unsafe fn load_bf16(self, p: *const u16) -> Self::F32;
    unsafe fn load_bf16_n(self, p: *const u16, n: usize) -> Self::F32;
    unsafe fn store_bf16(self, p: *mut u16, v: Self::F32);
    unsafe fn store_bf16_n(self, p: *mut u16, n: usize, v: Self::F32);
    fn add(self, a: Self::F32, b: Self::F32) -> Self::F32;
    fn sub(self, a: Self::F32, b: Self::F32) -> Self::F32;
    fn mul(self, a: Self::F32, b: Self::F32) -> Self::F32;
    fn div(self, a: Self::F32, b: Self::F32) -> Self::F32;
    fn mul_add(self, a: Self::F32, b: Self::F32, c: Self::F32) -> Self::F32;
    fn max(self, a: Self::F32, b: Self::F32) -> Self::F32;
    fn is_nan(self, a: Self::F32) -> Self::Mask;
    fn select(self, m: Self::Mask, a: Self::F32, b: Self::F32) -> Self::F32;
    fn first_n(self, n: usize) -> Self::Mask;
    fn mask_or(self, a: Self::Mask, b: Self::Mask) -> Self::Mask;
    fn any(self, m: Self::Mask) -> bool;
    fn reduce_sum(self, v: Self::F32) -> f32;
    fn reduce_max(self, v: Self::F32) -> f32;
    fn exp(self, x: Self::F32) -> Self::F32;
}

/// One lane of portable Rust.
#[derive(Clone, Copy, Debug)]
pub struct Scalar;

impl Simd for Scalar {
    type F32 = f32;
    type Mask = bool;
    const LANES: usize = 1;
    #[inline(always)]
    fn splat(self, x: f32) -> f32 {
        x
    }
    #[inline(always)]
    unsafe fn load(self, p: *const f32) -> f32 {
        // SAFETY: the caller's.
        unsafe { *p }
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut f32, v: f32) {
        // SAFETY: the caller's.
        unsafe { *p = v }
    }
    #[inline(always)]
    unsafe fn load_n(self, p: *const f32, n: usize) -> f32 {
        // SAFETY: the caller's (one lane when `n == 1`).
        if n == 0 { 0.0 } else { unsafe { *p } }
    }
    #[inline(always)]
    unsafe fn store_n(self, p: *mut f32, n: usize, v: f32) {
        if n != 0 {
            // SAFETY: the caller's.
            unsafe { *p = v }
        }
    }
    #[inline(always)]
    unsafe fn load_f16(self, p: *const u16) -> f32 {
        // SAFETY: the caller's.
        half::f16::from_bits(unsafe { *p }).to_f32()
    }
    #[inline(always)]
    unsafe fn load_f16_n(self, p: *const u16, n: usize) -> f32 {
        // SAFETY: the caller's.
        if n == 0 {
            0.0
        } else {
            unsafe { self.load_f16(p) }
        }
    }
    #[inline(always)]
    unsafe fn store_f16(self, p: *mut u16, v: f32) {
        // SAFETY: the caller's.
        unsafe { *p = half::f16::from_f32(v).to_bits() }
    }
    #[inline(always)]
    unsafe fn store_f16_n(self, p: *mut u16, n: usize, v: f32) {
        if n != 0 {
            // SAFETY: the caller's.
            unsafe { self.store_f16(p, v) }
        }
    }
    #[inline(always)]
    unsafe fn load_bf16(self, p: *const u16) -> f32 {
        // SAFETY: the caller's.
        half::bf16::from_bits(unsafe { *p }).to_f32()
    }
    #[inline(always)]
    unsafe fn load_bf16_n(self, p: *const u16, n: usize) -> f32 {
        // SAFETY: the caller's.
        if n == 0 {
            0.0
        } else {
            unsafe { self.load_bf16(p) }
        }
    }
    #[inline(always)]
    unsafe fn store_bf16(self, p: *mut u16, v: f32) {
        // SAFETY: the caller's.
        unsafe { *p = half::bf16::from_f32(v).to_bits() }
    }
    #[inline(always)]
    unsafe fn store_bf16_n(self, p: *mut u16, n: usize, v: f32) {
        if n != 0 {
            // SAFETY: the caller's.
            unsafe { self.store_bf16(p, v) }
        }
    }
    #[inline(always)]
    fn add(self, a: f32, b: f32) -> f32 {
        a + b
    }
    #[inline(always)]
    fn sub(self, a: f32, b: f32) -> f32 {
        a - b
    }
    #[inline(always)]
    fn mul(self, a: f32, b: f32) -> f32 {
        a * b
    }
    #[inline(always)]
    fn div(self, a: f32, b: f32) -> f32 {
        a / b
    }
    #[inline(always)]
    fn select(self, m: bool, a: f32, b: f32) -> f32 {
        if m { a } else { b }
    }
    #[inline(always)]
    fn first_n(self, n: usize) -> bool {
        n > 0
    }
    #[inline(always)]
    fn mul_add(self, a: f32, b: f32, c: f32) -> f32 {
        a.mul_add(b, c)
    }
    #[inline(always)]
    fn max(self, a: f32, b: f32) -> f32 {
        if a > b { a } else { b }
    }
    #[inline(always)]
    fn is_nan(self, a: f32) -> bool {
        a.is_nan()
    }
    #[inline(always)]
    fn mask_or(self, a: bool, b: bool) -> bool {
        a | b
    }
    #[inline(always)]
    fn any(self, m: bool) -> bool {
        m
    }
    #[inline(always)]
    fn reduce_sum(self, v: f32) -> f32 {
        v
    }
    #[inline(always)]
    fn reduce_max(self, v: f32) -> f32 {
        v
    }
    #[inline(always)]
    fn exp(self, x: f32) -> f32 {
        x.exp()
    }
}
