//! The linalg family's optimized kernels (on the packed GEMM; other dtypes fall back to
//! portable inside each kernel).

use crate::ops::{addmm, bmm, convolution, linear, mm};
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
    KernelEntry {
        name: convolution::OP,
        kernel: convolution::convolution_out_boxed,
    },
];
