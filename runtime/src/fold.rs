//! Constant folding: a kernel call whose inputs are all constants runs once, at prepare, into
//! memory the method owns, and leaves the loop; its outs become constants, so a chain of such
//! calls (a weight transposed, then viewed, then dequantized) folds whole.
//!
//! A call folds when
//! - its operator is deterministic (not a random op, not `empty`);
//! - every input is constant: a tensor of the program's constant data or an earlier folded
//!   result, a scalar or list no instruction writes (a symbolic size computed at run time is
//!   not constant);
//! - every result is a planned tensor that only this call writes, that is not an input or an
//!   output of the method (the caller sees outputs as the program's own memory), and whose
//!   memory no other unwritten value shares (a static view planned at its source's offset);
//! - it runs on every call: not inside a branch or a loop (between a jump and its
//!   destination);
//! - an `et_view` reading a result folds too (its out is a view of the result's memory, which
//!   moves), and all its arguments are single values, not lists gathered per call.
//!
//! A view op (`et_view`) folds by taking its input's memory, as it does when it runs. A call
//! whose kernel fails at prepare is left in the loop (it fails there, as it would have).

use crate::args::{CallError, Tables, cacheable, single};
use crate::error::Result;
use crate::instrs::{Instr, is_view_op};
use crate::memory::Zeroed;
use crate::plan::{Plan, Uses};
use crate::values::{TensorSlot, Value};
use alloc::vec;
use alloc::vec::Vec;
use etk_core::{Dims, EValue, KernelContext, Serial};

/// What folding took out of the loop.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Folded {
    /// Kernel calls run at prepare.
    pub instructions: usize,
    /// Bytes of memory their results hold.
    pub bytes: usize,
}

/// Scratch for the kernels run at prepare.
const SCRATCH: usize = 16 << 20;

/// Whether `name` computes the same result from the same inputs every time.
fn deterministic(name: &str) -> bool {
    let op = name.split("::").nth(1).unwrap_or(name);
    let base = op.split('.').next().unwrap_or(op).trim_end_matches('_');
    !(base.contains("rand")
        || base.contains("dropout")
        || matches!(
            base,
            "bernoulli"
                | "normal"
                | "uniform"
                | "multinomial"
                | "poisson"
                | "exponential"
                | "geometric"
                | "cauchy"
                | "log_normal"
                | "random"
                | "empty"
                | "empty_like"
                | "empty_strided"
        ))
}

/// Folds what can be folded; memory for the results is charged to `budget` and kept in
/// `owned`. Dropped instructions are marked in `plan.dropped`.
pub(crate) fn fold(
    plan: &mut Plan<'_>,
    uses: &Uses,
    budget: &mut usize,
    owned: &mut Vec<Zeroed>,
) -> Result<Folded> {
    let n = plan.values.len();
    let mut constant = vec![false; n];
    for v in 0..n {
        constant[v] = is_constant(plan, uses, v, &constant);
    }
    // Again: a list's members may come after the list.
    for v in 0..n {
        constant[v] = constant[v] || is_constant(plan, uses, v, &constant);
    }
    let conditional = plan.conditional();
    let aliases = Aliases::new(plan, uses);
    let mut readers_of: Vec<Vec<u32>> = vec![Vec::new(); n];
    for i in 0..plan.instrs.len() {
        if matches!(plan.instrs[i], Instr::Kernel { .. }) {
            let first = plan.args(i).len() - plan.results(i).len();
            for &a in &plan.args(i)[..first] {
                readers_of[a as usize].push(i as u32);
            }
        }
    }
    let mut scratch: Option<Zeroed> = None;
    let mut folded = Folded::default();
    for i in 0..plan.instrs.len() {
        let Instr::Kernel { op, .. } = plan.instrs[i] else {
            continue;
        };
        let Some(kernel) = plan.kernels[op as usize] else {
            continue;
        };
        if conditional[i] || !candidate(plan, uses, &constant, i) {
            continue;
        }
        let view = is_view_op(&plan.op_names[op as usize]);
        let results = plan.results(i).to_vec();
        let moves_memory = !view;
        let blocked = results.iter().any(|&r| {
            // views of the result must follow it when its memory moves.
            let view_readers_ok = readers_of[r as usize].iter().all(|&k| {
                let k = k as usize;
                let Instr::Kernel { op, .. } = plan.instrs[k] else {
                    return true;
                };
                !is_view_op(&plan.op_names[op as usize])
                    || (!conditional[k] && view_foldable(plan, uses, &constant, k, r))
            });
            let aliased = moves_memory && aliases.read_elsewhere(plan, i, r);
            aliased || !view_readers_ok
        });
        if blocked {
            continue;
        }
        // Results go to memory of their own (a view takes its input's when it runs).
        let saved: Vec<TensorSlot> = results
            .iter()
            .filter_map(|&r| match plan.values[r as usize] {
                Value::Tensor(t) => Some(t),
                _ => None,
            })
            .collect();
        let mut bytes = 0;
        let owned_before = owned.len();
        if moves_memory {
            for &r in &results {
                let Value::Tensor(t) = &mut plan.values[r as usize] else {
                    continue;
                };
                let Some(left) = budget.checked_sub(t.capacity) else {
                    break;
                };
                let Ok(mut mem) = Zeroed::new(t.capacity, "constant folding") else {
                    break;
                };
                *budget = left;
                bytes += t.capacity;
                t.data = mem.as_mut_ptr();
                owned.push(mem);
            }
            if owned.len() - owned_before != results.len() {
                restore(plan, &results, &saved, owned, owned_before);
                continue;
            }
        }
        if scratch.is_none() {
            scratch = Zeroed::new(SCRATCH, "constant folding").ok();
        }
        let Some(buf) = scratch.as_mut() else {
            restore(plan, &results, &saved, owned, owned_before);
            continue;
        };
        // SAFETY: the scratch block is `SCRATCH` bytes the method owns, used by nothing else.
        let buf = unsafe { core::slice::from_raw_parts_mut(buf.as_mut_ptr(), SCRATCH) };
        let mut ctx = KernelContext::new(buf, &Serial);
        if run(plan, i, kernel, &mut ctx).is_err() {
            restore(plan, &results, &saved, owned, owned_before);
            continue;
        }
        for &r in &results {
            if let Value::Tensor(t) = &mut plan.values[r as usize] {
                t.writable = false;
            }
            constant[r as usize] = true;
        }
        plan.dropped[i] = true;
        folded.instructions += 1;
        folded.bytes += bytes;
    }
    Ok(folded)
}

