//! etk's shared test harness: the conformance runner behind the `etk-conform` binary (and
//! the coverage page it generates), and the allocation counter of the no-allocation tests.

pub mod alloc;
pub mod conform;
pub mod fuzz;
pub mod harness;
pub mod harness_conv;
pub mod harness_gemm;
pub mod harness_movement;
pub mod harness_norm;
pub mod harness_pool;
pub mod harness_quantized;
pub mod harness_reduce;
