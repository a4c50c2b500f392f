//! Preparing a method: everything that can be done once before the first call.
//!
//! The method keeps, per value of the plan, a small description (`Value`): scalars inline, a
//! tensor as its dtype, current sizes, dim order, dynamism and a pointer to its memory (an
//! arena, the program's constant data, or a buffer the method owns), lists as ranges into flat
//! tables. `execute` turns these into `EValue`s for each kernel call in buffers sized here.
//!
//! Memory: planned tensors live in the arenas (ExecuTorch's `memory_id` k is arena k-1, sized
//! by `non_const_buffer_sizes[k]`); tensors with neither a plan nor constant data (inputs the
//! caller provides, values set at run time) get a buffer of their declared size. All of it is
//! allocated here, never during `execute`, and the total is capped by
//! [`Options::max_planned_bytes`]; constants copied for alignment are capped by the file size.

use crate::error::{Error, ErrorKind, Result};
use crate::memory::{Arena, Builder, Zeroed};
use crate::profile::Profile;
use crate::program::Program;
use crate::schema;
use crate::values::{Span, Value};
use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use etk_core::{BoxedKernel, Dims, Registry};

/// Limits and settings for preparing a method.
#[derive(Clone, Debug)]
pub struct Options {
    /// The most bytes the method may allocate: planned memory, buffers for tensors set at run
    /// time, and its value table (whose length a file sets).
    pub max_planned_bytes: usize,
    /// Stop `execute` with an error after this many instructions (a guard against programs
    /// whose jumps never end); `None` for no limit.
    pub max_instructions: Option<u64>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            // 4 GiB, or what a 32-bit target can address.
            max_planned_bytes: usize::try_from(1u64 << 32).unwrap_or(usize::MAX),
            max_instructions: None,
        }
    }
}

/// What kind of value an input or output is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueKind {
    None,
    Int,
    Double,
    Bool,
    String,
    Tensor,
    IntList,
    DoubleList,
    BoolList,
    TensorList,
    OptionalTensorList,
}

#[derive(Clone, Copy, Debug)]
pub(crate) enum Instr {
    /// `op` indexes the method's operators; `args` spans `arg_indices`.
    Kernel {
        /// How many of the last arguments are outs (for the aliasing check).
        outs: u32,
        op: u32,
        args: Span,
    },
    Move {
        from: u32,
        to: u32,
    },
    JumpFalse {
        cond: u32,
        dest: u32,
    },
    Free {
        value: u32,
    },
}

/// A method of a program, ready to execute.
pub struct Method<'m> {
    pub(crate) name: String,
    pub(crate) values: Vec<Value<'m>>,
    pub(crate) inputs: Vec<u32>,
    /// The declared sizes of tensor inputs (the bound of their dynamic dims).
    pub(crate) input_bounds: Vec<Dims>,
    pub(crate) outputs: Vec<u32>,
    /// Instructions of all chains, back to back; `chains` spans them.
    pub(crate) instrs: Vec<Instr>,
    pub(crate) chains: Vec<Span>,
    pub(crate) arg_indices: Vec<u32>,
    pub(crate) items: Vec<i32>,
    pub(crate) doubles: Vec<f64>,
    pub(crate) bools: Vec<bool>,
    /// Per operator of the plan: its full name and, if some instruction calls it, its kernel.
    pub(crate) op_names: Vec<String>,
    pub(crate) kernels: Vec<Option<BoxedKernel>>,
    /// The memory the slots point into; never touched after prepare except through them.
    pub(crate) _arenas: Vec<Arena<'m>>,
    pub(crate) _owned: Vec<Zeroed>,
    pub(crate) bufs: crate::execute::ArgBuffers,
    pub(crate) cache: crate::execute::ArgCache,
    pub(crate) max_instructions: Option<u64>,
    /// Whether the plan has MoveCalls, after which calls are checked for aliasing again.
    pub(crate) has_moves: bool,
    /// Scratch for that check, sized at prepare.
    pub(crate) regions: Vec<Region>,
    pub(crate) profile: Option<Profile>,
}

// SAFETY: the raw pointers in the method's values point into memory the method owns (moved
// with it; heap blocks do not move) or into the program's bytes, which are shared `&[u8]`
// (`Sync`); nothing in the method is tied to the thread that prepared it.
unsafe impl Send for Method<'_> {}