/// The memory of tensor value `v`.
fn region(plan: &Plan<'_>, v: u32) -> Option<(usize, usize)> {
    match plan.values[v as usize] {
        Value::Tensor(t) => Some((t.data as usize, t.data as usize + t.capacity)),
        _ => None,
    }
}

fn overlaps(a: (usize, usize), b: (usize, usize)) -> bool {
    a.0 < b.1 && b.0 < a.1 && a.0 < a.1 && b.0 < b.1
}

/// Planned tensors nothing writes (inputs, read-only buffers, static views planned over
/// another value's memory), and where every value is read: what a pass that moves a result's
/// memory (folding) or does not write it (fusion) must check first.
pub(crate) struct Aliases {
    unwritten: Vec<u32>,
    /// Per value, the instructions reading it (a call, list members included, or a move;
    /// `instrs.len()` for a method output).
    read_at: Vec<Vec<u32>>,
    jumps: bool,
}

impl Aliases {
    pub(crate) fn new(plan: &Plan<'_>, uses: &Uses) -> Aliases {
        let n = plan.values.len();
        let unwritten = (0..n as u32)
            .filter(|&v| uses.writers[v as usize] == 0)
            .filter(|&v| matches!(plan.values[v as usize], Value::Tensor(t) if t.writable && t.capacity > 0))
            .collect();
        let mut read_at: Vec<Vec<u32>> = vec![Vec::new(); n];
        for i in 0..plan.instrs.len() {
            let first = plan.args(i).len() - plan.results(i).len();
            let mut reads: Vec<u32> = plan.args(i)[..first].to_vec();
            if let Instr::Move { from, .. } = plan.instrs[i] {
                reads.push(from);
            }
            for a in reads {
                plan.each_member(a, |m| read_at[m as usize].push(i as u32));
            }
        }
        for &o in &plan.outputs {
            plan.each_member(o, |m| read_at[m as usize].push(plan.instrs.len() as u32));
        }
        let jumps = plan
            .instrs
            .iter()
            .any(|i| matches!(i, Instr::JumpFalse { .. }));
        Aliases {
            unwritten,
            read_at,
            jumps,
        }
    }

    /// Whether some unwritten value may read result `r` of instruction `i` through shared
    /// memory (see [`aliased`]).
    pub(crate) fn read_elsewhere(&self, plan: &Plan<'_>, i: usize, r: u32) -> bool {
        self.unwritten
            .iter()
            .any(|&u| aliased(plan, &self.read_at, self.jumps, i, r, u))
    }
}

