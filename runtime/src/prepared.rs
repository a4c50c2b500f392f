//! Prepared kernels and fused chains: the runtime side of `etk_core::prepare`.
//!
//! The runtime knows programs, not kernels: it offers each library the calls the library
//! declared it can prepare, and the chains of calls it declared it can fuse, with what stays
//! fixed of every argument ([`Known`]); the library decides.
//!
//! A chain of calls `op_0 → op_1 → … → op_k` fuses when the instructions follow each other,
//! each `op_i`'s single result is read by `op_{i+1}` once and by nothing else in the program
//! (not a method output, no list, no move, no other call), has a static shape, no jump lands
//! inside the chain, every argument is a single value (no list gathered per call), and the
//! last op's outs do not overlap any input of the chain (the memory plan may reuse an input of
//! `op_0` for the out of `op_k`, which running them one by one allows and one pass does not)
//! unless the entry says its kernel takes that (`FusionEntry::outs_may_overlap`: the fused
//! instruction then declares no outs to the runtime's aliasing checks, which would see the
//! plan's reuse as an error).
//! The fused instruction takes the chain's arguments back to back and is profiled under the
//! operators' names joined by `+`. Fusion runs before preparing single calls, so a call that
//! fused is not prepared twice.

use crate::args::{Region, Tables, cacheable, overlap, single};
use crate::error::Result;
use crate::instrs::Instr;
use crate::plan::{Plan, Uses};
use crate::values::{Span, Value};
use alloc::boxed::Box;
use alloc::vec;
use alloc::vec::Vec;
use etk_core::prepare::{Chain, Known};
use etk_core::{EValue, PreparedKernel, Registry};

/// What stays fixed of value `v` from call to call.
fn known(plan: &Plan<'_>, uses: &Uses, v: u32) -> Known {
    let unwritten = uses.writers[v as usize] == 0;
    match plan.values[v as usize] {
        Value::Tensor(t) if !t.writable && unwritten => Known::Constant,
        Value::Tensor(t) if t.dynamism == etk_core::ShapeDynamism::Static => Known::Shape,
        Value::Tensor(_) | Value::IntList(_) => Known::Dynamic,
        Value::TensorList(s) | Value::OptionalTensorList(s) => {
            let all = plan.items[s.range()]
                .iter()
                .all(|&m| m < 0 || known(plan, uses, m as u32) == Known::Constant);
            if all && unwritten {
                Known::Constant
            } else {
                Known::Dynamic
            }
        }
        _ if unwritten => Known::Constant,
        _ => Known::Dynamic,
    }
}

/// The arguments of a call as a kernel takes them at load, and what is known of each; `None`
/// when one is a list gathered per call.
fn arguments<'x>(
    plan: &'x Plan<'_>,
    uses: &Uses,
    args: &[u32],
) -> Option<(Vec<EValue<'x>>, Vec<Known>)> {
    if !args.iter().all(|&a| cacheable(&plan.values[a as usize])) {
        return None;
    }
    let tables = Tables {
        items: &plan.items,
        ints: &plan.ints,
        doubles: &plan.doubles,
        bools: &plan.bools,
    };
    let evs = args
        .iter()
        .map(|&a| single(&plan.values[a as usize], tables).ok())
        .collect::<Option<Vec<_>>>()?;
    let known = args.iter().map(|&a| known(plan, uses, a)).collect();
    Some((evs, known))
}

/// `aten::convolution.out` → `convolution`.
fn short_name(full: &str) -> &str {
    let op = full.split("::").nth(1).unwrap_or(full);
    op.split('.').next().unwrap_or(op)
}

/// Runs the libraries' fusion and prepare steps over the (compacted) plan; returns the
/// prepared kernels the new `Instr::Prepared` instructions index.
pub(crate) fn prepare_calls(
    plan: &mut Plan<'_>,
    registry: &Registry<'_>,
    fuse: bool,
    prepack: bool,
) -> Result<Vec<Box<dyn PreparedKernel>>> {
    let mut prepared: Vec<Box<dyn PreparedKernel>> = Vec::new();
    if fuse {
        fuse_chains(plan, registry, &mut prepared);
        plan.compact();
    }
    if prepack {
        let uses = plan.uses();
        for i in 0..plan.instrs.len() {
            let Instr::Kernel {
                op,
                args,
                outs,
                results,
            } = plan.instrs[i]
            else {
                continue;
            };
            let Some(prepare) = registry.prepared(&plan.op_names[op as usize]) else {
                continue;
            };
            let ids = plan.arg_indices[args.range()].to_vec();
            let Some((evs, known)) = arguments(plan, &uses, &ids) else {
                continue;
            };
            // A library that cannot prepare a call leaves it to its boxed kernel, which then
            // reports whatever is wrong with it at the call.
            if let Ok(Some(k)) = prepare(&evs, &known) {
                drop(evs);
                plan.instrs[i] = Instr::Prepared {
                    slot: prepared.len() as u32,
                    label: op,
                    args,
                    outs,
                    results,
                };
                prepared.push(k);
            }
        }
    }
    Ok(prepared)
}

