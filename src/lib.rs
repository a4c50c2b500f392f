//! etk — Edge Tensor Kernels: operator kernels with PyTorch ATen semantics.
//!
//! This facade re-exports the data model ([`etk_core`]) and the libraries, and provides the
//! default registry: optimized kernels over portable ones, plus quantized kernels and prim ops.
//!
//! ```
//! use etk::{EValue, KernelContext, OwnedTensor, Scalar};
//!
//! let a = OwnedTensor::from_slice(&[1.0f32, 2.0, 3.0], &[3]).unwrap();
//! let b = OwnedTensor::from_slice(&[10.0f32], &[1]).unwrap();
//! let mut out = OwnedTensor::zeros(etk::ScalarType::Float, &[3]).unwrap();
//! let mut args = [
//!     EValue::Tensor(a.view()),
//!     EValue::Tensor(b.view()),
//!     EValue::from(Scalar::Int(2)),
//!     EValue::Tensor(out.view_mut().unwrap()),
//! ];
//! etk::registry().call("aten::add.out", &mut KernelContext::serial(), &mut args).unwrap();
//! drop(args);
//! assert_eq!(out.to_logical::<f32>(), vec![21.0, 22.0, 23.0]);
//! ```

pub use etk_core::*;
pub use etk_optimized as optimized;
pub use etk_portable as portable;
pub use etk_prim_ops as prim_ops;
pub use etk_quantized as quantized;

const DEFAULT_TABLES: &[&[KernelEntry]] = &[
    etk_portable::TABLE,
    etk_optimized::TABLE,
    etk_quantized::TABLE,
    etk_prim_ops::TABLE,
];

const PORTABLE_TABLES: &[&[KernelEntry]] = &[
    etk_portable::TABLE,
    etk_quantized::TABLE,
    etk_prim_ops::TABLE,
];

const OPTIMIZED_TABLES: &[&[KernelEntry]] = &[etk_optimized::TABLE];

/// The default registry: optimized over portable, plus quantized kernels and prim ops.
pub fn registry() -> Registry<'static> {
    Registry::new(DEFAULT_TABLES)
}

/// Portable kernels only (with quantized kernels and prim ops).
pub fn portable_registry() -> Registry<'static> {
    Registry::new(PORTABLE_TABLES)
}

/// Optimized kernels only: operators optimized does not register are missing.
pub fn optimized_registry() -> Registry<'static> {
    Registry::new(OPTIMIZED_TABLES)
}
