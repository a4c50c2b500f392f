//! The linalg family's kernels.

#[allow(unused_imports)]
use crate::ops::*;
use etk_core::KernelEntry;

pub const TABLE: &[KernelEntry] = &[
    KernelEntry {
        name: mm::OP,
        kernel: mm::mm_out_boxed,
    },
    KernelEntry {
        name: bmm::OP,
        kernel: bmm::bmm_out_boxed,
    },
    KernelEntry {
        name: addmm::OP,
        kernel: addmm::addmm_out_boxed,
    },
    KernelEntry {
        name: linear::OP,
        kernel: linear::linear_out_boxed,
    },
];
