//! etk-prim-ops. Its kernel table is empty until its first kernels land.
use etk_core::KernelEntry;

/// This library's kernels, by full operator name.
pub const TABLE: &[KernelEntry] = &[];
