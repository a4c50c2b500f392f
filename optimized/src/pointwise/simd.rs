//! The f32 vector vocabulary the pointwise slice kernels are written in, once, generically:
//! [`Simd`] is implemented by a one-lane scalar type, an 8-lane AVX2 type and a 16-lane AVX-512
//! type. [`dispatch`] runs a [`Kernel`] with the type of an [`Isa`], compiled inside a
//! `#[target_feature]` function for that ISA, so everything the kernel inlines (its walk over
//! runs, the op's body, these methods) is compiled for that ISA.
//!
//! Every primitive has the same answer on every ISA (IEEE add/sub/mul/div/sqrt are correctly
//! rounded; no FMA contraction; comparisons are the ordered ones, `ne` the unordered one), so an
//! op written over [`Simd`] gives bit-identical results on every path and on its tails.
//!
//! Safety invariant: values of [`Avx2`] and [`Avx512`] are only created by [`dispatch`] and
//! [`dispatch_bf16`] after the CPU was found to support them (through
//! `Isa::clamp_to_detected`, and `cpu_features().avx512_bf16` for `Avx512<true>`).

use etk_simd::Isa;

/// One lane of f32 per "vector": the portable path, and the reference every other path equals.
/// It carries the level the call runs at ([`Simd::level`]): `Scalar`, or `Neon` on aarch64,
/// where the compiler vectorizes these loops and `etk_simd`'s math has NEON kernels.
#[derive(Clone, Copy, Debug)]
pub struct Scalar(Isa);

/// 8 lanes of f32 (AVX2 + FMA + F16C).
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug)]
pub struct Avx2(());

/// 16 lanes of f32 (AVX-512 F/BW/DQ/VL). With `BF16`, also AVX512-BF16, whose
/// `vcvtneps2bf16` narrows to BFloat16 in one instruction (see [`dispatch_bf16`]).
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug)]
pub struct Avx512<const BF16: bool = false>(());

