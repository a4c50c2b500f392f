//! `opbench`'s calls of the real FFTs, over one dim (`--dim D`, default the last):
//!
//! - `_fft_r2c DTYPE SHAPE [--dim D]`: Float or Double, one-sided, unnormalized
//!   (`torch.fft.rfft`);
//! - `_fft_c2r DTYPE SHAPE [--dim D]`: SHAPE is the real result's (`DTYPE` Float or Double);
//!   the input is the complex half-spectrum of `n/2 + 1` entries along the dim, normalized by
//!   `1/n` (`torch.fft.irfft`).
//!
//! Reported as `2.5 n log2(n)` floating-point operations per line (the usual count of a real
//! transform).

use crate::cli::{Arg, Bench, Call, Kind, filled};
use etk::{OwnedTensor, Scalar, ScalarType};

/// The ops this module builds.
pub const OPS: &[&str] = &["_fft_r2c", "_fft_c2r"];

/// The call for `b`, or `None` when `b.op` is not one of [`OPS`].
pub(crate) fn call(b: &Bench) -> Result<Option<Call>, String> {
    let op = b.op.as_str();
    if !OPS.contains(&op) {
        return Ok(None);
    }
    let shape = b.shapes[0].clone();
    let rank = shape.len();
    let dim = match b.dim {
        Some(d) if d < -(rank as i64) || d >= rank as i64 => {
            return Err(format!("--dim {d} is out of range for {rank} dims"));
        }
        Some(d) => d.rem_euclid(rank as i64) as usize,
        None if rank > 0 => rank - 1,
        None => return Err(format!("{op} needs a shape with at least one dim")),
    };
    let complex = match b.dtype {
        ScalarType::Float => ScalarType::ComplexFloat,
        ScalarType::Double => ScalarType::ComplexDouble,
        dt => return Err(format!("{op} takes Float or Double, not {dt}")),
    };
    let n = shape[dim];
    let numel: usize = shape.iter().product();
    let flops = (2.5 * numel as f64 * (n.max(2) as f64).log2()) as usize;
    let mut half = shape.clone();
    half[dim] = n / 2 + 1;
    let dims = Arg::Ints(vec![dim as i64]);
    Ok(Some(if op == "_fft_r2c" {
        Call {
            name: "aten::_fft_r2c.out".into(),
            tensors: vec![filled(b.dtype, &shape, -1.0, 1.0)?],
            args: vec![Arg::Tensor(0), dims, int(0), Arg::Bool(true)],
            out_dtype: complex,
            out_shape: half,
            out_order: vec![],
            out_list: vec![],
            kind: Kind::Flops(flops),
            extra_outs: vec![],
        }
    } else {
        Call {
            name: "aten::_fft_c2r.out".into(),
            tensors: vec![spectrum(complex, &half)?],
            args: vec![Arg::Tensor(0), dims, int(2), int(n as i64)],
            out_dtype: b.dtype,
            out_shape: shape,
            out_order: vec![],
            out_list: vec![],
            kind: Kind::Flops(flops),
            extra_outs: vec![],
        }
    }))
}

fn int(v: i64) -> Arg {
    Arg::Scalar(Scalar::Int(v))
}

/// A complex tensor whose parts are spread over `[-1, 1)` as `filled` spreads real ones.
fn spectrum(dtype: ScalarType, shape: &[usize]) -> Result<OwnedTensor, String> {
    let mut x = OwnedTensor::zeros(dtype, shape).map_err(|e| e.to_string())?;
    let mut v = x.view_mut().map_err(|e| e.to_string())?;
    let parts = 2 * v.numel();
    let p = v.as_mut_ptr("opbench", "self").map_err(|e| e.to_string())?;
    for i in 0..parts {
        let val = -1.0 + 2.0 * ((i * 7919) % 1000) as f64 / 1000.0;
        // SAFETY: the tensor's elements are `parts` values of its real dtype.
        unsafe {
            if dtype == ScalarType::ComplexFloat {
                (p as *mut f32).add(i).write(val as f32);
            } else {
                (p as *mut f64).add(i).write(val);
            }
        }
    }
    Ok(x)
}
