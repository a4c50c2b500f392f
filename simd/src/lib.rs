//! etk-simd: CPU feature detection and run-time ISA dispatch, vectorized f32 math and
//! f16/bf16 ⇄ f32 conversion for the etk kernels.
//!
//! The crate is built for the baseline target (SSE2 on x86-64); AVX2 and AVX-512 code is
//! compiled with `#[target_feature]` and chosen at run time. Each kernel takes an [`Isa`]:
//! pass [`isa()`] (the detected level, lowered by `ETK_ISA=scalar|avx2|avx512`), or any level
//! from [`Isa::available_levels`] to test a particular path. A level above what the CPU has is
//! clamped down, so every call is safe. [`last_level_cache_bytes`] tells kernels whether a
//! working set stays in cache or streams through memory (the optimized library then writes
//! large outs with streaming stores).
//!
//! ```
//! use etk_simd::{convert, isa, math, Isa};
//! use half::bf16;
//!
//! let x: Vec<f32> = (0..100).map(|i| i as f32 / 10.0 - 5.0).collect();
//! let mut y = vec![0.0f32; x.len()];
//! math::gelu_erf(isa(), &x, &mut y);
//! math::tanh_inplace(isa(), &mut y);
//!
//! let mut packed = vec![bf16::ZERO; y.len()];
//! convert::f32_to_bf16(isa(), &y, &mut packed);
//!
//! // Every path gives results within the documented bounds; tests run them all:
//! for &level in Isa::available_levels() {
//!     let mut z = vec![0.0f32; x.len()];
//!     math::exp(level, &x, &mut z);
//! }
//! ```

#![warn(missing_docs)]
// Polynomial coefficients and range-reduction constants are written with every digit the fit
// produced (simd/tools/fit_tables.py); rounding them to f32's shortest form would change nothing
// but make them harder to check against the fit. `LN2_HI`/`LOG2E` are split constants, not the
// std ones.
#![allow(clippy::excessive_precision, clippy::approx_constant)]

pub mod convert;
pub mod detect;
pub mod math;

pub use detect::{CpuFeatures, Isa, cpu_features, detected, isa, last_level_cache_bytes};
pub use math::UnaryFn;