pub(crate) fn index(v: i64, n: usize, part: impl Fn() -> String) -> Result<u32> {
    usize::try_from(v)
        .ok()
        .filter(|&i| i < n)
        .map(|i| i as u32)
        .ok_or_else(|| Error::malformed(part(), format!("value index {v} is outside 0..{n}")))
}

impl<'m> Method<'m> {
    /// Prepares method `name` with default options, allocating its planned memory.
    pub fn prepare(
        program: &Program<'m>,
        name: &str,
        registry: &Registry<'_>,
    ) -> Result<Method<'m>> {
        Self::prepare_with(program, name, registry, &Options::default(), Vec::new())
    }

    /// Prepares method `name`. `arenas`, when not empty, is the planned memory the caller
    /// hands in: one buffer per memory-plan buffer, each at least as large as the plan says.
    pub fn prepare_with(
        program: &Program<'m>,
        name: &str,
        registry: &Registry<'_>,
        options: &Options,
        arenas: Vec<&'m mut [u8]>,
    ) -> Result<Method<'m>> {
        let (plan_index, plan) = program.plan(name)?;
        let mut b = Builder {
            program,
            plan_part: format!("execution_plan[{plan_index}]"),
            budget: options.max_planned_bytes,
            arenas: Vec::new(),
            owned: Vec::new(),
            copied: BTreeMap::new(),
            copied_bytes: 0,
            items: Vec::new(),
            doubles: Vec::new(),
            bools: Vec::new(),
        };
        // Instructions and operators first: a program etk cannot run (a missing operator, a
        // delegate) is refused before any planned memory is allocated.
        let n = plan.values().map_or(0, |v| v.len());
        let names = operator_names(plan);
        let (instrs, chains, arg_indices) = b.instructions(plan, n, &names)?;
        let kernels = b.kernels(&names, &instrs, registry)?;
        b.arenas(plan, arenas)?;
        let values = b.values(plan)?;
        let io = |list: Option<flatbuffers::Vector<'m, i32>>, what: &str| -> Result<Vec<u32>> {
            let list = list.map_or(Vec::new(), |l| l.iter().collect());
            list.iter()
                .enumerate()
                .map(|(k, &v)| index(v as i64, n, || format!("{}.{what}[{k}]", b.plan_part)))
                .collect()
        };
        let inputs = io(plan.inputs(), "inputs")?;
        let outputs = io(plan.outputs(), "outputs")?;
        let input_bounds = inputs
            .iter()
            .map(|&v| match &values[v as usize] {
                Value::Tensor(t) => t.sizes,
                _ => Dims::EMPTY,
            })
            .collect();
        let most_regions = check_overlaps(&instrs, &arg_indices, &values, &b.items, &b.plan_part)?;
        // A move makes two values share memory at run time: calls are then checked again.
        let has_moves = instrs.iter().any(|i| matches!(i, Instr::Move { .. }));
        let regions = if has_moves {
            Vec::with_capacity(most_regions)
        } else {
            Vec::new()
        };
        let bufs = crate::execute::ArgBuffers::sized(&instrs, &arg_indices, &values);
        let cache = crate::execute::ArgCache::new(instrs.len(), arg_indices.len());
        Ok(Method {
            name: name.into(),
            values,
            inputs,
            input_bounds,
            outputs,
            instrs,
            chains,
            arg_indices,
            items: b.items,
            doubles: b.doubles,
            bools: b.bools,
            op_names: names,
            kernels,
            _arenas: b.arenas,
            _owned: b.owned,
            bufs,
            cache,
            max_instructions: options.max_instructions,
            profile: None,
            has_moves,
            regions,
        })
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// The full names (`aten::add.out`) of the operators the plan lists.
    pub fn operator_names(&self) -> &[String] {
        &self.op_names
    }

    pub fn num_inputs(&self) -> usize {
        self.inputs.len()
    }

    pub fn num_outputs(&self) -> usize {
        self.outputs.len()
    }

    pub fn input_kind(&self, i: usize) -> Option<ValueKind> {
        self.inputs.get(i).map(|&v| self.values[v as usize].kind())
    }

    pub fn output_kind(&self, i: usize) -> Option<ValueKind> {
        self.outputs.get(i).map(|&v| self.values[v as usize].kind())
    }
}

