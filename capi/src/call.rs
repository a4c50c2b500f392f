//! One kernel call from a C value stack: ExecuTorch's stack convention to etk's boxed
//! arguments, the call (again after the host grew a dynamic out that was too small), and the
//! results written back: resized outs, outs that became views, scalar returns.

use crate::context::Host;
use crate::convert;
use crate::status::{ETK_OK, Failure};
use crate::{
    ETK_MAX_DIM, ETK_STATIC, ETK_TAG_BOOL, ETK_TAG_DOUBLE, ETK_TAG_INT, ETK_TAG_LIST_BOOL,
    ETK_TAG_LIST_DOUBLE, ETK_TAG_LIST_INT, ETK_TAG_LIST_OPTIONAL_TENSOR, ETK_TAG_LIST_TENSOR,
    ETK_TAG_NONE, ETK_TAG_STRING, ETK_TAG_TENSOR, etk_tensor, etk_value,
};
use etk::{BoxedKernel, EValue, ErrorKind, Info, Tensor};
use std::cell::RefCell;

/// The argument buffers of a call, kept per thread between calls so that a call allocates
/// nothing once they have grown to the largest call. Empty between calls.
#[derive(Default)]
struct Buffers {
    evalues: Vec<EValue<'static>>,
    tensors: Vec<Tensor<'static>>,
    optionals: Vec<Option<Tensor<'static>>>,
}

thread_local! {
    static BUFFERS: RefCell<Buffers> = RefCell::default();
}

/// How many of the stack's values etk's kernel takes. ExecuTorch passes the schema's
/// arguments and then its returns: an out variant returns its outs, so the stack ends with them
/// twice (`mm.out`: `[self, mat2, out, out]`), or with one tensor list of them; etk takes the
/// outs once. An in-place op (`add_.Tensor`) returns `self`, which etk's in-place kernels take
/// as their out, and an op returning a new value (`sym_size.int`) writes it: nothing dropped.
fn etk_arity(stack: &[*mut etk_value], in_place: bool) -> usize {
    let n = stack.len();
    if in_place {
        return n;
    }
    // SAFETY (both closures): every pointer was checked non-null; values are read by copy.
    let same = |a: *mut etk_value, b: *mut etk_value| {
        a == b
            || unsafe {
                (*a).tag == ETK_TAG_TENSOR
                    && (*b).tag == ETK_TAG_TENSOR
                    && (*a).payload.as_tensor == (*b).payload.as_tensor
            }
    };
    if let Some(k) =
        (1..=n / 2).find(|&k| (0..k).all(|i| same(stack[n - k + i], stack[n - 2 * k + i])))
    {
        return n - k;
    }
    // A trailing list of the outs just before it.
    if let Some((&last, rest)) = stack.split_last() {
        let v = unsafe { *last };
        if v.tag == ETK_TAG_LIST_TENSOR {
            let l = unsafe { v.payload.as_tensor_list };
            let items = unsafe { convert::slice(l.items, l.len, &String::new) }.unwrap_or(&[]);
            let k = items.len();
            if k > 0
                && k <= rest.len()
                && rest[rest.len() - k..]
                    .iter()
                    .zip(items)
                    .all(|(&a, &t)| unsafe {
                        (*a).tag == ETK_TAG_TENSOR && (*a).payload.as_tensor == t
                    })
            {
                return n - 1;
            }
        }
    }
    n
}

fn at(i: usize) -> impl Fn() -> String {
    move || format!("stack[{i}]")
}

