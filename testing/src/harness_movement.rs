//! The argument generators for the movement kernels (etk-optimized's shape, copy and indexing
//! ops) in the optimized-vs-portable harness. Each draws a `self` of the call's dtype in one of
//! the layout classes below, the op's arguments (valid mostly, invalid sometimes, so both
//! libraries must reject alike) and an out of the result's shape in some dim order (and
//! sometimes of another dtype, which portable converts or rejects).
//!
//! The harness's layout classes are read as:
//!
//! - `Contiguous`, `ZeroDim`, `OneElement`: small tensors of rank 1 to 4 (odd sizes), contiguous;
//! - `Row`, `Column`: matrices and rank-3 tensors with dims up to ~140, so the engine's
//!   transposes run whole micro-tiles, whole blocks and their edges;
//! - `Middle`: any dim order (a random permutation) for the input and the out;
//! - `ChannelsLast` / `MixedOrder`: rank-4 channels-last input, out channels-last / contiguous;
//! - `Size1`: size-1 dims around the data; `AllZeroDim`: a zero-dim input where the op takes
//!   one; `Empty`: a zero-size dim;
//! - `Big`: a few MiB, for the threads (and streaming stores past the last-level cache).

use crate::harness::random::{Rng, channels_last, contiguous, tensor};
use crate::harness::tensors::{Arg, Call, Class, Gen, OutSpec};
use crate::harness::tolerance::EXACT;
use etk_core::{OwnedTensor, Scalar, ScalarType};

pub fn generator(name: &str) -> Option<Gen> {
    let make: fn(&mut Rng, Class, [ScalarType; 2], usize) -> Option<Call> = match name {
        "aten::permute_copy.out" => gen_permute,
        "aten::transpose_copy.int_out" => gen_transpose,
        "aten::t_copy.out" => gen_t,
        "aten::expand_copy.out" => gen_expand,
        "aten::clone.out" => gen_clone,
        "dim_order_ops::_clone_dim_order.out" => gen_clone_dim_order,
        "dim_order_ops::_to_dim_order_copy.out" => gen_to_dim_order_copy,
        "aten::cat.out" => gen_cat,
        "aten::stack.out" => gen_stack,
        "aten::slice_copy.Tensor_out" => gen_slice,
        "aten::select_copy.int_out" => gen_select,
        "aten::split_copy.Tensor_out" => gen_split,
        "aten::split_with_sizes_copy.out" => gen_split_with_sizes,
        "aten::constant_pad_nd.out" => gen_constant_pad_nd,
        "aten::view_copy.out" => gen_view,
        "aten::unsqueeze_copy.out" => gen_unsqueeze,
        "aten::squeeze_copy.dim_out" => gen_squeeze_dim,
        "aten::squeeze_copy.dims_out" => gen_squeeze_dims,
        "aten::pixel_shuffle.out" => gen_pixel_shuffle,
        "aten::pixel_unshuffle.out" => gen_pixel_unshuffle,
        "aten::upsample_nearest2d.vec_out" => gen_upsample_nearest2d,
        "aten::index_select.out" => gen_index_select,
        "aten::embedding.out" => gen_embedding,
        "aten::index.Tensor_out" => gen_index,
        "aten::index_put.out" => gen_index_put,
        _ => return None,
    };
    Some(Gen {
        tol: EXACT,
        make,
        pointwise: true,
        scale: None,
    })
}

// ------------------------------------------------------------------------------------------
// Shapes and layouts.

/// A random permutation of `0..n`.
fn permutation(rng: &mut Rng, n: usize) -> Vec<usize> {
    let mut p: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        p.swap(i, rng.below(i + 1));
    }
    p
}

