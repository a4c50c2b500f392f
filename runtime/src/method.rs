//! Preparing a method: everything that can be done once before the first call, and the
//! method's inputs and outputs.
//!
//! The method keeps, per value of the plan, a small description (`Value`): scalars inline, a
//! tensor as its dtype, current sizes, dim order, dynamism and a pointer to its memory (an
//! arena, the program's constant data, or a buffer the method owns), lists as ranges into flat
//! tables. Kernel calls take `EValue`s built from these (`args`). All memory is allocated
//! here, never during `execute`, and the total is capped by [`Options::max_planned_bytes`].

use crate::args::{ArgBuffers, ArgCache, Region, overlap, overlap_error};
use crate::error::{Error, ErrorKind, Result};
use crate::fold::{Folded, fold};
use crate::instrs::{Instr, operator_names};
use crate::load::{Builder, index};
use crate::memory::{Arena, Zeroed};
use crate::options::Options;
use crate::plan::Plan;
use crate::prepared::prepare_calls;
use crate::profile::Profile;
use crate::program::Program;
use crate::values::{Span, TensorSlot, Value, ValueKind};
use alloc::boxed::Box;
use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use etk_core::{BoxedKernel, Dims, PreparedKernel, Registry, Scalar, Tensor};

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
    /// Per instruction, its index in its chain in the file.
    pub(crate) origin: Vec<u32>,
    pub(crate) arg_indices: Vec<u32>,
    pub(crate) items: Vec<i32>,
    pub(crate) ints: Vec<i64>,
    pub(crate) doubles: Vec<f64>,
    pub(crate) bools: Vec<bool>,
    /// Per operator of the plan: its full name and, if some instruction calls it, its kernel.
    pub(crate) op_names: Vec<String>,
    pub(crate) kernels: Vec<Option<BoxedKernel>>,
    /// What the libraries prepared, per `Instr::Prepared` slot.
    pub(crate) prepared: Vec<Box<dyn PreparedKernel>>,
    /// Profile rows: the operators, then fused chains.
    pub(crate) labels: Vec<String>,
    pub(crate) folded: Folded,
    /// The memory the slots point into; never touched after prepare except through them.
    pub(crate) _arenas: Vec<Arena<'m>>,
    pub(crate) _owned: Vec<Zeroed>,
    pub(crate) bufs: ArgBuffers,
    pub(crate) cache: ArgCache,
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
        check_overlaps(
            &instrs,
            &arg_indices,
            &values,
            &b.items,
            &b.plan_part,
            false,
        )?;
        let origin = chains.iter().flat_map(|c| 0..c.len).collect::<Vec<u32>>();
        let mut work = Plan {
            dropped: alloc::vec![false; instrs.len()],
            values,
            instrs,
            origin,
            chains,
            arg_indices,
            items: core::mem::take(&mut b.items),
            ints: Vec::new(),
            doubles: core::mem::take(&mut b.doubles),
            bools: core::mem::take(&mut b.bools),
            inputs,
            outputs,
            labels: names.clone(),
            op_names: names,
            kernels,
        };
        let uses = work.uses();
        work.fix_int_lists(&uses);
        let folded = if options.fold {
            fold(&mut work, &uses, &mut b.budget, &mut b.owned)?
        } else {
            Folded::default()
        };
        work.compact();
        let prepared = prepare_calls(&mut work, registry, options)?;
        let most_regions = check_overlaps(
            &work.instrs,
            &work.arg_indices,
            &work.values,
            &work.items,
            &b.plan_part,
            true,
        )?;
        // A move makes two values share memory at run time: calls are then checked again.
        let has_moves = work.instrs.iter().any(|i| matches!(i, Instr::Move { .. }));
        let regions = if has_moves {
            Vec::with_capacity(most_regions)
        } else {
            Vec::new()
        };
        let bufs = ArgBuffers::sized(&work.instrs, &work.arg_indices, &work.values);
        let cache = ArgCache::new(&work.instrs, &work.arg_indices, &work.values);
        Ok(Method {
            name: name.into(),
            values: work.values,
            inputs: work.inputs,
            input_bounds,
            outputs: work.outputs,
            instrs: work.instrs,
            chains: work.chains,
            origin: work.origin,
            arg_indices: work.arg_indices,
            items: work.items,
            ints: work.ints,
            doubles: work.doubles,
            bools: work.bools,
            op_names: work.op_names,
            kernels: work.kernels,
            prepared,
            labels: work.labels,
            folded,
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

    /// What constant folding took out of the loop.
    pub fn folded(&self) -> Folded {
        self.folded
    }

    /// The names of the profile's rows ([`Profile::rows`]): the plan's operators, then the
    /// chains libraries run fused (`addmm+relu`).
    pub fn labels(&self) -> &[String] {
        &self.labels
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

    fn input_slot(&mut self, i: usize) -> Result<&mut Value<'m>> {
        let n = self.inputs.len();
        let v = *self.inputs.get(i).ok_or_else(|| {
            Error::new(
                ErrorKind::InvalidArgument,
                format!("input {i}"),
                format!("the method has {n} inputs"),
            )
        })?;
        Ok(&mut self.values[v as usize])
    }

    /// Copies `t` into tensor input `i`. The dtype and dim order must be the program's; the
    /// shape too, except along dynamic dims, where it may be smaller (within the declared
    /// bound).
    pub fn set_input(&mut self, i: usize, t: &Tensor<'_>) -> Result<()> {
        let part = || format!("input {i}");
        let bad = |m: alloc::string::String| Error::new(ErrorKind::InvalidArgument, part(), m);
        let Value::Tensor(slot) = *self.input_slot(i)? else {
            return Err(bad(format!("is a {:?}, not a Tensor", self.input_kind(i))));
        };
        if t.dtype() != slot.dtype {
            return Err(bad(format!(
                "expected dtype {}, got {}",
                slot.dtype,
                t.dtype()
            )));
        }
        if t.dim() != slot.sizes.len() || t.dim_order() != slot.dim_order.as_slice() {
            return Err(bad(format!(
                "expected rank {} in dim order {}, got sizes {} in dim order {:?}",
                slot.sizes.len(),
                slot.dim_order,
                t.shape(),
                t.dim_order()
            )));
        }
        let bound = self.input_bounds[i];
        if t.sizes().iter().zip(bound.as_slice()).any(|(s, b)| s > b) {
            return Err(bad(format!(
                "sizes {} exceed the program's bound {bound}",
                t.shape()
            )));
        }
        if !slot.writable {
            return Err(bad("is a constant".into()));
        }
        // SAFETY: as in `view`; the method is borrowed exclusively, so nothing else views it.
        let mut dst = unsafe { slot.view() }.map_err(|e| bad(format!("{e}")))?;
        dst.resize("etk-runtime", "input", t.sizes())
            .map_err(|e| bad(format!("{e}")))?;
        let n = t.nbytes();
        let out = dst
            .as_mut_ptr("etk-runtime", "input")
            .map_err(|e| bad(format!("{e}")))?;
        // SAFETY: `dst` was resized to `t`'s shape within its capacity, so both hold `n`
        // bytes; the caller's tensor cannot be the method's memory while `self` is borrowed
        // mutably (outputs are views borrowing the method).
        unsafe { core::ptr::copy_nonoverlapping(t.as_ptr(), out, n) };
        let (sizes, order) = (
            dst.shape(),
            Dims::new(dst.dim_order()).unwrap_or(slot.dim_order),
        );
        let mut changed = false;
        if let Value::Tensor(s) = self.input_slot(i)? {
            changed = s.sizes != sizes || s.dim_order != order;
            s.sizes = sizes;
            s.dim_order = order;
        }
        // The values were copied into the input's own memory: built arguments (views of
        // that memory) stay valid unless the shape they show changed.
        if changed {
            self.cache.invalidate();
        }
        Ok(())
    }

    /// Sets scalar input `i`. As in ExecuTorch, the value must be the one the program was
    /// exported with (the program was specialized to it).
    pub fn set_input_scalar(&mut self, i: usize, s: Scalar) -> Result<()> {
        let ok = match (*self.input_slot(i)?, s) {
            (Value::Int(a), Scalar::Int(b)) => a == b,
            (Value::Bool(a), Scalar::Bool(b)) => a == b,
            (Value::Double(a), Scalar::Double(b)) => a == b || (a.is_nan() && b.is_nan()),
            _ => false,
        };
        if !ok {
            return Err(Error::new(
                ErrorKind::InvalidArgument,
                format!("input {i}"),
                format!(
                    "expected the exported value of kind {:?}, got {s:?}",
                    self.input_kind(i)
                ),
            ));
        }
        Ok(())
    }

    /// A read-only view of tensor input `i` (its dtype, current sizes, dim order).
    pub fn input(&self, i: usize) -> Result<Tensor<'_>> {
        self.tensor_at(self.inputs.get(i).copied(), || format!("input {i}"))
    }

    /// A read-only view of tensor output `i`.
    pub fn output(&self, i: usize) -> Result<Tensor<'_>> {
        self.tensor_at(self.outputs.get(i).copied(), || format!("output {i}"))
    }

    /// Scalar output `i` (Int, Double or Bool).
    pub fn output_scalar(&self, i: usize) -> Result<Scalar> {
        match self.outputs.get(i).map(|&v| &self.values[v as usize]) {
            Some(Value::Int(x)) => Ok(Scalar::Int(*x)),
            Some(Value::Double(x)) => Ok(Scalar::Double(*x)),
            Some(Value::Bool(x)) => Ok(Scalar::Bool(*x)),
            _ => Err(Error::new(
                ErrorKind::InvalidArgument,
                format!("output {i}"),
                "is not a scalar",
            )),
        }
    }

    fn tensor_at(
        &self,
        v: Option<u32>,
        part: impl Fn() -> alloc::string::String,
    ) -> Result<Tensor<'_>> {
        match v.map(|v| &self.values[v as usize]) {
            Some(Value::Tensor(slot)) => {
                let slot = TensorSlot {
                    writable: false,
                    ..*slot
                };
                // SAFETY: as in `view`; read-only, and `&self` keeps `execute` from writing.
                unsafe { slot.view() }
                    .map_err(|e| Error::new(ErrorKind::Execution, part(), format!("{e}")))
            }
            Some(v) => Err(Error::new(
                ErrorKind::InvalidArgument,
                part(),
                format!("is a {:?}, not a Tensor", v.kind()),
            )),
            None => Err(Error::new(
                ErrorKind::InvalidArgument,
                part(),
                "no such value",
            )),
        }
    }

    /// Turns per-instruction timing on, with `clock` returning nanoseconds (see
    /// [`Profile::wall_clock`] with `std`).
    pub fn enable_profiling(&mut self, clock: fn() -> u64) {
        self.profile = Some(Profile::new(clock, self.labels.len()));
    }

    /// The timing gathered so far, if profiling is on.
    pub fn profile(&self) -> Option<&Profile> {
        self.profile.as_ref()
    }

    /// Clears the timing gathered so far (after warm-up runs).
    pub fn reset_profile(&mut self) {
        if let Some(p) = &mut self.profile {
            p.reset();
        }
    }

    /// What value `v` of the plan is (for tools).
    pub fn value_kind(&self, v: usize) -> Option<ValueKind> {
        self.values.get(v).map(|v| v.kind())
    }
}

/// Checks every kernel call of the plan with [`overlap`]; returns the most regions one call
/// needs (the scratch `execute` keeps for calls whose values moves have changed). With
/// `prepared`, the prepared calls are only counted: a fused chain passes results it does not
/// write, which may share memory with its out (fusion checked what it reads).
fn check_overlaps(
    instrs: &[Instr],
    arg_indices: &[u32],
    values: &[Value<'_>],
    items: &[i32],
    plan_part: &str,
    prepared: bool,
) -> Result<usize> {
    let mut regions = Vec::new();
    let mut most = 0;
    for (k, ins) in instrs.iter().enumerate() {
        let (Instr::Kernel { args, outs, .. } | Instr::Prepared { args, outs, .. }) = *ins else {
            continue;
        };
        let skip = prepared && matches!(ins, Instr::Prepared { .. });
        if let Some(p) = overlap(
            &arg_indices[args.range()],
            outs,
            values,
            items,
            &mut regions,
            true,
        ) && !skip
        {
            return Err(overlap_error(
                format!("{plan_part}.chains: kernel call {k}"),
                p,
            ));
        }
        most = most.max(regions.len());
    }
    Ok(most)
}
