//! The data model every etk kernel is written against: dtypes and their ATen codes, element
//! conversions with C++ `static_cast` semantics, tensor views over caller-owned memory with an
//! explicit dim order, ATen's type promotion, shape and broadcast math, the strided iteration
//! that pointwise kernels share, boxed arguments (`EValue`), the kernel context and the registry.
//!
//! Nothing here allocates except the owned tensor (`alloc` feature), which exists for tests,
//! benchmarks and applications and is never used inside kernels, and the prepared-kernel
//! interface (`alloc`), whose state a library makes when a runtime loads a program.
#![no_std]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod context;
pub mod dims;
pub mod dtype;
pub mod element;
pub mod error;
pub mod evalue;
pub mod iter;
pub mod out;
#[cfg(feature = "alloc")]
pub mod owned;
#[cfg(feature = "alloc")]
pub mod prepare;
pub mod promote;
pub mod random;
pub mod registry;
pub mod scalar;
pub mod shape;
pub mod tensor;

#[cfg(feature = "std")]
pub use context::ScopedThreads;
pub use context::{KernelContext, Parallel, Scratch, Serial, Work, split_count};
pub use dims::{Dims, MAX_DIM};
pub use dtype::ScalarType;
pub use element::{Compute, Element};
pub use error::{Error, ErrorKind, Info, Result};
pub use evalue::{EValue, FromEValue};
pub use half::{bf16, f16};
#[cfg(feature = "alloc")]
pub use owned::OwnedTensor;
#[cfg(feature = "alloc")]
pub use prepare::{Extensions, Known, PreparedKernel};
pub use promote::{ResultTypeState, can_cast, promote_types, result_type};
pub use registry::{BoxedKernel, KernelEntry, Registry};
pub use scalar::Scalar;
pub use tensor::{ShapeDynamism, Tensor};
