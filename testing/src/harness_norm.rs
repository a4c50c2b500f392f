//! Argument generators for the normalizations and softmax in the optimized-vs-portable harness:
//! `_native_batch_norm_legit_no_training`, `native_layer_norm`, `native_group_norm`, `_softmax`
//! and `_log_softmax`, with every out compared (`Arg::Out` for the statistics).
//!
//! Shapes cover what the optimized kernels take and what they hand to portable: contiguous,
//! channels-last and other dim orders of the input, an out in another dim order, size-1 dims,
//! empty tensors, odd lengths that leave vector tails, rows long enough for the chunked
//! moments' cascade, and calls large enough to be split over threads. Every dtype comes along
//! (the harness tries all ten), with parameters of the input's dtype, of Float (ATen's mixed
//! dtype) or of another, so both libraries must also agree on the rejections.
//!
//! Batch norm in inference is compared bit for bit. The moments of layer and group norm are
//! ATen's (as portable's) computed with fused multiply-adds that portable rounds through f64,
//! and softmax uses the vector `exp` and another summation order: those compare within a few
//! units in the last place.

use crate::harness::random::{DTYPES, Rng, channels_last, contiguous, tensor};
use crate::harness::tensors::{Arg, Call, Class, Gen, MakeCall, OutSpec, ScaleFn};
use crate::harness::tolerance::Tol;
use etk_core::{OwnedTensor, Scalar, ScalarType};

pub fn generator(name: &str) -> Option<Gen> {
    let (tol, make, scale): (Tol, MakeCall, Option<ScaleFn>) = match name {
        "aten::_native_batch_norm_legit_no_training.out" => (Tol::Exact, gen_batch_norm, None),
        "aten::native_layer_norm.out" => (MOMENTS, gen_layer_norm, Some(layer_norm_scale)),
        "aten::native_group_norm.out" => (MOMENTS, gen_group_norm, Some(group_norm_scale)),
        "aten::_softmax.out" => (SOFTMAX, gen_softmax, None),
        "aten::_log_softmax.out" => (LOG_SOFTMAX, gen_softmax, None),
        _ => return None,
    };
    Some(Gen {
        tol,
        make,
        pointwise: false,
        scale,
    })
}

/// The moments in another order (portable walks four chunks side by side and rounds each
/// multiply-add twice; the vector moments fuse them), then the normalization, which may cancel
/// (`x - mean`): the suite's transcendental tolerance (`testing/golden/README.md`) on each
/// value, plus what the sums' rounding can reach where the terms cancel ([`moments_scale`]).
/// Measured before the scaled part: a group's mean of ~1,700 values in [-3, 3] 1.2e-6 apart,
/// a layer norm's out of -1.05e6 9.3e-6 relative apart (a row of extremes), a layer norm's
/// mean 1.1e-5 relative apart at AVX-512.
pub const MOMENTS: Tol = Tol::Close {
    rtol: 1e-5,
    atol: 1e-5,
};

/// The vector `exp` (a few ulp) and the sum in another order.
pub const SOFTMAX: Tol = Tol::Close {
    rtol: 1e-5,
    atol: 1e-7,
};

/// `(x - max) - log(sum)`: the error of the sum's logarithm is absolute.
pub const LOG_SOFTMAX: Tol = Tol::Close {
    rtol: 1e-5,
    atol: 4e-6,
};

/// An input: `harness::tensor`'s values (NaN, infinities, extremes now and then) in a
/// quarter of the calls; in the others finite values of ordinary size, since one special
/// value turns a whole row or group of a norm into NaN and would hide the rest.
fn input(rng: &mut Rng, dtype: ScalarType, sizes: &[usize], order: &[usize]) -> OwnedTensor {
    let mut t = tensor(rng, dtype, sizes, order);
    if dtype.is_floating_point() && !rng.chance(0.25) {
        let v: Vec<f64> = t
            .to_logical::<f64>()
            .iter()
            .map(|&x| {
                if x.is_finite() && x.abs() <= 8.0 {
                    x
                } else {
                    (rng.unit() * 2.0 - 1.0) * 8.0
                }
            })
            .collect();
        t.fill_logical::<f64>(&v);
    }
    t
}

