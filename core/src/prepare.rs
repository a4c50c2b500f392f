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
//! - a [`FusionEntry`] per family of chains the library computes in one call (a GEMM or a
//!   convolution with the ops after it applied to its out as it is written, pointwise ops in
//!   one pass): the runtime finds runs of consecutive calls, the first one of the entry's
//!   `first` operators and the others of its `then` operators, where every result but the
//!   last call's is read only inside the run, and offers each (longest first) to the entry's
//!   `prepare` ([`Chain`]).
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

/// A chain of operators offered to a [`FusionEntry`]: op `i` is `ops[i]` (its full name), its
/// arguments `args[starts[i]..starts[i + 1]]`, as its boxed kernel takes them, outs last.
///
/// `from[k]` is `Some(i)` when argument `k` is an input whose value is the first out of op
/// `i < ` its own op: a result of the chain that nothing outside it reads, which the fused
/// call need not write (its tensor still shows the shape and memory the plan gave it) and
/// computes instead. Every op but the last has its first out read that way, by one or more
/// later ops, and its other outs read by nothing. The outs of the last op are what the fused
/// call must produce, bit for bit as running the ops one by one would.
///
/// `shares[k]` is true when argument `k` (not an out of the last op) shares memory with the
/// last op's outs: the memory plan gave them the memory of a value that running the ops one
/// by one has read, or written and read, before the last op writes it (an input of the first
/// op, a residual read by the last op in place). A fused call must read such an argument
/// before writing over it, as the ops one by one do, or decline: the first op may write its
/// own out (if that shares nothing with the last op's outs), which the rest then reads; an
/// operand read element by element may be the out itself, read at each offset before that
/// offset is written.
#[derive(Clone, Copy, Debug)]
pub struct Chain<'c, 'a> {
    pub ops: &'c [&'c str],
    pub args: &'c [EValue<'a>],
    pub known: &'c [Known],
    /// `ops.len() + 1` entries; the last is `args.len()`.
    pub starts: &'c [usize],
    /// One entry per argument.
    pub from: &'c [Option<usize>],
    /// One entry per argument.
    pub shares: &'c [bool],
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

    /// Where op `i`'s arguments come from (see [`Chain::from`]).
    pub fn op_from(&self, i: usize) -> &'c [Option<usize>] {
        &self.from[self.starts[i]..self.starts[i + 1]]
    }

    /// Where op `i - 1`'s first out is among op `i`'s arguments, if op `i` reads it.
    pub fn link(&self, i: usize) -> Option<usize> {
        (i > 0 && i < self.len())
            .then(|| self.op_from(i).iter().position(|&f| f == Some(i - 1)))
            .flatten()
    }

    /// Whether any argument of op `i` shares memory with the last op's outs (see
    /// [`Chain::shares`]).
    pub fn op_shares(&self, i: usize) -> bool {
        self.shares[self.starts[i]..self.starts[i + 1]]
            .iter()
            .any(|&s| s)
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

/// A family of chains a library runs as one call: a call of one of the `first` operators
/// followed by calls of `then` operators, as many as the program has (see [`Chain`]).
#[derive(Clone, Copy)]
pub struct FusionEntry {
    /// The operators a chain may start with (full names).
    pub first: &'static [&'static str],
    /// The operators that may follow.
    pub then: &'static [&'static str],
    pub prepare: FusePrepareFn,
}

impl core::fmt::Debug for PreparedEntry {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name)
    }
}

impl core::fmt::Debug for FusionEntry {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("FusionEntry")
            .field("first", &self.first)
            .field("then", &self.then)
            .finish()
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
