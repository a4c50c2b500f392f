//! A method's program as prepare reads and rewrites it: its values, instructions and argument
//! lists, who writes and who reads each value, and the instruction list compacted once the
//! passes (folding, fusion) have taken instructions out of the loop.

use crate::instrs::Instr;
use crate::values::{Span, Value};
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use etk_core::BoxedKernel;

/// The program of one method, before it becomes a `Method`.
pub(crate) struct Plan<'m> {
    pub values: Vec<Value<'m>>,
    /// Instructions of all chains, back to back; `chains` spans them.
    pub instrs: Vec<Instr>,
    /// Per instruction, its index in its chain in the file (error messages name it).
    pub origin: Vec<u32>,
    pub chains: Vec<Span>,
    pub arg_indices: Vec<u32>,
    pub items: Vec<i32>,
    pub ints: Vec<i64>,
    pub doubles: Vec<f64>,
    pub bools: Vec<bool>,
    pub inputs: Vec<u32>,
    pub outputs: Vec<u32>,
    /// Per operator of the plan: its full name and, if some instruction calls it, its kernel.
    pub op_names: Vec<String>,
    pub kernels: Vec<Option<BoxedKernel>>,
    /// Profile rows: the operator names, then the fused chains' names.
    pub labels: Vec<String>,
    /// Per instruction, whether a pass took it out of the loop.
    pub dropped: Vec<bool>,
}

/// Who touches each value, over the whole plan.
pub(crate) struct Uses {
    /// Instructions (and moves) that write the value: outs, scalar results, move targets,
    /// members of a written tensor list.
    pub writers: Vec<u32>,
    /// Reads of the value: as a kernel input (directly or as a list member), a move source,
    /// a jump condition, a method output.
    pub readers: Vec<u32>,
}

impl Plan<'_> {
    /// Instruction `i`'s argument value indices.
    pub fn args(&self, i: usize) -> &[u32] {
        match self.instrs[i] {
            Instr::Kernel { args, .. } | Instr::Prepared { args, .. } => {
                &self.arg_indices[args.range()]
            }
            _ => &[],
        }
    }

    /// The values of instruction `i`'s (kernel call's) results: its last `results` arguments.
    pub fn results(&self, i: usize) -> &[u32] {
        let args = self.args(i);
        match self.instrs[i] {
            Instr::Kernel { results, .. } | Instr::Prepared { results, .. } => {
                &args[args.len().saturating_sub(results as usize)..]
            }
            _ => &[],
        }
    }

    /// Calls `f(value)` for `v` and, for a list, each of its members.
    pub fn each_member(&self, v: u32, mut f: impl FnMut(u32)) {
        f(v);
        if let Some(Value::TensorList(s) | Value::OptionalTensorList(s) | Value::IntList(s)) =
            self.values.get(v as usize)
        {
            for &m in &self.items[s.range()] {
                if m >= 0 {
                    f(m as u32);
                }
            }
        }
    }

    pub fn uses(&self) -> Uses {
        let n = self.values.len();
        let mut u = Uses {
            writers: vec![0; n],
            readers: vec![0; n],
        };
        for i in 0..self.instrs.len() {
            match self.instrs[i] {
                Instr::Kernel { .. } | Instr::Prepared { .. } => {
                    let args = self.args(i);
                    let first = args.len() - self.results(i).len();
                    for (k, &a) in args.iter().enumerate() {
                        if k < first {
                            self.each_member(a, |m| u.readers[m as usize] += 1);
                        } else {
                            self.each_member(a, |m| u.writers[m as usize] += 1);
                        }
                    }
                }
                Instr::Move { from, to } => {
                    self.each_member(from, |m| u.readers[m as usize] += 1);
                    self.each_member(to, |m| u.writers[m as usize] += 1);
                }
                Instr::JumpFalse { cond, .. } => u.readers[cond as usize] += 1,
                Instr::Free { .. } => {}
            }
        }
        for &o in &self.outputs {
            self.each_member(o, |m| u.readers[m as usize] += 1);
        }
        u
    }

    /// Per instruction, whether it may not run on every call: it lies between a jump and its
    /// destination (a branch of a conditional, or the body of a loop).
    pub fn conditional(&self) -> Vec<bool> {
        let mut c = vec![false; self.instrs.len()];
        for span in &self.chains {
            let base = span.start as usize;
            for pc in 0..span.len as usize {
                if let Instr::JumpFalse { dest, .. } = self.instrs[base + pc] {
                    let dest = dest as usize;
                    let (lo, hi) = if dest > pc {
                        (pc + 1, dest)
                    } else {
                        (dest, pc + 1)
                    };
                    for x in
                        &mut c[base + lo.min(span.len as usize)..base + hi.min(span.len as usize)]
                    {
                        *x = true;
                    }
                }
            }
        }
        c
    }

    /// Per instruction, whether a jump lands on it.
    pub fn jump_targets(&self) -> Vec<bool> {
        let mut t = vec![false; self.instrs.len()];
        for span in &self.chains {
            let base = span.start as usize;
            for pc in 0..span.len as usize {
                if let Instr::JumpFalse { dest, .. } = self.instrs[base + pc]
                    && (dest as usize) < span.len as usize
                {
                    t[base + dest as usize] = true;
                }
            }
        }
        t
    }

    /// Removes the dropped instructions, chain by chain; a jump to a dropped instruction lands
    /// on the next one kept.
    pub fn compact(&mut self) {
        if !self.dropped.iter().any(|&d| d) {
            return;
        }
        let (mut instrs, mut origin, mut chains) = (Vec::new(), Vec::new(), Vec::new());
        for span in &self.chains {
            let base = span.start as usize;
            let len = span.len as usize;
            // new index of old pc, for every pc up to `len` (a jump may land at the end).
            let mut at = vec![0u32; len + 1];
            let mut kept = 0u32;
            for (slot, &dropped) in at.iter_mut().zip(&self.dropped[base..base + len]) {
                *slot = kept;
                kept += u32::from(!dropped);
            }
            at[len] = kept;
            let start = instrs.len();
            for pc in 0..len {
                if self.dropped[base + pc] {
                    continue;
                }
                let mut ins = self.instrs[base + pc];
                if let Instr::JumpFalse { dest, .. } = &mut ins {
                    *dest = at[(*dest as usize).min(len)];
                }
                instrs.push(ins);
                origin.push(self.origin[base + pc]);
            }
            chains.push(Span {
                start: start as u32,
                len: (instrs.len() - start) as u32,
            });
        }
        self.dropped = vec![false; instrs.len()];
        self.instrs = instrs;
        self.origin = origin;
        self.chains = chains;
    }

    /// Int lists whose members no instruction writes become spans of the int table: read once
    /// here instead of gathered at every call (convolution's stride, padding, dilation).
    pub fn fix_int_lists(&mut self, uses: &Uses) {
        for v in 0..self.values.len() {
            let Value::IntList(s) = self.values[v] else {
                continue;
            };
            let fixed: Option<Vec<i64>> = self.items[s.range()]
                .iter()
                .map(|&m| match self.values.get(m as usize) {
                    Some(Value::Int(x)) if uses.writers[m as usize] == 0 => Some(*x),
                    _ => None,
                })
                .collect();
            if let Some(list) = fixed {
                let start = self.ints.len();
                self.ints.extend(list);
                self.values[v] = Value::Ints(Span {
                    start: start as u32,
                    len: s.len,
                });
            }
        }
    }
}
