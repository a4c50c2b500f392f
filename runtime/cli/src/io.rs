//! Model test vectors (`../shared/models/FORMAT.md`): inputs laid out in the program's dim
//! order, outputs compared in logical order with the format's tolerances.

use etk::owned::logical_to_offset;
use etk::{KernelContext, OwnedTensor, Scalar, ScalarType, Tensor};
use etk_runtime::bundle::{BundledProgram, BundledValue};
use etk_runtime::{Method, ValueKind};
use safetensors::{Dtype, SafeTensors};
use std::collections::HashMap;

/// Copies of the tensor inputs of a call, taken after they were set and before it ran. The
/// memory plan may reuse an input's memory once the input has been read (llama's token
/// buffer is reused), so timing sets them again before every call, outside the timed span.
#[derive(Default)]
pub struct Inputs(Vec<Option<OwnedTensor>>);

impl Inputs {
    pub fn take(method: &Method<'_>) -> Result<Inputs, String> {
        let mut v = Vec::with_capacity(method.num_inputs());
        for i in 0..method.num_inputs() {
            if method.input_kind(i) != Some(ValueKind::Tensor) {
                v.push(None);
                continue;
            }
            let t = method.input(i).map_err(|e| e.to_string())?;
            let mut o = OwnedTensor::with_capacity(t.dtype(), t.sizes(), t.dim_order(), 0)
                .map_err(|e| format!("input {i}: {e}"))?;
            let mut dst = o.view_mut().map_err(|e| e.to_string())?;
            let out = dst
                .as_mut_ptr("etk-run", "input")
                .map_err(|e| e.to_string())?;
            // SAFETY: a planned input is dense in its dim order, as is `o` (same dtype, sizes
            // and dim order), so both span `t.nbytes()` bytes; `o` is new memory.
            unsafe { std::ptr::copy_nonoverlapping(t.as_ptr(), out, t.nbytes()) };
            v.push(Some(o));
        }
        Ok(Inputs(v))
    }

    pub fn set(&self, method: &mut Method<'_>) -> Result<(), String> {
        for (i, t) in self.0.iter().enumerate() {
            if let Some(t) = t {
                method.set_input(i, &t.view()).map_err(|e| e.to_string())?;
            }
        }
        Ok(())
    }
}

/// Values in logical order: floating ones as f64, integer and bool ones as i64 (exact).
pub enum Values {
    Float(Vec<f64>),
    Int(Vec<i64>),
}

pub struct Expected {
    pub dtype: ScalarType,
    pub shape: Vec<usize>,
    pub values: Values,
}

pub fn decode(name: &str, v: &safetensors::tensor::TensorView<'_>) -> Result<Expected, String> {
    let d = v.data();
    let chunks = |n: usize| d.chunks_exact(n);
    let (dtype, values) = match v.dtype() {
        Dtype::F64 => (
            ScalarType::Double,
            Values::Float(
                chunks(8)
                    .map(|c| f64::from_le_bytes(c.try_into().unwrap_or([0; 8])))
                    .collect(),
            ),
        ),
        Dtype::F32 => (
            ScalarType::Float,
            Values::Float(
                chunks(4)
                    .map(|c| f32::from_le_bytes(c.try_into().unwrap_or([0; 4])) as f64)
                    .collect(),
            ),
        ),
        Dtype::F16 => (
            ScalarType::Half,
            Values::Float(
                chunks(2)
                    .map(|c| half::f16::from_le_bytes([c[0], c[1]]).to_f64())
                    .collect(),
            ),
        ),
        Dtype::BF16 => (
            ScalarType::BFloat16,
            Values::Float(
                chunks(2)
                    .map(|c| half::bf16::from_le_bytes([c[0], c[1]]).to_f64())
                    .collect(),
            ),
        ),
        Dtype::I64 => (
            ScalarType::Long,
            Values::Int(
                chunks(8)
                    .map(|c| i64::from_le_bytes(c.try_into().unwrap_or([0; 8])))
                    .collect(),
            ),
        ),
        Dtype::I32 => (
            ScalarType::Int,
            Values::Int(
                chunks(4)
                    .map(|c| i32::from_le_bytes(c.try_into().unwrap_or([0; 4])) as i64)
                    .collect(),
            ),
        ),
        Dtype::I16 => (
            ScalarType::Short,
            Values::Int(
                chunks(2)
                    .map(|c| i16::from_le_bytes([c[0], c[1]]) as i64)
                    .collect(),
            ),
        ),
        Dtype::I8 => (
            ScalarType::Char,
            Values::Int(d.iter().map(|&b| b as i8 as i64).collect()),
        ),
        Dtype::U8 => (
            ScalarType::Byte,
            Values::Int(d.iter().map(|&b| b as i64).collect()),
        ),
        Dtype::BOOL => (
            ScalarType::Bool,
            Values::Int(d.iter().map(|&b| (b != 0) as i64).collect()),
        ),
        other => return Err(format!("{name}: unsupported dtype {other:?}")),
    };
    Ok(Expected {
        dtype,
        shape: v.shape().to_vec(),
        values,
    })
}

