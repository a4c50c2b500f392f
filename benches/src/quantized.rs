//! `opbench`'s calls of the quantized kernels (`quantized_decomposed::*`): the shapes of a
//! PT2E-quantized model's activations and of an LLM's embedding table, the values spread over
//! the quantized range as opbench spreads its floats (`benches/compare/quantized.py` builds the
//! same calls for the peers). `--lib portable` runs etk-quantized's reference kernels,
//! `--lib optimized` the default registry's (optimized over the reference).
//!
//! - `quantize_per_tensor DTYPE SHAPE [--to QDTYPE]`: Float / Half / BFloat16 input in
//!   `[-3, 3)`, scale 0.025, zero point 128 for Byte (else 0), the dtype's full range; the
//!   `.out` overload (the `.Tensor_out` one runs the same kernel);
//! - `dequantize_per_tensor QDTYPE SHAPE [--to FDTYPE]`: the same parameters, `out_dtype`
//!   `--to` (default None: a Float out);
//! - `quantize_per_channel` / `dequantize_per_channel`: axis 0, scales (Float) in
//!   `[0.01, 0.05)` and Long zero points in `[-4, 4)` per channel;
//! - `embedding_byte DTYPE ROWSxCOLS [--other N]` / `embedding_4bit`: a Byte weight
//!   `[ROWS, COLS]` (`[ROWS, COLS / 2]` packed for 4 bits), scales of `DTYPE` (one per row for
//!   8 bits, one per group of 32 columns for 4 bits), no zero points, `N` Long indices
//!   (default 64) spread over the rows; the out is `[N, COLS]` of `DTYPE`.

use crate::cli::{Arg, Bench, Call, Kind, filled};
use etk::{Scalar, ScalarType};

/// The ops this module builds.
pub const OPS: &[&str] = &[
    "quantize_per_tensor",
    "dequantize_per_tensor",
    "quantize_per_channel",
    "dequantize_per_channel",
    "embedding_byte",
    "embedding_4bit",
];

pub const SCALE: f64 = 0.025;

/// The dtype's range, and the zero point the calls use.
pub fn qparams(q: ScalarType) -> Result<(i64, i64, i64), String> {
    match q {
        ScalarType::Byte => Ok((0, 255, 128)),
        ScalarType::Char => Ok((-128, 127, 0)),
        ScalarType::Short => Ok((-32768, 32767, 0)),
        ScalarType::Int => Ok((i32::MIN as i64, i32::MAX as i64, 0)),
        d => Err(format!("{d} is not a quantized dtype (u8, i8, i16, i32)")),
    }
}

fn int(v: i64) -> Arg {
    Arg::Scalar(Scalar::Int(v))
}

fn dtype(t: ScalarType) -> Arg {
    int(t.code() as i64)
}

/// The call for `b`, or `None` when `b.op` is not a quantized op.
pub(crate) fn call(b: &Bench) -> Result<Option<Call>, String> {
    let op = b.op.as_str();
    if !OPS.contains(&op) {
        return Ok(None);
    }
    let shape = b.shapes[0].clone();
    let numel: usize = shape.iter().product();
    let per_channel = op.ends_with("per_channel");
    let name = format!("quantized_decomposed::{op}.out");
    let channels = |shape: &[usize]| -> Result<_, String> {
        let c = *shape.first().ok_or("per-channel ops need a dim")?;
        Ok((
            filled(ScalarType::Float, &[c], 0.01, 0.05)?,
            filled(ScalarType::Long, &[c], -4.0, 4.0)?,
        ))
    };
    let call = match op {
        "quantize_per_tensor" | "quantize_per_channel" => {
            let q = b.to.unwrap_or(ScalarType::Byte);
            let (lo, hi, zp) = qparams(q)?;
            let mut tensors = vec![filled(b.dtype, &shape, -3.0, 3.0)?];
            let mut args = vec![Arg::Tensor(0)];
            if per_channel {
                let (s, z) = channels(&shape)?;
                tensors.extend([s, z]);
                args.extend([Arg::Tensor(1), Arg::Tensor(2), int(0)]);
            } else {
                args.extend([Arg::Scalar(Scalar::Double(SCALE)), int(zp)]);
            }
            args.extend([int(lo), int(hi), dtype(q)]);
            let bytes = numel * (b.dtype.element_size() + q.element_size());
            Call {
                name,
                tensors,
                args,
                out_dtype: q,
                out_shape: shape,
                out_order: vec![],
                out_list: vec![],
                kind: Kind::Memory { bytes, streams: 2 },
                extra_outs: vec![],
            }
        }
        "dequantize_per_tensor" | "dequantize_per_channel" => {
            let q = b.dtype;
            let (lo, hi, zp) = qparams(q)?;
            let span = (hi - lo).min(1 << 20) as f64;
            let mut tensors = vec![filled(q, &shape, lo as f64, lo as f64 + span)?];
            let mut args = vec![Arg::Tensor(0)];
            if per_channel {
                let (s, z) = channels(&shape)?;
                tensors.extend([s, z]);
                args.extend([Arg::Tensor(1), Arg::Tensor(2), int(0)]);
            } else {
                args.extend([Arg::Scalar(Scalar::Double(SCALE)), int(zp)]);
            }
            args.extend([int(lo), int(hi), dtype(q)]);
            args.push(b.to.map_or(Arg::None, dtype));
            let out = b.to.unwrap_or(ScalarType::Float);
            let bytes = numel * (q.element_size() + out.element_size());
            Call {
                name,
                tensors,
                args,
                out_dtype: out,
                out_shape: shape,
                out_order: vec![],
                out_list: vec![],
                kind: Kind::Memory { bytes, streams: 2 },
                extra_outs: vec![],
            }
        }
        _ => {
            let &[rows, cols] = shape.as_slice() else {
                return Err(format!("{op} takes the weight's ROWSxCOLS"));
            };
            let four = op == "embedding_4bit";
            let (packed, groups, range) = if four {
                (cols / 2, cols.div_ceil(32), (-8, 7))
            } else {
                (cols, 1, (0, 255))
            };
            let n = b.other.as_ref().map_or(64, |o| o.iter().product());
            let scales: Vec<usize> = if four { vec![rows, groups] } else { vec![rows] };
            let tensors = vec![
                filled(ScalarType::Byte, &[rows, packed], 0.0, 256.0)?,
                filled(b.dtype, &scales, 0.01, 0.05)?,
                filled(ScalarType::Long, &[n], 0.0, rows as f64)?,
            ];
            let args = vec![
                Arg::Tensor(0),
                Arg::Tensor(1),
                Arg::None,
                int(range.0),
                int(range.1),
                Arg::Tensor(2),
            ];
            let es = b.dtype.element_size();
            let bytes = n * (packed + cols * es + groups * es);
            Call {
                name,
                tensors,
                args,
                out_dtype: b.dtype,
                out_shape: vec![n, cols],
                out_order: vec![],
                out_list: vec![],
                kind: Kind::Memory { bytes, streams: 2 },
                extra_outs: vec![],
            }
        }
    };
    Ok(Some(call))
}
