//! Argument generators for the reductions in the optimized-vs-portable harness: `sum`, `mean`,
//! `amax`, `amin`, `argmax`, `argmin`, `var`, `var_mean` and `any`.
//!
//! Shapes cover both walks of the optimized kernels (the reduced dims innermost in memory, or
//! outer) and what they hand to portable: ranks 0 to 4 in contiguous, channels-last and other
//! dim orders, dim lists of every length (negative dims, `None`, `[]`, and the rejected
//! repeated or out-of-range ones), keepdim, outs in another dim order, size-1 dims, empty
//! tensors and empty lanes, lanes of odd lengths that leave vector tails, lanes long enough for
//! the sums' blocked cascade, and calls large enough to be split over threads. Every dtype
//! comes along (the harness tries all ten) with outs of the input's dtype, of Float, or of
//! another (a rejection or a cast both libraries must agree on).
//!
//! `sum`, `mean` and `var` add in another order than portable: they compare within [`SUMS`].
//! `amax`, `amin`, `argmax`, `argmin` and `any` compare bit for bit, on inputs full of ties,
//! signed zeros and NaN.

use crate::harness::random::{DTYPES, Rng, contiguous, value};
use crate::harness::tensors::{Arg, Call, Class, Gen, MakeCall, OutSpec};
use crate::harness::tolerance::Tol;
use etk_core::Scalar;
use etk_core::{OwnedTensor, ScalarType};

pub fn generator(name: &str) -> Option<Gen> {
    let (tol, make): (Tol, MakeCall) = match name {
        "aten::sum.IntList_out" => (SUMS, gen_sum),
        "aten::mean.out" => (SUMS, gen_mean),
        "aten::mean.dtype_out" => (SUMS, gen_mean_dtype),
        "aten::amax.out" | "aten::amin.out" => (Tol::Exact, gen_amax),
        "aten::argmax.out" | "aten::argmin.out" => (Tol::Exact, gen_argmax),
        "aten::var.correction_out" => (SUMS, gen_var_correction),
        "aten::var.out" => (SUMS, gen_var),
        "aten::var_mean.correction_out" => (SUMS, gen_var_mean),
        "aten::any.all_out" => (Tol::Exact, gen_any_all),
        "aten::any.dims_out" => (Tol::Exact, gen_any_dims),
        "aten::any.out" => (Tol::Exact, gen_any),
        _ => return None,
    };
    Some(Gen {
        tol,
        make,
        pointwise: false,
        scale: None,
    })
}

/// Sums in another order: a few ulp of a result whose terms have one sign mostly (the inputs
/// lean positive, so nothing cancels to a result far below its terms).
pub const SUMS: Tol = Tol::Close {
    rtol: 2e-6,
    atol: 1e-5,
};

/// What the values of a float input look like.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Values {
    /// In `[-2, 8)`, integers now and then: sums of terms of one sign mostly.
    Leaning,
    /// Small integers, signed zeros: ties everywhere (for the extremes).
    Ties,
    /// Zeros (of both signs) mostly, and now and then anything (`any`).
    Sparse,
}

/// An input of `dtype`: floats as `values` says, with NaN, infinities and signed zeros in some
/// calls; integers over their whole range (`harness::value`).
fn input(
    rng: &mut Rng,
    dtype: ScalarType,
    sizes: &[usize],
    order: &[usize],
    values: Values,
) -> OwnedTensor {
    let mut t = OwnedTensor::with_capacity(dtype, sizes, order, 0).unwrap();
    let n = t.numel();
    let nonzero = [0.0, 0.0005, 0.01, 0.3][rng.below(4)];
    if !dtype.is_floating_point() {
        let v: Vec<i64> = (0..n)
            .map(|_| {
                if values == Values::Sparse && !rng.chance(nonzero) {
                    0
                } else {
                    value(rng, dtype) as i64
                }
            })
            .collect();
        t.fill_logical::<i64>(&v);
        return t;
    }
    let special = [0.0, 0.0, 0.0, 0.002, 0.02][rng.below(5)];
    let v: Vec<f64> = (0..n)
        .map(|_| {
            if rng.chance(special) {
                return [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 0.0, -0.0][rng.below(5)];
            }
            match values {
                Values::Leaning => {
                    let x = rng.unit() * 10.0 - 2.0;
                    if rng.chance(0.1) { x.round() } else { x }
                }
                Values::Ties => [-3.0, -1.5, -0.0, 0.0, 0.0, 1.0, 2.5, 3.0][rng.below(8)],
                Values::Sparse if rng.chance(nonzero) => value(rng, dtype),
                Values::Sparse => [0.0, -0.0][rng.below(2)],
            }
        })
        .collect();
    t.fill_logical::<f64>(&v);
    t
}

