//! The linalg family's optimized kernels.

use etk_core::KernelEntry;

pub const TABLE: &[KernelEntry] = &[];
