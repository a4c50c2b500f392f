//! The linalg family's kernels.

#[allow(unused_imports)]
use crate::ops::*;
use etk_core::KernelEntry;

pub const TABLE: &[KernelEntry] = &[];
