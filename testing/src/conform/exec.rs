//! Running one case: building the arguments from the file's tensors, allocating the outs,
//! calling the boxed kernel with panics caught, and classifying what came back.
//!
//! Memory layout of a call:
//! - every input tensor is copied from the file (only 8-byte aligned there) into its own
//!   [`GuardedBuf`], laid out in the case's `dim_order`; a copy of the whole buffer (guards
//!   included) is kept and must be unchanged after the call;
//! - every out gets a [`GuardedBuf`] filled with a sentinel (NaN patterns for floats, `0xA5`
//!   bytes for integers, and at each element where the expected value would collide with the
//!   sentinel a value that differs from it, so an element the kernel never writes always
//!   fails); its guards must hold their canary after the call;
//! - an out whose `shape` equals the expected shape is static; one whose `shape` differs is
//!   dynamic-bound with room for `max(given, expected)` elements; the outs of `"error"` cases
//!   are dynamic-bound with room for any result the inputs could plausibly produce, so that
//!   a kernel can only pass by rejecting the call for the reason ATen does, not because the
//!   out was too small to resize (unless the out says `"static": true`: then it is static with
//!   its given shape, and the case checks that the kernel rejects a wrong-shaped static out);
//! - an in-place overload (`aten::copy_`) gets one buffer initialised from `self`, passed as a
//!   read-only view in the `self` position and as a writable view in the out position (same
//!   pointer and metadata, so the kernel's `same_as` check recognises it).

use super::buffer::{GUARD, GuardedBuf};
use super::case::{Arg, Case, Expected, OutSpec, TensorRef, Tol};
use super::{FileData, Outcome};
use etk::owned::logical_to_offset;
use etk::shape::{is_valid_dim_order, strides_from_dim_order};
use etk::{BoxedKernel, EValue, ErrorKind, KernelContext, ScalarType, Serial, ShapeDynamism};
use etk::{MAX_DIM, Tensor};
use std::cell::{Cell, RefCell};
use std::panic::{AssertUnwindSafe, catch_unwind};

/// Operators whose out is `Tensor(a!)[]`: their outs form one `TensorListMut`.
pub const LIST_OUT_OPS: &[&str] = &[
    "aten::split_copy.Tensor_out",
    "aten::split_with_sizes_copy.out",
    "aten::unbind_copy.int_out",
];

/// Operators that write their first argument (`Tensor(a!)`) and have no out: the call gets
/// one writable view in that position and nothing after the arguments; as for in-place
/// overloads, `outs[0]` describes the argument and `expected[0]` is it after the call, and a
/// different expected shape makes it dynamic-bound with room for the result.
pub const FIRST_ARG_OUT_OPS: &[&str] = &["executorch_prim::et_copy_index.tensor"];

/// Operators that write some of their (non-out) tensor arguments, ATen's `Tensor(a!)`
/// inputs, by argument index: the runner passes those inputs writable, lets them change, and
/// compares them with the case's `"mutated"` expectations when it has them.
pub const MUTATING_OPS: &[(&str, &[usize])] = &[("aten::_native_batch_norm_legit.out", &[3, 4])];

/// Largest out capacity (in elements) the runner invents for an `"error"` case.
const ERROR_OUT_CAP: usize = 1 << 20;

/// An in-place overload (`aten::copy_`, `aten::index_put_`): the base name ends with `_`
/// (but is not a dunder such as `__and__`).
pub fn is_in_place(op: &str) -> bool {
    let name = op.rsplit("::").next().unwrap_or(op);
    let base = name.split('.').next().unwrap_or(name);
    base.ends_with('_') && !base.ends_with("__")
}

/// Why a case could not be prepared.
pub enum Skip {
    Unsupported(String),
    Malformed(String),
}

fn malformed<T>(msg: impl Into<String>) -> Result<T, Skip> {
    Err(Skip::Malformed(msg.into()))
}

/// The `ScalarType` of a safetensors dtype, if etk has a name for it.
pub fn file_dtype(d: safetensors::Dtype) -> Option<ScalarType> {
    use safetensors::Dtype as D;
    Some(match d {
        D::BOOL => ScalarType::Bool,
        D::U8 => ScalarType::Byte,
        D::I8 => ScalarType::Char,
        D::I16 => ScalarType::Short,
        D::I32 => ScalarType::Int,
        D::I64 => ScalarType::Long,
        D::F16 => ScalarType::Half,
        D::BF16 => ScalarType::BFloat16,
        D::F32 => ScalarType::Float,
        D::F64 => ScalarType::Double,
        D::U16 => ScalarType::UInt16,
        D::U32 => ScalarType::UInt32,
        D::U64 => ScalarType::UInt64,
        _ => return None,
    })
}

/// True for the dtypes the runner passes to kernels: those with an element type (complex
/// included), and the barebones unsigned ones (whose kernels move, compare or sort their bytes).
fn has_element(t: ScalarType) -> bool {
    ScalarType::REAL.contains(&t) || t.is_barebones_unsigned() || t.is_complex()
}

/// A file tensor's dtype and shape as the case means them: a complex tensor is stored as its
/// real dtype with a trailing dimension of 2 (real, imaginary), which the complex element
/// absorbs (FORMAT.md, "Dtype names").
fn logical_tensor<'f>(
    name: &str,
    fd: safetensors::Dtype,
    shape: &'f [usize],
    complex: bool,
) -> Result<(ScalarType, &'f [usize]), Skip> {
    let real = file_dtype(fd)
        .filter(|&d| has_element(d))
        .ok_or_else(|| Skip::Unsupported(format!("tensor {name} has dtype {fd:?}")))?;
    if !complex {
        return Ok((real, shape));
    }
    let Some(dtype) = real.to_complex().filter(|_| real.is_floating_point()) else {
        return malformed(format!("complex tensor {name} is stored as {real}"));
    };
    match shape.split_last() {
        Some((2, rest)) => Ok((dtype, rest)),
        _ => malformed(format!(
            "complex tensor {name} has shape {shape:?}, not a trailing (real, imaginary) 2"
        )),
    }
}

