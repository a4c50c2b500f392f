//! A plan's instructions read from the file (kernel calls with their argument lists trimmed
//! to what etk's boxed kernels take, moves, conditional jumps, frees), its operator names, and
//! each called operator resolved in the registry once.

use crate::error::{Error, ErrorKind, Result};
use crate::load::{Builder, index};
use crate::schema;
use crate::values::Span;
use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use etk_core::{BoxedKernel, Registry};

#[derive(Clone, Copy, Debug)]
pub(crate) enum Instr {
    /// `op` indexes the method's operators; `args` spans `arg_indices`.
    Kernel {
        op: u32,
        args: Span,
        /// How many of the last arguments are outs (for the aliasing check).
        outs: u32,
        /// How many of the last arguments the call writes: outs, or scalar results. Their
        /// values take the shapes (or numbers) the kernel leaves in them.
        results: u32,
    },
    /// A call prepared by its library at load (a prepared kernel, or a fused chain of kernel
    /// calls): `slot` indexes the method's prepared kernels, `label` its profile rows.
    Prepared {
        slot: u32,
        label: u32,
        args: Span,
        outs: u32,
        results: u32,
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

/// Operators whose result shares its input's memory by design.
pub(crate) fn is_view_op(op_name: &str) -> bool {
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
    pub(crate) fn instructions(
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
                        // The dropped returns were the outs; otherwise ExecuTorch's convention
                        // puts the (one) result last.
                        let results = outs_override.unwrap_or((n_args - keep).max(1)).min(keep);
                        // `et_view`'s result is a view of `self`, planned at its offset: it is
                        // not written, so the aliasing check has no out to check.
                        if is_view_op(&names[op]) {
                            outs_override = Some(0);
                        }
                        Instr::Kernel {
                            op: op as u32,
                            outs: outs_override.unwrap_or(results).min(keep) as u32,
                            results: results as u32,
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

    pub(crate) fn kernels(
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