/// The elements of `t` in logical order, as f64.
pub fn logical_f64(t: &Tensor<'_>) -> Vec<f64> {
    (0..t.numel())
        .map(|i| {
            t.read::<f64>(logical_to_offset(i, t.sizes(), t.strides()))
                .unwrap_or(f64::NAN)
        })
        .collect()
}

fn logical_i64(t: &Tensor<'_>) -> Vec<i64> {
    (0..t.numel())
        .map(|i| {
            t.read::<i64>(logical_to_offset(i, t.sizes(), t.strides()))
                .unwrap_or(0)
        })
        .collect()
}

pub fn set_input(
    method: &mut Method<'_>,
    i: usize,
    e: &Expected,
    kind: Option<&str>,
) -> Result<(), String> {
    let scalar = |e: &Expected| match &e.values {
        Values::Float(v) => Scalar::Double(v.first().copied().unwrap_or(0.0)),
        Values::Int(v) if kind == Some("bool") => {
            Scalar::Bool(v.first().copied().unwrap_or(0) != 0)
        }
        Values::Int(v) => Scalar::Int(v.first().copied().unwrap_or(0)),
    };
    if kind.is_some() || method.input_kind(i) != Some(ValueKind::Tensor) {
        return method
            .set_input_scalar(i, scalar(e))
            .map_err(|e| e.to_string());
    }
    let order = method
        .input(i)
        .map_err(|e| e.to_string())?
        .dim_order()
        .to_vec();
    let mut t = OwnedTensor::with_capacity(e.dtype, &e.shape, &order, 0)
        .map_err(|x| format!("input {i}: {x}"))?;
    match &e.values {
        Values::Float(v) => t.fill_logical(v),
        Values::Int(v) => t.fill_logical(v),
    }
    method.set_input(i, &t.view()).map_err(|e| e.to_string())
}

