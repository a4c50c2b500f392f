//! Kernel tables by family; `crate::TABLE` is their concatenation.

/// `entries![module::OP => module::op_out_boxed, ...]`: a table of (operator name, boxed
/// kernel).
macro_rules! entries {
    ($($name:expr => $kernel:expr),* $(,)?) => {
        &[$(etk_core::KernelEntry { name: $name, kernel: $kernel }),*]
    };
}

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