/// The vector operations slice kernels use. Methods taking pointers are `unsafe`: the pointer
/// must be valid for the lanes named.
pub trait Simd: Copy + Send + Sync + 'static {
    /// Lanes of f32.
    type V: Copy;
    /// A per-lane boolean.
    type M: Copy;
    /// Lanes per vector.
    const LANES: usize;
    /// The level this type implements.
    const ISA: Isa;
    /// The level the call runs at, for the `etk_simd` functions a kernel calls: [`Simd::ISA`],
    /// except that [`Scalar`] also serves `Neon`.
    #[inline(always)]
    fn level(self) -> Isa {
        Self::ISA
    }
    /// `Avx512<true>`, which [`dispatch_bf16`] alone creates, for calls that store BFloat16.
    const NATIVE_BF16: bool = false;

    fn splat(self, x: f32) -> Self::V;
    /// # Safety
    /// `p` valid for reading `LANES` floats.
    unsafe fn load(self, p: *const f32) -> Self::V;
    /// # Safety
    /// `p` valid for writing `LANES` floats.
    unsafe fn store(self, p: *mut f32, v: Self::V);
    /// [`Simd::store`] past the caches (a non-temporal store): for outs larger than the
    /// last-level cache, whose lines would otherwise be read before being overwritten.
    /// Ordered with other threads' reads only after [`Simd::sfence`].
    ///
    /// # Safety
    /// `p` valid for writing `LANES` floats and aligned to `LANES * 4` bytes.
    unsafe fn stream(self, p: *mut f32, v: Self::V);
    /// Orders the streaming stores before any later store (a task ends with it).
    fn sfence(self);
    /// The first `n < LANES` lanes from `p`, the others zero.
    ///
    /// # Safety
    /// `p` valid for reading `n` floats.
    unsafe fn load_n(self, p: *const f32, n: usize) -> Self::V;
    /// Writes the first `n < LANES` lanes to `p`.
    ///
    /// # Safety
    /// `p` valid for writing `n` floats.
    unsafe fn store_n(self, p: *mut f32, n: usize, v: Self::V);

    /// `LANES` Half values from `p`, widened (exact).
    ///
    /// # Safety
    /// `p` valid for reading `LANES` u16.
    unsafe fn load_f16(self, p: *const u16) -> Self::V;
    /// The first `n < LANES` Half values from `p`, widened; the other lanes zero.
    ///
    /// # Safety
    /// `p` valid for reading `n` u16.
    unsafe fn load_f16_n(self, p: *const u16, n: usize) -> Self::V;
    /// `LANES` BFloat16 values from `p`, widened (exact).
    ///
    /// # Safety
    /// `p` valid for reading `LANES` u16.
    unsafe fn load_bf16(self, p: *const u16) -> Self::V;
    /// The first `n < LANES` BFloat16 values from `p`, widened.
    ///
    /// # Safety
    /// `p` valid for reading `n` u16.
    unsafe fn load_bf16_n(self, p: *const u16, n: usize) -> Self::V;
    /// Narrows to Half (round to nearest even, as `half::f16::from_f32`) and stores `LANES`.
    ///
    /// # Safety
    /// `p` valid for writing `LANES` u16.
    unsafe fn store_f16(self, p: *mut u16, v: Self::V);
    /// Narrows to Half and stores the first `n < LANES` lanes.
    ///
    /// # Safety
    /// `p` valid for writing `n` u16.
    unsafe fn store_f16_n(self, p: *mut u16, n: usize, v: Self::V);
    /// Narrows to BFloat16 (round to nearest even, NaN kept quiet, as `half::bf16::from_f32`)
    /// and stores `LANES`.
    ///
    /// # Safety
    /// `p` valid for writing `LANES` u16.
    unsafe fn store_bf16(self, p: *mut u16, v: Self::V);
    /// Narrows to BFloat16 and stores the first `n < LANES` lanes.
    ///
    /// # Safety
    /// `p` valid for writing `n` u16.
    unsafe fn store_bf16_n(self, p: *mut u16, n: usize, v: Self::V);

    fn add(self, a: Self::V, b: Self::V) -> Self::V;
    fn sub(self, a: Self::V, b: Self::V) -> Self::V;
    fn mul(self, a: Self::V, b: Self::V) -> Self::V;
    fn div(self, a: Self::V, b: Self::V) -> Self::V;
    /// Correctly rounded square root.
    fn sqrt(self, a: Self::V) -> Self::V;
    /// Rounds toward zero (C `truncf`: NaN stays NaN, `-0.5` gives `-0.0`).
    fn trunc(self, a: Self::V) -> Self::V;
    /// Square root within 1 ulp (what ATen's Float `sqrt` gives through MKL's vsSqrt: not
    /// always correctly rounded); exact where the level has no faster way.
    #[inline(always)]
    fn sqrt_1ulp(self, a: Self::V) -> Self::V {
        self.sqrt(a)
    }
    /// `1 / sqrt(a)` within 1.5 ulp (ATen's Float `rsqrt` is not correctly rounded either;
    /// the exact square root and a division round twice).
    #[inline(always)]
    fn rsqrt_1ulp(self, a: Self::V) -> Self::V {
        self.div(self.splat(1.0), self.sqrt(a))
    }
    /// `a / b` as [`Simd::div`] gives it (correctly rounded), for a `b` fixed over a run: `r`
    /// is `1 / b` rounded, and lanes whose `|a|` lies in `[lo, hi]` (where nothing below
    /// underflows or overflows) may take Markstein's correction instead of the division,
    /// `q = a r`, `q + r (a - q b)` with the remainder exact through FMA, which rounds to the
    /// same quotient. The divider is the slow unit here; a vector with any lane outside
    /// `[lo, hi]` (zero, subnormal, huge, inf, NaN) divides.
    #[inline(always)]
    fn div_by(self, a: Self::V, b: Self::V, _r: Self::V, _lo: Self::V, _hi: Self::V) -> Self::V {
        self.div(a, b)
    }
    /// `(int32_t)a` per lane as x86-64 computes it (`cvttps2dq`: toward zero; NaN and values
    /// outside the int32 range give `i32::MIN`), its bits returned in the f32 lanes.
    fn to_i32_x86(self, a: Self::V) -> Self::V;
    /// Flips the sign bit (`-0.0` from `0.0`, NaN stays NaN).
    fn neg(self, a: Self::V) -> Self::V;
    /// Clears the sign bit.
    fn abs(self, a: Self::V) -> Self::V;

    /// `a == b` (false when either is NaN).
    fn eq(self, a: Self::V, b: Self::V) -> Self::M;
    /// `a != b` (true when either is NaN).
    fn ne(self, a: Self::V, b: Self::V) -> Self::M;
    /// `a < b` (false when either is NaN).
    fn lt(self, a: Self::V, b: Self::V) -> Self::M;
    /// `a <= b` (false when either is NaN).
    fn le(self, a: Self::V, b: Self::V) -> Self::M;
    /// `a` is NaN.
    fn is_nan(self, a: Self::V) -> Self::M;
    /// `m ? a : b` per lane.
    fn select(self, m: Self::M, a: Self::V, b: Self::V) -> Self::V;
    /// Writes the mask as `LANES` bytes of 0 or 1.
    ///
    /// # Safety
    /// `p` valid for writing `LANES` bytes.
    unsafe fn store_mask(self, p: *mut u8, m: Self::M);
    /// Writes the first `n < LANES` lanes of the mask as bytes of 0 or 1.
    ///
    /// # Safety
    /// `p` valid for writing `n` bytes.
    unsafe fn store_mask_n(self, p: *mut u8, n: usize, m: Self::M);
    /// The vector seen as `LANES * 4 / E` elements of `E` bytes (1, 2, 4 or 8): each element
    /// all ones where its condition byte at `p` is non-zero, else zero. Only called where
    /// `LANES * 4 >= E`.
    ///
    /// # Safety
    /// `p` valid for reading `LANES * 4 / E` bytes.
    unsafe fn load_byte_mask<const E: usize>(self, p: *const u8) -> Self::V;
    /// `a` where the bits of `m` are set, `b` elsewhere.
    fn bitselect(self, m: Self::V, a: Self::V, b: Self::V) -> Self::V;
}

