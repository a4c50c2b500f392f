//! The `opbench` command line: parsing, building the call, timing it.

use crate::limits;
use crate::timing::median_per_call;
use etk::{EValue, KernelContext, OwnedTensor, Parallel, Scalar, ScalarType, Serial};

pub const USAGE: &str = "usage: opbench OP DTYPE SHAPE... [--other SHAPE] [--to DTYPE] [--args INTS] \
[--dim D] [--cl] [--lib portable|optimized|openblas] [--isa scalar|avx2|avx512] [--threads N]\n       opbench limits\n\
convolution: opbench convolution|conv_transpose f32|f16|bf16 NxCxHxW WEIGHT [SxPxDxG[xOP]] [--cl] \
(stride, padding, dilation, groups, output padding; NxCxL for 1-D; WEIGHT as ATen's: OUTxCIN/GxKHxKW, \
transposed CINxOUT/GxKHxKW; --cl: input, weight and out channels-last);\n\
quantized: opbench quantize_per_tensor|quantize_per_channel F32|F16|BF16 SHAPE [--to QDTYPE]; \
dequantize_per_tensor|dequantize_per_channel QDTYPE SHAPE [--to FDTYPE]; \
embedding_byte|embedding_4bit FDTYPE ROWSxCOLS [--other INDICES];\n\
norms: opbench batch_norm|group_norm DTYPE NxCx... [--other GROUPS];\n\
movement: see benches/src/movement.rs (e.g. opbench permute_copy f32 64x128x32 --args 2,0,1);\n\
pooling and resampling: see benches/src/pool.rs (e.g. opbench max_pool2d f32 1x64x112x112 --args 3,2,1)";

/// One requested measurement.
#[derive(Debug)]
pub struct Bench {
    pub op: String,
    pub dtype: ScalarType,
    pub shapes: Vec<Vec<usize>>,
    pub other: Option<Vec<usize>>,
    pub to: Option<ScalarType>,
    /// The dim of a reduction, softmax or norm row (`--dim`).
    pub dim: Option<i64>,
    /// The op's int arguments (`--args 2,0,1`): dims, sizes, pads, as each op reads them.
    pub args: Option<Vec<i64>>,
    /// `--cl`: the input channels-last (the outs follow the first input's dim order; a
    /// convolution's weight channels-last too).
    pub channels_last: bool,
    pub lib: String,
    pub isa: Option<String>,
    pub threads: usize,
}

/// `64x1024` → `[64, 1024]`; `scalar` → `[]`.
pub fn parse_shape(s: &str) -> Result<Vec<usize>, String> {
    if s == "scalar" {
        return Ok(vec![]);
    }
    s.split('x')
        .map(|d| {
            d.parse::<usize>()
                .map_err(|_| format!("bad shape {s:?} (want e.g. 64x1024)"))
        })
        .collect()
}

/// `2,0,1` → `[2, 0, 1]`.
pub fn parse_ints(s: &str) -> Result<Vec<i64>, String> {
    s.split(',')
        .map(|d| {
            d.trim()
                .parse::<i64>()
                .map_err(|_| format!("bad int list {s:?} (want e.g. 2,0,1)"))
        })
        .collect()
}

/// The short dtype names of the command line and of the output lines.
const SHORT_NAMES: [(&str, ScalarType); 10] = [
    ("f32", ScalarType::Float),
    ("f16", ScalarType::Half),
    ("bf16", ScalarType::BFloat16),
    ("f64", ScalarType::Double),
    ("i32", ScalarType::Int),
    ("i64", ScalarType::Long),
    ("i16", ScalarType::Short),
    ("i8", ScalarType::Char),
    ("u8", ScalarType::Byte),
    ("bool", ScalarType::Bool),
];

fn parse_dtype(s: &str) -> Result<ScalarType, String> {
    let short = match s {
        "float" | "float32" => "f32",
        "half" | "float16" => "f16",
        "bfloat16" => "bf16",
        "double" | "float64" => "f64",
        "int" | "int32" => "i32",
        "long" | "int64" => "i64",
        "int8" => "i8",
        "uint8" => "u8",
        other => other,
    };
    SHORT_NAMES
        .iter()
        .find(|(n, _)| *n == short)
        .map(|&(_, t)| t)
        .or_else(|| ScalarType::from_name(s))
        .ok_or_else(|| format!("unknown dtype {s:?}"))
}