/// Builds the boxed arguments of `args` into the buffers: list members first (into the flat
/// buffers, in argument order), then one `EValue` per argument.
///
/// # Safety
/// Every pointer in `args` is non-null and points to a value as the header describes.
unsafe fn build<'a>(
    args: &[*mut etk_value],
    evalues: &mut Vec<EValue<'a>>,
    tensors: &'a mut Vec<Tensor<'a>>,
    optionals: &'a mut Vec<Option<Tensor<'a>>>,
) -> Result<(), Failure> {
    for (i, &p) in args.iter().enumerate() {
        // SAFETY: the caller's promise.
        let v = unsafe { *p };
        let what = at(i);
        match v.tag {
            ETK_TAG_LIST_TENSOR | ETK_TAG_LIST_OPTIONAL_TENSOR => {
                // SAFETY: the tag says which member is set.
                let l = unsafe { v.payload.as_tensor_list };
                let items = unsafe { convert::slice(l.items, l.len, &what) }?;
                for (k, &t) in items.iter().enumerate() {
                    let what = || format!("stack[{i}] item {k}");
                    if v.tag == ETK_TAG_LIST_TENSOR {
                        tensors.push(unsafe { convert::tensor(t, &what) }?);
                    } else if t.is_null() {
                        optionals.push(None);
                    } else {
                        optionals.push(Some(unsafe { convert::tensor(t, &what) }?));
                    }
                }
            }
            _ => {}
        }
    }
    let (mut tensors, mut optionals) = (tensors.as_mut_slice(), optionals.as_mut_slice());
    for (i, &p) in args.iter().enumerate() {
        let v = unsafe { *p };
        let what = at(i);
        // SAFETY (each arm): the tag says which member is set; pointers are checked by
        // `convert`, and valid for the call by the caller's promise.
        let ev = match v.tag {
            ETK_TAG_NONE => EValue::None,
            ETK_TAG_INT => EValue::Int(unsafe { v.payload.as_int }),
            ETK_TAG_DOUBLE => EValue::Double(unsafe { v.payload.as_double }),
            ETK_TAG_BOOL => EValue::Bool(unsafe { v.payload.as_bool } != 0),
            ETK_TAG_TENSOR => {
                EValue::Tensor(unsafe { convert::tensor(v.payload.as_tensor, &what) }?)
            }
            ETK_TAG_STRING => {
                let s = unsafe { v.payload.as_string };
                EValue::String(unsafe { convert::text(s.data, s.len, &what) }?)
            }
            ETK_TAG_LIST_INT => {
                let l = unsafe { v.payload.as_int_list };
                EValue::IntList(unsafe { convert::slice(l.items, l.len, &what) }?)
            }
            ETK_TAG_LIST_DOUBLE => {
                let l = unsafe { v.payload.as_double_list };
                EValue::DoubleList(unsafe { convert::slice(l.items, l.len, &what) }?)
            }
            ETK_TAG_LIST_BOOL => {
                let l = unsafe { v.payload.as_bool_list };
                EValue::BoolList(convert::bools(
                    unsafe { convert::slice(l.items, l.len, &what) }?,
                    &what,
                )?)
            }
            ETK_TAG_LIST_TENSOR => {
                let n = unsafe { v.payload.as_tensor_list.len };
                let (head, rest) = core::mem::take(&mut tensors).split_at_mut(n);
                tensors = rest;
                // The last argument, a tensor list, is an out of type `Tensor(a!)[]`.
                if i + 1 == args.len() {
                    EValue::TensorListMut(head)
                } else {
                    EValue::TensorList(head)
                }
            }
            ETK_TAG_LIST_OPTIONAL_TENSOR => {
                let n = unsafe { v.payload.as_tensor_list.len };
                let (head, rest) = core::mem::take(&mut optionals).split_at_mut(n);
                optionals = rest;
                EValue::OptionalTensorList(head)
            }
            tag => {
                return Err(Failure::new(
                    crate::ETK_INVALID_TYPE,
                    format!("{}: tag {tag} is not a value etk kernels take", what()),
                ));
            }
        };
        evalues.push(ev);
    }
    Ok(())
}

