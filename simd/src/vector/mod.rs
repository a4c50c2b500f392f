//! The one vector layer: every vector kernel of etk is written once, generic over [`Simd`],
//! and instantiated per level.
//!
//! A [`Simd`] value is a *token*: a zero-sized proof that the CPU supports its level, created
//! only by [`dispatch`] (after detection) or by the unsafe [`Simd::assume`]. Its methods are the
//! vocabulary: lanes of `f32` ([`Simd::F32`], [`Simd::LANES`] of them), `i32` with the same
//! lane count, `f64` with the same lane count ([`Simd::F64`], two registers on the vector
//! levels), the 8- and 16-bit integers as loads and stores converted to and from `i32` lanes,
//! Half and BFloat16 loads and stores converted in registers, masked heads and tails
//! (`*_n`), streaming stores, comparisons and selects, horizontal reductions, in-register
//! transposes, gathers, and the vector math of [`crate::math`].
//!
//! Implementations: [`Scalar`] (one lane of portable Rust, the reference), [`Avx2`] (AVX2 +
//! FMA + F16C, 8 lanes), [`Avx512`] (F/BW/DQ/VL, 16 lanes; `Avx512<true>` also has
//! AVX512-BF16) and [`Neon`] (aarch64 Advanced SIMD, 4 lanes).
//!
//! A kernel is a [`Kernel`]: its `run<S: Simd>` is called by [`dispatch`] inside a
//! `#[target_feature]` function of the level, so everything it inlines (loops, bodies, these
//! `#[inline(always)]` methods) is compiled for that level. Code that holds a token and wants
//! to re-enter that context from a function that is not inlined (a function pointer, a
//! recursion) calls [`Simd::call`].
//!
//! Semantics are the same at every level unless a method says otherwise: IEEE `add`, `sub`,
//! `mul`, `div`, `sqrt` and [`Simd::mul_add`] are correctly rounded, nothing is contracted (a
//! multiply and an add stay two roundings unless a kernel asks for `mul_add`), comparisons are
//! the ordered ones (`ne` the unordered one), so a kernel written over these methods gives
//! bit-identical results at every level. The exceptions, named where they are: `min`/`max`
//! follow x86 (`a < b ? a : b`, so a NaN in either gives the second operand), out-of-range
//! conversions to `i32`, and the reductions' order of operations per level.
//!
//! ```
//! use etk_simd::{Kernel, Simd, dispatch, level};
//!
//! /// `y = a * x + y` over two slices, written once.
//! struct Axpy<'a> {
//!     a: f32,
//!     x: &'a [f32],
//!     y: &'a mut [f32],
//! }
//!
//! impl Kernel for Axpy<'_> {
//!     type Output = ();
//!     #[inline(always)]
//!     fn run<S: Simd>(self, s: S) {
//!         let n = self.x.len().min(self.y.len());
//!         let (x, y) = (self.x.as_ptr(), self.y.as_mut_ptr());
//!         let a = s.splat(self.a);
//!         let mut i = 0;
//!         // SAFETY: full vectors while `i + LANES <= n`, then one partial vector of `n - i`.
//!         unsafe {
//!             while i + S::LANES <= n {
//!                 let v = s.add(s.mul(a, s.load(x.add(i))), s.load(y.add(i)));
//!                 s.store(y.add(i), v);
//!                 i += S::LANES;
//!             }
//!             let m = n - i;
//!             let v = s.add(s.mul(a, s.load_n(x.add(i), m)), s.load_n(y.add(i), m));
//!             s.store_n(y.add(i), m, v);
//!         }
//!     }
//! }
//!
//! let x = [1.0f32, 2.0, 3.0, 4.0, 5.0];
//! let mut y = [10.0f32; 5];
//! dispatch(level(), Axpy { a: 2.0, x: &x, y: &mut y });
//! assert_eq!(y, [12.0, 14.0, 16.0, 18.0, 20.0]);
//! ```

use crate::detect::Isa;
use crate::level::Level;
use crate::math::unary_fn::UnaryFn;

#[cfg(all(target_arch = "x86_64", not(miri)))]
mod avx2;
#[cfg(all(target_arch = "x86_64", not(miri)))]
mod avx512;
mod element;
#[cfg(all(target_arch = "aarch64", not(miri)))]
mod neon;
mod scalar;