fn fuse_chains(
    plan: &mut Plan<'_>,
    registry: &Registry<'_>,
    prepared: &mut Vec<Box<dyn PreparedKernel>>,
) {
    let fusions: Vec<_> = registry.fusions().collect();
    if fusions.is_empty() {
        return;
    }
    let uses = plan.uses();
    let targets = plan.jump_targets();
    let mut regions: Vec<Region> = Vec::new();
    for c in 0..plan.chains.len() {
        let span = plan.chains[c];
        let (base, len) = (span.start as usize, span.len as usize);
        let mut pc = 0;
        while pc < len {
            // the longest chain a library declares that starts here.
            let mut best: Option<(usize, Vec<usize>, usize)> = None;
            for (f, entry) in fusions.iter().enumerate() {
                let n = entry.ops.len();
                if n < 2 || pc + n > len || best.as_ref().is_some_and(|b| b.0 >= n) {
                    continue;
                }
                if let Some(links) = matches(plan, &uses, &targets, base + pc, entry.ops) {
                    best = Some((n, links, f));
                }
            }
            let Some((n, links, f)) = best else {
                pc += 1;
                continue;
            };
            let at = base + pc;
            if let Some(k) = fuse_one(plan, &uses, at, n, &links, fusions[f], &mut regions) {
                let label = fusions[f]
                    .ops
                    .iter()
                    .map(|o| short_name(o))
                    .collect::<Vec<_>>()
                    .join("+");
                let label = match plan.labels.iter().position(|l| *l == label) {
                    Some(p) => p,
                    None => {
                        plan.labels.push(label);
                        plan.labels.len() - 1
                    }
                };
                let (args, outs, results) = k.1;
                plan.instrs[at] = Instr::Prepared {
                    slot: prepared.len() as u32,
                    label: label as u32,
                    args,
                    outs,
                    results,
                };
                prepared.push(k.0);
                for d in &mut plan.dropped[at + 1..at + n] {
                    *d = true;
                }
                pc += n;
            } else {
                pc += 1;
            }
        }
    }
}

/// Whether instructions `at..at + ops.len()` are the chain `ops` and may fuse (see the module
/// docs); the links (position of op `i - 1`'s out among op `i`'s arguments) if so.
fn matches(
    plan: &Plan<'_>,
    uses: &Uses,
    targets: &[bool],
    at: usize,
    ops: &[&str],
) -> Option<Vec<usize>> {
    let mut links = Vec::new();
    for (k, &name) in ops.iter().enumerate() {
        let i = at + k;
        let Instr::Kernel { op, .. } = plan.instrs[i] else {
            return None;
        };
        if plan.op_names[op as usize] != name || (k > 0 && targets[i]) {
            return None;
        }
        if k == 0 {
            continue;
        }
        let prev = plan.results(i - 1);
        let [r] = prev else {
            return None;
        };
        let r = *r;
        let Value::Tensor(t) = plan.values[r as usize] else {
            return None;
        };
        let only_here = uses.readers[r as usize] == 1
            && uses.writers[r as usize] == 1
            && t.dynamism == etk_core::ShapeDynamism::Static
            && !plan.outputs.contains(&r)
            && !plan.inputs.contains(&r);
        let args = plan.args(i);
        let first = args.len() - plan.results(i).len();
        let pos = args[..first].iter().position(|&a| a == r)?;
        if !only_here {
            return None;
        }
        links.push(pos);
    }
    Some(links)
}

type FusedCall = (Box<dyn PreparedKernel>, (Span, u32, u32));

/// Offers chain `at..at + n` to `prepare`; on success appends the fused argument list and
/// returns the kernel with (its argument span, outs, results).
fn fuse_one(
    plan: &mut Plan<'_>,
    uses: &Uses,
    at: usize,
    n: usize,
    links: &[usize],
    entry: &etk_core::prepare::FusionEntry,
    regions: &mut Vec<Region>,
) -> Option<FusedCall> {
    let mut ids = Vec::new();
    let mut starts = vec![0usize];
    for i in at..at + n {
        ids.extend_from_slice(plan.args(i));
        starts.push(ids.len());
    }
    let Instr::Kernel { outs, results, .. } = plan.instrs[at + n - 1] else {
        return None;
    };
    // The last op's outs against every input of the chain, unless the kernel takes overlaps:
    // then the call declares no outs to the aliasing checks (they are the kernel's to handle).
    let outs = if entry.outs_may_overlap {
        0
    } else if overlap(&ids, outs, &plan.values, &plan.items, regions, true).is_some() {
        return None;
    } else {
        outs
    };
    let (evs, known) = arguments(plan, uses, &ids)?;
    let chain = Chain {
        args: &evs,
        known: &known,
        starts: &starts,
        links,
    };
    let kernel = (entry.prepare)(&chain).ok().flatten()?;
    drop(evs);
    let start = plan.arg_indices.len();
    plan.arg_indices.extend_from_slice(&ids);
    let span = Span {
        start: start as u32,
        len: ids.len() as u32,
    };
    Some((kernel, (span, outs, results)))
}