/// A dim order for `sizes`: contiguous mostly, channels-last for 4-D and 5-D, or any
/// permutation.
fn order(rng: &mut Rng, sizes: &[usize]) -> Vec<usize> {
    match rng.below(4) {
        0 | 1 => contiguous(sizes),
        2 => channels_last(sizes),
        _ => {
            let mut o = contiguous(sizes);
            for i in (1..o.len()).rev() {
                o.swap(i, rng.below(i + 1));
            }
            o
        }
    }
}

/// The out's dim order: the input's mostly, sometimes another.
fn out_order(rng: &mut Rng, sizes: &[usize], input: &[usize]) -> Vec<usize> {
    if rng.chance(0.8) {
        input.to_vec()
    } else {
        order(rng, sizes)
    }
}

/// A length: odd and short mostly, sometimes past the moments' chunks of 16 vectors (and, past
/// 4 chunks, their cascade), sometimes 1.
fn length(rng: &mut Rng, v: usize) -> usize {
    match (v + rng.below(8)) % 8 {
        0 | 3 => rng.range(129, 2100),
        1 => 1,
        2 => rng.range(16, 48),
        _ => rng.range(1, 67),
    }
}

/// The parameters' dtype: the input's, Float (ATen's mixed dtype for Half/BFloat16), or any.
fn param_dtype(rng: &mut Rng, input: ScalarType, other: ScalarType, v: usize) -> ScalarType {
    match v % 6 {
        0..=2 => input,
        3 | 4 => ScalarType::Float,
        _ => {
            if rng.chance(0.5) {
                other
            } else {
                DTYPES[rng.below(10)]
            }
        }
    }
}

/// A parameter tensor (`None` sometimes).
fn param(rng: &mut Rng, dtype: ScalarType, sizes: &[usize], optional: bool) -> Arg {
    if optional && rng.chance(0.35) {
        return Arg::OptT(None);
    }
    Arg::OptT(Some(input(rng, dtype, sizes, &contiguous(sizes))))
}

/// Positive values (a variance), with the specials now and then.
fn positive(rng: &mut Rng, dtype: ScalarType, sizes: &[usize]) -> OwnedTensor {
    let mut t = input(rng, dtype, sizes, &contiguous(sizes));
    if dtype.is_floating_point() {
        let v: Vec<f64> = t.to_logical::<f64>().iter().map(|x| x.abs()).collect();
        t.fill_logical::<f64>(&v);
    }
    t
}

fn out(dtype: ScalarType, sizes: &[usize], order: &[usize]) -> OutSpec {
    OutSpec {
        dtype,
        sizes: sizes.to_vec(),
        order: order.to_vec(),
    }
}

/// The call's last out (`out2`) is the call's own; `out0` and `out1` go before it.
fn three_outs(mut args: Vec<Arg>, outs: [OutSpec; 3], dynamic: bool) -> Option<Call> {
    let [o0, o1, o2] = outs;
    args.push(Arg::Out(o0));
    args.push(Arg::Out(o1));
    Some(Call {
        args,
        out_dtype: o2.dtype,
        out_sizes: o2.sizes,
        out_order: o2.order,
        dynamic,
    })
}

/// The out dtype: the input's mostly, another sometimes (an error both must give).
fn out_dtype(rng: &mut Rng, input: ScalarType, v: usize) -> ScalarType {
    if v % 9 == 8 {
        DTYPES[rng.below(10)]
    } else {
        input
    }
}

pub fn gen_batch_norm(rng: &mut Rng, _c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let rank = 2 + (v + rng.below(4)) % 4;
    let mut sizes = vec![rng.range(1, 3), rng.range(1, 19)];
    for _ in 2..rank {
        sizes.push(length(rng, v).min(40));
    }
    match v % 11 {
        // empty: no batch, or no channels
        3 => sizes[0] = 0,
        7 => sizes[1] = 0,
        // channels-last-sized: many channels, few positions
        5 => sizes[1] = rng.range(17, 70),
        // enough for threads
        10 => {
            sizes = vec![2, 24, 31, 19];
        }
        _ => {}
    }
    let c = sizes[1];
    let x_order = order(rng, &sizes);
    let x = input(rng, dt[0], &sizes, &x_order);
    let pt = param_dtype(rng, dt[0], dt[1], v);
    let args = vec![
        Arg::T(x),
        param(rng, pt, &[c], true),
        param(rng, pt, &[c], true),
        Arg::T(input(rng, pt, &[c], &[0])),
        Arg::T(positive(rng, pt, &[c])),
        Arg::S(Scalar::Double(0.1)),
        Arg::S(Scalar::Double([1e-5, 1e-3, 0.0][rng.below(3)])),
    ];
    let o0 = out_order(rng, &sizes, &x_order);
    let outs = [
        out(out_dtype(rng, dt[0], v), &sizes, &o0),
        out(pt, &[0], &[0]),
        out(pt, &[0], &[0]),
    ];
    three_outs(args, outs, v % 4 == 3)
}

