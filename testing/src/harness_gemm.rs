//! Argument generators for the GEMM ops in the optimized-vs-portable harness: `mm`, `bmm`,
//! `addmm` and `linear`.
//!
//! The shapes reach every path of the optimized GEMM: one row (a decoder step's token, and
//! `bmm` with one row per batch as attention scores), two to eight rows (the few-rows paths:
//! against a row-major B, and against a B contiguous along K as a `linear` weight is), and
//! more (the blocked kernels); K past one k block (256) so partial sums carry over; N past
//! several vector blocks with tails; empty M, N or K. Operands and outs come in every dim
//! order (a transposed matrix, a batch dim not outermost), which sends the same product down
//! another path. Values are small integers, so every summation order is exact in f32: the
//! outs compare within the GEMM tolerance only for Half and BFloat16 roundings.

use crate::harness::random::{Rng, matrix};
use crate::harness::tensors::{Arg, Call, Class, Gen};
use crate::harness::tolerance::Tol;
use etk_core::{OwnedTensor, Scalar, ScalarType};

pub fn generator(name: &str) -> Option<Gen> {
    let make = match name {
        "aten::mm.out" => gen_mm,
        "aten::bmm.out" => gen_bmm,
        "aten::addmm.out" => gen_addmm,
        "aten::linear.out" => gen_linear,
        _ => return None,
    };
    Some(Gen {
        tol: Tol::Close {
            rtol: 1e-6,
            atol: 0.0,
        },
        make,
        pointwise: false,
        scale: None,
    })
}

/// A matrix (or batch of them) of small integers, in dim order `order`.
pub fn matrix_in(
    rng: &mut Rng,
    dtype: ScalarType,
    sizes: &[usize],
    order: &[usize],
) -> OwnedTensor {
    let mut t = OwnedTensor::with_capacity(dtype, sizes, order, 0).unwrap();
    let v: Vec<i64> = (0..t.numel()).map(|_| rng.below(7) as i64 - 3).collect();
    t.fill_logical::<i64>(&v);
    t
}

/// A dim order for a tensor of `rank` dims (2 or 3): contiguous mostly, else the last two
/// dims swapped (a transpose), or for 3-D the batch dim inside.
fn order(rng: &mut Rng, rank: usize) -> Vec<usize> {
    match (rank, rng.below(4)) {
        (2, 0) => vec![1, 0],
        (3, 0) => vec![0, 2, 1],
        (3, 1) => vec![1, 0, 2],
        (r, _) => (0..r).collect(),
    }
}

/// `(m, k, n)` for variant `v`: one row, two to eight, or more; K past a k block sometimes,
/// N over several vector blocks sometimes; now and then an empty dim.
fn mkn(rng: &mut Rng, v: usize, max_m: usize) -> (usize, usize, usize) {
    let m = match v % 4 {
        0 => 1,
        1 => rng.range(2, 9),
        _ => rng.range(1, max_m),
    };
    let k = if v % 7 == 3 {
        rng.range(250, 300)
    } else {
        rng.range(1, 21)
    };
    let n = if v % 5 == 2 {
        rng.range(100, 150)
    } else {
        rng.range(1, 23)
    };
    match v % 23 {
        11 => (0, k, n),
        12 => (m, 0, n),
        13 => (m, k, 0),
        _ => (m, k, n),
    }
}

/// A GEMM call: its out of `dtype` and `sizes`, in a dim order of its own.
fn gemm_call(rng: &mut Rng, args: Vec<Arg>, dtype: ScalarType, sizes: Vec<usize>) -> Option<Call> {
    Some(Call {
        args,
        out_dtype: dtype,
        out_order: order(rng, sizes.len()),
        out_sizes: sizes,
        dynamic: false,
    })
}

pub fn gen_mm(rng: &mut Rng, _c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let (m, k, n) = mkn(rng, v, 19);
    let (oa, ob) = (order(rng, 2), order(rng, 2));
    let args = vec![
        Arg::T(matrix_in(rng, dt[0], &[m, k], &oa)),
        Arg::T(matrix_in(rng, dt[0], &[k, n], &ob)),
    ];
    gemm_call(rng, args, dt[0], vec![m, n])
}

pub fn gen_bmm(rng: &mut Rng, _c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let b = rng.range(1, 5);
    let (m, k, n) = mkn(rng, v, 9);
    let (oa, ob) = (order(rng, 3), order(rng, 3));
    let args = vec![
        Arg::T(matrix_in(rng, dt[0], &[b, m, k], &oa)),
        Arg::T(matrix_in(rng, dt[0], &[b, k, n], &ob)),
    ];
    gemm_call(rng, args, dt[0], vec![b, m, n])
}

pub fn gen_addmm(rng: &mut Rng, _c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let (m, k, n) = mkn(rng, v, 17);
    let bias = match v % 3 {
        0 => matrix(rng, dt[0], &[n]),
        1 => {
            let o = order(rng, 2);
            matrix_in(rng, dt[0], &[m, n], &o)
        }
        _ => matrix(rng, dt[0], &[m, 1]),
    };
    let (beta, alpha) = match v % 3 {
        0 => (Scalar::Int(1), Scalar::Int(1)),
        1 => (Scalar::Int(2), Scalar::Int(-1)),
        _ => (Scalar::Double(0.5), Scalar::Double(2.0)),
    };
    let (oa, ob) = (order(rng, 2), order(rng, 2));
    let args = vec![
        Arg::T(bias),
        Arg::T(matrix_in(rng, dt[0], &[m, k], &oa)),
        Arg::T(matrix_in(rng, dt[0], &[k, n], &ob)),
        Arg::S(beta),
        Arg::S(alpha),
    ];
    gemm_call(rng, args, dt[0], vec![m, n])
}

pub fn gen_linear(rng: &mut Rng, _c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let (m, k, n) = mkn(rng, v, 13);
    let lead = if v.is_multiple_of(2) {
        vec![m]
    } else {
        vec![2, m]
    };
    let mut input = lead.clone();
    input.push(k);
    let mut out = lead;
    out.push(n);
    let bias = (!v.is_multiple_of(3)).then(|| matrix(rng, dt[0], &[n]));
    let oi = order(rng, input.len());
    let ow = order(rng, 2);
    let args = vec![
        Arg::T(matrix_in(rng, dt[0], &input, &oi)),
        Arg::T(matrix_in(rng, dt[0], &[n, k], &ow)),
        Arg::OptT(bias),
    ];
    gemm_call(rng, args, dt[0], out)
}