/// The writable C tensors of `args` (tensors and members of tensor lists), each once.
///
/// # Safety
/// As [`build`], after `build` succeeded on `args`.
unsafe fn writable_tensors(args: &[*mut etk_value], mut f: impl FnMut(*mut etk_tensor)) {
    let mut seen: [*mut etk_tensor; 64] = [core::ptr::null_mut(); 64];
    let mut n_seen = 0;
    let mut visit = |t: *mut etk_tensor| {
        if t.is_null() || unsafe { (*t).writable } == 0 || seen[..n_seen].contains(&t) {
            return;
        }
        if n_seen < seen.len() {
            seen[n_seen] = t;
            n_seen += 1;
        }
        f(t);
    };
    for &p in args {
        let v = unsafe { *p };
        match v.tag {
            ETK_TAG_TENSOR => visit(unsafe { v.payload.as_tensor }),
            ETK_TAG_LIST_TENSOR | ETK_TAG_LIST_OPTIONAL_TENSOR => {
                let l = unsafe { v.payload.as_tensor_list };
                let items = unsafe { convert::slice(l.items, l.len, &String::new) }.unwrap_or(&[]);
                items.iter().for_each(|&t| visit(t));
            }
            _ => {}
        }
    }
}

/// Asks the host to grow every dynamic out too small for `want` to it; whether one grew.
///
/// # Safety
/// As [`writable_tensors`].
unsafe fn grow(args: &[*mut etk_value], want: &[usize], host: &Host) -> bool {
    let Some(resize) = host.c.resize else {
        return false;
    };
    let mut sizes = [0i64; ETK_MAX_DIM];
    for (o, &s) in sizes.iter_mut().zip(want) {
        *o = s as i64;
    }
    let numel = want.iter().try_fold(1usize, |a, &s| a.checked_mul(s));
    let mut grew = false;
    unsafe {
        writable_tensors(args, |t| {
            let c = &mut *t;
            let Ok(dt) = convert::dtype(c.dtype, &String::new) else {
                return;
            };
            let Some(bytes) = numel.and_then(|n| n.checked_mul(dt.element_size())) else {
                return;
            };
            if c.dynamism == ETK_STATIC || bytes <= c.capacity || c.data.is_null() {
                return;
            }
            if resize(host.c.resize_user, t, sizes.as_ptr(), want.len() as u32) != ETK_OK {
                return;
            }
            if c.dim as usize != want.len() {
                for (i, o) in c.dim_order.iter_mut().enumerate() {
                    *o = i as u8;
                }
            }
            c.dim = want.len() as u32;
            c.sizes = sizes;
            c.capacity = bytes;
            grew = true;
        });
    }
    grew
}

/// Writes an out's new shape (after telling the host) or new memory into its C tensor.
///
/// # Safety
/// `c` points to the C tensor `t` was made from.
unsafe fn write_tensor(c: *mut etk_tensor, t: &Tensor<'_>, host: &Host) -> Result<(), Failure> {
    let c = unsafe { &mut *c };
    if c.writable == 0 || !convert::changed(c, t) {
        return Ok(());
    }
    let resized = c.dim as usize != t.dim()
        || c.sizes[..t.dim()]
            .iter()
            .zip(t.sizes())
            .any(|(&a, &b)| a != b as i64);
    if let (true, Some(resize)) = (resized && c.dynamism != ETK_STATIC, host.c.resize) {
        let mut sizes = [0i64; ETK_MAX_DIM];
        for (o, &s) in sizes.iter_mut().zip(t.sizes()) {
            *o = s as i64;
        }
        // SAFETY: the host's callback, as documented.
        let status = unsafe { resize(host.c.resize_user, c, sizes.as_ptr(), t.dim() as u32) };
        if status != ETK_OK {
            return Err(Failure::new(
                status,
                format!("the host's resize callback refused sizes {:?}", t.sizes()),
            ));
        }
    }
    convert::store_meta(c, t);
    Ok(())
}

