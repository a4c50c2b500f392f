//! `opbench`'s calls of the data-movement kernels (shape, copy and indexing ops). Every one is
//! bound by memory traffic: reported in GB/s of the bytes read and written (the out written
//! once, each input element read once; gathers count the rows they read), as a percentage of the
//! machine's copy bandwidth for that many bytes. `benches/compare/compare.py` builds the same
//! calls for torch. The op's int arguments come in `--args`:
//!
//! - `permute_copy DT SHAPE [--args DIMS]` (default: the dims reversed);
//!   `transpose_copy DT SHAPE [--args D0,D1]` (default -2,-1); `t_copy DT RxC`;
//! - `expand_copy DT SHAPE --other SIZE`; `view_copy DT SHAPE --other SHAPE`;
//!   `unsqueeze_copy` / `squeeze_copy DT SHAPE --args DIM`;
//! - `clone DT SHAPE [--args OUT_DIM_ORDER]`; `clone_dim_order` and `to_dim_order_copy DT SHAPE
//!   [--args OUT_DIM_ORDER] [--to DT]` (the order is also the `dim_order` argument);
//! - `cat DT SHAPE SHAPE... [--args DIM]`; `stack DT SHAPE SHAPE... [--args DIM]`;
//! - `slice_copy DT SHAPE --args DIM,START,END,STEP`; `select_copy DT SHAPE --args DIM,INDEX`;
//!   `split_copy DT SHAPE --args SPLIT_SIZE,DIM`; `split_with_sizes_copy DT SHAPE --args
//!   DIM,SIZE,SIZE...`;
//! - `constant_pad_nd DT SHAPE --args PAD...` (value 0);
//! - `pixel_shuffle` / `pixel_unshuffle DT SHAPE --args R`; `upsample_nearest2d DT NxCxHxW --args
//!   OH,OW`;
//! - `index_select DT SHAPE --other N [--args DIM]`, `embedding DT ROWSxCOLS --other N`,
//!   `index DT SHAPE --other N [--args DIM]` (Long indices into one dim), `index_put DT SHAPE
//!   --other N [--args ACCUMULATE,DIM]` (values of the indexed shape): indices spread over the
//!   dim by opbench's fill formula.

use crate::cli::{Arg, Bench, Call, Kind, filled};
use etk::{Scalar, ScalarType};

/// The ops this module builds.
pub const OPS: &[&str] = &[
    "permute_copy",
    "transpose_copy",
    "t_copy",
    "expand_copy",
    "view_copy",
    "unsqueeze_copy",
    "squeeze_copy",
    "clone",
    "clone_dim_order",
    "to_dim_order_copy",
    "cat",
    "stack",
    "slice_copy",
    "select_copy",
    "split_copy",
    "split_with_sizes_copy",
    "constant_pad_nd",
    "pixel_shuffle",
    "pixel_unshuffle",
    "upsample_nearest2d",
    "index_select",
    "embedding",
    "index",
    "index_put",
];

fn int(v: i64) -> Arg {
    Arg::Scalar(Scalar::Int(v))
}

fn ints(v: &[usize]) -> Vec<i64> {
    v.iter().map(|&x| x as i64).collect()
}

/// `d` wrapped into `[0, rank)`.
fn wrap(d: i64, rank: usize) -> Result<usize, String> {
    let r = rank as i64;
    let w = if d < 0 { d + r } else { d };
    if (0..r).contains(&w) {
        Ok(w as usize)
    } else {
        Err(format!("dim {d} out of range for rank {rank}"))
    }
}

/// `n` Long indices into a dim of `size`, spread by opbench's fill formula.
fn indices(size: usize, shape: &[usize]) -> Result<etk::OwnedTensor, String> {
    filled(ScalarType::Long, shape, 0.0, size as f64)
}

