//! What the quantized kernels add to the vector layer ([`etk_simd::Simd`]): loads of the
//! quantized integer dtypes and of packed 4-bit weights as f32 lanes, the truncating store
//! back, and the clamp of the reference — the [`Quant`] extension, implemented once for every
//! level from the layer's own methods. [`dispatch`] runs a kernel at a vector level; below one
//! (the Scalar level) it returns `None` and the caller runs the reference kernel
//! (`etk_quantized`).
//!
//! Every operation gives the answer of the scalar code it stands for (`etk_quantized`'s
//! arithmetic, `half`'s conversions, `etk_core`'s `static_cast` stores), bit for bit: IEEE
//! subtraction and multiplication are correctly rounded at every width; `round` is to nearest
//! even (`rintf`); the 16-bit roundings are the ones of `etk_simd::convert`.

use etk_simd::{Isa, Kernel, Level, Simd};

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

/// The quantized kernels' loads and stores, for every level. Pointer methods are `unsafe`: the
/// pointer must be valid for the `LANES` elements named.
pub trait Quant: Simd {
    /// `LANES` integers of `kind` from `p`, as f32 (exact below 2^24; Int rounds to nearest).
    ///
    /// # Safety
    /// `p` valid for reading `LANES` elements of `kind`.
    #[inline(always)]
    unsafe fn load_q(self, kind: QKind, p: *const u8) -> Self::F32 {
        // SAFETY: the caller's contract.
        let i = unsafe {
            match kind {
                QKind::U8 => self.load_u8_as_i32(p),
                QKind::I8 => self.load_i8_as_i32(p as *const i8),
                QKind::I16 => self.load_i16_as_i32(p as *const i16),
                QKind::I32 => self.load_i32(p as *const i32),
            }
        };
        self.from_i32(i)
    }

    /// `LANES / 2` bytes from `p`, each two 4-bit values (high nibble first), as f32 in
    /// `0..16`.
    ///
    /// # Safety
    /// `p` valid for reading `LANES / 2` bytes.
    #[inline(always)]
    unsafe fn load_u4(self, p: *const u8) -> Self::F32 {
        // SAFETY: the caller's contract.
        let b = unsafe { self.load_u8_as_i32_n(p, Self::LANES / 2) };
        let hi = self.shr_i32::<4>(b);
        let lo = self.and_i32(b, self.splat_i32(15));
        self.from_i32(self.zip_lo_i32(hi, lo))
    }

    /// Stores integral lanes (or NaN, or 2^31) as `kind`, as `etk_core`'s f32 stores do:
    /// `(int32_t)` truncation (NaN and 2^31 give `INT32_MIN`), then the low bytes.
    ///
    /// # Safety
    /// `p` valid for writing `LANES` elements of `kind`.
    #[inline(always)]
    unsafe fn store_q(self, kind: QKind, p: *mut u8, v: Self::F32) {
        let i = self.to_i32_trunc(v);
        // SAFETY: the caller's contract.
        unsafe {
            match kind {
                QKind::U8 | QKind::I8 => self.store_i32_as_u8(p, i),
                QKind::I16 => self.store_i32_as_i16(p as *mut i16, i),
                QKind::I32 => self.store_i32(p as *mut i32, i),
            }
        }
    }

    /// `a < lo ? lo : a`, then `a > hi ? hi : a` (`etk_quantized::util::clamp`: NaN stays): the
    /// layer's `max` / `min` return their second operand when either is NaN.
    #[inline(always)]
    fn clamp(self, a: Self::F32, lo: Self::F32, hi: Self::F32) -> Self::F32 {
        self.min(hi, self.max(lo, a))
    }
}

impl<S: Simd> Quant for S {}

/// Runs `k` at `level` if that is a vector level; `None` at the Scalar level (the caller then
/// runs the reference kernel, which is the scalar code itself).
#[inline]
pub fn dispatch<K: Kernel>(level: Level, k: K) -> Option<K::Output> {
    (level != Isa::Scalar).then(|| etk_simd::dispatch(level, k))
}