/// After a successful call: outs and scalar returns back into the C values.
///
/// # Safety
/// As [`build`]; `evalues` were built from `args`.
unsafe fn write_back(
    args: &[*mut etk_value],
    evalues: &[EValue<'_>],
    host: &Host,
) -> Result<(), Failure> {
    for (&p, ev) in args.iter().zip(evalues) {
        let v = unsafe { &mut *p };
        match ev {
            EValue::Tensor(t) if v.tag == ETK_TAG_TENSOR => {
                unsafe { write_tensor(v.payload.as_tensor, t, host) }?
            }
            EValue::TensorListMut(l) if v.tag == ETK_TAG_LIST_TENSOR => {
                let items = unsafe {
                    convert::slice(v.payload.as_tensor_list.items, l.len(), &String::new)
                }?;
                for (&c, t) in items.iter().zip(l.iter()) {
                    unsafe { write_tensor(c, t, host) }?;
                }
            }
            EValue::Int(x) => {
                v.tag = ETK_TAG_INT;
                v.payload.as_int = *x;
            }
            EValue::Double(x) => {
                v.tag = ETK_TAG_DOUBLE;
                v.payload.as_double = *x;
            }
            EValue::Bool(x) => {
                v.tag = ETK_TAG_BOOL;
                v.payload.as_bool = u8::from(*x);
            }
            _ => {}
        }
    }
    Ok(())
}

/// Calls `kernel` on a C stack; returns the random stream's offset after the call.
///
/// # Safety
/// `stack` is null or points to `n` pointers, each null or pointing to a value as the header
/// describes; the host's context as [`Host::read`].
pub(crate) unsafe fn call(
    kernel: BoxedKernel,
    in_place: bool,
    host: &mut Host,
    stack: *const *mut etk_value,
    n: usize,
) -> Result<u64, Failure> {
    let what = || "stack".to_string();
    // SAFETY: the caller's promise.
    let stack = unsafe { convert::slice(stack, n, &what) }?;
    if let Some(i) = stack.iter().position(|p| p.is_null()) {
        return Err(Failure::invalid(format!("stack[{i}] is a null pointer")));
    }
    let args = &stack[..etk_arity(stack, in_place)];
    // Taken out of the thread's slot, so a call made from a host callback during this one
    // gets buffers of its own.
    let mut bufs = BUFFERS.with(|b| b.take());
    let r = unsafe { call_with(kernel, host, args, &mut bufs) };
    bufs.evalues.clear();
    bufs.tensors.clear();
    bufs.optionals.clear();
    BUFFERS.with(|b| *b.borrow_mut() = bufs);
    r
}

/// # Safety
/// As [`call`], with `args` checked non-null.
unsafe fn call_with(
    kernel: BoxedKernel,
    host: &mut Host,
    args: &[*mut etk_value],
    bufs: &mut Buffers,
) -> Result<u64, Failure> {
    // Each growth makes at least one out larger, so the attempts are bounded.
    for _attempt in 0..=args.len() + 1 {
        bufs.evalues.clear();
        bufs.tensors.clear();
        bufs.optionals.clear();
        // SAFETY: lifetime-only casts of empty buffers, so they can hold views of the caller's
        // memory for this call; every buffer is emptied before the call returns (`call`).
        let (evalues, tensors, optionals) = unsafe {
            (
                &mut *(&mut bufs.evalues as *mut Vec<EValue<'static>>).cast::<Vec<EValue<'_>>>(),
                &mut *(&mut bufs.tensors as *mut Vec<Tensor<'static>>).cast::<Vec<Tensor<'_>>>(),
                &mut *(&mut bufs.optionals as *mut Vec<Option<Tensor<'static>>>)
                    .cast::<Vec<Option<Tensor<'_>>>>(),
            )
        };
        unsafe { build(args, evalues, tensors, optionals) }?;
        let mut ctx = host.kernel_context();
        let r = kernel(&mut ctx, evalues);
        let offset = ctx.rng.offset();
        match r {
            Ok(()) => {
                unsafe { write_back(args, evalues, host) }?;
                return Ok(offset);
            }
            // An out too small for the result: the host may grow it (ExecuTorch's memory plan
            // knows a dynamic tensor's bound, etk only its current size). Nothing the failed
            // call wrote matters: it writes only outs, which the next call writes again, and
            // the random state restarts from the caller's.
            Err(e) if e.kind == ErrorKind::OutOfCapacity => {
                let Info::Shape(want) = e.expected_value else {
                    return Err(e.into());
                };
                evalues.clear();
                if !unsafe { grow(args, want.as_slice(), host) } {
                    return Err(e.into());
                }
            }
            Err(e) => return Err(e.into()),
        }
    }
    Err(Failure::new(
        crate::ETK_INTERNAL,
        "a dynamic out kept growing",
    ))
}