fn numel(sizes: &[usize]) -> Option<usize> {
    sizes.iter().try_fold(1usize, |n, &s| n.checked_mul(s))
}

struct Layout {
    dtype: ScalarType,
    sizes: Vec<usize>,
    order: Vec<usize>,
}

impl Layout {
    fn new(dtype: ScalarType, sizes: &[usize], order: Option<&[usize]>) -> Result<Layout, Skip> {
        if sizes.len() > MAX_DIM {
            return Err(Skip::Unsupported(format!(
                "rank {} is more than etk's {MAX_DIM}",
                sizes.len()
            )));
        }
        let order = match order {
            Some(o) => o.to_vec(),
            None => (0..sizes.len()).collect(),
        };
        if order.len() != sizes.len() || !is_valid_dim_order(&order) {
            return malformed(format!("dim_order {order:?} for shape {sizes:?}"));
        }
        let n = numel(sizes).and_then(|n| n.checked_mul(dtype.element_size()));
        if n.is_none_or(|n| n > isize::MAX as usize / 4) {
            return malformed(format!("shape {sizes:?} is too large"));
        }
        Ok(Layout {
            dtype,
            sizes: sizes.to_vec(),
            order,
        })
    }
    fn numel(&self) -> usize {
        numel(&self.sizes).unwrap_or(0)
    }
    fn nbytes(&self) -> usize {
        self.numel() * self.dtype.element_size()
    }
    fn strides(&self) -> Vec<usize> {
        strides_from_dim_order(&self.sizes, &self.order)
            .map(|d| d.as_slice().to_vec())
            .unwrap_or_default()
    }
}

struct InTensor {
    layout: Layout,
    buf: GuardedBuf,
}

struct OutTensor {
    layout: Layout,
    buf: GuardedBuf,
    dynamic: bool,
    /// A scalar result slot: the call gets `EValue::None` instead of a view of `buf`.
    scalar: bool,
}

struct Expect {
    dtype: ScalarType,
    shape: Vec<usize>,
    data: Vec<u8>,
}

enum PArg {
    None,
    Int(i64),
    Double(f64),
    Bool(bool),
    Str(String),
    Tensor(usize),
    /// The in-place `self`: a read-only view of out 0.
    SelfInPlace,
    Tensors(Vec<usize>),
    OptTensors(Vec<Option<usize>>),
    Ints(Vec<i64>),
    Floats(Vec<f64>),
    Bools(Vec<bool>),
}

/// A case ready to call: every buffer allocated and filled.
pub struct Prepared {
    inputs: Vec<InTensor>,
    snapshots: Vec<Vec<u8>>,
    args: Vec<PArg>,
    outs: Vec<OutTensor>,
    out_list: bool,
    /// The op writes its first argument and has no out (`FIRST_ARG_OUT_OPS`).
    first_arg_out: bool,
    expected: Option<Vec<Expect>>,
    tol: Tol,
    /// Inputs the op may write (`MUTATING_OPS`), restored from their snapshots before each
    /// call, and the values some of them must hold after it.
    mutable: Vec<usize>,
    mutated: Vec<(usize, Expect)>,
}

fn alloc_buf(bytes: usize) -> Result<GuardedBuf, Skip> {
    GuardedBuf::new(bytes, 0).ok_or_else(|| {
        Skip::Unsupported(format!(
            "a tensor of {bytes} bytes is more than the runner allocates"
        ))
    })
}

/// Loads a file tensor into an aligned buffer in `dim_order`.
fn load_tensor(file: &FileData, t: &TensorRef) -> Result<InTensor, Skip> {
    let Some((fd, shape, bytes)) = file.tensor(&t.name) else {
        return malformed(format!("no tensor named {:?} in the file", t.name));
    };
    let (dtype, shape) = logical_tensor(&t.name, fd, shape, t.complex)?;
    let layout = Layout::new(dtype, shape, t.dim_order.as_deref())?;
    if bytes.len() != layout.nbytes() {
        return malformed(format!("tensor {} holds {} bytes", t.name, bytes.len()));
    }
    if dtype == ScalarType::Bool && bytes.iter().any(|&b| b > 1) {
        return malformed(format!(
            "Bool tensor {} holds bytes other than 0 and 1",
            t.name
        ));
    }
    let mut buf = alloc_buf(layout.nbytes())?;
    copy_logical_into(&layout, bytes, buf.data_mut());
    Ok(InTensor { layout, buf })
}

/// Writes `logical` (row-major element bytes) into `dst` laid out as `layout`.
fn copy_logical_into(layout: &Layout, logical: &[u8], dst: &mut [u8]) {
    let es = layout.dtype.element_size();
    if layout.order.iter().enumerate().all(|(i, &d)| i == d) {
        dst[..logical.len()].copy_from_slice(logical);
        return;
    }
    let strides = layout.strides();
    for (i, src) in logical.chunks_exact(es).enumerate() {
        let off = logical_to_offset(i, &layout.sizes, &strides) * es;
        dst[off..off + es].copy_from_slice(src);
    }
}

/// The sentinel element an out is filled with before the call.
fn sentinel(dtype: ScalarType) -> u64 {
    match dtype {
        ScalarType::Bool => 0,
        ScalarType::Half => 0x7EA5,
        ScalarType::BFloat16 => 0x7FA5,
        ScalarType::Float => 0x7FA5_A5A5,
        ScalarType::Double => 0x7FF5_A5A5_A5A5_A5A5,
        _ => 0xA5A5_A5A5_A5A5_A5A5,
    }
}

