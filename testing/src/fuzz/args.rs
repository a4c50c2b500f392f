//! A boxed call described as plain data ([`Arg`], [`TSpec`]): what the generator makes and
//! mutates, what a reproducer prints as Rust, and what [`with_stack`] turns into guarded
//! buffers and the `EValue`s a kernel takes.

use std::fmt::Write;

use etk::{EValue, ScalarType, ShapeDynamism, Tensor};
use etk_core::shape::strides_from_dim_order;

use crate::conform::buffer::GuardedBuf;

/// A tensor: dtype, sizes, dim order, its values in logical (row-major) order as element
/// bytes, and how much memory its buffer has.
#[derive(Clone, Debug, PartialEq)]
pub struct TSpec {
    pub dtype: ScalarType,
    pub sizes: Vec<usize>,
    pub dim_order: Vec<usize>,
    /// `numel * element_size` bytes in logical order (shorter or longer is padded / cut).
    pub data: Vec<u8>,
    /// Bytes of memory behind the view (at least the elements', else the view cannot be
    /// made: that is the point of an out that is too small).
    pub capacity: usize,
    pub dynamic: bool,
    pub writable: bool,
}

impl TSpec {
    /// A read-only contiguous tensor of `dtype` and `sizes` holding `data` (logical order).
    pub fn new(dtype: ScalarType, sizes: &[usize], data: Vec<u8>) -> TSpec {
        let nbytes = numel(sizes).saturating_mul(dtype.element_size());
        TSpec {
            dtype,
            sizes: sizes.to_vec(),
            dim_order: (0..sizes.len()).collect(),
            data,
            capacity: nbytes,
            dynamic: false,
            writable: false,
        }
    }

    /// As [`TSpec::new`], the values given as hex digits of their bytes (reproducers).
    pub fn hex(dtype: ScalarType, sizes: &[usize], hex: &str) -> TSpec {
        let data = (0..hex.len() / 2)
            .map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).unwrap_or(0))
            .collect();
        TSpec::new(dtype, sizes, data)
    }

    /// This tensor laid out in `dim_order`.
    pub fn order(mut self, dim_order: &[usize]) -> TSpec {
        self.dim_order = dim_order.to_vec();
        self
    }

    /// This tensor as a writable out with `capacity` bytes, resizable if `dynamic`.
    pub fn out(mut self, capacity: usize, dynamic: bool) -> TSpec {
        self.capacity = capacity;
        self.dynamic = dynamic;
        self.writable = true;
        self
    }

    pub fn numel(&self) -> usize {
        numel(&self.sizes)
    }

    pub fn nbytes(&self) -> usize {
        self.numel().saturating_mul(self.dtype.element_size())
    }
}

/// The number of elements, saturating (a spec with an overflowing shape cannot become a view).
pub fn numel(sizes: &[usize]) -> usize {
    sizes.iter().fold(1usize, |n, &s| n.saturating_mul(s))
}

/// One boxed value of a call.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    None,
    Int(i64),
    Double(f64),
    Bool(bool),
    Str(String),
    Tensor(TSpec),
    IntList(Vec<i64>),
    DoubleList(Vec<f64>),
    BoolList(Vec<bool>),
    TensorList(Vec<TSpec>),
    OptTensorList(Vec<Option<TSpec>>),
    /// An out tensor (its spec should be writable).
    Out(TSpec),
    /// An out of type `Tensor(a!)[]`.
    OutList(Vec<TSpec>),
    /// An out over the memory of the call's `input`-th input tensor (counting tensors and
    /// list members in order), with its own dtype, sizes and dim order: how in-place ops pass
    /// `self`, and how an out that aliases an input is made.
    AliasOut {
        input: usize,
        spec: TSpec,
    },
}

/// The most memory the fuzzer gives one tensor.
pub const MAX_BUFFER: usize = 1 << 20;

