//! etk's optimized library: the same answers as portable, faster. SIMD kernels selected at run
//! time for the CPU (`etk_simd`), its own packed GEMM, and a fall back to portable for every
//! case a kernel does not accelerate.

pub mod gemm;
pub mod ops;
pub mod pointwise;
pub mod table;

use etk_core::KernelEntry;
use etk_core::registry::{concat_tables, total_entries};

const FAMILIES: &[&[KernelEntry]] = &[table::pointwise::TABLE, table::linalg::TABLE];

const ALL: [KernelEntry; total_entries(FAMILIES)] = concat_tables(FAMILIES);

/// Every optimized kernel, by full operator name.
pub const TABLE: &[KernelEntry] = &ALL;