/// A sentinel that differs from `want` in the way the comparison sees (a finite value where
/// NaN is expected, another bit pattern where the sentinel is expected, `!want` for Bool).
fn sentinel_unlike(dtype: ScalarType, want: &[u8]) -> u64 {
    let base = sentinel(dtype);
    if dtype == ScalarType::Bool {
        return u64::from(want[0] == 0);
    }
    if dtype.is_floating_point() {
        if is_nan(dtype, want) {
            return 0xA5A5_A5A5_A5A5_A5A5;
        }
        return base;
    }
    if le_bits(want) == base & mask(dtype) {
        0x5A5A_5A5A_5A5A_5A5A
    } else {
        base
    }
}

fn mask(dtype: ScalarType) -> u64 {
    match dtype.element_size() {
        8 => u64::MAX,
        n => (1u64 << (8 * n)) - 1,
    }
}

fn put(dst: &mut [u8], v: u64) {
    let n = dst.len();
    dst.copy_from_slice(&v.to_le_bytes()[..n]);
}

fn le_bits(b: &[u8]) -> u64 {
    let mut a = [0u8; 8];
    a[..b.len()].copy_from_slice(b);
    u64::from_le_bytes(a)
}

/// Fills an out's buffer with the sentinel; where the layout the kernel will most likely
/// produce is known, each element is made to differ from its expected value.
/// A complex element is filled component by component, as two elements of its real type.
fn fill_out(buf: &mut GuardedBuf, dtype: ScalarType, predicted: Option<(&Layout, &Expect)>) {
    let es = dtype.element_size();
    let (part, cs) = (dtype.to_real(), dtype.to_real().element_size());
    let base = sentinel(part);
    for e in buf.data_mut().chunks_exact_mut(cs) {
        put(e, base);
    }
    if let Some((layout, exp)) = predicted {
        let strides = layout.strides();
        let data = buf.data_mut();
        for (i, want) in exp.data.chunks_exact(es).enumerate() {
            let off = logical_to_offset(i, &layout.sizes, &strides) * es;
            if let Some(e) = data.get_mut(off..off + es) {
                for (c, w) in e.chunks_exact_mut(cs).zip(want.chunks_exact(cs)) {
                    put(c, sentinel_unlike(part, w));
                }
            }
        }
    }
}

fn out_dtype(o: &OutSpec) -> Result<ScalarType, Skip> {
    let t = ScalarType::from_name(&o.dtype)
        .ok_or_else(|| Skip::Unsupported(format!("unknown dtype {:?}", o.dtype)))?;
    if !has_element(t) {
        return Err(Skip::Unsupported(format!("out dtype {t}")));
    }
    Ok(t)
}

/// The expected value of an out; a complex out's is stored as real pairs.
fn load_expected(file: &FileData, name: &str, dtype: ScalarType) -> Result<Expect, Skip> {
    let Some((fd, shape, bytes)) = file.tensor(name) else {
        return malformed(format!("no expected tensor named {name:?} in the file"));
    };
    let (fdt, shape) = logical_tensor(name, fd, shape, dtype.is_complex())?;
    if fdt != dtype {
        return malformed(format!(
            "expected tensor {name} is {fdt} but the out is {dtype}"
        ));
    }
    if shape.len() > MAX_DIM {
        return Err(Skip::Unsupported(format!("rank {} expected", shape.len())));
    }
    if numel(shape).and_then(|n| n.checked_mul(dtype.element_size())) != Some(bytes.len()) {
        return malformed(format!(
            "expected tensor {name} holds {} bytes",
            bytes.len()
        ));
    }
    if dtype == ScalarType::Bool && bytes.iter().any(|&b| b > 1) {
        return malformed(format!("Bool tensor {name} holds bytes other than 0 and 1"));
    }
    Ok(Expect {
        dtype,
        shape: shape.to_vec(),
        data: bytes.to_vec(),
    })
}

