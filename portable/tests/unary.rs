//! The unary family against PyTorch: the dtype matrix (every input dtype into every out dtype,
//! values from torch 2.13 for the functional result), out dtype rules, Half/BFloat16 rounding,
//! integer wrapping, special values, logit's eps, round's decimals, resize, dim orders,
//! zero-dim and empty tensors, errors, and the boxed entries.
//!
//! Expected values were computed with torch in a venv and pasted here (`DATA` at the bottom:
//! `torch.<op>(torch.tensor(INPUTS, dtype=dt))`). Floating results are compared within 2 ulp
//! (Float, Double) or 1 ulp (Half, BFloat16): ATen computes Float with Sleef/MKL, we with
//! libm. Zeros (with their sign), infinities and NaN must match exactly; integer and Bool
//! results, and the dtype-keeping ops, must match bit for bit.

// The tables hold torch's printed values, some of which look like well-known constants.
#![allow(clippy::approx_constant)]

use ScalarType::*;
use etk_core::element::round_trip;
use etk_core::{EValue, ErrorKind, KernelContext, OwnedTensor, Result, ScalarType, Tensor, f16};
use etk_portable::ops::*;

type Unary = fn(&mut KernelContext<'_>, &Tensor<'_>, &mut Tensor<'_>) -> Result<()>;

/// How an op treats dtypes (from probing torch: which inputs and outs it accepts).
#[derive(Clone, Copy, PartialEq, Debug)]
enum Kind {
    /// Integers and Bool compute in Float; any floating out.
    Floating,
    /// Keeps the input's dtype (Bool included); the out must have it exactly.
    Keep,
    /// As `Keep`, but Bool inputs are rejected.
    KeepNoBool,
    /// Any input; the out must be Bool.
    Pred,
}
use Kind::*;

mod common;
use common::*;

fn logit_none(c: &mut KernelContext<'_>, s: &Tensor<'_>, o: &mut Tensor<'_>) -> Result<()> {
    logit::logit_out(c, s, None, o)
}

const OPS: &[(&str, Unary, Kind)] = &[
    ("abs", abs::abs_out, KeepNoBool),
    ("acos", acos::acos_out, Floating),
    ("acosh", acosh::acosh_out, Floating),
    ("asin", asin::asin_out, Floating),
    ("asinh", asinh::asinh_out, Floating),
    ("atan", atan::atan_out, Floating),
    ("atanh", atanh::atanh_out, Floating),
    ("ceil", ceil::ceil_out, KeepNoBool),
    ("cos", cos::cos_out, Floating),
    ("cosh", cosh::cosh_out, Floating),
    ("erf", erf::erf_out, Floating),
    ("exp", exp::exp_out, Floating),
    ("expm1", expm1::expm1_out, Floating),
    ("floor", floor::floor_out, KeepNoBool),
    ("log", log::log_out, Floating),
    ("log10", log10::log10_out, Floating),
    ("log1p", log1p::log1p_out, Floating),
    ("log2", log2::log2_out, Floating),
    ("neg", neg::neg_out, KeepNoBool),
    ("reciprocal", reciprocal::reciprocal_out, Floating),
    ("round", round::round_out, KeepNoBool),
    ("rsqrt", rsqrt::rsqrt_out, Floating),
    ("sigmoid", sigmoid::sigmoid_out, Floating),
    ("sign", sign::sign_out, Keep),
    ("sin", sin::sin_out, Floating),
    ("sinh", sinh::sinh_out, Floating),
    ("sqrt", sqrt::sqrt_out, Floating),
    ("tan", tan::tan_out, Floating),
    ("tanh", tanh::tanh_out, Floating),
    ("trunc", trunc::trunc_out, KeepNoBool),
    ("isinf", isinf::isinf_out, Pred),
    ("isnan", isnan::isnan_out, Pred),
    ("logit", logit_none, Floating),
];

const DTYPES: [ScalarType; 10] = [
    Bool, Byte, Char, Short, Int, Long, Half, BFloat16, Float, Double,
];

const NAN: f64 = f64::NAN;
const INF: f64 = f64::INFINITY;

/// Inputs per dtype; the floating ones are exact in Half and BFloat16.
const FLOAT_X: &[f64] = &[
    NAN, INF, -INF, -0.0, 0.0, 0.0625, 0.3125, 0.5, 0.6875, 0.9375, 1.0, 1.5, 2.5, 2.75, 5.5, 12.5,
    88.0, -0.5, -0.9375, -1.0, -2.5, -6.5,
];
const INT_X: &[f64] = &[-128.0, -100.0, -3.0, -1.0, 0.0, 1.0, 2.0, 5.0, 100.0, 127.0];
const U8_X: &[f64] = &[0.0, 1.0, 3.0, 100.0, 127.0, 128.0, 200.0, 255.0];
const BOOL_X: &[f64] = &[0.0, 1.0];

fn inputs(dtype: ScalarType) -> &'static [f64] {
    match dtype {
        Bool => BOOL_X,
        Byte => U8_X,
        Char | Short | Int | Long => INT_X,
        _ => FLOAT_X,
    }
}

/// A contiguous tensor of `dtype` holding `values` (converted as `static_cast` would).
fn tensor(dtype: ScalarType, values: &[f64], sizes: &[usize]) -> OwnedTensor {
    let mut t = OwnedTensor::zeros(dtype, sizes).unwrap();
    t.fill_logical::<f64>(values);
    t
}

/// A tensor of `dtype` in `dim_order` holding `values` in logical order.
fn tensor_in(dtype: ScalarType, values: &[f64], sizes: &[usize], order: &[usize]) -> OwnedTensor {
    let mut t = OwnedTensor::with_capacity(dtype, sizes, order, 0).unwrap();
    t.fill_logical::<f64>(values);
    t
}

/// Calls `op(x)` into a fresh contiguous out of `out_dtype`.
fn call(op: Unary, x: &OwnedTensor, out_dtype: ScalarType) -> Result<Vec<f64>> {
    let mut out = OwnedTensor::zeros(out_dtype, x.sizes()).unwrap();
    op(&mut ctx(), &x.view(), &mut out.view_mut().unwrap())?;
    Ok(out.to_logical::<f64>())
}

/// The dtype torch's functional variant returns.
fn result_dtype(kind: Kind, input: ScalarType) -> ScalarType {
    match kind {
        Floating if !input.is_floating_point() => Float,
        Pred => Bool,
        _ => input,
    }
}

/// torch's answer to "is `op.out(input, out=out_dtype)` accepted?".
fn accepts(kind: Kind, input: ScalarType, out: ScalarType) -> bool {
    match kind {
        Floating => out.is_floating_point(),
        Keep => out == input,
        KeepNoBool => input != Bool && out == input,
        Pred => out == Bool,
    }
}

/// One unit in the last place of `v` in `dtype` (subnormal spacing near zero).
fn ulp(v: f64, dtype: ScalarType) -> f64 {
    let (bits, min_exp) = match dtype {
        Half => (10, -14),
        BFloat16 => (7, -126),
        Float => (23, -126),
        Double => (52, -1022),
        _ => return 0.0,
    };
    let e = if v == 0.0 {
        min_exp
    } else {
        (v.abs().log2().floor() as i32).max(min_exp)
    };
    2f64.powi(e - bits)
}

fn same_bits(got: f64, want: f64) -> bool {
    (got.is_nan() && want.is_nan()) || got.to_bits() == want.to_bits()
}

/// `got` is within `tol` of `want`; zeros (signed), infinities and NaN exactly.
fn close(got: f64, want: f64, tol: f64) -> bool {
    if want.is_nan() || want.is_infinite() || want == 0.0 {
        return same_bits(got, want);
    }
    (got - want).abs() <= tol
}

fn float_ulps(dtype: ScalarType) -> f64 {
    if matches!(dtype, Half | BFloat16) {
        1.0
    } else {
        2.0
    }
}

fn expected(op: &str, dtype: ScalarType) -> Option<&'static [f64]> {
    DATA.iter()
        .find(|(o, d, _)| *o == op && *d == dtype)
        .map(|(_, _, v)| *v)
}

#[test]
fn dtype_matrix_against_torch() {
    for &(name, op, kind) in OPS {
        for input in DTYPES {
            let xs = inputs(input);
            let x = tensor(input, xs, &[xs.len()]);
            let want = expected(name, input);
            let input_ok = !(kind == KeepNoBool && input == Bool);
            assert_eq!(want.is_some(), input_ok, "{name} {input:?}: data");
            let res = result_dtype(kind, input);
            for out in DTYPES {
                let r = call(op, &x, out);
                let ok = input_ok && accepts(kind, input, out);
                let Ok(got) = r else {
                    let e = r.unwrap_err();
                    assert!(!ok, "{name} {input:?} -> {out:?}: {e}");
                    assert!(e.op.starts_with("aten::") && e.op.contains(name), "{e}");
                    assert_eq!(e.arg, if input_ok { "out" } else { "self" }, "{e}");
                    continue;
                };
                assert!(ok, "{name} {input:?} -> {out:?} should be rejected");
                let want = want.unwrap();
                assert_eq!(got.len(), want.len());
                for (i, (&g, &w)) in got.iter().zip(want).enumerate() {
                    // torch's value, as stored in the result dtype, then cast to the out.
                    let w_res = round_trip::<f64>(w, res);
                    let w_out = round_trip::<f64>(w_res, out);
                    let good = if kind == Floating {
                        let mut tol = float_ulps(res) * ulp(w_res, res);
                        if out != res {
                            tol += ulp(w_out, out);
                        }
                        close(g, w_out, tol)
                    } else {
                        same_bits(g, w_out)
                    };
                    assert!(
                        good,
                        "{name} {input:?} -> {out:?} at x = {}: got {g}, torch {w_out}",
                        xs[i]
                    );
                }
            }
        }
    }
}

#[test]
fn results_cast_to_wider_or_narrower_outs_as_torch() {
    // Computed in the input's floating dtype (Float for integers), then cast to the out.
    let x = tensor(Int, &[1.0, 2.0], &[2]);
    assert_eq!(
        call(sin::sin_out, &x, Double).unwrap(),
        [0.8414709568023682, 0.9092974066734314]
    );
    let x = tensor(Half, &[0.1, 3.3], &[2]);
    assert_eq!(
        call(exp::exp_out, &x, Float).unwrap(),
        [1.10546875, 27.140625]
    );
    let x = tensor(Double, &[3.0, 1e-3], &[2]);
    assert_eq!(
        call(log::log_out, &x, Half).unwrap(),
        [1.0986328125, -6.90625]
    );
    let x = tensor(Float, &[2.0, 3.0], &[2]);
    assert_eq!(
        call(sqrt::sqrt_out, &x, BFloat16).unwrap(),
        [1.4140625, 1.734375]
    );
    let x = tensor(Bool, &[1.0, 0.0], &[2]);
    assert_eq!(
        call(sigmoid::sigmoid_out, &x, Half).unwrap(),
        [0.73095703125, 0.5]
    );
    let x = tensor(Long, &[3.0, 0.0, -7.0], &[3]);
    assert_eq!(
        call(reciprocal::reciprocal_out, &x, Double).unwrap(),
        [0.3333333432674408, INF, -0.1428571492433548]
    );
}

#[test]
fn integers_wrap() {
    let x = OwnedTensor::from_slice(&[i64::MIN, -3, 0, 7], &[4]).unwrap();
    let run = |op: Unary| {
        let mut out = OwnedTensor::zeros(Long, &[4]).unwrap();
        op(&mut ctx(), &x.view(), &mut out.view_mut().unwrap()).unwrap();
        out.to_logical::<i64>()
    };
    assert_eq!(run(abs::abs_out), [i64::MIN, 3, 0, 7]);
    assert_eq!(run(neg::neg_out), [i64::MIN, 3, 0, -7]);
    assert_eq!(run(sign::sign_out), [-1, -1, 0, 1]);
    assert_eq!(run(floor::floor_out), [i64::MIN, -3, 0, 7]);
    // torch: abs(int8 -128) == -128; neg(uint8 200) == 56
    let x = tensor(Char, &[-128.0, 127.0], &[2]);
    assert_eq!(call(abs::abs_out, &x, Char).unwrap(), [-128.0, 127.0]);
    assert_eq!(call(neg::neg_out, &x, Char).unwrap(), [-128.0, -127.0]);
    let x = tensor(Byte, &[0.0, 1.0, 200.0, 255.0], &[4]);
    assert_eq!(
        call(neg::neg_out, &x, Byte).unwrap(),
        [0.0, 255.0, 56.0, 1.0]
    );
}

