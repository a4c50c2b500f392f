//! `opbench`'s calls of the reductions, normalizations and softmax (issue #25's
//! table), on inputs spread over `[-3, 3)` as opbench spreads its floats:
//!
//! - `sum|mean|amax|amin|var DTYPE SHAPE [--dim D]`: over one dim (default the last),
//!   `keepdim=False` (`sum.IntList_out`, `mean.out`, `amax.out`, `amin.out`,
//!   `var.correction_out` with the default correction);
//! - `_softmax|_log_softmax DTYPE SHAPE [--dim D]` (default the last dim);
//! - `native_layer_norm DTYPE SHAPE`: over the last dim, with a weight and a bias of the input's
//!   dtype, `eps = 1e-5`.
//!
//! (`upsample_bilinear2d` is `benches/src/pool.rs`'s.)

use crate::cli::{Arg, Bench, Call, Kind, filled};
use etk::Scalar;

/// The ops this module builds.
pub const OPS: &[&str] = &[
    "sum",
    "mean",
    "amax",
    "amin",
    "var",
    "_softmax",
    "_log_softmax",
    "native_layer_norm",
];

/// The call for `b`, or `None` when `b.op` is not one of [`OPS`].
pub(crate) fn call(b: &Bench) -> Result<Option<Call>, String> {
    let op = b.op.as_str();
    if !OPS.contains(&op) {
        return Ok(None);
    }
    let dt = b.dtype;
    let shape = b.shapes[0].clone();
    let rank = shape.len();
    if rank == 0 {
        return Err(format!("{op} needs a shape with at least one dim"));
    }
    let numel: usize = shape.iter().product();
    let es = dt.element_size();
    let dim = match b.dim {
        Some(d) if d < -(rank as i64) || d >= rank as i64 => {
            return Err(format!("--dim {d} is out of range for {rank} dims"));
        }
        Some(d) => d.rem_euclid(rank as i64) as usize,
        None => rank - 1,
    };
    let x = filled(dt, &shape, -3.0, 3.0)?;
    let mut reduced = shape.clone();
    reduced.remove(dim);
    let stream = |bytes, streams| Kind::Memory { bytes, streams };
    let call = |name: &str, args, out_shape: Vec<usize>, kind| Call {
        name: name.to_string(),
        tensors: vec![x],
        args,
        out_dtype: dt,
        out_shape,
        out_order: vec![],
        out_list: vec![],
        kind,
        extra_outs: vec![],
    };
    let d = Arg::Ints(vec![dim as i64]);
    let out_bytes = reduced.iter().product::<usize>() * es;
    Ok(Some(match op {
        "sum" | "mean" => call(
            &format!(
                "aten::{op}.{}",
                if op == "sum" { "IntList_out" } else { "out" }
            ),
            vec![Arg::Tensor(0), d, Arg::Bool(false), Arg::None],
            reduced,
            stream(numel * es + out_bytes, 2),
        ),
        "amax" | "amin" => call(
            &format!("aten::{op}.out"),
            vec![Arg::Tensor(0), d, Arg::Bool(false)],
            reduced,
            stream(numel * es + out_bytes, 2),
        ),
        "var" => call(
            "aten::var.correction_out",
            vec![Arg::Tensor(0), d, Arg::None, Arg::Bool(false)],
            reduced,
            stream(numel * es + out_bytes, 2),
        ),
        "_softmax" | "_log_softmax" => call(
            &format!("aten::{op}.out"),
            vec![
                Arg::Tensor(0),
                Arg::Scalar(Scalar::Int(dim as i64)),
                Arg::Bool(false),
            ],
            shape,
            Kind::Math {
                elements: numel,
                bytes: 2 * numel * es,
            },
        ),
        "native_layer_norm" => {
            let n = shape[rank - 1];
            let mut stats = shape.clone();
            stats[rank - 1] = 1;
            let mut c = call(
                "aten::native_layer_norm.out",
                vec![
                    Arg::Tensor(0),
                    Arg::Ints(vec![n as i64]),
                    Arg::Tensor(1),
                    Arg::Tensor(2),
                    Arg::Scalar(Scalar::Double(1e-5)),
                ],
                shape,
                stream(2 * numel * es, 2),
            );
            c.tensors.push(filled(dt, &[n], 0.5, 1.5)?);
            c.tensors.push(filled(dt, &[n], -0.5, 0.5)?);
            c.extra_outs = vec![(dt, stats.clone()), (dt, stats)];
            c
        }
        _ => unreachable!("checked against OPS"),
    }))
}
