//! The shared mechanics every portable kernel reuses; the strided iteration itself lives in
//! `etk_core::iter`.
//!
//! - [`dispatch`]: the compute type of a dtype (`i64`, `f32`, `f64`) and the math on it.
//! - [`pointwise`]: ATen's dtype and shape rules for pointwise ops (promotion, broadcast
//!   resizing, dtype checks) and the per-element adapters for `etk_core::iter`'s maps.
//! - [`scalar`]: Scalars converted as c10 converts them, with its overflow check.
//! - [`copy`]: `static_cast` copies (clone, `_to_copy`, copy, the `*_copy` ops).
//! - [`unary`], [`arith`], [`compare`]: the shapes of the unary, binary arithmetic and
//!   comparison/bitwise/logical families, each op file supplying its elementwise rule.

pub mod arith;
pub mod compare;
pub mod copy;
pub mod dispatch;
pub mod pointwise;
pub mod reduce;
pub mod scalar;
pub mod unary;