/// The guarded buffers of a materialized call, for the checks after it.
pub struct Buffers {
    /// Every input tensor's buffer, in order.
    pub inputs: Vec<GuardedBuf>,
    /// Every out's own buffer (aliasing outs have none), in order.
    pub outs: Vec<GuardedBuf>,
    /// The inputs some out writes into.
    pub aliased: Vec<usize>,
}

/// Builds guarded buffers for `args`, then the `EValue` stack over them, and calls `f` with
/// both. `Err` when a spec cannot be a tensor view (the view constructor's own error: such a
/// call never reaches a kernel).
pub fn with_stack<R>(
    args: &[Arg],
    f: impl FnOnce(&mut [EValue<'_>], &Buffers) -> R,
) -> Result<R, String> {
    let mut bufs = Buffers {
        inputs: Vec::new(),
        outs: Vec::new(),
        aliased: Vec::new(),
    };
    let fill = |spec: &TSpec, sentinel: bool| -> Result<GuardedBuf, String> {
        // A spec asking for more memory gets this much: its view then fails to be made, as
        // it would over memory the caller does not have.
        let cap = spec.capacity.min(MAX_BUFFER);
        let mut b = GuardedBuf::new(cap, if sentinel { 0xA5 } else { 0 })
            .ok_or_else(|| format!("no buffer of {} bytes", spec.capacity))?;
        if !sentinel {
            lay_out(spec, b.data_mut());
        }
        Ok(b)
    };
    for a in args {
        match a {
            Arg::Tensor(t) => bufs.inputs.push(fill(t, false)?),
            Arg::TensorList(l) => {
                for t in l {
                    bufs.inputs.push(fill(t, false)?);
                }
            }
            Arg::OptTensorList(l) => {
                for t in l.iter().flatten() {
                    bufs.inputs.push(fill(t, false)?);
                }
            }
            Arg::Out(t) => bufs.outs.push(fill(t, true)?),
            Arg::OutList(l) => {
                for t in l {
                    bufs.outs.push(fill(t, true)?);
                }
            }
            Arg::AliasOut { input, .. } => bufs.aliased.push(*input),
            _ => {}
        }
    }
    // Views over the buffers; staged per argument so that lists are contiguous slices.
    let mut staged: Vec<Staged<'_>> = Vec::with_capacity(args.len());
    let (mut next_in, mut next_out) = (0, 0);
    for a in args {
        let s = match a {
            Arg::None => Staged::Plain(Plain::None),
            Arg::Int(i) => Staged::Plain(Plain::Int(*i)),
            Arg::Double(d) => Staged::Plain(Plain::Double(*d)),
            Arg::Bool(b) => Staged::Plain(Plain::Bool(*b)),
            Arg::Str(s) => Staged::Str(s),
            Arg::IntList(l) => Staged::Ints(l),
            Arg::DoubleList(l) => Staged::Doubles(l),
            Arg::BoolList(l) => Staged::Bools(l),
            Arg::Tensor(t) => {
                next_in += 1;
                Staged::Tensor(view(t, &bufs.inputs[next_in - 1])?)
            }
            Arg::TensorList(l) => {
                let mut v = Vec::with_capacity(l.len());
                for t in l {
                    v.push(view(t, &bufs.inputs[next_in])?);
                    next_in += 1;
                }
                Staged::List(v)
            }
            Arg::OptTensorList(l) => {
                let mut v = Vec::with_capacity(l.len());
                for t in l {
                    v.push(match t {
                        Some(t) => {
                            next_in += 1;
                            Some(view(t, &bufs.inputs[next_in - 1])?)
                        }
                        None => None,
                    });
                }
                Staged::OptList(v)
            }
            Arg::Out(t) => {
                next_out += 1;
                Staged::Tensor(view(t, &bufs.outs[next_out - 1])?)
            }
            Arg::OutList(l) => {
                let mut v = Vec::with_capacity(l.len());
                for t in l {
                    v.push(view(t, &bufs.outs[next_out])?);
                    next_out += 1;
                }
                Staged::OutList(v)
            }
            Arg::AliasOut { input, spec } => {
                let b = bufs
                    .inputs
                    .get(*input)
                    .ok_or_else(|| format!("an alias of input {input}, which does not exist"))?;
                Staged::Tensor(view_over(spec, b, true)?)
            }
        };
        staged.push(s);
    }
    let mut stack: Vec<EValue<'_>> = staged.iter_mut().map(Staged::evalue).collect();
    Ok(f(&mut stack, &bufs))
}

enum Plain {
    None,
    Int(i64),
    Double(f64),
    Bool(bool),
}

enum Staged<'a> {
    Plain(Plain),
    Str(&'a str),
    Ints(&'a [i64]),
    Doubles(&'a [f64]),
    Bools(&'a [bool]),
    Tensor(Tensor<'a>),
    List(Vec<Tensor<'a>>),
    OptList(Vec<Option<Tensor<'a>>>),
    OutList(Vec<Tensor<'a>>),
}

impl<'a> Staged<'a> {
    fn evalue<'s>(&'s mut self) -> EValue<'s> {
        match self {
            Staged::Plain(Plain::None) => EValue::None,
            Staged::Plain(Plain::Int(i)) => EValue::Int(*i),
            Staged::Plain(Plain::Double(d)) => EValue::Double(*d),
            Staged::Plain(Plain::Bool(b)) => EValue::Bool(*b),
            Staged::Str(s) => EValue::String(s),
            Staged::Ints(l) => EValue::IntList(l),
            Staged::Doubles(l) => EValue::DoubleList(l),
            Staged::Bools(l) => EValue::BoolList(l),
            Staged::Tensor(t) => EValue::Tensor(t.view_mut()),
            Staged::List(l) => EValue::TensorList(l),
            Staged::OptList(l) => EValue::OptionalTensorList(l),
            Staged::OutList(l) => EValue::TensorListMut(shorten(l)),
        }
    }
}

/// `&mut [Tensor<'a>]` as `&mut [Tensor<'s>]` for `'a: 's`.
fn shorten<'s, 'a: 's>(l: &'s mut [Tensor<'a>]) -> &'s mut [Tensor<'s>] {
    // SAFETY: `Tensor` is covariant in its lifetime; a shorter one only narrows what the
    // views may be used for, and nothing of the shorter lifetime is written back into `l`
    // that outlives `'s` (the slice is borrowed for `'s` only).
    unsafe { core::mem::transmute::<&'s mut [Tensor<'a>], &'s mut [Tensor<'s>]>(l) }
}

fn view<'b>(spec: &TSpec, buf: &'b GuardedBuf) -> Result<Tensor<'b>, String> {
    view_over(spec, buf, spec.writable)
}

fn view_over<'b>(spec: &TSpec, buf: &'b GuardedBuf, writable: bool) -> Result<Tensor<'b>, String> {
    // SAFETY: the buffer outlives the view and holds `cap()` bytes, 64-byte aligned; writes go
    // through views the kernel holds exclusively, or through an alias the check is about.
    let t = unsafe {
        Tensor::from_raw_parts(
            spec.dtype,
            &spec.sizes,
            &spec.dim_order,
            buf.data_ptr(),
            buf.cap(),
            writable,
        )
    }
    .map_err(|e| e.to_string())?;
    Ok(if spec.dynamic {
        t.with_dynamism(ShapeDynamism::DynamicBound)
    } else {
        t
    })
}

/// Writes `spec`'s logical values into `dst` in its dim order (nothing where the layout is
/// invalid or the memory too small: the view then fails to be made).
fn lay_out(spec: &TSpec, dst: &mut [u8]) {
    let es = spec.dtype.element_size();
    let Some(strides) = strides_from_dim_order(&spec.sizes, &spec.dim_order) else {
        return;
    };
    if spec.nbytes() > dst.len() {
        return;
    }
    for (i, src) in spec.data.chunks_exact(es).take(spec.numel()).enumerate() {
        let off = etk_core::owned::logical_to_offset(i, &spec.sizes, &strides) * es;
        dst[off..off + es].copy_from_slice(src);
    }
}

/// The call as Rust source that rebuilds it (`etk_testing::fuzz` types) and runs every check
/// again: paste it into a test.
pub fn to_rust(op: &str, lib: &str, n_outs: usize, threads: usize, args: &[Arg]) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "use etk::ScalarType;");
    let _ = writeln!(s, "use etk_testing::fuzz::{{Arg::*, TSpec, check_call}};");
    let _ = writeln!(s, "let args = vec![");
    for a in args {
        let _ = writeln!(s, "    {},", arg_rust(a));
    }
    let _ = writeln!(s, "];");
    let _ = writeln!(
        s,
        "let kernel = etk_testing::fuzz::lookup({lib:?}, {op:?}).unwrap();"
    );
    let _ = writeln!(
        s,
        "assert_eq!(check_call(kernel, {op:?}, {n_outs}, &args, {threads}).findings, vec![]);"
    );
    s
}

