//! Kernel tables by family; `crate::TABLE` is their concatenation.

pub mod arith;
pub mod compare;
pub mod linalg;
pub mod misc;
pub mod unary;
