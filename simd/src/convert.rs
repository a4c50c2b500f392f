//! Bulk conversion between `f32` and the 16-bit floats `half::f16` / `half::bf16`.
//!
//! Results are bit-identical to `half`'s own conversions for every input: f32 → f16 and
//! f32 → bf16 round to nearest, ties to even, overflow to infinity, keep the sign of zero,
//! and turn a NaN into a quiet NaN that keeps the high payload bits; f16/bf16 → f32 is exact
//! (a NaN gets its quiet bit set, as `half` does).
//!
//! Written once over the vector layer: F16C on AVX2, `vcvtph2ps`/`vcvtps2ph` on 512-bit
//! registers with masked tails on AVX-512, `fcvtl`/`fcvtn` on NEON; `vcvtneps2bf16` where
//! AVX512-BF16 is present (with a fix-up for subnormal inputs, which that instruction flushes
//! to zero); integer rounding elsewhere. Each function converts `min(src.len(), dst.len())`
//! elements.
//!
//! ```
//! use etk_simd::{convert, level};
//! use half::{bf16, f16};
//! let x = [1.0f32, -2.5, 65504.0, 1e-8];
//! let mut h = [f16::ZERO; 4];
//! convert::f32_to_f16(level(), &x, &mut h);
//! assert_eq!(h[2], f16::MAX);
//! let mut b = [bf16::ZERO; 4];
//! convert::f32_to_bf16(level(), &x, &mut b);
//! let mut back = [0f32; 4];
//! convert::bf16_to_f32(level(), &b, &mut back);
//! assert_eq!(back[1], -2.5);
//! ```

use half::{bf16, f16};

use crate::level::Level;
use crate::vector::{Kernel, Simd, dispatch, dispatch_bf16};

/// `f16` → `f32` (exact).
pub fn f16_to_f32(level: Level, src: &[f16], dst: &mut [f32]) {
    let n = src.len().min(dst.len());
    let (src, dst) = (src.as_ptr() as *const u16, dst.as_mut_ptr() as *mut u8);
    dispatch(
        level,
        Convert {
            dir: Dir::F16ToF32,
            src: src as *const u8,
            dst,
            n,
        },
    )
}

/// `f32` → `f16`, rounding to nearest even.
pub fn f32_to_f16(level: Level, src: &[f32], dst: &mut [f16]) {
    let n = src.len().min(dst.len());
    let (src, dst) = (src.as_ptr() as *const u8, dst.as_mut_ptr() as *mut u8);
    dispatch(
        level,
        Convert {
            dir: Dir::F32ToF16,
            src,
            dst,
            n,
        },
    )
}

/// `bf16` → `f32` (exact).
pub fn bf16_to_f32(level: Level, src: &[bf16], dst: &mut [f32]) {
    let n = src.len().min(dst.len());
    let (src, dst) = (src.as_ptr() as *const u8, dst.as_mut_ptr() as *mut u8);
    dispatch(
        level,
        Convert {
            dir: Dir::Bf16ToF32,
            src,
            dst,
            n,
        },
    )
}

/// `f32` → `bf16`, rounding to nearest even.
pub fn f32_to_bf16(level: Level, src: &[f32], dst: &mut [bf16]) {
    let n = src.len().min(dst.len());
    let (src, dst) = (src.as_ptr() as *const u8, dst.as_mut_ptr() as *mut u8);
    dispatch_bf16(
        level,
        Convert {
            dir: Dir::F32ToBf16,
            src,
            dst,
            n,
        },
    )
}

#[derive(Clone, Copy)]
enum Dir {
    F16ToF32,
    F32ToF16,
    Bf16ToF32,
    F32ToBf16,
}

/// One conversion of `n` elements: `src` readable and `dst` writable for them (the slices it
/// was made from vouch for that), not overlapping.
struct Convert {
    dir: Dir,
    src: *const u8,
    dst: *mut u8,
    n: usize,
}

impl Kernel for Convert {
    type Output = ();
    #[inline(always)]
    fn run<S: Simd>(self, s: S) {
        let (l, n) = (S::LANES, self.n);
        let (src, dst) = (self.src, self.dst);
        // `half` quiets a NaN as it widens it; the vector load keeps the bits.
        let quiet = |v: S::F32| {
            s.select(
                s.is_nan(v),
                s.or(v, s.from_bits(s.splat_i32(0x0040_0000))),
                v,
            )
        };
        // full vectors, then one partial vector; every access is below `n`.
        macro_rules! each {
            (|$i:ident, $m:ident| $full:expr, $part:expr) => {{
                let mut $i = 0;
                while $i + l <= n {
                    unsafe { $full };
                    $i += l;
                }
                if $i < n {
                    let $m = n - $i;
                    unsafe { $part };
                }
            }};
        }
        let (h, f) = (src as *const u16, src as *const f32);
        let (oh, of) = (dst as *mut u16, dst as *mut f32);
        match self.dir {
            Dir::F16ToF32 => each!(
                |i, m| s.store(of.add(i), s.load_f16(h.add(i))),
                s.store_n(of.add(i), m, s.load_f16_n(h.add(i), m))
            ),
            Dir::F32ToF16 => each!(
                |i, m| s.store_f16(oh.add(i), s.load(f.add(i))),
                s.store_f16_n(oh.add(i), m, s.load_n(f.add(i), m))
            ),
            Dir::Bf16ToF32 => each!(
                |i, m| s.store(of.add(i), quiet(s.load_bf16(h.add(i)))),
                s.store_n(of.add(i), m, quiet(s.load_bf16_n(h.add(i), m)))
            ),
            Dir::F32ToBf16 => each!(
                |i, m| s.store_bf16(oh.add(i), s.load(f.add(i))),
                s.store_bf16_n(oh.add(i), m, s.load_n(f.add(i), m))
            ),
        }
    }
}
