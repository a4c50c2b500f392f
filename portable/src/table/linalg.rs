//! The linalg family's kernels.

use crate::ops::*;
use etk_core::KernelEntry;

pub const TABLE: &[KernelEntry] = entries![
    mm::OP => mm::mm_out_boxed,
    bmm::OP => bmm::bmm_out_boxed,
    addmm::OP => addmm::addmm_out_boxed,
    linear::OP => linear::linear_out_boxed,
];
