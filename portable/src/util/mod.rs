//! The shared mechanics every portable kernel reuses: compute-type dispatch, ATen's dtype
//! rules for pointwise ops, and out resizing. The strided iteration itself lives in
//! `etk_core::iter`.

pub mod arith_helpers;
pub mod compare_helpers;
pub mod dispatch;
pub mod misc_helpers;
pub mod pointwise;
pub mod unary_helpers;