pub fn gen_layer_norm(rng: &mut Rng, _c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let rank = 1 + (v + rng.below(3)) % 4;
    let k = if rng.chance(0.7) {
        1
    } else {
        rng.range(1, rank)
    };
    let mut sizes: Vec<usize> = (0..rank).map(|_| rng.range(1, 5)).collect();
    sizes[rank - 1] = length(rng, v);
    match v % 13 {
        4 => sizes[0] = 0,
        9 => sizes[rank - 1] = 0,
        // enough for threads
        12 => sizes = vec![24, 1031],
        _ => {}
    }
    let rank = sizes.len();
    let k = k.min(rank);
    let norm = sizes[rank - k..].to_vec();
    let mut normalized: Vec<i64> = norm.iter().map(|&n| n as i64).collect();
    if v % 17 == 16 {
        normalized[0] += 1; // not the trailing sizes: an error
    }
    let x_order = if rng.chance(0.7) {
        contiguous(&sizes)
    } else {
        order(rng, &sizes)
    };
    let x = input(rng, dt[0], &sizes, &x_order);
    let pt = param_dtype(rng, dt[0], dt[1], v);
    let args = vec![
        Arg::T(x),
        Arg::Ints(normalized),
        param(rng, pt, &norm, true),
        param(rng, pt, &norm, true),
        Arg::S(Scalar::Double([1e-5, 1e-3, 0.0][rng.below(3)])),
    ];
    let mut stat = sizes.clone();
    for s in &mut stat[rank - k..] {
        *s = 1;
    }
    let o0 = out_order(rng, &sizes, &x_order);
    let so = contiguous(&stat);
    let outs = [
        out(out_dtype(rng, dt[0], v), &sizes, &o0),
        out(pt, &stat, &so),
        out(pt, &stat, &so),
    ];
    three_outs(args, outs, v % 4 == 3)
}

pub fn gen_group_norm(rng: &mut Rng, _c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let (g, per) = (rng.range(1, 4), rng.range(1, 5));
    let c = g * per;
    // 4-D and 5-D mostly (the ranks with a channels-last layout)
    let rank = [4, 4, 5, 2, 3][(v + rng.below(5)) % 5];
    let mut sizes = vec![rng.range(1, 3), c];
    let most = if rank == 5 { 9 } else { 30 };
    for _ in 2..rank {
        sizes.push(length(rng, v).min(most));
    }
    match v % 11 {
        3 => sizes[0] = 0,
        7 if rank > 2 => sizes[rank - 1] = 0,
        // enough for threads
        10 => sizes = vec![2, 32, 19, 23],
        _ => {}
    }
    let (n, c) = (sizes[0], sizes[1]);
    let g = if v % 11 == 10 { 8 } else { g };
    let hxw: usize = sizes[2..].iter().product();
    // contiguous or channels-last mostly (the layouts ATen takes), another sometimes
    let x_order = match rng.below(10) {
        0..=3 => contiguous(&sizes),
        4..=8 => channels_last(&sizes),
        _ => order(rng, &sizes),
    };
    let x = input(rng, dt[0], &sizes, &x_order);
    let pt = param_dtype(rng, dt[0], dt[1], v);
    let group = if v % 19 == 18 { g as i64 + 1 } else { g as i64 };
    let args = vec![
        Arg::T(x),
        param(rng, pt, &[c], true),
        param(rng, pt, &[c], true),
        Arg::Int(n as i64),
        Arg::Int(c as i64),
        Arg::Int(if v % 23 == 22 {
            hxw as i64 + 1
        } else {
            hxw as i64
        }),
        Arg::Int(group),
        Arg::S(Scalar::Double([1e-5, 1e-3, 0.0][rng.below(3)])),
    ];
    let o0 = out_order(rng, &sizes, &x_order);
    let stat = [n, g];
    let outs = [
        out(out_dtype(rng, dt[0], v), &sizes, &o0),
        out(pt, &stat, &[0, 1]),
        out(pt, &stat, &[0, 1]),
    ];
    three_outs(args, outs, v % 4 == 3)
}

