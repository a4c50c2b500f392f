//! Executing a prepared method: setting inputs, running the instructions, reading outputs.
//!
//! A kernel call's arguments are `EValue`s built from the per-value descriptions: once per
//! instruction and kept (`ArgCache`) until a value they show changes, or, for calls taking
//! lists, per call in buffers the method allocated at prepare time (`ArgBuffers`). After the
//! call, the shapes of the outs (which dynamic kernels may have resized) are written back.
//! Nothing here allocates on the success path.

use crate::error::{Error, ErrorKind, Result};
use crate::method::{Instr, Method, ValueKind};
use crate::profile::Profile;
use crate::values::{Span, TensorSlot, Value};
use alloc::format;
use alloc::vec::Vec;
use etk_core::{BoxedKernel, Dims, EValue, KernelContext, Scalar, ScalarType, Tensor};

/// The argument buffers of kernel calls, sized at prepare time for the largest call. Between
/// calls they are empty; during a call they hold views that borrow the method's memory.
pub(crate) struct ArgBuffers {
    evalues: Vec<EValue<'static>>,
    tensors: Vec<Tensor<'static>>,
    optionals: Vec<Option<Tensor<'static>>>,
    ints: Vec<i64>,
}

/// Each kernel instruction's arguments, built once and reused while they stay valid: building
/// a `Tensor` view (its strides derived from sizes and dim order, some 400 bytes) for every
/// argument of every call was half of a small model's run time. Instructions whose arguments
/// are all single values (no lists, whose members are gathered per call) take them from here;
/// the others build them per call in `ArgBuffers`.
pub(crate) struct ArgCache {
    /// Parallel to the method's `arg_indices`: instruction `i`'s arguments are at its span.
    evalues: Vec<EValue<'static>>,
    /// Per instruction, the epoch its arguments were built at (0: never, or being called).
    built: Vec<u64>,
    /// Bumped whenever a value changes in a way a built argument could show (a shape, a
    /// scalar, a move, an input): every instruction is then rebuilt on its next call.
    epoch: u64,
}

impl ArgCache {
    pub(crate) fn new(instrs: usize, args: usize) -> ArgCache {
        ArgCache {
            evalues: (0..args).map(|_| EValue::None).collect(),
            built: alloc::vec![0; instrs],
            epoch: 1,
        }
    }

    /// Makes every built argument stale.
    pub(crate) fn invalidate(&mut self) {
        self.epoch += 1;
    }
}

/// Whether a value can be passed from the cache: lists of values are gathered per call.
fn cacheable(v: &Value<'_>) -> bool {
    !matches!(
        v,
        Value::IntList(_) | Value::TensorList(_) | Value::OptionalTensorList(_)
    )
}

/// The argument for a single value (not a list of values).
fn single<'x>(
    v: &Value<'x>,
    doubles: &'x [f64],
    bools: &'x [bool],
) -> core::result::Result<EValue<'x>, CallError> {
    Ok(match *v {
        Value::None => EValue::None,
        Value::Int(x) => EValue::Int(x),
        Value::Double(x) => EValue::Double(x),
        Value::Bool(x) => EValue::Bool(x),
        Value::String(s) => EValue::String(s),
        Value::Tensor(t) => EValue::Tensor(view(&t)?),
        Value::DoubleList(s) => EValue::DoubleList(&doubles[s.range()]),
        Value::BoolList(s) => EValue::BoolList(&bools[s.range()]),
        Value::IntList(_) | Value::TensorList(_) | Value::OptionalTensorList(_) => {
            return Err(CallError::Runtime("a list is not a single value", 0));
        }
    })
}

impl ArgBuffers {
    fn clear(&mut self) {
        self.evalues.clear();
        self.tensors.clear();
        self.optionals.clear();
        self.ints.clear();
    }
}

/// How many entries one call needs in each buffer.
#[derive(Clone, Copy, Default)]
struct Need {
    args: usize,
    tensors: usize,
    optionals: usize,
    ints: usize,
}

