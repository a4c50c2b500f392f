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
use crate::harness::tensors::{Arg, Call, Class, Gen, MakeCall, OutSpec};
use crate::harness::tolerance::Tol;
use etk_core::{OwnedTensor, Scalar, ScalarType};

pub fn generator(name: &str) -> Option<Gen> {
    let (tol, make): (Tol, MakeCall) = match name {
        "aten::_native_batch_norm_legit_no_training.out" => (Tol::Exact, gen_batch_norm),
        "aten::native_layer_norm.out" => (MOMENTS, gen_layer_norm),
        "aten::native_group_norm.out" => (MOMENTS, gen_group_norm),
        "aten::_softmax.out" => (SOFTMAX, gen_softmax),
        "aten::_log_softmax.out" => (LOG_SOFTMAX, gen_softmax),
        _ => return None,
    };
    Some(Gen {
        tol,
        make,
        pointwise: false,
    })
}

/// The moments in another order (portable walks four chunks side by side and rounds each
/// multiply-add twice; the vector moments fuse them), then the normalization, which may cancel
/// (`x - mean`). Measured: a group's mean of ~1,700 values in [-3, 3] 1.2e-6 apart, a layer
/// norm's out of -1.05e6 9.3e-6 relative apart (a row of extremes). The vector moments still
/// follow portable's earlier walk (one chunk at a time); until they follow its four chunks side
/// by side, the suite's transcendental tolerance (`testing/golden/README.md`), which the
/// committed suite holds both to against ATen.
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
