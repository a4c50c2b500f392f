//! Binding a kernel call's arguments: the `EValue`s built from the per-value descriptions,
//! once per instruction and kept (`ArgCache`) until a value they show changes, or, for calls
//! taking lists, per call in buffers the method allocated at prepare time (`ArgBuffers`);
//! after the call, the shapes of the outs (which dynamic kernels may have resized) are written
//! back. The aliasing check of a call's tensors lives here too. Nothing here allocates on the
//! success path.

use crate::error::Error;
use crate::instrs::Instr;
use crate::values::{Span, TensorSlot, Value};
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::mem::MaybeUninit;
use etk_core::{BoxedKernel, Dims, EValue, KernelContext, PreparedKernel, Tensor};

/// The method's flat tables the values' spans index.
#[derive(Clone, Copy)]
pub(crate) struct Tables<'x> {
    /// Value indices of list members.
    pub items: &'x [i32],
    /// Int lists fixed at prepare.
    pub ints: &'x [i64],
    pub doubles: &'x [f64],
    pub bools: &'x [bool],
}

/// What a kernel instruction calls: the registry's boxed kernel, or what its library prepared.
pub(crate) enum Callee<'k> {
    Boxed(BoxedKernel),
    Prepared(&'k mut dyn PreparedKernel),
}

impl Callee<'_> {
    #[inline]
    fn call(
        &mut self,
        ctx: &mut KernelContext<'_>,
        args: &mut [EValue<'_>],
    ) -> etk_core::Result<()> {
        match self {
            Callee::Boxed(k) => k(ctx, args),
            Callee::Prepared(p) => p.run(ctx, args),
        }
    }
}

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
/// argument of every call was half of a small model's run time. List members (a `cat`'s
/// tensors, an `index_put`'s indices) are built into room each instruction has in the tables
/// below, sized at prepare; a list that outgrew its room (a move brought a longer one) is
/// gathered per call in `ArgBuffers` instead.
pub(crate) struct ArgCache {
    /// Parallel to the method's `arg_indices`: instruction `i`'s arguments are at its span.
    evalues: Vec<EValue<'static>>,
    /// Per instruction, the epoch its arguments were built at (0: never, or being called).
    built: Vec<u64>,
    /// Per instruction, whether a built argument or list member is a writable Bool tensor
    /// (whose bytes are made 0 or 1 before each call, see `TensorSlot::normalize_bools`).
    bools: Vec<bool>,
    /// Per instruction, whether a result can change (a scalar, a list, a tensor of dynamic
    /// shape): a static tensor out cannot be resized, so its value needs no write-back.
    write: Vec<bool>,
    /// Per instruction, where its list members start in the tables below and how many fit.
    rooms: Vec<(Need, Need)>,
    /// List members. Never resized after `new`: built arguments point into them.
    tensors: Vec<MaybeUninit<Tensor<'static>>>,
    optionals: Vec<Option<Tensor<'static>>>,
    ints: Vec<i64>,
    /// Bumped whenever a value changes in a way a built argument could show (a shape, a
    /// scalar, a move, an input): every instruction is then rebuilt on its next call.
    epoch: u64,
}