/// Sizes and dim order of an input in `class` (rank at least `min_rank`).
fn layout(rng: &mut Rng, class: Class, min_rank: usize) -> (Vec<usize>, Vec<usize>) {
    let small = |rng: &mut Rng, rank: usize| -> Vec<usize> {
        (0..rank)
            .map(|_| rng.range(1, 7) + rng.below(2) * 4)
            .collect()
    };
    let rank_in =
        |rng: &mut Rng, lo: usize, hi: usize| rng.range(lo.max(min_rank), hi.max(min_rank));
    let sizes = match class {
        Class::Row | Class::Column => {
            let r = rank_in(rng, 2, 3);
            let mut s: Vec<usize> = (0..r).map(|_| rng.range(1, 140)).collect();
            if r == 3 {
                s[rng.below(3)] = rng.range(1, 4);
            }
            s
        }
        Class::ChannelsLast | Class::MixedOrder => {
            let mut s = small(rng, 4);
            s[1] = rng.range(1, 20);
            s
        }
        Class::Size1 => {
            let r = rank_in(rng, 3, 5);
            let mut s = small(rng, r);
            for _ in 0..2 {
                let k = rng.below(r);
                s[k] = 1;
            }
            s
        }
        Class::AllZeroDim if min_rank == 0 => vec![],
        Class::Empty => {
            let r = rank_in(rng, 1, 4);
            let mut s = small(rng, r);
            let k = rng.below(r);
            s[k] = 0;
            s
        }
        Class::Big => {
            let r = rank_in(rng, 2, 3);
            let mut s = vec![1usize; r];
            s[r - 1] = 397;
            s[r - 2] = 1031;
            if r == 3 {
                s[0] = 3;
            }
            s
        }
        _ => {
            let r = rank_in(rng, 1, 4);
            small(rng, r)
        }
    };
    let order = match class {
        Class::ChannelsLast | Class::MixedOrder => channels_last(&sizes),
        Class::Middle => permutation(rng, sizes.len()),
        _ => contiguous(&sizes),
    };
    (sizes, order)
}

/// The out's dim order for a result of `sizes` in `class`.
fn out_order(rng: &mut Rng, class: Class, sizes: &[usize]) -> Vec<usize> {
    match class {
        Class::ChannelsLast => channels_last(sizes),
        Class::Middle => permutation(rng, sizes.len()),
        _ => contiguous(sizes),
    }
}

/// The out dtype: `self`'s mostly, the pair's other dtype sometimes.
fn out_dtype(dt: [ScalarType; 2], variant: usize) -> ScalarType {
    if variant % 7 == 6 { dt[1] } else { dt[0] }
}

/// A call with one out.
fn call(
    args: Vec<Arg>,
    dtype: ScalarType,
    sizes: Vec<usize>,
    order: Vec<usize>,
    variant: usize,
) -> Option<Call> {
    Some(Call {
        args,
        out_dtype: dtype,
        out_sizes: sizes,
        out_order: order,
        dynamic: variant % 4 == 3,
    })
}

/// A dim of a tensor of `rank` dims, negative sometimes, out of range rarely.
fn dim(rng: &mut Rng, rank: usize, variant: usize) -> i64 {
    let r = rank.max(1) as i64;
    if variant % 17 == 16 {
        return r;
    }
    let d = rng.below(r as usize) as i64;
    if rng.chance(0.3) { d - r } else { d }
}

fn input(rng: &mut Rng, dt: ScalarType, s: &(Vec<usize>, Vec<usize>)) -> OwnedTensor {
    tensor(rng, dt, &s.0, &s.1)
}

// ------------------------------------------------------------------------------------------
// The view ops.

pub fn gen_permute(rng: &mut Rng, c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let s = layout(rng, c, 0);
    let rank = s.0.len();
    let mut dims: Vec<i64> = permutation(rng, rank)
        .into_iter()
        .map(|d| d as i64)
        .collect();
    for d in dims.iter_mut() {
        if rng.chance(0.2) {
            *d -= rank as i64;
        }
    }
    match v % 19 {
        17 if rank > 1 => dims[1] = dims[0],
        18 => dims.push(0),
        _ => {}
    }
    let sizes: Vec<usize> = (0..rank)
        .map(|k| {
            let d = dims
                .get(k)
                .copied()
                .unwrap_or(0)
                .rem_euclid(rank.max(1) as i64);
            s.0.get(d as usize).copied().unwrap_or(1)
        })
        .collect();
    let order = out_order(rng, c, &sizes);
    let args = vec![Arg::T(input(rng, dt[0], &s)), Arg::Ints(dims)];
    call(args, out_dtype(dt, v), sizes, order, v)
}

pub fn gen_transpose(rng: &mut Rng, c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let s = layout(rng, c, 0);
    let rank = s.0.len();
    let (a, b) = (dim(rng, rank, v), dim(rng, rank, v / 2));
    let mut sizes = s.0.clone();
    if rank > 0 {
        let w = |d: i64| d.rem_euclid(rank as i64) as usize;
        sizes.swap(w(a), w(b));
    }
    let order = out_order(rng, c, &sizes);
    let args = vec![Arg::T(input(rng, dt[0], &s)), Arg::Int(a), Arg::Int(b)];
    call(args, out_dtype(dt, v), sizes, order, v)
}