/// `(int32_t)x` as x86-64 computes it (`cvttss2si`), equal to
/// `etk_core::element::f64_to_i32_x86(x as f64)`, written so that it vectorizes
/// (`vcvttps2dq` and a blend).
#[inline(always)]
pub(crate) fn f32_to_i32_x86(x: f32) -> i32 {
    if (-2_147_483_648.0..2_147_483_648.0).contains(&x) {
        // SAFETY: in range (`as` would add saturation code that keeps the loop scalar).
        unsafe { x.to_int_unchecked::<i32>() }
    } else {
        i32::MIN
    }
}

impl Simd for Scalar {
    type V = f32;
    type M = bool;
    const LANES: usize = 1;
    const ISA: Isa = Isa::Scalar;
    #[inline(always)]
    fn level(self) -> Isa {
        self.0
    }

    #[inline(always)]
    fn splat(self, x: f32) -> f32 {
        x
    }
    #[inline(always)]
    unsafe fn load(self, p: *const f32) -> f32 {
        unsafe { *p }
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut f32, v: f32) {
        unsafe { *p = v }
    }
    #[inline(always)]
    unsafe fn stream(self, p: *mut f32, v: f32) {
        unsafe { *p = v }
    }
    #[inline(always)]
    fn sfence(self) {}
    #[inline(always)]
    unsafe fn load_n(self, _p: *const f32, _n: usize) -> f32 {
        0.0
    }
    #[inline(always)]
    unsafe fn store_n(self, _p: *mut f32, _n: usize, _v: f32) {}
    #[inline(always)]
    unsafe fn load_f16(self, p: *const u16) -> f32 {
        half::f16::from_bits(unsafe { *p }).to_f32()
    }
    #[inline(always)]
    unsafe fn load_f16_n(self, _p: *const u16, _n: usize) -> f32 {
        0.0
    }
    #[inline(always)]
    unsafe fn load_bf16(self, p: *const u16) -> f32 {
        half::bf16::from_bits(unsafe { *p }).to_f32()
    }
    #[inline(always)]
    unsafe fn load_bf16_n(self, _p: *const u16, _n: usize) -> f32 {
        0.0
    }
    #[inline(always)]
    unsafe fn store_f16(self, p: *mut u16, v: f32) {
        unsafe { *p = half::f16::from_f32(v).to_bits() }
    }
    #[inline(always)]
    unsafe fn store_f16_n(self, _p: *mut u16, _n: usize, _v: f32) {}
    #[inline(always)]
    unsafe fn store_bf16(self, p: *mut u16, v: f32) {
        unsafe { *p = half::bf16::from_f32(v).to_bits() }
    }
    #[inline(always)]
    unsafe fn store_bf16_n(self, _p: *mut u16, _n: usize, _v: f32) {}
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
    fn sqrt(self, a: f32) -> f32 {
        a.sqrt()
    }
    #[inline(always)]
    fn trunc(self, a: f32) -> f32 {
        a.trunc()
    }
    #[inline(always)]
    fn to_i32_x86(self, a: f32) -> f32 {
        f32::from_bits(f32_to_i32_x86(a) as u32)
    }
    #[inline(always)]
    fn neg(self, a: f32) -> f32 {
        -a
    }
    #[inline(always)]
    fn abs(self, a: f32) -> f32 {
        a.abs()
    }
    #[inline(always)]
    fn eq(self, a: f32, b: f32) -> bool {
        a == b
    }
    #[inline(always)]
    fn ne(self, a: f32, b: f32) -> bool {
        a != b
    }
    #[inline(always)]
    fn lt(self, a: f32, b: f32) -> bool {
        a < b
    }
    #[inline(always)]
    fn le(self, a: f32, b: f32) -> bool {
        a <= b
    }
    #[inline(always)]
    fn is_nan(self, a: f32) -> bool {
        a.is_nan()
    }
    #[inline(always)]
    fn select(self, m: bool, a: f32, b: f32) -> f32 {
        if m { a } else { b }
    }
    #[inline(always)]
    unsafe fn store_mask(self, p: *mut u8, m: bool) {
        unsafe { *p = m as u8 }
    }
    #[inline(always)]
    unsafe fn store_mask_n(self, _p: *mut u8, _n: usize, _m: bool) {}
    #[inline(always)]
    unsafe fn load_byte_mask<const E: usize>(self, p: *const u8) -> f32 {
        // One 4-byte lane: a whole element for E = 4 (the only size this level is given).
        f32::from_bits(if unsafe { *p } != 0 { u32::MAX } else { 0 })
    }
    #[inline(always)]
    fn bitselect(self, m: f32, a: f32, b: f32) -> f32 {
        f32::from_bits((m.to_bits() & a.to_bits()) | (!m.to_bits() & b.to_bits()))
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{Avx2, Avx512, Simd};
    use core::arch::x86_64::*;
    use etk_simd::Isa;

    /// Byte `i` of entry `m` is bit `i` of `m`: an 8-lane mask as eight 0/1 bytes.
    static MASK_BYTES: [u64; 256] = {
        let mut t = [0u64; 256];
        let mut m = 0;
        while m < 256 {
            let mut i = 0;
            while i < 8 {
                if m & (1 << i) != 0 {
                    t[m] |= 1 << (8 * i);
                }
                i += 1;
            }
            m += 1;
        }
        t
    };

    // SAFETY (every method below): `Avx2` values exist only once AVX2 + FMA + F16C were
    // detected (module invariant), and pointers are valid as each method's contract says.
    impl Simd for Avx2 {
        type V = __m256;
        type M = __m256;
        const LANES: usize = 8;
        const ISA: Isa = Isa::Avx2;

        #[inline(always)]
        fn splat(self, x: f32) -> __m256 {
            unsafe { _mm256_set1_ps(x) }
        }
        #[inline(always)]
        unsafe fn load(self, p: *const f32) -> __m256 {
            unsafe { _mm256_loadu_ps(p) }
        }
        #[inline(always)]
        unsafe fn store(self, p: *mut f32, v: __m256) {
            unsafe { _mm256_storeu_ps(p, v) }
        }
        #[inline(always)]
        unsafe fn stream(self, p: *mut f32, v: __m256) {
            unsafe { _mm256_stream_ps(p, v) }
        }
        #[inline(always)]
        fn sfence(self) {
            unsafe { _mm_sfence() }
        }
        #[inline(always)]
        unsafe fn load_n(self, p: *const f32, n: usize) -> __m256 {
            unsafe { _mm256_maskload_ps(p, tail_mask(n)) }
        }
        #[inline(always)]
        unsafe fn store_n(self, p: *mut f32, n: usize, v: __m256) {
            unsafe { _mm256_maskstore_ps(p, tail_mask(n), v) }
        }
        #[inline(always)]
        unsafe fn load_f16(self, p: *const u16) -> __m256 {
            unsafe { _mm256_cvtph_ps(_mm_loadu_si128(p as *const __m128i)) }
        }
        #[inline(always)]
        unsafe fn load_f16_n(self, p: *const u16, n: usize) -> __m256 {
            let mut b = [0u16; 8];
            unsafe {
                core::ptr::copy_nonoverlapping(p, b.as_mut_ptr(), n.min(8));
                self.load_f16(b.as_ptr())
            }
        }
        #[inline(always)]
        unsafe fn load_bf16(self, p: *const u16) -> __m256 {
            unsafe {
                let w = _mm256_cvtepu16_epi32(_mm_loadu_si128(p as *const __m128i));
                _mm256_castsi256_ps(_mm256_slli_epi32::<16>(w))
            }
        }
        #[inline(always)]
        unsafe fn load_bf16_n(self, p: *const u16, n: usize) -> __m256 {
            let mut b = [0u16; 8];
            unsafe {
                core::ptr::copy_nonoverlapping(p, b.as_mut_ptr(), n.min(8));
                self.load_bf16(b.as_ptr())
            }
        }
        #[inline(always)]
        unsafe fn store_f16(self, p: *mut u16, v: __m256) {
            unsafe {
                let h = _mm256_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>(v);
                _mm_storeu_si128(p as *mut __m128i, h)
            }
        }
        #[inline(always)]
        unsafe fn store_f16_n(self, p: *mut u16, n: usize, v: __m256) {
            let mut b = [0u16; 8];
            unsafe {
                self.store_f16(b.as_mut_ptr(), v);
                core::ptr::copy_nonoverlapping(b.as_ptr(), p, n.min(8));
            }
        }
        #[inline(always)]
        unsafe fn store_bf16(self, p: *mut u16, v: __m256) {
            unsafe {
                let x = _mm256_castps_si256(v);
                let lsb = _mm256_and_si256(_mm256_srli_epi32::<16>(x), _mm256_set1_epi32(1));
                let bias = _mm256_add_epi32(_mm256_set1_epi32(0x7fff), lsb);
                let rounded = _mm256_srli_epi32::<16>(_mm256_add_epi32(x, bias));
                let quiet = _mm256_or_si256(_mm256_srli_epi32::<16>(x), _mm256_set1_epi32(0x40));
                let nan = _mm256_castps_si256(_mm256_cmp_ps::<_CMP_UNORD_Q>(v, v));
                let r = _mm256_blendv_epi8(rounded, quiet, nan);
                let packed =
                    _mm_packus_epi32(_mm256_castsi256_si128(r), _mm256_extracti128_si256::<1>(r));
                _mm_storeu_si128(p as *mut __m128i, packed)
            }
        }
        #[inline(always)]
        unsafe fn store_bf16_n(self, p: *mut u16, n: usize, v: __m256) {
            let mut b = [0u16; 8];
            unsafe {
                self.store_bf16(b.as_mut_ptr(), v);
                core::ptr::copy_nonoverlapping(b.as_ptr(), p, n.min(8));
            }
        }
        #[inline(always)]
        fn add(self, a: __m256, b: __m256) -> __m256 {
            unsafe { _mm256_add_ps(a, b) }
        }
        #[inline(always)]
        fn sub(self, a: __m256, b: __m256) -> __m256 {
            unsafe { _mm256_sub_ps(a, b) }
        }
        #[inline(always)]
        fn mul(self, a: __m256, b: __m256) -> __m256 {
            unsafe { _mm256_mul_ps(a, b) }
        }
        #[inline(always)]
        fn div(self, a: __m256, b: __m256) -> __m256 {
            unsafe { _mm256_div_ps(a, b) }
        }
        #[inline(always)]
        fn sqrt(self, a: __m256) -> __m256 {
            unsafe { _mm256_sqrt_ps(a) }
        }
        #[inline(always)]
        fn trunc(self, a: __m256) -> __m256 {
            unsafe { _mm256_round_ps::<{ _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC }>(a) }
        }
        #[inline(always)]
        fn to_i32_x86(self, a: __m256) -> __m256 {
            unsafe { _mm256_castsi256_ps(_mm256_cvttps_epi32(a)) }
        }
        #[inline(always)]
        fn div_by(self, a: __m256, b: __m256, r: __m256, lo: __m256, hi: __m256) -> __m256 {
            unsafe {
                let m = _mm256_andnot_ps(_mm256_set1_ps(-0.0), a);
                let outside = _mm256_or_ps(
                    _mm256_cmp_ps::<_CMP_NGE_UQ>(m, lo),
                    _mm256_cmp_ps::<_CMP_NLE_UQ>(m, hi),
                );
                if _mm256_testz_ps(outside, outside) == 0 {
                    return _mm256_div_ps(a, b);
                }
                let q = _mm256_mul_ps(a, r);
                _mm256_fmadd_ps(_mm256_fnmadd_ps(q, b, a), r, q)
            }
        }
        #[inline(always)]
        fn neg(self, a: __m256) -> __m256 {
            unsafe { _mm256_xor_ps(a, _mm256_set1_ps(-0.0)) }
        }
        #[inline(always)]
        fn abs(self, a: __m256) -> __m256 {
            unsafe { _mm256_andnot_ps(_mm256_set1_ps(-0.0), a) }
        }
        #[inline(always)]
        fn eq(self, a: __m256, b: __m256) -> __m256 {
            unsafe { _mm256_cmp_ps::<_CMP_EQ_OQ>(a, b) }
        }
        #[inline(always)]
        fn ne(self, a: __m256, b: __m256) -> __m256 {
            unsafe { _mm256_cmp_ps::<_CMP_NEQ_UQ>(a, b) }
        }
        #[inline(always)]
        fn lt(self, a: __m256, b: __m256) -> __m256 {
            unsafe { _mm256_cmp_ps::<_CMP_LT_OQ>(a, b) }
        }
        #[inline(always)]
        fn le(self, a: __m256, b: __m256) -> __m256 {
            unsafe { _mm256_cmp_ps::<_CMP_LE_OQ>(a, b) }
        }
        #[inline(always)]
        fn is_nan(self, a: __m256) -> __m256 {
            unsafe { _mm256_cmp_ps::<_CMP_UNORD_Q>(a, a) }
        }
        #[inline(always)]
        fn select(self, m: __m256, a: __m256, b: __m256) -> __m256 {
            unsafe { _mm256_blendv_ps(b, a, m) }
        }
        #[inline(always)]
        unsafe fn store_mask(self, p: *mut u8, m: __m256) {
            let bits = unsafe { _mm256_movemask_ps(m) } as usize;
            unsafe { (p as *mut u64).write_unaligned(MASK_BYTES[bits & 255]) }
        }
        #[inline(always)]
        unsafe fn store_mask_n(self, p: *mut u8, n: usize, m: __m256) {
            let bits = unsafe { _mm256_movemask_ps(m) } as usize;
            let bytes = MASK_BYTES[bits & 255].to_le_bytes();
            unsafe { core::ptr::copy_nonoverlapping(bytes.as_ptr(), p, n.min(8)) }
        }
        #[inline(always)]
        unsafe fn load_byte_mask<const E: usize>(self, p: *const u8) -> __m256 {
            unsafe {
                let zero = _mm256_setzero_si256();
                let false_ = match E {
                    1 => _mm256_cmpeq_epi8(_mm256_loadu_si256(p as *const __m256i), zero),
                    2 => {
                        let c = _mm256_cvtepu8_epi16(_mm_loadu_si128(p as *const __m128i));
                        _mm256_cmpeq_epi16(c, zero)
                    }
                    4 => {
                        let c = _mm256_cvtepu8_epi32(_mm_loadl_epi64(p as *const __m128i));
                        _mm256_cmpeq_epi32(c, zero)
                    }
                    _ => {
                        let c = (p as *const i32).read_unaligned();
                        _mm256_cmpeq_epi64(_mm256_cvtepu8_epi64(_mm_cvtsi32_si128(c)), zero)
                    }
                };
                _mm256_castsi256_ps(_mm256_xor_si256(false_, _mm256_set1_epi32(-1)))
            }
        }
        #[inline(always)]
        fn bitselect(self, m: __m256, a: __m256, b: __m256) -> __m256 {
            unsafe {
                let (m, a, b) = (
                    _mm256_castps_si256(m),
                    _mm256_castps_si256(a),
                    _mm256_castps_si256(b),
                );
                _mm256_castsi256_ps(_mm256_blendv_epi8(b, a, m))
            }
        }
    }

    /// Lanes `i < n` all ones.
    #[inline(always)]
    fn tail_mask(n: usize) -> __m256i {
        unsafe {
            _mm256_cmpgt_epi32(
                _mm256_set1_epi32(n as i32),
                _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7),
            )
        }
    }

