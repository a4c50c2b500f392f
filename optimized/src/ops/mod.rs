//! One module per operator.

// linalg (on the packed GEMM; see `crate::gemm`)
pub mod addmm;
pub mod bmm;
pub mod linear;
pub mod mm;

// pointwise (the optimized pointwise family; see `crate::pointwise`)
pub mod abs;
pub mod add;
pub mod clamp;
pub mod div;
pub mod eq;
pub mod erf;
pub mod exp;
pub mod ge;
pub mod gelu;
pub mod gt;
pub mod hardtanh;
pub mod le;
pub mod log;
pub mod lt;
pub mod maximum;
pub mod minimum;
pub mod mul;
pub mod ne;
pub mod neg;
pub mod relu;
pub mod rsqrt;
pub mod sigmoid;
pub mod sqrt;
pub mod sub;
pub mod tanh;
pub mod to_copy;
pub mod where_;
