//! The convolution kernels' element access for Float, Half and BFloat16 (one element as f32
//! and back, runs widened to f32 and rounded back): a leaf the kernels share.

use crate::gemm::{Dt, Isa};
use etk_simd::convert;

/// One Half or BFloat16 element as f32.
///
/// # Safety
/// `p` points to one.
#[inline(always)]
pub(super) unsafe fn read(dt: Dt, p: *const u8) -> f32 {
    unsafe {
        match dt {
            Dt::F16 => (*(p as *const half::f16)).to_f32(),
            Dt::Bf16 => (*(p as *const half::bf16)).to_f32(),
            Dt::F32 => *(p as *const f32),
        }
    }
}

/// `v` rounded once to `dt` at `p` (the one-element twin of [`narrow`]).
///
/// # Safety
/// `p` points to an element of `dt`.
#[inline(always)]
pub(super) unsafe fn write(dt: Dt, p: *mut u8, v: f32) {
    // SAFETY: as the caller vouches.
    unsafe {
        match dt {
            Dt::F16 => *(p as *mut half::f16) = half::f16::from_f32(v),
            Dt::Bf16 => *(p as *mut half::bf16) = half::bf16::from_f32(v),
            Dt::F32 => *(p as *mut f32) = v,
        }
    }
}

/// `dst.len()` Half or BFloat16 elements from `src`, widened.
///
/// # Safety
/// `src` holds that many.
pub(super) unsafe fn widen(isa: Isa, dt: Dt, src: *const u8, dst: &mut [f32]) {
    let n = dst.len();
    // SAFETY: as the caller vouches.
    unsafe {
        match dt {
            Dt::F16 => convert::f16_to_f32(isa, core::slice::from_raw_parts(src as _, n), dst),
            Dt::Bf16 => convert::bf16_to_f32(isa, core::slice::from_raw_parts(src as _, n), dst),
            Dt::F32 => dst.copy_from_slice(core::slice::from_raw_parts(src as _, n)),
        }
    }
}

/// `src` rounded to Half or BFloat16 into `dst`.
///
/// # Safety
/// `dst` holds `src.len()` elements.
pub(super) unsafe fn narrow(isa: Isa, dt: Dt, src: &[f32], dst: *mut u8) {
    let n = src.len();
    // SAFETY: as the caller vouches.
    unsafe {
        match dt {
            Dt::F16 => convert::f32_to_f16(isa, src, core::slice::from_raw_parts_mut(dst as _, n)),
            Dt::Bf16 => {
                convert::f32_to_bf16(isa, src, core::slice::from_raw_parts_mut(dst as _, n))
            }
            Dt::F32 => core::slice::from_raw_parts_mut(dst as *mut f32, n).copy_from_slice(src),
        }
    }
}
