//! Executing a prepared method: the loop over instructions (kernel calls, moves, conditional
//! jumps, frees), following jumps, with no allocation and no name lookup.

use crate::args::{CallError, Callee, Tables, call_built, call_gathered, overlap, overlap_error};
use crate::error::{Error, ErrorKind, Result};
use crate::instrs::Instr;
use crate::method::Method;
use crate::profile::Profile;
use crate::values::{Span, Value};
use alloc::format;
use etk_core::{KernelContext, ScalarType};

impl<'m> Method<'m> {
    /// Where instruction `pc` of `chain` (after prepare's rewriting) came from in the file.
    fn part(&self, chain: usize, pc: usize) -> alloc::string::String {
        let at = self.chains[chain].start as usize + pc;
        let pc = self.origin.get(at).map_or(pc, |&o| o as usize);
        format!("chains[{chain}].instructions[{pc}]")
    }

    /// A kernel call: the registry's kernel for `op`, or prepared kernel `slot`.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn call_kernel(
        &mut self,
        ctx: &mut KernelContext<'_>,
        target: Target,
        args: Span,
        outs: u32,
        results: u32,
        chain: usize,
        pc: usize,
    ) -> Result<()> {
        if self.has_moves {
            let Method {
                values,
                arg_indices,
                items,
                regions,
                ..
            } = self;
            let a = &arg_indices[args.range()];
            if let Some(p) = overlap(a, outs, values, items, regions, false) {
                return Err(overlap_error(self.part(chain, pc), p));
            }
        }
        let Method {
            values,
            arg_indices,
            items,
            ints,
            doubles,
            bools,
            bufs,
            cache,
            chains,
            kernels,
            prepared,
            ..
        } = self;
        let mut callee = match target {
            Target::Op(op) => match kernels[op as usize] {
                Some(k) => Callee::Boxed(k),
                None => {
                    return Err(self.call_error(
                        target,
                        CallError::Runtime("operator was not resolved", 0),
                        chain,
                        pc,
                    ));
                }
            },
            Target::Prepared(slot, _) => Callee::Prepared(&mut *prepared[slot as usize]),
        };
        let tables = Tables {
            items,
            ints,
            doubles,
            bools,
        };
        let span = args;
        let args = &arg_indices[args.range()];
        let idx = chains[chain].start as usize + pc;
        let results = results as usize;
        let r = match call_built(
            &mut callee,
            ctx,
            cache,
            idx,
            values,
            args,
            span,
            results,
            tables,
        ) {
            Some(r) => r,
            None => call_gathered(&mut callee, ctx, bufs, cache, values, args, results, tables),
        };
        r.map_err(|e| self.call_error(target, e, chain, pc))
    }

    #[cold]
    fn call_error(&self, target: Target, e: CallError, chain: usize, pc: usize) -> Error {
        let name = match target {
            Target::Op(op) => &self.op_names[op as usize],
            Target::Prepared(_, label) => &self.labels[label as usize],
        };
        match e {
            CallError::Kernel(k) => Error {
                kernel: Some(k),
                ..Error::new(
                    ErrorKind::Execution,
                    self.part(chain, pc),
                    format!("operator {name} failed"),
                )
            },
            CallError::Runtime(what, v) => Error::new(
                ErrorKind::Execution,
                self.part(chain, pc),
                format!("operator {name}: argument value {v}: {what}"),
            ),
        }
    }

    /// The condition of a JumpFalseCall: a Bool, or a Bool tensor whose elements are all true.
    fn cond(&self, v: u32, chain: usize, pc: usize) -> Result<bool> {
        match &self.values[v as usize] {
            Value::Bool(b) => Ok(*b),
            Value::Tensor(slot) if slot.dtype == ScalarType::Bool => {
                // SAFETY: as in `view`; read-only use.
                let t = unsafe { slot.view() }.map_err(|e| {
                    Error::new(ErrorKind::Execution, self.part(chain, pc), format!("{e}"))
                })?;
                // Read as bytes: a condition the program never wrote may hold any byte.
                // SAFETY: the view's `nbytes` bytes are within its memory.
                let bytes = unsafe { core::slice::from_raw_parts(t.as_ptr(), t.nbytes()) };
                Ok(bytes.iter().all(|&b| b != 0))
            }
            _ => Err(Error::new(
                ErrorKind::Execution,
                self.part(chain, pc),
                format!("jump condition (value {v}) is not a Bool or a Bool tensor"),
            )),
        }
    }

    /// Runs the method once: every chain's instructions, from the first, following jumps.
    pub fn execute(&mut self, ctx: &mut KernelContext<'_>) -> Result<()> {
        let mut profile = self.profile.take();
        let r = self.run(ctx, profile.as_mut());
        self.profile = profile;
        r
    }

    fn run(
        &mut self,
        ctx: &mut KernelContext<'_>,
        mut profile: Option<&mut Profile>,
    ) -> Result<()> {
        let mut budget = self.max_instructions;
        for c in 0..self.chains.len() {
            let span = self.chains[c];
            let mut pc = 0usize;
            while pc < span.len as usize {
                if let Some(b) = &mut budget {
                    *b = b.checked_sub(1).ok_or_else(|| {
                        Error::new(
                            ErrorKind::Execution,
                            self.part(c, pc),
                            "the instruction limit (Options::max_instructions) was reached",
                        )
                    })?;
                }
                let start = profile.as_ref().map(|p| p.now());
                let mut next = pc + 1;
                let instr = self.instrs[span.start as usize + pc];
                match instr {
                    Instr::Kernel {
                        op,
                        args,
                        outs,
                        results,
                    } => self.call_kernel(ctx, Target::Op(op), args, outs, results, c, pc)?,
                    Instr::Prepared {
                        slot,
                        label,
                        args,
                        outs,
                        results,
                    } => {
                        let t = Target::Prepared(slot, label);
                        self.call_kernel(ctx, t, args, outs, results, c, pc)?
                    }
                    Instr::Move { from, to } => {
                        let (from, to) = (from as usize, to as usize);
                        // Control flow moves a branch's result into place on every call:
                        // usually the same value as last time, which keeps what is built.
                        if !self.values[to].same(&self.values[from]) {
                            self.values[to] = self.values[from];
                            self.cache.invalidate();
                        }
                    }
                    Instr::JumpFalse { cond, dest } => {
                        if !self.cond(cond, c, pc)? {
                            next = dest as usize;
                        }
                    }
                    // The method owns its memory for its whole life, so freeing a tensor's
                    // data is only checked, as ExecuTorch checks it.
                    Instr::Free { value } => {
                        if !matches!(self.values[value as usize], Value::Tensor(_)) {
                            return Err(Error::new(
                                ErrorKind::Execution,
                                self.part(c, pc),
                                format!("FreeCall target {value} is not a Tensor"),
                            ));
                        }
                    }
                }
                if let (Some(p), Some(t0)) = (profile.as_mut(), start) {
                    let op = match instr {
                        Instr::Kernel { op, .. } => Some(op as usize),
                        Instr::Prepared { label, .. } => Some(label as usize),
                        _ => None,
                    };
                    p.record(op, t0);
                }
                pc = next;
            }
        }
        Ok(())
    }
}

/// What a kernel instruction calls.
#[derive(Clone, Copy)]
enum Target {
    Op(u32),
    Prepared(u32, u32),
}