pub fn parse_args(args: &[String]) -> Result<Bench, String> {
    let mut pos = Vec::new();
    let mut b = Bench {
        op: String::new(),
        dtype: ScalarType::Float,
        shapes: vec![],
        other: None,
        to: None,
        dim: None,
        args: None,
        channels_last: false,
        lib: "optimized".into(),
        isa: None,
        threads: 1,
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut val = || it.next().cloned().ok_or(format!("{a} needs a value"));
        match a.as_str() {
            "--other" => b.other = Some(parse_shape(&val()?)?),
            "--to" => b.to = Some(parse_dtype(&val()?)?),
            "--dim" => b.dim = Some(val()?.parse().map_err(|_| "bad --dim")?),
            "--args" => b.args = Some(parse_ints(&val()?)?),
            "--cl" => b.channels_last = true,
            "--lib" => b.lib = val()?,
            "--isa" => b.isa = Some(val()?),
            "--threads" => b.threads = val()?.parse().map_err(|_| "bad --threads")?,
            _ => pos.push(a.clone()),
        }
    }
    if pos.len() < 3 {
        return Err("need OP DTYPE SHAPE".into());
    }
    if !matches!(b.lib.as_str(), "portable" | "optimized" | "openblas") {
        return Err(format!("unknown --lib {:?}", b.lib));
    }
    b.op = pos[0].clone();
    b.dtype = parse_dtype(&pos[1])?;
    b.shapes = pos[2..]
        .iter()
        .map(|s| parse_shape(s))
        .collect::<Result<_, _>>()?;
    Ok(b)
}

/// What bounds an op: memory traffic, or FMA throughput.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Kind {
    /// Bytes moved (inputs read, out written); bound by copy/triad bandwidth (read bandwidth
    /// for one stream).
    Memory { bytes: usize, streams: usize },
    /// Elementwise math, reported in elements/ns and bounded by the bandwidth of its bytes.
    Math { elements: usize, bytes: usize },
    /// 2·M·N·K floating-point operations.
    Flops(usize),
}

pub struct Measurement {
    pub secs: f64,
    pub kind: Kind,
    pub threads: usize,
}

pub struct Limit {
    pub value: f64,
    pub what: String,
}

impl Measurement {
    /// Throughput in the unit of [`Measurement::unit`].
    pub fn throughput(&self) -> f64 {
        match self.kind {
            Kind::Memory { bytes, .. } => bytes as f64 / self.secs / 1e9,
            Kind::Math { elements, .. } => elements as f64 / self.secs / 1e9,
            Kind::Flops(f) => f as f64 / self.secs / 1e9,
        }
    }
    pub fn unit(&self) -> &'static str {
        match self.kind {
            Kind::Memory { .. } => "GB/s",
            Kind::Math { .. } => "elem/ns",
            Kind::Flops(_) => "GFLOP/s",
        }
    }
    /// The quantity the limit is expressed in (bytes/s or FLOP/s).
    pub fn throughput_raw(&self) -> f64 {
        match self.kind {
            Kind::Memory { bytes, .. } | Kind::Math { bytes, .. } => bytes as f64 / self.secs,
            Kind::Flops(f) => f as f64 / self.secs,
        }
    }
    /// The machine's limit for this measurement, measured now.
    pub fn limit(&self) -> Limit {
        let (bytes, triad) = match self.kind {
            Kind::Memory { bytes, streams: 1 } => {
                let bw = limits::read_bandwidth(bytes);
                return Limit {
                    value: bw * self.threads as f64,
                    what: format!(
                        "read bandwidth {:.1} GB/s at {} KiB",
                        bw / 1e9,
                        bytes / 1024
                    ),
                };
            }
            Kind::Memory { bytes, streams } => (bytes, streams >= 3),
            Kind::Math { bytes, .. } => (bytes, false),
            Kind::Flops(_) => {
                let p = limits::peak_f32_flops();
                return Limit {
                    value: p * self.threads as f64,
                    what: format!("peak FMA {:.1} GFLOP/s x {}", p / 1e9, self.threads),
                };
            }
        };
        let bw = if triad {
            limits::triad_bandwidth(bytes)
        } else {
            limits::copy_bandwidth(bytes)
        };
        Limit {
            value: bw * self.threads as f64,
            what: format!(
                "{} bandwidth {:.1} GB/s at {} KiB",
                if triad { "triad" } else { "copy" },
                bw / 1e9,
                bytes / 1024
            ),
        }
    }
}

/// Deterministic inputs spread over `[lo, hi)`; `benches/compare` fills torch's and
/// ExecuTorch's tensors with the same formula, so every library sees the same values.
pub(crate) fn filled(
    dtype: ScalarType,
    shape: &[usize],
    lo: f64,
    hi: f64,
) -> Result<OwnedTensor, String> {
    let mut t = OwnedTensor::zeros(dtype, shape).map_err(|e| e.to_string())?;
    let n = t.numel();
    let vals: Vec<f64> = (0..n)
        .map(|i| lo + (hi - lo) * ((i * 7919) % 1000) as f64 / 1000.0)
        .collect();
    t.fill_logical(&vals);
    Ok(t)
}

/// A condition for `where`: true at every third element.
fn condition(shape: &[usize]) -> Result<OwnedTensor, String> {
    let mut t = OwnedTensor::zeros(ScalarType::Bool, shape).map_err(|e| e.to_string())?;
    let vals: Vec<f64> = (0..t.numel()).map(|i| (i % 3 == 0) as u8 as f64).collect();
    t.fill_logical(&vals);
    Ok(t)
}