    // SAFETY (every method below): `Avx512` values exist only once AVX-512 F/BW/DQ/VL (and
    // AVX512-BF16 for `Avx512<true>`) were detected (module invariant), and pointers are valid
    // as each method's contract says.
    impl<const BF16: bool> Simd for Avx512<BF16> {
        type V = __m512;
        type M = __mmask16;
        const LANES: usize = 16;
        const ISA: Isa = Isa::Avx512;
        const NATIVE_BF16: bool = BF16;

        #[inline(always)]
        fn splat(self, x: f32) -> __m512 {
            unsafe { _mm512_set1_ps(x) }
        }
        #[inline(always)]
        unsafe fn load(self, p: *const f32) -> __m512 {
            unsafe { _mm512_loadu_ps(p) }
        }
        #[inline(always)]
        unsafe fn store(self, p: *mut f32, v: __m512) {
            unsafe { _mm512_storeu_ps(p, v) }
        }
        #[inline(always)]
        unsafe fn stream(self, p: *mut f32, v: __m512) {
            unsafe { _mm512_stream_ps(p, v) }
        }
        #[inline(always)]
        fn sfence(self) {
            unsafe { _mm_sfence() }
        }
        #[inline(always)]
        unsafe fn load_n(self, p: *const f32, n: usize) -> __m512 {
            unsafe { _mm512_maskz_loadu_ps(low_bits(n), p) }
        }
        #[inline(always)]
        unsafe fn store_n(self, p: *mut f32, n: usize, v: __m512) {
            unsafe { _mm512_mask_storeu_ps(p, low_bits(n), v) }
        }
        #[inline(always)]
        unsafe fn load_f16(self, p: *const u16) -> __m512 {
            unsafe { _mm512_cvtph_ps(_mm256_loadu_si256(p as *const __m256i)) }
        }
        #[inline(always)]
        unsafe fn load_f16_n(self, p: *const u16, n: usize) -> __m512 {
            unsafe { _mm512_cvtph_ps(_mm256_maskz_loadu_epi16(low_bits(n), p as *const i16)) }
        }
        #[inline(always)]
        unsafe fn load_bf16(self, p: *const u16) -> __m512 {
            unsafe { widen_bf16(_mm256_loadu_si256(p as *const __m256i)) }
        }
        #[inline(always)]
        unsafe fn load_bf16_n(self, p: *const u16, n: usize) -> __m512 {
            unsafe { widen_bf16(_mm256_maskz_loadu_epi16(low_bits(n), p as *const i16)) }
        }
        #[inline(always)]
        unsafe fn store_f16(self, p: *mut u16, v: __m512) {
            unsafe {
                let h = _mm512_cvtps_ph::<{ _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC }>(v);
                _mm256_storeu_si256(p as *mut __m256i, h)
            }
        }
        #[inline(always)]
        unsafe fn store_f16_n(self, p: *mut u16, n: usize, v: __m512) {
            // through a buffer: LLVM has been seen to widen a masked 16-bit store of a
            // narrowed splat into 32-bit lanes, writing one element past the mask.
            let mut b = [0u16; 16];
            unsafe {
                self.store_f16(b.as_mut_ptr(), v);
                core::ptr::copy_nonoverlapping(b.as_ptr(), p, n.min(16));
            }
        }
        #[inline(always)]
        unsafe fn store_bf16(self, p: *mut u16, v: __m512) {
            unsafe { _mm256_storeu_si256(p as *mut __m256i, self.bf16_bits(v)) }
        }
        #[inline(always)]
        unsafe fn store_bf16_n(self, p: *mut u16, n: usize, v: __m512) {
            // through a buffer, as `store_f16_n`.
            let mut b = [0u16; 16];
            unsafe {
                self.store_bf16(b.as_mut_ptr(), v);
                core::ptr::copy_nonoverlapping(b.as_ptr(), p, n.min(16));
            }
        }
        #[inline(always)]
        fn add(self, a: __m512, b: __m512) -> __m512 {
            unsafe { _mm512_add_ps(a, b) }
        }
        #[inline(always)]
        fn sub(self, a: __m512, b: __m512) -> __m512 {
            unsafe { _mm512_sub_ps(a, b) }
        }
        #[inline(always)]
        fn mul(self, a: __m512, b: __m512) -> __m512 {
            unsafe { _mm512_mul_ps(a, b) }
        }
        #[inline(always)]
        fn div(self, a: __m512, b: __m512) -> __m512 {
            unsafe { _mm512_div_ps(a, b) }
        }
        #[inline(always)]
        fn sqrt(self, a: __m512) -> __m512 {
            unsafe { _mm512_sqrt_ps(a) }
        }
        #[inline(always)]
        fn trunc(self, a: __m512) -> __m512 {
            unsafe { _mm512_roundscale_ps::<{ _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC }>(a) }
        }
        #[inline(always)]
        fn to_i32_x86(self, a: __m512) -> __m512 {
            unsafe { _mm512_castsi512_ps(_mm512_cvttps_epi32(a)) }
        }
        #[inline(always)]
        fn sqrt_1ulp(self, a: __m512) -> __m512 {
            // vsqrtps runs at ~5 elements/ns here; the 14-bit reciprocal square root estimate
            // and one Newton step (relative error ~2^-28 before the last rounding) run at the
            // speed of memory. 0 and +inf (where the step gives NaN) keep their value; a vector
            // with a subnormal lane takes the exact instruction.
            unsafe {
                // subnormal inputs lose the step's precision (s * s underflows): exact there
                if _mm512_fpclass_ps_mask::<0x20>(a) != 0 {
                    return _mm512_sqrt_ps(a);
                }
                let y = _mm512_rsqrt14_ps(a);
                let s = _mm512_mul_ps(a, y);
                let h = _mm512_mul_ps(y, _mm512_set1_ps(0.5));
                let r = _mm512_fnmadd_ps(s, s, a);
                let v = _mm512_fmadd_ps(h, r, s);
                let keep = _mm512_fpclass_ps_mask::<0x0e>(a); // ±0, +inf
                _mm512_mask_mov_ps(v, keep, a)
            }
        }
        #[inline(always)]
        fn rsqrt_1ulp(self, a: __m512) -> __m512 {
            // y (1.5 - a y^2 / 2), written as y + y (1 - a y^2) / 2; ±0 gives ±inf and +inf 0
            // from the estimate itself, which the step would turn into NaN.
            unsafe {
                if _mm512_fpclass_ps_mask::<0x20>(a) != 0 {
                    return _mm512_div_ps(_mm512_set1_ps(1.0), _mm512_sqrt_ps(a));
                }
                let y = _mm512_rsqrt14_ps(a);
                let e = _mm512_fnmadd_ps(_mm512_mul_ps(a, y), y, _mm512_set1_ps(1.0));
                let v = _mm512_fmadd_ps(_mm512_mul_ps(y, _mm512_set1_ps(0.5)), e, y);
                let keep = _mm512_fpclass_ps_mask::<0x0e>(a);
                _mm512_mask_mov_ps(v, keep, y)
            }
        }
        #[inline(always)]
        fn div_by(self, a: __m512, b: __m512, r: __m512, lo: __m512, hi: __m512) -> __m512 {
            unsafe {
                let m = _mm512_andnot_ps(_mm512_set1_ps(-0.0), a);
                let outside = _mm512_cmp_ps_mask::<_CMP_NGE_UQ>(m, lo)
                    | _mm512_cmp_ps_mask::<_CMP_NLE_UQ>(m, hi);
                if outside != 0 {
                    return _mm512_div_ps(a, b);
                }
                let q = _mm512_mul_ps(a, r);
                _mm512_fmadd_ps(_mm512_fnmadd_ps(q, b, a), r, q)
            }
        }
        #[inline(always)]
        fn neg(self, a: __m512) -> __m512 {
            unsafe { _mm512_xor_ps(a, _mm512_set1_ps(-0.0)) }
        }
        #[inline(always)]
        fn abs(self, a: __m512) -> __m512 {
            unsafe { _mm512_andnot_ps(_mm512_set1_ps(-0.0), a) }
        }
        #[inline(always)]
        fn eq(self, a: __m512, b: __m512) -> __mmask16 {
            unsafe { _mm512_cmp_ps_mask::<_CMP_EQ_OQ>(a, b) }
        }
        #[inline(always)]
        fn ne(self, a: __m512, b: __m512) -> __mmask16 {
            unsafe { _mm512_cmp_ps_mask::<_CMP_NEQ_UQ>(a, b) }
        }
        #[inline(always)]
        fn lt(self, a: __m512, b: __m512) -> __mmask16 {
            unsafe { _mm512_cmp_ps_mask::<_CMP_LT_OQ>(a, b) }
        }
        #[inline(always)]
        fn le(self, a: __m512, b: __m512) -> __mmask16 {
            unsafe { _mm512_cmp_ps_mask::<_CMP_LE_OQ>(a, b) }
        }
        #[inline(always)]
        fn is_nan(self, a: __m512) -> __mmask16 {
            unsafe { _mm512_cmp_ps_mask::<_CMP_UNORD_Q>(a, a) }
        }
        #[inline(always)]
        fn select(self, m: __mmask16, a: __m512, b: __m512) -> __m512 {
            unsafe { _mm512_mask_blend_ps(m, b, a) }
        }
        #[inline(always)]
        unsafe fn store_mask(self, p: *mut u8, m: __mmask16) {
            unsafe {
                let v = _mm_maskz_mov_epi8(m, _mm_set1_epi8(1));
                _mm_storeu_si128(p as *mut __m128i, v)
            }
        }
        #[inline(always)]
        unsafe fn store_mask_n(self, p: *mut u8, n: usize, m: __mmask16) {
            unsafe {
                let v = _mm_maskz_mov_epi8(m, _mm_set1_epi8(1));
                _mm_mask_storeu_epi8(p as *mut i8, low_bits(n), v)
            }
        }
        #[inline(always)]
        unsafe fn load_byte_mask<const E: usize>(self, p: *const u8) -> __m512 {
            unsafe {
                let m = match E {
                    1 => {
                        let c = _mm512_loadu_si512(p as *const __m512i);
                        _mm512_movm_epi8(_mm512_test_epi8_mask(c, c))
                    }
                    2 => {
                        let c = _mm256_loadu_si256(p as *const __m256i);
                        _mm512_movm_epi16(_mm256_test_epi8_mask(c, c))
                    }
                    4 => {
                        let c = _mm_loadu_si128(p as *const __m128i);
                        _mm512_movm_epi32(_mm_test_epi8_mask(c, c))
                    }
                    _ => {
                        let c = _mm_loadl_epi64(p as *const __m128i);
                        _mm512_movm_epi64(_mm_test_epi8_mask(c, c) as u8)
                    }
                };
                _mm512_castsi512_ps(m)
            }
        }
        #[inline(always)]
        fn bitselect(self, m: __m512, a: __m512, b: __m512) -> __m512 {
            unsafe {
                let (m, a, b) = (
                    _mm512_castps_si512(m),
                    _mm512_castps_si512(a),
                    _mm512_castps_si512(b),
                );
                // 0xca: the truth table of `m ? a : b`, bit by bit
                _mm512_castsi512_ps(_mm512_ternarylogic_epi32::<0xca>(m, a, b))
            }
        }
    }

