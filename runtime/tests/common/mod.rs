//! Shared by the runtime's tests: the committed models and their test vectors.
#![allow(dead_code)]

use etk::{KernelContext, OwnedTensor, ScalarType};
use etk_runtime::{Method, ValueKind};
use safetensors::{Dtype, SafeTensors};

/// The light committed models (testing/models/NAME.pte): the ones the mutation tests take.
pub const MODELS: &[&str] = &[
    "mlp_matmul",
    "mlp_linear",
    "counter",
    "cond",
    "mlp_dynamic",
    "view_alias",
    "cat_index",
    "sym_size",
    "where_const",
    "where_inline",
    "mlp_wide",
    "convnet_bn",
    "mobilenet",
    "convnet_dynamic",
    "encoder",
    "llama",
    "convnet_cl",
    "convnet_q",
];

/// Every committed model with test vectors (`testing/models/NAME.pte` beside
/// `NAME.io.safetensors`), by name: new models are covered as soon as they are committed.
pub fn all_models() -> Vec<String> {
    let dir = format!("{}/../testing/models", env!("CARGO_MANIFEST_DIR"));
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            let stem = name.strip_suffix(".io.safetensors")?.to_string();
            std::path::Path::new(&format!("{dir}/{stem}.pte"))
                .exists()
                .then_some(stem)
        })
        .collect();
    names.sort();
    names
}

pub fn read(name: &str, ext: &str) -> Vec<u8> {
    let p = format!(
        "{}/../testing/models/{name}.{ext}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read(&p).unwrap_or_else(|e| panic!("{p}: {e}"))
}

/// One decoded tensor: dtype, shape, values in logical order as f64.
pub struct Vals {
    pub dtype: ScalarType,
    pub shape: Vec<usize>,
    pub values: Vec<f64>,
}

fn decode(v: &safetensors::tensor::TensorView<'_>) -> Vals {
    let d = v.data();
    let (dtype, values): (ScalarType, Vec<f64>) = match v.dtype() {
        Dtype::F32 => (
            ScalarType::Float,
            d.chunks_exact(4)
                .map(|c| f32::from_le_bytes(c.try_into().unwrap()) as f64)
                .collect(),
        ),
        Dtype::I64 => (
            ScalarType::Long,
            d.chunks_exact(8)
                .map(|c| i64::from_le_bytes(c.try_into().unwrap()) as f64)
                .collect(),
        ),
        Dtype::BOOL => (ScalarType::Bool, d.iter().map(|&b| b as f64).collect()),
        other => panic!("test vectors: dtype {other:?} not handled here"),
    };
    Vals {
        dtype,
        shape: v.shape().to_vec(),
        values,
    }
}

/// The calls of a model's test vectors: (inputs, outputs) per step.
pub fn io(name: &str) -> Vec<(Vec<Vals>, Vec<Vals>)> {
    let bytes = read(name, "io.safetensors");
    let st = SafeTensors::deserialize(&bytes).unwrap();
    let (_, meta) = SafeTensors::read_metadata(&bytes).unwrap();
    let md = meta.metadata().clone().unwrap_or_default();
    let n = |k: &str| md[k].parse::<usize>().unwrap();
    let steps = md.get("n_steps").map(|s| s.parse::<usize>().unwrap());
    (0..steps.unwrap_or(1))
        .map(|k| {
            let p = if steps.is_some() {
                format!("s{k}.")
            } else {
                String::new()
            };
            let get = |what: &str, i: usize| decode(&st.tensor(&format!("{p}{what}_{i}")).unwrap());
            (
                (0..n("n_inputs")).map(|i| get("input", i)).collect(),
                (0..n("n_outputs")).map(|j| get("output", j)).collect(),
            )
        })
        .collect()
}

/// The input as a tensor in the method's dim order for input `i`.
pub fn input_tensor(method: &Method<'_>, i: usize, v: &Vals) -> OwnedTensor {
    assert_eq!(method.input_kind(i), Some(ValueKind::Tensor));
    let order = method.input(i).unwrap().dim_order().to_vec();
    let mut t = OwnedTensor::with_capacity(v.dtype, &v.shape, &order, 0).unwrap();
    t.fill_logical(&v.values);
    t
}

/// Runs every step of `name`'s test vectors on `method` and checks the outputs with
/// FORMAT.md's tolerances.
pub fn check(name: &str, method: &mut Method<'_>, ctx: &mut KernelContext<'_>) {
    for (step, (ins, outs)) in io(name).iter().enumerate() {
        for (i, v) in ins.iter().enumerate() {
            let t = input_tensor(method, i, v);
            method.set_input(i, &t.view()).unwrap();
        }
        method
            .execute(ctx)
            .unwrap_or_else(|e| panic!("{name} step {step}: {e}"));
        for (j, want) in outs.iter().enumerate() {
            let got = method.output(j).unwrap();
            assert_eq!(
                (got.dtype(), got.sizes()),
                (want.dtype, want.shape.as_slice())
            );
            let strides = got.strides().to_vec();
            let scale = want.values.iter().fold(1.0f64, |m, x| m.max(x.abs()));
            for (k, w) in want.values.iter().enumerate() {
                let off = etk::owned::logical_to_offset(k, got.sizes(), &strides);
                let g = got.read::<f64>(off).unwrap();
                assert!(
                    (g - w).abs() <= 1e-5 * scale + 1e-4 * w.abs(),
                    "{name} step {step} output {j}[{k}]: got {g}, want {w}"
                );
            }
        }
    }
}

/// Deterministic values with the cases an activation must keep: NaN, infinities, -0.0, tiny
/// negatives.
pub fn values(n: usize, seed: u64) -> Vec<f32> {
    let mut s = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    (0..n)
        .map(|i| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            match (s >> 58, i % 97) {
                (_, 5) => f32::NAN,
                (_, 11) => -0.0,
                (_, 23) => -1e-30,
                (_, 41) => f32::INFINITY,
                (0, _) => 0.0,
                _ => ((s >> 11) as f64 / (1u64 << 53) as f64 * 4.0 - 2.0) as f32,
            }
        })
        .collect()
}

/// A Float tensor of `sizes` in `order` with [`values`].
pub fn tensor(sizes: &[usize], order: &[usize], seed: u64) -> OwnedTensor {
    let mut t = OwnedTensor::with_capacity(ScalarType::Float, sizes, order, 0).unwrap();
    let n = sizes.iter().product();
    t.fill_logical(&values(n, seed));
    t
}

/// The values' bits, every NaN as one: a NaN's sign and payload are not part of any result
/// (IEEE 754 leaves them open, and so does LLVM, which may swap the operands of an add: the
/// GEMM's scalar epilogues give NaNs of either sign depending on the path).
pub fn bits(t: &OwnedTensor) -> Vec<u32> {
    t.to_logical::<f32>()
        .iter()
        .map(|x| {
            if x.is_nan() {
                f32::NAN.to_bits()
            } else {
                x.to_bits()
            }
        })
        .collect()
}