/// Compares output `j`; returns (matched, report line).
fn compare(method: &Method<'_>, j: usize, e: &Expected) -> (bool, String) {
    let got = match method.output(j) {
        Ok(t) => t,
        Err(_) => {
            // A scalar output is stored as a 0-dim tensor.
            let s = method.output_scalar(j);
            let want = match &e.values {
                Values::Float(v) => v.first().map(|&x| Scalar::Double(x)),
                Values::Int(v) => v.first().map(|&x| Scalar::Int(x)),
            };
            let ok = match (s, want) {
                (Ok(a), Some(b)) => a.to_f64() == b.to_f64(),
                _ => false,
            };
            return (
                ok,
                format!("scalar {:?}, expected {want:?}", method.output_scalar(j)),
            );
        }
    };
    if got.dtype() != e.dtype || got.sizes() != e.shape.as_slice() {
        return (
            false,
            format!(
                "got {} {:?}, expected {} {:?}",
                got.dtype(),
                got.sizes(),
                e.dtype,
                e.shape
            ),
        );
    }
    match &e.values {
        Values::Int(want) => {
            let g = logical_i64(&got);
            let bad = g.iter().zip(want).filter(|(a, b)| a != b).count();
            let worst = g
                .iter()
                .zip(want)
                .map(|(a, b)| a.abs_diff(*b))
                .max()
                .unwrap_or(0);
            (
                bad == 0,
                format!(
                    "{} {:?}: largest error {worst} ({bad} elements differ; exact required)",
                    e.dtype, e.shape
                ),
            )
        }
        Values::Float(want) => {
            let g = logical_f64(&got);
            let scale = want
                .iter()
                .filter(|x| x.is_finite())
                .fold(1.0f64, |m, x| m.max(x.abs()));
            // a Half or BFloat16 out summed in another order may round to the neighbouring
            // value: two of its ulps relative
            let rtol = match e.dtype {
                ScalarType::Half => 2.0 * 2f64.powi(-10),
                ScalarType::BFloat16 => 2.0 * 2f64.powi(-7),
                _ => 1e-4,
            };
            let atol = 1e-5 * scale;
            let (mut worst, mut bad) = (0.0f64, 0usize);
            for (&a, &b) in g.iter().zip(want) {
                let ok = if b.is_nan() {
                    a.is_nan()
                } else if b.is_infinite() {
                    a == b
                } else {
                    let err = (a - b).abs();
                    worst = worst.max(if err.is_nan() { f64::INFINITY } else { err });
                    err <= atol + rtol * b.abs()
                };
                bad += usize::from(!ok);
            }
            (
                bad == 0,
                format!(
                    "{} {:?}: largest error {worst:.3e} (atol {atol:.1e}, rtol {rtol:.0e}; {bad} elements outside)",
                    e.dtype, e.shape
                ),
            )
        }
    }
}

/// A bundled value as an expected tensor (a scalar as a 0-dim one) and its input kind.
fn from_bundled(v: BundledValue<'_>) -> Result<(Expected, Option<&'static str>), String> {
    let scalar = |dtype, values, kind| {
        let e = Expected {
            dtype,
            shape: Vec::new(),
            values,
        };
        Ok((e, Some(kind)))
    };
    let t = match v {
        BundledValue::Int(x) => return scalar(ScalarType::Long, Values::Int(vec![x]), "int"),
        BundledValue::Bool(x) => {
            return scalar(ScalarType::Bool, Values::Int(vec![x as i64]), "bool");
        }
        BundledValue::Double(x) => {
            return scalar(ScalarType::Double, Values::Float(vec![x]), "float");
        }
        BundledValue::Tensor(t) => t,
    };
    // The bundle's bytes need not be aligned for the dtype: copy them to an aligned place.
    let mut buf = vec![0u8; t.data.len() + 8];
    let at = buf.as_ptr().align_offset(8).min(8);
    let aligned = &mut buf[at..at + t.data.len()];
    aligned.copy_from_slice(t.data);
    let view =
        Tensor::from_bytes(t.dtype, aligned, &t.sizes, &t.dim_order).map_err(|e| e.to_string())?;
    let values = if t.dtype.is_floating_point() {
        Values::Float(logical_f64(&view))
    } else if t.dtype.is_complex() || t.dtype.element_size() > 8 {
        return Err(format!("{} tensors are not compared", t.dtype));
    } else {
        Values::Int(logical_i64(&view))
    };
    let e = Expected {
        dtype: t.dtype,
        shape: t.sizes.as_slice().to_vec(),
        values,
    };
    Ok((e, None))
}

