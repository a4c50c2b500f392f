//! `opbench`'s calls of the pooling and resampling kernels, on `NxCxHxW` inputs (`--cl`: the
//! input channels-last, and the outs too, as ATen makes them). Every one is reported in GB/s of
//! the bytes read and written (the input read once, the outs written once) against the
//! machine's copy bandwidth for that many bytes:
//!
//! - `max_pool2d DT NxCxHxW [--args K,S,P[,D[,CEIL]]]`: `max_pool2d_with_indices.out` with a
//!   square kernel (default 3, 2, 1, dilation 1, `ceil_mode` 0), the Long indices written too;
//! - `avg_pool2d DT NxCxHxW [--args K,S,P[,CEIL[,COUNT_INCLUDE_PAD[,DIVISOR]]]]` (default 2, 2,
//!   0, 0, 1, none);
//! - `adaptive_avg_pool2d DT NxCxHxW [--other OHxOW]` (`_adaptive_avg_pool2d.out`, default
//!   1x1);
//! - `upsample_bilinear2d DT NxCxHxW [--other OHxOW] [--args ALIGN_CORNERS]` (`vec_out` with
//!   an output size, default twice `HxW`, `align_corners` 0);
//! - `grid_sampler_2d DT NxCxHxW [--other OHxOW] [--args MODE,PADDING,ALIGN_CORNERS]` (default
//!   bilinear, zeros, 0; an `[N, OH, OW, 2]` grid spread over `[-1.1, 1.1)`, default `HxW`).

use crate::cli::{Arg, Bench, Call, Kind, filled};
use etk::{OwnedTensor, ScalarType};

/// The ops this module builds.
pub const OPS: &[&str] = &[
    "max_pool2d",
    "avg_pool2d",
    "adaptive_avg_pool2d",
    "upsample_bilinear2d",
    "grid_sampler_2d",
];

/// `filled`'s values in `[-3, 3)`, laid out channels-last when asked.
fn input(b: &Bench, shape: &[usize]) -> Result<OwnedTensor, String> {
    let x = filled(b.dtype, shape, -3.0, 3.0)?;
    if !b.channels_last {
        return Ok(x);
    }
    let mut t =
        OwnedTensor::with_capacity(b.dtype, shape, &[0, 2, 3, 1], 0).map_err(|e| e.to_string())?;
    t.fill_logical(&x.to_logical::<f64>());
    Ok(t)
}

/// A pooled extent (ATen's `pooling_output_shape`).
fn pooled(i: usize, k: usize, s: usize, p: usize, d: usize, ceil: bool) -> Result<usize, String> {
    let span = d * (k.max(1) - 1) + 1;
    let num = (i + 2 * p)
        .checked_sub(span)
        .ok_or("the kernel is larger than the padded input")?;
    let mut o = (num + if ceil { s - 1 } else { 0 }) / s + 1;
    if ceil && (o - 1) * s >= i + p {
        o -= 1;
    }
    Ok(o)
}

