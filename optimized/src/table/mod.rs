//! Kernel tables by family; `crate::TABLE` is their concatenation.

pub mod linalg;
pub mod movement;
pub mod norm;
pub mod pointwise;
pub mod pool;
pub mod prepared;
pub mod quantized;
pub mod reduce;