/// Runs every test case of the bundle's suite for the method and compares every expected
/// output (with the default tolerances: the bundle carries none). Returns whether all matched.
pub fn check_bundle(
    method: &mut Method<'_>,
    ctx: &mut KernelContext<'_>,
    bundle: &BundledProgram<'_>,
    path: &str,
    last: &mut Inputs,
) -> Result<bool, String> {
    let err = |e: etk_runtime::Error| format!("{path}: {e}");
    let mut suite = None;
    for s in 0..bundle.num_suites() {
        let x = bundle.suite(s).map_err(err)?;
        if x.method_name() == method.name() {
            suite = suite.or(Some(x));
        } else {
            println!(
                "{path}: test suite for method {:?} not run (see --method)",
                x.method_name()
            );
        }
    }
    let suite =
        suite.ok_or_else(|| format!("{path}: no test suite for method {:?}", method.name()))?;
    let mut all = true;
    for c in 0..suite.num_cases() {
        let case = suite.case(c).map_err(err)?;
        let (n_in, n_out) = (case.num_inputs(), case.num_expected_outputs());
        if n_in != method.num_inputs() || n_out != method.num_outputs() {
            return Err(format!(
                "{path}: test case {c} has {n_in} inputs and {n_out} expected outputs, the method has {} and {}",
                method.num_inputs(),
                method.num_outputs()
            ));
        }
        for i in 0..n_in {
            let (e, kind) = from_bundled(case.input(i).map_err(err)?)
                .map_err(|e| format!("{path}: test case {c} input {i}: {e}"))?;
            set_input(method, i, &e, kind).map_err(|e| format!("test case {c} input {i}: {e}"))?;
        }
        *last = Inputs::take(method)?;
        method
            .execute(ctx)
            .map_err(|e| format!("test case {c}: {e}"))?;
        for j in 0..n_out {
            let (e, _) = from_bundled(case.expected_output(j).map_err(err)?)
                .map_err(|e| format!("{path}: test case {c} output {j}: {e}"))?;
            let (ok, line) = compare(method, j, &e);
            all &= ok;
            println!(
                "case {c} output_{j}: {} {line}",
                if ok { "ok" } else { "MISMATCH" }
            );
        }
    }
    println!(
        "{} test cases: {}",
        suite.num_cases(),
        if all { "all outputs match" } else { "MISMATCH" }
    );
    Ok(all)
}

/// Runs every call the file holds and compares every output (`last`: the last call's inputs).
/// Returns whether all matched.
pub fn check(
    method: &mut Method<'_>,
    ctx: &mut KernelContext<'_>,
    bytes: &[u8],
    path: &str,
    last: &mut Inputs,
) -> Result<bool, String> {
    let st = SafeTensors::deserialize(bytes).map_err(|e| format!("{path}: {e}"))?;
    let (_, meta) = SafeTensors::read_metadata(bytes).map_err(|e| format!("{path}: {e}"))?;
    let md: HashMap<String, String> = meta.metadata().clone().unwrap_or_default();
    let count = |k: &str| -> Result<usize, String> {
        md.get(k)
            .ok_or_else(|| format!("{path}: metadata has no {k}"))?
            .parse()
            .map_err(|_| format!("{path}: bad {k}"))
    };
    let (n_in, n_out) = (count("n_inputs")?, count("n_outputs")?);
    let steps = md.get("n_steps").map(|_| count("n_steps")).transpose()?;
    if n_in != method.num_inputs() || n_out != method.num_outputs() {
        return Err(format!(
            "{path}: {n_in} inputs and {n_out} outputs, the method has {} and {}",
            method.num_inputs(),
            method.num_outputs()
        ));
    }
    let mut all = true;
    for k in 0..steps.unwrap_or(1) {
        let prefix = if steps.is_some() {
            format!("s{k}.")
        } else {
            String::new()
        };
        for i in 0..n_in {
            let name = format!("{prefix}input_{i}");
            let v = st
                .tensor(&name)
                .map_err(|e| format!("{path}: {name}: {e}"))?;
            let kind = md.get(&format!("input_{i}_kind")).map(String::as_str);
            set_input(method, i, &decode(&name, &v)?, kind).map_err(|e| format!("{name}: {e}"))?;
        }
        *last = Inputs::take(method)?;
        method.execute(ctx).map_err(|e| e.to_string())?;
        for j in 0..n_out {
            let name = format!("{prefix}output_{j}");
            let v = st
                .tensor(&name)
                .map_err(|e| format!("{path}: {name}: {e}"))?;
            let (ok, line) = compare(method, j, &decode(&name, &v)?);
            all &= ok;
            println!("{name}: {} {line}", if ok { "ok" } else { "MISMATCH" });
        }
    }
    println!("{}", if all { "all outputs match" } else { "MISMATCH" });
    Ok(all)
}
