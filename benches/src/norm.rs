//! `opbench`'s calls of the batch and group normalizations (softmax and layer norm are in
//! `reductions`), on inputs spread over `[-3, 3)` as opbench spreads its floats:
//!
//! - `batch_norm DTYPE NxCx...`: `_native_batch_norm_legit_no_training.out` with a weight, a
//!   bias, running statistics (variances in `[0.5, 1.5)`), all of the input's dtype, and
//!   `eps = 1e-5`;
//! - `group_norm DTYPE NxCx... [--other G]`: `native_group_norm.out` in `G` groups (default 8)
//!   with a weight and a bias of the input's dtype, `eps = 1e-5`.
//!
//! Both are reported against the bandwidth of reading the input and writing the out.

use crate::cli::{Arg, Bench, Call, Kind, filled};
use etk::Scalar;

/// The ops this module builds.
pub const OPS: &[&str] = &["batch_norm", "group_norm"];

/// The call for `b`, or `None` when `b.op` is not one of [`OPS`].
pub(crate) fn call(b: &Bench) -> Result<Option<Call>, String> {
    let op = b.op.as_str();
    if !OPS.contains(&op) {
        return Ok(None);
    }
    let (dt, shape) = (b.dtype, b.shapes[0].clone());
    if shape.len() < 2 {
        return Err(format!("{op} takes an NxCx... shape"));
    }
    let (n, c) = (shape[0], shape[1]);
    let numel: usize = shape.iter().product();
    let kind = Kind::Memory {
        bytes: 2 * numel * dt.element_size(),
        streams: 2,
    };
    let eps = Arg::Scalar(Scalar::Double(1e-5));
    let param = |lo, hi| filled(dt, &[c], lo, hi);
    Ok(Some(if op == "batch_norm" {
        Call {
            name: "aten::_native_batch_norm_legit_no_training.out".into(),
            tensors: vec![
                filled(dt, &shape, -3.0, 3.0)?,
                param(0.5, 1.5)?,
                param(-0.5, 0.5)?,
                param(-0.5, 0.5)?,
                param(0.5, 1.5)?,
            ],
            args: vec![
                Arg::Tensor(0),
                Arg::Tensor(1),
                Arg::Tensor(2),
                Arg::Tensor(3),
                Arg::Tensor(4),
                Arg::Scalar(Scalar::Double(0.1)),
                eps,
            ],
            out_dtype: dt,
            out_shape: shape,
            out_order: vec![],
            out_list: vec![],
            kind,
            extra_outs: vec![(dt, vec![0]), (dt, vec![0])],
        }
    } else {
        let g = match b.other.as_deref() {
            None => 8,
            Some(&[g]) if g > 0 && c % g == 0 => g,
            Some(_) => return Err("group_norm: --other G, a divisor of C".into()),
        };
        let int = |v: usize| Arg::Scalar(Scalar::Int(v as i64));
        Call {
            name: "aten::native_group_norm.out".into(),
            tensors: vec![
                filled(dt, &shape, -3.0, 3.0)?,
                param(0.5, 1.5)?,
                param(-0.5, 0.5)?,
            ],
            args: vec![
                Arg::Tensor(0),
                Arg::Tensor(1),
                Arg::Tensor(2),
                int(n),
                int(c),
                int(numel / (n * c).max(1)),
                int(g),
                eps,
            ],
            out_dtype: dt,
            out_shape: shape,
            out_order: vec![],
            out_list: vec![],
            kind,
            extra_outs: vec![(dt, vec![n, g]), (dt, vec![n, g])],
        }
    }))
}