#[cfg(all(target_arch = "x86_64", not(miri)))]
pub use avx2::Avx2;
#[cfg(all(target_arch = "x86_64", not(miri)))]
pub use avx512::Avx512;
pub use element::Element;
#[cfg(all(target_arch = "aarch64", not(miri)))]
pub use neon::Neon;
pub use scalar::Scalar;

pub(crate) mod sealed {
    /// Only this crate implements [`super::Simd`]: a token must mean what it says.
    pub trait Sealed {}
}

/// The most lanes of `f32` any level has (for stack buffers that hold one vector).
pub const MAX_LANES: usize = 16;

/// A level's vectors and their operations. See the [module docs](self).
///
/// Pointer arguments are raw and the methods taking them `unsafe`: the pointer must be valid
/// for the lanes named (no alignment is needed unless said). `*_n` forms take the first `n`
/// lanes, `n <= LANES`, the others reading as zero and left untouched in memory.
// The contract of the pointer methods is the trait's, stated above; the arithmetic names say
// what they do, and the group comments hold what is special. `self` is the token, so the
// conversions (`from_bits`, `from_i32`) take it too.
#[allow(
    clippy::missing_safety_doc,
    clippy::wrong_self_convention,
    missing_docs
)]
pub trait Simd: sealed::Sealed + Copy + Send + Sync + 'static {
    /// `LANES` f32.
    type F32: Copy;
    /// A per-lane boolean over `LANES` 32-bit lanes (f32 and i32 comparisons).
    type Mask: Copy;
    /// `LANES` i32.
    type I32: Copy;
    /// `LANES` f64 (two registers on the vector levels).
    type F64: Copy;
    /// A per-lane boolean over `LANES` f64 lanes.
    type Mask64: Copy;

    /// Lanes of f32 (and of i32, f64) per vector.
    const LANES: usize;
    /// The level this type implements.
    const ISA: Isa;
    /// `Avx512<true>`, which [`dispatch_bf16`] alone creates: its BFloat16 stores are one
    /// instruction.
    const NATIVE_BF16: bool = false;

    /// The token, without detection.
    ///
    /// # Safety
    /// The CPU must support the level (a token of it was obtained before, or [`Level`] says so).
    unsafe fn assume() -> Self;

    /// The level, as a [`Level`] (the token proves it is supported).
    #[inline(always)]
    fn level(self) -> Level {
        Level::of_token(Self::ISA)
    }

    /// Runs `k` with this level's target features enabled (the inside of [`dispatch`]).
    fn call<K: Kernel>(self, k: K) -> K::Output;

    // ---- f32: memory ------------------------------------------------------------------------

    fn splat(self, x: f32) -> Self::F32;
    #[inline(always)]
    fn zero(self) -> Self::F32 {
        self.splat(0.0)
    }
    unsafe fn load(self, p: *const f32) -> Self::F32;
    unsafe fn store(self, p: *mut f32, v: Self::F32);
    unsafe fn load_n(self, p: *const f32, n: usize) -> Self::F32;
    unsafe fn store_n(self, p: *mut f32, n: usize, v: Self::F32);
    /// The lanes of `m` from `p + lane`, zeros elsewhere; the memory of the other lanes is
    /// never read (a gap, or the edge of an allocation, may sit under them).
    unsafe fn load_masked(self, p: *const f32, m: Self::Mask) -> Self::F32;
    /// [`Simd::store`] past the caches (non-temporal), for outs larger than the last-level
    /// cache; `p` aligned to `LANES * 4` bytes. Other threads see it only after [`Simd::sfence`].
    /// A plain store where the level has none.
    unsafe fn stream(self, p: *mut f32, v: Self::F32);
    /// Orders earlier streaming stores before later stores (a task ends with it).
    fn sfence(self);
    /// A hint to bring the cache line holding `p` closer (never faults, reads nothing).
    fn prefetch(self, p: *const u8);
    /// `base[idx[i]]` per lane.
    unsafe fn gather(self, base: *const f32, idx: Self::I32) -> Self::F32;

    /// `LANES` Half values widened (exact; a signaling NaN comes back quiet, as `half`).
    unsafe fn load_f16(self, p: *const u16) -> Self::F32;
    unsafe fn load_f16_n(self, p: *const u16, n: usize) -> Self::F32;
    /// Rounded to Half (nearest even, overflow to infinity, NaN quiet with its high payload:
    /// `half::f16::from_f32`) and stored.
    unsafe fn store_f16(self, p: *mut u16, v: Self::F32);
    unsafe fn store_f16_n(self, p: *mut u16, n: usize, v: Self::F32);
    /// `LANES` BFloat16 values widened (exact: the bits moved up; NaNs keep their bits).
    unsafe fn load_bf16(self, p: *const u16) -> Self::F32;
    unsafe fn load_bf16_n(self, p: *const u16, n: usize) -> Self::F32;
    /// Rounded to BFloat16 (nearest even, NaN quiet with its high payload:
    /// `half::bf16::from_f32`) and stored.
    unsafe fn store_bf16(self, p: *mut u16, v: Self::F32);
    unsafe fn store_bf16_n(self, p: *mut u16, n: usize, v: Self::F32);
    /// Rounded to Half and back (`f16::from_f32(x).to_f32()`).
    fn round_f16(self, a: Self::F32) -> Self::F32;
    /// Rounded to BFloat16 and back (`bf16::from_f32(x).to_f32()`).
    fn round_bf16(self, a: Self::F32) -> Self::F32;

    // ---- f32: arithmetic --------------------------------------------------------------------

    fn add(self, a: Self::F32, b: Self::F32) -> Self::F32;
    fn sub(self, a: Self::F32, b: Self::F32) -> Self::F32;
    fn mul(self, a: Self::F32, b: Self::F32) -> Self::F32;
    fn div(self, a: Self::F32, b: Self::F32) -> Self::F32;
    /// `a * b + c` rounded once (Scalar: `f32::mul_add`, slow without FMA hardware). Never
    /// implied: kernels that must equal a multiply and an add write those. Which NaN a NaN
    /// result carries (payload, sign) is the level's.
    fn mul_add(self, a: Self::F32, b: Self::F32, c: Self::F32) -> Self::F32;
    /// `c - a * b` rounded once.
    fn neg_mul_add(self, a: Self::F32, b: Self::F32, c: Self::F32) -> Self::F32;
    /// Correctly rounded square root.
    fn sqrt(self, a: Self::F32) -> Self::F32;
    /// Flips the sign bit (`-0.0` from `0.0`; NaN stays NaN, its bits kept).
    fn neg(self, a: Self::F32) -> Self::F32;
    /// Clears the sign bit.
    fn abs(self, a: Self::F32) -> Self::F32;
    /// x86 `minps`: `a < b ? a : b` (the second operand when either is NaN, `b` for `±0`).
    /// At Scalar a signaling NaN may pass as a quiet one or propagate (LLVM keeps no
    /// difference between them).
    fn min(self, a: Self::F32, b: Self::F32) -> Self::F32;
    /// x86 `maxps`: `a > b ? a : b`.
    fn max(self, a: Self::F32, b: Self::F32) -> Self::F32;
    /// To the nearest integer, ties to even (`rintf`).
    fn round(self, a: Self::F32) -> Self::F32;
    /// Toward zero (`truncf`: NaN stays NaN, `-0.5` gives `-0.0`).
    fn trunc(self, a: Self::F32) -> Self::F32;
    /// Toward negative infinity.
    fn floor(self, a: Self::F32) -> Self::F32;
    /// Toward positive infinity.
    fn ceil(self, a: Self::F32) -> Self::F32;
    /// Square root within 1 ulp (what ATen's Float `sqrt` gives through MKL's vsSqrt: not
    /// always correctly rounded); exact where the level has no faster way (below AVX-512).
    #[inline(always)]
    fn sqrt_1ulp(self, a: Self::F32) -> Self::F32 {
        self.sqrt(a)
    }
    /// `1 / sqrt(a)` within 1.5 ulp; a correctly rounded square root and a division where the
    /// level has no faster way (below AVX-512).
    #[inline(always)]
    fn rsqrt_1ulp(self, a: Self::F32) -> Self::F32 {
        self.div(self.splat(1.0), self.sqrt(a))
    }
    /// `a / b` as [`Simd::div`] gives it, for a `b` fixed over a run: `r` is `1 / b` rounded,
    /// and a vector whose every `|a|` lies in `[lo, hi]` (where nothing underflows or
    /// overflows) may take Markstein's correction, `q = a r`, `q + r (a - q b)` with the
    /// remainder exact through FMA, which rounds to the same quotient. (The divider is the slow
    /// unit on x86; other levels divide.)
    #[inline(always)]
    fn div_by(
        self,
        a: Self::F32,
        b: Self::F32,
        _r: Self::F32,
        _lo: Self::F32,
        _hi: Self::F32,
    ) -> Self::F32 {
        self.div(a, b)
    }

    /// Bitwise operations on the lanes' bits.
    fn and(self, a: Self::F32, b: Self::F32) -> Self::F32;
    fn or(self, a: Self::F32, b: Self::F32) -> Self::F32;
    fn xor(self, a: Self::F32, b: Self::F32) -> Self::F32;

    // ---- f32: comparisons and selection -----------------------------------------------------

    /// `a == b` (false when either is NaN).
    fn eq(self, a: Self::F32, b: Self::F32) -> Self::Mask;
    /// `a != b` (true when either is NaN).
    fn ne(self, a: Self::F32, b: Self::F32) -> Self::Mask;
    /// `a < b` (false when either is NaN).
    fn lt(self, a: Self::F32, b: Self::F32) -> Self::Mask;
    /// `a <= b` (false when either is NaN).
    fn le(self, a: Self::F32, b: Self::F32) -> Self::Mask;
    /// `a > b`.
    #[inline(always)]
    fn gt(self, a: Self::F32, b: Self::F32) -> Self::Mask {
        self.lt(b, a)
    }
    /// `a >= b`.
    #[inline(always)]
    fn ge(self, a: Self::F32, b: Self::F32) -> Self::Mask {
        self.le(b, a)
    }
    /// `a` is NaN.
    fn is_nan(self, a: Self::F32) -> Self::Mask;
    /// `m ? a : b` per lane.
    fn select(self, m: Self::Mask, a: Self::F32, b: Self::F32) -> Self::F32;
    fn mask_and(self, a: Self::Mask, b: Self::Mask) -> Self::Mask;
    fn mask_or(self, a: Self::Mask, b: Self::Mask) -> Self::Mask;
    fn mask_not(self, a: Self::Mask) -> Self::Mask;
    /// Whether any lane is set.
    fn any(self, m: Self::Mask) -> bool;
    /// Whether every lane is set.
    #[inline(always)]
    fn all(self, m: Self::Mask) -> bool {
        !self.any(self.mask_not(m))
    }
    /// The first `n` lanes set.
    fn first_n(self, n: usize) -> Self::Mask;
    /// Lane `i` set where bit `i` of `bits` is (bits past `LANES` ignored).
    fn mask_from_bits(self, bits: u64) -> Self::Mask;
    /// Writes the mask as `LANES` bytes of 0 or 1 (a Bool tensor).
    unsafe fn store_mask(self, p: *mut u8, m: Self::Mask);
    unsafe fn store_mask_n(self, p: *mut u8, n: usize, m: Self::Mask);
    /// The vector seen as `LANES * 4 / E` elements of `E` bytes (1, 2, 4 or 8): each element
    /// all ones where its condition byte at `p` is non-zero, else zero. Only for
    /// `LANES * 4 >= E`.
    unsafe fn load_byte_mask<const E: usize>(self, p: *const u8) -> Self::F32;
    /// `a` where the bits of `m` are set, `b` elsewhere, for an `m` whose every byte is all
    /// ones or all zeros (as [`Simd::load_byte_mask`] gives: AVX2 selects by bytes).
    fn bitselect(self, m: Self::F32, a: Self::F32, b: Self::F32) -> Self::F32;

    // ---- f32: horizontal ---------------------------------------------------------------------

    /// The sum of the lanes, in a fixed order per level (Scalar, AVX2, NEON: halving, `v[i] +
    /// v[i + L/2]` until one lane is left; AVX-512: `_mm512_reduce_add_ps`).
    fn reduce_sum(self, v: Self::F32) -> f32;
    /// The largest lane by [`Simd::max`], halving as `reduce_sum` (NaN lanes as `max` treats
    /// them: check `is_nan` first where NaN must win).
    fn reduce_max(self, v: Self::F32) -> f32;
    /// The smallest lane by [`Simd::min`].
    fn reduce_min(self, v: Self::F32) -> f32;
    /// Transposes the `LANES x LANES` tile held in `t[..LANES]` (any 4-byte elements).
    fn transpose(self, t: &mut [Self::F32; MAX_LANES]);
    /// The even lanes of `a` then of `b`, and their odd lanes: `(a0, a2, ..., b0, b2, ...)`
    /// and `(a1, a3, ..., b1, b3, ...)` (any 4-byte elements; the inverse of the zips). The
    /// default: the zip pair is a perfect shuffle of `2 LANES` lanes, which `log2(2 LANES)`
    /// applications undo, so `log2(LANES)` of them unzip.
    #[inline(always)]
    fn unzip(self, a: Self::F32, b: Self::F32) -> (Self::F32, Self::F32) {
        let (mut x, mut y) = (self.to_bits(a), self.to_bits(b));
        let mut n = Self::LANES;
        while n > 1 {
            (x, y) = (self.zip_lo_i32(x, y), self.zip_hi_i32(x, y));
            n /= 2;
        }
        (self.from_bits(x), self.from_bits(y))
    }

    // ---- i32 -----------------------------------------------------------------------------------

    fn splat_i32(self, x: i32) -> Self::I32;
    unsafe fn load_i32(self, p: *const i32) -> Self::I32;
    unsafe fn store_i32(self, p: *mut i32, v: Self::I32);
    unsafe fn load_i32_n(self, p: *const i32, n: usize) -> Self::I32;
    unsafe fn store_i32_n(self, p: *mut i32, n: usize, v: Self::I32);
    /// Wrapping.
    fn add_i32(self, a: Self::I32, b: Self::I32) -> Self::I32;
    fn sub_i32(self, a: Self::I32, b: Self::I32) -> Self::I32;
    /// The low 32 bits of the product.
    fn mul_i32(self, a: Self::I32, b: Self::I32) -> Self::I32;
    fn min_i32(self, a: Self::I32, b: Self::I32) -> Self::I32;
    fn max_i32(self, a: Self::I32, b: Self::I32) -> Self::I32;
    fn and_i32(self, a: Self::I32, b: Self::I32) -> Self::I32;
    fn or_i32(self, a: Self::I32, b: Self::I32) -> Self::I32;
    fn xor_i32(self, a: Self::I32, b: Self::I32) -> Self::I32;
    /// Left shift by `N` in `1..32`.
    fn shl_i32<const N: i32>(self, a: Self::I32) -> Self::I32;
    /// Logical right shift by `N` in `1..32`.
    fn shr_i32<const N: i32>(self, a: Self::I32) -> Self::I32;
    /// Arithmetic right shift by `N` in `1..32`.
    fn sra_i32<const N: i32>(self, a: Self::I32) -> Self::I32;
    fn eq_i32(self, a: Self::I32, b: Self::I32) -> Self::Mask;
    fn gt_i32(self, a: Self::I32, b: Self::I32) -> Self::Mask;
    fn select_i32(self, m: Self::Mask, a: Self::I32, b: Self::I32) -> Self::I32;
    /// `(a0, b0, a1, b1, ...)`: the low halves of `a` and `b` interleaved.
    fn zip_lo_i32(self, a: Self::I32, b: Self::I32) -> Self::I32;
    /// `(a[L/2], b[L/2], ...)`: the high halves interleaved.
    fn zip_hi_i32(self, a: Self::I32, b: Self::I32) -> Self::I32;
    /// The wrapping sum of the lanes.
    fn reduce_sum_i32(self, v: Self::I32) -> i32;

    /// The bits of the lanes.
    fn to_bits(self, a: Self::F32) -> Self::I32;
    fn from_bits(self, a: Self::I32) -> Self::F32;
    /// `i32 -> f32`, rounding to nearest even.
    fn from_i32(self, a: Self::I32) -> Self::F32;
    /// `f32 -> i32` rounding to nearest even, for lanes in the `i32` range (others: x86 gives
    /// `i32::MIN`, NEON saturates).
    fn to_i32_round(self, a: Self::F32) -> Self::I32;
    /// `(int32_t)a` as x86-64 computes it at every level (`cvttps2dq`: toward zero; NaN and
    /// values outside the `i32` range give `i32::MIN`).
    fn to_i32_trunc(self, a: Self::F32) -> Self::I32;

    /// `LANES` bytes zero-extended.
    unsafe fn load_u8_as_i32(self, p: *const u8) -> Self::I32;
    /// The first `n <= LANES` bytes zero-extended, the other lanes zero.
    unsafe fn load_u8_as_i32_n(self, p: *const u8, n: usize) -> Self::I32;
    /// `LANES` bytes sign-extended.
    unsafe fn load_i8_as_i32(self, p: *const i8) -> Self::I32;
    /// `LANES` i16 sign-extended.
    unsafe fn load_i16_as_i32(self, p: *const i16) -> Self::I32;
    /// `LANES` u16 zero-extended.
    unsafe fn load_u16_as_i32(self, p: *const u16) -> Self::I32;
    /// The low byte of each lane (`static_cast<int8_t>` / `<uint8_t>`), `LANES` bytes.
    unsafe fn store_i32_as_u8(self, p: *mut u8, v: Self::I32);
    /// The low 16 bits of each lane, `LANES` u16.
    unsafe fn store_i32_as_i16(self, p: *mut i16, v: Self::I32);

    // ---- f64 -----------------------------------------------------------------------------------

    fn splat_f64(self, x: f64) -> Self::F64;
    unsafe fn load_f64(self, p: *const f64) -> Self::F64;
    unsafe fn store_f64(self, p: *mut f64, v: Self::F64);
    unsafe fn load_f64_n(self, p: *const f64, n: usize) -> Self::F64;
    unsafe fn store_f64_n(self, p: *mut f64, n: usize, v: Self::F64);
    fn add_f64(self, a: Self::F64, b: Self::F64) -> Self::F64;
    fn sub_f64(self, a: Self::F64, b: Self::F64) -> Self::F64;
    fn mul_f64(self, a: Self::F64, b: Self::F64) -> Self::F64;
    fn div_f64(self, a: Self::F64, b: Self::F64) -> Self::F64;
    fn sqrt_f64(self, a: Self::F64) -> Self::F64;
    /// `a * b + c` rounded once.
    fn mul_add_f64(self, a: Self::F64, b: Self::F64, c: Self::F64) -> Self::F64;
    /// x86 `minpd` (as [`Simd::min`]).
    fn min_f64(self, a: Self::F64, b: Self::F64) -> Self::F64;
    /// x86 `maxpd`.
    fn max_f64(self, a: Self::F64, b: Self::F64) -> Self::F64;
    fn lt_f64(self, a: Self::F64, b: Self::F64) -> Self::Mask64;
    fn le_f64(self, a: Self::F64, b: Self::F64) -> Self::Mask64;
    fn eq_f64(self, a: Self::F64, b: Self::F64) -> Self::Mask64;
    fn select_f64(self, m: Self::Mask64, a: Self::F64, b: Self::F64) -> Self::F64;
    /// The sum of the lanes: the two halves added, then as the f32 `reduce_sum` of its level.
    fn reduce_sum_f64(self, v: Self::F64) -> f64;
    /// Exact widening.
    fn f32_to_f64(self, a: Self::F32) -> Self::F64;
    /// Narrowing, rounding to nearest even.
    fn f64_to_f32(self, a: Self::F64) -> Self::F32;

    // ---- math ----------------------------------------------------------------------------------

    /// `f` of every lane, as [`UnaryFn::apply`](crate::math::UnaryFn::apply) computes it at
    /// this level (Scalar: libm per lane).
    fn unary(self, f: UnaryFn, x: Self::F32) -> Self::F32;
    /// `f` of `n` floats from `src` into `dst` (equal or disjoint), exactly as
    /// [`UnaryFn::apply`](crate::math::UnaryFn::apply) at this level.
    unsafe fn unary_run(self, f: UnaryFn, src: *const f32, dst: *mut f32, n: usize);
    /// As [`Simd::unary_run`] on Half values (widened, computed, rounded once).
    unsafe fn unary_run_f16(self, f: UnaryFn, src: *const u16, dst: *mut u16, n: usize);
    /// `e^x` (see [`crate::math`] for the accuracy).
    #[inline(always)]
    fn exp(self, x: Self::F32) -> Self::F32 {
        self.unary(UnaryFn::Exp, x)
    }
    /// Natural logarithm.
    #[inline(always)]
    fn log(self, x: Self::F32) -> Self::F32 {
        self.unary(UnaryFn::Log, x)
    }
    /// Hyperbolic tangent.
    #[inline(always)]
    fn tanh(self, x: Self::F32) -> Self::F32 {
        self.unary(UnaryFn::Tanh, x)
    }
    /// The error function.
    #[inline(always)]
    fn erf(self, x: Self::F32) -> Self::F32 {
        self.unary(UnaryFn::Erf, x)
    }
}