/// Builds every buffer of a case.
pub fn prepare(case: &Case, file: &FileData) -> Result<Prepared, Skip> {
    let first_arg_out = FIRST_ARG_OUT_OPS.contains(&case.op.as_str());
    let in_place = is_in_place(&case.op) || first_arg_out;
    let mut inputs: Vec<InTensor> = Vec::new();
    let mut args = Vec::with_capacity(case.args.len());
    let mut int_lists: Vec<&[i64]> = Vec::new();
    let mut self_tensor: Option<InTensor> = None;
    let push = |inputs: &mut Vec<InTensor>, t: InTensor| {
        inputs.push(t);
        inputs.len() - 1
    };
    for (i, a) in case.args.iter().enumerate() {
        args.push(match a {
            Arg::None => PArg::None,
            Arg::Int(v) => PArg::Int(*v),
            Arg::Float(v) => PArg::Double(*v),
            Arg::Bool(v) => PArg::Bool(*v),
            Arg::Str(s) => PArg::Str(s.clone()),
            Arg::Tensor(t) if in_place && self_tensor.is_none() => {
                self_tensor = Some(load_tensor(file, t)?);
                PArg::SelfInPlace
            }
            Arg::Tensor(t) => PArg::Tensor(push(&mut inputs, load_tensor(file, t)?)),
            Arg::Tensors(ts) => PArg::Tensors(
                ts.iter()
                    .map(|t| Ok(push(&mut inputs, load_tensor(file, t)?)))
                    .collect::<Result<_, Skip>>()?,
            ),
            Arg::OptTensors(ts) => PArg::OptTensors(
                ts.iter()
                    .map(|t| match t {
                        None => Ok(None),
                        Some(t) => Ok(Some(push(&mut inputs, load_tensor(file, t)?))),
                    })
                    .collect::<Result<_, Skip>>()?,
            ),
            Arg::Ints(v) => {
                int_lists.push(v);
                PArg::Ints(v.clone())
            }
            Arg::Floats(v) => PArg::Floats(v.clone()),
            Arg::Bools(v) => PArg::Bools(v.clone()),
            Arg::Dtype(name) => match ScalarType::from_name(name) {
                Some(t) => PArg::Int(i64::from(t.code())),
                None => return Err(Skip::Unsupported(format!("args[{i}]: dtype {name:?}"))),
            },
            Arg::MemoryFormat(code) => PArg::Int(*code),
            Arg::Unsupported(why) => return Err(Skip::Unsupported(why.clone())),
        });
    }
    if in_place && self_tensor.is_none() {
        return malformed("an in-place overload without a `self` tensor argument");
    }
    let expected = match &case.expected {
        Expected::Error => None,
        Expected::Tensors(names) => Some(
            names
                .iter()
                .zip(&case.outs)
                .map(|(n, o)| load_expected(file, n, out_dtype(o)?))
                .collect::<Result<Vec<_>, Skip>>()?,
        ),
    };
    let mut outs = Vec::with_capacity(case.outs.len());
    if let Some(s) = self_tensor {
        let o = case.outs.first().ok_or(Skip::Malformed(
            "an in-place overload needs outs[0] to describe self".into(),
        ))?;
        if out_dtype(o)? != s.layout.dtype || o.shape != s.layout.sizes {
            return malformed(format!(
                "outs[0] ({} {:?}) does not describe self ({} {:?})",
                o.dtype, o.shape, s.layout.dtype, s.layout.sizes
            ));
        }
        let want = match &expected {
            Some(exp) if first_arg_out => Some(&exp[0].shape),
            _ => None,
        };
        let (buf, dynamic) = match want {
            Some(w) if *w != s.layout.sizes => {
                let n = numel(w).unwrap_or(0).max(s.layout.numel());
                let mut buf = alloc_buf(n * s.layout.dtype.element_size())?;
                let len = s.layout.nbytes();
                buf.data_mut()[..len].copy_from_slice(&s.buf.data()[..len]);
                (buf, true)
            }
            _ => (s.buf, first_arg_out && expected.is_none()),
        };
        outs.push(OutTensor {
            layout: s.layout,
            buf,
            dynamic,
            scalar: false,
        });
    }
    // Room an `"error"` case's outs get: enough for any result the inputs plausibly produce.
    let error_cap = {
        let sizes: Vec<usize> = inputs.iter().map(|t| t.layout.numel()).collect();
        let sum = sizes.iter().fold(0usize, |a, &n| a.saturating_add(n));
        let prod = sizes
            .iter()
            .filter(|&&n| n > 0)
            .fold(1usize, |a, &n| a.saturating_mul(n));
        let lists = int_lists.iter().map(|l| {
            l.iter()
                .filter(|&&v| v > 0)
                .fold(1usize, |a, &v| a.saturating_mul(v as usize))
        });
        lists
            .chain([sum, prod])
            .map(|n| n.min(ERROR_OUT_CAP))
            .max()
            .unwrap_or(0)
    };
    for (k, o) in case.outs.iter().enumerate().skip(outs.len()) {
        let dtype = out_dtype(o)?;
        let layout = Layout::new(dtype, &o.shape, o.dim_order.as_deref())?;
        let (cap_elems, dynamic) = match &expected {
            None if o.fixed => (layout.numel(), false),
            None => (layout.numel().max(error_cap), true),
            Some(exp) => {
                let e = &exp[k];
                let n = numel(&e.shape).unwrap_or(0);
                (layout.numel().max(n), e.shape != layout.sizes)
            }
        };
        let mut buf = alloc_buf(cap_elems * dtype.element_size())?;
        let predicted = match &expected {
            None => None,
            Some(exp) => {
                let e = &exp[k];
                let order = (e.shape.len() == layout.sizes.len()).then_some(&layout.order[..]);
                Some((Layout::new(dtype, &e.shape, order)?, e))
            }
        };
        fill_out(&mut buf, dtype, predicted.as_ref().map(|(l, e)| (l, *e)));
        outs.push(OutTensor {
            layout,
            buf,
            dynamic,
            scalar: o.scalar,
        });
    }
    let out_list = LIST_OUT_OPS.contains(&case.op.as_str());
    if out_list && in_place {
        return malformed("an in-place overload with a list out");
    }
    let writes = MUTATING_OPS
        .iter()
        .find(|(op, _)| *op == case.op)
        .map_or(&[][..], |(_, a)| *a);
    let input_of = |a: usize| match args.get(a) {
        Some(PArg::Tensor(i)) => Some(*i),
        _ => None,
    };
    let mutable: Vec<usize> = writes.iter().filter_map(|&a| input_of(a)).collect();
    let mut mutated = Vec::new();
    if expected.is_some() {
        for (a, name) in &case.mutated {
            let Some(i) = input_of(*a).filter(|i| mutable.contains(i)) else {
                return malformed(format!("mutated: args[{a}] is not an input the op writes"));
            };
            mutated.push((i, load_expected(file, name, inputs[i].layout.dtype)?));
        }
    }
    let snapshots = inputs.iter().map(|t| t.buf.all().to_vec()).collect();
    let p = Prepared {
        mutable,
        mutated,
        inputs,
        snapshots,
        args,
        outs,
        out_list,
        first_arg_out,
        expected,
        tol: case.tol,
    };
    // Every view must be constructible; failures here are the case's fault.
    for t in &p.inputs {
        // SAFETY: a read-only view over the buffer, dropped at once.
        unsafe { view(&t.layout, &t.buf, false, false) }
            .map_err(|e| Skip::Malformed(format!("input tensor: {e}")))?;
    }
    for o in &p.outs {
        // SAFETY: as above.
        unsafe { view(&o.layout, &o.buf, false, o.dynamic) }
            .map_err(|e| Skip::Malformed(format!("out tensor: {e}")))?;
    }
    Ok(p)
}