pub fn gen_t(rng: &mut Rng, c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let mut s = layout(rng, c, 0);
    if s.0.len() > 2 && v % 5 != 4 {
        s.0.truncate(2);
        s.1 = if c == Class::Middle {
            permutation(rng, 2)
        } else {
            contiguous(&s.0)
        };
    }
    let mut sizes = s.0.clone();
    sizes.reverse();
    let order = out_order(rng, c, &sizes);
    call(
        vec![Arg::T(input(rng, dt[0], &s))],
        out_dtype(dt, v),
        sizes,
        order,
        v,
    )
}

pub fn gen_expand(rng: &mut Rng, c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let mut s = layout(rng, c, 0);
    // make some dims size 1 so that they broadcast
    for k in 0..s.0.len() {
        if rng.chance(0.4) {
            s.0[k] = 1;
        }
    }
    let lead = rng.below(3);
    let mut size: Vec<i64> = (0..lead).map(|_| rng.range(1, 5) as i64).collect();
    let mut sizes: Vec<usize> = size.iter().map(|&x| x as usize).collect();
    for &n in &s.0 {
        let (arg, got) = match rng.below(4) {
            0 => (-1, n),
            1 if n == 1 => {
                let m = if c == Class::Big {
                    2048
                } else {
                    rng.range(1, 70)
                };
                (m as i64, m)
            }
            _ => (n as i64, n),
        };
        size.push(arg);
        sizes.push(got);
    }
    if v % 19 == 18 && !s.0.is_empty() && s.0[0] > 1 {
        size[lead] = s.0[0] as i64 + 1;
    }
    let order = out_order(rng, c, &sizes);
    let args = vec![
        Arg::T(input(rng, dt[0], &s)),
        Arg::Ints(size),
        Arg::Bool(rng.chance(0.5)),
    ];
    call(args, out_dtype(dt, v), sizes, order, v)
}

pub fn gen_clone(rng: &mut Rng, c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let s = layout(rng, c, 0);
    let order = out_order(rng, c, &s.0);
    let format = match rng.below(5) {
        0 => Arg::Int(2),
        1 => Arg::Int(0),
        _ => Arg::None,
    };
    let args = vec![Arg::T(input(rng, dt[0], &s)), format];
    call(args, out_dtype(dt, v), s.0.clone(), order, v)
}

/// `dim_order`: none, the out's own (contiguous or channels-last), or one the out does not have.
fn dim_order_arg(rng: &mut Rng, out_order: &[usize]) -> Arg {
    match rng.below(4) {
        0 => Arg::None,
        1 => Arg::Ints(contiguous(out_order).iter().map(|&d| d as i64).collect()),
        _ => Arg::Ints(out_order.iter().map(|&d| d as i64).collect()),
    }
}

pub fn gen_clone_dim_order(rng: &mut Rng, c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let s = layout(rng, c, 0);
    let order = out_order(rng, c, &s.0);
    let args = vec![
        Arg::T(input(rng, dt[0], &s)),
        Arg::Bool(false),
        dim_order_arg(rng, &order),
    ];
    call(args, out_dtype(dt, v), s.0.clone(), order, v)
}

pub fn gen_to_dim_order_copy(
    rng: &mut Rng,
    c: Class,
    dt: [ScalarType; 2],
    v: usize,
) -> Option<Call> {
    let s = layout(rng, c, 0);
    let order = out_order(rng, c, &s.0);
    let args = vec![
        Arg::T(input(rng, dt[0], &s)),
        Arg::Bool(false),
        dim_order_arg(rng, &order),
    ];
    // any dtype into any: the converting copy is half of what this op does
    let to = if v.is_multiple_of(3) { dt[0] } else { dt[1] };
    call(args, to, s.0.clone(), order, v)
}

pub fn gen_view(rng: &mut Rng, c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let s = layout(rng, c, 0);
    let n: usize = s.0.iter().product();
    // a reshape: n split into two factors (or kept whole), one of them -1 sometimes
    let f = (1..=n.max(1))
        .filter(|k| n.is_multiple_of(*k))
        .collect::<Vec<_>>();
    let a = f[rng.below(f.len())];
    let mut sizes = if n == 0 { vec![0, 3] } else { vec![a, n / a] };
    if rng.chance(0.3) {
        sizes = vec![n];
    }
    let mut size: Vec<i64> = sizes.iter().map(|&x| x as i64).collect();
    if n > 0 && rng.chance(0.4) {
        size[0] = -1;
    }
    if v % 19 == 18 {
        size.push(2);
    }
    let order = out_order(rng, c, &sizes);
    let args = vec![Arg::T(input(rng, dt[0], &s)), Arg::Ints(size)];
    call(args, out_dtype(dt, v), sizes, order, v)
}