/// Whether unwritten value `u` may read result `r` of instruction `i` through shared memory:
/// `u` overlaps `r`, and some instruction reading `u` finds there what `i` wrote (no other
/// instruction wrote the overlap in between). With jumps the order of instructions is not
/// the order of execution: any overlap counts.
fn aliased(plan: &Plan<'_>, read_at: &[Vec<u32>], jumps: bool, i: usize, r: u32, u: u32) -> bool {
    let (Some(ru), Some(rr)) = (region(plan, u), region(plan, r)) else {
        return false;
    };
    if !overlaps(ru, rr) {
        return false;
    }
    if jumps {
        return true;
    }
    read_at[u as usize].iter().any(|&t| {
        let t = t as usize;
        // the last instruction before `t` writing memory `u` shares
        (0..t).rev().find(|&j| {
            plan.results(j)
                .iter()
                .any(|&w| region(plan, w).is_some_and(|rw| overlaps(rw, ru)))
        }) == Some(i)
    })
}

/// Whether value `v` is a constant before any folding (`constant` holds what is known of the
/// values before it, for lists).
fn is_constant(plan: &Plan<'_>, uses: &Uses, v: usize, constant: &[bool]) -> bool {
    if uses.writers[v] != 0 {
        return false;
    }
    match plan.values[v] {
        Value::Tensor(t) => !t.writable,
        Value::IntList(_) => false,
        Value::TensorList(s) | Value::OptionalTensorList(s) => plan.items[s.range()]
            .iter()
            .all(|&m| m < 0 || constant.get(m as usize).copied().unwrap_or(false)),
        _ => true,
    }
}

/// The structural conditions on instruction `i` (see the module docs), inputs included.
fn candidate(plan: &Plan<'_>, uses: &Uses, constant: &[bool], i: usize) -> bool {
    let Instr::Kernel { op, .. } = plan.instrs[i] else {
        return false;
    };
    if !deterministic(&plan.op_names[op as usize]) {
        return false;
    }
    let args = plan.args(i);
    let results = plan.results(i);
    let first = args.len() - results.len();
    let inputs_constant = args[..first].iter().all(|&a| constant[a as usize]);
    let single_values = args.iter().all(|&a| cacheable(&plan.values[a as usize]));
    let results_ok = !results.is_empty()
        && results.iter().all(|&r| {
            matches!(plan.values[r as usize], Value::Tensor(t) if t.writable)
                && uses.writers[r as usize] == 1
                && !plan.outputs.contains(&r)
                && !plan.inputs.contains(&r)
                && !args[..first].contains(&r)
        });
    inputs_constant && single_values && results_ok
}

/// Whether view op `k` will fold once `r` (one of its inputs) is constant.
fn view_foldable(plan: &Plan<'_>, uses: &Uses, constant: &[bool], k: usize, r: u32) -> bool {
    let args = plan.args(k);
    let first = args.len() - plan.results(k).len();
    let mut known = constant.to_vec();
    known[r as usize] = true;
    candidate(plan, uses, &known, k) && args[..first].iter().all(|&a| known[a as usize])
}

/// Puts the results' slots back as they were and frees what was allocated for them.
fn restore(
    plan: &mut Plan<'_>,
    results: &[u32],
    saved: &[TensorSlot],
    owned: &mut Vec<Zeroed>,
    owned_before: usize,
) {
    for (&r, s) in results.iter().zip(saved) {
        plan.values[r as usize] = Value::Tensor(*s);
    }
    owned.truncate(owned_before);
}

/// Runs kernel call `i` once and writes its results' shapes (and, for a view, memory) back.
fn run(
    plan: &mut Plan<'_>,
    i: usize,
    kernel: etk_core::BoxedKernel,
    ctx: &mut KernelContext<'_>,
) -> core::result::Result<(), CallError> {
    let args = plan.args(i).to_vec();
    let n_results = plan.results(i).len();
    let Plan {
        values,
        ints,
        doubles,
        bools,
        items,
        ..
    } = plan;
    let tables = Tables {
        items,
        ints,
        doubles,
        bools,
    };
    let mut evs = Vec::with_capacity(args.len());
    for &a in &args {
        evs.push(single(&values[a as usize], tables)?);
    }
    kernel(ctx, &mut evs).map_err(CallError::Kernel)?;
    let first = args.len() - n_results;
    for (ev, &r) in evs[first..].iter().zip(&args[first..]) {
        let (EValue::Tensor(t), Value::Tensor(slot)) = (ev, &mut values[r as usize]) else {
            return Err(CallError::Runtime("a folded result is not a tensor", r));
        };
        let order = Dims::new(t.dim_order()).ok_or(CallError::Runtime("rank", r))?;
        slot.sizes = t.shape();
        slot.dim_order = order;
        if !core::ptr::eq(t.as_ptr(), slot.data) {
            // a view: the result is its input's memory.
            slot.data = t.as_ptr() as *mut u8;
            slot.capacity = t.capacity();
        }
    }
    Ok(())
}