/// Unary ops: `OP.out(self, *, out)`; the math ones are reported in elements/ns.
pub const UNARY: &[&str] = &[
    "exp",
    "log",
    "tanh",
    "sigmoid",
    "erf",
    "sqrt",
    "rsqrt",
    "relu",
    "neg",
    "abs",
    "sin",
    "cos",
    "gelu",
    "elu",
    "leaky_relu",
];
const MATH: &[&str] = &[
    "exp", "log", "tanh", "sigmoid", "erf", "sin", "cos", "gelu", "elu", "rsqrt", "sqrt",
];
/// Binary ops: `OP.out(self, other, *, out)` (comparisons: `OP.Tensor_out`, Bool out), and
/// with `.Scalar_out` `OP.Scalar_out(self, Scalar other, *, out)`.
pub const BINARY: &[&str] = &["add", "sub", "mul", "div", "maximum", "minimum"];
pub const COMPARE: &[&str] = &["eq", "ne", "lt", "le", "gt", "ge"];
/// The Scalar of the `.Scalar_out` overloads and the bounds of `clamp` / `hardtanh`: inside
/// the inputs' range `[0.5, 2)`, so that both sides of each comparison occur.
pub const SCALAR_OTHER: f64 = 1.25;
pub const CLAMP_MIN: f64 = 0.75;
pub const CLAMP_MAX: f64 = 1.5;

/// The input range of a unary op (gelu, tanh and elu see both signs).
pub fn unary_range(op: &str) -> (f64, f64) {
    if matches!(op, "gelu" | "tanh" | "elu" | "leaky_relu") {
        (-3.0, 3.0)
    } else {
        (0.25, 3.0)
    }
}

/// One argument of the boxed call, in schema order (the out is appended last).
pub(crate) enum Arg {
    Tensor(usize),
    Scalar(Scalar),
    Str(&'static str),
    Bool(bool),
    Ints(Vec<i64>),
    /// `Tensor[]`: indices into the call's tensors.
    Tensors(Vec<usize>),
    /// `Tensor?[]`.
    OptTensors(Vec<Option<usize>>),
    None,
}

/// A call ready to box: the kernel's name, its tensors and arguments, the out, and what bounds
/// the op.
pub(crate) struct Call {
    pub(crate) name: String,
    pub(crate) tensors: Vec<OwnedTensor>,
    pub(crate) args: Vec<Arg>,
    pub(crate) out_dtype: ScalarType,
    pub(crate) out_shape: Vec<usize>,
    /// The out's dim order (empty: contiguous).
    pub(crate) out_order: Vec<usize>,
    /// The shapes of a `Tensor(a!)[]` out, which then replaces the one out (empty: one out).
    pub(crate) out_list: Vec<Vec<usize>>,
    pub(crate) kind: Kind,
    /// Outs after the first (`native_layer_norm`'s mean and rstd, `max_pool2d_with_indices`'s
    /// indices), in schema order; in the out's dim order when they have its rank.
    pub(crate) extra_outs: Vec<(ScalarType, Vec<usize>)>,
}

/// `bmm`'s and `mm`'s shapes: `[.., M, K]` and `[.., K, N]`.
fn two_shapes(b: &Bench) -> Result<(Vec<usize>, Vec<usize>), String> {
    let second = b
        .shapes
        .get(1)
        .cloned()
        .or(b.other.clone())
        .ok_or(format!("{} needs two shapes", b.op))?;
    Ok((b.shapes[0].clone(), second))
}

impl Bench {
    /// The name of the op and its overload: `add` → (`add`, `out`), `eq` → (`eq`,
    /// `Tensor_out`), `add.Scalar_out` → (`add`, `Scalar_out`).
    pub fn overload(&self) -> (&str, &str) {
        match self.op.split_once('.') {
            Some((base, ov)) => (base, ov),
            None if COMPARE.contains(&self.op.as_str()) => (self.op.as_str(), "Tensor_out"),
            None if self.op == "where" => ("where", "self_out"),
            None if self.op == "to_copy" => ("_to_copy", "out"),
            None if self.op == "conv_transpose" => ("convolution", "out"),
            None => (self.op.as_str(), "out"),
        }
    }

    /// The dtype as given on the command line's short form (`f32`, `bf16`, ...), and the
    /// out dtype of a cast (`f32->bf16`).
    pub fn dtype_text(&self) -> String {
        let short = |t: ScalarType| {
            SHORT_NAMES
                .iter()
                .find(|&&(_, s)| s == t)
                .map_or(t.name(), |&(n, _)| n)
        };
        match self.to {
            Some(to) => format!("{}->{}", short(self.dtype), short(to)),
            None => short(self.dtype).to_string(),
        }
    }

    pub fn shape_text(&self) -> String {
        let s: Vec<String> = self
            .shapes
            .iter()
            .chain(self.other.iter())
            .map(|s| {
                s.iter()
                    .map(|d| d.to_string())
                    .collect::<Vec<_>>()
                    .join("x")
            })
            .collect();
        match &self.args {
            Some(a) => {
                let a: Vec<String> = a.iter().map(|v| v.to_string()).collect();
                format!("{}:{}", s.join(","), a.join(","))
            }
            None => s.join(","),
        }
    }