/// Work generic over the level: [`dispatch`] calls `run` with the token of the chosen level.
pub trait Kernel {
    /// What the kernel returns.
    type Output;
    /// Implementations must be `#[inline(always)]` so that their body is compiled for `S`'s
    /// level.
    fn run<S: Simd>(self, s: S) -> Self::Output;
}

/// Runs `k` at `level`.
#[inline]
pub fn dispatch<K: Kernel>(level: Level, k: K) -> K::Output {
    match level.isa() {
        // SAFETY: a `Level` exists only for levels the CPU supports.
        #[cfg(all(target_arch = "x86_64", not(miri)))]
        Isa::Avx512 => unsafe { Avx512::<false>::assume() }.call(k),
        // SAFETY: as above.
        #[cfg(all(target_arch = "x86_64", not(miri)))]
        Isa::Avx2 => unsafe { Avx2::assume() }.call(k),
        // SAFETY: as above.
        #[cfg(all(target_arch = "aarch64", not(miri)))]
        Isa::Neon => unsafe { Neon::assume() }.call(k),
        _ => Scalar.call(k),
    }
}

/// As [`dispatch`], but at the AVX-512 level on a CPU with AVX512-BF16 the kernel gets
/// `Avx512<true>`, whose BFloat16 stores are `vcvtneps2bf16` (the same results). For kernels
/// that store BFloat16, so that the others are not compiled twice.
#[inline]
pub fn dispatch_bf16<K: Kernel>(level: Level, k: K) -> K::Output {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    if level == Isa::Avx512 && crate::cpu_features().avx512_bf16 {
        // SAFETY: AVX-512 F/BW/DQ/VL (the level) and AVX512-BF16 were detected.
        return unsafe { Avx512::<true>::assume() }.call(k);
    }
    dispatch(level, k)
}