pub fn gen_unsqueeze(rng: &mut Rng, c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let s = layout(rng, c, 0);
    let rank = s.0.len() + 1;
    let d = dim(rng, rank, v);
    let mut sizes = s.0.clone();
    sizes.insert((d.rem_euclid(rank as i64) as usize).min(rank - 1), 1);
    let order = out_order(rng, c, &sizes);
    let args = vec![Arg::T(input(rng, dt[0], &s)), Arg::Int(d)];
    call(args, out_dtype(dt, v), sizes, order, v)
}

/// The shape left after squeezing the named dims of size 1.
fn squeezed(sizes: &[usize], dims: &[i64]) -> Vec<usize> {
    let rank = sizes.len().max(1) as i64;
    let named: Vec<usize> = dims.iter().map(|d| d.rem_euclid(rank) as usize).collect();
    sizes
        .iter()
        .enumerate()
        .filter(|&(k, &n)| !(n == 1 && named.contains(&k)))
        .map(|(_, &n)| n)
        .collect()
}

pub fn gen_squeeze_dim(rng: &mut Rng, c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let s = layout(
        rng,
        if c == Class::Contiguous {
            Class::Size1
        } else {
            c
        },
        0,
    );
    let d = dim(rng, s.0.len(), v);
    let sizes = squeezed(&s.0, &[d]);
    let order = out_order(rng, c, &sizes);
    let args = vec![Arg::T(input(rng, dt[0], &s)), Arg::Int(d)];
    call(args, out_dtype(dt, v), sizes, order, v)
}

pub fn gen_squeeze_dims(rng: &mut Rng, c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let s = layout(
        rng,
        if c == Class::Contiguous {
            Class::Size1
        } else {
            c
        },
        0,
    );
    let rank = s.0.len();
    let mut dims: Vec<i64> = (0..rank as i64).filter(|_| rng.chance(0.5)).collect();
    if v % 19 == 18 && !dims.is_empty() {
        dims.push(dims[0]);
    }
    let sizes = squeezed(&s.0, &dims);
    let order = out_order(rng, c, &sizes);
    let args = vec![Arg::T(input(rng, dt[0], &s)), Arg::Ints(dims)];
    call(args, out_dtype(dt, v), sizes, order, v)
}

pub fn gen_slice(rng: &mut Rng, c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let s = layout(rng, c, 1);
    let rank = s.0.len();
    let d = dim(rng, rank, v);
    let n = s.0[d.rem_euclid(rank as i64) as usize] as i64;
    let bound = |rng: &mut Rng| match rng.below(5) {
        0 => None,
        1 => Some(-(rng.range(0, n as usize + 2) as i64)),
        _ => Some(rng.range(0, n as usize + 2) as i64),
    };
    let (start, end) = (bound(rng), bound(rng));
    let step = if v % 23 == 22 {
        0
    } else {
        rng.range(1, 3) as i64
    };
    let wrap = |x: i64| if x < 0 { x + n } else { x };
    let st = wrap(start.unwrap_or(0)).clamp(0, n);
    let en = wrap(end.unwrap_or(n)).clamp(st, n);
    let mut sizes = s.0.clone();
    sizes[d.rem_euclid(rank as i64) as usize] = ((en - st) as usize).div_ceil(step.max(1) as usize);
    let order = out_order(rng, c, &sizes);
    let opt = |x: Option<i64>| x.map_or(Arg::None, Arg::Int);
    let args = vec![
        Arg::T(input(rng, dt[0], &s)),
        Arg::Int(d),
        opt(start),
        opt(end),
        Arg::Int(step),
    ];
    call(args, out_dtype(dt, v), sizes, order, v)
}

pub fn gen_select(rng: &mut Rng, c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let s = layout(rng, c, 1);
    let rank = s.0.len();
    let d = dim(rng, rank, v);
    let w = d.rem_euclid(rank as i64) as usize;
    let n = s.0[w] as i64;
    let index = if v % 13 == 12 {
        n
    } else {
        rng.below(n.max(1) as usize) as i64 - if rng.chance(0.3) { n } else { 0 }
    };
    let mut sizes = s.0.clone();
    sizes.remove(w);
    let order = out_order(rng, c, &sizes);
    let args = vec![Arg::T(input(rng, dt[0], &s)), Arg::Int(d), Arg::Int(index)];
    call(args, out_dtype(dt, v), sizes, order, v)
}

// ------------------------------------------------------------------------------------------
// Joining and splitting.

