//! The unary family's kernels.

#[allow(unused_imports)]
use crate::ops::*;
use etk_core::KernelEntry;

pub const TABLE: &[KernelEntry] = &[KernelEntry {
    name: sin::OP,
    kernel: sin::sin_out_boxed,
}];