/// Asks for the cache line holding `p` to be brought into L1, from code that is not a
/// [`Kernel`] (the baseline's prefetch: SSE's `prefetcht0`, NEON's `prfm pldl1keep`). A hint:
/// it never faults, whatever the address; nothing under Miri or on other targets.
#[inline(always)]
pub fn prefetch(p: *const u8) {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    // SAFETY: SSE is part of x86-64; a prefetch reads nothing architecturally.
    unsafe {
        core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(p as *const i8)
    };
    #[cfg(all(target_arch = "aarch64", not(miri)))]
    // SAFETY: a prefetch reads nothing architecturally and never faults.
    unsafe {
        core::arch::asm!("prfm pldl1keep, [{p}]", p = in(reg) p,
             options(nostack, readonly, preserves_flags));
    }
    #[cfg(any(miri, not(any(target_arch = "x86_64", target_arch = "aarch64"))))]
    let _ = p;
}

/// `(int32_t)x` as x86-64 computes it (`cvttss2si`: toward zero, `i32::MIN` for NaN and
/// out-of-range values), written so that it vectorizes.
#[inline(always)]
pub fn f32_to_i32_x86(x: f32) -> i32 {
    if (-2_147_483_648.0..2_147_483_648.0).contains(&x) {
        // SAFETY: in range (`as` would add saturation code that keeps a loop scalar).
        unsafe { x.to_int_unchecked::<i32>() }
    } else {
        i32::MIN
    }
}

/// `f32 -> bf16` bits as `half::bf16::from_f32` (nearest even; NaN quiet, high payload kept).
#[inline(always)]
pub fn f32_to_bf16_bits(x: f32) -> u16 {
    let b = x.to_bits();
    if x.is_nan() {
        return ((b >> 16) | 0x40) as u16;
    }
    ((b + 0x7fff + ((b >> 16) & 1)) >> 16) as u16
}

/// `n` elements of `T` from `src` to `dst`, as bytes: the tails of loads and stores take any
/// alignment, as the whole-vector ones do (a Half run read as 4-byte words is 2-aligned).
///
/// # Safety
/// Both ranges valid for `n` elements and disjoint.
#[cfg(all(any(target_arch = "x86_64", target_arch = "aarch64"), not(miri)))]
#[inline(always)]
unsafe fn copy_elems<T>(src: *const T, dst: *mut T, n: usize) {
    // SAFETY: as the caller vouches.
    unsafe {
        core::ptr::copy_nonoverlapping(src.cast::<u8>(), dst.cast::<u8>(), n * size_of::<T>())
    }
}

#[cfg(test)]
mod tests;