/// `k` tensors of `s`'s shape but `dim`, whose sizes are drawn; dtypes from the pair.
fn parts(
    rng: &mut Rng,
    s: &(Vec<usize>, Vec<usize>),
    d: Option<usize>,
    k: usize,
    dt: [ScalarType; 2],
    v: usize,
) -> Vec<OwnedTensor> {
    (0..k)
        .map(|i| {
            let mut sizes = s.0.clone();
            if let Some(d) = d {
                sizes[d] = rng.below(5) + if i == 0 { 1 } else { 0 };
            }
            let dtype = if v % 5 == 4 && i == 1 { dt[1] } else { dt[0] };
            tensor(rng, dtype, &sizes, &s.1)
        })
        .collect()
}

fn promoted(ts: &[OwnedTensor]) -> ScalarType {
    ts.iter()
        .map(|t| t.view().dtype())
        .reduce(|a, b| etk_core::promote_types(a, b).unwrap_or(a))
        .unwrap_or(ScalarType::Float)
}

pub fn gen_cat(rng: &mut Rng, c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let s = layout(rng, c, 1);
    let rank = s.0.len();
    let d = dim(rng, rank, v);
    let w = d.rem_euclid(rank as i64) as usize;
    let k = rng.range(1, 4);
    let mut ts = parts(rng, &s, Some(w), k, dt, v);
    if v % 11 == 10 {
        // a legacy empty tensor, skipped
        ts.insert(rng.below(k + 1), tensor(rng, dt[0], &[0], &[0]));
    }
    let mut sizes = s.0.clone();
    sizes[w] = ts
        .iter()
        .filter(|t| t.view().sizes() != [0])
        .map(|t| t.view().size(w))
        .sum();
    let order = out_order(rng, c, &sizes);
    let dtype = if v % 7 == 6 { dt[1] } else { promoted(&ts) };
    call(vec![Arg::Ts(ts), Arg::Int(d)], dtype, sizes, order, v)
}

pub fn gen_stack(rng: &mut Rng, c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let s = layout(rng, c, 0);
    let rank = s.0.len() + 1;
    let d = dim(rng, rank, v);
    let k = rng.range(1, 4);
    let ts = parts(rng, &s, None, k, dt, v);
    let mut sizes = s.0.clone();
    sizes.insert((d.rem_euclid(rank as i64) as usize).min(rank - 1), k);
    let order = out_order(rng, c, &sizes);
    let dtype = if v % 7 == 6 { dt[1] } else { promoted(&ts) };
    call(vec![Arg::Ts(ts), Arg::Int(d)], dtype, sizes, order, v)
}

/// The outs of a split of `sizes` along `w` into chunks of `lens`.
fn chunk_outs(
    rng: &mut Rng,
    c: Class,
    sizes: &[usize],
    w: usize,
    lens: &[usize],
    dt: [ScalarType; 2],
    v: usize,
) -> Arg {
    Arg::Outs(
        lens.iter()
            .map(|&n| {
                let mut s = sizes.to_vec();
                s[w] = n;
                OutSpec {
                    dtype: out_dtype(dt, v),
                    order: out_order(rng, c, &s),
                    sizes: s,
                }
            })
            .collect(),
    )
}

pub fn gen_split(rng: &mut Rng, c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let s = layout(rng, c, 1);
    let rank = s.0.len();
    let d = dim(rng, rank, v);
    let w = d.rem_euclid(rank as i64) as usize;
    let n = s.0[w];
    let split = if n == 0 { 0 } else { rng.range(1, n + 1) };
    let lens: Vec<usize> = if n == 0 {
        vec![0]
    } else {
        (0..n.div_ceil(split))
            .map(|k| split.min(n - k * split))
            .collect()
    };
    let outs = chunk_outs(rng, c, &s.0, w, &lens, dt, v);
    let args = vec![
        Arg::T(input(rng, dt[0], &s)),
        Arg::Int(split as i64),
        Arg::Int(d),
        outs,
    ];
    // `split_copy` never resizes its outs (ATen's `copy_` semantics): static outs only.
    call(args, dt[0], vec![], vec![], v & !3)
}