/// A view over `buf` with an unbounded lifetime.
///
/// # Safety
/// The caller keeps `buf` alive and unmoved while the view lives, and lets no other view write
/// the memory while a writable one is used.
unsafe fn view<'a>(
    layout: &Layout,
    buf: &GuardedBuf,
    writable: bool,
    dynamic: bool,
) -> etk::Result<Tensor<'a>> {
    // SAFETY: forwarded to the caller.
    let t = unsafe {
        Tensor::from_raw_parts(
            layout.dtype,
            &layout.sizes,
            &layout.order,
            buf.data_ptr(),
            buf.cap(),
            writable,
        )
    }?;
    Ok(if dynamic {
        t.with_dynamism(ShapeDynamism::DynamicBound)
    } else {
        t
    })
}

thread_local! {
    static CAPTURING: Cell<bool> = const { Cell::new(false) };
    static PANIC_MSG: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Installs (once) a panic hook that records the message of a panic inside a kernel call on
/// this thread instead of printing it, and defers to the previous hook otherwise.
fn install_panic_hook() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let prev = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if CAPTURING.with(Cell::get) {
                let msg = if let Some(s) = info.payload().downcast_ref::<&str>() {
                    (*s).to_string()
                } else if let Some(s) = info.payload().downcast_ref::<String>() {
                    s.clone()
                } else {
                    "(non-string panic payload)".to_string()
                };
                let loc = info
                    .location()
                    .map(|l| format!(" at {}:{}", l.file(), l.line()))
                    .unwrap_or_default();
                PANIC_MSG.with(|m| *m.borrow_mut() = Some(format!("{msg}{loc}")));
            } else {
                prev(info);
            }
        }));
    });
}

/// What each out holds after the call.
enum OutAfter {
    /// A tensor with these sizes and strides whose elements are at this address.
    Tensor(Vec<usize>, Vec<usize>, usize),
    /// A scalar result, as the bytes of its dtype.
    Scalar(ScalarType, Vec<u8>),
    /// Anything else (the kernel replaced the out with another kind of value).
    Other(&'static str),
}
type OutLayouts = Vec<OutAfter>;

enum Called {
    Returned(etk::Result<()>, OutLayouts),
    Panicked(String),
}

fn call(p: &Prepared, kernel: BoxedKernel, scratch: &mut [u8]) -> Called {
    install_panic_hook();
    // SAFETY (for every `view` below): the buffers live in `p` for the whole call; input
    // buffers only get read-only views; each out buffer gets exactly one writable view (plus,
    // for the in-place `self`, one read-only view of the same memory, which is the aliasing
    // ATen's in-place calling convention requires and the kernel checks with `same_as`).
    // The inputs the op writes get their values back first (a prepared case runs once per
    // library) and a writable view (the only view of their memory).
    for &i in &p.mutable {
        let (buf, snap) = (&p.inputs[i].buf, &p.snapshots[i]);
        // SAFETY: no view of the buffer exists yet; the snapshot holds all its bytes.
        unsafe { std::ptr::copy_nonoverlapping(snap[GUARD..].as_ptr(), buf.data_ptr(), buf.cap()) };
    }
    let input = |i: usize| unsafe {
        let writable = p.mutable.contains(&i);
        view(&p.inputs[i].layout, &p.inputs[i].buf, writable, false)
    };
    let lists: Vec<Vec<Tensor<'_>>> = p
        .args
        .iter()
        .filter_map(|a| match a {
            PArg::Tensors(ix) => Some(ix.iter().map(|&i| input(i).expect("checked")).collect()),
            _ => None,
        })
        .collect();
    let opt_lists: Vec<Vec<Option<Tensor<'_>>>> = p
        .args
        .iter()
        .filter_map(|a| match a {
            PArg::OptTensors(ix) => Some(
                ix.iter()
                    .map(|i| i.map(|i| input(i).expect("checked")))
                    .collect(),
            ),
            _ => None,
        })
        .collect();
    let out_view = |o: &OutTensor| unsafe { view(&o.layout, &o.buf, true, o.dynamic) };
    let mut out_list: Vec<Tensor<'_>> = if p.out_list {
        p.outs
            .iter()
            .map(|o| out_view(o).expect("checked"))
            .collect()
    } else {
        Vec::new()
    };
    let (mut li, mut oi) = (lists.iter(), opt_lists.iter());
    let mut stack: Vec<EValue<'_>> = Vec::with_capacity(p.args.len() + p.outs.len());
    for a in &p.args {
        stack.push(match a {
            PArg::None => EValue::None,
            PArg::Int(v) => EValue::Int(*v),
            PArg::Double(v) => EValue::Double(*v),
            PArg::Bool(v) => EValue::Bool(*v),
            PArg::Str(s) => EValue::String(s),
            PArg::Tensor(i) => EValue::Tensor(input(*i).expect("checked")),
            PArg::SelfInPlace if p.first_arg_out => {
                EValue::Tensor(out_view(&p.outs[0]).expect("checked"))
            }
            PArg::SelfInPlace => {
                let o = &p.outs[0];
                EValue::Tensor(unsafe { view(&o.layout, &o.buf, false, false) }.expect("checked"))
            }
            PArg::Tensors(_) => EValue::TensorList(li.next().expect("one list per arg")),
            PArg::OptTensors(_) => EValue::OptionalTensorList(oi.next().expect("one list per arg")),
            PArg::Ints(v) => EValue::IntList(v),
            PArg::Floats(v) => EValue::DoubleList(v),
            PArg::Bools(v) => EValue::BoolList(v),
        });
    }
    let n_args = stack.len();
    if p.out_list {
        stack.push(EValue::TensorListMut(&mut out_list));
    } else if p.first_arg_out {
        // the written argument is the out: nothing follows the arguments
    } else {
        for o in &p.outs {
            stack.push(if o.scalar {
                EValue::None
            } else {
                EValue::Tensor(out_view(o).expect("checked"))
            });
        }
    }
    let mut ctx = KernelContext::new(scratch, &Serial);
    CAPTURING.with(|c| c.set(true));
    let r = catch_unwind(AssertUnwindSafe(|| kernel(&mut ctx, &mut stack)));
    CAPTURING.with(|c| c.set(false));
    let r = match r {
        Ok(r) => r,
        Err(_) => {
            let msg = PANIC_MSG
                .with(|m| m.borrow_mut().take())
                .unwrap_or_else(|| "panicked".into());
            return Called::Panicked(msg);
        }
    };
    let layout = |t: &Tensor<'_>| {
        OutAfter::Tensor(
            t.sizes().to_vec(),
            t.strides().to_vec(),
            t.as_ptr() as usize,
        )
    };
    let self_at = p.args.iter().position(|a| matches!(a, PArg::SelfInPlace));
    let layouts = if let (true, Some(i)) = (p.first_arg_out, self_at) {
        vec![match &stack[i] {
            EValue::Tensor(t) => layout(t),
            v => OutAfter::Other(v.kind_name()),
        }]
    } else if p.out_list {
        match stack.get(n_args) {
            Some(EValue::TensorListMut(l)) if l.len() == p.outs.len() => {
                l.iter().map(layout).collect()
            }
            _ => p
                .outs
                .iter()
                .map(|_| OutAfter::Other("not a list"))
                .collect(),
        }
    } else {
        stack[n_args..]
            .iter()
            .map(|v| match v {
                EValue::Tensor(t) => layout(t),
                EValue::Int(i) => OutAfter::Scalar(ScalarType::Long, i.to_le_bytes().to_vec()),
                EValue::Double(d) => OutAfter::Scalar(ScalarType::Double, d.to_le_bytes().to_vec()),
                EValue::Bool(b) => OutAfter::Scalar(ScalarType::Bool, vec![u8::from(*b)]),
                v => OutAfter::Other(v.kind_name()),
            })
            .collect()
    };
    Called::Returned(r, layouts)
}

