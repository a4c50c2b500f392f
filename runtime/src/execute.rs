//! Executing a prepared method: the loop over instructions (kernel calls, moves, conditional
//! jumps, frees), following jumps, with no allocation and no name lookup.

use crate::args::{CallError, call_built, call_gathered, overlap, overlap_error};
use crate::error::{Error, ErrorKind, Result};
use crate::instrs::Instr;
use crate::method::Method;
use crate::profile::Profile;
use crate::values::{Span, Value};
use alloc::format;
use etk_core::{KernelContext, ScalarType};

impl<'m> Method<'m> {
    fn part(&self, chain: usize, pc: usize) -> alloc::string::String {
        format!("chains[{chain}].instructions[{pc}]")
    }

    fn call_kernel(
        &mut self,
        ctx: &mut KernelContext<'_>,
        op: u32,
        args: Span,
        outs: u32,
        chain: usize,
        pc: usize,
    ) -> Result<()> {
        let Some(kernel) = self.kernels[op as usize] else {
            return Err(Error::new(
                ErrorKind::Execution,
                self.part(chain, pc),
                "operator was not resolved",
            ));
        };
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
            doubles,
            bools,
            bufs,
            cache,
            chains,
            ..
        } = self;
        let span = args;
        let args = &arg_indices[args.range()];
        let idx = chains[chain].start as usize + pc;
        let r = match call_built(kernel, ctx, cache, idx, values, args, span, doubles, bools) {
            Some(r) => r,
            None => call_gathered(
                kernel, ctx, bufs, cache, values, args, items, doubles, bools,
            ),
        };
        r.map_err(|e| {
            let name = &self.op_names[op as usize];
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
        })
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
                    Instr::Kernel { op, args, outs } => {
                        self.call_kernel(ctx, op, args, outs, c, pc)?
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