/// `_softmax` and `_log_softmax`: `(self, dim, half_to_float)`.
pub fn gen_softmax(rng: &mut Rng, _c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let rank = (v + rng.below(5)) % 5;
    let mut sizes: Vec<usize> = (0..rank).map(|_| rng.range(1, 6)).collect();
    let dim = if rank == 0 {
        [0, -1][rng.below(2)]
    } else {
        rng.below(2 * rank) as i64 - rank as i64
    };
    if rank > 0 {
        let d = dim.rem_euclid(rank as i64) as usize;
        sizes[d] = length(rng, v);
        match v % 13 {
            4 => sizes[0] = 0,
            // enough for threads: the softmax dim last, or not
            12 => {
                sizes = vec![12, 1027];
                if rank == 1 {
                    sizes = vec![33000];
                }
            }
            _ => {}
        }
    }
    let rank = sizes.len();
    let dim = if rank == 0 {
        dim
    } else if v % 29 == 28 {
        rank as i64 // out of range: an error
    } else {
        dim.clamp(-(rank as i64), rank as i64 - 1)
    };
    let x_order = order(rng, &sizes);
    let x = input(rng, dt[0], &sizes, &x_order);
    let o = out_order(rng, &sizes, &x_order);
    Some(Call {
        args: vec![Arg::T(x), Arg::Int(dim), Arg::Bool(v % 31 == 30)],
        out_dtype: out_dtype(rng, dt[0], v),
        out_sizes: sizes,
        out_order: o,
        dynamic: v % 4 == 3,
    })
}

/// Units of the compute type's rounding (2^-24 for Float, Half and BFloat16, which compute in
/// f32; 2^-53 for Double) by which two summation orders of one sum may differ, relative to the
/// sum of the terms' magnitudes: the reductions' bound of `testing/golden/README.md`, "a few
/// ulps" of `Σ|x|`.
const SUM_ULPS: f64 = 4.0;

/// `native_layer_norm.out`'s scaled tolerances: rows of the trailing `normalized_shape` dims.
fn layer_norm_scale(call: &Call) -> Vec<Vec<f64>> {
    let (Some(Arg::T(x)), Some(Arg::Ints(norm))) = (call.args.first(), call.args.get(1)) else {
        return vec![];
    };
    let n: usize = norm.iter().map(|&d| d.max(0) as usize).product();
    if n == 0 {
        return vec![];
    }
    moments_scale(
        call,
        x,
        |i| (i / n, i % n),
        param_values(call.args.get(2)),
        4,
    )
}

/// `native_group_norm.out`'s scaled tolerances: rows of `C / group` channels of one sample.
fn group_norm_scale(call: &Call) -> Vec<Vec<f64>> {
    let ints: Vec<i64> = call.args[3..7]
        .iter()
        .filter_map(|a| match a {
            Arg::Int(v) => Some(*v),
            _ => None,
        })
        .collect();
    let (Some(Arg::T(x)), &[_, c, hxw, g]) = (call.args.first(), &ints[..]) else {
        return vec![];
    };
    let (c, hxw, g) = (c.max(0) as usize, hxw.max(0) as usize, g.max(1) as usize);
    if c == 0 || hxw == 0 || c % g != 0 {
        return vec![];
    }
    let per = c / g;
    let at = |i: usize| {
        let ch = (i / hxw) % c;
        ((i / (c * hxw)) * g + ch / per, ch)
    };
    moments_scale(call, x, at, param_values(call.args.get(1)), 7)
}

/// A weight's values in logical order (`None`: the identity).
fn param_values(arg: Option<&Arg>) -> Option<Vec<f64>> {
    match arg {
        Some(Arg::OptT(Some(w))) => Some(w.to_logical::<f64>()),
        _ => None,
    }
}

