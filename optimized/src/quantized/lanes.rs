//! The vector vocabulary of the quantized kernels: f32 lanes, and the loads and stores between
//! them and the quantized integer dtypes, packed 4-bit weights and the 16-bit floats. One type
//! per x86-64 level ([`V256`]: AVX2 + FMA + F16C, [`V512`]: AVX-512 F/BW/DQ/VL); [`dispatch`]
//! runs a [`QKernel`] inside a `#[target_feature]` function for the level, so the kernel's
//! loops are compiled for it. Below AVX2 [`dispatch`] returns `None` and the caller runs the
//! reference kernel (`etk_quantized`).
//!
//! Every operation gives the answer of the scalar code it stands for (`etk_quantized`'s
//! arithmetic, `half`'s conversions, `etk_core`'s `static_cast` stores), bit for bit: IEEE
//! subtraction and multiplication are correctly rounded at every width; `round` is
//! `roundps`/`vrndscaleps` to nearest even (`rintf`); the 16-bit roundings are the ones of
//! `etk_simd::convert`.
//!
//! Safety invariant: values of [`V256`] and [`V512`] are only created by [`dispatch`] after
//! the CPU was found to support their level.

use etk_simd::Isa;

/// How the integers of a quantized tensor are stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QKind {
    U8,
    I8,
    I16,
    I32,
}

impl QKind {
    pub fn of(t: etk_core::ScalarType) -> Option<QKind> {
        use etk_core::ScalarType as S;
        match t {
            S::Byte => Some(QKind::U8),
            S::Char => Some(QKind::I8),
            S::Short => Some(QKind::I16),
            S::Int => Some(QKind::I32),
            _ => None,
        }
    }

    pub fn size(self) -> usize {
        match self {
            QKind::U8 | QKind::I8 => 1,
            QKind::I16 => 2,
            QKind::I32 => 4,
        }
    }
}

/// The most lanes of any level (for stack buffers that hold one vector).
pub const MAX_LANES: usize = 16;

/// The operations the quantized kernels use. Pointer methods are `unsafe`: the pointer must be
/// valid for the `LANES` elements named.
pub trait Lanes: Copy {
    type V: Copy;
    const LANES: usize;

    fn splat(self, x: f32) -> Self::V;
    /// # Safety
    /// `p` valid for reading `LANES` floats.
    unsafe fn load(self, p: *const f32) -> Self::V;
    /// # Safety
    /// `p` valid for writing `LANES` floats.
    unsafe fn store(self, p: *mut f32, v: Self::V);
    fn add(self, a: Self::V, b: Self::V) -> Self::V;
    fn sub(self, a: Self::V, b: Self::V) -> Self::V;
    fn mul(self, a: Self::V, b: Self::V) -> Self::V;
    /// To the nearest integer, ties to even (`rintf`; NaN stays NaN).
    fn round(self, a: Self::V) -> Self::V;
    /// `a < lo ? lo : a`, then `a > hi ? hi : a` (`etk_quantized::util::clamp`: NaN stays).
    fn clamp(self, a: Self::V, lo: Self::V, hi: Self::V) -> Self::V;
    /// Rounded to Half and back (`f16::from_f32(a).to_f32()`).
    fn round_f16(self, a: Self::V) -> Self::V;
    /// Rounded to BFloat16 and back (`bf16::from_f32(a).to_f32()`).
    fn round_bf16(self, a: Self::V) -> Self::V;

    /// `LANES` integers of `kind` from `p`, as f32 (exact below 2^24; Int rounds to nearest).
    ///
    /// # Safety
    /// `p` valid for reading `LANES` elements of `kind`.
    unsafe fn load_q(self, kind: QKind, p: *const u8) -> Self::V;
    /// `LANES / 2` bytes from `p`, each two 4-bit values (high nibble first), as f32 in
    /// `0..16`.
    ///
    /// # Safety
    /// `p` valid for reading `LANES / 2` bytes.
    unsafe fn load_u4(self, p: *const u8) -> Self::V;
    /// Stores integral lanes (or NaN, or 2^31) as `kind`, as `etk_core`'s f32 stores do:
    /// `(int32_t)` truncation (NaN and 2^31 give `INT32_MIN`), then the low bytes.
    ///
    /// # Safety
    /// `p` valid for writing `LANES` elements of `kind`.
    unsafe fn store_q(self, kind: QKind, p: *mut u8, v: Self::V);

