//! Prepared kernels and fused chains: the runtime side of `etk_core::prepare`.
//!
//! The runtime knows programs, not kernels: it offers each library the calls the library
//! declared it can prepare, and the chains of calls it declared it can fuse, with what stays
//! fixed of every argument ([`Known`]); the library decides.
//!
//! A run of calls `op_0, op_1, …, op_k` is a chain when the instructions follow each other,
//! `op_0` is one of a fusion entry's `first` operators and the others of its `then`
//! operators, and every op but the last has a first result that
//! - is a tensor of static shape the op alone writes, read by later ops of the run and by
//!   nothing else in the program (not a method output, no list, no move, no other call, no
//!   view planned over its memory);
//!
//! and other results (batch norm's saved statistics) that nothing reads. No jump lands inside
//! the run, every argument is a single value (no list gathered per call), and the last op's
//! outs overlap one another nowhere. Which arguments share memory with them (the memory plan
//! may reuse a dead input of `op_0` for the out of `op_k`, which running them one by one
//! allows) the library is told, and decides (in a program with moves, none may). The longest
//! chain from an instruction is offered first, then shorter ones, to every entry that may
//! start there; the longest one a library takes is fused. The fused instruction takes the
//! chain's arguments back to back and is profiled under the operators' names joined by `+`.
//! Fusion runs before preparing single calls, so a call that fused is not prepared twice.