#[test]
fn special_values() {
    let x = tensor(Float, &[-0.0, 0.0, NAN, -0.5, 2.5, 3.5, -2.5], &[7]);
    let bits = |v: Vec<f64>| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
    let b = |v: &[f64]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
    let abs = call(abs::abs_out, &x, Float).unwrap();
    assert_eq!(bits(abs[..2].to_vec()), b(&[0.0, 0.0]));
    let neg = call(neg::neg_out, &x, Float).unwrap();
    assert_eq!(bits(neg[..2].to_vec()), b(&[0.0, -0.0]));
    let sqrt = call(sqrt::sqrt_out, &x, Float).unwrap();
    assert_eq!(sqrt[0].to_bits(), (-0.0f64).to_bits());
    let rsqrt = call(rsqrt::rsqrt_out, &x, Float).unwrap();
    assert_eq!(rsqrt[..2], [-INF, INF]);
    // sign(NaN) == 0, sign(-0.0) == +0.0
    let sign = call(sign::sign_out, &x, Float).unwrap();
    assert_eq!(bits(sign[..3].to_vec()), b(&[0.0, 0.0, 0.0]));
    // round: half to even, -0.5 -> -0.0
    let round = call(round::round_out, &x, Float).unwrap();
    assert_eq!(bits(round[3..].to_vec()), b(&[-0.0, 2.0, 4.0, -2.0]));
    let isnan = call(isnan::isnan_out, &x, Bool).unwrap();
    assert_eq!(isnan, [0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0]);
}

/// `logit(X, eps)` from torch for each floating dtype.
const LOGIT_X: &[f64] = &[0.0, 0.05, 0.25, 0.5, 0.7, 0.95, 1.0, -0.5, 1.5, NAN];
#[rustfmt::skip]
const LOGIT: &[(ScalarType, Option<f64>, [f64; 10])] = &[
    (Float, None, [-INF, -2.944438934326172, -1.0986123085021973, 0.0, 0.8472978472709656, 2.9444386959075928, INF, NAN, NAN, NAN]),
    (Float, Some(0.1), [-2.1972246170043945, -2.1972246170043945, -1.0986123085021973, 0.0, 0.8472978472709656, 2.1972243785858154, 2.1972243785858154, -2.1972246170043945, 2.1972243785858154, NAN]),
    (Float, Some(0.7), [0.8472978472709656, 0.8472978472709656, 0.8472978472709656, 0.8472978472709656, -0.8472977876663208, -0.8472977876663208, -0.8472977876663208, 0.8472978472709656, -0.8472977876663208, NAN]),
    (Float, Some(0.0), [-INF, -2.944438934326172, -1.0986123085021973, 0.0, 0.8472978472709656, 2.9444386959075928, INF, -INF, INF, NAN]),
    (Float, Some(-0.2), [-INF, -2.944438934326172, -1.0986123085021973, 0.0, 0.8472978472709656, 2.9444386959075928, INF, NAN, NAN, NAN]),
    (Float, Some(1e-10), [-23.025850296020508, -2.944438934326172, -1.0986123085021973, 0.0, 0.8472978472709656, 2.9444386959075928, INF, -23.025850296020508, INF, NAN]),
    (Double, None, [-INF, -2.9444389791664403, -1.0986122886681098, 0.0, 0.8472978603872034, 2.9444389791664394, INF, NAN, NAN, NAN]),
    (Double, Some(0.1), [-2.197224577336219, -2.197224577336219, -1.0986122886681098, 0.0, 0.8472978603872034, 2.1972245773362196, 2.1972245773362196, -2.197224577336219, 2.1972245773362196, NAN]),
    (Double, Some(0.7), [0.8472978603872034, 0.8472978603872034, 0.8472978603872034, 0.8472978603872034, -0.8472978603872034, -0.8472978603872034, -0.8472978603872034, 0.8472978603872034, -0.8472978603872034, NAN]),
    (Double, Some(1e-10), [-23.025850929840455, -2.9444389791664403, -1.0986122886681098, 0.0, 0.8472978603872034, 2.9444389791664394, 23.025850847100088, -23.025850929840455, 23.025850847100088, NAN]),
    (Half, None, [-INF, -2.9453125, -1.0986328125, 0.0, 0.8486328125, 2.94921875, INF, NAN, NAN, NAN]),
    (Half, Some(0.1), [-2.197265625, -2.197265625, -1.0986328125, 0.0, 0.8486328125, 2.197265625, 2.197265625, -2.197265625, 2.197265625, NAN]),
    (Half, Some(0.7), [0.8486328125, 0.8486328125, 0.8486328125, 0.8486328125, -0.84814453125, -0.84814453125, -0.84814453125, 0.8486328125, -0.84814453125, NAN]),
    // eps rounds to Half first: 1e-10 becomes 0 and -1e-10 becomes -0.0, which clamps.
    (Half, Some(1e-10), [-INF, -2.9453125, -1.0986328125, 0.0, 0.8486328125, 2.94921875, INF, -INF, INF, NAN]),
    (Half, Some(-1e-10), [-INF, -2.9453125, -1.0986328125, 0.0, 0.8486328125, 2.94921875, INF, -INF, INF, NAN]),
    (Half, Some(-0.2), [-INF, -2.9453125, -1.0986328125, 0.0, 0.8486328125, 2.94921875, INF, NAN, NAN, NAN]),
    (BFloat16, None, [-INF, -2.9375, -1.09375, 0.0, 0.84375, 2.9375, INF, NAN, NAN, NAN]),
    (BFloat16, Some(0.1), [-2.1875, -2.1875, -1.09375, 0.0, 0.84375, 2.1875, 2.1875, -2.1875, 2.1875, NAN]),
    (BFloat16, Some(0.7), [0.84375, 0.84375, 0.84375, 0.84375, -0.84375, -0.84375, -0.84375, 0.84375, -0.84375, NAN]),
    (BFloat16, Some(1e-10), [-23.0, -2.9375, -1.09375, 0.0, 0.84375, 2.9375, INF, -23.0, INF, NAN]),
];

fn logit_call(x: &OwnedTensor, eps: Option<f64>, out_dtype: ScalarType) -> Result<Vec<f64>> {
    let mut out = OwnedTensor::zeros(out_dtype, x.sizes()).unwrap();
    logit::logit_out(&mut ctx(), &x.view(), eps, &mut out.view_mut().unwrap())?;
    Ok(out.to_logical::<f64>())
}

#[test]
fn logit_eps_against_torch() {
    for (dtype, eps, want) in LOGIT {
        let x = tensor(*dtype, LOGIT_X, &[LOGIT_X.len()]);
        let got = logit_call(&x, *eps, *dtype).unwrap();
        for (i, (&g, &w)) in got.iter().zip(want).enumerate() {
            // Half/BFloat16 round every step as ATen does, so they match exactly.
            let tol = if *dtype == Float || *dtype == Double {
                2.0 * ulp(w, *dtype)
            } else {
                0.0
            };
            assert!(
                close(g, w, tol),
                "logit {dtype:?} eps {eps:?} x {}: got {g}, torch {w}",
                LOGIT_X[i]
            );
        }
    }
    // integers compute in Float; a BFloat16 result into a Double out
    let x = tensor(Long, &[0.0, 1.0, 2.0, -1.0], &[4]);
    let got = logit_call(&x, Some(0.25), Float).unwrap();
    let want = [
        -1.0986123085021973,
        1.0986123085021973,
        1.0986123085021973,
        -1.0986123085021973,
    ];
    for (g, w) in got.iter().zip(want) {
        assert!(close(*g, w, 2.0 * ulp(w, Float)), "{g} {w}");
    }
    let x = tensor(BFloat16, &[0.05, 0.3, 0.97], &[3]);
    assert_eq!(
        logit_call(&x, Some(0.1), Double).unwrap(),
        [-2.1875, -0.84375, 2.1875]
    );
    let x = tensor(Float, &[0.5], &[1]);
    assert_eq!(logit_call(&x, None, Int).unwrap_err().arg, "out");
}

/// The Half/BFloat16 step rounding matters: torch's values here differ from rounding
/// `logit` computed in f32 once.
#[test]
fn logit_half_rounds_every_step() {
    let x = tensor(
        Half,
        &[0.0200042724609375, 0.1700439453125, 0.22998046875],
        &[3],
    );
    // single rounding would give [-3.892578125, -1.5849609375, -1.2080078125]
    assert_eq!(
        logit_call(&x, None, Half).unwrap(),
        [-3.890625, -1.5859375, -1.208984375]
    );
    let x = tensor(BFloat16, &[0.10009765625, 0.1796875, 0.23046875], &[3]);
    // single rounding would give [-2.203125, -1.515625, -1.203125]
    assert_eq!(
        logit_call(&x, None, BFloat16).unwrap(),
        [-2.1875, -1.5234375, -1.2109375]
    );
}

const ROUND_X: &[f64] = &[
    1.2345, 2.5, -0.125, 0.15, 1234.5, -150.0, 3.0e10, INF, NAN, -0.0,
];
#[rustfmt::skip]
const ROUND_DECIMALS: &[(ScalarType, i64, [f64; 10])] = &[
    (Float, 2, [1.2300000190734863, 2.5, -0.11999999731779099, 0.15000000596046448, 1234.5, -150.0, 30000001024.0, INF, NAN, -0.0]),
    (Float, 1, [1.2000000476837158, 2.5, -0.10000000149011612, 0.20000000298023224, 1234.5, -150.0, 30000001024.0, INF, NAN, -0.0]),
    (Float, 0, [1.0, 2.0, -0.0, 0.0, 1234.0, -150.0, 30000001024.0, INF, NAN, -0.0]),
    (Float, -2, [0.0, 0.0, -0.0, 0.0, 1200.0, -200.0, 30000001024.0, INF, NAN, -0.0]),
    (Float, 50, [NAN; 10]),
    (Double, 2, [1.23, 2.5, -0.12, 0.15, 1234.5, -150.0, 30000000000.0, INF, NAN, -0.0]),
    (Double, 1, [1.2, 2.5, -0.1, 0.2, 1234.5, -150.0, 30000000000.0, INF, NAN, -0.0]),
    (Double, -2, [0.0, 0.0, -0.0, 0.0, 1200.0, -200.0, 30000000000.0, INF, NAN, -0.0]),
    (Double, 50, [1.2345, 2.5, -0.125, 0.15, 1234.5, -150.0, 30000000000.0, INF, NAN, -0.0]),
    (Double, 400, [NAN; 10]),
    (Half, 2, [1.23046875, 2.5, -0.1199951171875, 0.1500244140625, 1234.0, -150.0, INF, INF, NAN, -0.0]),
    (Half, 1, [1.2001953125, 2.5, -0.0999755859375, 0.199951171875, 1234.0, -150.0, INF, INF, NAN, -0.0]),
    (Half, -2, [0.0, 0.0, -0.0, 0.0, 1200.0, -200.0, INF, INF, NAN, -0.0]),
    (BFloat16, 2, [1.2265625, 2.5, -0.1201171875, 0.150390625, 1232.0, -150.0, 30064771072.0, INF, NAN, -0.0]),
    (BFloat16, 1, [1.203125, 2.5, -0.10009765625, 0.2001953125, 1232.0, -150.0, 30064771072.0, INF, NAN, -0.0]),
    (BFloat16, -2, [0.0, 0.0, -0.0, 0.0, 1200.0, -200.0, 30064771072.0, INF, NAN, -0.0]),
];

fn round_decimals_call(x: &OwnedTensor, decimals: i64, out_dtype: ScalarType) -> Result<Vec<f64>> {
    let mut out = OwnedTensor::zeros(out_dtype, x.sizes()).unwrap();
    round::round_decimals_out(
        &mut ctx(),
        &x.view(),
        decimals,
        &mut out.view_mut().unwrap(),
    )?;
    Ok(out.to_logical::<f64>())
}

#[test]
fn round_decimals_against_torch() {
    for (dtype, decimals, want) in ROUND_DECIMALS {
        let x = tensor(*dtype, ROUND_X, &[ROUND_X.len()]);
        let got = round_decimals_call(&x, *decimals, *dtype).unwrap();
        for (i, (&g, &w)) in got.iter().zip(want).enumerate() {
            assert!(
                same_bits(g, w),
                "round {dtype:?} decimals {decimals} x {}: got {g}, torch {w}",
                ROUND_X[i]
            );
        }
    }
    // no integral or Bool inputs, even for decimals = 0; out must match exactly
    for dtype in [Bool, Byte, Int, Long] {
        let x = tensor(dtype, &[1.0], &[1]);
        let e = round_decimals_call(&x, 0, dtype).unwrap_err();
        assert_eq!((e.op, e.arg), ("aten::round.decimals_out", "self"));
    }
    let x = tensor(Float, &[1.0], &[1]);
    let e = round_decimals_call(&x, 1, Double).unwrap_err();
    assert_eq!((e.arg, e.kind), ("out", ErrorKind::InvalidType));
    assert!(round_decimals_call(&x, i64::MIN, Float).unwrap()[0].is_nan());
}

/// A representative op per kind: (name, call into `out`).
type Call = Box<dyn Fn(&Tensor<'_>, &mut Tensor<'_>) -> Result<()>>;

