//! The `opbench` command line: parsing, building the call, timing it.

use crate::limits;
use crate::timing::median_per_call;
use etk::{EValue, KernelContext, OwnedTensor, Parallel, Scalar, ScalarType, Serial};

pub const USAGE: &str = "usage: opbench OP DTYPE SHAPE... [--other SHAPE] [--to DTYPE] \
[--lib portable|optimized] [--isa scalar|avx2|avx512] [--threads N]\n       opbench limits";

/// One requested measurement.
#[derive(Debug)]
pub struct Bench {
    pub op: String,
    pub dtype: ScalarType,
    pub shapes: Vec<Vec<usize>>,
    pub other: Option<Vec<usize>>,
    pub to: Option<ScalarType>,
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

fn parse_dtype(s: &str) -> Result<ScalarType, String> {
    let name = match s {
        "f32" | "float" | "float32" => "Float",
        "f16" | "half" | "float16" => "Half",
        "bf16" | "bfloat16" => "BFloat16",
        "f64" | "double" | "float64" => "Double",
        "i32" | "int" | "int32" => "Int",
        "i64" | "long" | "int64" => "Long",
        "i8" | "int8" => "Char",
        "u8" | "uint8" => "Byte",
        "bool" => "Bool",
        other => other,
    };
    ScalarType::from_name(name).ok_or_else(|| format!("unknown dtype {s:?}"))
}

pub fn parse_args(args: &[String]) -> Result<Bench, String> {
    let mut pos = Vec::new();
    let mut b = Bench {
        op: String::new(),
        dtype: ScalarType::Float,
        shapes: vec![],
        other: None,
        to: None,
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
            "--lib" => b.lib = val()?,
            "--isa" => b.isa = Some(val()?),
            "--threads" => b.threads = val()?.parse().map_err(|_| "bad --threads")?,
            _ => pos.push(a.clone()),
        }
    }
    if pos.len() < 3 {
        return Err("need OP DTYPE SHAPE".into());
    }
    if !matches!(b.lib.as_str(), "portable" | "optimized") {
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

fn filled(dtype: ScalarType, shape: &[usize], lo: f64, hi: f64) -> Result<OwnedTensor, String> {
    let mut t = OwnedTensor::zeros(dtype, shape).map_err(|e| e.to_string())?;
    let n = t.numel();
    let vals: Vec<f64> = (0..n)
        .map(|i| lo + (hi - lo) * ((i * 7919) % 1000) as f64 / 1000.0)
        .collect();
    t.fill_logical(&vals);
    Ok(t)
}

const UNARY: &[&str] = &[
    "exp", "log", "tanh", "sigmoid", "erf", "sqrt", "rsqrt", "relu", "neg", "abs", "sin", "cos",
    "gelu",
];
const MATH: &[&str] = &[
    "exp", "log", "tanh", "sigmoid", "erf", "sin", "cos", "gelu", "rsqrt", "sqrt",
];
const BINARY: &[&str] = &[
    "add", "sub", "mul", "div", "maximum", "minimum", "eq", "lt", "gt",
];

impl Bench {
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
        s.join(",")
    }

    /// Builds the call, checks it succeeds once, then times it.
    pub fn measure(&self) -> Result<Measurement, String> {
        self.with_call(|call, kind| Measurement {
            secs: median_per_call(9, 0.05, call),
            kind,
            threads: self.threads,
        })
    }

    /// Builds the call, checks it succeeds once, then hands `f` a closure that repeats it (and
    /// what bounds it), for any timing harness (opbench's, criterion's).
    pub fn with_call<R>(&self, f: impl FnOnce(&mut dyn FnMut(), Kind) -> R) -> Result<R, String> {
        let registry = if self.lib == "portable" {
            etk::portable_registry()
        } else {
            etk::registry()
        };
        let dt = self.dtype;
        let shape = &self.shapes[0];
        let mut tensors: Vec<OwnedTensor> = Vec::new();
        let (name, out_shape, out_dtype, kind): (String, Vec<usize>, ScalarType, Kind);
        let op = self.op.as_str();
        let es = dt.element_size();
        let numel: usize = shape.iter().product();
        if BINARY.contains(&op) {
            let other = self.other.clone().unwrap_or_else(|| shape.clone());
            tensors.push(filled(dt, shape, 0.5, 2.0)?);
            tensors.push(filled(dt, &other, 0.5, 2.0)?);
            let cmp = matches!(op, "eq" | "lt" | "gt");
            name = if cmp {
                format!("aten::{op}.Tensor_out")
            } else {
                format!("aten::{op}.out")
            };
            out_dtype = if cmp { ScalarType::Bool } else { dt };
            out_shape = shape.clone();
            let other_n: usize = other.iter().product();
            kind = Kind::Memory {
                bytes: (numel + other_n) * es + numel * out_dtype.element_size(),
                streams: 3,
            };
        } else if UNARY.contains(&op) {
            tensors.push(filled(
                dt,
                shape,
                if op == "gelu" || op == "tanh" {
                    -3.0
                } else {
                    0.25
                },
                3.0,
            )?);
            name = format!("aten::{op}.out");
            out_dtype = dt;
            out_shape = shape.clone();
            let bytes = 2 * numel * es;
            kind = if MATH.contains(&op) {
                Kind::Math {
                    elements: numel,
                    bytes,
                }
            } else {
                Kind::Memory { bytes, streams: 2 }
            };
        } else if op == "to_copy" {
            let to = self.to.ok_or("to_copy needs --to DTYPE")?;
            tensors.push(filled(dt, shape, -100.0, 100.0)?);
            name = "aten::_to_copy.out".into();
            out_dtype = to;
            out_shape = shape.clone();
            kind = Kind::Memory {
                bytes: numel * (es + to.element_size()),
                streams: 2,
            };
        } else if op == "mm" || op == "linear" {
            let b_shape = self
                .shapes
                .get(1)
                .cloned()
                .or(self.other.clone())
                .ok_or("mm/linear need two shapes")?;
            let (&[m, k], &[r, c]) = (shape.as_slice(), b_shape.as_slice()) else {
                return Err("mm/linear take 2-D shapes".into());
            };
            tensors.push(filled(dt, shape, -1.0, 1.0)?);
            tensors.push(filled(dt, &b_shape, -1.0, 1.0)?);
            let n = if op == "mm" { c } else { r };
            if (op == "mm" && r != k) || (op == "linear" && c != k) {
                return Err("inner dimensions differ".into());
            }
            name = format!("aten::{op}.out");
            out_dtype = dt;
            out_shape = vec![m, n];
            // a few rows against a big matrix streams the weights once: bound by read bandwidth
            kind = if m <= 8 {
                Kind::Memory {
                    bytes: r * c * es,
                    streams: 1,
                }
            } else {
                Kind::Flops(2 * m * n * k)
            };
        } else {
            return Err(format!(
                "unknown op {op:?} (binary: {BINARY:?}; unary: {UNARY:?}; mm, linear, to_copy)"
            ));
        }
        let kernel = registry
            .lookup(&name)
            .ok_or(format!("{name} is not registered"))?;
        let mut out = OwnedTensor::zeros(out_dtype, &out_shape).map_err(|e| e.to_string())?;
        let pool;
        let parallel: &dyn Parallel = if self.threads > 1 {
            pool = etk::ThreadPool::new(self.threads).map_err(|e| e.to_string())?;
            &pool
        } else {
            &Serial
        };
        let mut scratch = vec![0u8; 64 << 20];
        let mut ctx = KernelContext::new(&mut scratch, parallel);
        let mut stack: Vec<EValue<'_>> = tensors.iter().map(|t| EValue::Tensor(t.view())).collect();
        match op {
            "add" | "sub" => stack.push(EValue::from(Scalar::Int(1))),
            "gelu" => stack.push(EValue::String("none")),
            "to_copy" => stack.extend([EValue::Bool(false), EValue::None]),
            "linear" => stack.push(EValue::None),
            _ => {}
        }
        stack.push(EValue::Tensor(out.view_mut().map_err(|e| e.to_string())?));
        kernel(&mut ctx, &mut stack).map_err(|e| e.to_string())?;
        let mut call = || {
            let _ = std::hint::black_box(kernel(&mut ctx, &mut stack));
        };
        Ok(f(&mut call, kind))
    }
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
