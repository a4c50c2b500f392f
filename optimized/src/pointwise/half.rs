//! The storage kinds the f32 kernels read and write, and the bulk conversions between Half /
//! BFloat16 chunks and f32 (`etk_simd::convert`: exact widening, round-to-nearest-even
//! narrowing, the answers of `half`'s `from_f32` / `to_f32`, so a result is rounded once).

use etk_core::{ScalarType, bf16, f16};
use etk_simd::{Level, convert};

/// How an f32-computed operand is stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloatKind {
    F32,
    F16,
    Bf16,
}

impl FloatKind {
    pub fn of(t: ScalarType) -> Option<FloatKind> {
        match t {
            ScalarType::Float => Some(FloatKind::F32),
            ScalarType::Half => Some(FloatKind::F16),
            ScalarType::BFloat16 => Some(FloatKind::Bf16),
            _ => None,
        }
    }

    pub fn size(self) -> usize {
        match self {
            FloatKind::F32 => 4,
            _ => 2,
        }
    }
}

/// Widens `dst.len()` elements of `kind` at `src` into `dst`.
///
/// # Safety
/// `src` valid for reading `dst.len()` elements of `kind`, aligned for it.
#[inline]
pub unsafe fn widen(level: Level, kind: FloatKind, src: *const u8, dst: &mut [f32]) {
    let n = dst.len();
    // SAFETY: the caller's contract.
    unsafe {
        match kind {
            FloatKind::F32 => {
                dst.copy_from_slice(core::slice::from_raw_parts(src as *const f32, n))
            }
            FloatKind::F16 => convert::f16_to_f32(
                level,
                core::slice::from_raw_parts(src as *const f16, n),
                dst,
            ),
            FloatKind::Bf16 => convert::bf16_to_f32(
                level,
                core::slice::from_raw_parts(src as *const bf16, n),
                dst,
            ),
        }
    }
}

/// Narrows `src` into `src.len()` elements of `kind` at `dst`, rounding once.
///
/// # Safety
/// `dst` valid for writing `src.len()` elements of `kind`, aligned for it, and not read by
/// anyone else meanwhile.
#[inline]
pub unsafe fn narrow(level: Level, kind: FloatKind, src: &[f32], dst: *mut u8) {
    let n = src.len();
    // SAFETY: the caller's contract.
    unsafe {
        match kind {
            FloatKind::F32 => {
                core::slice::from_raw_parts_mut(dst as *mut f32, n).copy_from_slice(src)
            }
            FloatKind::F16 => convert::f32_to_f16(
                level,
                src,
                core::slice::from_raw_parts_mut(dst as *mut f16, n),
            ),
            FloatKind::Bf16 => convert::f32_to_bf16(
                level,
                src,
                core::slice::from_raw_parts_mut(dst as *mut bf16, n),
            ),
        }
    }
}

/// One element of `kind` at `p`, widened.
///
/// # Safety
/// `p` valid for reading one element of `kind`, aligned for it.
#[inline(always)]
pub unsafe fn read_one(kind: FloatKind, p: *const u8) -> f32 {
    // SAFETY: the caller's contract.
    unsafe {
        match kind {
            FloatKind::F32 => *(p as *const f32),
            FloatKind::F16 => (*(p as *const f16)).to_f32(),
            FloatKind::Bf16 => (*(p as *const bf16)).to_f32(),
        }
    }
}