fn representatives() -> Vec<(&'static str, ScalarType, Call)> {
    vec![
        (
            "sin",
            Float,
            Box::new(|x, o| sin::sin_out(&mut ctx(), x, o)),
        ),
        (
            "abs",
            Float,
            Box::new(|x, o| abs::abs_out(&mut ctx(), x, o)),
        ),
        (
            "isnan",
            Bool,
            Box::new(|x, o| isnan::isnan_out(&mut ctx(), x, o)),
        ),
        (
            "logit",
            Float,
            Box::new(|x, o| logit::logit_out(&mut ctx(), x, Some(0.1), o)),
        ),
        (
            "round.decimals",
            Float,
            Box::new(|x, o| round::round_decimals_out(&mut ctx(), x, 1, o)),
        ),
    ]
}

fn values(n: usize) -> Vec<f64> {
    (0..n).map(|i| (i as f64 - 50.0) / 37.0).collect()
}

#[test]
fn resize_dynamic_static_and_capacity() {
    let xs = values(6);
    let x = tensor(Float, &xs, &[2, 3]);
    for (name, out_dtype, f) in representatives() {
        // reference: a static out of the right shape
        let mut want = OwnedTensor::zeros(out_dtype, &[2, 3]).unwrap();
        f(&x.view(), &mut want.view_mut().unwrap()).unwrap();
        // dynamic, wrong shape within capacity: resized
        let mut out = OwnedTensor::with_capacity(out_dtype, &[1], &[0], 8)
            .unwrap()
            .dynamic();
        let (s, d) = {
            let mut v = out.view_mut().unwrap();
            f(&x.view(), &mut v).unwrap();
            (v.sizes().to_vec(), v.dim_order().to_vec())
        };
        assert_eq!(s, [2, 3], "{name}");
        out.set_layout(&s, &d);
        assert_eq!(
            out.to_logical::<f64>()
                .iter()
                .map(|v| v.to_bits())
                .collect::<Vec<_>>(),
            want.to_logical::<f64>()
                .iter()
                .map(|v| v.to_bits())
                .collect::<Vec<_>>(),
            "{name}"
        );
        // dynamic past capacity
        let mut out = OwnedTensor::with_capacity(out_dtype, &[4], &[0], 4)
            .unwrap()
            .dynamic();
        let e = f(&x.view(), &mut out.view_mut().unwrap()).unwrap_err();
        assert_eq!((e.kind, e.arg), (ErrorKind::OutOfCapacity, "out"), "{name}");
        // static with the wrong shape
        let mut out = OwnedTensor::zeros(out_dtype, &[3, 2]).unwrap();
        let e = f(&x.view(), &mut out.view_mut().unwrap()).unwrap_err();
        assert_eq!((e.kind, e.arg), (ErrorKind::OutOfCapacity, "out"), "{name}");
    }
}

#[test]
fn dim_orders() {
    let sizes = [2, 3, 4, 5];
    let xs = values(120);
    let cl = [0, 2, 3, 1];
    let odd = [3, 1, 0, 2];
    let contiguous = [0, 1, 2, 3];
    for (name, out_dtype, f) in representatives() {
        let x = tensor(Float, &xs, &sizes);
        let mut want = OwnedTensor::zeros(out_dtype, &sizes).unwrap();
        f(&x.view(), &mut want.view_mut().unwrap()).unwrap();
        let want = want.to_logical::<f64>();
        for (xo, oo) in [
            (cl, contiguous),
            (contiguous, cl),
            (cl, cl),
            (odd, cl),
            (odd, odd),
        ] {
            let x = tensor_in(Float, &xs, &sizes, &xo);
            let mut out = OwnedTensor::with_capacity(out_dtype, &sizes, &oo, 0).unwrap();
            f(&x.view(), &mut out.view_mut().unwrap()).unwrap();
            let got = out.to_logical::<f64>();
            assert!(
                got.iter().zip(&want).all(|(g, w)| same_bits(*g, *w)),
                "{name} {xo:?} -> {oo:?}"
            );
        }
    }
    // longer than one iteration chunk, transposed
    let xs = values(700);
    let x = tensor_in(Half, &xs, &[35, 20], &[1, 0]);
    let mut out = OwnedTensor::with_capacity(Double, &[35, 20], &[1, 0], 0).unwrap();
    exp::exp_out(&mut ctx(), &x.view(), &mut out.view_mut().unwrap()).unwrap();
    let got = out.to_logical::<f64>();
    for (g, &v) in got.iter().zip(&xs) {
        let h = f16::from_f64(v).to_f32();
        assert_eq!(*g, f16::from_f32(h.exp()).to_f64(), "exp({h})");
    }
}

#[test]
fn zero_dim_and_empty() {
    for &(name, op, kind) in OPS {
        let out_dtype = if kind == Pred { Bool } else { Float };
        // zero-dim
        let x = tensor(Float, &[0.5], &[]);
        let got = call(op, &x, out_dtype).unwrap();
        assert_eq!(got.len(), 1, "{name}");
        let whole = call(op, &tensor(Float, &[0.5], &[1]), out_dtype).unwrap();
        assert!(same_bits(got[0], whole[0]), "{name}");
        // empty, and an empty dynamic out resized to it
        let x = tensor(Float, &[], &[0, 3]);
        assert_eq!(
            call(op, &x, out_dtype).unwrap(),
            Vec::<f64>::new(),
            "{name}"
        );
        let mut out = OwnedTensor::with_capacity(out_dtype, &[2], &[0], 0)
            .unwrap()
            .dynamic();
        let mut v = out.view_mut().unwrap();
        op(&mut ctx(), &x.view(), &mut v).unwrap();
        assert_eq!(v.sizes(), &[0, 3], "{name}");
    }
}

#[test]
fn errors_name_op_and_argument() {
    for (op, name) in [
        (neg::neg_out as Unary, "aten::neg.out"),
        (abs::abs_out, "aten::abs.out"),
        (ceil::ceil_out, "aten::ceil.out"),
        (floor::floor_out, "aten::floor.out"),
        (round::round_out, "aten::round.out"),
        (trunc::trunc_out, "aten::trunc.out"),
    ] {
        let x = tensor(Bool, &[1.0, 0.0], &[2]);
        let e = call(op, &x, Bool).unwrap_err();
        assert_eq!(
            (e.op, e.arg, e.kind),
            (name, "self", ErrorKind::InvalidType)
        );
    }
    // a Float result into an integral or Bool out
    let x = tensor(Int, &[1.0], &[1]);
    let e = call(sin::sin_out, &x, Int).unwrap_err();
    assert_eq!(
        (e.op, e.arg, e.kind),
        ("aten::sin.out", "out", ErrorKind::InvalidType)
    );
    // the dtype-keeping ops do not cast, even to a wider dtype
    let x = tensor(Float, &[1.0], &[1]);
    let e = call(abs::abs_out, &x, Double).unwrap_err();
    assert_eq!((e.op, e.arg), ("aten::abs.out", "out"));
    let e = call(isinf::isinf_out, &x, Float).unwrap_err();
    assert_eq!((e.op, e.arg), ("aten::isinf.out", "out"));
    // dtypes without kernels: an error, not a panic
    if let Ok(c) = OwnedTensor::zeros(ComplexFloat, &[1]) {
        for &(name, op, _) in OPS {
            // abs of complex is real: a Float out is what ATen gives
            assert_eq!(call(op, &c, Float).is_err(), name != "abs", "{name}");
        }
    }
}

#[test]
fn boxed_entries_are_registered() {
    let names: Vec<&str> = etk_portable::table::unary::TABLE
        .iter()
        .map(|e| e.name)
        .collect();
    for &(name, _, _) in OPS {
        let full = format!("aten::{name}.out");
        assert!(names.contains(&full.as_str()), "{full}");
    }
    assert!(names.contains(&"aten::round.decimals_out"));
    assert_eq!(names.len(), OPS.len() + 1);

    let find = |n: &str| {
        etk_portable::TABLE
            .iter()
            .find(|e| e.name == n)
            .unwrap()
            .kernel
    };
    let x = tensor(Float, &[0.05, 0.5], &[2]);
    let mut out = OwnedTensor::zeros(Float, &[2]).unwrap();
    {
        let mut stack = [
            EValue::Tensor(x.view()),
            EValue::Double(0.1),
            EValue::Tensor(out.view_mut().unwrap()),
        ];
        find("aten::logit.out")(&mut ctx(), &mut stack).unwrap();
    }
    assert_eq!(out.to_logical::<f64>(), [-2.1972246170043945, 0.0]);
    {
        let mut stack = [
            EValue::Tensor(x.view()),
            EValue::None,
            EValue::Tensor(out.view_mut().unwrap()),
        ];
        find("aten::logit.out")(&mut ctx(), &mut stack).unwrap();
    }
    assert_eq!(out.to_logical::<f64>()[1], 0.0);
    {
        let mut stack = [
            EValue::Tensor(x.view()),
            EValue::Int(1),
            EValue::Tensor(out.view_mut().unwrap()),
        ];
        find("aten::round.decimals_out")(&mut ctx(), &mut stack).unwrap();
    }
    // torch: 0.05f32 * 10 rounds to 0.5, which rounds to even
    assert_eq!(out.to_logical::<f64>(), [0.0, 0.5]);
    {
        let mut stack = [
            EValue::Tensor(x.view()),
            EValue::Tensor(out.view_mut().unwrap()),
        ];
        find("aten::sigmoid.out")(&mut ctx(), &mut stack).unwrap();
        // a wrong argument kind is an error
        let mut stack = [EValue::Int(1), EValue::Tensor(out.view_mut().unwrap())];
        assert!(find("aten::sigmoid.out")(&mut ctx(), &mut stack).is_err());
    }
}