fn arg_rust(a: &Arg) -> String {
    match a {
        Arg::None => "None".into(),
        Arg::Int(i) => format!("Int({i})"),
        Arg::Double(d) => format!("Double({})", f64_rust(*d)),
        Arg::Bool(b) => format!("Bool({b})"),
        Arg::Str(x) => format!("Str({x:?}.into())"),
        Arg::Tensor(t) => format!("Tensor({})", spec_rust(t)),
        Arg::IntList(l) => format!("IntList(vec!{l:?})"),
        Arg::DoubleList(l) => format!(
            "DoubleList(vec![{}])",
            l.iter()
                .map(|d| f64_rust(*d))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Arg::BoolList(l) => format!("BoolList(vec!{l:?})"),
        Arg::TensorList(l) => format!(
            "TensorList(vec![{}])",
            l.iter().map(spec_rust).collect::<Vec<_>>().join(", ")
        ),
        Arg::OptTensorList(l) => format!(
            "OptTensorList(vec![{}])",
            l.iter()
                .map(|t| t
                    .as_ref()
                    .map_or("Option::None".into(), |t| format!("Some({})", spec_rust(t))))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Arg::Out(t) => format!("Out({})", spec_rust(t)),
        Arg::OutList(l) => format!(
            "OutList(vec![{}])",
            l.iter().map(spec_rust).collect::<Vec<_>>().join(", ")
        ),
        Arg::AliasOut { input, spec } => {
            format!("AliasOut {{ input: {input}, spec: {} }}", spec_rust(spec))
        }
    }
}

fn f64_rust(d: f64) -> String {
    if d.is_nan() {
        "f64::NAN".into()
    } else if d == f64::INFINITY {
        "f64::INFINITY".into()
    } else if d == f64::NEG_INFINITY {
        "f64::NEG_INFINITY".into()
    } else {
        format!("{d:?}")
    }
}

fn spec_rust(t: &TSpec) -> String {
    let hex: String = t.data.iter().map(|b| format!("{b:02x}")).collect();
    let mut s = format!(
        "TSpec::hex(ScalarType::{:?}, &{:?}, {hex:?})",
        t.dtype, t.sizes
    );
    if t.dim_order.iter().enumerate().any(|(i, &d)| i != d) || t.dim_order.len() != t.sizes.len() {
        let _ = write!(s, ".order(&{:?})", t.dim_order);
    }
    if t.writable {
        let _ = write!(s, ".out({}, {})", t.capacity, t.dynamic);
    } else if t.capacity != t.nbytes() || t.dynamic {
        s = format!(
            "TSpec {{ capacity: {}, dynamic: {}, ..{s} }}",
            t.capacity, t.dynamic
        );
    }
    s
}
