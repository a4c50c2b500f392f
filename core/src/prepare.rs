//! Prepared kernels and fused chains: what a library can do once, when a runtime loads a
//! program, so that each call does less.
//!
//! A runtime resolves every instruction of a program at load time. Beside its kernel table a
//! library may declare [`Extensions`]:
//!
//! - a [`PreparedEntry`] per operator whose calls gain from seeing their arguments once before
//!   the first call: the runtime calls its `prepare` once per instruction with the arguments as
//!   they are at load and what it knows of each ([`Known`]): a constant weight's data, the
//!   ints and scalars of the program, static shapes. `prepare` returns a [`PreparedKernel`]
//!   holding whatever it made (a GEMM's B operand packed into its micro-kernel's layout, a
//!   blocking chosen, a buffer sized), or `None` to decline; the runtime then calls the
//!   prepared kernel's `run` instead of the boxed kernel, with the same arguments, at every
//!   call. Memory is allocated in `prepare`; `run` allocates nothing, as every kernel.
//! - a [`FusionEntry`] per chain of operators the library computes in one call (a GEMM and the
//!   activation applied in its epilogue, pointwise ops in one pass): the runtime finds the
//!   chains at load where each op's out is read by the next op only, and calls the entry's
//!   `prepare` with the chain's arguments ([`Chain`]).
//!
//! The contract that makes both safe to use everywhere: **a prepared or fused call's outs are
//! bit-identical to what the library's own kernels give running the instruction(s) one by
//! one** (a NaN is a NaN: its sign and payload, which IEEE 754 leaves open, may differ), and
//! its errors are theirs. A prepared kernel that meets a call it was not prepared
//! for (a tensor the runtime rebound, an ISA level changed by a test) runs the plain kernel.
//!
//! Extensions apply only where their library serves the operators: a [`Registry`] pairs each
//! with the table it belongs to ([`Registry::with_extensions`]), and an operator overridden by
//! a later table is not prepared by an earlier library's entry.
//!
//! [`Registry`]: crate::Registry
//! [`Registry::with_extensions`]: crate::Registry::with_extensions

use crate::context::KernelContext;
use crate::error::Result;
use crate::evalue::EValue;
use alloc::boxed::Box;

/// What the runtime knows of an argument when it prepares an instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known {
    /// Fixed for the method's life, contents included: a tensor of the program's constant
    /// data (or computed from it at load), a scalar or list written in the program.
    Constant,
    /// A tensor whose dtype, sizes and dim order are fixed (a static shape) and whose contents
    /// change from call to call: an input, an intermediate, an out.
    Shape,
    /// Anything may change between calls: a dynamic shape, a value computed at run time.
    Dynamic,
}

/// A kernel call prepared once: it keeps what `prepare` made and runs each call.
pub trait PreparedKernel: Send {
    /// Runs one call. `args` are the instruction's arguments as the boxed kernel takes them
    /// (for a fused chain, every op's arguments in order, as in [`Chain`]); the tensors
    /// `prepare` saw as [`Known::Constant`] are the same memory with the same contents.
    fn run(&mut self, ctx: &mut KernelContext<'_>, args: &mut [EValue<'_>]) -> Result<()>;
}

/// Prepares one instruction: `args` as the boxed kernel takes them (tensors show their memory
/// and current shapes), `known[k]` what stays fixed of `args[k]`. `Ok(None)` declines, and so
/// does an error: the runtime calls the boxed kernel, which reports what is wrong with the call
/// when it runs.
pub type PrepareFn =
    fn(args: &[EValue<'_>], known: &[Known]) -> Result<Option<Box<dyn PreparedKernel>>>;

/// A chain of operators offered to a [`FusionEntry`]: op `i`'s arguments are
/// `args[starts[i]..starts[i + 1]]`, as its boxed kernel takes them, outs last. The out of op
/// `i - 1` is argument `links[i - 1]` of op `i` (a position within op `i`'s arguments) and is
/// read by nothing else in the program: the fused call need not write it. The outs of the last
/// op are what the fused call must produce, bit for bit as running the ops one by one would.
#[derive(Clone, Copy, Debug)]
pub struct Chain<'c, 'a> {
    pub args: &'c [EValue<'a>],
    pub known: &'c [Known],
    /// `ops + 1` entries; the last is `args.len()`.
    pub starts: &'c [usize],
    /// `ops - 1` entries.
    pub links: &'c [usize],
}

impl<'c, 'a> Chain<'c, 'a> {
    /// The number of operators in the chain.
    pub fn len(&self) -> usize {
        self.starts.len().saturating_sub(1)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Op `i`'s arguments.
    pub fn op_args(&self, i: usize) -> &'c [EValue<'a>] {
        &self.args[self.starts[i]..self.starts[i + 1]]
    }

    /// What is known of op `i`'s arguments.
    pub fn op_known(&self, i: usize) -> &'c [Known] {
        &self.known[self.starts[i]..self.starts[i + 1]]
    }
}

/// Prepares a fused call of a chain; `Ok(None)` (or an error) declines: the runtime runs the
/// ops one by one.
pub type FusePrepareFn = fn(chain: &Chain<'_, '_>) -> Result<Option<Box<dyn PreparedKernel>>>;

/// An operator a library prepares.
#[derive(Clone, Copy)]
pub struct PreparedEntry {
    /// The full operator name (`aten::mm.out`).
    pub name: &'static str,
    pub prepare: PrepareFn,
}

/// A chain of operators a library runs as one call.
#[derive(Clone, Copy)]
pub struct FusionEntry {
    /// The operators' full names, producer first: each op's (single) out feeds the next.
    pub ops: &'static [&'static str],
    pub prepare: FusePrepareFn,
    /// The fused kernel takes its last op's outs sharing memory with the chain's inputs and
    /// intermediates (it reads or copies what it needs before writing, and runs the ops one
    /// by one otherwise), so the runtime offers it chains whose out the memory plan laid over
    /// op 0's input or an intermediate, as a plan may for ops run one by one. When false, the
    /// runtime offers only chains whose outs overlap no argument of the chain.
    pub outs_may_overlap: bool,
}

impl core::fmt::Debug for PreparedEntry {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name)
    }
}

impl core::fmt::Debug for FusionEntry {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.ops).finish()
    }
}

/// A library's prepared operators and fusable chains (see the module docs).
#[derive(Clone, Copy, Debug)]
pub struct Extensions {
    pub prepared: &'static [PreparedEntry],
    pub fusions: &'static [FusionEntry],
}

impl Extensions {
    pub const NONE: Extensions = Extensions {
        prepared: &[],
        fusions: &[],
    };
}