/// Runs a prepared case and classifies it.
pub fn run(p: &Prepared, kernel: BoxedKernel, scratch: &mut [u8]) -> (Outcome, String) {
    let called = call(p, kernel, scratch);
    if let Called::Panicked(msg) = called {
        return (Outcome::Panicked, format!("panicked: {msg}"));
    }
    let Called::Returned(result, layouts) = called else {
        unreachable!()
    };
    for (i, (t, snap)) in p.inputs.iter().zip(&p.snapshots).enumerate() {
        let allowed = p.mutable.contains(&i) && t.buf.guards_intact();
        if t.buf.all() != snap.as_slice() && !allowed {
            return (
                Outcome::Failed,
                format!("wrote outside the outs: input tensor {i} changed"),
            );
        }
    }
    for (k, o) in p.outs.iter().enumerate() {
        if !o.buf.guards_intact() {
            return (
                Outcome::Failed,
                format!("wrote outside the outs: the guard around out {k} changed"),
            );
        }
    }
    match (result, &p.expected) {
        (Err(e), _)
            if matches!(
                e.kind,
                ErrorKind::NotImplemented | ErrorKind::OperatorMissing
            ) =>
        {
            (Outcome::Unsupported, format!("kernel: {e}"))
        }
        (Err(e), None) => (Outcome::Passed, format!("rejected: {e}")),
        (Err(e), Some(_)) => (Outcome::WronglyRejected, format!("kernel: {e}")),
        (Ok(()), None) => (
            Outcome::WronglyAccepted,
            "returned Ok where ATen raises an error".into(),
        ),
        (Ok(()), Some(exp)) => {
            for (k, ((o, e), l)) in p.outs.iter().zip(exp).zip(&layouts).enumerate() {
                let msg = match (l, o.scalar) {
                    (OutAfter::Tensor(sizes, strides, ptr), false) => {
                        let Some(data) = memory_at(p, o, *ptr) else {
                            return (
                                Outcome::Failed,
                                format!("out {k} points outside the call's memory"),
                            );
                        };
                        compare(k, data, sizes, strides, e, p.tol)
                    }
                    (OutAfter::Scalar(dtype, bytes), true) if *dtype == e.dtype => {
                        compare(k, bytes, &[], &[], e, p.tol)
                    }
                    (OutAfter::Scalar(dtype, _), true) => {
                        Some(format!("out {k}: a {dtype} result, expected {}", e.dtype))
                    }
                    (OutAfter::Other(kind), _) => {
                        Some(format!("out {k} is a {kind} after the call"))
                    }
                    _ => Some(format!("out {k} was replaced by the kernel")),
                };
                if let Some(msg) = msg {
                    return (Outcome::Failed, msg);
                }
            }
            for (i, e) in &p.mutated {
                let t = &p.inputs[*i];
                // SAFETY: a read-only view, dropped at once; the call is over.
                let strides = unsafe { view(&t.layout, &t.buf, false, false) }
                    .map(|v| v.strides().to_vec())
                    .unwrap_or_default();
                if let Some(msg) = compare(0, t.buf.data(), &t.layout.sizes, &strides, e, p.tol) {
                    return (Outcome::Failed, format!("written input {i}: {msg}"));
                }
            }
            (Outcome::Passed, String::new())
        }
    }
}

fn is_nan(dtype: ScalarType, b: &[u8]) -> bool {
    let v = le_bits(b);
    match dtype {
        ScalarType::Half => v & 0x7C00 == 0x7C00 && v & 0x03FF != 0,
        ScalarType::BFloat16 => v & 0x7F80 == 0x7F80 && v & 0x007F != 0,
        ScalarType::Float => f32::from_bits(v as u32).is_nan(),
        ScalarType::Double => f64::from_bits(v).is_nan(),
        _ => false,
    }
}