/// A dim order for `sizes`: contiguous mostly, channels-last for 4-D, or any permutation.
pub fn order(rng: &mut Rng, sizes: &[usize]) -> Vec<usize> {
    match rng.below(5) {
        0 | 1 => contiguous(sizes),
        2 if sizes.len() == 4 => vec![0, 2, 3, 1],
        _ => {
            let mut o = contiguous(sizes);
            for i in (1..o.len()).rev() {
                o.swap(i, rng.below(i + 1));
            }
            o
        }
    }
}

/// A length: short and odd mostly, sometimes long (past a vector block), sometimes 1 or 0.
fn length(rng: &mut Rng, v: usize) -> usize {
    match (v + rng.below(10)) % 10 {
        0 | 3 => rng.range(129, 2100),
        1 => 1,
        2 => rng.range(16, 48),
        9 if rng.chance(0.3) => 0,
        _ => rng.range(1, 67),
    }
}

/// Sizes of a rank-`rank` input: small dims, one or two of them long, at most [`MOST`]
/// elements (portable adds its chunks' sums in sequence, whose error grows with the lane: a
/// lane of a million elements differs from a cascade by more than a few ulp).
fn sizes(rng: &mut Rng, rank: usize, v: usize) -> Vec<usize> {
    let mut s: Vec<usize> = (0..rank).map(|_| rng.range(1, 5)).collect();
    for _ in 0..rng.range(1, 2).min(rank) {
        let d = rng.below(rank);
        s[d] = length(rng, v);
    }
    while s.iter().product::<usize>() > MOST {
        let big = (0..rank).max_by_key(|&d| s[d]).unwrap_or(0);
        s[big] = s[big] / 2 + 1;
    }
    s
}

/// The most elements of an input (but for the calls split over threads).
const MOST: usize = 40_000;

/// A reduction's dims: which dims (as a mask) and how the call spells them.
struct Dims {
    mask: Vec<bool>,
    arg: Arg,
    /// Whether the call is one ATen rejects (a dim twice, or out of range).
    bad: bool,
}

/// A dim list over `rank` dims: a random subset, each dim spelled positive or negative;
/// `None` and `[]` (every dim) now and then, and a repeated or out-of-range dim rarely.
fn dim_list(rng: &mut Rng, rank: usize, v: usize) -> Dims {
    let r = rank.max(1) as i64;
    match v % 23 {
        5 => {
            return Dims {
                mask: vec![true; rank],
                arg: Arg::None,
                bad: false,
            };
        }
        11 => {
            return Dims {
                mask: vec![true; rank],
                arg: Arg::Ints(vec![]),
                bad: false,
            };
        }
        17 => {
            let d = rng.below(r as usize) as i64;
            return Dims {
                mask: vec![false; rank],
                arg: Arg::Ints(vec![d, d - r]),
                bad: true,
            };
        }
        22 => {
            return Dims {
                mask: vec![false; rank],
                arg: Arg::Ints(vec![r]),
                bad: true,
            };
        }
        _ => {}
    }
    let mut mask: Vec<bool> = (0..rank).map(|_| rng.chance(0.5)).collect();
    if rank > 0 && !mask.iter().any(|&m| m) {
        mask[rng.below(rank)] = true;
    }
    let mut dims: Vec<i64> = (0..rank)
        .filter(|&d| mask[d])
        .map(|d| {
            if rng.chance(0.3) {
                d as i64 - r
            } else {
                d as i64
            }
        })
        .collect();
    for i in (1..dims.len()).rev() {
        dims.swap(i, rng.below(i + 1));
    }
    if rank == 0 {
        // a zero-dim tensor takes dim 0 or -1
        dims = vec![[0, -1][rng.below(2)]];
    }
    Dims {
        mask,
        arg: Arg::Ints(dims),
        bad: false,
    }
}

