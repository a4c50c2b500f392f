//! etk's optimized library: the same answers as portable, faster. SIMD kernels selected at run
//! time for the CPU (`etk_simd`), its own packed GEMM, and a fall back to portable for every
//! case a kernel does not accelerate (to etk-quantized's reference for the quantized kernels).

pub mod fused;
pub mod gemm;
pub mod movement;
pub mod norm;
pub mod ops;
pub mod pointwise;
pub mod pool;
pub mod quantized;
pub mod reduce;
pub mod table;

use etk_core::KernelEntry;
use etk_core::registry::{concat_tables, total_entries};

const FAMILIES: &[&[KernelEntry]] = &[
    table::pointwise::TABLE,
    table::linalg::TABLE,
    table::quantized::TABLE,
    table::norm::TABLE,
    table::movement::TABLE,
    table::pool::TABLE,
    table::reduce::TABLE,
];

const ALL: [KernelEntry; total_entries(FAMILIES)] = concat_tables(FAMILIES);

/// Every optimized kernel, by full operator name.
pub const TABLE: &[KernelEntry] = &ALL;

/// The calls the optimized library prepares and the chains it fuses, for
/// [`etk_core::Registry::with_extensions`] beside [`TABLE`].
pub use table::prepared::EXTENSIONS;