use crate::args::{Region, Tables, cacheable, overlap, single};
use crate::error::Result;
use crate::fold::Aliases;
use crate::instrs::Instr;
use crate::options::Options;
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
    options: &Options,
) -> Result<Vec<Box<dyn PreparedKernel>>> {
    let mut prepared: Vec<Box<dyn PreparedKernel>> = Vec::new();
    if options.fuse {
        fuse_chains(plan, registry, options.fuse_inexact, &mut prepared);
        plan.compact();
    }
    if options.prepack {
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

/// The most calls one fused chain takes.
const MAX_CHAIN: usize = 16;

fn fuse_chains(
    plan: &mut Plan<'_>,
    registry: &Registry<'_>,
    inexact: bool,
    prepared: &mut Vec<Box<dyn PreparedKernel>>,
) {
    let fusions: Vec<_> = registry
        .fusions()
        .filter(|(_, e)| e.exact || inexact)
        .collect();
    if fusions.is_empty() {
        return;
    }
    let uses = plan.uses();
    let aliases = Aliases::new(plan, &uses);
    let targets = plan.jump_targets();
    let has_moves = plan.instrs.iter().any(|i| matches!(i, Instr::Move { .. }));
    let mut regions: Vec<Region> = Vec::new();
    for c in 0..plan.chains.len() {
        let span = plan.chains[c];
        let (base, len) = (span.start as usize, span.len as usize);
        let end = base + len;
        let mut at = base;
        while at < end {
            let name = |i: usize| match plan.instrs[i] {
                Instr::Kernel { op, .. } => Some(plan.op_names[op as usize].as_str()),
                _ => None,
            };
            // the longest chain a library takes from here.
            let mut best: Option<(usize, Offer)> = None;
            for &(table, entry) in &fusions {
                if !name(at).is_some_and(|n| entry.first.contains(&n)) {
                    continue;
                }
                let mut stop = at + 1;
                while stop < end
                    && stop - at < MAX_CHAIN
                    && !targets[stop]
                    && name(stop).is_some_and(|n| entry.then.contains(&n))
                {
                    stop += 1;
                }
                for n in (2..=stop - at).rev() {
                    if best.as_ref().is_some_and(|b| b.0 >= n) {
                        break;
                    }
                    let ops: Vec<&str> = (at..at + n).filter_map(name).collect();
                    if !registry.fuses(table, &ops) {
                        continue;
                    }
                    let Some(from) = links(plan, &uses, &aliases, at, n) else {
                        continue;
                    };
                    let check = Overlap {
                        regions: &mut regions,
                        all_inputs: has_moves,
                    };
                    if let Some(o) = offer(plan, &uses, at, &ops, &from, entry.prepare, check) {
                        best = Some((n, o));
                        break;
                    }
                }
            }
            let Some((n, o)) = best else {
                at += 1;
                continue;
            };
            let label = (at..at + n)
                .filter_map(|i| name(i).map(short_name))
                .collect::<Vec<_>>()
                .join("+");
            let label = match plan.labels.iter().position(|l| *l == label) {
                Some(p) => p,
                None => {
                    plan.labels.push(label);
                    plan.labels.len() - 1
                }
            };
            let start = plan.arg_indices.len();
            plan.arg_indices.extend_from_slice(&o.ids);
            plan.instrs[at] = Instr::Prepared {
                slot: prepared.len() as u32,
                label: label as u32,
                args: Span {
                    start: start as u32,
                    len: o.ids.len() as u32,
                },
                outs: o.outs,
                results: o.results,
            };
            prepared.push(o.kernel);
            for d in &mut plan.dropped[at + 1..at + n] {
                *d = true;
            }
            at += n;
        }
    }
}

/// Whether instructions `at..at + n` may fuse (see the module docs); if so, where each of
/// their arguments comes from ([`Chain::from`]).
fn links(
    plan: &Plan<'_>,
    uses: &Uses,
    aliases: &Aliases,
    at: usize,
    n: usize,
) -> Option<Vec<Option<usize>>> {
    let mut from = Vec::new();
    // (value, op) of every first result but the last op's.
    let mut made: Vec<(u32, usize)> = Vec::new();
    for k in 0..n {
        let i = at + k;
        let args = plan.args(i);
        let first = args.len() - plan.results(i).len();
        for (pos, &a) in args.iter().enumerate() {
            let src = if pos < first {
                made.iter().find(|m| m.0 == a).map(|m| m.1)
            } else {
                None
            };
            from.push(src);
        }
        if k + 1 == n {
            break;
        }
        let [r, rest @ ..] = plan.results(i) else {
            return None;
        };
        let Value::Tensor(t) = plan.values[*r as usize] else {
            return None;
        };
        let outside = |v: u32| plan.outputs.contains(&v) || plan.inputs.contains(&v);
        let ok = t.dynamism == etk_core::ShapeDynamism::Static
            && t.writable
            && uses.writers[*r as usize] == 1
            && !outside(*r)
            && !aliases.read_elsewhere(plan, i, *r)
            && rest.iter().all(|&v| {
                uses.readers[v as usize] == 0
                    && uses.writers[v as usize] == 1
                    && !outside(v)
                    && !aliases.read_elsewhere(plan, i, v)
            });
        if !ok {
            return None;
        }
        made.push((*r, k));
    }
    // every first result read by later ops of the chain as plain arguments, and only there.
    for &(r, k) in &made {
        let mut reads = 0;
        for j in k + 1..n {
            let i = at + j;
            let args = plan.args(i);
            let first = args.len() - plan.results(i).len();
            reads += args[..first].iter().filter(|&&a| a == r).count();
        }
        if reads == 0 || reads != uses.readers[r as usize] as usize {
            return None;
        }
    }
    Some(from)
}

/// A chain a library took: its kernel and the fused instruction's arguments.
struct Offer {
    kernel: Box<dyn PreparedKernel>,
    ids: Vec<u32>,
    outs: u32,
    results: u32,
}

/// How the last op's outs are checked against the chain's arguments.
struct Overlap<'r> {
    regions: &'r mut Vec<Region>,
    /// Whether none may share memory with them (a program with moves checks every call's
    /// arguments when it runs, the results the fused call does not write included).
    all_inputs: bool,
}

/// Offers chain `ops` (instructions from `at`, arguments linked by `from`) to `prepare`.
fn offer(
    plan: &Plan<'_>,
    uses: &Uses,
    at: usize,
    ops: &[&str],
    from: &[Option<usize>],
    prepare: etk_core::prepare::FusePrepareFn,
    check: Overlap<'_>,
) -> Option<Offer> {
    let n = ops.len();
    let mut ids = Vec::new();
    let mut starts = vec![0usize];
    for i in at..at + n {
        ids.extend_from_slice(plan.args(i));
        starts.push(ids.len());
    }
    let Instr::Kernel { outs, results, .. } = plan.instrs[at + n - 1] else {
        return None;
    };
    // Which arguments share memory with the last op's outs: the library decides whether it
    // reads them before writing over them (a program with moves checks every call's
    // arguments again when it runs: there, none may).
    let last_outs = ids.len() - outs as usize;
    if overlap(
        &ids[last_outs..],
        outs,
        &plan.values,
        &plan.items,
        check.regions,
        true,
    )
    .is_some()
    {
        return None;
    }
    let region = |v: u32| match plan.values[v as usize] {
        Value::Tensor(t) if t.writable && t.capacity > 0 => {
            Some((t.data as usize, t.data as usize + t.capacity))
        }
        _ => None,
    };
    let out_regions: Vec<_> = ids[last_outs..].iter().filter_map(|&v| region(v)).collect();
    let shares: Vec<bool> = ids
        .iter()
        .enumerate()
        .map(|(k, &v)| {
            k < last_outs
                && region(v).is_some_and(|r| out_regions.iter().any(|o| r.0 < o.1 && o.0 < r.1))
        })
        .collect();
    if check.all_inputs && shares.iter().any(|&s| s) {
        return None;
    }
    let (evs, known) = arguments(plan, uses, &ids)?;
    let chain = Chain {
        ops,
        args: &evs,
        known: &known,
        starts: &starts,
        from,
        shares: &shares,
    };
    let kernel = prepare(&chain).ok().flatten()?;
    drop(evs);
    Some(Offer {
        kernel,
        ids,
        outs,
        results,
    })
}
