//! etk — Edge Tensor Kernels: operator kernels with PyTorch ATen semantics.
//!
//! This facade re-exports the data model ([`etk_core`]) and the libraries, and provides the
//! default registry: optimized kernels over portable ones, plus quantized kernels and prim ops.
//!
//!
//! The README's quick start is this crate's front page, compiled and run as a doc test:
#![doc = include_str!("../README.md")]

pub mod parallel;

/// Detects the CPU and reads `ETK_ISA` now rather than on the first optimized kernel call.
/// Reading the environment allocates (once, per process); a runtime that counts allocations
/// during inference calls this at load time.
pub fn init() {
    etk_simd::level();
}

pub use etk_core::*;
pub use etk_optimized as optimized;
pub use etk_portable as portable;
pub use etk_prim_ops as prim_ops;
pub use etk_quantized as quantized;
pub use parallel::ThreadPool;

// Later tables override earlier ones: optimized registers vector paths of some quantized
// kernels, so it comes after the quantized reference.
const DEFAULT_TABLES: &[&[KernelEntry]] = &[
    etk_portable::TABLE,
    etk_quantized::TABLE,
    etk_optimized::TABLE,
    etk_prim_ops::TABLE,
];

const PORTABLE_TABLES: &[&[KernelEntry]] = &[
    etk_portable::TABLE,
    etk_quantized::TABLE,
    etk_prim_ops::TABLE,
];

const OPTIMIZED_TABLES: &[&[KernelEntry]] = &[etk_optimized::TABLE];

/// The optimized library's extensions, paired with its table's index in `DEFAULT_TABLES`.
const DEFAULT_EXTENSIONS: &[(usize, &Extensions)] = &[(2, &etk_optimized::EXTENSIONS)];

/// The default registry: optimized over portable and the quantized reference, plus prim ops,
/// with the optimized library's prepared kernels and fused chains.
pub fn registry() -> Registry<'static> {
    Registry::new(DEFAULT_TABLES).with_extensions(DEFAULT_EXTENSIONS)
}

/// Portable kernels only (with quantized kernels and prim ops).
pub fn portable_registry() -> Registry<'static> {
    Registry::new(PORTABLE_TABLES)
}

const OPTIMIZED_EXTENSIONS: &[(usize, &Extensions)] = &[(0, &etk_optimized::EXTENSIONS)];

/// Optimized kernels only: operators optimized does not register are missing.
pub fn optimized_registry() -> Registry<'static> {
    Registry::new(OPTIMIZED_TABLES).with_extensions(OPTIMIZED_EXTENSIONS)
}