    impl<const BF16: bool> Avx512<BF16> {
        /// 16 f32 narrowed to BFloat16 bits as `half::bf16::from_f32`. With AVX512-BF16 one
        /// `vcvtneps2bf16` (which agrees with `half` except that it flushes subnormal inputs
        /// to zero: a vector holding one takes the integer path).
        #[inline(always)]
        fn bf16_bits(self, v: __m512) -> __m256i {
            if BF16 && unsafe { _mm512_fpclass_ps_mask::<0x20>(v) } == 0 {
                return unsafe { native_bf16(v) };
            }
            narrow_bf16(v)
        }
    }

    /// `vcvtneps2bf16`.
    ///
    /// # Safety
    /// AVX512-BF16 must be present (only `Avx512<true>` calls it).
    #[inline(always)]
    unsafe fn native_bf16(v: __m512) -> __m256i {
        unsafe { core::mem::transmute::<__m256bh, __m256i>(_mm512_cvtneps_pbh(v)) }
    }

    /// 16 BFloat16 values widened (exact: the bits shifted into the high half).
    #[inline(always)]
    fn widen_bf16(h: __m256i) -> __m512 {
        unsafe { _mm512_castsi512_ps(_mm512_slli_epi32::<16>(_mm512_cvtepu16_epi32(h))) }
    }

