//! The arith family's kernels.

#[allow(unused_imports)]
use crate::ops::*;
use etk_core::KernelEntry;

pub const TABLE: &[KernelEntry] = &[
    KernelEntry {
        name: add::OP,
        kernel: add::add_out_boxed,
    },
    KernelEntry {
        name: add::OP_SCALAR,
        kernel: add::add_scalar_out_boxed,
    },
];
