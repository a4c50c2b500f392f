//! etk's portable library: a reference kernel for every operator of ExecuTorch's portable
//! list, written to be read. One file per operator under `ops/`, opening with its ATen schema;
//! shared mechanics under `util/` and in `etk_core` (strided iteration, promotion, out
//! resizing). Kernels compute in `i64`, `f32` or `f64` and convert on load and store, so dtype
//! combinations do not multiply code.
//!
//! `#![no_std]`: transcendental functions come from `libm`.
#![no_std]

// `entries!` (the kernel tables under `table/`) and core's other macros, crate-wide.
#[macro_use]
extern crate etk_core;

pub mod ops;
pub mod table;
pub mod util;

use etk_core::KernelEntry;
use etk_core::registry::{concat_tables, total_entries};

const FAMILIES: &[&[KernelEntry]] = &[
    table::arith::TABLE,
    table::unary::TABLE,
    table::compare::TABLE,
    table::activation::TABLE,
    table::copy::TABLE,
    table::linalg::TABLE,
    table::index::TABLE,
    table::shape::TABLE,
    table::norm::TABLE,
    table::convolution::TABLE,
    table::padding::TABLE,
    table::embedding::TABLE,
    table::distance::TABLE,
    table::reduce::TABLE,
    table::pool::TABLE,
    table::random::TABLE,
    table::spectral::TABLE,
    table::resample::TABLE,
];

const ALL: [KernelEntry; total_entries(FAMILIES)] = concat_tables(FAMILIES);

/// Every portable kernel, by full operator name (`aten::add.out`).
pub const TABLE: &[KernelEntry] = &ALL;

/// A table of only the named portable kernels, resolved at compile time; the others are not
/// linked.
///
/// ```
/// static KERNELS: &[etk_core::KernelEntry] = etk_portable::select!("aten::add.out", "aten::sin.out");
/// assert_eq!(KERNELS.len(), 2);
/// ```
#[macro_export]
macro_rules! select {
    ($($name:literal),* $(,)?) => {
        etk_core::select_kernels!($crate::TABLE; $($name),*)
    };
}
