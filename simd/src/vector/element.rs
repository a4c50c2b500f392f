//! [`Element`]: the floating-point element types a kernel loads into f32 lanes and stores from
//! them — Float as is, Half and BFloat16 widened exactly on load and rounded once (to nearest
//! even) on store, as portable computes them.

use super::{MAX_LANES, Simd};
use half::{bf16, f16};

/// A Float, Half or BFloat16 element as f32 lanes of a level: loads, stores, masked heads and
/// tails, gathers, and the rounding of an f32 result to the type.
///
/// Pointer methods take the same contract as [`Simd`]'s: valid for the lanes named, any
/// alignment of the type.
#[allow(clippy::missing_safety_doc)]
pub trait Element: Copy + Send + Sync + 'static {
    /// Whether this is `f32`: its memory can hold intermediate f32 values, and its loads need
    /// no conversion.
    const IS_F32: bool = false;
    /// The element, widened exactly.
    fn to_f32(self) -> f32;
    /// `v` rounded to the type (nearest even).
    fn from_f32(v: f32) -> Self;
    /// `v` rounded to this type and back: what each operation of portable's reduced-precision
    /// arithmetic gives.
    #[inline(always)]
    fn round<S: Simd>(_s: S, v: S::F32) -> S::F32 {
        v
    }
    /// `LANES` elements from `p`.
    unsafe fn load<S: Simd>(s: S, p: *const Self) -> S::F32;
    /// `n <= LANES` elements from `p`, the other lanes zero.
    unsafe fn load_n<S: Simd>(s: S, p: *const Self, n: usize) -> S::F32;
    /// `LANES` elements to `p`.
    unsafe fn store<S: Simd>(s: S, p: *mut Self, v: S::F32);
    /// The first `n <= LANES` lanes to `p`; the memory after them untouched.
    unsafe fn store_n<S: Simd>(s: S, p: *mut Self, n: usize, v: S::F32);
    /// `p[idx[i]]` per lane (`idx` non-negative).
    #[inline(always)]
    unsafe fn gather_idx<S: Simd>(s: S, p: *const Self, idx: S::I32) -> S::F32 {
        let mut at = [0i32; MAX_LANES];
        let mut b = [0f32; MAX_LANES];
        // SAFETY: stack buffers of `MAX_LANES >= LANES` entries; the caller's contract.
        unsafe {
            s.store_i32(at.as_mut_ptr(), idx);
            for (v, &i) in b.iter_mut().zip(&at).take(S::LANES) {
                *v = (*p.add(i as usize)).to_f32();
            }
            s.load(b.as_ptr())
        }
    }
    /// `p[i * stride]` for `i < n` (`n <= LANES`; `n * stride` fits in `i32` when `n ==
    /// LANES`), the other lanes zero.
    #[inline(always)]
    unsafe fn gather<S: Simd>(s: S, p: *const Self, stride: usize, n: usize) -> S::F32 {
        let mut b = [0f32; MAX_LANES];
        for (i, v) in b.iter_mut().enumerate().take(n) {
            // SAFETY: the caller's contract.
            *v = unsafe { *p.add(i * stride) }.to_f32();
        }
        // SAFETY: a stack buffer of `MAX_LANES >= LANES` floats.
        unsafe { s.load(b.as_ptr()) }
    }
}

impl Element for f32 {
    const IS_F32: bool = true;
    #[inline(always)]
    fn to_f32(self) -> f32 {
        self
    }
    #[inline(always)]
    fn from_f32(v: f32) -> Self {
        v
    }
    #[inline(always)]
    unsafe fn load<S: Simd>(s: S, p: *const f32) -> S::F32 {
        // SAFETY: the caller's contract.
        unsafe { s.load(p) }
    }
    #[inline(always)]
    unsafe fn load_n<S: Simd>(s: S, p: *const f32, n: usize) -> S::F32 {
        // SAFETY: the caller's contract.
        unsafe { s.load_n(p, n) }
    }
    #[inline(always)]
    unsafe fn store<S: Simd>(s: S, p: *mut f32, v: S::F32) {
        // SAFETY: the caller's contract.
        unsafe { s.store(p, v) }
    }
    #[inline(always)]
    unsafe fn store_n<S: Simd>(s: S, p: *mut f32, n: usize, v: S::F32) {
        // SAFETY: the caller's contract.
        unsafe { s.store_n(p, n, v) }
    }
    #[inline(always)]
    unsafe fn gather_idx<S: Simd>(s: S, p: *const f32, idx: S::I32) -> S::F32 {
        // SAFETY: the caller's contract.
        unsafe { s.gather(p, idx) }
    }
    #[inline(always)]
    unsafe fn gather<S: Simd>(s: S, p: *const f32, stride: usize, n: usize) -> S::F32 {
        // A full vector is one hardware gather; a partial one would need a masked gather,
        // which not every level has.
        if n == S::LANES {
            let mut idx = [0i32; MAX_LANES];
            for (i, v) in idx.iter_mut().enumerate() {
                *v = (i * stride) as i32;
            }
            // SAFETY: the caller's contract; `idx` holds `MAX_LANES >= LANES` offsets.
            return unsafe { s.gather(p, s.load_i32(idx.as_ptr())) };
        }
        let mut b = [0f32; MAX_LANES];
        for (i, v) in b.iter_mut().enumerate().take(n) {
            // SAFETY: the caller's contract.
            *v = unsafe { *p.add(i * stride) };
        }
        // SAFETY: a stack buffer of `MAX_LANES >= LANES` floats.
        unsafe { s.load(b.as_ptr()) }
    }
}

/// The 16-bit types: the same shape, with the level's conversions of their bit patterns.
macro_rules! half_element {
    ($t:ty, $round:ident, $load:ident, $load_n:ident, $store:ident, $store_n:ident) => {
        impl Element for $t {
            #[inline(always)]
            fn to_f32(self) -> f32 {
                <$t>::to_f32(self)
            }
            #[inline(always)]
            fn from_f32(v: f32) -> Self {
                <$t>::from_f32(v)
            }
            #[inline(always)]
            fn round<S: Simd>(s: S, v: S::F32) -> S::F32 {
                s.$round(v)
            }
            #[inline(always)]
            unsafe fn load<S: Simd>(s: S, p: *const Self) -> S::F32 {
                // SAFETY: the caller's contract; the type is 16 bits of a pattern.
                unsafe { s.$load(p.cast()) }
            }
            #[inline(always)]
            unsafe fn load_n<S: Simd>(s: S, p: *const Self, n: usize) -> S::F32 {
                // SAFETY: as above.
                unsafe { s.$load_n(p.cast(), n) }
            }
            #[inline(always)]
            unsafe fn store<S: Simd>(s: S, p: *mut Self, v: S::F32) {
                // SAFETY: as above.
                unsafe { s.$store(p.cast(), v) }
            }
            #[inline(always)]
            unsafe fn store_n<S: Simd>(s: S, p: *mut Self, n: usize, v: S::F32) {
                // SAFETY: as above.
                unsafe { s.$store_n(p.cast(), n, v) }
            }
        }
    };
}
half_element!(f16, round_f16, load_f16, load_f16_n, store_f16, store_f16_n);
half_element!(
    bf16,
    round_bf16,
    load_bf16,
    load_bf16_n,
    store_bf16,
    store_bf16_n
);