/// The call for `b`, or `None` when `b.op` is not one of [`OPS`].
pub(crate) fn call(b: &Bench) -> Result<Option<Call>, String> {
    let op = b.op.as_str();
    if !OPS.contains(&op) {
        return Ok(None);
    }
    let dt = b.dtype;
    let shape = b.shapes[0].clone();
    let &[n, c, h, w] = shape.as_slice() else {
        return Err(format!("{op} takes an NxCxHxW shape"));
    };
    let es = dt.element_size();
    let numel = n * c * h * w;
    let a = |i: usize, default: i64| {
        b.args
            .as_ref()
            .and_then(|v| v.get(i))
            .copied()
            .unwrap_or(default)
    };
    let other_hw = |default: [usize; 2]| match b.other.as_deref() {
        Some(&[oh, ow]) => Ok([oh, ow]),
        None => Ok(default),
        Some(_) => Err("--other takes OHxOW".to_string()),
    };
    let memory = |out: &[usize], extra: usize| Kind::Memory {
        bytes: numel * es + out.iter().product::<usize>() * (es + extra),
        streams: 2,
    };
    let x = input(b, &shape)?;
    let call = |name: &str, tensors, args, out_shape: Vec<usize>, kind| Call {
        name: name.to_string(),
        tensors,
        args,
        out_dtype: dt,
        out_shape,
        out_order: if b.channels_last {
            vec![0, 2, 3, 1]
        } else {
            vec![]
        },
        out_list: vec![],
        kind,
        extra_outs: vec![],
    };
    let pair = |v: i64| Arg::Ints(vec![v, v]);
    Ok(Some(match op {
        "max_pool2d" => {
            let (k, s, p, d, ceil) = (a(0, 3), a(1, 2), a(2, 1), a(3, 1), a(4, 0) != 0);
            let o = |i| pooled(i, k as usize, s as usize, p as usize, d as usize, ceil);
            let out = vec![n, c, o(h)?, o(w)?];
            let args = vec![
                Arg::Tensor(0),
                pair(k),
                pair(s),
                pair(p),
                pair(d),
                Arg::Bool(ceil),
            ];
            let kind = memory(&out, 8);
            let mut cl = call(
                "aten::max_pool2d_with_indices.out",
                vec![x],
                args,
                out.clone(),
                kind,
            );
            cl.extra_outs = vec![(ScalarType::Long, out)];
            cl
        }
        "avg_pool2d" => {
            let (k, s, p, ceil) = (a(0, 2), a(1, 2), a(2, 0), a(3, 0) != 0);
            let include = a(4, 1) != 0;
            let divisor = b.args.as_ref().and_then(|v| v.get(5)).copied();
            let o = |i| pooled(i, k as usize, s as usize, p as usize, 1, ceil);
            let out = vec![n, c, o(h)?, o(w)?];
            let args = vec![
                Arg::Tensor(0),
                pair(k),
                pair(s),
                pair(p),
                Arg::Bool(ceil),
                Arg::Bool(include),
                divisor.map_or(Arg::None, |d| Arg::Scalar(etk::Scalar::Int(d))),
            ];
            let kind = memory(&out, 0);
            call("aten::avg_pool2d.out", vec![x], args, out, kind)
        }
        "adaptive_avg_pool2d" => {
            let [oh, ow] = other_hw([1, 1])?;
            let out = vec![n, c, oh, ow];
            let args = vec![Arg::Tensor(0), Arg::Ints(vec![oh as i64, ow as i64])];
            let kind = memory(&out, 0);
            call("aten::_adaptive_avg_pool2d.out", vec![x], args, out, kind)
        }
        "upsample_bilinear2d" => {
            let [oh, ow] = other_hw([2 * h, 2 * w])?;
            let out = vec![n, c, oh, ow];
            let args = vec![
                Arg::Tensor(0),
                Arg::Ints(vec![oh as i64, ow as i64]),
                Arg::Bool(a(0, 0) != 0),
                Arg::None,
            ];
            let kind = memory(&out, 0);
            call(
                "aten::upsample_bilinear2d.vec_out",
                vec![x],
                args,
                out,
                kind,
            )
        }
        "grid_sampler_2d" => {
            let [oh, ow] = other_hw([h, w])?;
            let grid = filled(dt, &[n, oh, ow, 2], -1.1, 1.1)?;
            let out = vec![n, c, oh, ow];
            let args = vec![
                Arg::Tensor(0),
                Arg::Tensor(1),
                Arg::Scalar(etk::Scalar::Int(a(0, 0))),
                Arg::Scalar(etk::Scalar::Int(a(1, 0))),
                Arg::Bool(a(2, 0) != 0),
            ];
            let kind = Kind::Memory {
                bytes: (numel + n * oh * ow * 2 + n * c * oh * ow) * es,
                streams: 3,
            };
            call("aten::grid_sampler_2d.out", vec![x, grid], args, out, kind)
        }
        _ => unreachable!("checked against OPS"),
    }))
}
