//! The optimized-against-portable driver: every kernel of `etk_optimized::TABLE` against the
//! portable kernel of the same name, through the boxed entries, on random inputs: every dtype
//! the kernel takes (all ten are tried; both libraries must agree on which are errors),
//! contiguous / scalar / one-element / row, column and middle broadcast / channels-last / mixed
//! dim orders / size-1 dims / empty / odd lengths that leave tails / large enough for threads.
//!
//! `tests/optimized_vs_portable.rs` runs it at every ISA level the machine has, in-process
//! (`etk_simd::with_level`, which every optimized kernel obeys); `etk-emu` runs
//! it at AVX-512 in an emulated CPU, through [`set_optimized_invoke`]. A kernel this driver has
//! no argument generator for is listed by [`missing_generators`] (and fails the test).
//!
//! Tolerances are per op: exact (bits, NaN equal to NaN) where portable is exact, a few ULP of
//! the out's dtype for the transcendentals (which use `etk_simd`'s vector math).

pub mod driver;
pub mod generators;
pub mod random;
pub mod tensors;
pub mod tolerance;

// The paths kernels' tests and the family generators have always used.
pub use driver::*;
pub use generators::generator;
pub use random::*;
pub use tensors::*;
pub use tolerance::*;