/// The call for `b`, or `None` when `b.op` is not a movement op.
pub(crate) fn call(b: &Bench) -> Result<Option<Call>, String> {
    let op = b.op.as_str();
    if !OPS.contains(&op) {
        return Ok(None);
    }
    let dt = b.dtype;
    let es = dt.element_size();
    let shape = b.shapes[0].clone();
    let rank = shape.len();
    let numel: usize = shape.iter().product();
    let a = b.args.clone().unwrap_or_default();
    let arg = |k: usize| -> Result<i64, String> {
        a.get(k)
            .copied()
            .ok_or(format!("{op} needs --args (see benches/src/movement.rs)"))
    };
    let input = || filled(dt, &shape, -4.0, 4.0);
    let other = || b.other.clone().ok_or(format!("{op} needs --other"));
    // (name, tensors, args, out shape, out order, out list, bytes moved)
    let (name, tensors, args, out_shape, out_order, out_list, bytes) = match op {
        "permute_copy" => {
            let dims = if a.is_empty() {
                (0..rank as i64).rev().collect()
            } else {
                a.clone()
            };
            let out: Vec<usize> = dims
                .iter()
                .map(|&d| wrap(d, rank).map(|d| shape[d]))
                .collect::<Result<_, _>>()?;
            let args = vec![Arg::Tensor(0), Arg::Ints(dims)];
            (
                "aten::permute_copy.out",
                vec![input()?],
                args,
                out,
                vec![],
                vec![],
                2 * numel * es,
            )
        }
        "transpose_copy" | "t_copy" => {
            let (d0, d1) = if op == "t_copy" || a.is_empty() {
                (-2, -1)
            } else {
                (arg(0)?, arg(1)?)
            };
            let mut out = shape.clone();
            out.swap(wrap(d0, rank)?, wrap(d1, rank)?);
            let (name, args) = if op == "t_copy" {
                ("aten::t_copy.out", vec![Arg::Tensor(0)])
            } else {
                let args = vec![Arg::Tensor(0), int(d0), int(d1)];
                ("aten::transpose_copy.int_out", args)
            };
            (
                name,
                vec![input()?],
                args,
                out,
                vec![],
                vec![],
                2 * numel * es,
            )
        }
        "expand_copy" => {
            let size = other()?;
            let n: usize = size.iter().product();
            let args = vec![Arg::Tensor(0), Arg::Ints(ints(&size)), Arg::Bool(false)];
            let bytes = (numel + n) * es;
            (
                "aten::expand_copy.out",
                vec![input()?],
                args,
                size,
                vec![],
                vec![],
                bytes,
            )
        }
        "view_copy" => {
            let size = other()?;
            let args = vec![Arg::Tensor(0), Arg::Ints(ints(&size))];
            (
                "aten::view_copy.out",
                vec![input()?],
                args,
                size,
                vec![],
                vec![],
                2 * numel * es,
            )
        }
        "unsqueeze_copy" => {
            let d = arg(0)?;
            let mut out = shape.clone();
            out.insert(wrap(d, rank + 1)?, 1);
            let args = vec![Arg::Tensor(0), int(d)];
            (
                "aten::unsqueeze_copy.out",
                vec![input()?],
                args,
                out,
                vec![],
                vec![],
                2 * numel * es,
            )
        }
        "squeeze_copy" => {
            let d = arg(0)?;
            let mut out = shape.clone();
            if shape[wrap(d, rank)?] == 1 {
                out.remove(wrap(d, rank)?);
            }
            let args = vec![Arg::Tensor(0), int(d)];
            (
                "aten::squeeze_copy.dim_out",
                vec![input()?],
                args,
                out,
                vec![],
                vec![],
                2 * numel * es,
            )
        }
        "clone" | "clone_dim_order" | "to_dim_order_copy" => {
            let order: Vec<usize> = if a.is_empty() {
                (0..rank).collect()
            } else {
                a.iter().map(|&d| d as usize).collect()
            };
            let to = b.to.unwrap_or(dt);
            let (name, args) = match op {
                "clone" => ("aten::clone.out", vec![Arg::Tensor(0), Arg::None]),
                _ => {
                    let name = if op == "clone_dim_order" {
                        "dim_order_ops::_clone_dim_order.out"
                    } else {
                        "dim_order_ops::_to_dim_order_copy.out"
                    };
                    (
                        name,
                        vec![Arg::Tensor(0), Arg::Bool(false), Arg::Ints(ints(&order))],
                    )
                }
            };
            let bytes = numel * (es + to.element_size());
            (
                name,
                vec![input()?],
                args,
                shape.clone(),
                order,
                vec![],
                bytes,
            )
        }
        "cat" | "stack" => {
            let tensors: Vec<_> = b
                .shapes
                .iter()
                .chain(b.other.iter())
                .map(|s| filled(dt, s, -4.0, 4.0))
                .collect::<Result<_, _>>()?;
            let d = a.first().copied().unwrap_or(0);
            let total: usize = tensors.iter().map(|t| t.numel()).sum();
            let mut out = shape.clone();
            if op == "cat" {
                let w = wrap(d, rank)?;
                out[w] = tensors.iter().map(|t| t.view().size(w)).sum();
            } else {
                out.insert(wrap(d, rank + 1)?, tensors.len());
            }
            let args = vec![Arg::Tensors((0..tensors.len()).collect()), int(d)];
            let name = if op == "cat" {
                "aten::cat.out"
            } else {
                "aten::stack.out"
            };
            (name, tensors, args, out, vec![], vec![], 2 * total * es)
        }
        "slice_copy" => {
            let (d, start, end, step) = (arg(0)?, arg(1)?, arg(2)?, arg(3)?);
            let w = wrap(d, rank)?;
            let n = shape[w] as i64;
            let (s, e) = (start.clamp(0, n), end.clamp(0, n));
            let mut out = shape.clone();
            out[w] = ((e - s).max(0) as usize).div_ceil(step.max(1) as usize);
            let args = vec![Arg::Tensor(0), int(d), int(start), int(end), int(step)];
            let bytes = 2 * out.iter().product::<usize>() * es;
            (
                "aten::slice_copy.Tensor_out",
                vec![input()?],
                args,
                out,
                vec![],
                vec![],
                bytes,
            )
        }
        "select_copy" => {
            let (d, index) = (arg(0)?, arg(1)?);
            let mut out = shape.clone();
            out.remove(wrap(d, rank)?);
            let args = vec![Arg::Tensor(0), int(d), int(index)];
            let bytes = 2 * out.iter().product::<usize>() * es;
            (
                "aten::select_copy.int_out",
                vec![input()?],
                args,
                out,
                vec![],
                vec![],
                bytes,
            )
        }
        "split_copy" | "split_with_sizes_copy" => {
            let (d, sizes): (i64, Vec<usize>) = if op == "split_copy" {
                let (split, d) = (arg(0)?.max(1) as usize, arg(1)?);
                let n = shape[wrap(d, rank)?];
                (
                    d,
                    (0..n.div_ceil(split))
                        .map(|k| split.min(n - k * split))
                        .collect(),
                )
            } else {
                (arg(0)?, a[1..].iter().map(|&s| s as usize).collect())
            };
            let w = wrap(d, rank)?;
            let outs: Vec<Vec<usize>> = sizes
                .iter()
                .map(|&n| {
                    let mut s = shape.clone();
                    s[w] = n;
                    s
                })
                .collect();
            let (name, args) = if op == "split_copy" {
                let args = vec![Arg::Tensor(0), int(arg(0)?), int(d)];
                ("aten::split_copy.Tensor_out", args)
            } else {
                let args = vec![Arg::Tensor(0), Arg::Ints(ints(&sizes)), int(d)];
                ("aten::split_with_sizes_copy.out", args)
            };
            (
                name,
                vec![input()?],
                args,
                vec![],
                vec![],
                outs,
                2 * numel * es,
            )
        }
        "constant_pad_nd" => {
            let mut out = shape.clone();
            for (k, pair) in a.chunks(2).enumerate() {
                let d = rank - 1 - k;
                out[d] = (out[d] as i64 + pair.iter().sum::<i64>()) as usize;
            }
            let args = vec![Arg::Tensor(0), Arg::Ints(a.clone()), int(0)];
            let bytes = (numel + out.iter().product::<usize>()) * es;
            (
                "aten::constant_pad_nd.out",
                vec![input()?],
                args,
                out,
                vec![],
                vec![],
                bytes,
            )
        }
        "pixel_shuffle" | "pixel_unshuffle" => {
            let r = arg(0)? as usize;
            let mut out = shape.clone();
            let (c, h, w) = (rank - 3, rank - 2, rank - 1);
            let name = if op == "pixel_shuffle" {
                (out[c], out[h], out[w]) = (shape[c] / (r * r), shape[h] * r, shape[w] * r);
                "aten::pixel_shuffle.out"
            } else {
                (out[c], out[h], out[w]) = (shape[c] * r * r, shape[h] / r, shape[w] / r);
                "aten::pixel_unshuffle.out"
            };
            let args = vec![Arg::Tensor(0), int(r as i64)];
            (
                name,
                vec![input()?],
                args,
                out,
                vec![],
                vec![],
                2 * numel * es,
            )
        }
        "upsample_nearest2d" => {
            let (oh, ow) = (arg(0)? as usize, arg(1)? as usize);
            let out = vec![shape[0], shape[1], oh, ow];
            let args = vec![
                Arg::Tensor(0),
                Arg::Ints(vec![oh as i64, ow as i64]),
                Arg::None,
            ];
            let bytes = (numel + out.iter().product::<usize>()) * es;
            (
                "aten::upsample_nearest2d.vec_out",
                vec![input()?],
                args,
                out,
                vec![],
                vec![],
                bytes,
            )
        }
        "index_select" | "embedding" | "index" | "index_put" => {
            let n = other()?;
            let count: usize = n.iter().product();
            let d = match op {
                "index_select" | "index" => wrap(a.first().copied().unwrap_or(0), rank)?,
                "index_put" => wrap(a.get(1).copied().unwrap_or(0), rank)?,
                _ => 0,
            };
            // advanced indexing with one index tensor: `self`'s dims, `d` replaced by its shape
            let mut picked = shape[..d].to_vec();
            picked.extend_from_slice(&n);
            picked.extend_from_slice(&shape[d + 1..]);
            let list: Vec<Option<usize>> = (0..=d).map(|k| (k == d).then_some(1)).collect();
            let mut out = shape.clone();
            let row: usize = numel / shape[d].max(1);
            let tensors = vec![input()?, indices(shape[d], &n)?];
            let moved = 2 * count * row * es + count * 8;
            match op {
                "index_select" => {
                    out[d] = count;
                    let args = vec![Arg::Tensor(0), int(d as i64), Arg::Tensor(1)];
                    (
                        "aten::index_select.out",
                        tensors,
                        args,
                        out,
                        vec![],
                        vec![],
                        moved,
                    )
                }
                "embedding" => {
                    let mut out = n.clone();
                    out.push(shape[1]);
                    let args = vec![
                        Arg::Tensor(0),
                        Arg::Tensor(1),
                        int(-1),
                        Arg::Bool(false),
                        Arg::Bool(false),
                    ];
                    (
                        "aten::embedding.out",
                        tensors,
                        args,
                        out,
                        vec![],
                        vec![],
                        moved,
                    )
                }
                "index" => {
                    let args = vec![Arg::Tensor(0), Arg::OptTensors(list)];
                    (
                        "aten::index.Tensor_out",
                        tensors,
                        args,
                        picked,
                        vec![],
                        vec![],
                        moved,
                    )
                }
                _ => {
                    let mut tensors = tensors;
                    tensors.push(filled(dt, &picked, -1.0, 1.0)?);
                    let accumulate = a.first().copied().unwrap_or(0) != 0;
                    let args = vec![
                        Arg::Tensor(0),
                        Arg::OptTensors(list),
                        Arg::Tensor(2),
                        Arg::Bool(accumulate),
                    ];
                    // the out is a copy of self with the rows put
                    let bytes = 2 * numel * es + moved;
                    (
                        "aten::index_put.out",
                        tensors,
                        args,
                        shape.clone(),
                        vec![],
                        vec![],
                        bytes,
                    )
                }
            }
        }
        _ => unreachable!("listed in OPS"),
    };
    Ok(Some(Call {
        name: name.to_string(),
        tensors,
        args,
        out_dtype: if op == "to_dim_order_copy" {
            b.to.unwrap_or(dt)
        } else {
            dt
        },
        out_shape,
        out_order,
        out_list,
        kind: Kind::Memory { bytes, streams: 2 },
        extra_outs: vec![],
    }))
}
