//! The fuzzer: random and mutated calls through the boxed entry of every kernel of every
//! library, each checked for panics (on any thread), writes outside the outs, changed inputs,
//! heap allocations, accepted aliases and time, in child processes with a watchdog so that an
//! abort or a hang names its kernel and call. Calls start from the committed conformance
//! cases and from calls that succeeded, mutated (every `EValue` kind, edge values, every
//! dtype, ranks 0-6 and 16, sizes 0, 1 and huge, dim orders, bad outs, aliases, arity), or are
//! made at random. A finding prints a reproducer: Rust that rebuilds the call with [`Arg`] and
//! [`TSpec`] and runs [`check_call`] on it.
//!
//! The `etk-fuzz` binary is the entry point; built by `cargo test` (the test profile: overflow
//! checks and debug assertions on), `testing/tests/fuzz.rs` runs it with CI's budget.

pub mod args;
mod bad;
pub mod check;
pub mod driver;
pub mod mutate;
mod pool;
pub mod seed;
pub mod shrink;

pub use args::{Arg, TSpec};
pub use check::{CallReport, Finding, FindingKind, Verdict, check_call};

use etk::{BoxedKernel, KernelEntry};

/// The kernel table of a library by the fuzzer's name for it.
pub fn lookup_table(lib: &str) -> Option<&'static [KernelEntry]> {
    Some(match lib {
        "portable" => etk::portable::TABLE,
        "optimized" => etk::optimized::TABLE,
        "quantized" => etk::quantized::TABLE,
        "prim" => etk::prim_ops::TABLE,
        "selftest" => driver::selftest_table(),
        _ => return None,
    })
}

/// The kernel `op` of library `lib`.
pub fn lookup(lib: &str, op: &str) -> Option<BoxedKernel> {
    lookup_table(lib)?
        .iter()
        .find(|e| e.name == op)
        .map(|e| e.kernel)
}
