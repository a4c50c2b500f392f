//! Generators for the GEMM operators (`mm`, `bmm`, `addmm`, `linear`): small-integer values so
//! every accumulation order is exact in f32, contiguous operands.

use crate::harness::random::{Rng, contiguous, matrix};
use crate::harness::tensors::{Arg, Call, Class, Gen};
use crate::harness::tolerance::Tol;
use etk_core::{Scalar, ScalarType};

/// The generator of a GEMM op, by full name.
pub fn generator(name: &str) -> Option<Gen> {
    let gemm = |make| {
        Some(Gen {
            tol: Tol::Close {
                rtol: 1e-6,
                atol: 0.0,
            },
            make,
            pointwise: false,
        })
    };
    match name {
        "aten::mm.out" => gemm(gen_mm),
        "aten::bmm.out" => gemm(gen_bmm),
        "aten::addmm.out" => gemm(gen_addmm),
        "aten::linear.out" => gemm(gen_linear),
        _ => None,
    }
}

/// A GEMM call: its out of `dtype` and `sizes`, contiguous, given by the caller.
fn gemm_call(args: Vec<Arg>, dtype: ScalarType, sizes: Vec<usize>) -> Option<Call> {
    Some(Call {
        args,
        out_dtype: dtype,
        out_order: contiguous(&sizes),
        out_sizes: sizes,
        dynamic: false,
    })
}
pub fn gen_mm(rng: &mut Rng, _c: Class, dt: [ScalarType; 2], _v: usize) -> Option<Call> {
    let (m, k, n) = (rng.range(1, 19), rng.range(1, 21), rng.range(1, 23));
    let args = vec![
        Arg::T(matrix(rng, dt[0], &[m, k])),
        Arg::T(matrix(rng, dt[0], &[k, n])),
    ];
    gemm_call(args, dt[0], vec![m, n])
}
pub fn gen_bmm(rng: &mut Rng, _c: Class, dt: [ScalarType; 2], _v: usize) -> Option<Call> {
    let (b, m, k, n) = (
        rng.range(1, 4),
        rng.range(1, 9),
        rng.range(1, 11),
        rng.range(1, 13),
    );
    let args = vec![
        Arg::T(matrix(rng, dt[0], &[b, m, k])),
        Arg::T(matrix(rng, dt[0], &[b, k, n])),
    ];
    gemm_call(args, dt[0], vec![b, m, n])
}
pub fn gen_addmm(rng: &mut Rng, _c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let (m, k, n) = (rng.range(1, 17), rng.range(1, 19), rng.range(1, 21));
    let bias = if v.is_multiple_of(2) {
        vec![n]
    } else {
        vec![m, n]
    };
    let (beta, alpha) = match v % 3 {
        0 => (Scalar::Int(1), Scalar::Int(1)),
        1 => (Scalar::Int(2), Scalar::Int(-1)),
        _ => (Scalar::Double(0.5), Scalar::Double(2.0)),
    };
    let args = vec![
        Arg::T(matrix(rng, dt[0], &bias)),
        Arg::T(matrix(rng, dt[0], &[m, k])),
        Arg::T(matrix(rng, dt[0], &[k, n])),
        Arg::S(beta),
        Arg::S(alpha),
    ];
    gemm_call(args, dt[0], vec![m, n])
}
pub fn gen_linear(rng: &mut Rng, _c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let (m, k, n) = (rng.range(1, 13), rng.range(1, 17), rng.range(1, 19));
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
    let args = vec![
        Arg::T(matrix(rng, dt[0], &input)),
        Arg::T(matrix(rng, dt[0], &[n, k])),
        Arg::OptT(bias),
    ];
    gemm_call(args, dt[0], out)
}