fn need(args: &[u32], values: &[Value<'_>]) -> Need {
    let mut n = Need {
        args: args.len(),
        ..Need::default()
    };
    for &a in args {
        match values.get(a as usize) {
            Some(Value::TensorList(s)) => n.tensors += s.len as usize,
            Some(Value::OptionalTensorList(s)) => n.optionals += s.len as usize,
            Some(Value::IntList(s)) => n.ints += s.len as usize,
            _ => {}
        }
    }
    n
}

impl ArgBuffers {
    pub(crate) fn sized(instrs: &[Instr], arg_indices: &[u32], values: &[Value<'_>]) -> ArgBuffers {
        let mut m = Need::default();
        for i in instrs {
            if let Instr::Kernel { args, .. } = i {
                let n = need(&arg_indices[args.range()], values);
                m.args = m.args.max(n.args);
                m.tensors = m.tensors.max(n.tensors);
                m.optionals = m.optionals.max(n.optionals);
                m.ints = m.ints.max(n.ints);
            }
        }
        ArgBuffers {
            evalues: Vec::with_capacity(m.args),
            tensors: Vec::with_capacity(m.tensors),
            optionals: Vec::with_capacity(m.optionals),
            ints: Vec::with_capacity(m.ints),
        }
    }
}

/// Why a kernel call could not be made or failed.
enum CallError {
    Kernel(etk_core::Error),
    Runtime(&'static str, u32),
}

/// Pushes without ever growing the buffer: a call that needs more than prepare sized (only
/// possible when a move changed a list's kind) is an error, not an allocation.
fn push<T>(v: &mut Vec<T>, x: T) -> core::result::Result<(), CallError> {
    if v.len() == v.capacity() {
        return Err(CallError::Runtime(
            "needs more list entries than prepared",
            0,
        ));
    }
    v.push(x);
    Ok(())
}

fn view<'x>(slot: &TensorSlot) -> core::result::Result<Tensor<'x>, CallError> {
    slot.normalize_bools();
    // SAFETY: the slot points into memory the method or the program owns, which outlives
    // the call; writes happen only through the kernel's outs, which the boxed entry checks
    // do not alias its inputs.
    unsafe { slot.view() }.map_err(CallError::Kernel)
}

/// Builds the arguments of one call into the buffers, calls `kernel`, and writes the outs'
/// shapes back to their values. Leaves `evs` empty.
#[allow(clippy::too_many_arguments)]
fn call<'x, 'v: 'x>(
    kernel: BoxedKernel,
    ctx: &mut KernelContext<'_>,
    evs: &mut Vec<EValue<'x>>,
    tensors: &'x mut Vec<Tensor<'x>>,
    optionals: &'x mut Vec<Option<Tensor<'x>>>,
    ints: &'x mut Vec<i64>,
    values: &mut [Value<'v>],
    args: &[u32],
    items: &[i32],
    doubles: &'x [f64],
    bools: &'x [bool],
    changed: &mut bool,
) -> core::result::Result<(), CallError> {
    // Lists first: their members go into the flat buffers, in argument order.
    for &a in args {
        match values[a as usize] {
            Value::IntList(s) => {
                for &m in &items[s.range()] {
                    match values.get(m as usize) {
                        Some(Value::Int(x)) => push(ints, *x)?,
                        _ => return Err(CallError::Runtime("an int list member is not an Int", a)),
                    }
                }
            }
            Value::TensorList(s) => {
                for &m in &items[s.range()] {
                    match values.get(m as usize) {
                        Some(Value::Tensor(t)) => push(tensors, view(t)?)?,
                        _ => {
                            return Err(CallError::Runtime(
                                "a tensor list member is not a Tensor",
                                a,
                            ));
                        }
                    }
                }
            }
            Value::OptionalTensorList(s) => {
                for &m in &items[s.range()] {
                    match values.get(m as usize) {
                        Some(Value::Tensor(t)) => push(optionals, Some(view(t)?))?,
                        Some(Value::None) | None => push(optionals, None)?,
                        _ => {
                            return Err(CallError::Runtime(
                                "an optional tensor list member is not a Tensor or None",
                                a,
                            ));
                        }
                    }
                }
            }
            _ => {}
        }
    }
    // The loop above filled the buffers with exactly these lists, in this order.
    const SHORT: CallError = CallError::Runtime("list buffers out of step", 0);
    let (mut t_rest, mut o_rest, mut i_rest): (
        &'x mut [Tensor<'x>],
        &'x mut [Option<Tensor<'x>>],
        &'x [i64],
    ) = (tensors, optionals, ints);
    for (pos, &a) in args.iter().enumerate() {
        // ExecuTorch passes returned values last: a tensor list there is written.
        let last = pos + 1 == args.len();
        let ev = match values[a as usize] {
            Value::IntList(s) => {
                let (h, t) = i_rest.split_at_checked(s.len as usize).ok_or(SHORT)?;
                i_rest = t;
                EValue::IntList(h)
            }
            Value::TensorList(s) => {
                let (h, t) = core::mem::take(&mut t_rest)
                    .split_at_mut_checked(s.len as usize)
                    .ok_or(SHORT)?;
                t_rest = t;
                if last {
                    EValue::TensorListMut(h)
                } else {
                    EValue::TensorList(h)
                }
            }
            Value::OptionalTensorList(s) => {
                let (h, t) = core::mem::take(&mut o_rest)
                    .split_at_mut_checked(s.len as usize)
                    .ok_or(SHORT)?;
                o_rest = t;
                EValue::OptionalTensorList(h)
            }
            ref v => single(v, doubles, bools)?,
        };
        push(evs, ev)?;
    }
    let r = kernel(ctx, evs);
    *changed |= write_back(evs, values, args, items);
    evs.clear();
    r.map_err(CallError::Kernel)
}

/// After a call: dynamic outs may have been resized, so their values take the new shapes;
/// scalar results (`sym_size.int`, `executorch_prim::*`) are written into the call's last
/// values, which later instructions and int lists read. Inputs come back unchanged. Returns
/// whether any argument differs from the value it was built from (then built arguments of
/// other instructions may be stale, and so may this call's).
fn write_back(evs: &[EValue<'_>], values: &mut [Value<'_>], args: &[u32], items: &[i32]) -> bool {
    let mut changed = false;
    for (ev, &a) in evs.iter().zip(args) {
        let v = &mut values[a as usize];
        changed |= match (ev, &mut *v) {
            (EValue::Tensor(t), Value::Tensor(_)) => write_shape(v, t),
            (EValue::Int(x), Value::Int(y)) => core::mem::replace(y, *x) != *x,
            (EValue::Double(x), Value::Double(y)) => {
                core::mem::replace(y, *x).to_bits() != x.to_bits()
            }
            (EValue::Bool(x), Value::Bool(y)) => core::mem::replace(y, *x) != *x,
            (EValue::TensorListMut(l), Value::TensorList(s)) => {
                let mut c = false;
                for (t, &m) in l.iter().zip(&items[s.range()]) {
                    c |= write_shape(&mut values[m as usize], t);
                }
                c
            }
            (EValue::None, Value::None)
            | (EValue::String(_), Value::String(_))
            | (EValue::DoubleList(_), Value::DoubleList(_))
            | (EValue::BoolList(_), Value::BoolList(_))
            | (EValue::IntList(_), Value::IntList(_))
            | (EValue::TensorList(_), Value::TensorList(_))
            | (EValue::OptionalTensorList(_), Value::OptionalTensorList(_)) => false,
            // A kernel replaced an argument with another kind.
            _ => true,
        };
    }
    changed
}

/// Writes an out's shape back to its value; whether the tensor now differs from the value
/// (a new shape, or one a read-only value could not take, or another tensor altogether).
fn write_shape(v: &mut Value<'_>, t: &Tensor<'_>) -> bool {
    let Value::Tensor(slot) = v else {
        return true;
    };
    if !core::ptr::eq(t.as_ptr(), slot.data) || t.dtype() != slot.dtype {
        return true;
    }
    if t.sizes() == slot.sizes.as_slice() && t.dim_order() == slot.dim_order.as_slice() {
        return false;
    }
    if slot.writable
        && let Some(order) = Dims::new(t.dim_order())
    {
        slot.sizes = t.shape();
        slot.dim_order = order;
    }
    true
}

/// Calls `kernel` on instruction `idx`'s built arguments (building them first if they are
/// stale). Returns `None`, calling nothing, when an argument is a list: those are gathered
/// per call by `call`.
#[allow(clippy::too_many_arguments)]
fn call_built(
    kernel: BoxedKernel,
    ctx: &mut KernelContext<'_>,
    cache: &mut ArgCache,
    idx: usize,
    values: &mut [Value<'_>],
    args: &[u32],
    span: Span,
    doubles: &[f64],
    bools: &[bool],
) -> Option<core::result::Result<(), CallError>> {
    let fresh = cache.built[idx] == cache.epoch;
    if !fresh && !args.iter().all(|&a| cacheable(&values[a as usize])) {
        return None;
    }
    let evs = {
        let built = &mut cache.evalues[span.range()];
        // SAFETY: a lifetime-only cast of `built` itself. The built arguments borrow the
        // method's memory, value tables and the program, all of which outlive the method's
        // calls; they are only used through this slice while the method is borrowed mutably,
        // and rebuilt from the values whenever a value they show changed (the epoch).
        unsafe {
            core::slice::from_raw_parts_mut(built.as_mut_ptr().cast::<EValue<'_>>(), built.len())
        }
    };
    if fresh {
        // Planned memory a Bool value shares with other values may have been overwritten
        // since the last call (see `normalize_bools`).
        for &a in args {
            if let Value::Tensor(t) = &values[a as usize] {
                t.normalize_bools();
            }
        }
    } else {
        for (e, &a) in evs.iter_mut().zip(args) {
            *e = match single(&values[a as usize], doubles, bools) {
                Ok(e) => e,
                Err(e) => return Some(Err(e)),
            };
        }
    }
    // Unbuilt while the kernel runs: a panic caught by the caller leaves it to be rebuilt.
    cache.built[idx] = 0;
    let r = kernel(ctx, evs);
    if write_back(evs, values, args, &[]) {
        cache.invalidate();
    } else {
        cache.built[idx] = cache.epoch;
    }
    Some(r.map_err(CallError::Kernel))
}

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
            if let Some(p) = crate::method::overlap(a, outs, values, items, regions, false) {
                return Err(crate::method::overlap_error(self.part(chain, pc), p));
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
            None => Self::call_gathered(
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

    /// A call whose arguments include lists, built per call in the argument buffers.
    #[allow(clippy::too_many_arguments)]
    fn call_gathered(
        kernel: BoxedKernel,
        ctx: &mut KernelContext<'_>,
        bufs: &mut ArgBuffers,
        cache: &mut ArgCache,
        values: &mut [Value<'m>],
        args: &[u32],
        items: &[i32],
        doubles: &[f64],
        bools: &[bool],
    ) -> core::result::Result<(), CallError> {
        let mut changed = false;
        // Empty already, unless a kernel panicked mid-call and the caller caught it.
        bufs.clear();
        // SAFETY: lifetime-only casts of the (empty) buffers, so they can hold views that
        // borrow the method for this call: the layouts are identical, and every buffer is
        // empty again before it is used as `'static` (`call` clears `evs`, the others are
        // cleared below). The references made here are not used after `call` returns.
        let r = unsafe {
            call(
                kernel,
                ctx,
                &mut *(&mut bufs.evalues as *mut Vec<EValue<'static>>).cast::<Vec<EValue<'_>>>(),
                &mut *(&mut bufs.tensors as *mut Vec<Tensor<'static>>).cast::<Vec<Tensor<'_>>>(),
                &mut *(&mut bufs.optionals as *mut Vec<Option<Tensor<'static>>>)
                    .cast::<Vec<Option<Tensor<'_>>>>(),
                &mut *(&mut bufs.ints as *mut Vec<i64>),
                values,
                args,
                items,
                doubles,
                bools,
                &mut changed,
            )
        };
        bufs.clear();
        if changed {
            cache.invalidate();
        }
        r
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
        self.profile = Some(Profile::new(clock, self.op_names.len()));
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
