//! etk-simd: CPU feature detection, the one vector layer every etk kernel is written on, the
//! current level, vectorized f32 math and f16/bf16 ⇄ f32 conversion.
//!
//! - [`Simd`] (module [`vector`]): the vocabulary of a level — lanes of f32, i32 and f64, the
//!   8- and 16-bit integers and Half / BFloat16 converted as they are loaded and stored, masked
//!   heads and tails, reductions, transposes, gathers, the vector math — implemented by
//!   [`Scalar`], `Avx2`, `Avx512` and `Neon`. A kernel is a [`Kernel`], written once, and
//!   [`dispatch`] runs it at a [`Level`] inside a `#[target_feature]` function of that level.
//! - [`level()`]: the one level every kernel runs at — the CPU's best ([`Level::detected`]),
//!   lowered by `ETK_ISA=scalar|avx2|avx512|neon`, or what a test set on this thread with
//!   [`with_level`] / [`override_level`]. A [`Level`] exists only for levels the CPU has, so
//!   nothing downstream checks it again. Under Miri it is always [`Level::SCALAR`].
//! - [`math`]: exp, log, tanh, erf, gelu, ... on slices and vectors; [`convert`]: bulk
//!   f16/bf16 conversion. [`last_level_cache_bytes`] tells kernels whether a working set stays
//!   in cache or streams through memory (the optimized library then writes large outs with
//!   streaming stores).
//!
//! The crate is built for the baseline target (SSE2 on x86-64, NEON on aarch64); AVX2 and
//! AVX-512 code is compiled with `#[target_feature]` and chosen at run time.
//!
//! ```
//! use etk_simd::{convert, level, math, Level};
//! use half::bf16;
//!
//! let x: Vec<f32> = (0..100).map(|i| i as f32 / 10.0 - 5.0).collect();
//! let mut y = vec![0.0f32; x.len()];
//! math::gelu_erf(level(), &x, &mut y);
//! math::tanh_inplace(level(), &mut y);
//!
//! let mut packed = vec![bf16::ZERO; y.len()];
//! convert::f32_to_bf16(level(), &y, &mut packed);
//!
//! // Every path gives results within the documented bounds; tests run them all:
//! for &l in Level::available_levels() {
//!     let mut z = vec![0.0f32; x.len()];
//!     math::exp(l, &x, &mut z);
//! }
//! ```
//!
//! # Writing a kernel
//!
//! A kernel is a struct holding its arguments that implements [`Kernel`]; its `run` is generic
//! over the level's token `s: S` and uses only `s`'s methods (so it is written once):
//!
//! ```
//! use etk_simd::{Kernel, Simd, dispatch, level};
//!
//! /// `out[i] = max(x[i], 0)` with NaN kept (ATen's relu), over a slice.
//! struct Relu<'a>(&'a [f32], &'a mut [f32]);
//!
//! impl Kernel for Relu<'_> {
//!     type Output = ();
//!     // Always inline: the body is then compiled with the level's features.
//!     #[inline(always)]
//!     fn run<S: Simd>(self, s: S) {
//!         let n = self.0.len().min(self.1.len());
//!         let (x, out) = (self.0.as_ptr(), self.1.as_mut_ptr());
//!         // x86 `max` returns its second operand when either is NaN: NaN stays.
//!         let f = |v| s.max(s.zero(), v);
//!         let mut i = 0;
//!         // SAFETY: full vectors below `n`, then a masked tail (`*_n`) of the rest.
//!         unsafe {
//!             while i + S::LANES <= n {
//!                 s.store(out.add(i), f(s.load(x.add(i))));
//!                 i += S::LANES;
//!             }
//!             s.store_n(out.add(i), n - i, f(s.load_n(x.add(i), n - i)));
//!         }
//!     }
//! }
//!
//! let x = [-1.0f32, 2.0, f32::NAN, -0.5, 3.0];
//! let mut y = [0.0f32; 5];
//! dispatch(level(), Relu(&x, &mut y));
//! assert_eq!((y[0], y[1], y[4]), (0.0, 2.0, 3.0));
//! assert!(y[2].is_nan());
//! ```
//!
//! Rules of the layer: results must not depend on the level (use only what the trait says is
//! exact, write `mul` and `add` where a reference kernel rounds twice and `mul_add` only where
//! it fuses); tails go through `load_n` / `store_n` (never past the slice); a kernel reads
//! [`level()`] once on the calling thread and hands the [`Level`] to its tasks; a library that
//! needs more than the trait (GEMM's register tiles, quantized packed loads) adds an extension
//! trait implemented for every `S: Simd` from these methods, not a second layer.

#![warn(missing_docs)]
// Polynomial coefficients and range-reduction constants are written with every digit the fit
// produced (simd/tools/fit_tables.py); rounding them to f32's shortest form would change nothing
// but make them harder to check against the fit. `LN2_HI`/`LOG2E` are split constants, not the
// std ones.
#![allow(clippy::excessive_precision, clippy::approx_constant)]

pub mod convert;
pub mod detect;
pub mod level;
pub mod math;
pub mod vector;

pub use detect::{CpuFeatures, Isa, cpu_features, detected, last_level_cache_bytes};
pub use level::{Level, LevelOverride, level, override_level, with_level};
pub use math::UnaryFn;
#[cfg(all(target_arch = "aarch64", not(miri)))]
pub use vector::Neon;
#[cfg(all(target_arch = "x86_64", not(miri)))]
pub use vector::{Avx2, Avx512};
pub use vector::{Element, Kernel, MAX_LANES, Scalar, Simd, dispatch, dispatch_bf16, prefetch};