    /// Builds the call, checks it succeeds once, then times it.
    pub fn measure(&self) -> Result<Measurement, String> {
        self.with_call(|call, kind| Measurement {
            secs: median_per_call(9, 0.05, call),
            kind,
            threads: self.threads,
        })
    }

    fn call(&self) -> Result<Call, String> {
        if let Some(c) = crate::quantized::call(self)? {
            return Ok(c);
        }
        if let Some(c) = crate::reductions::call(self)? {
            return Ok(c);
        }
        if let Some(c) = crate::spectral::call(self)? {
            return Ok(c);
        }
        if let Some(c) = crate::norm::call(self)? {
            return Ok(c);
        }
        if let Some(c) = crate::movement::call(self)? {
            return Ok(c);
        }
        if let Some(c) = crate::pool::call(self)? {
            return Ok(c);
        }
        let dt = self.dtype;
        let shape = &self.shapes[0];
        let es = dt.element_size();
        let numel: usize = shape.iter().product();
        let (base, overload) = self.overload();
        let name = format!("aten::{base}.{overload}");
        let cmp = COMPARE.contains(&base);
        let same = |out_dtype: ScalarType, tensors, args, kind| Call {
            name: name.clone(),
            tensors,
            args,
            out_dtype,
            out_shape: shape.clone(),
            out_order: vec![],
            out_list: vec![],
            kind,
            extra_outs: vec![],
        };
        let out_dtype = if cmp { ScalarType::Bool } else { dt };
        let call = match (base, overload) {
            (b, "out" | "Tensor_out") if BINARY.contains(&b) || cmp => {
                let other = self.other.clone().unwrap_or_else(|| shape.clone());
                let other_n: usize = other.iter().product();
                let tensors = vec![filled(dt, shape, 0.5, 2.0)?, filled(dt, &other, 0.5, 2.0)?];
                let mut args = vec![Arg::Tensor(0), Arg::Tensor(1)];
                if matches!(b, "add" | "sub") {
                    args.push(Arg::Scalar(Scalar::Int(1)));
                }
                let bytes = (numel + other_n) * es + numel * out_dtype.element_size();
                same(out_dtype, tensors, args, Kind::Memory { bytes, streams: 3 })
            }
            ("div", "out_mode" | "Scalar_mode_out") => {
                let mut tensors = vec![filled(dt, shape, 0.5, 2.0)?];
                let (other, other_n) = if overload == "out_mode" {
                    tensors.push(filled(dt, shape, 0.5, 2.0)?);
                    (Arg::Tensor(1), numel)
                } else {
                    (Arg::Scalar(Scalar::Double(SCALAR_OTHER)), 0)
                };
                let args = vec![Arg::Tensor(0), other, Arg::Str("trunc")];
                let bytes = (2 * numel + other_n) * es;
                same(dt, tensors, args, Kind::Memory { bytes, streams: 3 })
            }
            ("clamp", "Tensor_out") => {
                let tensors = vec![
                    filled(dt, shape, 0.5, 2.0)?,
                    filled(dt, shape, CLAMP_MIN - 0.25, CLAMP_MIN + 0.25)?,
                    filled(dt, shape, CLAMP_MAX - 0.25, CLAMP_MAX + 0.25)?,
                ];
                let args = vec![Arg::Tensor(0), Arg::Tensor(1), Arg::Tensor(2)];
                let bytes = 4 * numel * es;
                same(dt, tensors, args, Kind::Memory { bytes, streams: 3 })
            }
            (b, "Scalar_out") if BINARY.contains(&b) || cmp => {
                let tensors = vec![filled(dt, shape, 0.5, 2.0)?];
                let other = Scalar::Double(SCALAR_OTHER);
                // an integer tensor against the floating Scalar computes (and stores) Float
                let out_dtype = match cmp {
                    true => out_dtype,
                    false => etk::ResultTypeState::new()
                        .tensor(&tensors[0].view())
                        .scalar(&other)
                        .result()
                        .unwrap_or(dt),
                };
                let mut args = vec![Arg::Tensor(0), Arg::Scalar(other)];
                if matches!(b, "add" | "sub") {
                    args.push(Arg::Scalar(Scalar::Int(1)));
                }
                let bytes = numel * (es + out_dtype.element_size());
                same(out_dtype, tensors, args, Kind::Memory { bytes, streams: 2 })
            }
            (u, "out") if UNARY.contains(&u) => {
                let (lo, hi) = unary_range(u);
                let mut args = vec![Arg::Tensor(0)];
                if u == "gelu" {
                    args.push(Arg::Str("none"));
                }
                if u == "elu" {
                    // alpha, scale, input_scale: their defaults
                    args.extend([1, 1, 1].map(|c| Arg::Scalar(Scalar::Int(c))));
                }
                if u == "leaky_relu" {
                    args.push(Arg::Scalar(Scalar::Double(0.01)));
                }
                let bytes = 2 * numel * es;
                let kind = if MATH.contains(&u) {
                    Kind::Math {
                        elements: numel,
                        bytes,
                    }
                } else {
                    Kind::Memory { bytes, streams: 2 }
                };
                same(dt, vec![filled(dt, shape, lo, hi)?], args, kind)
            }
            ("clamp" | "hardtanh", "out") => {
                let tensors = vec![filled(dt, shape, 0.5, 2.0)?];
                let bound = |v| Arg::Scalar(Scalar::Double(v));
                let args = vec![Arg::Tensor(0), bound(CLAMP_MIN), bound(CLAMP_MAX)];
                let bytes = 2 * numel * es;
                same(dt, tensors, args, Kind::Memory { bytes, streams: 2 })
            }
            ("where", "self_out") => {
                let other = self.other.clone().unwrap_or_else(|| shape.clone());
                let other_n: usize = other.iter().product();
                let tensors = vec![
                    condition(shape)?,
                    filled(dt, shape, 0.5, 2.0)?,
                    filled(dt, &other, 0.5, 2.0)?,
                ];
                let args = vec![Arg::Tensor(0), Arg::Tensor(1), Arg::Tensor(2)];
                let bytes = numel * (1 + 2 * es) + other_n * es;
                same(dt, tensors, args, Kind::Memory { bytes, streams: 3 })
            }
            ("_to_copy", "out") => {
                let to = self.to.ok_or("to_copy needs --to DTYPE")?;
                let tensors = vec![filled(dt, shape, -100.0, 100.0)?];
                let args = vec![Arg::Tensor(0), Arg::Bool(false), Arg::None];
                let bytes = numel * (es + to.element_size());
                same(to, tensors, args, Kind::Memory { bytes, streams: 2 })
            }
            ("mm" | "linear" | "addmm", "out") => {
                let (a, w) = two_shapes(self)?;
                let (&[m, k], &[r, c]) = (a.as_slice(), w.as_slice()) else {
                    return Err(format!("{base} takes 2-D shapes"));
                };
                let n = if base == "linear" { r } else { c };
                if (base == "linear" && c != k) || (base != "linear" && r != k) {
                    return Err("inner dimensions differ".into());
                }
                let mut tensors = vec![filled(dt, &a, -1.0, 1.0)?, filled(dt, &w, -1.0, 1.0)?];
                let mut args = vec![Arg::Tensor(0), Arg::Tensor(1)];
                match base {
                    "linear" => args.push(Arg::None),
                    "addmm" => {
                        // addmm(self = bias [N], mat1, mat2, beta = 1, alpha = 1)
                        tensors.push(filled(dt, &[n], -1.0, 1.0)?);
                        args = vec![Arg::Tensor(2), Arg::Tensor(0), Arg::Tensor(1)];
                        args.extend([Arg::Scalar(Scalar::Int(1)), Arg::Scalar(Scalar::Int(1))]);
                    }
                    _ => {}
                }
                // a few rows against a big matrix streams the weights once: bound by read
                // bandwidth
                let kind = if m <= 8 {
                    Kind::Memory {
                        bytes: r * c * es,
                        streams: 1,
                    }
                } else {
                    Kind::Flops(2 * m * n * k)
                };
                Call {
                    name,
                    tensors,
                    args,
                    out_dtype: dt,
                    out_shape: vec![m, n],
                    out_order: vec![],
                    out_list: vec![],
                    kind,
                    extra_outs: vec![],
                }
            }
            ("bmm", "out") => {
                let (a, b) = two_shapes(self)?;
                let (&[bs, m, k], &[bs2, k2, n]) = (a.as_slice(), b.as_slice()) else {
                    return Err("bmm takes 3-D shapes".into());
                };
                if bs != bs2 || k != k2 {
                    return Err("bmm shapes do not match".into());
                }
                Call {
                    name,
                    tensors: vec![filled(dt, &a, -1.0, 1.0)?, filled(dt, &b, -1.0, 1.0)?],
                    args: vec![Arg::Tensor(0), Arg::Tensor(1)],
                    out_dtype: dt,
                    out_shape: vec![bs, m, n],
                    out_order: vec![],
                    out_list: vec![],
                    kind: Kind::Flops(2 * bs * m * n * k),
                    extra_outs: vec![],
                }
            }
            ("convolution", "out") => conv_call(self, name)?,
            _ => {
                return Err(format!(
                    "unknown op {:?} (binary: {BINARY:?} and {COMPARE:?}, also as \
                     OP.Scalar_out; unary: {UNARY:?}; div.out_mode, div.Scalar_mode_out \
                     (\"trunc\"), clamp, clamp.Tensor_out, hardtanh, where, to_copy, mm, linear, \
                     addmm, bmm, convolution; quantized: {:?}; movement: {:?})",
                    self.op,
                    crate::quantized::OPS,
                    crate::movement::OPS
                ));
            }
        };
        Ok(call)
    }