pub fn gen_split_with_sizes(
    rng: &mut Rng,
    c: Class,
    dt: [ScalarType; 2],
    v: usize,
) -> Option<Call> {
    let s = layout(rng, c, 1);
    let rank = s.0.len();
    let d = dim(rng, rank, v);
    let w = d.rem_euclid(rank as i64) as usize;
    let mut left = s.0[w];
    let mut lens = Vec::new();
    while left > 0 {
        let k = rng.range(0, left);
        lens.push(k);
        left -= k;
    }
    if lens.is_empty() || rng.chance(0.2) {
        lens.push(0);
    }
    let outs = chunk_outs(rng, c, &s.0, w, &lens, dt, v);
    let mut split: Vec<i64> = lens.iter().map(|&n| n as i64).collect();
    if v % 19 == 18 {
        split[0] += 1;
    }
    let args = vec![
        Arg::T(input(rng, dt[0], &s)),
        Arg::Ints(split),
        Arg::Int(d),
        outs,
    ];
    call(args, dt[0], vec![], vec![], v)
}

// ------------------------------------------------------------------------------------------
// Padding and pixel shuffling.

pub fn gen_constant_pad_nd(rng: &mut Rng, c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let s = layout(rng, c, 1);
    let rank = s.0.len();
    let padded = rng.range(1, rank.min(3));
    let mut pad = Vec::new();
    let mut sizes = s.0.clone();
    for k in 0..padded {
        let d = rank - 1 - k;
        let n = sizes[d] as i64;
        let (mut l, mut r) = (rng.range(0, 3) as i64, rng.range(0, 3) as i64);
        // crops sometimes (never past the dim, except rarely: an error in both)
        if rng.chance(0.25) {
            l = -(rng.below(n as usize + usize::from(v % 13 == 12)) as i64);
        }
        if rng.chance(0.25) {
            r = -(rng.below((n + l.min(0)).max(0) as usize + 1) as i64);
        }
        pad.extend([l, r]);
        sizes[d] = (n + l + r).max(0) as usize;
    }
    let value = match rng.below(4) {
        0 => Scalar::Int(rng.below(5) as i64 - 2),
        1 => Scalar::Double(1.5),
        2 => Scalar::Bool(true),
        _ => Scalar::Int(300),
    };
    let order = out_order(rng, c, &sizes);
    let args = vec![Arg::T(input(rng, dt[0], &s)), Arg::Ints(pad), Arg::S(value)];
    call(args, out_dtype(dt, v), sizes, order, v)
}

/// A `[N, C, H, W]`-like input (rank 3 to 5) of `class`'s layout.
fn image(rng: &mut Rng, c: Class, channels: usize, h: usize, w: usize) -> (Vec<usize>, Vec<usize>) {
    let lead = match c {
        Class::ChannelsLast | Class::MixedOrder => 1,
        _ => rng.below(3),
    };
    let mut sizes: Vec<usize> = (0..lead).map(|_| rng.range(1, 3)).collect();
    sizes.extend([channels, h, w]);
    let order = match c {
        Class::ChannelsLast | Class::MixedOrder => channels_last(&sizes),
        Class::Middle => permutation(rng, sizes.len()),
        _ => contiguous(&sizes),
    };
    (sizes, order)
}

pub fn gen_pixel_shuffle(rng: &mut Rng, c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let r = rng.range(1, 3);
    let (h, w) = if c == Class::Big {
        (64, 128)
    } else {
        (rng.range(1, 20), rng.range(1, 40))
    };
    let oc = if c == Class::Empty {
        0
    } else {
        rng.range(1, 4)
    };
    let channels = oc * r * r + usize::from(v % 13 == 12);
    let s = image(rng, c, channels, h, w);
    let rank = s.0.len();
    let mut sizes = s.0.clone();
    sizes[rank - 3] = oc;
    sizes[rank - 2] = h * r;
    sizes[rank - 1] = w * r;
    let order = out_order(rng, c, &sizes);
    let args = vec![Arg::T(input(rng, dt[0], &s)), Arg::Int(r as i64)];
    call(args, out_dtype(dt, v), sizes, order, v)
}

pub fn gen_pixel_unshuffle(rng: &mut Rng, c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let r = rng.range(1, 3);
    let (h, w) = if c == Class::Big {
        (64, 128)
    } else {
        (rng.range(1, 20), rng.range(1, 40))
    };
    let channels = if c == Class::Empty {
        0
    } else {
        rng.range(1, 4)
    };
    let s = image(rng, c, channels, h * r + usize::from(v % 13 == 12), w * r);
    let rank = s.0.len();
    let mut sizes = s.0.clone();
    if channels > 0 {
        sizes[rank - 3] = channels * r * r;
        sizes[rank - 2] = h;
        sizes[rank - 1] = w;
    }
    let order = out_order(rng, c, &sizes);
    let args = vec![Arg::T(input(rng, dt[0], &s)), Arg::Int(r as i64)];
    call(args, out_dtype(dt, v), sizes, order, v)
}