/// The out's sizes: the reduced dims dropped, or kept as 1.
fn reduced(sizes: &[usize], mask: &[bool], keepdim: bool) -> Vec<usize> {
    sizes
        .iter()
        .zip(mask)
        .filter_map(|(&s, &m)| match (m, keepdim) {
            (false, _) => Some(s),
            (true, true) => Some(1),
            (true, false) => None,
        })
        .collect()
}

/// The out's dim order: contiguous mostly; for a kept rank, the input's sometimes; any.
fn out_order(rng: &mut Rng, out: &[usize], input: &[usize]) -> Vec<usize> {
    match rng.below(4) {
        0 if out.len() == input.len() => input.to_vec(),
        1 => order(rng, out),
        _ => contiguous(out),
    }
}

/// An input of `dt` and its reduction: `(input, dims, keepdim, out sizes, out order)`; the
/// sizes large enough for threads now and then.
fn reduction(
    rng: &mut Rng,
    dt: ScalarType,
    v: usize,
    values: Values,
) -> (OwnedTensor, Dims, bool, Vec<usize>, Vec<usize>) {
    let rank = (v + rng.below(5)) % 5;
    let mut s = sizes(rng, rank, v);
    let mut dims = dim_list(rng, rank, v);
    if v % 13 == 12 {
        // enough for threads: the reduced dim innermost, or outer
        s = vec![rng.range(11_000, 12_000), 9];
        let last = rng.chance(0.5);
        dims = Dims {
            mask: vec![!last, last],
            arg: Arg::Ints(vec![if last { 1 } else { 0 }]),
            bad: false,
        };
        if !last {
            s.swap(0, 1);
            s[0] = 21;
        }
    }
    let keepdim = rng.chance(0.4);
    let x_order = order(rng, &s);
    let x = input(rng, dt, &s, &x_order, values);
    let out = if dims.bad {
        s.clone()
    } else {
        reduced(&s, &dims.mask, keepdim)
    };
    let o = out_order(rng, &out, &x_order);
    (x, dims, keepdim, out, o)
}

/// The out dtype: the input's mostly, Float, or any (a rejection or a cast).
fn out_dtype(rng: &mut Rng, input: ScalarType, v: usize) -> ScalarType {
    match v % 7 {
        5 => ScalarType::Float,
        6 => DTYPES[rng.below(10)],
        _ => input,
    }
}

/// `(self, dim, keepdim, dtype)`: `dtype=` the out's dtype now and then (or another: an error).
fn sum_like(rng: &mut Rng, dt: [ScalarType; 2], v: usize, float_out: bool) -> Option<Call> {
    let (x, dims, keepdim, out_sizes, out_order) = reduction(rng, dt[0], v, Values::Leaning);
    let mut odt = out_dtype(rng, dt[0], v);
    if float_out && v % 7 < 5 && !odt.is_floating_point() && rng.chance(0.8) {
        odt = ScalarType::Float;
    }
    let dtype = match v % 5 {
        1 => Arg::Int(odt.code() as i64),
        3 if rng.chance(0.3) => Arg::Int(dt[1].code() as i64),
        _ => Arg::None,
    };
    Some(Call {
        args: vec![Arg::T(x), dims.arg, Arg::Bool(keepdim), dtype],
        out_dtype: odt,
        out_sizes,
        out_order,
        dynamic: v % 4 == 3,
    })
}

pub fn gen_sum(rng: &mut Rng, _c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    sum_like(rng, dt, v, false)
}

pub fn gen_mean(rng: &mut Rng, _c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    sum_like(rng, dt, v, true)
}

/// `mean.dtype_out(self, dtype)`: every element.
pub fn gen_mean_dtype(rng: &mut Rng, _c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let (x, ..) = reduction(rng, dt[0], v, Values::Leaning);
    let mut odt = out_dtype(rng, dt[0], v);
    if v % 7 < 5 && !odt.is_floating_point() && rng.chance(0.8) {
        odt = ScalarType::Float;
    }
    let dtype = match v % 3 {
        1 => Arg::Int(odt.code() as i64),
        _ => Arg::None,
    };
    Some(Call {
        args: vec![Arg::T(x), dtype],
        out_dtype: odt,
        out_sizes: vec![],
        out_order: vec![],
        dynamic: v % 4 == 3,
    })
}