impl ArgCache {
    pub(crate) fn new(instrs: &[Instr], arg_indices: &[u32], values: &[Value<'_>]) -> ArgCache {
        let mut at = Need::default();
        let rooms: Vec<(Need, Need)> = instrs
            .iter()
            .map(|i| {
                let room = match i {
                    Instr::Kernel { args, .. } | Instr::Prepared { args, .. } => {
                        need(&arg_indices[args.range()], values)
                    }
                    _ => Need::default(),
                };
                let start = at;
                at.tensors += room.tensors;
                at.optionals += room.optionals;
                at.ints += room.ints;
                (start, room)
            })
            .collect();
        ArgCache {
            evalues: (0..arg_indices.len()).map(|_| EValue::None).collect(),
            built: alloc::vec![0; instrs.len()],
            bools: alloc::vec![false; instrs.len()],
            write: alloc::vec![true; instrs.len()],
            rooms,
            tensors: (0..at.tensors).map(|_| MaybeUninit::uninit()).collect(),
            optionals: (0..at.optionals).map(|_| None).collect(),
            ints: alloc::vec![0; at.ints],
            epoch: 1,
        }
    }

    /// Makes every built argument stale.
    pub(crate) fn invalidate(&mut self) {
        self.epoch += 1;
    }
}

/// Whether a value can be passed from the cache: lists of values are gathered per call.
pub(crate) fn cacheable(v: &Value<'_>) -> bool {
    !matches!(
        v,
        Value::IntList(_) | Value::TensorList(_) | Value::OptionalTensorList(_)
    )
}

/// The argument for a single value (not a list of values gathered per call).
pub(crate) fn single<'x>(
    v: &Value<'x>,
    t: Tables<'x>,
) -> core::result::Result<EValue<'x>, CallError> {
    Ok(match *v {
        Value::None => EValue::None,
        Value::Int(x) => EValue::Int(x),
        Value::Double(x) => EValue::Double(x),
        Value::Bool(x) => EValue::Bool(x),
        Value::String(s) => EValue::String(s),
        Value::Tensor(t) => EValue::Tensor(view(&t)?),
        Value::Ints(s) => EValue::IntList(&t.ints[s.range()]),
        Value::DoubleList(s) => EValue::DoubleList(&t.doubles[s.range()]),
        Value::BoolList(s) => EValue::BoolList(&t.bools[s.range()]),
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
            if let Instr::Kernel { args, .. } | Instr::Prepared { args, .. } = i {
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
pub(crate) enum CallError {
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

/// Builds the arguments of one call into the buffers, calls `callee`, and writes the last
/// `results` arguments back to their values. Leaves `evs` empty.
#[allow(clippy::too_many_arguments)]
fn call<'x, 'v: 'x>(
    callee: &mut Callee<'_>,
    ctx: &mut KernelContext<'_>,
    evs: &mut Vec<EValue<'x>>,
    tensors: &'x mut Vec<Tensor<'x>>,
    optionals: &'x mut Vec<Option<Tensor<'x>>>,
    ints: &'x mut Vec<i64>,
    values: &mut [Value<'v>],
    args: &[u32],
    results: usize,
    tables: Tables<'x>,
    changed: &mut bool,
) -> core::result::Result<(), CallError> {
    let items = tables.items;
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
            ref v => single(v, tables)?,
        };
        push(evs, ev)?;
    }
    let r = callee.call(ctx, evs);
    let first = args.len().saturating_sub(results);
    *changed |= write_back(&evs[first..], values, &args[first..], items);
    evs.clear();
    r.map_err(CallError::Kernel)
}

/// After a call, on its results (the last arguments): dynamic outs may have been resized, so
/// their values take the new shapes; scalar results (`sym_size.int`, `executorch_prim::*`) are
/// written into their values, which later instructions and int lists read. (Kernels take their
/// inputs by shared reference: those come back unchanged.) Returns whether any result differs
/// from the value it was built from (then built arguments of other instructions may be stale,
/// and so may this call's).
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
            | (EValue::IntList(_), Value::IntList(_) | Value::Ints(_))
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

/// Calls `callee` on instruction `idx`'s built arguments (building them first if they are
/// stale). Returns `None`, calling nothing, when a list no longer fits the instruction's room
/// (see [`call_gathered`]).
#[allow(clippy::too_many_arguments)]
#[inline]
pub(crate) fn call_built(
    callee: &mut Callee<'_>,
    ctx: &mut KernelContext<'_>,
    cache: &mut ArgCache,
    idx: usize,
    values: &mut [Value<'_>],
    args: &[u32],
    span: Span,
    results: usize,
    tables: Tables<'_>,
) -> Option<core::result::Result<(), CallError>> {
    let fresh = cache.built[idx] == cache.epoch;
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
    if !fresh {
        let (at, room) = cache.rooms[idx];
        let n = need(args, values);
        if n.tensors > room.tensors || n.optionals > room.optionals || n.ints > room.ints {
            return None;
        }
        let lists = Lists {
            // SAFETY: `at` and the room's lengths lie within the tables (`ArgCache::new`),
            // and no two instructions' rooms overlap.
            tensors: unsafe { cache.tensors.as_mut_ptr().add(at.tensors).cast() },
            optionals: unsafe { cache.optionals.as_mut_ptr().add(at.optionals).cast() },
            ints: unsafe { cache.ints.as_mut_ptr().add(at.ints) },
        };
        // SAFETY: the room holds the lists' members (checked above); the tables outlive the
        // built arguments as `evs` does.
        match unsafe { build(evs, lists, values, args, tables) } {
            Ok(bools) => cache.bools[idx] = bools,
            Err(e) => return Some(Err(e)),
        }
        cache.write[idx] = args[args.len().saturating_sub(results)..].iter().any(|&a| {
            !matches!(&values[a as usize], Value::Tensor(t) if t.dynamism == etk_core::ShapeDynamism::Static)
        });
    } else if cache.bools[idx] {
        // Planned memory a Bool value shares with other values may have been overwritten
        // since the last call (see `normalize_bools`).
        for &a in args {
            match &values[a as usize] {
                Value::Tensor(t) => t.normalize_bools(),
                Value::TensorList(s) | Value::OptionalTensorList(s) => {
                    for &m in &tables.items[s.range()] {
                        if let Some(Value::Tensor(t)) = values.get(m as usize) {
                            t.normalize_bools();
                        }
                    }
                }
                _ => {}
            }
        }
    }
    // Unbuilt while the kernel runs: a panic caught by the caller leaves it to be rebuilt.
    cache.built[idx] = 0;
    let r = callee.call(ctx, evs);
    let first = args.len().saturating_sub(results);
    if cache.write[idx] && write_back(&evs[first..], values, &args[first..], tables.items) {
        cache.invalidate();
    } else {
        cache.built[idx] = cache.epoch;
    }
    Some(r.map_err(CallError::Kernel))
}

/// Where one instruction's list members go: the starts of its room in the cache's tables.
struct Lists {
    tensors: *mut Tensor<'static>,
    optionals: *mut Option<Tensor<'static>>,
    ints: *mut i64,
}

/// Whether a value is a writable Bool tensor (see `TensorSlot::normalize_bools`).
fn writable_bool(v: Option<&Value<'_>>) -> bool {
    matches!(v, Some(Value::Tensor(t)) if t.writable && t.dtype == etk_core::ScalarType::Bool)
}

/// Builds the arguments `args` into `evs`, list members into `lists`. Returns whether any
/// argument or member is a writable Bool tensor.
///
/// # Safety
/// `lists` must have room for the lists' members (`need`), valid and used by nothing else
/// for as long as `evs` holds what is built here.
unsafe fn build<'x>(
    evs: &mut [EValue<'x>],
    lists: Lists,
    values: &[Value<'x>],
    args: &[u32],
    tables: Tables<'x>,
) -> core::result::Result<bool, CallError> {
    let items = tables.items;
    let (mut tensors, mut optionals, mut ints) = (
        lists.tensors.cast::<Tensor<'x>>(),
        lists.optionals.cast::<Option<Tensor<'x>>>(),
        lists.ints,
    );
    let mut bools = false;
    for (pos, (e, &a)) in evs.iter_mut().zip(args).enumerate() {
        let v = &values[a as usize];
        bools |= writable_bool(Some(v));
        *e = match *v {
            Value::IntList(s) => {
                let members = &items[s.range()];
                for (k, &m) in members.iter().enumerate() {
                    let Some(Value::Int(x)) = values.get(m as usize) else {
                        return Err(CallError::Runtime("an int list member is not an Int", a));
                    };
                    // SAFETY: within the room (the caller's contract).
                    unsafe { ints.add(k).write(*x) };
                }
                // SAFETY: the members were just written; the room is this list's alone.
                let list = unsafe { core::slice::from_raw_parts(ints, members.len()) };
                ints = ints.wrapping_add(members.len());
                EValue::IntList(list)
            }
            Value::TensorList(s) => {
                let members = &items[s.range()];
                for (k, &m) in members.iter().enumerate() {
                    let member = values.get(m as usize);
                    let Some(Value::Tensor(t)) = member else {
                        return Err(CallError::Runtime(
                            "a tensor list member is not a Tensor",
                            a,
                        ));
                    };
                    bools |= writable_bool(member);
                    // SAFETY: within the room; the slot written holds no live view (a
                    // `Tensor` has no drop, so the old one need not be read).
                    unsafe { tensors.add(k).write(view(t)?) };
                }
                // SAFETY: as for the ints.
                let list = unsafe { core::slice::from_raw_parts_mut(tensors, members.len()) };
                tensors = tensors.wrapping_add(members.len());
                // ExecuTorch passes returned values last: a tensor list there is written.
                if pos + 1 == args.len() {
                    EValue::TensorListMut(list)
                } else {
                    EValue::TensorList(list)
                }
            }
            Value::OptionalTensorList(s) => {
                let members = &items[s.range()];
                for (k, &m) in members.iter().enumerate() {
                    let member = values.get(m as usize);
                    let o = match member {
                        Some(Value::Tensor(t)) => Some(view(t)?),
                        Some(Value::None) | None => None,
                        _ => {
                            return Err(CallError::Runtime(
                                "an optional tensor list member is not a Tensor or None",
                                a,
                            ));
                        }
                    };
                    bools |= writable_bool(member);
                    // SAFETY: within the room; the old entry is a view with no drop.
                    unsafe { optionals.add(k).write(o) };
                }
                // SAFETY: as for the ints.
                let list = unsafe { core::slice::from_raw_parts_mut(optionals, members.len()) };
                optionals = optionals.wrapping_add(members.len());
                EValue::OptionalTensorList(list)
            }
            ref v => single(v, tables)?,
        };
    }
    Ok(bools)
}

/// A call whose arguments include lists, built per call in the argument buffers.
#[allow(clippy::too_many_arguments)]
pub(crate) fn call_gathered(
    callee: &mut Callee<'_>,
    ctx: &mut KernelContext<'_>,
    bufs: &mut ArgBuffers,
    cache: &mut ArgCache,
    values: &mut [Value<'_>],
    args: &[u32],
    results: usize,
    tables: Tables<'_>,
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
            callee,
            ctx,
            &mut *(&mut bufs.evalues as *mut Vec<EValue<'static>>).cast::<Vec<EValue<'_>>>(),
            &mut *(&mut bufs.tensors as *mut Vec<Tensor<'static>>).cast::<Vec<Tensor<'_>>>(),
            &mut *(&mut bufs.optionals as *mut Vec<Option<Tensor<'static>>>)
                .cast::<Vec<Option<Tensor<'_>>>>(),
            &mut *(&mut bufs.ints as *mut Vec<i64>),
            values,
            args,
            results,
            tables,
            &mut changed,
        )
    };
    bufs.clear();
    if changed {
        cache.invalidate();
    }
    r
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