pub fn gen_upsample_nearest2d(
    rng: &mut Rng,
    c: Class,
    dt: [ScalarType; 2],
    v: usize,
) -> Option<Call> {
    let (h, w) = if c == Class::Big {
        (128, 256)
    } else {
        (rng.range(1, 12), rng.range(1, 40))
    };
    let batch = if c == Class::Empty {
        0
    } else {
        rng.range(1, 2)
    };
    let mut sizes = vec![batch, rng.range(1, 5), h, w];
    if c == Class::Big {
        sizes[1] = 8;
    }
    let order = match c {
        Class::ChannelsLast | Class::MixedOrder => channels_last(&sizes),
        Class::Middle => permutation(rng, 4),
        _ => contiguous(&sizes),
    };
    // output_size (integer and fractional ratios, down too) or scale factors
    let (oh, ow, size, scales) = if v % 3 == 2 {
        let (sh, sw) = (
            [2.0, 1.5, 0.5, 3.0][rng.below(4)],
            [2.0, 1.7, 0.6][rng.below(3)],
        );
        let (oh, ow) = ((h as f64 * sh) as usize, (w as f64 * sw) as usize);
        (oh, ow, Arg::None, Arg::Floats(vec![sh, sw]))
    } else {
        let pick = |rng: &mut Rng, n: usize| match rng.below(4) {
            0 => 2 * n,
            1 => n,
            2 => rng.range(1, 3 * n),
            _ => 3 * n,
        };
        let (oh, ow) = (pick(rng, h), pick(rng, w));
        (oh, ow, Arg::Ints(vec![oh as i64, ow as i64]), Arg::None)
    };
    let out = vec![sizes[0], sizes[1], oh, ow];
    let order_out = out_order(rng, c, &out);
    let args = vec![Arg::T(tensor(rng, dt[0], &sizes, &order)), size, scales];
    call(args, out_dtype(dt, v), out, order_out, v)
}

/// A Long or Int index tensor of `shape` with values in `[0, n)` (negative ones from `-n`
/// when `negative`), one out of range when `bad`.
fn index_tensor(
    rng: &mut Rng,
    shape: &[usize],
    n: usize,
    negative: bool,
    bad: bool,
) -> OwnedTensor {
    let dtype = if rng.chance(0.3) {
        ScalarType::Int
    } else {
        ScalarType::Long
    };
    let count: usize = shape.iter().product();
    let mut v: Vec<i64> = (0..count)
        .map(|_| {
            let i = rng.below(n.max(1)) as i64;
            if negative && rng.chance(0.3) {
                i - n as i64
            } else {
                i
            }
        })
        .collect();
    if bad && count > 0 {
        let k = rng.below(count);
        v[k] = n as i64 + rng.below(3) as i64;
    }
    let mut t = OwnedTensor::zeros(dtype, shape).unwrap();
    t.fill_logical::<i64>(&v);
    t
}

pub fn gen_index_select(rng: &mut Rng, c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let s = layout(rng, c, 0);
    let rank = s.0.len();
    let d = dim(rng, rank, v);
    let w = if rank == 0 {
        0
    } else {
        d.rem_euclid(rank as i64) as usize
    };
    let n = if rank == 0 { 1 } else { s.0[w] };
    let count = if c == Class::Big {
        2000
    } else {
        rng.range(0, 2 * n + 2)
    };
    let shape = if rank == 0 || rng.chance(0.1) {
        vec![]
    } else {
        vec![count]
    };
    let index = index_tensor(rng, &shape, n, false, v % 13 == 12);
    let mut sizes = s.0.clone();
    if rank > 0 {
        sizes[w] = shape.iter().product();
    }
    let order = out_order(rng, c, &sizes);
    let args = vec![Arg::T(input(rng, dt[0], &s)), Arg::Int(d), Arg::T(index)];
    call(args, out_dtype(dt, v), sizes, order, v)
}

pub fn gen_embedding(rng: &mut Rng, c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let (rows, dim) = match c {
        Class::Big => (3000, 256),
        Class::Row | Class::Column => (rng.range(1, 300), rng.range(1, 300)),
        Class::Empty => (rng.range(0, 3), rng.range(0, 3)),
        _ => (rng.range(1, 20), rng.range(1, 40)),
    };
    let wsizes = [rows, dim];
    let worder = if c == Class::Middle {
        vec![1, 0]
    } else {
        vec![0, 1]
    };
    let weight = tensor(rng, dt[0], &wsizes, &worder);
    let ishape: Vec<usize> = match (c, rng.below(4)) {
        (Class::Big, _) => vec![4096],
        (Class::AllZeroDim, _) | (_, 0) => vec![],
        (_, 1) => vec![rng.range(0, 9)],
        _ => vec![rng.range(1, 4), rng.range(0, 6)],
    };
    let indices = index_tensor(rng, &ishape, rows, false, v % 13 == 12);
    let mut sizes = ishape.clone();
    sizes.push(dim);
    let order = out_order(rng, c, &sizes);
    let args = vec![
        Arg::T(weight),
        Arg::T(indices),
        Arg::Int(-1),
        Arg::Bool(false),
        Arg::Bool(false),
    ];
    call(args, out_dtype(dt, v), sizes, order, v)
}