/// Floats full of ties (signed zeros among them) mostly, or leaning values.
fn extreme_values(rng: &mut Rng) -> Values {
    if rng.chance(0.7) {
        Values::Ties
    } else {
        Values::Leaning
    }
}

/// `amax`/`amin`: `(self, dim, keepdim)`, `dim=[]` every dim.
pub fn gen_amax(rng: &mut Rng, _c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let values = extreme_values(rng);
    let (x, dims, keepdim, out_sizes, out_order) = reduction(rng, dt[0], v, values);
    let dim = match dims.arg {
        Arg::None => Arg::Ints(vec![]),
        a => a,
    };
    Some(Call {
        args: vec![Arg::T(x), dim, Arg::Bool(keepdim)],
        out_dtype: if v % 11 == 10 { dt[1] } else { dt[0] },
        out_sizes,
        out_order,
        dynamic: v % 4 == 3,
    })
}

/// `argmax`/`argmin`: `(self, dim, keepdim)`, one dim or `None` (every dim, flattened).
pub fn gen_argmax(rng: &mut Rng, _c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let values = extreme_values(rng);
    let (x, _, keepdim, ..) = reduction(rng, dt[0], v, values);
    let sizes = x.sizes().to_vec();
    let rank = sizes.len();
    let (dim, mask) = match v % 5 {
        0 => (Arg::None, vec![true; rank]),
        _ => {
            let d = rng.below(rank.max(1));
            let spelled = if rng.chance(0.3) {
                d as i64 - rank.max(1) as i64
            } else {
                d as i64
            };
            let spelled = if v % 17 == 16 {
                rank.max(1) as i64
            } else {
                spelled
            };
            let mut m = vec![false; rank];
            if rank > 0 {
                m[d] = true;
            }
            (Arg::Int(spelled), m)
        }
    };
    let out_sizes = if matches!(dim, Arg::None) && !keepdim {
        vec![]
    } else {
        reduced(&sizes, &mask, keepdim)
    };
    let out_order = out_order(rng, &out_sizes, &contiguous(&sizes));
    Some(Call {
        args: vec![Arg::T(x), dim, Arg::Bool(keepdim)],
        out_dtype: if v % 11 == 10 {
            dt[1]
        } else {
            ScalarType::Long
        },
        out_sizes,
        out_order,
        dynamic: v % 4 == 3,
    })
}

/// A `correction=`: the default, 0, 1, a fraction, or one past most lanes (inf or NaN).
fn correction(rng: &mut Rng) -> Arg {
    match rng.below(6) {
        0 | 1 => Arg::OptS(None),
        2 => Arg::OptS(Some(Scalar::Int(0))),
        3 => Arg::OptS(Some(Scalar::Int(1))),
        4 => Arg::OptS(Some(Scalar::Double(0.5))),
        _ => Arg::OptS(Some(Scalar::Int(rng.range(2, 70) as i64))),
    }
}

/// A variance's out dtype: the input's mostly, Float or Double (which a Float or Half input
/// widens into), or any.
fn var_dtype(rng: &mut Rng, input: ScalarType, v: usize) -> ScalarType {
    match v % 9 {
        6 => ScalarType::Float,
        7 => ScalarType::Double,
        8 => DTYPES[rng.below(10)],
        _ => input,
    }
}

/// `var.correction_out(self, dim, correction, keepdim)`.
pub fn gen_var_correction(rng: &mut Rng, _c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let (x, dims, keepdim, out_sizes, out_order) = reduction(rng, dt[0], v, Values::Leaning);
    Some(Call {
        args: vec![Arg::T(x), dims.arg, correction(rng), Arg::Bool(keepdim)],
        out_dtype: var_dtype(rng, dt[0], v),
        out_sizes,
        out_order,
        dynamic: v % 4 == 3,
    })
}

