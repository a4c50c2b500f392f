//! Kernel tables by family, each written with `etk_core::entries!`; `crate::TABLE` is their
//! concatenation.

pub mod arith;
pub mod compare;
pub mod index;
pub mod linalg;
pub mod misc;
pub mod nn;
pub mod nn2;
pub mod nnmisc;
pub mod pool;
pub mod random;
pub mod reduce;
pub mod resample;
pub mod shape;
pub mod spectral;
pub mod unary;
