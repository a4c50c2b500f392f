//! One module per operator.

// linalg (on the packed GEMM; see `crate::gemm`)
pub mod addmm;
pub mod bmm;
pub mod linear;
pub mod mm;