    /// # Safety
    /// `p` valid for reading `LANES` u16.
    unsafe fn load_f16(self, p: *const u16) -> Self::V;
    /// # Safety
    /// `p` valid for reading `LANES` u16.
    unsafe fn load_bf16(self, p: *const u16) -> Self::V;
    /// # Safety
    /// `p` valid for writing `LANES` u16.
    unsafe fn store_f16(self, p: *mut u16, v: Self::V);
    /// # Safety
    /// `p` valid for writing `LANES` u16.
    unsafe fn store_bf16(self, p: *mut u16, v: Self::V);
}

/// A kernel written once over [`Lanes`].
pub trait QKernel {
    type Output;
    /// Implementations must be `#[inline(always)]` so that their body is compiled for `L`'s
    /// level.
    fn run<L: Lanes>(self, l: L) -> Self::Output;
}

/// Runs `k` at `isa` (clamped to what the CPU has); `None` below AVX2.
#[inline]
pub fn dispatch<K: QKernel>(isa: Isa, k: K) -> Option<K::Output> {
    match isa.clamp_to_detected() {
        // SAFETY: the level was detected, so the target features are present.
        #[cfg(target_arch = "x86_64")]
        Isa::Avx512 => Some(unsafe { x86::run_avx512(k) }),
        // SAFETY: as above.
        #[cfg(target_arch = "x86_64")]
        Isa::Avx2 => Some(unsafe { x86::run_avx2(k) }),
        _ => {
            let _ = k;
            None
        }
    }
}