/// What the moments' sums can reach in another order, per element of the three outs (`rstd`,
/// the call's own, then `out`, then `mean`), in memory order. `at(i)` is the row (group) of
/// logical element `i` of `x` and its index into the weight; `eps_at` the place of `eps`.
///
/// Per row of `n` terms, with `A = Σ|x| / n`, `Q = Σx² / n` and `u` the compute type's unit
/// roundoff: the mean within `k u A` (`k` = [`SUM_ULPS`]); the variance within `3 k u Q` (its
/// sum, or `Q - mean²` where a kernel computes it so), so `rstd = (var + eps)^-1/2` within half
/// that times `rstd³`; and `y = (x - mean) rstd w + b` within `|w| (Δmean rstd + |x - mean|
/// Δrstd)`.
fn moments_scale(
    call: &Call,
    x: &etk_core::OwnedTensor,
    at: impl Fn(usize) -> (usize, usize),
    weight: Option<Vec<f64>>,
    eps_at: usize,
) -> Vec<Vec<f64>> {
    let eps = match call.args.get(eps_at) {
        Some(Arg::S(Scalar::Double(e))) => *e,
        _ => 0.0,
    };
    let xs = x.to_logical::<f64>();
    let rows: usize = call.out_sizes.iter().product();
    let (mut sum, mut abs, mut sq, mut count) = (
        vec![0.0; rows],
        vec![0.0; rows],
        vec![0.0; rows],
        vec![0usize; rows],
    );
    for (i, &v) in xs.iter().enumerate() {
        let r = at(i).0;
        if r >= rows {
            return vec![];
        }
        sum[r] += v;
        abs[r] += v.abs();
        sq[r] += v * v;
        count[r] += 1;
    }
    let mean: Vec<f64> = (0..rows).map(|r| sum[r] / count[r].max(1) as f64).collect();
    let mut var = vec![0.0; rows];
    for (i, &v) in xs.iter().enumerate() {
        let r = at(i).0;
        var[r] += (v - mean[r]) * (v - mean[r]);
    }
    let u = if x.dtype() == ScalarType::Double {
        2f64.powi(-53)
    } else {
        2f64.powi(-24)
    };
    let finite = |v: f64| if v.is_finite() { v } else { 0.0 };
    let (mut d_mean, mut d_rstd, mut rstd) = (vec![0.0; rows], vec![0.0; rows], vec![0.0; rows]);
    for r in 0..rows {
        let n = count[r].max(1) as f64;
        rstd[r] = 1.0 / (var[r] / n + eps).sqrt();
        d_mean[r] = finite(SUM_ULPS * u * abs[r] / n);
        d_rstd[r] = finite(0.5 * 3.0 * SUM_ULPS * u * sq[r] / n * rstd[r].powi(3));
    }
    let y: Vec<f64> = xs
        .iter()
        .enumerate()
        .map(|(i, &v)| {
            let (r, wi) = at(i);
            let w = weight
                .as_ref()
                .map_or(1.0, |w| w.get(wi).copied().unwrap_or(1.0));
            finite(w.abs() * (d_mean[r] * rstd[r] + (v - mean[r]).abs() * d_rstd[r]))
        })
        .collect();
    let specs: Vec<&OutSpec> = call
        .args
        .iter()
        .filter_map(|a| match a {
            Arg::Out(o) => Some(o),
            _ => None,
        })
        .collect();
    let [out, mean_out] = specs[..] else {
        return vec![];
    };
    vec![
        memory_order(&d_rstd, &call.out_sizes, &call.out_order),
        memory_order(&y, &out.sizes, &out.order),
        memory_order(&d_mean, &mean_out.sizes, &mean_out.order),
    ]
}

/// Values in logical (row-major) order laid out as a tensor of `sizes` in dim order `order`
/// stores them; empty when the counts disagree.
fn memory_order(logical: &[f64], sizes: &[usize], order: &[usize]) -> Vec<f64> {
    if sizes.iter().product::<usize>() != logical.len() {
        return vec![];
    }
    let mut strides = vec![1; sizes.len()];
    for d in (0..sizes.len().saturating_sub(1)).rev() {
        strides[d] = strides[d + 1] * sizes[d + 1];
    }
    (0..logical.len())
        .map(|m| {
            let (mut rest, mut l) = (m, 0);
            for &d in order.iter().rev() {
                l += (rest % sizes[d]) * strides[d];
                rest /= sizes[d];
            }
            logical[l]
        })
        .collect()
}