    /// 16 f32 narrowed to BFloat16 as `half::bf16::from_f32`: round to nearest even on the
    /// bits, a NaN kept with its high payload and the quiet bit set.
    #[inline(always)]
    fn narrow_bf16(v: __m512) -> __m256i {
        unsafe {
            let x = _mm512_castps_si512(v);
            let lsb = _mm512_and_si512(_mm512_srli_epi32::<16>(x), _mm512_set1_epi32(1));
            let bias = _mm512_add_epi32(_mm512_set1_epi32(0x7fff), lsb);
            let rounded = _mm512_srli_epi32::<16>(_mm512_add_epi32(x, bias));
            let quiet = _mm512_or_si512(_mm512_srli_epi32::<16>(x), _mm512_set1_epi32(0x40));
            let nan = _mm512_cmp_ps_mask::<_CMP_UNORD_Q>(v, v);
            _mm512_cvtepi32_epi16(_mm512_mask_blend_epi32(nan, rounded, quiet))
        }
    }

    /// The mask of lanes `i < n` (n < 16).
    #[inline(always)]
    fn low_bits(n: usize) -> __mmask16 {
        ((1u32 << n) - 1) as __mmask16
    }
}

/// Work generic over the vector type: [`dispatch`] calls `run` with the type of the chosen ISA.
pub trait Kernel {
    type Output;
    /// Implementations must be `#[inline(always)]` so that their body is compiled for `S`'s ISA.
    fn run<S: Simd>(self, s: S) -> Self::Output;
}