#[cfg(target_arch = "x86_64")]
pub use x86::{V256, V512};

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{Lanes, QKernel, QKind};
    use core::arch::x86_64::*;

    /// 8 lanes (AVX2 + FMA + F16C).
    #[derive(Clone, Copy, Debug)]
    pub struct V256(());
    /// 16 lanes (AVX-512 F/BW/DQ/VL).
    #[derive(Clone, Copy, Debug)]
    pub struct V512(());

    #[target_feature(enable = "avx2,fma,f16c")]
    pub(super) unsafe fn run_avx2<K: QKernel>(k: K) -> K::Output {
        k.run(V256(()))
    }

    #[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vl,avx2,fma,f16c")]
    pub(super) unsafe fn run_avx512<K: QKernel>(k: K) -> K::Output {
        k.run(V512(()))
    }

    /// `_MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC`.
    const NEAREST: i32 = 0x08;

    // SAFETY (every method below): `V256` values exist only once AVX2 + FMA + F16C were
    // detected (module invariant), and pointers are valid as each method's contract says.
    impl Lanes for V256 {
        type V = __m256;
        const LANES: usize = 8;

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
        fn round(self, a: __m256) -> __m256 {
            unsafe { _mm256_round_ps::<NEAREST>(a) }
        }
        #[inline(always)]
        fn clamp(self, a: __m256, lo: __m256, hi: __m256) -> __m256 {
            // maxps / minps return their second operand when either is NaN.
            unsafe { _mm256_min_ps(hi, _mm256_max_ps(lo, a)) }
        }
        #[inline(always)]
        fn round_f16(self, a: __m256) -> __m256 {
            unsafe { _mm256_cvtph_ps(_mm256_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>(a)) }
        }
        #[inline(always)]
        fn round_bf16(self, a: __m256) -> __m256 {
            unsafe {
                let b = _mm256_castps_si256(a);
                let lsb = _mm256_and_si256(_mm256_srli_epi32::<16>(b), _mm256_set1_epi32(1));
                let bias = _mm256_add_epi32(lsb, _mm256_set1_epi32(0x7fff));
                let top = _mm256_set1_epi32(0xffff_0000u32 as i32);
                let rounded = _mm256_and_si256(_mm256_add_epi32(b, bias), top);
                let quiet =
                    _mm256_and_si256(_mm256_or_si256(b, _mm256_set1_epi32(0x0040_0000)), top);
                let nan = _mm256_castps_si256(_mm256_cmp_ps::<_CMP_UNORD_Q>(a, a));
                _mm256_castsi256_ps(_mm256_blendv_epi8(rounded, quiet, nan))
            }
        }
        #[inline(always)]
        unsafe fn load_q(self, kind: QKind, p: *const u8) -> __m256 {
            unsafe {
                let i = match kind {
                    QKind::U8 => _mm256_cvtepu8_epi32(_mm_loadl_epi64(p as *const __m128i)),
                    QKind::I8 => _mm256_cvtepi8_epi32(_mm_loadl_epi64(p as *const __m128i)),
                    QKind::I16 => _mm256_cvtepi16_epi32(_mm_loadu_si128(p as *const __m128i)),
                    QKind::I32 => _mm256_loadu_si256(p as *const __m256i),
                };
                _mm256_cvtepi32_ps(i)
            }
        }
        #[inline(always)]
        unsafe fn load_u4(self, p: *const u8) -> __m256 {
            unsafe {
                let x = _mm_cvtsi32_si128((p as *const i32).read_unaligned());
                let w = _mm_cvtepu8_epi16(x);
                let hi = _mm_srli_epi16::<4>(w);
                let lo = _mm_slli_epi16::<8>(_mm_and_si128(w, _mm_set1_epi16(15)));
                _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(_mm_or_si128(hi, lo)))
            }
        }
        #[inline(always)]
        unsafe fn store_q(self, kind: QKind, p: *mut u8, v: __m256) {
            unsafe {
                let i = _mm256_cvttps_epi32(v);
                if kind == QKind::I32 {
                    return _mm256_storeu_si256(p as *mut __m256i, i);
                }
                // keep the low bits, then pack without saturating anything.
                let m = if kind == QKind::I16 { 0xffff } else { 0xff };
                let i = _mm256_and_si256(i, _mm256_set1_epi32(m));
                let w = _mm_packus_epi32(_mm256_castsi256_si128(i), _mm256_extracti128_si256(i, 1));
                if kind == QKind::I16 {
                    _mm_storeu_si128(p as *mut __m128i, w);
                } else {
                    _mm_storel_epi64(p as *mut __m128i, _mm_packus_epi16(w, w));
                }
            }
        }
        #[inline(always)]
        unsafe fn load_f16(self, p: *const u16) -> __m256 {
            unsafe { _mm256_cvtph_ps(_mm_loadu_si128(p as *const __m128i)) }
        }
        #[inline(always)]
        unsafe fn load_bf16(self, p: *const u16) -> __m256 {
            unsafe {
                let b = _mm256_slli_epi32::<16>(_mm256_cvtepu16_epi32(_mm_loadu_si128(
                    p as *const __m128i,
                )));
                // `half` quiets a NaN as it widens it.
                let abs = _mm256_and_si256(b, _mm256_set1_epi32(0x7fff_ffff));
                let nan = _mm256_cmpgt_epi32(abs, _mm256_set1_epi32(0x7f80_0000));
                let q = _mm256_and_si256(nan, _mm256_set1_epi32(0x0040_0000));
                _mm256_castsi256_ps(_mm256_or_si256(b, q))
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
        unsafe fn store_bf16(self, p: *mut u16, v: __m256) {
            unsafe {
                let r = _mm256_srli_epi32::<16>(_mm256_castps_si256(self.round_bf16(v)));
                let w = _mm_packus_epi32(_mm256_castsi256_si128(r), _mm256_extracti128_si256(r, 1));
                _mm_storeu_si128(p as *mut __m128i, w)
            }
        }
    }

    // SAFETY (every method below): `V512` values exist only once AVX-512 F/BW/DQ/VL (and
    // AVX2 + FMA + F16C) were detected (module invariant), and pointers are valid as each
    // method's contract says.
    impl Lanes for V512 {
        type V = __m512;
        const LANES: usize = 16;

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
        fn round(self, a: __m512) -> __m512 {
            unsafe { _mm512_roundscale_ps::<NEAREST>(a) }
        }
        #[inline(always)]
        fn clamp(self, a: __m512, lo: __m512, hi: __m512) -> __m512 {
            // vmaxps / vminps return their second operand when either is NaN.
            unsafe { _mm512_min_ps(hi, _mm512_max_ps(lo, a)) }
        }
        #[inline(always)]
        fn round_f16(self, a: __m512) -> __m512 {
            unsafe { _mm512_cvtph_ps(_mm512_cvtps_ph::<NEAREST>(a)) }
        }
        #[inline(always)]
        fn round_bf16(self, a: __m512) -> __m512 {
            unsafe {
                let b = _mm512_castps_si512(a);
                let lsb = _mm512_and_si512(_mm512_srli_epi32::<16>(b), _mm512_set1_epi32(1));
                let bias = _mm512_add_epi32(lsb, _mm512_set1_epi32(0x7fff));
                let top = _mm512_set1_epi32(0xffff_0000u32 as i32);
                let rounded = _mm512_and_si512(_mm512_add_epi32(b, bias), top);
                let quiet =
                    _mm512_and_si512(_mm512_or_si512(b, _mm512_set1_epi32(0x0040_0000)), top);
                let nan = _mm512_cmp_ps_mask::<_CMP_UNORD_Q>(a, a);
                _mm512_castsi512_ps(_mm512_mask_mov_epi32(rounded, nan, quiet))
            }
        }
        #[inline(always)]
        unsafe fn load_q(self, kind: QKind, p: *const u8) -> __m512 {
            unsafe {
                let i = match kind {
                    QKind::U8 => _mm512_cvtepu8_epi32(_mm_loadu_si128(p as *const __m128i)),
                    QKind::I8 => _mm512_cvtepi8_epi32(_mm_loadu_si128(p as *const __m128i)),
                    QKind::I16 => _mm512_cvtepi16_epi32(_mm256_loadu_si256(p as *const __m256i)),
                    QKind::I32 => _mm512_loadu_si512(p as *const __m512i),
                };
                _mm512_cvtepi32_ps(i)
            }
        }
        #[inline(always)]
        unsafe fn load_u4(self, p: *const u8) -> __m512 {
            unsafe {
                let w = _mm_cvtepu8_epi16(_mm_loadl_epi64(p as *const __m128i));
                let hi = _mm_srli_epi16::<4>(w);
                let lo = _mm_slli_epi16::<8>(_mm_and_si128(w, _mm_set1_epi16(15)));
                _mm512_cvtepi32_ps(_mm512_cvtepu8_epi32(_mm_or_si128(hi, lo)))
            }
        }
        #[inline(always)]
        unsafe fn store_q(self, kind: QKind, p: *mut u8, v: __m512) {
            unsafe {
                let i = _mm512_cvttps_epi32(v);
                // vpmovdb / vpmovdw keep the low bits (no saturation).
                match kind {
                    QKind::U8 | QKind::I8 => {
                        _mm_storeu_si128(p as *mut __m128i, _mm512_cvtepi32_epi8(i))
                    }
                    QKind::I16 => _mm256_storeu_si256(p as *mut __m256i, _mm512_cvtepi32_epi16(i)),
                    QKind::I32 => _mm512_storeu_si512(p as *mut __m512i, i),
                }
            }
        }
        #[inline(always)]
        unsafe fn load_f16(self, p: *const u16) -> __m512 {
            unsafe { _mm512_cvtph_ps(_mm256_loadu_si256(p as *const __m256i)) }
        }
        #[inline(always)]
        unsafe fn load_bf16(self, p: *const u16) -> __m512 {
            unsafe {
                let h = _mm256_loadu_si256(p as *const __m256i);
                let b = _mm512_slli_epi32::<16>(_mm512_cvtepu16_epi32(h));
                let abs = _mm512_and_si512(b, _mm512_set1_epi32(0x7fff_ffff));
                let nan = _mm512_cmpgt_epi32_mask(abs, _mm512_set1_epi32(0x7f80_0000));
                _mm512_castsi512_ps(_mm512_mask_or_epi32(
                    b,
                    nan,
                    b,
                    _mm512_set1_epi32(0x0040_0000),
                ))
            }
        }
        #[inline(always)]
        unsafe fn store_f16(self, p: *mut u16, v: __m512) {
            unsafe { _mm256_storeu_si256(p as *mut __m256i, _mm512_cvtps_ph::<NEAREST>(v)) }
        }
        #[inline(always)]
        unsafe fn store_bf16(self, p: *mut u16, v: __m512) {
            unsafe {
                let r = _mm512_srli_epi32::<16>(_mm512_castps_si512(self.round_bf16(v)));
                _mm256_storeu_si256(p as *mut __m256i, _mm512_cvtepi32_epi16(r))
            }
        }
    }
}
