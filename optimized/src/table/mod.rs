//! Kernel tables by family; `crate::TABLE` is their concatenation.

pub mod linalg;
pub mod pointwise;
pub mod pool;
pub mod quantized;