/// Full operator names (`name.overload`, or `name` when the overload is empty) of a method,
/// without resolving them: what `etk-run --ops` lists.
pub fn operator_names(plan: schema::ExecutionPlan<'_>) -> Vec<String> {
    let ops = plan.operators();
    (0..ops.map_or(0, |o| o.len()))
        .map(|i| {
            let op = ops.map(|o| o.get(i));
            let name = op.and_then(|o| o.name()).unwrap_or("");
            match op.and_then(|o| o.overload()).filter(|o| !o.is_empty()) {
                Some(ov) => format!("{name}.{ov}"),
                None => name.into(),
            }
        })
        .collect()
}

/// A tensor's memory in one call: (start, end, value, passed as an out).
pub(crate) type Region = (usize, usize, u32, bool);

/// The first pair of values of one kernel call that must not share memory but do: an out
/// overlapping another value, or one value passed as two outs (then both are that value).
///
/// Kernels check that their outs do not alias their inputs, but not that two outs are apart.
/// A valid memory plan never overlaps an out with anything live in the same call, so a file
/// that does is refused rather than handing a kernel two writable views of the same bytes.
/// Inputs may share memory (a view is planned at its source's offset), and a value passed
/// twice is the same tensor (an in-place op's `self` and result), but not as two outs.
///
/// `regions` is scratch; unless `grow`, it is not grown past its capacity (`execute` must not
/// allocate) and running out of room is reported as a problem with the first argument.
pub(crate) fn overlap(
    args: &[u32],
    outs: u32,
    values: &[Value<'_>],
    items: &[i32],
    regions: &mut Vec<Region>,
    grow: bool,
) -> Option<(u32, u32)> {
    regions.clear();
    let first_out = args.len().saturating_sub(outs as usize);
    let mut full = false;
    let mut add = |v: u32, out: bool, regions: &mut Vec<Region>| {
        if let Some(Value::Tensor(t)) = values.get(v as usize)
            && t.writable
            && t.capacity > 0
        {
            full |= !grow && regions.len() == regions.capacity();
            if !full {
                regions.push((t.data as usize, t.data as usize + t.capacity, v, out));
            }
        }
    };
    for (pos, &a) in args.iter().enumerate() {
        let out = pos >= first_out;
        match values.get(a as usize) {
            Some(Value::TensorList(s) | Value::OptionalTensorList(s)) => {
                for &m in items[s.range()].iter().filter(|&&m| m >= 0) {
                    add(m as u32, out, regions);
                }
            }
            _ => add(a, out, regions),
        }
    }
    if full {
        return Some((args[0], args[0]));
    }
    regions.sort_unstable();
    if let Some(w) = regions.windows(2).find(|w| w[0] == w[1] && w[0].3) {
        return Some((w[0].2, w[0].2));
    }
    regions.dedup();
    // Sweep in address order against the region reaching furthest so far: an out that
    // overlaps any other value overlaps that region or makes it overlap a later one.
    let mut reach: Option<(usize, u32, bool)> = None;
    for &(s, e, v, out) in regions.iter() {
        if let Some((end, w, w_out)) = reach
            && s < end
            && v != w
            && (out || w_out)
        {
            return Some((w, v));
        }
        if reach.is_none_or(|(end, ..)| e > end) {
            reach = Some((e, v, out));
        }
    }
    None
}

/// The error for [`overlap`]'s answer.
pub(crate) fn overlap_error(part: String, (a, b): (u32, u32)) -> Error {
    let what = if a == b {
        format!("value {a} is passed as two outs, or the call has more tensors than prepared")
    } else {
        format!("values {a} and {b} share memory, and one of them is an out")
    };
    Error::malformed(part, what)
}

/// Checks every kernel call of the plan with [`overlap`]; returns the most regions one call
/// needs (the scratch `execute` keeps for calls whose values moves have changed).
fn check_overlaps(
    instrs: &[Instr],
    arg_indices: &[u32],
    values: &[Value<'_>],
    items: &[i32],
    plan_part: &str,
) -> Result<usize> {
    let mut regions = Vec::new();
    let mut most = 0;
    for (k, ins) in instrs.iter().enumerate() {
        let Instr::Kernel { args, outs, .. } = *ins else {
            continue;
        };
        if let Some(p) = overlap(
            &arg_indices[args.range()],
            outs,
            values,
            items,
            &mut regions,
            true,
        ) {
            return Err(overlap_error(
                format!("{plan_part}.chains: kernel call {k}"),
                p,
            ));
        }
        most = most.max(regions.len());
    }
    Ok(most)
}

/// Operators whose result shares its input's memory by design.
fn is_view_op(op_name: &str) -> bool {
    op_name == "executorch_prim::et_view.default"
}

/// How many of an ExecuTorch KernelCall's arguments an etk kernel takes.
///
/// ExecuTorch passes the schema's arguments and then its returns. An out variant returns its
/// outs, so its argument list ends with the outs twice (`mm.out`: `[self, mat2, out, out]`);
/// etk's boxed kernels take the outs once, so the repeated tail is dropped. An in-place op
/// (`copy_`, `add_.Tensor`) returns `self`, which etk's in-place kernels take as their out, so
/// nothing is dropped; nor for ops whose returns are new values (`sym_size.int`).
pub fn etk_arity(args: &[u32], op_name: &str) -> usize {
    let n = args.len();
    let base = op_name.split('.').next().unwrap_or("");
    if base.ends_with('_') {
        return n;
    }
    (1..=n / 2)
        .find(|&k| args[n - k..] == args[n - 2 * k..n - k])
        .map_or(n, |k| n - k)
}

/// How many outs an out variant with several (`native_layer_norm.out`: `out0, out1, out2`)
/// has, when ExecuTorch passed its returns as one trailing `TensorList` of those outs
/// (`[..., out0, out1, out2, [out0, out1, out2]]`) rather than repeating them: etk's kernels
/// take the outs once, so the list is dropped. `None` for any other argument list.
fn returned_outs(plan: schema::ExecutionPlan<'_>, args: &[u32], op_name: &str) -> Option<usize> {
    let base = op_name.split('.').next().unwrap_or("");
    let (&last, rest) = args.split_last()?;
    if base.ends_with('_') {
        return None;
    }
    let values = plan.values()?;
    let ev = values.get(usize::try_from(last).ok().filter(|&i| i < values.len())?);
    if ev.val_type() != crate::schema::value_tag::TENSOR_LIST {
        return None;
    }
    let items = ev.as_tensor_list()?.items()?;
    let k = items.len();
    let tail = rest.get(rest.len().checked_sub(k)?..)?;
    (k > 0
        && tail
            .iter()
            .zip(items.iter())
            .all(|(&a, b)| i64::from(a) == i64::from(b)))
    .then_some(k)
}

impl<'m> Builder<'_, 'm> {
    #[allow(clippy::type_complexity)]
    fn instructions(
        &mut self,
        plan: schema::ExecutionPlan<'m>,
        n: usize,
        names: &[String],
    ) -> Result<(Vec<Instr>, Vec<Span>, Vec<u32>)> {
        let (mut instrs, mut chains, mut args) = (Vec::new(), Vec::new(), Vec::new());
        let n_chains = plan.chains().map_or(0, |c| c.len());
        for c in 0..n_chains {
            let chain = plan.chains().map(|ch| ch.get(c));
            let list = chain.and_then(|ch| ch.instructions());
            let len = list.map_or(0, |l| l.len());
            let start = instrs.len();
            for i in 0..len {
                let part = format!("{}.chains[{c}].instructions[{i}]", self.plan_part);
                let Some(ins) = list.map(|l| l.get(i)) else {
                    continue;
                };
                let idx = |v: i32| index(v as i64, n, || part.clone());
                let missing = || Error::malformed(&part, "instruction without its arguments");
                let instr = match ins.instr_args_type() {
                    schema::instr_tag::KERNEL_CALL => {
                        let k = ins.as_kernel_call().ok_or_else(missing)?;
                        let ops = names.len();
                        let op = k.op_index().unwrap_or(0);
                        let op =
                            usize::try_from(op)
                                .ok()
                                .filter(|&o| o < ops)
                                .ok_or_else(|| {
                                    Error::malformed(
                                        &part,
                                        format!("op_index {op} is outside 0..{ops}"),
                                    )
                                })?;
                        let a0 = args.len();
                        let mut outs_override = None;
                        for a in k.args().ok_or_else(missing)?.iter() {
                            args.push(idx(a)?);
                        }
                        let n_args = args.len() - a0;
                        let mut keep = etk_arity(&args[a0..], &names[op]);
                        if keep == n_args
                            && let Some(k) = returned_outs(plan, &args[a0..], &names[op])
                        {
                            keep = n_args - 1;
                            outs_override = Some(k);
                        }
                        args.truncate(a0 + keep);
                        // `et_view`'s result is a view of `self`, planned at its offset: it is
                        // not written, so the aliasing check has no out to check.
                        if is_view_op(&names[op]) {
                            outs_override = Some(0);
                        }
                        Instr::Kernel {
                            op: op as u32,
                            // The dropped returns were the outs; otherwise ExecuTorch's
                            // convention puts the (one) result last.
                            outs: outs_override.unwrap_or((n_args - keep).max(1)).min(keep) as u32,
                            args: Self::span(a0, args.len(), &part)?,
                        }
                    }
                    schema::instr_tag::DELEGATE_CALL => {
                        let d = ins.as_delegate_call().ok_or_else(missing)?;
                        let di = d.delegate_index().unwrap_or(0);
                        let id = plan
                            .delegates()
                            .and_then(|ds| {
                                usize::try_from(di)
                                    .ok()
                                    .filter(|&k| k < ds.len())
                                    .map(|k| ds.get(k))
                            })
                            .and_then(|d| d.id())
                            .unwrap_or("<unknown>");
                        return Err(Error::new(
                            ErrorKind::Delegate,
                            part,
                            format!(
                                "the program delegates to backend {id:?}, which etk does not run (export without delegation)"
                            ),
                        ));
                    }
                    schema::instr_tag::MOVE_CALL => {
                        let m = ins.as_move_call().ok_or_else(missing)?;
                        Instr::Move {
                            from: idx(m.move_from().unwrap_or(0))?,
                            to: idx(m.move_to().unwrap_or(0))?,
                        }
                    }
                    schema::instr_tag::JUMP_FALSE_CALL => {
                        let j = ins.as_jump_false_call().ok_or_else(missing)?;
                        let dest = j.destination_instruction().unwrap_or(0);
                        let dest = u32::try_from(dest)
                            .ok()
                            .filter(|&d| d as usize <= len)
                            .ok_or_else(|| {
                                Error::malformed(
                                    &part,
                                    format!("jump destination {dest} is outside 0..={len}"),
                                )
                            })?;
                        Instr::JumpFalse {
                            cond: idx(j.cond_value_index().unwrap_or(0))?,
                            dest,
                        }
                    }
                    schema::instr_tag::FREE_CALL => {
                        let f = ins.as_free_call().ok_or_else(missing)?;
                        Instr::Free {
                            value: idx(f.value_index().unwrap_or(0))?,
                        }
                    }
                    t => {
                        return Err(Error::malformed(
                            part,
                            format!("unknown instruction type {t}"),
                        ));
                    }
                };
                instrs.push(instr);
            }
            chains.push(Self::span(start, instrs.len(), "chains")?);
        }
        Ok((instrs, chains, args))
    }

    fn kernels(
        &self,
        names: &[String],
        instrs: &[Instr],
        registry: &Registry<'_>,
    ) -> Result<Vec<Option<BoxedKernel>>> {
        let mut kernels = vec![None; names.len()];
        let mut looked_up = vec![false; names.len()];
        let mut missing: Vec<&str> = Vec::new();
        for ins in instrs {
            let Instr::Kernel { op, .. } = *ins else {
                continue;
            };
            let op = op as usize;
            if core::mem::replace(&mut looked_up[op], true) {
                continue;
            }
            match registry.lookup(&names[op]) {
                Some(k) => kernels[op] = Some(k),
                None => missing.push(&names[op]),
            }
        }
        if !missing.is_empty() {
            return Err(Error::new(
                ErrorKind::OperatorMissing,
                format!("{}.operators", self.plan_part),
                format!(
                    "{} operators are not in the registry: {}",
                    missing.len(),
                    missing.join(", ")
                ),
            ));
        }
        Ok(kernels)
    }
}
