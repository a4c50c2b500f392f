//! etk-runtime: loads ExecuTorch program files (`.pte`) and executes their methods on the boxed
//! kernels of an [`etk_core::Registry`].
//!
//! - [`Program::load`] borrows the file's bytes, checks the headers (`ET12`, the `eh00`
//!   extended header), verifies the whole flatbuffer and bounds-checks the segments. Nothing is
//!   copied.
//! - [`Method::prepare`] does everything that can be done once: values and tensors built from
//!   the plan, planned memory laid out in one arena per memory-plan buffer (allocated here, or
//!   handed in), constants used in place (copied once when misaligned), mutable buffers loaded
//!   with their initial state, every operator resolved in the registry (all missing ones
//!   reported together), the argument buffers of every instruction sized. Then, each exact
//!   and each switchable ([`Options`]): calls whose inputs are all constants run once, into
//!   memory the method owns, and leave the loop (constant folding, [`Folded`]); chains of
//!   calls a library declared it fuses run as one call (their intermediates read by nothing
//!   else); calls a library declared it prepares get their prepared form (a constant GEMM
//!   operand packed once). See `etk_core::prepare` for the libraries' side.
//! - [`Method::execute`] runs the instructions (kernel calls, moves, conditional jumps, frees)
//!   with no allocation and no name lookup; mutable state persists across calls. Each call's
//!   arguments are built once and kept until a value they show changes (a resized input or
//!   dynamic out, a scalar a call computed, a move): a kernel call on tiny tensors costs tens of
//!   nanoseconds. With a
//!   `KernelContext` whose threads are a pool (`etk::ThreadPool`), the runtime and the kernels'
//!   tasks still allocate nothing; what the pool itself allocates to schedule tasks is the
//!   pool's (made and owned by the caller, like the pool).
//! - [`BundledProgram::load`] reads an ExecuTorch bundled program (`.bpte`): the program it
//!   wraps and its test cases, as checked values.
//!
//! Every error is a value that says which part of the file, or which instruction and operator,
//! is at fault. A truncated, corrupted or hostile file never panics, reads out of bounds or
//! allocates without bound: what loading copies is capped by the file's size, and what a
//! method allocates (planned memory, its value table) by [`Options::max_planned_bytes`].
//!
//! ```
//! use etk::{KernelContext, OwnedTensor, ScalarType};
//! use etk_runtime::{Method, Program};
//!
//! let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../testing/models/mlp_matmul.pte");
//! let bytes = etk_runtime::read_file(path).unwrap();
//! let program = Program::load(&bytes).unwrap();
//! let mut method = Method::prepare(&program, "forward", &etk::registry()).unwrap();
//!
//! let x = OwnedTensor::zeros(ScalarType::Float, &[4, 16]).unwrap();
//! method.set_input(0, &x.view()).unwrap();
//! let mut scratch = vec![0u8; 1 << 20];
//! let mut ctx = KernelContext::new(&mut scratch, &etk::Serial);
//! method.execute(&mut ctx).unwrap();
//! assert_eq!(method.output(0).unwrap().sizes(), [4, 8]);
//!
//! // A registry without the program's operators: one error names them all.
//! let err = Method::prepare(&program, "forward", &etk::Registry::new(&[])).err().unwrap();
//! assert!(err.to_string().contains("aten::mm.out, aten::add.out, aten::relu.out"));
//! ```
#![no_std]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod args;
pub mod bundle;
mod error;
mod execute;
mod fold;
mod instrs;
mod load;
mod memory;
mod method;
mod options;
mod plan;
mod prepared;
pub mod profile;
mod program;
pub mod schema;
mod values;

pub use bundle::BundledProgram;
pub use error::{Error, ErrorKind, Result};
pub use fold::Folded;
pub use instrs::operator_names;
pub use method::Method;
pub use options::Options;
pub use profile::Profile;
pub use program::Program;
pub use values::ValueKind;

/// Reads a program file whole; [`Program::load`] then borrows the bytes. (A runtime that maps
/// the file, or keeps it in flash, passes its own bytes instead.)
#[cfg(feature = "std")]
pub fn read_file(path: impl AsRef<std::path::Path>) -> Result<alloc::vec::Vec<u8>> {
    let path = path.as_ref();
    std::fs::read(path).map_err(|e| {
        Error::new(
            ErrorKind::InvalidArgument,
            alloc::format!("{}", path.display()),
            alloc::format!("{e}"),
        )
    })
}