    /// Builds the call, checks it succeeds once, then hands `f` a closure that repeats it (and
    /// what bounds it), for any timing harness (opbench's, criterion's).
    pub fn with_call<R>(&self, f: impl FnOnce(&mut dyn FnMut(), Kind) -> R) -> Result<R, String> {
        let registry = if self.lib == "portable" {
            etk::portable_registry()
        } else {
            etk::registry()
        };
        let c = self.call()?;
        if self.lib == "openblas" {
            return openblas_call(&c, self.threads, f);
        }
        let kernel = registry
            .lookup(&c.name)
            .ok_or(format!("{} is not registered", c.name))?;
        let err = |e: etk::Error| e.to_string();
        let layout = |shape: &[usize]| {
            if c.out_order.len() == shape.len() {
                c.out_order.clone()
            } else {
                (0..shape.len()).collect()
            }
        };
        let mut outs: Vec<OwnedTensor> = if c.out_list.is_empty() {
            vec![
                OwnedTensor::with_capacity(c.out_dtype, &c.out_shape, &layout(&c.out_shape), 0)
                    .map_err(err)?,
            ]
        } else {
            c.out_list
                .iter()
                .map(|s| OwnedTensor::zeros(c.out_dtype, s).map_err(err))
                .collect::<Result<_, _>>()?
        };
        let pool;
        let parallel: &dyn Parallel = if self.threads > 1 {
            pool = etk::ThreadPool::new(self.threads).map_err(|e| e.to_string())?;
            &pool
        } else {
            &Serial
        };
        let mut scratch = vec![0u8; 64 << 20];
        let mut ctx = KernelContext::new(&mut scratch, parallel);
        let lists: Vec<Vec<etk::Tensor<'_>>> = c
            .args
            .iter()
            .map(|a| match a {
                Arg::Tensors(l) => l.iter().map(|&i| c.tensors[i].view()).collect(),
                _ => vec![],
            })
            .collect();
        let opt_lists: Vec<Vec<Option<etk::Tensor<'_>>>> = c
            .args
            .iter()
            .map(|a| match a {
                Arg::OptTensors(l) => l.iter().map(|i| i.map(|i| c.tensors[i].view())).collect(),
                _ => vec![],
            })
            .collect();
        let mut stack: Vec<EValue<'_>> = c
            .args
            .iter()
            .enumerate()
            .map(|(k, a)| match a {
                Arg::Tensor(i) => EValue::Tensor(c.tensors[*i].view()),
                Arg::Tensors(_) => EValue::TensorList(&lists[k]),
                Arg::OptTensors(_) => EValue::OptionalTensorList(&opt_lists[k]),
                Arg::Scalar(s) => EValue::from(*s),
                Arg::Str(s) => EValue::String(s),
                Arg::Bool(b) => EValue::Bool(*b),
                Arg::Ints(v) => EValue::IntList(v),
                Arg::None => EValue::None,
            })
            .collect();
        let mut extra = c
            .extra_outs
            .iter()
            .map(|(dt, shape)| {
                OwnedTensor::with_capacity(*dt, shape, &layout(shape), 0).map_err(err)
            })
            .collect::<Result<Vec<_>, _>>()?;
        let mut views: Vec<etk::Tensor<'_>> = outs
            .iter_mut()
            .map(|o| o.view_mut().map_err(err))
            .collect::<Result<_, _>>()?;
        if c.out_list.is_empty() {
            stack.push(EValue::Tensor(views.pop().ok_or("no out")?));
        } else {
            stack.push(EValue::TensorListMut(&mut views));
        }
        for t in &mut extra {
            stack.push(EValue::Tensor(t.view_mut().map_err(|e| e.to_string())?));
        }
        kernel(&mut ctx, &mut stack).map_err(|e| e.to_string())?;
        let mut call = || {
            let _ = std::hint::black_box(kernel(&mut ctx, &mut stack));
        };
        Ok(f(&mut call, c.kind))
    }
}

/// `convolution.out` (`conv_transpose`: `transposed = true`): `INPUT WEIGHT [SxPxDxG[xOP]]`,
/// 1-D (3-D tensors) or 2-D, the parameters the same along every spatial dim; `--cl` lays
/// input, weight and out out channels-last. Reported in FLOP/s of the products summed.
fn conv_call(b: &Bench, name: String) -> Result<Call, String> {
    let (x, w) = two_shapes(b)?;
    let transposed = b.op == "conv_transpose";
    let p = b.shapes.get(2).cloned().unwrap_or(vec![1, 0, 1, 1]);
    let (&[st, pad, dil, g], op) = (&p[..p.len().min(4)], p.get(4).copied().unwrap_or(0)) else {
        return Err("convolution: parameters SxPxDxG[xOP]".into());
    };
    let rank = x.len();
    if !(3..=4).contains(&rank) || w.len() != rank || st == 0 || g == 0 {
        return Err(
            "convolution: NxCxL / NxCxHxW, a weight of that rank, stride and groups > 0".into(),
        );
    }
    let (n, c_in) = (x[0], x[1]);
    let (c_out, cg) = if transposed {
        (w[1] * g, w[1])
    } else {
        (w[0], w[1])
    };
    let channels_ok = if transposed {
        w[0] == c_in && c_in % g == 0
    } else {
        c_in == cg * g && c_out % g == 0
    };
    if !channels_ok {
        return Err("convolution: channels and groups do not match".into());
    }
    let mut out_shape = vec![n, c_out];
    for (&i, &k) in x[2..].iter().zip(&w[2..]) {
        let span = dil * k.saturating_sub(1) + 1;
        let o = if transposed {
            ((i.max(1) - 1) * st + span + op).checked_sub(2 * pad)
        } else {
            (i + 2 * pad).checked_sub(span).map(|v| v / st + 1)
        };
        out_shape.push(o.ok_or("convolution: kernel larger than the padded input")?);
    }
    let ints = |v: usize| Arg::Ints(vec![v as i64; rank - 2]);
    let args = vec![
        Arg::Tensor(0),
        Arg::Tensor(1),
        Arg::None,
        ints(st),
        ints(pad),
        ints(dil),
        Arg::Bool(transposed),
        ints(op),
        Arg::Scalar(Scalar::Int(g as i64)),
    ];
    // channels-last: [0, 2, .., 1]
    let mut cl_order: Vec<usize> = (0..rank).collect();
    cl_order[1..].rotate_left(1);
    let out_order = if b.channels_last {
        cl_order.clone()
    } else {
        vec![]
    };
    let laid_out = |shape: &[usize]| -> Result<OwnedTensor, String> {
        let t = filled(b.dtype, shape, -1.0, 1.0)?;
        if !b.channels_last {
            return Ok(t);
        }
        let order = &cl_order;
        let mut u =
            OwnedTensor::with_capacity(b.dtype, shape, order, 0).map_err(|e| e.to_string())?;
        u.fill_logical(&t.to_logical::<f64>());
        Ok(u)
    };
    let taps: usize = w[2..].iter().product();
    let macs = if transposed {
        n * c_in * x[2..].iter().product::<usize>() * (c_out / g) * taps
    } else {
        n * c_out * out_shape[2..].iter().product::<usize>() * cg * taps
    };
    Ok(Call {
        name,
        tensors: vec![laid_out(&x)?, laid_out(&w)?],
        args,
        out_dtype: b.dtype,
        out_shape,
        out_order,
        out_list: vec![],
        kind: Kind::Flops(2 * macs),
        extra_outs: vec![],
    })
}

/// `mm`, `linear` and `bmm` in f32 through OpenBLAS's sgemm (one product per batch), on the
/// same tensors as etk's call.
#[cfg(feature = "openblas")]
fn openblas_call<R>(
    c: &Call,
    threads: usize,
    f: impl FnOnce(&mut dyn FnMut(), Kind) -> R,
) -> Result<R, String> {
    use etk_optimized::gemm::{MatMut, MatRef, blas};
    let op = c.name.as_str();
    if !matches!(op, "aten::mm.out" | "aten::linear.out" | "aten::bmm.out")
        || c.tensors
            .iter()
            .any(|t| t.view().dtype() != ScalarType::Float)
    {
        return Err("--lib openblas runs mm, linear and bmm in f32".into());
    }
    let a = c.tensors[0].to_logical::<f32>();
    let w = c.tensors[1].to_logical::<f32>();
    let sa = c.tensors[0].view().sizes().to_vec();
    let (batch, m, k) = match *sa.as_slice() {
        [m, k] => (1, m, k),
        [b, m, k] => (b, m, k),
        _ => return Err("bad shapes".into()),
    };
    let n = *c.out_shape.last().unwrap_or(&0);
    let mut out = vec![0f32; batch * m * n];
    blas::set_threads(threads);
    let err = |e: etk::Error| e.to_string();
    let mut call = || {
        for t in 0..batch {
            let ma = MatRef::row_major(&a[t * m * k..(t + 1) * m * k], m, k);
            // linear's weight is [N, K]: B = W^T, read in place
            let mb = if op == "aten::linear.out" {
                MatRef::row_major(&w, n, k).map(|w| w.t())
            } else {
                MatRef::row_major(&w[t * k * n..(t + 1) * k * n], k, n)
            };
            let mc = MatMut::row_major(&mut out[t * m * n..(t + 1) * m * n], m, n);
            let r = match (ma, mb, mc) {
                (Ok(a), Ok(b), Ok(c)) => blas::sgemm(a, b, c, 1.0, 0.0).map_err(err),
                _ => Err("bad matrix views".to_string()),
            };
            std::hint::black_box(r).ok();
        }
    };
    Ok(f(&mut call, c.kind))
}

#[cfg(not(feature = "openblas"))]
fn openblas_call<R>(
    _: &Call,
    _: usize,
    _: impl FnOnce(&mut dyn FnMut(), Kind) -> R,
) -> Result<R, String> {
    Err("--lib openblas needs `--features openblas` (and libopenblas-dev)".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_and_flags_parse() {
        assert_eq!(parse_shape("64x1024").unwrap(), vec![64, 1024]);
        assert_eq!(parse_shape("scalar").unwrap(), Vec::<usize>::new());
        assert!(parse_shape("64xx").is_err());
        let args: Vec<String> = "add f32 64x1024 --other 1024 --threads 2 --lib portable"
            .split(' ')
            .map(String::from)
            .collect();
        let b = parse_args(&args).unwrap();
        assert_eq!(
            (b.op.as_str(), b.dtype, b.threads),
            ("add", ScalarType::Float, 2)
        );
        assert_eq!(b.other, Some(vec![1024]));
        assert!(parse_args(&["add".into()]).is_err());
    }

    /// The convolution rows: plain, transposed, 1-D, channels-last, reduced precision; the
    /// out's shape and layout follow the input.
    #[test]
    fn convolution_calls_build() {
        for (args, out) in [
            ("convolution f32 1x8x10x10 4x8x3x3", vec![1, 4, 8, 8]),
            (
                "convolution bf16 2x8x10x10 8x2x3x3 2x1x2x4 --cl",
                vec![2, 8, 4, 4],
            ),
            (
                "conv_transpose f32 1x8x5x5 8x3x2x2 2x0x1x1",
                vec![1, 3, 10, 10],
            ),
            (
                "conv_transpose f16 1x8x5x5 8x2x3x3 2x1x1x2x1 --cl",
                vec![1, 4, 10, 10],
            ),
            ("convolution f32 1x8x100 16x8x5 1x2x1x1", vec![1, 16, 100]),
        ] {
            let args: Vec<String> = args.split(' ').map(String::from).collect();
            let b = parse_args(&args).unwrap();
            let c = b.call().unwrap();
            assert_eq!(c.out_shape, out, "{args:?}");
            assert_eq!(c.name, "aten::convolution.out");
            let cl = c.tensors[0].view().strides()[1] == 1;
            assert_eq!(cl, b.channels_last, "{args:?}");
            b.with_call(|call, _| call()).unwrap();
        }
        let bad = parse_args(&[
            "convolution".into(),
            "f32".into(),
            "1x8x5x5".into(),
            "4x3x3x3".into(),
        ]);
        assert!(bad.unwrap().call().is_err());
    }

    /// OpenBLAS's product through `gemm::blas` agrees with etk's on a small problem, in both
    /// layouts of B and of C.
    #[cfg(feature = "openblas")]
    #[test]
    fn openblas_sgemm_agrees() {
        use etk_optimized::gemm::{MatMut, MatRef, blas};
        let (m, k, n) = (3, 5, 4);
        let a: Vec<f32> = (0..m * k).map(|i| (i % 7) as f32 - 3.0).collect();
        let b: Vec<f32> = (0..k * n).map(|i| (i % 5) as f32 - 2.0).collect();
        let mut want = vec![0f32; m * n];
        for i in 0..m {
            for j in 0..n {
                want[i * n + j] = (0..k).map(|p| a[i * k + p] * b[p * n + j]).sum();
            }
        }
        let mut c = vec![0f32; m * n];
        let ma = MatRef::row_major(&a, m, k).unwrap();
        blas::sgemm(
            ma,
            MatRef::row_major(&b, k, n).unwrap(),
            MatMut::row_major(&mut c, m, n).unwrap(),
            1.0,
            0.0,
        )
        .unwrap();
        assert_eq!(c, want);
        // B given as its transpose [N, K], C column-major
        let bt: Vec<f32> = (0..n * k).map(|i| b[(i % k) * n + i / k]).collect();
        let mut cc = vec![0f32; m * n];
        blas::sgemm(
            ma,
            MatRef::row_major(&bt, n, k).unwrap().t(),
            MatMut::col_major(&mut cc, m, n).unwrap(),
            1.0,
            0.0,
        )
        .unwrap();
        let ct: Vec<f32> = (0..m * n).map(|i| cc[(i % n) * m + i / n]).collect();
        assert_eq!(ct, want);
    }

    #[test]
    fn a_small_measurement_runs() {
        let args: Vec<String> = "mul bf16 8x16 --other 16"
            .split(' ')
            .map(String::from)
            .collect();
        let m = parse_args(&args).unwrap().measure().unwrap();
        assert!(m.secs > 0.0 && m.unit() == "GB/s");
        let args: Vec<String> = "mm f32 16x4 4x3".split(' ').map(String::from).collect();
        assert_eq!(
            parse_args(&args).unwrap().measure().unwrap().kind,
            Kind::Flops(2 * 16 * 3 * 4)
        );
        // a few rows against a weight matrix is judged by the bytes of the weights
        let args: Vec<String> = "linear f32 4x16 8x16"
            .split(' ')
            .map(String::from)
            .collect();
        let m = parse_args(&args).unwrap().measure().unwrap();
        assert_eq!(
            m.kind,
            Kind::Memory {
                bytes: 8 * 16 * 4,
                streams: 1
            }
        );
    }
}