/// Runs `k` at `isa` (clamped to what the CPU has).
#[inline]
pub fn dispatch<K: Kernel>(isa: Isa, k: K) -> K::Output {
    match isa.clamp_to_detected() {
        // SAFETY: the level was detected, so the target features are present.
        #[cfg(target_arch = "x86_64")]
        Isa::Avx512 => unsafe { run_avx512(k) },
        // SAFETY: as above.
        #[cfg(target_arch = "x86_64")]
        Isa::Avx2 => unsafe { run_avx2(k) },
        level => k.run(Scalar(level)),
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vl,avx2,fma,f16c")]
unsafe fn run_avx512<K: Kernel>(k: K) -> K::Output {
    k.run(Avx512::<false>(()))
}

/// As [`dispatch`], but at the AVX-512 level on a CPU with AVX512-BF16 the kernel gets
/// `Avx512<true>`, whose BFloat16 stores use `vcvtneps2bf16` (the same results). For kernels
/// that store BFloat16, so that the others are not compiled twice.
#[inline]
pub fn dispatch_bf16<K: Kernel>(isa: Isa, k: K) -> K::Output {
    #[cfg(target_arch = "x86_64")]
    if isa.clamp_to_detected() == Isa::Avx512 && etk_simd::cpu_features().avx512_bf16 {
        // SAFETY: AVX-512 F/BW/DQ/VL and AVX512-BF16 were detected.
        return unsafe { run_avx512_bf16(k) };
    }
    dispatch(isa, k)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vl,avx512bf16,avx2,fma,f16c")]
unsafe fn run_avx512_bf16<K: Kernel>(k: K) -> K::Output {
    k.run(Avx512::<true>(()))
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn run_avx2<K: Kernel>(k: K) -> K::Output {
    k.run(Avx2(()))
}