// torch 2.13: `torch.<op>(torch.tensor(inputs(dt), dtype=dt)).tolist()` (Half printed as its
// shortest decimal, which rounds back to the same Half).
#[rustfmt::skip]
const DATA: &[(&str, ScalarType, &[f64])] = &[
    ("abs", Byte, &[0.0, 1.0, 3.0, 100.0, 127.0, 128.0, 200.0, 255.0]),
    ("abs", Char, &[-128.0, 100.0, 3.0, 1.0, 0.0, 1.0, 2.0, 5.0, 100.0, 127.0]),
    ("abs", Short, &[128.0, 100.0, 3.0, 1.0, 0.0, 1.0, 2.0, 5.0, 100.0, 127.0]),
    ("abs", Int, &[128.0, 100.0, 3.0, 1.0, 0.0, 1.0, 2.0, 5.0, 100.0, 127.0]),
    ("abs", Long, &[128.0, 100.0, 3.0, 1.0, 0.0, 1.0, 2.0, 5.0, 100.0, 127.0]),
    ("abs", Half, &[NAN, INF, INF, 0.0, 0.0, 0.0625, 0.3125, 0.5, 0.6875, 0.9375, 1.0, 1.5, 2.5, 2.75, 5.5, 12.5, 88.0, 0.5, 0.9375, 1.0, 2.5, 6.5]),
    ("abs", BFloat16, &[NAN, INF, INF, 0.0, 0.0, 0.0625, 0.3125, 0.5, 0.6875, 0.9375, 1.0, 1.5, 2.5, 2.75, 5.5, 12.5, 88.0, 0.5, 0.9375, 1.0, 2.5, 6.5]),
    ("abs", Float, &[NAN, INF, INF, 0.0, 0.0, 0.0625, 0.3125, 0.5, 0.6875, 0.9375, 1.0, 1.5, 2.5, 2.75, 5.5, 12.5, 88.0, 0.5, 0.9375, 1.0, 2.5, 6.5]),
    ("abs", Double, &[NAN, INF, INF, 0.0, 0.0, 0.0625, 0.3125, 0.5, 0.6875, 0.9375, 1.0, 1.5, 2.5, 2.75, 5.5, 12.5, 88.0, 0.5, 0.9375, 1.0, 2.5, 6.5]),
    ("acos", Bool, &[1.5707964, 0.0]),
    ("acos", Byte, &[1.5707964, 0.0, NAN, NAN, NAN, NAN, NAN, NAN]),
    ("acos", Char, &[NAN, NAN, NAN, 3.1415927, 1.5707964, 0.0, NAN, NAN, NAN, NAN]),
    ("acos", Short, &[NAN, NAN, NAN, 3.1415927, 1.5707964, 0.0, NAN, NAN, NAN, NAN]),
    ("acos", Int, &[NAN, NAN, NAN, 3.1415927, 1.5707964, 0.0, NAN, NAN, NAN, NAN]),
    ("acos", Long, &[NAN, NAN, NAN, 3.1415927, 1.5707964, 0.0, NAN, NAN, NAN, NAN]),
    ("acos", Half, &[NAN, NAN, NAN, 1.57, 1.57, 1.508, 1.253, 1.047, 0.813, 0.3555, 0.0, NAN, NAN, NAN, NAN, NAN, NAN, 2.094, 2.787, 3.14, NAN, NAN]),
    ("acos", BFloat16, &[NAN, NAN, NAN, 1.5703125, 1.5703125, 1.5078125, 1.25, 1.046875, 0.8125, 0.35546875, 0.0, NAN, NAN, NAN, NAN, NAN, NAN, 2.09375, 2.78125, 3.140625, NAN, NAN]),
    ("acos", Float, &[NAN, NAN, NAN, 1.5707964, 1.5707964, 1.5082556, 1.2529726, 1.0471976, 0.8127556, 0.35542122, 0.0, NAN, NAN, NAN, NAN, NAN, NAN, 2.0943952, 2.7861714, 3.1415927, NAN, NAN]),
    ("acos", Double, &[NAN, NAN, NAN, 1.5707963267948966, 1.5707963267948966, 1.5082555649984053, 1.252972622867016, 1.0471975511965976, 0.8127555613686607, 0.3554212016902235, 0.0, NAN, NAN, NAN, NAN, NAN, NAN, 2.0943951023931957, 2.7861714518995697, 3.141592653589793, NAN, NAN]),
    ("acosh", Bool, &[NAN, 0.0]),
    ("acosh", Byte, &[NAN, 0.0, 1.7627472, 5.298292, 5.5373187, 5.545162, 5.9914584, 6.234407]),
    ("acosh", Char, &[NAN, NAN, NAN, NAN, NAN, 0.0, 1.316958, 2.2924316, 5.298292, 5.5373187]),
    ("acosh", Short, &[NAN, NAN, NAN, NAN, NAN, 0.0, 1.316958, 2.2924316, 5.298292, 5.5373187]),
    ("acosh", Int, &[NAN, NAN, NAN, NAN, NAN, 0.0, 1.316958, 2.2924316, 5.298292, 5.5373187]),
    ("acosh", Long, &[NAN, NAN, NAN, NAN, NAN, 0.0, 1.316958, 2.2924316, 5.298292, 5.5373187]),
    ("acosh", Half, &[NAN, INF, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, 0.0, 0.9624, 1.566, 1.67, 2.389, 3.217, 5.17, NAN, NAN, NAN, NAN, NAN]),
    ("acosh", BFloat16, &[NAN, INF, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, 0.0, 0.9609375, 1.5703125, 1.671875, 2.390625, 3.21875, 5.15625, NAN, NAN, NAN, NAN, NAN]),
    ("acosh", Float, &[NAN, INF, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, 0.0, 0.9624237, 1.5667993, 1.669919, 2.3895264, 3.217272, 5.1704516, NAN, NAN, NAN, NAN, NAN]),
    ("acosh", Double, &[NAN, INF, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, 0.0, 0.9624236501192069, 1.566799236972411, 1.66991903058777, 2.3895264345742184, 3.217271971157258, 5.170451710416895, NAN, NAN, NAN, NAN, NAN]),
    ("asin", Bool, &[0.0, 1.5707964]),
    ("asin", Byte, &[0.0, 1.5707964, NAN, NAN, NAN, NAN, NAN, NAN]),
    ("asin", Char, &[NAN, NAN, NAN, -1.5707964, 0.0, 1.5707964, NAN, NAN, NAN, NAN]),
    ("asin", Short, &[NAN, NAN, NAN, -1.5707964, 0.0, 1.5707964, NAN, NAN, NAN, NAN]),
    ("asin", Int, &[NAN, NAN, NAN, -1.5707964, 0.0, 1.5707964, NAN, NAN, NAN, NAN]),
    ("asin", Long, &[NAN, NAN, NAN, -1.5707964, 0.0, 1.5707964, NAN, NAN, NAN, NAN]),
    ("asin", Half, &[NAN, NAN, NAN, -0.0, 0.0, 0.06256, 0.3179, 0.5234, 0.758, 1.216, 1.57, NAN, NAN, NAN, NAN, NAN, NAN, -0.5234, -1.216, -1.57, NAN, NAN]),
    ("asin", BFloat16, &[NAN, NAN, NAN, -0.0, 0.0, 0.0625, 0.318359375, 0.5234375, 0.7578125, 1.21875, 1.5703125, NAN, NAN, NAN, NAN, NAN, NAN, -0.5234375, -1.21875, -1.5703125, NAN, NAN]),
    ("asin", Float, &[NAN, NAN, NAN, -0.0, 0.0, 0.06254076, 0.3178237, 0.5235988, 0.7580408, 1.2153751, 1.5707964, NAN, NAN, NAN, NAN, NAN, NAN, -0.5235988, -1.2153751, -1.5707964, NAN, NAN]),
    ("asin", Double, &[NAN, NAN, NAN, -0.0, 0.0, 0.06254076179649139, 0.31782370392788073, 0.5235987755982989, 0.758040765426236, 1.2153751251046732, 1.5707963267948966, NAN, NAN, NAN, NAN, NAN, NAN, -0.5235987755982989, -1.2153751251046732, -1.5707963267948966, NAN, NAN]),
    ("asinh", Bool, &[0.0, 0.8813736]),
    ("asinh", Byte, &[0.0, 0.8813736, 1.8184465, 5.298342, 5.5373497, 5.5451927, 5.991471, 6.2344146]),
    ("asinh", Char, &[-5.5451927, -5.298342, -1.8184465, -0.8813736, 0.0, 0.8813736, 1.4436355, 2.3124382, 5.298342, 5.5373497]),
    ("asinh", Short, &[-5.5451927, -5.298342, -1.8184465, -0.8813736, 0.0, 0.8813736, 1.4436355, 2.3124382, 5.298342, 5.5373497]),
    ("asinh", Int, &[-5.5451927, -5.298342, -1.8184465, -0.8813736, 0.0, 0.8813736, 1.4436355, 2.3124382, 5.298342, 5.5373497]),
    ("asinh", Long, &[-5.5451927, -5.298342, -1.8184465, -0.8813736, 0.0, 0.8813736, 1.4436355, 2.3124382, 5.298342, 5.5373497]),
    ("asinh", Half, &[NAN, INF, -INF, -0.0, 0.0, 0.06247, 0.3076, 0.4812, 0.6426, 0.8364, 0.8813, 1.194, 1.647, 1.736, 2.406, 3.22, 5.17, -0.4812, -0.8364, -0.8813, -1.647, -2.57]),
    ("asinh", BFloat16, &[NAN, INF, -INF, -0.0, 0.0, 0.0625, 0.30859375, 0.48046875, 0.640625, 0.8359375, 0.8828125, 1.1953125, 1.6484375, 1.734375, 2.40625, 3.21875, 5.15625, -0.48046875, -0.8359375, -0.8828125, -1.6484375, -2.578125]),
    ("asinh", Float, &[NAN, INF, -INF, -0.0, 0.0, 0.06245938, 0.3076251, 0.48121184, 0.6423961, 0.8364819, 0.8813736, 1.1947632, 1.6472312, 1.7362776, 2.406059, 3.220472, 5.170516, -0.48121184, -0.8364819, -0.8813736, -1.6472312, -2.5708146]),
    ("asinh", Double, &[NAN, INF, -INF, -0.0, 0.0, 0.06245938125554031, 0.3076250673886191, 0.48121182505960347, 0.6423961022699508, 0.8364818689255533, 0.881373587019543, 1.1947632172871094, 1.6472311463710958, 1.7362775864618003, 2.4060591252980172, 3.220471998464453, 5.170516276532822, -0.48121182505960347, -0.8364818689255533, -0.881373587019543, -1.6472311463710958, -2.570814678095697]),
    ("atan", Bool, &[0.0, 0.7853982]),
    ("atan", Byte, &[0.0, 0.7853982, 1.2490457, 1.5607966, 1.5629225, 1.562984, 1.5657964, 1.5668747]),
    ("atan", Char, &[-1.562984, -1.5607966, -1.2490457, -0.7853982, 0.0, 0.7853982, 1.1071488, 1.3734008, 1.5607966, 1.5629225]),
    ("atan", Short, &[-1.562984, -1.5607966, -1.2490457, -0.7853982, 0.0, 0.7853982, 1.1071488, 1.3734008, 1.5607966, 1.5629225]),
    ("atan", Int, &[-1.562984, -1.5607966, -1.2490457, -0.7853982, 0.0, 0.7853982, 1.1071488, 1.3734008, 1.5607966, 1.5629225]),
    ("atan", Long, &[-1.562984, -1.5607966, -1.2490457, -0.7853982, 0.0, 0.7853982, 1.1071488, 1.3734008, 1.5607966, 1.5629225]),
    ("atan", Half, &[NAN, 1.57, -1.57, -0.0, 0.0, 0.0624, 0.303, 0.4636, 0.602, 0.753, 0.785, 0.983, 1.19, 1.222, 1.391, 1.491, 1.56, -0.4636, -0.753, -0.785, -1.19, -1.418]),
    ("atan", BFloat16, &[NAN, 1.5703125, -1.5703125, -0.0, 0.0, 0.0625, 0.302734375, 0.462890625, 0.6015625, 0.75390625, 0.78515625, 0.984375, 1.1875, 1.21875, 1.390625, 1.4921875, 1.5625, -0.462890625, -0.75390625, -0.78515625, -1.1875, -1.421875]),
    ("atan", Float, &[NAN, 1.5707964, -1.5707964, -0.0, 0.0, 0.06241881, 0.30288488, 0.4636476, 0.60228735, 0.7531513, 0.7853982, 0.98279375, 1.19029, 1.2220253, 1.3909428, 1.4909663, 1.5594332, -0.4636476, -0.7531513, -0.7853982, -1.19029, -1.418147]),
    ("atan", Double, &[NAN, 1.5707963267948966, -1.5707963267948966, -0.0, 0.0, 0.06241880999595735, 0.3028848683749714, 0.4636476090008061, 0.6022873461349642, 0.7531512809621944, 0.7853981633974483, 0.982793723247329, 1.1902899496825317, 1.2220253232109897, 1.3909428270024184, 1.4909663410826592, 1.5594331795306058, -0.4636476090008061, -0.7531512809621944, -0.7853981633974483, -1.1902899496825317, -1.4181469983996315]),
    ("atanh", Bool, &[0.0, INF]),
    ("atanh", Byte, &[0.0, INF, NAN, NAN, NAN, NAN, NAN, NAN]),
    ("atanh", Char, &[NAN, NAN, NAN, -INF, 0.0, INF, NAN, NAN, NAN, NAN]),
    ("atanh", Short, &[NAN, NAN, NAN, -INF, 0.0, INF, NAN, NAN, NAN, NAN]),
    ("atanh", Int, &[NAN, NAN, NAN, -INF, 0.0, INF, NAN, NAN, NAN, NAN]),
    ("atanh", Long, &[NAN, NAN, NAN, -INF, 0.0, INF, NAN, NAN, NAN, NAN]),
    ("atanh", Half, &[NAN, NAN, NAN, -0.0, 0.0, 0.06256, 0.3232, 0.5493, 0.8433, 1.717, INF, NAN, NAN, NAN, NAN, NAN, NAN, -0.5493, -1.717, -INF, NAN, NAN]),
    ("atanh", BFloat16, &[NAN, NAN, NAN, -0.0, 0.0, 0.0625, 0.32421875, 0.55078125, 0.84375, 1.71875, INF, NAN, NAN, NAN, NAN, NAN, NAN, -0.55078125, -1.71875, -INF, NAN, NAN]),
    ("atanh", Float, &[NAN, NAN, NAN, -0.0, 0.0, 0.06258158, 0.32331356, 0.54930615, 0.8431995, 1.7169936, INF, NAN, NAN, NAN, NAN, NAN, NAN, -0.54930615, -1.7169936, -INF, NAN, NAN]),
    ("atanh", Double, &[NAN, NAN, NAN, -0.0, 0.0, 0.06258157147700301, 0.32331358246252623, 0.5493061443340549, 0.8431994767851143, 1.7169936022425731, INF, NAN, NAN, NAN, NAN, NAN, NAN, -0.5493061443340548, -1.7169936022425731, -INF, NAN, NAN]),
    ("ceil", Byte, &[0.0, 1.0, 3.0, 100.0, 127.0, 128.0, 200.0, 255.0]),
    ("ceil", Char, &[-128.0, -100.0, -3.0, -1.0, 0.0, 1.0, 2.0, 5.0, 100.0, 127.0]),
    ("ceil", Short, &[-128.0, -100.0, -3.0, -1.0, 0.0, 1.0, 2.0, 5.0, 100.0, 127.0]),
    ("ceil", Int, &[-128.0, -100.0, -3.0, -1.0, 0.0, 1.0, 2.0, 5.0, 100.0, 127.0]),
    ("ceil", Long, &[-128.0, -100.0, -3.0, -1.0, 0.0, 1.0, 2.0, 5.0, 100.0, 127.0]),
    ("ceil", Half, &[NAN, INF, -INF, -0.0, 0.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 2.0, 3.0, 3.0, 6.0, 13.0, 88.0, -0.0, -0.0, -1.0, -2.0, -6.0]),
    ("ceil", BFloat16, &[NAN, INF, -INF, -0.0, 0.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 2.0, 3.0, 3.0, 6.0, 13.0, 88.0, -0.0, -0.0, -1.0, -2.0, -6.0]),
    ("ceil", Float, &[NAN, INF, -INF, -0.0, 0.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 2.0, 3.0, 3.0, 6.0, 13.0, 88.0, -0.0, -0.0, -1.0, -2.0, -6.0]),
    ("ceil", Double, &[NAN, INF, -INF, -0.0, 0.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 2.0, 3.0, 3.0, 6.0, 13.0, 88.0, -0.0, -0.0, -1.0, -2.0, -6.0]),
    ("cos", Bool, &[1.0, 0.54030234]),
    ("cos", Byte, &[1.0, 0.54030234, -0.9899925, 0.8623189, 0.2323591, -0.6928958, 0.48718768, -0.8623036]),
    ("cos", Char, &[-0.6928958, 0.8623189, -0.9899925, 0.54030234, 1.0, 0.54030234, -0.41614684, 0.2836622, 0.8623189, 0.2323591]),
    ("cos", Short, &[-0.6928958, 0.8623189, -0.9899925, 0.54030234, 1.0, 0.54030234, -0.41614684, 0.2836622, 0.8623189, 0.2323591]),
    ("cos", Int, &[-0.6928958, 0.8623189, -0.9899925, 0.54030234, 1.0, 0.54030234, -0.41614684, 0.2836622, 0.8623189, 0.2323591]),
    ("cos", Long, &[-0.6928958, 0.8623189, -0.9899925, 0.54030234, 1.0, 0.54030234, -0.41614684, 0.2836622, 0.8623189, 0.2323591]),
    ("cos", Half, &[NAN, NAN, NAN, 1.0, 1.0, 0.998, 0.9517, 0.8774, 0.773, 0.592, 0.5405, 0.07074, -0.8013, -0.9243, 0.7085, 0.9976, 0.9995, 0.8774, 0.592, 0.5405, -0.8013, 0.9766]),
    ("cos", BFloat16, &[NAN, NAN, NAN, 1.0, 1.0, 1.0, 0.953125, 0.87890625, 0.7734375, 0.59375, 0.5390625, 0.07080078125, -0.80078125, -0.92578125, 0.70703125, 0.99609375, 1.0, 0.87890625, 0.59375, 0.5390625, -0.80078125, 0.9765625]),
    ("cos", Float, &[NAN, NAN, NAN, 1.0, 1.0, 0.99804753, 0.95156795, 0.87758255, 0.77283496, 0.5918051, 0.54030234, 0.0707372, -0.8011436, -0.9243024, 0.7086698, 0.99779826, 0.99937326, 0.87758255, 0.5918051, 0.54030234, -0.8011436, 0.97658765]),
    ("cos", Double, &[NAN, NAN, NAN, 1.0, 1.0, 0.9980475107000991, 0.9515679480481722, 0.8775825618903728, 0.7728349461524715, 0.5918050750924775, 0.5403023058681398, 0.0707372016677029, -0.8011436155469337, -0.9243023786324636, 0.70866977429126, 0.9977982791785807, 0.9993732836951247, 0.8775825618903728, 0.5918050750924775, 0.5403023058681398, -0.8011436155469337, 0.9765876257280235]),
    ("cosh", Bool, &[1.0, 1.5430806]),
    ("cosh", Byte, &[1.0, 1.5430806, 10.067662, INF, INF, INF, INF, INF]),
    ("cosh", Char, &[INF, INF, 10.067662, 1.5430806, 1.0, 1.5430806, 3.7621958, 74.20995, INF, INF]),
    ("cosh", Short, &[INF, INF, 10.067662, 1.5430806, 1.0, 1.5430806, 3.7621958, 74.20995, INF, INF]),
    ("cosh", Int, &[INF, INF, 10.067662, 1.5430806, 1.0, 1.5430806, 3.7621958, 74.20995, INF, INF]),
    ("cosh", Long, &[INF, INF, 10.067662, 1.5430806, 1.0, 1.5430806, 3.7621958, 74.20995, INF, INF]),
    ("cosh", Half, &[NAN, INF, INF, 1.0, 1.0, 1.002, 1.049, 1.128, 1.246, 1.473, 1.543, 2.352, 6.133, 7.85, 122.4, INF, INF, 1.128, 1.473, 1.543, 6.133, 332.5]),
    ("cosh", BFloat16, &[NAN, INF, INF, 1.0, 1.0, 1.0, 1.046875, 1.125, 1.2421875, 1.46875, 1.546875, 2.359375, 6.125, 7.84375, 122.5, 134144.0, 8.274444273761101e+37, 1.125, 1.46875, 1.546875, 6.125, 332.0]),
    ("cosh", Float, &[NAN, INF, INF, 1.0, 1.0, 1.0019537, 1.0492268, 1.127626, 1.2457845, 1.4725975, 1.5430806, 2.3524096, 6.1322894, 7.8532796, 122.34801, 134168.64, 8.2581813e+37, 1.127626, 1.4725975, 1.5430806, 6.1322894, 332.5716]),
    ("cosh", Double, &[NAN, INF, INF, 1.0, 1.0, 1.0019537608656677, 1.049226785060219, 1.1276259652063807, 1.2457845237766163, 1.472597542369863, 1.5430806348152437, 2.352409615243247, 6.132289479663686, 7.853279872697439, 122.34800951782942, 134168.64326230055, 8.258181274970009e+37, 1.1276259652063807, 1.472597542369863, 1.5430806348152437, 6.132289479663686, 332.5715682417774]),
    ("erf", Bool, &[0.0, 0.8427008]),
    ("erf", Byte, &[0.0, 0.8427008, 0.9999779, 1.0, 1.0, 1.0, 1.0, 1.0]),
    ("erf", Char, &[-1.0, -1.0, -0.9999779, -0.8427008, 0.0, 0.8427008, 0.9953223, 1.0, 1.0, 1.0]),
    ("erf", Short, &[-1.0, -1.0, -0.9999779, -0.8427008, 0.0, 0.8427008, 0.9953223, 1.0, 1.0, 1.0]),
    ("erf", Int, &[-1.0, -1.0, -0.9999779, -0.8427008, 0.0, 0.8427008, 0.9953223, 1.0, 1.0, 1.0]),
    ("erf", Long, &[-1.0, -1.0, -0.9999779, -0.8427008, 0.0, 0.8427008, 0.9953223, 1.0, 1.0, 1.0]),
    ("erf", Half, &[NAN, 1.0, -1.0, -0.0, 0.0, 0.07043, 0.3416, 0.5205, 0.669, 0.815, 0.843, 0.9663, 0.9995, 1.0, 1.0, 1.0, 1.0, -0.5205, -0.815, -0.843, -0.9995, -1.0]),
    ("erf", BFloat16, &[NAN, 1.0, -1.0, -0.0, 0.0, 0.0703125, 0.341796875, 0.51953125, 0.66796875, 0.81640625, 0.84375, 0.96484375, 1.0, 1.0, 1.0, 1.0, 1.0, -0.51953125, -0.81640625, -0.84375, -1.0, -1.0]),
    ("erf", Float, &[NAN, 1.0, -1.0, -0.0, 0.0, 0.07043198, 0.34146863, 0.5204999, 0.66908467, 0.8151024, 0.8427008, 0.96610516, 0.999593, 0.9998994, 1.0, 1.0, 1.0, -0.5204999, -0.8151024, -0.8427008, -0.999593, -1.0]),
    ("erf", Double, &[NAN, 1.0, -1.0, -0.0, 0.0, 0.07043197772238707, 0.341468633501595, 0.5204998778130465, 0.6690846628860813, 0.8151024010343998, 0.8427007929497149, 0.9661051464753108, 0.999593047982555, 0.9998993780778803, 0.9999999999999927, 1.0, 1.0, -0.5204998778130465, -0.8151024010343998, -0.8427007929497149, -0.999593047982555, -1.0]),
    ("exp", Bool, &[1.0, 2.7182817]),
    ("exp", Byte, &[1.0, 2.7182817, 20.085537, INF, INF, INF, INF, INF]),
    ("exp", Char, &[0.0, 3.8e-44, 0.049787067, 0.36787945, 1.0, 2.7182817, 7.389056, 148.41316, INF, INF]),
    ("exp", Short, &[0.0, 3.8e-44, 0.049787067, 0.36787945, 1.0, 2.7182817, 7.389056, 148.41316, INF, INF]),
    ("exp", Int, &[0.0, 3.8e-44, 0.049787067, 0.36787945, 1.0, 2.7182817, 7.389056, 148.41316, INF, INF]),
    ("exp", Long, &[0.0, 3.8e-44, 0.049787067, 0.36787945, 1.0, 2.7182817, 7.389056, 148.41316, INF, INF]),
    ("exp", Half, &[NAN, INF, 0.0, 1.0, 1.0, 1.064, 1.367, 1.648, 1.988, 2.553, 2.719, 4.48, 12.18, 15.64, 244.8, INF, INF, 0.6064, 0.3916, 0.368, 0.0821, 0.001503]),
    ("exp", BFloat16, &[NAN, INF, 0.0, 1.0, 1.0, 1.0625, 1.3671875, 1.6484375, 1.9921875, 2.546875, 2.71875, 4.46875, 12.1875, 15.625, 245.0, 268288.0, 1.6548888547522203e+38, 0.60546875, 0.392578125, 0.3671875, 0.08203125, 0.00150299072265625]),
    ("exp", Float, &[NAN, INF, 0.0, 1.0, 1.0, 1.0644945, 1.366838, 1.6487212, 1.9887375, 2.5535893, 2.7182817, 4.481689, 12.182494, 15.642632, 244.69193, 268337.28, 1.6516363e+38, 0.60653067, 0.39160562, 0.36787945, 0.082085, 0.0015034392]),
    ("exp", Double, &[NAN, INF, 0.0, 1.0, 1.0, 1.0644944589178593, 1.3668379411737963, 1.6487212707001282, 1.988737469582292, 2.553589458062927, 2.718281828459045, 4.4816890703380645, 12.182493960703473, 15.642631884188171, 244.69193226422038, 268337.2865208745, 1.6516362549940018e+38, 0.6065306597126334, 0.391605626676799, 0.36787944117144233, 0.0820849986238988, 0.0015034391929775724]),
    ("expm1", Bool, &[0.0, 1.7182819]),
    ("expm1", Byte, &[0.0, 1.7182819, 19.085537, INF, INF, INF, INF, INF]),
    ("expm1", Char, &[-1.0, -1.0, -0.95021296, -0.63212055, 0.0, 1.7182819, 6.389056, 147.41316, INF, INF]),
    ("expm1", Short, &[-1.0, -1.0, -0.95021296, -0.63212055, 0.0, 1.7182819, 6.389056, 147.41316, INF, INF]),
    ("expm1", Int, &[-1.0, -1.0, -0.95021296, -0.63212055, 0.0, 1.7182819, 6.389056, 147.41316, INF, INF]),
    ("expm1", Long, &[-1.0, -1.0, -0.95021296, -0.63212055, 0.0, 1.7182819, 6.389056, 147.41316, INF, INF]),
    ("expm1", Half, &[NAN, INF, -1.0, -0.0, 0.0, 0.0645, 0.367, 0.649, 0.989, 1.554, 1.719, 3.482, 11.18, 14.64, 243.8, INF, INF, -0.3936, -0.6084, -0.6323, -0.918, -0.9985]),
    ("expm1", BFloat16, &[NAN, INF, -1.0, -0.0, 0.0, 0.064453125, 0.3671875, 0.6484375, 0.98828125, 1.5546875, 1.71875, 3.484375, 11.1875, 14.625, 244.0, 268288.0, 1.6548888547522203e+38, -0.392578125, -0.609375, -0.6328125, -0.91796875, -1.0]),
    ("expm1", Float, &[NAN, INF, -1.0, -0.0, 0.0, 0.06449446, 0.36683795, 0.6487213, 0.98873746, 1.5535895, 1.7182819, 3.481689, 11.182494, 14.642632, 243.69193, 268336.28, 1.6516363e+38, -0.39346933, -0.6083944, -0.63212055, -0.917915, -0.99849653]),
    ("expm1", Double, &[NAN, INF, -1.0, -0.0, 0.0, 0.06449445891785943, 0.36683794117379637, 0.6487212707001282, 0.9887374695822918, 1.5535894580629268, 1.7182818284590453, 3.481689070338065, 11.182493960703473, 14.642631884188171, 243.69193226422038, 268336.2865208745, 1.6516362549940018e+38, -0.3934693402873666, -0.608394373323201, -0.6321205588285577, -0.9179150013761012, -0.9984965608070224]),
    ("floor", Byte, &[0.0, 1.0, 3.0, 100.0, 127.0, 128.0, 200.0, 255.0]),
    ("floor", Char, &[-128.0, -100.0, -3.0, -1.0, 0.0, 1.0, 2.0, 5.0, 100.0, 127.0]),
    ("floor", Short, &[-128.0, -100.0, -3.0, -1.0, 0.0, 1.0, 2.0, 5.0, 100.0, 127.0]),
    ("floor", Int, &[-128.0, -100.0, -3.0, -1.0, 0.0, 1.0, 2.0, 5.0, 100.0, 127.0]),
    ("floor", Long, &[-128.0, -100.0, -3.0, -1.0, 0.0, 1.0, 2.0, 5.0, 100.0, 127.0]),
    ("floor", Half, &[NAN, INF, -INF, -0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 2.0, 2.0, 5.0, 12.0, 88.0, -1.0, -1.0, -1.0, -3.0, -7.0]),
    ("floor", BFloat16, &[NAN, INF, -INF, -0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 2.0, 2.0, 5.0, 12.0, 88.0, -1.0, -1.0, -1.0, -3.0, -7.0]),
    ("floor", Float, &[NAN, INF, -INF, -0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 2.0, 2.0, 5.0, 12.0, 88.0, -1.0, -1.0, -1.0, -3.0, -7.0]),
    ("floor", Double, &[NAN, INF, -INF, -0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 2.0, 2.0, 5.0, 12.0, 88.0, -1.0, -1.0, -1.0, -3.0, -7.0]),
    ("log", Bool, &[-INF, 0.0]),
    ("log", Byte, &[-INF, 0.0, 1.0986123, 4.6051702, 4.8441873, 4.8520303, 5.2983174, 5.5412636]),
    ("log", Char, &[NAN, NAN, NAN, NAN, -INF, 0.0, 0.6931472, 1.609438, 4.6051702, 4.8441873]),
    ("log", Short, &[NAN, NAN, NAN, NAN, -INF, 0.0, 0.6931472, 1.609438, 4.6051702, 4.8441873]),
    ("log", Int, &[NAN, NAN, NAN, NAN, -INF, 0.0, 0.6931472, 1.609438, 4.6051702, 4.8441873]),
    ("log", Long, &[NAN, NAN, NAN, NAN, -INF, 0.0, 0.6931472, 1.609438, 4.6051702, 4.8441873]),
    ("log", Half, &[NAN, INF, NAN, -INF, -INF, -2.773, -1.163, -0.6934, -0.3748, -0.0645, 0.0, 0.4055, 0.9165, 1.012, 1.705, 2.525, 4.477, NAN, NAN, NAN, NAN, NAN]),
    ("log", BFloat16, &[NAN, INF, NAN, -INF, -INF, -2.765625, -1.1640625, -0.69140625, -0.375, -0.064453125, 0.0, 0.40625, 0.91796875, 1.0078125, 1.703125, 2.53125, 4.46875, NAN, NAN, NAN, NAN, NAN]),
    ("log", Float, &[NAN, INF, NAN, -INF, -INF, -2.7725887, -1.1631508, -0.6931472, -0.37469345, -0.06453852, 0.0, 0.4054651, 0.91629076, 1.011601, 1.704748, 2.5257287, 4.477337, NAN, NAN, NAN, NAN, NAN]),
    ("log", Double, &[NAN, INF, NAN, -INF, -INF, -2.772588722239781, -1.1631508098056809, -0.6931471805599453, -0.3746934494414107, -0.06453852113757118, 0.0, 0.4054651081081644, 0.9162907318741551, 1.0116009116784799, 1.7047480922384253, 2.5257286443082556, 4.477336814478207, NAN, NAN, NAN, NAN, NAN]),
    ("log10", Bool, &[-INF, 0.0]),
    ("log10", Byte, &[-INF, 0.0, 0.47712126, 2.0, 2.1038036, 2.10721, 2.30103, 2.4065402]),
    ("log10", Char, &[NAN, NAN, NAN, NAN, -INF, 0.0, 0.30103, 0.69897, 2.0, 2.1038036]),
    ("log10", Short, &[NAN, NAN, NAN, NAN, -INF, 0.0, 0.30103, 0.69897, 2.0, 2.1038036]),
    ("log10", Int, &[NAN, NAN, NAN, NAN, -INF, 0.0, 0.30103, 0.69897, 2.0, 2.1038036]),
    ("log10", Long, &[NAN, NAN, NAN, NAN, -INF, 0.0, 0.30103, 0.69897, 2.0, 2.1038036]),
    ("log10", Half, &[NAN, INF, NAN, -INF, -INF, -1.204, -0.5054, -0.301, -0.1627, -0.02803, 0.0, 0.1761, 0.398, 0.4395, 0.74, 1.097, 1.944, NAN, NAN, NAN, NAN, NAN]),
    ("log10", BFloat16, &[NAN, INF, NAN, -INF, -INF, -1.203125, -0.50390625, -0.30078125, -0.1630859375, -0.028076171875, 0.0, 0.17578125, 0.3984375, 0.439453125, 0.7421875, 1.09375, 1.9453125, NAN, NAN, NAN, NAN, NAN]),
    ("log10", Float, &[NAN, INF, NAN, -INF, -INF, -1.20412, -0.50514996, -0.30103, -0.1627273, -0.028028723, 0.0, 0.17609125, 0.39794, 0.4393327, 0.7403627, 1.09691, 1.9444827, NAN, NAN, NAN, NAN, NAN]),
    ("log10", Double, &[NAN, INF, NAN, -INF, -INF, -1.2041199826559248, -0.5051499783199059, -0.3010299956639812, -0.16272729749769974, -0.028028723600243537, 0.0, 0.17609125905568124, 0.3979400086720376, 0.43933269383026263, 0.7403626894942439, 1.0969100130080565, 1.9444826721501687, NAN, NAN, NAN, NAN, NAN]),
    ("log1p", Bool, &[0.0, 0.6931472]),
    ("log1p", Byte, &[0.0, 0.6931472, 1.3862944, 4.6151204, 4.8520303, 4.8598123, 5.3033047, 5.5451775]),
    ("log1p", Char, &[NAN, NAN, NAN, -INF, 0.0, 0.6931472, 1.0986123, 1.7917595, 4.6151204, 4.8520303]),
    ("log1p", Short, &[NAN, NAN, NAN, -INF, 0.0, 0.6931472, 1.0986123, 1.7917595, 4.6151204, 4.8520303]),
    ("log1p", Int, &[NAN, NAN, NAN, -INF, 0.0, 0.6931472, 1.0986123, 1.7917595, 4.6151204, 4.8520303]),
    ("log1p", Long, &[NAN, NAN, NAN, -INF, 0.0, 0.6931472, 1.0986123, 1.7917595, 4.6151204, 4.8520303]),
    ("log1p", Half, &[NAN, INF, NAN, -0.0, 0.0, 0.06064, 0.272, 0.4055, 0.5234, 0.6616, 0.6934, 0.9165, 1.253, 1.321, 1.872, 2.604, 4.49, -0.6934, -2.773, -INF, NAN, NAN]),
    ("log1p", BFloat16, &[NAN, INF, NAN, -0.0, 0.0, 0.060546875, 0.271484375, 0.40625, 0.5234375, 0.66015625, 0.69140625, 0.91796875, 1.25, 1.3203125, 1.875, 2.609375, 4.5, -0.69140625, -2.765625, -INF, NAN, NAN]),
    ("log1p", Float, &[NAN, INF, NAN, -0.0, 0.0, 0.06062462, 0.2719337, 0.4054651, 0.52324814, 0.6613985, 0.6931472, 0.91629076, 1.2527629, 1.3217559, 1.8718022, 2.6026897, 4.4886365, -0.6931472, -2.7725887, -INF, NAN, NAN]),
    ("log1p", Double, &[NAN, INF, NAN, -0.0, 0.0, 0.06062462181643485, 0.27193371548364176, 0.4054651081081644, 0.5232481437645479, 0.661398482245365, 0.6931471805599453, 0.9162907318741551, 1.252762968495368, 1.3217558399823195, 1.8718021769015913, 2.6026896854443837, 4.48863636973214, -0.6931471805599453, -2.772588722239781, -INF, NAN, NAN]),
    ("log2", Bool, &[-INF, 0.0]),
    ("log2", Byte, &[-INF, 0.0, 1.5849625, 6.643856, 6.9886847, 7.0, 7.643856, 7.9943533]),
    ("log2", Char, &[NAN, NAN, NAN, NAN, -INF, 0.0, 1.0, 2.321928, 6.643856, 6.9886847]),
    ("log2", Short, &[NAN, NAN, NAN, NAN, -INF, 0.0, 1.0, 2.321928, 6.643856, 6.9886847]),
    ("log2", Int, &[NAN, NAN, NAN, NAN, -INF, 0.0, 1.0, 2.321928, 6.643856, 6.9886847]),
    ("log2", Long, &[NAN, NAN, NAN, NAN, -INF, 0.0, 1.0, 2.321928, 6.643856, 6.9886847]),
    ("log2", Half, &[NAN, INF, NAN, -INF, -INF, -4.0, -1.678, -1.0, -0.5405, -0.09314, 0.0, 0.585, 1.322, 1.459, 2.459, 3.645, 6.46, NAN, NAN, NAN, NAN, NAN]),
    ("log2", BFloat16, &[NAN, INF, NAN, -INF, -INF, -4.0, -1.6796875, -1.0, -0.5390625, -0.09326171875, 0.0, 0.5859375, 1.3203125, 1.4609375, 2.453125, 3.640625, 6.46875, NAN, NAN, NAN, NAN, NAN]),
    ("log2", Float, &[NAN, INF, NAN, -INF, -INF, -4.0, -1.6780719, -1.0, -0.54056835, -0.09310941, 0.0, 0.5849625, 1.3219281, 1.4594316, 2.4594316, 3.6438563, 6.4594316, NAN, NAN, NAN, NAN, NAN]),
    ("log2", Double, &[NAN, INF, NAN, -INF, -INF, -4.0, -1.6780719051126376, -1.0, -0.5405683813627028, -0.09310940439148147, 0.0, 0.5849625007211562, 1.3219280948873624, 1.4594316186372973, 2.4594316186372973, 3.643856189774725, 6.459431618637297, NAN, NAN, NAN, NAN, NAN]),
    ("neg", Byte, &[0.0, 255.0, 253.0, 156.0, 129.0, 128.0, 56.0, 1.0]),
    ("neg", Char, &[-128.0, 100.0, 3.0, 1.0, 0.0, -1.0, -2.0, -5.0, -100.0, -127.0]),
    ("neg", Short, &[128.0, 100.0, 3.0, 1.0, 0.0, -1.0, -2.0, -5.0, -100.0, -127.0]),
    ("neg", Int, &[128.0, 100.0, 3.0, 1.0, 0.0, -1.0, -2.0, -5.0, -100.0, -127.0]),
    ("neg", Long, &[128.0, 100.0, 3.0, 1.0, 0.0, -1.0, -2.0, -5.0, -100.0, -127.0]),
    ("neg", Half, &[NAN, -INF, INF, 0.0, -0.0, -0.0625, -0.3125, -0.5, -0.6875, -0.9375, -1.0, -1.5, -2.5, -2.75, -5.5, -12.5, -88.0, 0.5, 0.9375, 1.0, 2.5, 6.5]),
    ("neg", BFloat16, &[NAN, -INF, INF, 0.0, -0.0, -0.0625, -0.3125, -0.5, -0.6875, -0.9375, -1.0, -1.5, -2.5, -2.75, -5.5, -12.5, -88.0, 0.5, 0.9375, 1.0, 2.5, 6.5]),
    ("neg", Float, &[NAN, -INF, INF, 0.0, -0.0, -0.0625, -0.3125, -0.5, -0.6875, -0.9375, -1.0, -1.5, -2.5, -2.75, -5.5, -12.5, -88.0, 0.5, 0.9375, 1.0, 2.5, 6.5]),
    ("neg", Double, &[NAN, -INF, INF, 0.0, -0.0, -0.0625, -0.3125, -0.5, -0.6875, -0.9375, -1.0, -1.5, -2.5, -2.75, -5.5, -12.5, -88.0, 0.5, 0.9375, 1.0, 2.5, 6.5]),
    ("reciprocal", Bool, &[INF, 1.0]),
    ("reciprocal", Byte, &[INF, 1.0, 0.33333334, 0.01, 0.007874016, 0.0078125, 0.005, 0.003921569]),
    ("reciprocal", Char, &[-0.0078125, -0.01, -0.33333334, -1.0, INF, 1.0, 0.5, 0.2, 0.01, 0.007874016]),
    ("reciprocal", Short, &[-0.0078125, -0.01, -0.33333334, -1.0, INF, 1.0, 0.5, 0.2, 0.01, 0.007874016]),
    ("reciprocal", Int, &[-0.0078125, -0.01, -0.33333334, -1.0, INF, 1.0, 0.5, 0.2, 0.01, 0.007874016]),
    ("reciprocal", Long, &[-0.0078125, -0.01, -0.33333334, -1.0, INF, 1.0, 0.5, 0.2, 0.01, 0.007874016]),
    ("reciprocal", Half, &[NAN, 0.0, -0.0, -INF, INF, 16.0, 3.2, 2.0, 1.454, 1.066, 1.0, 0.6665, 0.4, 0.3635, 0.1818, 0.08, 0.01136, -2.0, -1.066, -1.0, -0.4, -0.1538]),
    ("reciprocal", BFloat16, &[NAN, 0.0, -0.0, -INF, INF, 16.0, 3.203125, 2.0, 1.453125, 1.0703125, 1.0, 0.66796875, 0.400390625, 0.36328125, 0.181640625, 0.080078125, 0.0113525390625, -2.0, -1.0703125, -1.0, -0.400390625, -0.154296875]),
    ("reciprocal", Float, &[NAN, 0.0, -0.0, -INF, INF, 16.0, 3.2, 2.0, 1.4545455, 1.0666667, 1.0, 0.6666667, 0.4, 0.36363637, 0.18181819, 0.08, 0.011363637, -2.0, -1.0666667, -1.0, -0.4, -0.15384616]),
    ("reciprocal", Double, &[NAN, 0.0, -0.0, -INF, INF, 16.0, 3.2, 2.0, 1.4545454545454546, 1.0666666666666667, 1.0, 0.6666666666666666, 0.4, 0.36363636363636365, 0.18181818181818182, 0.08, 0.011363636363636364, -2.0, -1.0666666666666667, -1.0, -0.4, -0.15384615384615385]),
    ("round", Byte, &[0.0, 1.0, 3.0, 100.0, 127.0, 128.0, 200.0, 255.0]),
    ("round", Char, &[-128.0, -100.0, -3.0, -1.0, 0.0, 1.0, 2.0, 5.0, 100.0, 127.0]),
    ("round", Short, &[-128.0, -100.0, -3.0, -1.0, 0.0, 1.0, 2.0, 5.0, 100.0, 127.0]),
    ("round", Int, &[-128.0, -100.0, -3.0, -1.0, 0.0, 1.0, 2.0, 5.0, 100.0, 127.0]),
    ("round", Long, &[-128.0, -100.0, -3.0, -1.0, 0.0, 1.0, 2.0, 5.0, 100.0, 127.0]),
    ("round", Half, &[NAN, INF, -INF, -0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 2.0, 2.0, 3.0, 6.0, 12.0, 88.0, -0.0, -1.0, -1.0, -2.0, -6.0]),
    ("round", BFloat16, &[NAN, INF, -INF, -0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 2.0, 2.0, 3.0, 6.0, 12.0, 88.0, -0.0, -1.0, -1.0, -2.0, -6.0]),
    ("round", Float, &[NAN, INF, -INF, -0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 2.0, 2.0, 3.0, 6.0, 12.0, 88.0, -0.0, -1.0, -1.0, -2.0, -6.0]),
    ("round", Double, &[NAN, INF, -INF, -0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 2.0, 2.0, 3.0, 6.0, 12.0, 88.0, -0.0, -1.0, -1.0, -2.0, -6.0]),
    ("rsqrt", Bool, &[INF, 1.0]),
    ("rsqrt", Byte, &[INF, 1.0, 0.57735026, 0.1, 0.088735655, 0.088388346, 0.07071068, 0.06262243]),
    ("rsqrt", Char, &[NAN, NAN, NAN, NAN, INF, 1.0, 0.70710677, 0.4472136, 0.1, 0.088735655]),
    ("rsqrt", Short, &[NAN, NAN, NAN, NAN, INF, 1.0, 0.70710677, 0.4472136, 0.1, 0.088735655]),
    ("rsqrt", Int, &[NAN, NAN, NAN, NAN, INF, 1.0, 0.70710677, 0.4472136, 0.1, 0.088735655]),
    ("rsqrt", Long, &[NAN, NAN, NAN, NAN, INF, 1.0, 0.70710677, 0.4472136, 0.1, 0.088735655]),
    ("rsqrt", Half, &[NAN, 0.0, NAN, -INF, INF, 4.0, 1.789, 1.414, 1.206, 1.033, 1.0, 0.8164, 0.6323, 0.603, 0.4263, 0.283, 0.10657, NAN, NAN, NAN, NAN, NAN]),
    ("rsqrt", BFloat16, &[NAN, 0.0, NAN, -INF, INF, 4.0, 1.7890625, 1.4140625, 1.2109375, 1.03125, 1.0, 0.81640625, 0.6328125, 0.60546875, 0.42578125, 0.283203125, 0.1064453125, NAN, NAN, NAN, NAN, NAN]),
    ("rsqrt", Float, &[NAN, 0.0, NAN, -INF, INF, 4.0, 1.7888544, 1.4142135, 1.2060454, 1.0327955, 1.0, 0.81649655, 0.6324555, 0.6030227, 0.42640144, 0.28284273, 0.10660036, NAN, NAN, NAN, NAN, NAN]),
    ("rsqrt", Double, &[NAN, 0.0, NAN, -INF, INF, 4.0, 1.7888543819998317, 1.414213562373095, 1.2060453783110545, 1.0327955589886444, 1.0, 0.8164965809277261, 0.6324555320336759, 0.6030226891555273, 0.42640143271122083, 0.282842712474619, 0.10660035817780521, NAN, NAN, NAN, NAN, NAN]),
    ("sigmoid", Bool, &[0.5, 0.7310586]),
    ("sigmoid", Byte, &[0.5, 0.7310586, 0.95257413, 1.0, 1.0, 1.0, 1.0, 1.0]),
    ("sigmoid", Char, &[0.0, 0.0, 0.047425874, 0.26894143, 0.5, 0.7310586, 0.880797, 0.9933072, 1.0, 1.0]),
    ("sigmoid", Short, &[0.0, 0.0, 0.047425874, 0.26894143, 0.5, 0.7310586, 0.880797, 0.9933072, 1.0, 1.0]),
    ("sigmoid", Int, &[0.0, 0.0, 0.047425874, 0.26894143, 0.5, 0.7310586, 0.880797, 0.9933072, 1.0, 1.0]),
    ("sigmoid", Long, &[0.0, 0.0, 0.047425874, 0.26894143, 0.5, 0.7310586, 0.880797, 0.9933072, 1.0, 1.0]),
    ("sigmoid", Half, &[NAN, 1.0, 0.0, 0.5, 0.5, 0.5156, 0.5776, 0.6226, 0.6655, 0.7188, 0.731, 0.8174, 0.9243, 0.94, 0.996, 1.0, 1.0, 0.3774, 0.2815, 0.269, 0.07587, 0.001501]),
    ("sigmoid", BFloat16, &[NAN, 1.0, 0.0, 0.5, 0.5, 0.515625, 0.578125, 0.62109375, 0.6640625, 0.71875, 0.73046875, 0.81640625, 0.92578125, 0.94140625, 0.99609375, 1.0, 1.0, 0.376953125, 0.28125, 0.26953125, 0.07568359375, 0.00150299072265625]),
    ("sigmoid", Float, &[NAN, 1.0, 0.0, 0.5, 0.5, 0.51561993, 0.5774954, 0.62245935, 0.6654106, 0.7185944, 0.7310586, 0.81757444, 0.9241418, 0.93991333, 0.9959299, 0.9999963, 1.0, 0.37754068, 0.28140563, 0.26894143, 0.075858176, 0.0015011822]),
    ("sigmoid", Double, &[NAN, 1.0, 0.0, 0.5, 0.5, 0.5156199157230156, 0.5774953651858118, 0.6224593312018546, 0.665410558746814, 0.7185943925708561, 0.7310585786300049, 0.8175744761936437, 0.9241418199787566, 0.9399133498259924, 0.995929862284104, 0.9999962733607158, 1.0, 0.3775406687981454, 0.28140560742914383, 0.2689414213699951, 0.07585818002124355, 0.0015011822567369917]),
    ("sign", Bool, &[0.0, 1.0]),
    ("sign", Byte, &[0.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]),
    ("sign", Char, &[-1.0, -1.0, -1.0, -1.0, 0.0, 1.0, 1.0, 1.0, 1.0, 1.0]),
    ("sign", Short, &[-1.0, -1.0, -1.0, -1.0, 0.0, 1.0, 1.0, 1.0, 1.0, 1.0]),
    ("sign", Int, &[-1.0, -1.0, -1.0, -1.0, 0.0, 1.0, 1.0, 1.0, 1.0, 1.0]),
    ("sign", Long, &[-1.0, -1.0, -1.0, -1.0, 0.0, 1.0, 1.0, 1.0, 1.0, 1.0]),
    ("sign", Half, &[0.0, 1.0, -1.0, 0.0, 0.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, -1.0, -1.0, -1.0, -1.0, -1.0]),
    ("sign", BFloat16, &[0.0, 1.0, -1.0, 0.0, 0.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, -1.0, -1.0, -1.0, -1.0, -1.0]),
    ("sign", Float, &[0.0, 1.0, -1.0, 0.0, 0.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, -1.0, -1.0, -1.0, -1.0, -1.0]),
    ("sign", Double, &[0.0, 1.0, -1.0, 0.0, 0.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, -1.0, -1.0, -1.0, -1.0, -1.0]),
    ("sin", Bool, &[0.0, 0.84147096]),
    ("sin", Byte, &[0.0, 0.84147096, 0.14112, -0.50636566, 0.9726301, 0.7210377, -0.8732973, -0.50639164]),
    ("sin", Char, &[-0.7210377, 0.50636566, -0.14112, -0.84147096, 0.0, 0.84147096, 0.9092974, -0.9589243, -0.50636566, 0.9726301]),
    ("sin", Short, &[-0.7210377, 0.50636566, -0.14112, -0.84147096, 0.0, 0.84147096, 0.9092974, -0.9589243, -0.50636566, 0.9726301]),
    ("sin", Int, &[-0.7210377, 0.50636566, -0.14112, -0.84147096, 0.0, 0.84147096, 0.9092974, -0.9589243, -0.50636566, 0.9726301]),
    ("sin", Long, &[-0.7210377, 0.50636566, -0.14112, -0.84147096, 0.0, 0.84147096, 0.9092974, -0.9589243, -0.50636566, 0.9726301]),
    ("sin", Half, &[NAN, NAN, NAN, -0.0, 0.0, 0.06247, 0.3074, 0.4795, 0.635, 0.806, 0.8413, 0.9976, 0.5986, 0.3816, -0.7056, -0.06635, 0.0354, -0.4795, -0.806, -0.8413, -0.5986, -0.2151]),
    ("sin", BFloat16, &[NAN, NAN, NAN, -0.0, 0.0, 0.0625, 0.306640625, 0.478515625, 0.6328125, 0.8046875, 0.83984375, 0.99609375, 0.59765625, 0.380859375, -0.70703125, -0.06640625, 0.035400390625, -0.478515625, -0.8046875, -0.83984375, -0.59765625, -0.21484375]),
    ("sin", Float, &[NAN, NAN, NAN, -0.0, 0.0, 0.062459316, 0.30743852, 0.47942555, 0.6346071, 0.8060811, 0.84147096, 0.997495, 0.5984721, 0.381661, -0.7055403, -0.066321895, 0.035398304, -0.47942555, -0.8060811, -0.84147096, -0.5984721, -0.21511999]),
    ("sin", Double, &[NAN, NAN, NAN, -0.0, 0.0, 0.0624593178423802, 0.30743851458038085, 0.479425538604203, 0.6346070800152693, 0.806081108260693, 0.8414709848078965, 0.9974949866040544, 0.5984721441039565, 0.38166099205233167, -0.7055403255703919, -0.06632189735120068, 0.03539830273366068, -0.479425538604203, -0.806081108260693, -0.8414709848078965, -0.5984721441039565, -0.21511998808781552]),
    ("sinh", Bool, &[0.0, 1.1752012]),
    ("sinh", Byte, &[0.0, 1.1752012, 10.017875, INF, INF, INF, INF, INF]),
    ("sinh", Char, &[-INF, -INF, -10.017875, -1.1752012, 0.0, 1.1752012, 3.6268604, 74.20321, INF, INF]),
    ("sinh", Short, &[-INF, -INF, -10.017875, -1.1752012, 0.0, 1.1752012, 3.6268604, 74.20321, INF, INF]),
    ("sinh", Int, &[-INF, -INF, -10.017875, -1.1752012, 0.0, 1.1752012, 3.6268604, 74.20321, INF, INF]),
    ("sinh", Long, &[-INF, -INF, -10.017875, -1.1752012, 0.0, 1.1752012, 3.6268604, 74.20321, INF, INF]),
    ("sinh", Half, &[NAN, INF, -INF, -0.0, 0.0, 0.06256, 0.3176, 0.521, 0.743, 1.081, 1.175, 2.129, 6.05, 7.79, 122.4, INF, INF, -0.521, -1.081, -1.175, -6.05, -332.5]),
    ("sinh", BFloat16, &[NAN, INF, -INF, -0.0, 0.0, 0.0625, 0.318359375, 0.51953125, 0.7421875, 1.078125, 1.171875, 2.125, 6.0625, 7.78125, 122.5, 134144.0, 8.274444273761101e+37, -0.51953125, -1.078125, -1.171875, -6.0625, -332.0]),
    ("sinh", Float, &[NAN, INF, -INF, -0.0, 0.0, 0.0625407, 0.31761116, 0.5210953, 0.74295294, 1.0809919, 1.1752012, 2.1292794, 6.0502048, 7.789352, 122.34392, 134168.64, 8.2581813e+37, -0.5210953, -1.0809919, -1.1752012, -6.0502048, -332.57004]),
    ("sinh", Double, &[NAN, INF, -INF, -0.0, 0.0, 0.06254069805219183, 0.31761115611357726, 0.5210953054937474, 0.7429529458056754, 1.0809919156930639, 1.1752011936438014, 2.1292794550948173, 6.0502044810397875, 7.789352011490732, 122.34392274639096, 134168.6432585739, 8.258181274970009e+37, -0.5210953054937474, -1.080991915693064, -1.1752011936438014, -6.0502044810397875, -332.5700648025844]),
    ("sqrt", Bool, &[0.0, 1.0]),
    ("sqrt", Byte, &[0.0, 1.0, 1.7320508, 10.0, 11.269427, 11.313708, 14.142136, 15.9687195]),
    ("sqrt", Char, &[NAN, NAN, NAN, NAN, 0.0, 1.0, 1.4142135, 2.236068, 10.0, 11.269427]),
    ("sqrt", Short, &[NAN, NAN, NAN, NAN, 0.0, 1.0, 1.4142135, 2.236068, 10.0, 11.269427]),
    ("sqrt", Int, &[NAN, NAN, NAN, NAN, 0.0, 1.0, 1.4142135, 2.236068, 10.0, 11.269427]),
    ("sqrt", Long, &[NAN, NAN, NAN, NAN, 0.0, 1.0, 1.4142135, 2.236068, 10.0, 11.269427]),
    ("sqrt", Half, &[NAN, INF, NAN, -0.0, 0.0, 0.25, 0.559, 0.707, 0.829, 0.9683, 1.0, 1.225, 1.581, 1.658, 2.346, 3.535, 9.38, NAN, NAN, NAN, NAN, NAN]),
    ("sqrt", BFloat16, &[NAN, INF, NAN, -0.0, 0.0, 0.25, 0.55859375, 0.70703125, 0.828125, 0.96875, 1.0, 1.2265625, 1.578125, 1.65625, 2.34375, 3.53125, 9.375, NAN, NAN, NAN, NAN, NAN]),
    ("sqrt", Float, &[NAN, INF, NAN, -0.0, 0.0, 0.25, 0.559017, 0.70710677, 0.8291562, 0.96824586, 1.0, 1.2247449, 1.5811388, 1.6583124, 2.345208, 3.535534, 9.380832, NAN, NAN, NAN, NAN, NAN]),
    ("sqrt", Double, &[NAN, INF, NAN, -0.0, 0.0, 0.25, 0.5590169943749475, 0.7071067811865475, 0.82915619758885, 0.9682458365518543, 1.0, 1.224744871391589, 1.5811388300841898, 1.6583123951777, 2.345207879911715, 3.5355339059327378, 9.38083151964686, NAN, NAN, NAN, NAN, NAN]),
    ("tan", Bool, &[0.0, 1.5574077]),
    ("tan", Byte, &[0.0, 1.5574077, -0.14254655, -0.58721393, 4.1858916, -1.0406148, -1.7925274, 0.58725446]),
    ("tan", Char, &[1.0406148, 0.58721393, 0.14254655, -1.5574077, 0.0, 1.5574077, -2.1850398, -3.380515, -0.58721393, 4.1858916]),
    ("tan", Short, &[1.0406148, 0.58721393, 0.14254655, -1.5574077, 0.0, 1.5574077, -2.1850398, -3.380515, -0.58721393, 4.1858916]),
    ("tan", Int, &[1.0406148, 0.58721393, 0.14254655, -1.5574077, 0.0, 1.5574077, -2.1850398, -3.380515, -0.58721393, 4.1858916]),
    ("tan", Long, &[1.0406148, 0.58721393, 0.14254655, -1.5574077, 0.0, 1.5574077, -2.1850398, -3.380515, -0.58721393, 4.1858916]),
    ("tan", Half, &[NAN, NAN, NAN, -0.0, 0.0, 0.06256, 0.323, 0.5464, 0.8213, 1.362, 1.558, 14.1, -0.747, -0.4128, -0.9956, -0.06647, 0.03543, -0.5464, -1.362, -1.558, 0.747, -0.2203]),
    ("tan", BFloat16, &[NAN, NAN, NAN, -0.0, 0.0, 0.0625, 0.322265625, 0.546875, 0.8203125, 1.359375, 1.5546875, 14.125, -0.74609375, -0.412109375, -0.99609375, -0.06640625, 0.035400390625, -0.546875, -1.359375, -1.5546875, 0.74609375, -0.220703125]),
    ("tan", Float, &[NAN, NAN, NAN, -0.0, 0.0, 0.06258151, 0.32308623, 0.5463025, 0.8211418, 1.362072, 1.5574077, 14.10142, -0.7470223, -0.41291788, -0.9955841, -0.06646824, 0.0354205, -0.5463025, -1.362072, -1.5574077, 0.7470223, -0.2202772]),
    ("tan", Double, &[NAN, NAN, NAN, -0.0, 0.0, 0.06258150756627502, 0.32308624435174554, 0.5463024898437905, 0.8211418015898941, 1.3620719763762281, 1.5574077246549023, 14.101419947171719, -0.7470222972386603, -0.4129178944849325, -0.995584052213885, -0.0664682418632742, 0.03542050133937693, -0.5463024898437905, -1.3620719763762281, -1.5574077246549023, 0.7470222972386603, -0.22027720034589682]),
    ("tanh", Bool, &[0.0, 0.7615942]),
    ("tanh", Byte, &[0.0, 0.7615942, 0.9950548, 1.0, 1.0, 1.0, 1.0, 1.0]),
    ("tanh", Char, &[-1.0, -1.0, -0.9950548, -0.7615942, 0.0, 0.7615942, 0.9640276, 0.9999092, 1.0, 1.0]),
    ("tanh", Short, &[-1.0, -1.0, -0.9950548, -0.7615942, 0.0, 0.7615942, 0.9640276, 0.9999092, 1.0, 1.0]),
    ("tanh", Int, &[-1.0, -1.0, -0.9950548, -0.7615942, 0.0, 0.7615942, 0.9640276, 0.9999092, 1.0, 1.0]),
    ("tanh", Long, &[-1.0, -1.0, -0.9950548, -0.7615942, 0.0, 0.7615942, 0.9640276, 0.9999092, 1.0, 1.0]),
    ("tanh", Half, &[NAN, 1.0, -1.0, -0.0, 0.0, 0.0624, 0.3027, 0.4622, 0.596, 0.734, 0.7617, 0.9053, 0.987, 0.9917, 1.0, 1.0, 1.0, -0.4622, -0.734, -0.7617, -0.987, -1.0]),
    ("tanh", BFloat16, &[NAN, 1.0, -1.0, -0.0, 0.0, 0.0625, 0.302734375, 0.462890625, 0.59765625, 0.734375, 0.76171875, 0.90625, 0.98828125, 0.9921875, 1.0, 1.0, 1.0, -0.462890625, -0.734375, -0.76171875, -0.98828125, -1.0]),
    ("tanh", Float, &[NAN, 1.0, -1.0, -0.0, 0.0, 0.062418748, 0.30270973, 0.46211717, 0.59637356, 0.7340715, 0.7615942, 0.90514827, 0.9866143, 0.99185973, 0.9999666, 1.0, 1.0, -0.46211717, -0.7340715, -0.7615942, -0.9866143, -0.99999547]),
    ("tanh", Double, &[NAN, 1.0, -1.0, -0.0, 0.0, 0.062418746747512514, 0.3027097293321085, 0.4621171572600098, 0.5963735554792423, 0.7340715196043415, 0.7615941559557649, 0.9051482536448664, 0.9866142981514303, 0.9918597245682077, 0.9999665971563038, 0.9999999999722241, 1.0, -0.4621171572600098, -0.7340715196043415, -0.7615941559557649, -0.9866142981514303, -0.9999954793514042]),
    ("trunc", Byte, &[0.0, 1.0, 3.0, 100.0, 127.0, 128.0, 200.0, 255.0]),
    ("trunc", Char, &[-128.0, -100.0, -3.0, -1.0, 0.0, 1.0, 2.0, 5.0, 100.0, 127.0]),
    ("trunc", Short, &[-128.0, -100.0, -3.0, -1.0, 0.0, 1.0, 2.0, 5.0, 100.0, 127.0]),
    ("trunc", Int, &[-128.0, -100.0, -3.0, -1.0, 0.0, 1.0, 2.0, 5.0, 100.0, 127.0]),
    ("trunc", Long, &[-128.0, -100.0, -3.0, -1.0, 0.0, 1.0, 2.0, 5.0, 100.0, 127.0]),
    ("trunc", Half, &[NAN, INF, -INF, -0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 2.0, 2.0, 5.0, 12.0, 88.0, -0.0, -0.0, -1.0, -2.0, -6.0]),
    ("trunc", BFloat16, &[NAN, INF, -INF, -0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 2.0, 2.0, 5.0, 12.0, 88.0, -0.0, -0.0, -1.0, -2.0, -6.0]),
    ("trunc", Float, &[NAN, INF, -INF, -0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 2.0, 2.0, 5.0, 12.0, 88.0, -0.0, -0.0, -1.0, -2.0, -6.0]),
    ("trunc", Double, &[NAN, INF, -INF, -0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 2.0, 2.0, 5.0, 12.0, 88.0, -0.0, -0.0, -1.0, -2.0, -6.0]),
    ("isinf", Bool, &[0.0, 0.0]),
    ("isinf", Byte, &[0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]),
    ("isinf", Char, &[0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]),
    ("isinf", Short, &[0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]),
    ("isinf", Int, &[0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]),
    ("isinf", Long, &[0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]),
    ("isinf", Half, &[0.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]),
    ("isinf", BFloat16, &[0.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]),
    ("isinf", Float, &[0.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]),
    ("isinf", Double, &[0.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]),
    ("isnan", Bool, &[0.0, 0.0]),
    ("isnan", Byte, &[0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]),
    ("isnan", Char, &[0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]),
    ("isnan", Short, &[0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]),
    ("isnan", Int, &[0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]),
    ("isnan", Long, &[0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]),
    ("isnan", Half, &[1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]),
    ("isnan", BFloat16, &[1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]),
    ("isnan", Float, &[1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]),
    ("isnan", Double, &[1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]),
    ("logit", Bool, &[-INF, INF]),
    ("logit", Byte, &[-INF, INF, NAN, NAN, NAN, NAN, NAN, NAN]),
    ("logit", Char, &[NAN, NAN, NAN, NAN, -INF, INF, NAN, NAN, NAN, NAN]),
    ("logit", Short, &[NAN, NAN, NAN, NAN, -INF, INF, NAN, NAN, NAN, NAN]),
    ("logit", Int, &[NAN, NAN, NAN, NAN, -INF, INF, NAN, NAN, NAN, NAN]),
    ("logit", Long, &[NAN, NAN, NAN, NAN, -INF, INF, NAN, NAN, NAN, NAN]),
    ("logit", Half, &[NAN, NAN, NAN, -INF, -INF, -2.709, -0.7886, 0.0, 0.788, 2.709, INF, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN]),
    ("logit", BFloat16, &[NAN, NAN, NAN, -INF, -INF, -2.703125, -0.7890625, 0.0, 0.7890625, 2.703125, INF, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN]),
    ("logit", Float, &[NAN, NAN, NAN, -INF, -INF, -2.7080503, -0.78845733, 0.0, 0.7884574, 2.7080503, INF, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN]),
    ("logit", Double, &[NAN, NAN, NAN, -INF, -INF, -2.70805020110221, -0.7884573603642702, 0.0, 0.7884573603642703, 2.70805020110221, INF, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN]),
];