/// A float element as `f64` (exact for every float dtype).
fn to_f64(dtype: ScalarType, b: &[u8]) -> f64 {
    let v = le_bits(b);
    match dtype {
        ScalarType::Half => half::f16::from_bits(v as u16).to_f64(),
        ScalarType::BFloat16 => half::bf16::from_bits(v as u16).to_f64(),
        ScalarType::Float => f64::from(f32::from_bits(v as u32)),
        ScalarType::Double => f64::from_bits(v),
        _ => f64::NAN,
    }
}

/// An element for messages.
fn show(dtype: ScalarType, b: &[u8]) -> String {
    if dtype.is_complex() {
        let (re, im) = b.split_at(b.len() / 2);
        let part = dtype.to_real();
        return format!("({}, {})", show(part, re), show(part, im));
    }
    let v = le_bits(b);
    match dtype {
        ScalarType::Bool => match v {
            0 => "false".into(),
            1 => "true".into(),
            v => format!("(invalid Bool byte {v:#04x})"),
        },
        ScalarType::Byte | ScalarType::UInt16 | ScalarType::UInt32 | ScalarType::UInt64 => {
            v.to_string()
        }
        ScalarType::Char => (v as u8 as i8).to_string(),
        ScalarType::Short => (v as u16 as i16).to_string(),
        ScalarType::Int => (v as u32 as i32).to_string(),
        ScalarType::Long => (v as i64).to_string(),
        ScalarType::Half => format!("{:?}", half::f16::from_bits(v as u16).to_f32()),
        ScalarType::BFloat16 => format!("{:?}", half::bf16::from_bits(v as u16).to_f32()),
        ScalarType::Float => format!("{:?}", f32::from_bits(v as u32)),
        _ => format!("{:?}", f64::from_bits(v)),
    }
}

/// True when `got` matches `want` under `tol`. Complex elements: exactly, component by
/// component; under a tolerance as `torch.isclose` does, `|got - want| <= atol + rtol * |want|`
/// with complex moduli, once every non-finite component of `want` is matched.
fn elem_ok(dtype: ScalarType, got: &[u8], want: &[u8], tol: Tol) -> bool {
    if tol == Tol::Shape {
        return true;
    }
    if dtype.is_complex() {
        let (part, cs) = (dtype.to_real(), dtype.to_real().element_size());
        let (g, w) = (got.split_at(cs), want.split_at(cs));
        let Tol::Close { rtol, atol } = tol else {
            return elem_ok(part, g.0, w.0, tol) && elem_ok(part, g.1, w.1, tol);
        };
        let (gr, gi) = (to_f64(part, g.0), to_f64(part, g.1));
        let (wr, wi) = (to_f64(part, w.0), to_f64(part, w.1));
        if !(wr.is_finite() && wi.is_finite()) {
            return elem_ok(part, g.0, w.0, tol) && elem_ok(part, g.1, w.1, tol);
        }
        return (gr - wr).hypot(gi - wi) <= atol + rtol * wr.hypot(wi);
    }
    if !dtype.is_floating_point() {
        return got == want;
    }
    match tol {
        Tol::Shape => true,
        Tol::Multiset => got == want,
        Tol::Exact { signed_zero } => {
            got == want
                || (is_nan(dtype, got) && is_nan(dtype, want))
                || (!signed_zero && to_f64(dtype, got) == 0.0 && to_f64(dtype, want) == 0.0)
        }
        Tol::Close { rtol, atol } => {
            let (g, w) = (to_f64(dtype, got), to_f64(dtype, want));
            if w.is_nan() {
                g.is_nan()
            } else if w.is_infinite() {
                g == w
            } else {
                (g - w).abs() <= atol + rtol * w.abs()
            }
        }
    }
}

/// The row-major index of logical element `i`.
fn index_of(mut i: usize, sizes: &[usize]) -> Vec<usize> {
    let mut idx = vec![0; sizes.len()];
    for d in (0..sizes.len()).rev() {
        let s = sizes[d].max(1);
        idx[d] = i % s;
        i /= s;
    }
    idx
}

/// The memory an out's elements are read from: its own buffer, or (for a view op such as
/// `et_view`, which re-points the out at an input's memory) the input buffer holding `ptr`.
fn memory_at<'p>(p: &'p Prepared, o: &'p OutTensor, ptr: usize) -> Option<&'p [u8]> {
    let bufs = std::iter::once(&o.buf).chain(p.inputs.iter().map(|t| &t.buf));
    bufs.map(|b| b.data())
        .find(|d| (d.as_ptr() as usize..=d.as_ptr() as usize + d.len()).contains(&ptr))
        .map(|d| &d[ptr - d.as_ptr() as usize..])
}

fn compare(
    k: usize,
    data: &[u8],
    sizes: &[usize],
    strides: &[usize],
    e: &Expect,
    tol: Tol,
) -> Option<String> {
    if sizes != e.shape.as_slice() {
        return Some(format!("out {k}: shape {sizes:?}, expected {:?}", e.shape));
    }
    let es = e.dtype.element_size();
    if tol == Tol::Multiset {
        return compare_multiset(k, data, sizes, strides, e);
    }
    let (mut bad, mut first) = (0usize, None);
    for (i, want) in e.data.chunks_exact(es).enumerate() {
        let off = logical_to_offset(i, sizes, strides) * es;
        let Some(got) = data.get(off..off + es) else {
            return Some(format!(
                "out {k}: element {i} lies outside the out's memory"
            ));
        };
        if !elem_ok(e.dtype, got, want, tol) {
            bad += 1;
            if first.is_none() {
                first = Some((i, show(e.dtype, got), show(e.dtype, want)));
            }
        }
    }
    let (i, got, want) = first?;
    let n = e.data.len() / es;
    let tol = match tol {
        Tol::Exact { .. } => "exact".to_string(),
        Tol::Close { rtol, atol } => format!("rtol {rtol:e}, atol {atol:e}"),
        Tol::Shape | Tol::Multiset => unreachable!("no element comparison fails"),
    };
    Some(format!(
        "out {k}: {bad} of {n} elements differ ({tol}); first at {:?}: got {got}, expected {want}",
        index_of(i, sizes)
    ))
}