/// An index list for `self` of `sizes` (advanced indexing), and the shape it selects: one
/// index tensor at a dim, two adjacent ones broadcasting together, two apart (the result's
/// indexed dims first), or a Bool mask over leading dims.
fn index_list(rng: &mut Rng, sizes: &[usize], v: usize) -> (Vec<Option<OwnedTensor>>, Vec<usize>) {
    let rank = sizes.len();
    let bad = v % 13 == 12;
    let k = rng.below(rank);
    let mut list: Vec<Option<OwnedTensor>> = (0..k).map(|_| None).collect();
    let count = rng.range(0, 6);
    match rng.below(4) {
        1 if k + 1 < rank => {
            // two adjacent: [count] and [1] broadcast to [count]
            list.push(Some(index_tensor(rng, &[count], sizes[k], true, bad)));
            list.push(Some(index_tensor(rng, &[1], sizes[k + 1], true, false)));
            let mut r = sizes[..k].to_vec();
            r.push(count);
            r.extend_from_slice(&sizes[k + 2..]);
            (list, r)
        }
        2 if k + 2 < rank => {
            // two apart: the broadcast dims go first
            list.push(Some(index_tensor(rng, &[count], sizes[k], true, bad)));
            list.push(None);
            list.push(Some(index_tensor(rng, &[count], sizes[k + 2], true, false)));
            let mut r = vec![count];
            r.extend(
                (0..rank)
                    .filter(|&d| d != k && d != k + 2)
                    .map(|d| sizes[d]),
            );
            (list, r)
        }
        3 => {
            // a Bool mask over dim k
            let mut m = OwnedTensor::zeros(ScalarType::Bool, &[sizes[k]]).unwrap();
            let bits: Vec<i64> = (0..sizes[k]).map(|_| rng.below(2) as i64).collect();
            m.fill_logical::<i64>(&bits);
            let trues = bits.iter().filter(|&&b| b != 0).count();
            list.push(Some(m));
            let mut r = sizes[..k].to_vec();
            r.push(trues);
            r.extend_from_slice(&sizes[k + 1..]);
            (list, r)
        }
        _ => {
            let shape = if rng.chance(0.2) {
                vec![count, 2]
            } else {
                vec![count]
            };
            list.push(Some(index_tensor(rng, &shape, sizes[k], true, bad)));
            if k + 1 < rank && rng.chance(0.3) {
                // a full slice after the index, spelled out (as `x[:, pos, :]` exports)
                list.push(None);
            }
            let mut r = sizes[..k].to_vec();
            r.extend_from_slice(&shape);
            r.extend_from_slice(&sizes[k + 1..]);
            (list, r)
        }
    }
}

pub fn gen_index(rng: &mut Rng, c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let s = layout(rng, c, 1);
    let (list, sizes) = index_list(rng, &s.0, v);
    let order = out_order(rng, c, &sizes);
    let args = vec![Arg::T(input(rng, dt[0], &s)), Arg::OptTs(list)];
    call(args, out_dtype(dt, v), sizes, order, v)
}

pub fn gen_index_put(rng: &mut Rng, c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let s = layout(rng, c, 1);
    let (list, result) = index_list(rng, &s.0, v);
    // values: the result's shape, its last dim only, or one element (masked_fill's form)
    let vshape = match rng.below(4) {
        0 => result.last().map_or(vec![], |&n| vec![n]),
        1 => vec![1],
        _ => result,
    };
    let vdtype = out_dtype(dt, v / 7 + 3);
    let values = tensor(rng, vdtype, &vshape, &contiguous(&vshape));
    let accumulate = rng.chance(0.3);
    let order = out_order(rng, c, &s.0);
    let args = vec![
        Arg::T(input(rng, dt[0], &s)),
        Arg::OptTs(list),
        Arg::T(values),
        Arg::Bool(accumulate),
    ];
    call(args, out_dtype(dt, v), s.0.clone(), order, v)
}