/// `var.out(self, dim, unbiased, keepdim)`.
pub fn gen_var(rng: &mut Rng, _c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let (x, dims, keepdim, out_sizes, out_order) = reduction(rng, dt[0], v, Values::Leaning);
    Some(Call {
        args: vec![
            Arg::T(x),
            dims.arg,
            Arg::Bool(rng.chance(0.7)),
            Arg::Bool(keepdim),
        ],
        out_dtype: var_dtype(rng, dt[0], v),
        out_sizes,
        out_order,
        dynamic: v % 4 == 3,
    })
}

/// `var_mean.correction_out(self, dim, correction, keepdim)`: `out0` (the variance) before the
/// call's own out (`out1`, the mean), laid out alike mostly.
pub fn gen_var_mean(rng: &mut Rng, _c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let (x, dims, keepdim, out_sizes, out_order) = reduction(rng, dt[0], v, Values::Leaning);
    let odt = if v % 11 == 10 { dt[1] } else { dt[0] };
    let mean_order = if rng.chance(0.8) {
        out_order.clone()
    } else {
        order(rng, &out_sizes)
    };
    let out0 = OutSpec {
        dtype: odt,
        sizes: out_sizes.clone(),
        order: out_order,
    };
    Some(Call {
        args: vec![
            Arg::T(x),
            dims.arg,
            correction(rng),
            Arg::Bool(keepdim),
            Arg::Out(out0),
        ],
        out_dtype: if v % 13 == 7 { dt[1] } else { dt[0] },
        out_sizes,
        out_order: mean_order,
        dynamic: v % 4 == 3,
    })
}

/// An `any` out: Bool mostly, Byte (ATen's legacy result), or another dtype (an error).
fn any_dtype(rng: &mut Rng, v: usize) -> ScalarType {
    match v % 5 {
        3 => ScalarType::Byte,
        4 if rng.chance(0.3) => DTYPES[rng.below(10)],
        _ => ScalarType::Bool,
    }
}

/// `any.all_out(self)`.
pub fn gen_any_all(rng: &mut Rng, _c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let (x, ..) = reduction(rng, dt[0], v, Values::Sparse);
    Some(Call {
        args: vec![Arg::T(x)],
        out_dtype: any_dtype(rng, v),
        out_sizes: vec![],
        out_order: vec![],
        dynamic: v % 4 == 3,
    })
}

/// `any.dims_out(self, dim, keepdim)`: `None` is every dim, `[]` none (elementwise).
pub fn gen_any_dims(rng: &mut Rng, _c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let (x, mut dims, keepdim, mut out_sizes, mut out_order) =
        reduction(rng, dt[0], v, Values::Sparse);
    if matches!(&dims.arg, Arg::Ints(d) if d.is_empty()) {
        out_sizes = x.sizes().to_vec();
        out_order = contiguous(&out_sizes);
        dims.mask = vec![false; out_sizes.len()];
    }
    Some(Call {
        args: vec![Arg::T(x), dims.arg, Arg::Bool(keepdim)],
        out_dtype: any_dtype(rng, v),
        out_sizes,
        out_order,
        dynamic: v % 4 == 3,
    })
}

/// `any.out(self, dim, keepdim)`: one dim.
pub fn gen_any(rng: &mut Rng, _c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let (x, _, keepdim, ..) = reduction(rng, dt[0], v, Values::Sparse);
    let sizes = x.sizes().to_vec();
    let rank = sizes.len();
    let d = rng.below(rank.max(1));
    let mut mask = vec![false; rank];
    if rank > 0 {
        mask[d] = true;
    }
    let dim = if v % 19 == 18 {
        rank.max(1) as i64
    } else {
        d as i64
            - if rng.chance(0.3) {
                rank.max(1) as i64
            } else {
                0
            }
    };
    let out_sizes = reduced(&sizes, &mask, keepdim);
    let out_order = out_order(rng, &out_sizes, &contiguous(&sizes));
    Some(Call {
        args: vec![Arg::T(x), Arg::Int(dim), Arg::Bool(keepdim)],
        out_dtype: any_dtype(rng, v),
        out_sizes,
        out_order,
        dynamic: v % 4 == 3,
    })
}
