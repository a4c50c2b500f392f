//! Kernel tables by family, each written with `etk_core::entries!`; `crate::TABLE` is their
//! concatenation.

pub mod activation;
pub mod arith;
pub mod compare;
pub mod convolution;
pub mod copy;
pub mod distance;
pub mod embedding;
pub mod index;
pub mod linalg;
pub mod norm;
pub mod padding;
pub mod pool;
pub mod random;
pub mod reduce;
pub mod resample;
pub mod shape;
pub mod spectral;
pub mod unary;