/// `compare` for [`Tol::Multiset`]: the out's elements, sorted by their bytes, equal the
/// expected ones sorted the same way.
fn compare_multiset(
    k: usize,
    data: &[u8],
    sizes: &[usize],
    strides: &[usize],
    e: &Expect,
) -> Option<String> {
    let es = e.dtype.element_size();
    let n = e.data.len() / es;
    let mut got = Vec::with_capacity(n);
    for i in 0..n {
        let off = logical_to_offset(i, sizes, strides) * es;
        let Some(g) = data.get(off..off + es) else {
            return Some(format!(
                "out {k}: element {i} lies outside the out's memory"
            ));
        };
        got.push(g);
    }
    let mut want: Vec<&[u8]> = e.data.chunks_exact(es).collect();
    got.sort_unstable();
    want.sort_unstable();
    let bad = got.iter().zip(&want).filter(|(g, w)| g != w).count();
    (bad > 0).then(|| {
        format!(
            "out {k}: not a reordering of the expected values ({bad} of {n} sorted elements differ)"
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn in_place_names() {
        assert!(is_in_place("aten::copy_"));
        assert!(is_in_place("aten::index_put_"));
        assert!(is_in_place("aten::add_.Tensor"));
        assert!(!is_in_place("aten::add.out"));
        assert!(!is_in_place("aten::__and__.Tensor"));
        assert!(!is_in_place("aten::_to_copy.out"));
    }

    #[test]
    fn float_comparison() {
        let f = |x: f32| x.to_le_bytes();
        let exact = Tol::Exact { signed_zero: true };
        let loose = Tol::Exact { signed_zero: false };
        let close = Tol::Close {
            rtol: 1e-3,
            atol: 0.0,
        };
        let t = ScalarType::Float;
        assert!(elem_ok(t, &f(f32::NAN), &f(-f32::NAN), exact));
        assert!(!elem_ok(t, &f(-0.0), &f(0.0), exact));
        assert!(elem_ok(t, &f(-0.0), &f(0.0), loose));
        assert!(elem_ok(t, &f(1.0005), &f(1.0), close));
        assert!(!elem_ok(t, &f(1.002), &f(1.0), close));
        assert!(!elem_ok(t, &f(f32::NAN), &f(1.0), close));
        assert!(!elem_ok(t, &f(1.0), &f(f32::NAN), close));
        assert!(elem_ok(t, &f(f32::INFINITY), &f(f32::INFINITY), close));
        assert!(!elem_ok(t, &f(f32::NEG_INFINITY), &f(f32::INFINITY), close));
        assert!(!elem_ok(t, &f(f32::MAX), &f(f32::INFINITY), close));
        let h = ScalarType::Half;
        assert!(is_nan(h, &0x7EA5u16.to_le_bytes()));
        assert!(!is_nan(h, &0x7C00u16.to_le_bytes()));
        assert!(is_nan(ScalarType::BFloat16, &0x7FA5u16.to_le_bytes()));
    }

    #[test]
    fn complex_comparison() {
        let c = |re: f32, im: f32| [re.to_le_bytes(), im.to_le_bytes()].concat();
        let t = ScalarType::ComplexFloat;
        let close = Tol::Close {
            rtol: 1e-3,
            atol: 0.0,
        };
        let exact = Tol::Exact { signed_zero: true };
        assert!(elem_ok(t, &c(1.0, 2.0), &c(1.0, 2.0), exact));
        assert!(!elem_ok(t, &c(1.0, -0.0), &c(1.0, 0.0), exact));
        assert!(elem_ok(t, &c(f32::NAN, 1.0), &c(f32::NAN, 1.0), exact));
        // the modulus of the difference against the modulus of the expected value
        assert!(elem_ok(t, &c(1.0, 0.0009), &c(1.0, 0.0), close));
        assert!(!elem_ok(t, &c(1.0, 0.0011), &c(1.0, 0.0), close));
        assert!(!elem_ok(t, &c(1.0, 0.0), &c(1.0, f32::NAN), close));
        assert!(elem_ok(
            t,
            &c(f32::INFINITY, 1.0),
            &c(f32::INFINITY, 1.0),
            close
        ));
        let d = ScalarType::ComplexDouble;
        let z = [0.0f64.to_le_bytes(), 1.0f64.to_le_bytes()].concat();
        assert_eq!(show(d, &z), "(0.0, 1.0)");
    }

    #[test]
    fn sentinels_differ_from_what_is_expected() {
        for t in ScalarType::REAL {
            let es = t.element_size();
            let s = sentinel(t).to_le_bytes();
            let wants: Vec<Vec<u8>> = vec![
                s[..es].to_vec(),
                vec![0; es],
                if t == ScalarType::Bool {
                    vec![1]
                } else {
                    vec![0xFF; es]
                },
            ];
            for w in wants {
                let mut got = vec![0; es];
                put(&mut got, sentinel_unlike(t, &w));
                let tol = Tol::Close {
                    rtol: 1e-2,
                    atol: 1e-2,
                };
                assert!(
                    !elem_ok(t, &got, &w, tol)
                        && !elem_ok(t, &got, &w, Tol::Exact { signed_zero: false }),
                    "{t}: sentinel {got:?} vs {w:?}"
                );
            }
        }
    }
}
