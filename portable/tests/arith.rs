//! The binary arithmetic family against PyTorch: the dtype matrix (every dtype, same-dtype and
//! mixed pairs, int / float / bool Scalars, every out dtype accepted or rejected as torch
//! does), alpha rules, Scalar casts, Half/BFloat16 rounding, integer wrapping and division by
//! zero, special values, broadcasting, zero-dim and empty tensors, resize, dim orders, errors
//! and the boxed entries.
//!
//! `DATA` (at the bottom) was generated with torch 2.13: for each case, the functional op's
//! result dtype and values on fixed inputs (`self` = `SELF[dtype]` shaped [2, 3], a tensor
//! `other` = `OTHER[dtype]` shaped [3], broadcast), and for each of the ten out dtypes whether
//! the out= overload accepts it. Integer and Bool results must match exactly; floating results
//! within 1 ulp (Half, BFloat16: ATen's vector and scalar paths round Half `a + alpha * b`
//! differently) or 4 ulp (Float, Double: Sleef vs libm in pow and atan2).

use ScalarType::*;
use etk_core::element::round_trip;
use etk_core::{EValue, ErrorKind, KernelContext, OwnedTensor, Result, Scalar, ScalarType, Tensor};
use etk_portable::ops::*;

mod common;
use common::*;

const DTYPES: [ScalarType; 10] = [
    Bool, Byte, Char, Short, Int, Long, Half, BFloat16, Float, Double,
];

fn self_values(dtype: ScalarType) -> &'static [f64] {
    const FL: &[f64] = &[-2.5, -0.0, 0.333, 1.5, 100.0, 7.0];
    match dtype {
        Bool => &[1.0, 0.0, 1.0, 1.0, 0.0, 1.0],
        Byte => &[0.0, 1.0, 7.0, 200.0, 255.0, 13.0],
        Char => &[-128.0, -7.0, 0.0, 5.0, 127.0, -1.0],
        Short => &[-300.0, -7.0, 0.0, 5.0, 32767.0, 1000.0],
        Int => &[-100000.0, -7.0, 0.0, 5.0, 2147483647.0, 1000.0],
        Long => &[
            -1099511627776.0,
            -7.0,
            0.0,
            5.0,
            4611686018427387904.0,
            1000.0,
        ],
        _ => FL,
    }
}

fn other_values(dtype: ScalarType) -> &'static [f64] {
    match dtype {
        Bool => &[1.0, 1.0, 1.0],
        Byte => &[3.0, 1.0, 250.0],
        Char | Short | Int | Long => &[3.0, -2.0, 7.0],
        _ => &[0.7, -1.25, 3.0],
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

/// The second operand of a case.
#[derive(Clone, Copy, Debug)]
enum B<'t, 'a> {
    T(&'t Tensor<'a>),
    S(Scalar),
}

/// Calls the case's op (named as in `DATA`).
fn call(op: &str, x: &Tensor<'_>, b: B<'_, '_>, out: &mut Tensor<'_>) -> Result<()> {
    let c = &mut ctx();
    let one = Scalar::Int(1);
    match (op, b) {
        ("add", B::T(y)) => add::add_out(c, x, y, one, out),
        ("add_a2", B::T(y)) => add::add_out(c, x, y, Scalar::Int(2), out),
        ("sub", B::T(y)) => sub::sub_out(c, x, y, one, out),
        ("mul", B::T(y)) => mul::mul_out(c, x, y, out),
        ("div", B::T(y)) => div::div_out(c, x, y, out),
        ("div_trunc", B::T(y)) => div::div_out_mode(c, x, y, Some("trunc"), out),
        ("div_floor", B::T(y)) => div::div_out_mode(c, x, y, Some("floor"), out),
        ("floor_divide", B::T(y)) => floor_divide::floor_divide_out(c, x, y, out),
        ("fmod", B::T(y)) => fmod::fmod_tensor_out(c, x, y, out),
        ("remainder", B::T(y)) => remainder::remainder_tensor_out(c, x, y, out),
        ("pow", B::T(y)) => pow::pow_tensor_tensor_out(c, x, y, out),
        ("atan2", B::T(y)) => atan2::atan2_out(c, x, y, out),
        ("maximum", B::T(y)) => maximum::maximum_out(c, x, y, out),
        ("minimum", B::T(y)) => minimum::minimum_out(c, x, y, out),
        ("add_s", B::S(s)) => add::add_scalar_out(c, x, s, one, out),
        ("sub_s", B::S(s)) => sub::sub_scalar_out(c, x, s, one, out),
        ("mul_s", B::S(s)) => mul::mul_scalar_out(c, x, s, out),
        ("rsub_s", B::S(s)) => rsub::rsub_scalar_out(c, x, s, one, out),
        ("div_s", B::S(s)) => div::div_scalar_out(c, x, s, out),
        ("div_s_trunc", B::S(s)) => div::div_scalar_mode_out(c, x, s, Some("trunc"), out),
        ("div_s_floor", B::S(s)) => div::div_scalar_mode_out(c, x, s, Some("floor"), out),
        ("fmod_s", B::S(s)) => fmod::fmod_scalar_out(c, x, s, out),
        ("remainder_s", B::S(s)) => remainder::remainder_scalar_out(c, x, s, out),
        ("pow_ts", B::S(s)) => pow::pow_tensor_scalar_out(c, x, s, out),
        ("pow_s", B::S(s)) => pow::pow_scalar_out(c, s, x, out),
        _ => panic!("unknown case op {op} {b:?}"),
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
    let e = if v == 0.0 || !v.is_finite() {
        min_exp
    } else {
        (v.abs().log2().floor() as i32).max(min_exp)
    };
    2f64.powi(e - bits)
}

fn same_bits(got: f64, want: f64) -> bool {
    (got.is_nan() && want.is_nan()) || got.to_bits() == want.to_bits()
}

/// `got` is within `tol` of `want`; infinities and NaN exactly, zeros with their sign unless
/// `any_zero_sign`.
fn close(got: f64, want: f64, tol: f64, any_zero_sign: bool) -> bool {
    if want.is_nan() || want.is_infinite() {
        return same_bits(got, want);
    }
    if want == 0.0 && !any_zero_sign {
        return same_bits(got, want);
    }
    (got - want).abs() <= tol
}

fn dtype_named(name: &str) -> ScalarType {
    ScalarType::from_name(name).unwrap_or_else(|| panic!("dtype {name}"))
}

fn parse_scalar(s: &str) -> Scalar {
    let (kind, v) = s.split_once(':').unwrap();
    match kind {
        "I" => Scalar::Int(v.parse().unwrap()),
        "D" => Scalar::Double(v.parse().unwrap()),
        "B" => Scalar::Bool(v == "1"),
        _ => panic!("scalar {s}"),
    }
}

/// `static_cast<od>(v)` of an integral result, read back as f64.
fn int_to(v: i64, od: ScalarType) -> f64 {
    let mut t = OwnedTensor::zeros(od, &[1]).unwrap();
    t.fill_logical::<i64>(&[v]);
    t.to_logical::<f64>()[0]
}

/// Checks `out` (of dtype `out_dtype`) against torch's result `want` (of dtype `rd`).
fn check_values(tag: &str, out: &OwnedTensor, rd: ScalarType, want: &[&str], any_zero_sign: bool) {
    let od = out.dtype();
    if od.is_floating_point() {
        let got = out.to_logical::<f64>();
        assert_eq!(got.len(), want.len(), "{tag}");
        for (i, (&g, w)) in got.iter().zip(want).enumerate() {
            let w = if rd.is_floating_point() {
                round_trip::<f64>(w.parse().unwrap(), od)
            } else {
                int_to(w.parse().unwrap(), od)
            };
            let k = if matches!(rd, Half | BFloat16) {
                1.0
            } else {
                4.0
            };
            let mut tol = k * ulp(w, rd);
            if od != rd {
                tol += ulp(w, od);
            }
            assert!(
                close(g, w, tol, any_zero_sign),
                "{tag} [{i}]: got {g}, want {w}"
            );
        }
    } else {
        let got = out.to_logical::<i64>();
        let want: Vec<i64> = want
            .iter()
            .map(|w| {
                if rd.is_floating_point() {
                    round_trip::<f64>(w.parse().unwrap(), od) as i64
                } else {
                    round_trip::<i64>(w.parse().unwrap(), od)
                }
            })
            .collect();
        assert_eq!(got, want, "{tag}");
    }
}

#[test]
fn dtype_matrix_against_torch() {
    let mut n = 0;
    for line in DATA.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let f: Vec<&str> = line.split('|').collect();
        let (op, a, b, rd, mask, vals) = (f[0], dtype_named(f[1]), f[2], f[3], f[4], f[5]);
        let x = tensor(a, self_values(a), &[2, 3]);
        let y = b.strip_prefix("T:").map(|bd| {
            let bd = dtype_named(bd);
            tensor(bd, other_values(bd), &[3])
        });
        let yv = y.as_ref().map(|y| y.view());
        let want: Vec<&str> = vals.split(',').filter(|v| !v.is_empty()).collect();
        for (od, accepted) in DTYPES.iter().zip(mask.chars().map(|c| c == '1')) {
            let tag = format!("{line} -> out {od:?}");
            let mut out = OwnedTensor::zeros(*od, &[2, 3]).unwrap();
            let bop = match &yv {
                Some(v) => B::T(v),
                None => B::S(parse_scalar(b)),
            };
            let r = call(op, &x.view(), bop, &mut out.view_mut().unwrap());
            if !accepted {
                assert!(r.is_err(), "{tag}: accepted, torch rejects it");
                continue;
            }
            r.unwrap_or_else(|e| panic!("{tag}: {e}"));
            let rd = dtype_named(rd);
            check_values(&tag, &out, rd, &want, op == "maximum" || op == "minimum");
            n += 1;
        }
    }
    assert!(n > 3000, "{n} accepted calls checked");
}

/// Runs `f` into a fresh static out of `dtype` and `sizes`.
fn run(
    dtype: ScalarType,
    sizes: &[usize],
    f: impl FnOnce(&mut KernelContext<'_>, &mut Tensor<'_>) -> Result<()>,
) -> Result<OwnedTensor> {
    let mut out = OwnedTensor::zeros(dtype, sizes).unwrap();
    f(&mut ctx(), &mut out.view_mut().unwrap())?;
    Ok(out)
}

fn floats(t: &OwnedTensor) -> Vec<f64> {
    t.to_logical::<f64>()
}

fn ints(t: &OwnedTensor) -> Vec<i64> {
    t.to_logical::<i64>()
}

fn assert_bits(got: &[f64], want: &[f64], tag: &str) {
    assert_eq!(got.len(), want.len(), "{tag}");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(same_bits(*g, *w), "{tag} [{i}]: got {g}, want {w}");
    }
}

/// Within `ulps` ulps of `dtype`; NaN, infinities and zeros exactly.
fn assert_close(got: &[f64], want: &[f64], dtype: ScalarType, ulps: f64, tag: &str) {
    assert_eq!(got.len(), want.len(), "{tag}");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(
            close(*g, *w, ulps * ulp(*w, dtype), false),
            "{tag} [{i}]: got {g}, want {w}"
        );
    }
}

fn err_of(r: Result<OwnedTensor>) -> (ErrorKind, &'static str, &'static str) {
    let e = r.err().expect("an error");
    (e.kind, e.op, e.arg)
}

const INF: f64 = f64::INFINITY;
const NAN: f64 = f64::NAN;

#[test]
fn alpha_rules() {
    let f = tensor(Float, &[1.0, 2.0], &[2]);
    let i = tensor(Long, &[1.0, 2.0], &[2]);
    // a Bool alpha only for Bool results, a floating alpha only for floating results
    let e = err_of(run(Float, &[2], |c, o| {
        add::add_out(c, &f.view(), &f.view(), Scalar::Bool(true), o)
    }));
    assert_eq!(e, (ErrorKind::InvalidArgument, "aten::add.out", "alpha"));
    let e = err_of(run(Long, &[2], |c, o| {
        sub::sub_out(c, &i.view(), &i.view(), Scalar::Double(2.5), o)
    }));
    assert_eq!(e, (ErrorKind::InvalidArgument, "aten::sub.out", "alpha"));
    let e = err_of(run(Float, &[2], |c, o| {
        rsub::rsub_scalar_out(c, &i.view(), Scalar::Int(10), Scalar::Double(3.5), o)
    }));
    assert_eq!(e.2, "alpha");
    // Bool + alpha * Bool with an integral alpha: logical or (alpha 0 keeps self)
    let a = tensor(Bool, &[0.0, 0.0], &[2]);
    let b = tensor(Bool, &[1.0, 0.0], &[2]);
    for (alpha, want) in [(2, [1, 0]), (-1, [1, 0]), (256, [1, 0]), (0, [0, 0])] {
        let out = run(Bool, &[2], |c, o| {
            add::add_out(c, &a.view(), &b.view(), Scalar::Int(alpha), o)
        })
        .unwrap();
        assert_eq!(ints(&out), want, "alpha {alpha}");
    }
    // alpha converts to the result dtype with c10's overflow check; sub negates it first
    let c8 = tensor(Char, &[1.0, 2.0], &[2]);
    let three = tensor(Char, &[3.0, 3.0], &[2]);
    let add8 = |alpha: i64| {
        run(Char, &[2], |c, o| {
            add::add_out(c, &c8.view(), &c8.view(), Scalar::Int(alpha), o)
        })
    };
    let sub8 = |alpha: i64| {
        run(Char, &[2], |c, o| {
            sub::sub_out(c, &c8.view(), &three.view(), Scalar::Int(alpha), o)
        })
    };
    assert_eq!(
        err_of(add8(300)),
        (ErrorKind::InvalidArgument, "aten::add.out", "alpha")
    );
    assert_eq!(ints(&sub8(128).unwrap()), [-127, -126]);
    assert_eq!(err_of(sub8(-128)).2, "alpha");
    let u8s = tensor(Byte, &[1.0, 2.0], &[2]);
    let addu = |alpha: i64| {
        run(Byte, &[2], |c, o| {
            add::add_out(c, &u8s.view(), &u8s.view(), Scalar::Int(alpha), o)
        })
    };
    assert_eq!(ints(&addu(-1).unwrap()), [0, 0]);
    assert!(addu(-300).is_err());
    let h = tensor(Half, &[1.0], &[1]);
    let hh = tensor(Half, &[0.5], &[1]);
    let subh = |alpha: f64| {
        run(Half, &[1], |c, o| {
            sub::sub_out(c, &h.view(), &hh.view(), Scalar::Double(alpha), o)
        })
    };
    assert_eq!(floats(&subh(65504.0).unwrap()), [-32752.0]);
    assert_eq!(floats(&subh(-65504.0).unwrap()), [32752.0]);
    assert!(subh(65520.0).is_err());
    let addf = |alpha: f64| {
        run(Float, &[2], |c, o| {
            add::add_out(c, &f.view(), &f.view(), Scalar::Double(alpha), o)
        })
    };
    assert!(addf(1e40).is_err());
    assert_eq!(floats(&addf(INF).unwrap()), [INF, INF]);
    assert!(floats(&addf(NAN).unwrap()).iter().all(|v| v.is_nan()));
    // alpha = INT64_MIN: negation wraps, as in c10
    let one = tensor(Long, &[1.0], &[1]);
    let three = tensor(Long, &[3.0], &[1]);
    for f in [add::add_out, sub::sub_out] {
        let out = run(Long, &[1], |c, o| {
            f(c, &one.view(), &three.view(), Scalar::Int(i64::MIN), o)
        })
        .unwrap();
        assert_eq!(ints(&out), [-9223372036854775807]);
    }
    // rsub: other - alpha * self
    let out = run(Long, &[2], |c, o| {
        rsub::rsub_scalar_out(c, &i.view(), Scalar::Int(10), Scalar::Int(3), o)
    })
    .unwrap();
    assert_eq!(ints(&out), [7, 4]);
    let out = run(Float, &[2], |c, o| {
        rsub::rsub_scalar_out(c, &f.view(), Scalar::Int(10), Scalar::Double(3.5), o)
    })
    .unwrap();
    assert_eq!(floats(&out), [6.5, 3.0]);
    let out = run(Char, &[2], |c, o| {
        rsub::rsub_scalar_out(c, &c8.view(), Scalar::Int(300), Scalar::Int(2), o)
    })
    .unwrap();
    assert_eq!(ints(&out), [42, 40]);
    assert!(
        run(Char, &[2], |c, o| {
            rsub::rsub_scalar_out(c, &c8.view(), Scalar::Int(3), Scalar::Int(-128), o)
        })
        .is_err()
    );
    // Half: alpha rounded to Half, computed in f32, rounded once
    let h = tensor(Half, &[1000.0, 3.3], &[2]);
    let out = run(Half, &[2], |c, o| {
        add::add_scalar_out(c, &h.view(), Scalar::Double(0.1), Scalar::Int(3), o)
    })
    .unwrap();
    assert_eq!(floats(&out), [1000.5, 3.6015625]);
    let out = run(Half, &[2], |c, o| {
        rsub::rsub_scalar_out(c, &h.view(), Scalar::Double(0.1), Scalar::Int(3), o)
    })
    .unwrap();
    assert_eq!(floats(&out), [-3000.0, -9.8046875]);
}

#[test]
fn scalars_cast_like_wrapped_numbers() {
    let c8 = tensor(Char, &[100.0, -100.0, 5.0], &[3]);
    let out = run(Char, &[3], |c, o| {
        add::add_scalar_out(c, &c8.view(), Scalar::Int(300), Scalar::Int(1), o)
    })
    .unwrap();
    assert_eq!(ints(&out), [-112, -56, 49]);
    let out = run(Float, &[3], |c, o| {
        add::add_scalar_out(c, &c8.view(), Scalar::Double(2.5), Scalar::Int(1), o)
    })
    .unwrap();
    assert_eq!(floats(&out), [102.5, -97.5, 7.5]);
    // the generated out wrappers want the result dtype exactly, even a wider one is rejected
    let e = err_of(run(Long, &[3], |c, o| {
        add::add_scalar_out(c, &c8.view(), Scalar::Int(300), Scalar::Int(1), o)
    }));
    assert_eq!(e, (ErrorKind::InvalidType, "aten::add.Scalar_out", "out"));
    let u8s = tensor(Byte, &[5.0, 250.0], &[2]);
    let out = run(Byte, &[2], |c, o| {
        mul::mul_scalar_out(c, &u8s.view(), Scalar::Int(-1), o)
    })
    .unwrap();
    assert_eq!(ints(&out), [251, 6]);
    // 256 wraps to 0 in Char: division by zero
    let c2 = tensor(Char, &[100.0, -100.0], &[2]);
    let divm = |s: i64, mode: &str| {
        run(Char, &[2], |c, o| {
            div::div_scalar_mode_out(c, &c2.view(), Scalar::Int(s), Some(mode), o)
        })
    };
    assert_eq!(ints(&divm(300, "trunc").unwrap()), [2, -2]);
    assert_eq!(ints(&divm(300, "floor").unwrap()), [2, -3]);
    assert_eq!(err_of(divm(256, "trunc")).2, "other");
    // zero-dim tensors rank below dimensioned ones of the same category
    let long0 = tensor(Long, &[300.0], &[]);
    let out = run(Char, &[3], |c, o| {
        add::add_out(c, &c8.view(), &long0.view(), Scalar::Int(1), o)
    })
    .unwrap();
    assert_eq!(ints(&out), [-112, -56, 49]);
    let half2 = tensor(Half, &[1.0, 2.0], &[2]);
    let d0 = tensor(Double, &[0.1], &[]);
    let out = run(Half, &[2], |c, o| {
        add::add_out(c, &half2.view(), &d0.view(), Scalar::Int(1), o)
    })
    .unwrap();
    assert_eq!(floats(&out), [1.099609375, 2.099609375]);
    let b2 = tensor(Bool, &[1.0, 0.0], &[2]);
    let i80 = tensor(Char, &[5.0], &[]);
    let out = run(Char, &[2], |c, o| {
        add::add_out(c, &b2.view(), &i80.view(), Scalar::Int(1), o)
    })
    .unwrap();
    assert_eq!(ints(&out), [6, 5]);
    // pow with a Scalar base: cast like a wrapped number (300 -> 44 in Char), any castable out
    let e8 = tensor(Char, &[1.0, 2.0], &[2]);
    for od in [Char, Long] {
        let out = run(od, &[2], |c, o| {
            pow::pow_scalar_out(c, Scalar::Int(300), &e8.view(), o)
        })
        .unwrap();
        assert_eq!(ints(&out), [44, -112], "{od:?}");
    }
}

#[test]
fn half_and_bfloat16_round_as_aten() {
    // trunc/floor division of two tensors rounds the quotient to Half/BFloat16 first ...
    let cases: [(ScalarType, &str, f64, f64, f64, f64); 4] = [
        (Half, "trunc", -75.0, -0.01473236083984375, 5092.0, 5088.0),
        (Half, "floor", 80.75, -0.01067352294921875, -7564.0, -7568.0),
        (BFloat16, "trunc", 162.0, -0.87109375, -186.0, -185.0),
        (BFloat16, "floor", 74.0, 0.640625, 114.0, 115.0),
    ];
    for (dt, mode, a, b, tensor_result, scalar_result) in cases {
        let x = tensor(dt, &[a, a], &[2]);
        let y = tensor(dt, &[b, b], &[2]);
        let out = run(dt, &[2], |c, o| {
            div::div_out_mode(c, &x.view(), &y.view(), Some(mode), o)
        })
        .unwrap();
        assert_eq!(floats(&out), [tensor_result; 2], "{dt:?} {mode}");
        // ... but a one-element divisor is used in f32, once
        let y1 = tensor(dt, &[b], &[1]);
        let out = run(dt, &[2], |c, o| {
            div::div_out_mode(c, &x.view(), &y1.view(), Some(mode), o)
        })
        .unwrap();
        assert_eq!(floats(&out), [scalar_result; 2], "{dt:?} {mode} scalar");
        let out = run(dt, &[2], |c, o| {
            div::div_scalar_mode_out(c, &x.view(), Scalar::Double(b), Some(mode), o)
        })
        .unwrap();
        assert_eq!(floats(&out), [scalar_result; 2], "{dt:?} {mode} Scalar");
    }
    // mul by a Scalar (or a one-element tensor) uses its own value, add rounds it to Half
    let h = tensor(Half, &[1.0, 3.0, 7.0, 100.0, 1000.0, 0.1], &[6]);
    let want_mul = [
        0.0999755859375,
        0.300048828125,
        0.7001953125,
        10.0,
        100.0,
        0.0099945068359375,
    ];
    let out = run(Half, &[6], |c, o| {
        mul::mul_scalar_out(c, &h.view(), Scalar::Double(0.1), o)
    })
    .unwrap();
    assert_eq!(floats(&out), want_mul);
    let f0 = tensor(Float, &[0.1], &[]);
    let out = run(Half, &[6], |c, o| mul::mul_out(c, &h.view(), &f0.view(), o)).unwrap();
    assert_eq!(floats(&out), want_mul);
    let out = run(Half, &[6], |c, o| {
        add::add_scalar_out(c, &h.view(), Scalar::Double(0.1), Scalar::Int(1), o)
    })
    .unwrap();
    assert_eq!(
        floats(&out),
        [
            1.099609375,
            3.099609375,
            7.1015625,
            100.125,
            1000.0,
            0.199951171875
        ]
    );
    // pow on BFloat16: products round each step, the exponent is rounded to BFloat16
    let b = tensor(BFloat16, &[1.3, 1.9, 2.7, 3.3], &[4]);
    let bpow = |e: Scalar| {
        floats(
            &run(BFloat16, &[4], |c, o| {
                pow::pow_tensor_scalar_out(c, &b.view(), e, o)
            })
            .unwrap(),
        )
    };
    assert_eq!(bpow(Scalar::Int(3)), [2.171875, 6.84375, 19.75, 35.75]);
    assert_eq!(
        bpow(Scalar::Int(-2)),
        [0.59375, 0.27734375, 0.13671875, 0.091796875]
    );
    assert_eq!(
        bpow(Scalar::Double(2.001)),
        [1.6796875, 3.609375, 7.3125, 10.875]
    );
    assert_close(
        &bpow(Scalar::Double(2.7)),
        &[2.015625, 5.65625, 14.6875, 25.125],
        BFloat16,
        1.0,
        "bf16 ** 2.7",
    );
    assert_close(
        &bpow(Scalar::Double(0.5)),
        &[1.140625, 1.375, 1.640625, 1.8125],
        BFloat16,
        1.0,
        "bf16 ** 0.5",
    );
    // Half: one `pow` in f32, rounded once
    let h = tensor(Half, &[1.3, 1.9, 2.7, 3.3], &[4]);
    let hpow = |e: Scalar| {
        floats(
            &run(Half, &[4], |c, o| {
                pow::pow_tensor_scalar_out(c, &h.view(), e, o)
            })
            .unwrap(),
        )
    };
    assert_eq!(
        hpow(Scalar::Int(3)),
        [2.1953125, 6.86328125, 19.671875, 35.96875]
    );
    assert_close(
        &hpow(Scalar::Double(0.1)),
        &[1.0263671875, 1.06640625, 1.1044921875, 1.126953125],
        Half,
        1.0,
        "half ** 0.1",
    );
}

#[test]
fn integer_division_by_zero_is_an_error() {
    let x = tensor(Long, &[7.0, -7.0], &[2]);
    let z = tensor(Long, &[0.0, 1.0], &[2]);
    type Bin = fn(&Tensor<'_>, &Tensor<'_>, &mut Tensor<'_>) -> Result<()>;
    let ops: [(&str, Bin); 5] = [
        ("aten::div.out_mode", |a, b, o| {
            div::div_out_mode(&mut ctx(), a, b, Some("trunc"), o)
        }),
        ("aten::div.out_mode", |a, b, o| {
            div::div_out_mode(&mut ctx(), a, b, Some("floor"), o)
        }),
        ("aten::floor_divide.out", |a, b, o| {
            floor_divide::floor_divide_out(&mut ctx(), a, b, o)
        }),
        ("aten::fmod.Tensor_out", |a, b, o| {
            fmod::fmod_tensor_out(&mut ctx(), a, b, o)
        }),
        ("aten::remainder.Tensor_out", |a, b, o| {
            remainder::remainder_tensor_out(&mut ctx(), a, b, o)
        }),
    ];
    for (name, f) in ops {
        let e = err_of(run(Long, &[2], |_, o| f(&x.view(), &z.view(), o)));
        assert_eq!(e, (ErrorKind::InvalidArgument, name, "other"));
        // Char divisors too, and nothing to divide is no error
        let c = tensor(Char, &[5.0, 0.0], &[2]);
        assert!(
            run(Char, &[2], |_, o| f(&c.view(), &c.view(), o)).is_err(),
            "{name}"
        );
        let empty = tensor(Long, &[], &[0]);
        let zero = tensor(Long, &[0.0], &[1]);
        assert!(
            run(Long, &[0], |_, o| f(&empty.view(), &zero.view(), o)).is_ok(),
            "{name}"
        );
        // INT64_MIN / -1 wraps instead of trapping
        let m = tensor(Long, &[], &[2]);
        let mut mv = m;
        mv.fill_logical::<i64>(&[i64::MIN, 5]);
        let d = tensor(Long, &[-1.0, 1.0], &[2]);
        let out = run(Long, &[2], |_, o| f(&mv.view(), &d.view(), o)).unwrap();
        let want = if name.contains("div") {
            [i64::MIN, 5]
        } else {
            [0, 0]
        };
        assert_eq!(ints(&out), want, "{name}");
    }
    let zs = Scalar::Int(0);
    assert!(
        run(Long, &[2], |c, o| div::div_scalar_mode_out(
            c,
            &x.view(),
            zs,
            Some("floor"),
            o
        ))
        .is_err()
    );
    assert!(
        run(Long, &[2], |c, o| fmod::fmod_scalar_out(
            c,
            &x.view(),
            zs,
            o
        ))
        .is_err()
    );
    assert!(
        run(Long, &[2], |c, o| remainder::remainder_scalar_out(
            c,
            &x.view(),
            zs,
            o
        ))
        .is_err()
    );
    // Char -128 / -1
    let m8 = tensor(Char, &[-128.0], &[1]);
    let n1 = tensor(Char, &[-1.0], &[1]);
    for mode in ["trunc", "floor"] {
        let out = run(Char, &[1], |c, o| {
            div::div_out_mode(c, &m8.view(), &n1.view(), Some(mode), o)
        })
        .unwrap();
        assert_eq!(ints(&out), [-128]);
    }
    // floating division by zero gives inf/NaN, true division of integers too
    let f = tensor(Float, &[1.0, -1.0, 0.0], &[3]);
    let fz = tensor(Float, &[0.0, 0.0, 0.0], &[3]);
    let fnz = tensor(Float, &[-0.0, -0.0, -0.0], &[3]);
    let ii = tensor(Long, &[7.0, -7.0, 0.0], &[3]);
    let iz = tensor(Long, &[0.0, 0.0, 0.0], &[3]);
    let g = |r: Result<OwnedTensor>| floats(&r.unwrap());
    assert_bits(
        &g(run(Float, &[3], |c, o| {
            div::div_out(c, &f.view(), &fz.view(), o)
        })),
        &[INF, -INF, NAN],
        "div",
    );
    assert_bits(
        &g(run(Float, &[3], |c, o| {
            div::div_out(c, &ii.view(), &iz.view(), o)
        })),
        &[INF, -INF, NAN],
        "div int",
    );
    assert_bits(
        &g(run(Float, &[3], |c, o| {
            floor_divide::floor_divide_out(c, &f.view(), &fz.view(), o)
        })),
        &[INF, -INF, NAN],
        "floor_divide",
    );
    assert_bits(
        &g(run(Float, &[3], |c, o| {
            floor_divide::floor_divide_out(c, &f.view(), &fnz.view(), o)
        })),
        &[-INF, INF, NAN],
        "floor_divide -0",
    );
    assert_bits(
        &g(run(Float, &[3], |c, o| {
            div::div_out_mode(c, &f.view(), &fz.view(), Some("trunc"), o)
        })),
        &[INF, -INF, NAN],
        "trunc",
    );
    assert_bits(
        &g(run(Float, &[3], |c, o| {
            fmod::fmod_tensor_out(c, &f.view(), &fz.view(), o)
        })),
        &[NAN; 3],
        "fmod",
    );
    assert_bits(
        &g(run(Float, &[3], |c, o| {
            remainder::remainder_tensor_out(c, &f.view(), &fz.view(), o)
        })),
        &[NAN; 3],
        "remainder",
    );
    let ints3 = tensor(Long, &[1.0, 0.0, -1.0], &[3]);
    assert_bits(
        &g(run(Float, &[3], |c, o| {
            div::div_scalar_out(c, &ints3.view(), Scalar::Int(0), o)
        })),
        &[INF, NAN, -INF],
        "div.Scalar",
    );
}

#[test]
fn floor_trunc_fmod_remainder_semantics() {
    let a = tensor(Long, &[7.0, -7.0, 7.0, -7.0, 0.0], &[5]);
    let b = tensor(Long, &[2.0, 2.0, -2.0, -2.0, 3.0], &[5]);
    let m = |mode: Option<&str>, od| {
        run(od, &[5], |c, o| {
            div::div_out_mode(c, &a.view(), &b.view(), mode, o)
        })
        .unwrap()
    };
    assert_eq!(floats(&m(None, Float)), [3.5, -3.5, -3.5, 3.5, 0.0]);
    assert_eq!(ints(&m(Some("trunc"), Long)), [3, -3, -3, 3, 0]);
    assert_eq!(ints(&m(Some("floor"), Long)), [3, -4, -4, 3, 0]);
    let x = tensor(
        Float,
        &[
            7.0, -7.0, 7.0, -7.0, 1.0, -1.0, 0.0, 5.5, -0.0, 1e30, INF, -5.5,
        ],
        &[12],
    );
    let y = tensor(
        Float,
        &[
            2.0, 2.0, -2.0, -2.0, 0.0, 0.0, 0.0, INF, 3.0, 1e-30, 3.0, INF,
        ],
        &[12],
    );
    let out = run(Float, &[12], |c, o| {
        floor_divide::floor_divide_out(c, &x.view(), &y.view(), o)
    })
    .unwrap();
    assert_bits(
        &floats(&out),
        &[
            3.0, -4.0, -4.0, 3.0, INF, -INF, NAN, 0.0, -0.0, INF, NAN, -1.0,
        ],
        "floor_divide",
    );
    let x = tensor(Float, &[1.0, -1.0, 0.0, -0.0], &[4]);
    let y = tensor(Float, &[3.0, 3.0, -3.0, 3.0], &[4]);
    let out = run(Float, &[4], |c, o| {
        div::div_out_mode(c, &x.view(), &y.view(), Some("floor"), o)
    })
    .unwrap();
    assert_bits(&floats(&out), &[0.0, -1.0, -0.0, -0.0], "floor zeros");
    let out = run(Float, &[4], |c, o| {
        div::div_out_mode(c, &x.view(), &y.view(), Some("trunc"), o)
    })
    .unwrap();
    assert_bits(&floats(&out), &[0.0, -0.0, -0.0, -0.0], "trunc zeros");
    let x = tensor(
        Float,
        &[
            5.5, -5.5, 5.5, -5.5, -0.0, 0.0, INF, 1.0, -1.0, 3.0, NAN, 2.0,
        ],
        &[12],
    );
    let y = tensor(
        Float,
        &[
            2.0, 2.0, -2.0, -2.0, 3.0, -3.0, 2.0, INF, INF, 0.0, 1.0, NAN,
        ],
        &[12],
    );
    let out = run(Float, &[12], |c, o| {
        fmod::fmod_tensor_out(c, &x.view(), &y.view(), o)
    })
    .unwrap();
    assert_bits(
        &floats(&out),
        &[
            1.5, -1.5, 1.5, -1.5, -0.0, 0.0, NAN, 1.0, -1.0, NAN, NAN, NAN,
        ],
        "fmod",
    );
    let out = run(Float, &[12], |c, o| {
        remainder::remainder_tensor_out(c, &x.view(), &y.view(), o)
    })
    .unwrap();
    assert_bits(
        &floats(&out),
        &[
            1.5, 0.5, -0.5, -1.5, -0.0, 0.0, NAN, 1.0, INF, NAN, NAN, NAN,
        ],
        "remainder",
    );
    let xi = tensor(Long, &[5.0, -5.0, 5.0, -5.0, 0.0, 7.0], &[6]);
    let yi = tensor(Long, &[2.0, 2.0, -2.0, -2.0, 3.0, -7.0], &[6]);
    let out = run(Long, &[6], |c, o| {
        fmod::fmod_tensor_out(c, &xi.view(), &yi.view(), o)
    })
    .unwrap();
    assert_eq!(ints(&out), [1, -1, 1, -1, 0, 0]);
    let out = run(Long, &[6], |c, o| {
        remainder::remainder_tensor_out(c, &xi.view(), &yi.view(), o)
    })
    .unwrap();
    assert_eq!(ints(&out), [1, 1, -1, -1, 0, 0]);
    let out = run(Long, &[6], |c, o| {
        remainder::remainder_scalar_out(c, &xi.view(), Scalar::Int(-3), o)
    })
    .unwrap();
    assert_eq!(ints(&out), [-1, -2, -1, -2, 0, -2]);
    let out = run(Float, &[6], |c, o| {
        remainder::remainder_scalar_out(c, &xi.view(), Scalar::Double(2.5), o)
    })
    .unwrap();
    assert_bits(
        &floats(&out),
        &[0.0, -0.0, 0.0, -0.0, 0.0, 2.0],
        "remainder 2.5",
    );
    assert!(
        run(Long, &[6], |c, o| remainder::remainder_scalar_out(
            c,
            &xi.view(),
            Scalar::Double(2.5),
            o
        ))
        .is_err()
    );
    let u = tensor(Byte, &[5.0, 250.0], &[2]);
    let v = tensor(Byte, &[253.0, 3.0], &[2]);
    let out = run(Byte, &[2], |c, o| {
        remainder::remainder_tensor_out(c, &u.view(), &v.view(), o)
    })
    .unwrap();
    assert_eq!(ints(&out), [5, 1]);
    // the Scalar is rounded to Half first
    let h = tensor(Half, &[1000.0, -7.0], &[2]);
    let out = run(Half, &[2], |c, o| {
        remainder::remainder_scalar_out(c, &h.view(), Scalar::Double(0.3), o)
    })
    .unwrap();
    assert_eq!(floats(&out), [0.2373046875, 0.201171875]);
    // Bool is rejected by the rounding modes, fmod and remainder; Bool with an Int Scalar is Long
    let bt = tensor(Bool, &[1.0, 0.0], &[2]);
    assert!(
        run(Bool, &[2], |c, o| div::div_out_mode(
            c,
            &bt.view(),
            &bt.view(),
            Some("trunc"),
            o
        ))
        .is_err()
    );
    assert!(
        run(Float, &[2], |c, o| floor_divide::floor_divide_out(
            c,
            &bt.view(),
            &bt.view(),
            o
        ))
        .is_err()
    );
    assert!(
        run(Bool, &[2], |c, o| fmod::fmod_tensor_out(
            c,
            &bt.view(),
            &bt.view(),
            o
        ))
        .is_err()
    );
    assert!(
        run(Bool, &[2], |c, o| remainder::remainder_scalar_out(
            c,
            &bt.view(),
            Scalar::Bool(true),
            o
        ))
        .is_err()
    );
    let out = run(Long, &[2], |c, o| {
        fmod::fmod_scalar_out(c, &bt.view(), Scalar::Int(2), o)
    })
    .unwrap();
    assert_eq!(ints(&out), [1, 0]);
    let out = run(Float, &[2], |c, o| {
        div::div_out(c, &bt.view(), &bt.view(), o)
    });
    assert_bits(&floats(&out.unwrap()), &[1.0, NAN], "bool / bool");
}

#[test]
fn pow_rules() {
    let i = tensor(Long, &[7.0, -7.0, 5.0, 0.0, -1.0, 1.0, -2.0], &[7]);
    let ts = |t: &OwnedTensor, e: Scalar, od| {
        run(od, t.sizes(), |c, o| {
            pow::pow_tensor_scalar_out(c, &t.view(), e, o)
        })
    };
    // integers to negative integer powers: an error for Tensor_Scalar ...
    let e = err_of(ts(&i, Scalar::Int(-2), Long));
    assert_eq!(
        e,
        (
            ErrorKind::InvalidArgument,
            "aten::pow.Tensor_Scalar_out",
            "exponent"
        )
    );
    assert!(ts(&tensor(Bool, &[1.0], &[1]), Scalar::Int(-1), Long).is_err());
    assert_eq!(
        floats(
            &ts(
                &tensor(Long, &[2.0, 0.0], &[2]),
                Scalar::Double(-1.0),
                Float
            )
            .unwrap()
        ),
        [0.5, INF]
    );
    // ... powi for Tensor_Tensor and Scalar_out
    let e = tensor(Long, &[-1.0, -1.0, -2.0, -1.0, -3.0, -5.0, -1.0], &[7]);
    let out = run(Long, &[7], |c, o| {
        pow::pow_tensor_tensor_out(c, &i.view(), &e.view(), o)
    })
    .unwrap();
    assert_eq!(ints(&out), [0, 0, 0, 0, -1, 1, 0]);
    let ex = tensor(Long, &[-1.0, -2.0, 3.0], &[3]);
    let ps = |base: Scalar, od| run(od, &[3], |c, o| pow::pow_scalar_out(c, base, &ex.view(), o));
    assert_eq!(ints(&ps(Scalar::Int(2), Long).unwrap()), [0, 0, 8]);
    assert_eq!(ints(&ps(Scalar::Int(-1), Long).unwrap()), [-1, 1, -1]);
    assert_eq!(ints(&ps(Scalar::Int(0), Long).unwrap()), [0, 0, 0]);
    assert_eq!(ints(&ps(Scalar::Bool(true), Long).unwrap()), [1, 1, 1]);
    assert!(ps(Scalar::Double(2.5), Long).is_err());
    assert_close(
        &floats(&ps(Scalar::Double(2.5), Float).unwrap()),
        &[0.4000000059604645, 0.1599999964237213, 15.625],
        Float,
        1.0,
        "2.5 ** e",
    );
    // base 1 fills the out with 1, whatever its dtype
    let fe = tensor(Float, &[NAN, 2.0], &[2]);
    for od in DTYPES {
        let out = run(od, &[2], |c, o| {
            pow::pow_scalar_out(c, Scalar::Int(1), &fe.view(), o)
        })
        .unwrap();
        assert_eq!(floats(&out), [1.0, 1.0], "{od:?}");
    }
    let bt = tensor(Bool, &[1.0, 0.0], &[2]);
    assert!(
        run(Bool, &[2], |c, o| pow::pow_scalar_out(
            c,
            Scalar::Bool(true),
            &bt.view(),
            o
        ))
        .is_err()
    );
    assert!(
        run(Bool, &[2], |c, o| pow::pow_tensor_tensor_out(
            c,
            &bt.view(),
            &bt.view(),
            o
        ))
        .is_err()
    );
    // exponent 0 fills 1 (NaN too) and 1 copies, after the out dtype check
    let f = tensor(Float, &[NAN, 3.0], &[2]);
    assert_eq!(floats(&ts(&f, Scalar::Int(0), Float).unwrap()), [1.0, 1.0]);
    assert!(ts(&tensor(Int, &[4.0], &[1]), Scalar::Int(0), Bool).is_err());
    assert_eq!(
        ints(&ts(&tensor(Int, &[400.0, 5.0], &[2]), Scalar::Int(1), Char).unwrap()),
        [-112, 5]
    );
    assert_eq!(
        floats(&ts(&tensor(Half, &[3.3], &[1]), Scalar::Int(1), Float).unwrap()),
        [3.30078125]
    );
    assert_eq!(ints(&ts(&bt, Scalar::Bool(true), Bool).unwrap()), [1, 0]);
    assert_eq!(ints(&ts(&bt, Scalar::Bool(false), Bool).unwrap()), [1, 1]);
    assert!(ts(&bt, Scalar::Int(0), Bool).is_err());
    // the exponent must convert to the result dtype
    assert!(ts(&tensor(Byte, &[1.0, 2.0], &[2]), Scalar::Int(300), Byte).is_err());
    assert_eq!(
        ints(&ts(&tensor(Byte, &[3.0, 2.0], &[2]), Scalar::Int(255), Short).unwrap()),
        [171, 0]
    );
    assert!(ts(&tensor(Short, &[1.0], &[1]), Scalar::Int(100000), Short).is_err());
    assert!(ts(&tensor(Char, &[1.0], &[1]), Scalar::Int(128), Char).is_err());
    assert_eq!(
        ints(
            &ts(
                &tensor(Char, &[1.0, -1.0, 2.0], &[3]),
                Scalar::Int(127),
                Char
            )
            .unwrap()
        ),
        [1, -1, 0]
    );
    let h = tensor(Half, &[1.0, -1.0], &[2]);
    assert!(ts(&h, Scalar::Double(1e5), Half).is_err());
    assert!(ts(&h, Scalar::Int(65505), Half).is_err());
    assert_eq!(
        floats(&ts(&h, Scalar::Int(65504), Half).unwrap()),
        [1.0, 1.0]
    );
    assert_eq!(
        floats(&ts(&tensor(Half, &[0.5, 2.0], &[2]), Scalar::Double(INF), Half).unwrap()),
        [0.0, INF]
    );
    assert!(
        ts(
            &tensor(BFloat16, &[1.0], &[1]),
            Scalar::Double(1e40),
            BFloat16
        )
        .is_err()
    );
    assert_eq!(
        floats(
            &ts(
                &tensor(Float, &[0.5, 2.0], &[2]),
                Scalar::Double(1e40),
                Float
            )
            .unwrap()
        ),
        [0.0, INF]
    );
    // sqrt / rsqrt specializations on Float, Double, BFloat16, not on Half
    let sp = [-0.0, 0.0, -INF, INF, NAN, -2.0];
    for dt in [Float, Double, BFloat16] {
        let t = tensor(dt, &sp, &[6]);
        assert_bits(
            &floats(&ts(&t, Scalar::Double(0.5), dt).unwrap()),
            &[-0.0, 0.0, NAN, INF, NAN, NAN],
            "sqrt",
        );
        assert_bits(
            &floats(&ts(&t, Scalar::Double(-0.5), dt).unwrap()),
            &[-INF, INF, NAN, 0.0, NAN, NAN],
            "rsqrt",
        );
        assert_bits(
            &floats(&ts(&t, Scalar::Int(-1), dt).unwrap()),
            &[-INF, INF, -0.0, 0.0, NAN, -0.5],
            "reciprocal",
        );
        assert_bits(
            &floats(&ts(&t, Scalar::Int(3), dt).unwrap()),
            &[-0.0, 0.0, -INF, INF, NAN, -8.0],
            "cube",
        );
        assert_bits(
            &floats(&ts(&t, Scalar::Double(-2.0), dt).unwrap()),
            &[INF, INF, 0.0, 0.0, NAN, 0.25],
            "-2",
        );
    }
    let t = tensor(Half, &sp, &[6]);
    assert_bits(
        &floats(&ts(&t, Scalar::Double(0.5), Half).unwrap()),
        &[0.0, 0.0, INF, INF, NAN, NAN],
        "half sqrt",
    );
    assert_bits(
        &floats(&ts(&t, Scalar::Double(-0.5), Half).unwrap()),
        &[INF, INF, 0.0, 0.0, NAN, NAN],
        "half rsqrt",
    );
    assert_eq!(
        floats(&ts(&tensor(Int, &[4.0, 5.0], &[2]), Scalar::Double(0.5), Float).unwrap()),
        [2.0, 2.2360680103302]
    );
    // wrapping integer powers
    let big = tensor(Long, &[3.0, -3.0], &[2]);
    let want = [-420491770248316829, 420491770248316829];
    assert_eq!(ints(&ts(&big, Scalar::Int(41), Long).unwrap()), want);
    let e41 = tensor(Long, &[41.0, 41.0], &[2]);
    let out = run(Long, &[2], |c, o| {
        pow::pow_tensor_tensor_out(c, &big.view(), &e41.view(), o)
    })
    .unwrap();
    assert_eq!(ints(&out), want);
}

#[test]
fn maximum_minimum_and_atan2() {
    let a = tensor(Float, &[1.0, NAN, -0.0, 0.0, INF, NAN], &[6]);
    let b = tensor(Float, &[NAN, 1.0, 0.0, -0.0, -INF, NAN], &[6]);
    let mx = run(Float, &[6], |c, o| {
        maximum::maximum_out(c, &a.view(), &b.view(), o)
    })
    .unwrap();
    let mn = run(Float, &[6], |c, o| {
        minimum::minimum_out(c, &a.view(), &b.view(), o)
    })
    .unwrap();
    let (mx, mn) = (floats(&mx), floats(&mn));
    for (i, (x, n)) in [
        (NAN, NAN),
        (NAN, NAN),
        (0.0, 0.0),
        (0.0, 0.0),
        (INF, -INF),
        (NAN, NAN),
    ]
    .iter()
    .enumerate()
    {
        assert!(
            close(mx[i], *x, 0.0, true) && close(mn[i], *n, 0.0, true),
            "{i}: {} {}",
            mx[i],
            mn[i]
        );
    }
    // mixed dtypes promote
    let i = tensor(Int, &[1.0, 5.0], &[2]);
    let h = tensor(Half, &[2.5, 3.0], &[2]);
    assert_eq!(
        floats(
            &run(Half, &[2], |c, o| maximum::maximum_out(
                c,
                &i.view(),
                &h.view(),
                o
            ))
            .unwrap()
        ),
        [2.5, 5.0]
    );
    assert_eq!(
        floats(
            &run(Float, &[2], |c, o| minimum::minimum_out(
                c,
                &i.view(),
                &h.view(),
                o
            ))
            .unwrap()
        ),
        [1.0, 3.0]
    );
    assert!(
        run(Long, &[2], |c, o| maximum::maximum_out(
            c,
            &i.view(),
            &h.view(),
            o
        ))
        .is_err()
    );
    let p = tensor(Bool, &[1.0, 0.0, 1.0, 0.0], &[4]);
    let q = tensor(Bool, &[1.0, 1.0, 0.0, 0.0], &[4]);
    assert_eq!(
        ints(
            &run(Bool, &[4], |c, o| maximum::maximum_out(
                c,
                &p.view(),
                &q.view(),
                o
            ))
            .unwrap()
        ),
        [1, 1, 1, 0]
    );
    assert_eq!(
        ints(
            &run(Bool, &[4], |c, o| minimum::minimum_out(
                c,
                &p.view(),
                &q.view(),
                o
            ))
            .unwrap()
        ),
        [1, 0, 0, 0]
    );
    // atan2: integers promote to Float; C's signed zeros
    let y = tensor(Long, &[1.0, -1.0, 0.0, 0.0], &[4]);
    let x = tensor(Long, &[0.0, 0.0, 1.0, -1.0], &[4]);
    let out = run(Float, &[4], |c, o| {
        atan2::atan2_out(c, &y.view(), &x.view(), o)
    })
    .unwrap();
    assert_eq!(
        floats(&out),
        [
            1.5707963705062866,
            -1.5707963705062866,
            0.0,
            3.1415927410125732
        ]
    );
    assert!(
        run(Long, &[4], |c, o| atan2::atan2_out(
            c,
            &y.view(),
            &x.view(),
            o
        ))
        .is_err()
    );
    let y = tensor(Float, &[0.0, -0.0, 0.0, -0.0, INF, NAN], &[6]);
    let x = tensor(Float, &[-0.0, -0.0, 0.0, 0.0, INF, 1.0], &[6]);
    let out = run(Float, &[6], |c, o| {
        atan2::atan2_out(c, &y.view(), &x.view(), o)
    })
    .unwrap();
    assert_bits(
        &floats(&out),
        &[
            3.1415927410125732,
            -3.1415927410125732,
            0.0,
            -0.0,
            0.7853981852531433,
            NAN,
        ],
        "atan2",
    );
    // a zero-dim Double of a higher category decides the dtype
    let y = tensor(Long, &[1.0, -1.0, 0.0, 0.0], &[4]);
    let two = tensor(Double, &[2.0], &[]);
    let out = run(Double, &[4], |c, o| {
        atan2::atan2_out(c, &y.view(), &two.view(), o)
    })
    .unwrap();
    assert_eq!(
        floats(&out),
        [0.4636476090008061, -0.4636476090008061, 0.0, 0.0]
    );
    let out = run(Float, &[4], |c, o| {
        atan2::atan2_out(c, &y.view(), &two.view(), o)
    })
    .unwrap();
    assert_eq!(
        floats(&out),
        [0.46364760398864746, -0.46364760398864746, 0.0, 0.0]
    );
}

#[test]
fn sub_rejects_bool_and_div_rejects_unknown_modes() {
    let b = tensor(Bool, &[1.0, 0.0], &[2]);
    let i = tensor(Long, &[1.0, 2.0], &[2]);
    let f = tensor(Float, &[1.0, 2.0], &[2]);
    let one = Scalar::Int(1);
    assert_eq!(
        err_of(run(Bool, &[2], |c, o| sub::sub_out(
            c,
            &b.view(),
            &b.view(),
            one,
            o
        )))
        .2,
        "self"
    );
    assert_eq!(
        err_of(run(Long, &[2], |c, o| sub::sub_out(
            c,
            &i.view(),
            &b.view(),
            one,
            o
        )))
        .2,
        "other"
    );
    assert_eq!(
        err_of(run(Float, &[2], |c, o| sub::sub_scalar_out(
            c,
            &f.view(),
            Scalar::Bool(true),
            one,
            o
        )))
        .2,
        "other"
    );
    assert!(
        run(Long, &[2], |c, o| sub::sub_scalar_out(
            c,
            &b.view(),
            Scalar::Int(1),
            one,
            o
        ))
        .is_err()
    );
    assert!(
        run(Float, &[2], |c, o| rsub::rsub_scalar_out(
            c,
            &f.view(),
            Scalar::Bool(true),
            one,
            o
        ))
        .is_err()
    );
    assert!(
        run(Float, &[2], |c, o| rsub::rsub_scalar_out(
            c,
            &b.view(),
            Scalar::Double(2.0),
            one,
            o
        ))
        .is_err()
    );
    let e = err_of(run(Long, &[2], |c, o| {
        div::div_out_mode(c, &i.view(), &i.view(), Some("round"), o)
    }));
    assert_eq!(
        e,
        (
            ErrorKind::InvalidArgument,
            "aten::div.out_mode",
            "rounding_mode"
        )
    );
    let e = err_of(run(Long, &[2], |c, o| {
        div::div_scalar_mode_out(c, &i.view(), one, Some(""), o)
    }));
    assert_eq!(e.2, "rounding_mode");
    // None is true division
    let out = run(Float, &[2], |c, o| {
        div::div_scalar_mode_out(c, &i.view(), Scalar::Int(2), None, o)
    })
    .unwrap();
    assert_eq!(floats(&out), [0.5, 1.0]);
    // Bool add / mul are or / and
    let c = tensor(Bool, &[1.0, 1.0], &[2]);
    assert_eq!(
        ints(
            &run(Bool, &[2], |x, o| add::add_out(
                x,
                &b.view(),
                &c.view(),
                one,
                o
            ))
            .unwrap()
        ),
        [1, 1]
    );
    assert_eq!(
        ints(&run(Bool, &[2], |x, o| mul::mul_out(x, &b.view(), &c.view(), o)).unwrap()),
        [1, 0]
    );
    assert_eq!(
        ints(&run(Long, &[2], |x, o| mul::mul_out(x, &b.view(), &i.view(), o)).unwrap()),
        [1, 0]
    );
    // shapes that do not broadcast
    let three = tensor(Float, &[1.0, 2.0, 3.0], &[3]);
    let e = err_of(run(Float, &[3], |x, o| {
        add::add_out(x, &f.view(), &three.view(), one, o)
    }));
    assert_eq!(e.1, "aten::add.out");
    // complex dtypes: an error, not a panic
    if let Ok(z) = OwnedTensor::zeros(ComplexFloat, &[2]) {
        assert!(
            run(Float, &[2], |x, o| maximum::maximum_out(
                x,
                &z.view(),
                &f.view(),
                o
            ))
            .is_err()
        );
        // complex add computes (tests/complex.rs); a complex result into a real out is an error
        assert!(
            run(Float, &[2], |x, o| add::add_out(
                x,
                &z.view(),
                &z.view(),
                one,
                o
            ))
            .is_err()
        );
        assert!(
            run(Float, &[2], |x, o| pow::pow_scalar_out(
                x,
                Scalar::Int(1),
                &z.view(),
                o
            ))
            .is_ok()
        );
    }
}

type Call = Box<dyn Fn(&Tensor<'_>, &Tensor<'_>, &mut Tensor<'_>) -> Result<()>>;

/// One representative call per overload: `f(x, y, out)` with `y` unused by the Scalar ones.
fn representatives() -> Vec<(&'static str, ScalarType, Call)> {
    let c = ctx;
    vec![
        (
            "add",
            Float,
            Box::new(move |x, y, o| add::add_out(&mut c(), x, y, Scalar::Double(0.5), o)),
        ),
        (
            "add_s",
            Float,
            Box::new(move |x, _, o| {
                add::add_scalar_out(&mut c(), x, Scalar::Double(2.5), Scalar::Int(2), o)
            }),
        ),
        (
            "sub",
            Double,
            Box::new(move |x, y, o| sub::sub_out(&mut c(), x, y, Scalar::Int(3), o)),
        ),
        (
            "sub_s",
            Float,
            Box::new(move |x, _, o| {
                sub::sub_scalar_out(&mut c(), x, Scalar::Int(3), Scalar::Int(1), o)
            }),
        ),
        (
            "rsub",
            Float,
            Box::new(move |x, _, o| {
                rsub::rsub_scalar_out(&mut c(), x, Scalar::Int(3), Scalar::Int(2), o)
            }),
        ),
        (
            "mul",
            Half,
            Box::new(move |x, y, o| mul::mul_out(&mut c(), x, y, o)),
        ),
        (
            "mul_s",
            Float,
            Box::new(move |x, _, o| mul::mul_scalar_out(&mut c(), x, Scalar::Double(-1.5), o)),
        ),
        (
            "div",
            Float,
            Box::new(move |x, y, o| div::div_out(&mut c(), x, y, o)),
        ),
        (
            "div_floor",
            Double,
            Box::new(move |x, y, o| div::div_out_mode(&mut c(), x, y, Some("floor"), o)),
        ),
        (
            "div_s",
            Float,
            Box::new(move |x, _, o| div::div_scalar_out(&mut c(), x, Scalar::Int(3), o)),
        ),
        (
            "div_s_trunc",
            Float,
            Box::new(move |x, _, o| {
                div::div_scalar_mode_out(&mut c(), x, Scalar::Double(0.3), Some("trunc"), o)
            }),
        ),
        (
            "floor_divide",
            Float,
            Box::new(move |x, y, o| floor_divide::floor_divide_out(&mut c(), x, y, o)),
        ),
        (
            "fmod",
            Float,
            Box::new(move |x, y, o| fmod::fmod_tensor_out(&mut c(), x, y, o)),
        ),
        (
            "fmod_s",
            Double,
            Box::new(move |x, _, o| fmod::fmod_scalar_out(&mut c(), x, Scalar::Double(0.7), o)),
        ),
        (
            "remainder",
            Float,
            Box::new(move |x, y, o| remainder::remainder_tensor_out(&mut c(), x, y, o)),
        ),
        (
            "remainder_s",
            Float,
            Box::new(move |x, _, o| {
                remainder::remainder_scalar_out(&mut c(), x, Scalar::Int(-2), o)
            }),
        ),
        (
            "pow",
            Float,
            Box::new(move |x, y, o| pow::pow_tensor_tensor_out(&mut c(), x, y, o)),
        ),
        (
            "pow_ts",
            Float,
            Box::new(move |x, _, o| {
                pow::pow_tensor_scalar_out(&mut c(), x, Scalar::Double(2.5), o)
            }),
        ),
        (
            "pow_s",
            Double,
            Box::new(move |x, _, o| pow::pow_scalar_out(&mut c(), Scalar::Double(1.5), x, o)),
        ),
        (
            "atan2",
            Float,
            Box::new(move |x, y, o| atan2::atan2_out(&mut c(), x, y, o)),
        ),
        (
            "maximum",
            Float,
            Box::new(move |x, y, o| maximum::maximum_out(&mut c(), x, y, o)),
        ),
        (
            "minimum",
            Double,
            Box::new(move |x, y, o| minimum::minimum_out(&mut c(), x, y, o)),
        ),
    ]
}

fn values(n: usize, offset: f64) -> Vec<f64> {
    (0..n)
        .map(|i| ((i * 37 % 23) as f64 - 11.0) * 0.75 + offset)
        .collect()
}

#[test]
fn resize_dynamic_static_and_capacity() {
    let x = tensor(Float, &values(6, 0.0), &[2, 3]);
    let y = tensor(Float, &values(3, 0.3), &[3]);
    for (name, od, f) in representatives() {
        let want = run(od, &[2, 3], |_, o| f(&x.view(), &y.view(), o)).unwrap();
        // dynamic, wrong shape within capacity: resized
        let mut out = OwnedTensor::with_capacity(od, &[1], &[0], 8)
            .unwrap()
            .dynamic();
        let (s, d) = {
            let mut v = out.view_mut().unwrap();
            f(&x.view(), &y.view(), &mut v).unwrap();
            (v.sizes().to_vec(), v.dim_order().to_vec())
        };
        assert_eq!(s, [2, 3], "{name}");
        out.set_layout(&s, &d);
        assert_bits(&floats(&out), &floats(&want), name);
        // dynamic past capacity
        let mut out = OwnedTensor::with_capacity(od, &[4], &[0], 4)
            .unwrap()
            .dynamic();
        let e = f(&x.view(), &y.view(), &mut out.view_mut().unwrap()).unwrap_err();
        assert_eq!((e.kind, e.arg), (ErrorKind::OutOfCapacity, "out"), "{name}");
        // static with the wrong shape
        let mut out = OwnedTensor::zeros(od, &[3, 2]).unwrap();
        let e = f(&x.view(), &y.view(), &mut out.view_mut().unwrap()).unwrap_err();
        assert_eq!((e.kind, e.arg), (ErrorKind::OutOfCapacity, "out"), "{name}");
    }
}

#[test]
fn broadcasting_and_dim_orders() {
    let sizes = [2, 3, 4, 5];
    let xs = values(120, 0.1);
    let ys = values(3, 0.7);
    let cl = [0, 2, 3, 1];
    let odd = [3, 1, 0, 2];
    let contiguous = [0, 1, 2, 3];
    for (name, od, f) in representatives() {
        // y of shape [3, 1, 1] broadcasts against [2, 3, 4, 5]
        let x = tensor(Float, &xs, &sizes);
        let y = tensor(Float, &ys, &[3, 1, 1]);
        let want = floats(&run(od, &sizes, |_, o| f(&x.view(), &y.view(), o)).unwrap());
        // against an explicitly broadcast contiguous y
        let full: Vec<f64> = (0..120).map(|i| ys[(i / 20) % 3]).collect();
        let yf = tensor(Float, &full, &sizes);
        let got = floats(&run(od, &sizes, |_, o| f(&x.view(), &yf.view(), o)).unwrap());
        assert_bits(&got, &want, name);
        for (xo, oo) in [
            (cl, contiguous),
            (contiguous, cl),
            (cl, cl),
            (odd, cl),
            (odd, odd),
        ] {
            let x = tensor_in(Float, &xs, &sizes, &xo);
            let mut out = OwnedTensor::with_capacity(od, &sizes, &oo, 0).unwrap();
            f(&x.view(), &y.view(), &mut out.view_mut().unwrap()).unwrap();
            assert_bits(&floats(&out), &want, &format!("{name} {xo:?} -> {oo:?}"));
            let yfo = tensor_in(Float, &full, &sizes, &oo);
            let mut out = OwnedTensor::with_capacity(od, &sizes, &oo, 0).unwrap();
            f(&x.view(), &yfo.view(), &mut out.view_mut().unwrap()).unwrap();
            assert_bits(
                &floats(&out),
                &want,
                &format!("{name} {xo:?}, y {oo:?} -> {oo:?}"),
            );
        }
    }
    // [2, 1, 3] * [4, 1] -> [2, 4, 3], integers, longer than one iteration chunk transposed
    let a = tensor(Long, &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0], &[2, 1, 3]);
    let b = tensor(Long, &[1.0, 10.0, 100.0, 1000.0], &[4, 1]);
    let out = run(Long, &[2, 4, 3], |c, o| {
        mul::mul_out(c, &a.view(), &b.view(), o)
    })
    .unwrap();
    let want: Vec<i64> = (0..24)
        .map(|i| [1, 2, 3, 4, 5, 6][(i / 12) * 3 + i % 3] * [1, 10, 100, 1000][(i / 3) % 4])
        .collect();
    assert_eq!(ints(&out), want);
    let xs = values(700, 0.0);
    let x = tensor_in(Int, &xs, &[35, 20], &[1, 0]);
    let y = tensor(Int, &[3.0], &[1]);
    let mut out = OwnedTensor::with_capacity(Long, &[35, 20], &[1, 0], 0).unwrap();
    floor_divide::floor_divide_out(
        &mut ctx(),
        &x.view(),
        &y.view(),
        &mut out.view_mut().unwrap(),
    )
    .unwrap();
    for (g, &v) in ints(&out).iter().zip(&xs) {
        assert_eq!(*g, (v as i32 as i64).div_euclid(3), "{v}");
    }
}

#[test]
fn zero_dim_and_empty() {
    for (name, od, f) in representatives() {
        let x = tensor(Float, &[0.5], &[]);
        let y = tensor(Float, &[1.5], &[]);
        let mut out = OwnedTensor::with_capacity(od, &[2], &[0], 2)
            .unwrap()
            .dynamic();
        let mut v = out.view_mut().unwrap();
        f(&x.view(), &y.view(), &mut v).unwrap();
        assert_eq!(v.sizes(), &[] as &[usize], "{name}");
        let x1 = tensor(Float, &[0.5], &[1]);
        let y1 = tensor(Float, &[1.5], &[1]);
        let whole = run(od, &[1], |_, o| f(&x1.view(), &y1.view(), o)).unwrap();
        let got = run(od, &[], |_, o| f(&x.view(), &y.view(), o)).unwrap();
        assert_bits(&floats(&got), &floats(&whole), name);
        // empty, and an empty dynamic out resized to it
        let x = tensor(Float, &[], &[0, 3]);
        let y = tensor(Float, &[1.0, 2.0, 3.0], &[3]);
        let mut out = OwnedTensor::with_capacity(od, &[2], &[0], 2)
            .unwrap()
            .dynamic();
        let mut v = out.view_mut().unwrap();
        f(&x.view(), &y.view(), &mut v).unwrap();
        assert_eq!(v.sizes(), &[0, 3], "{name}");
    }
}

#[test]
fn boxed_entries_are_registered() {
    let names: Vec<&str> = etk_portable::table::arith::TABLE
        .iter()
        .map(|e| e.name)
        .collect();
    let want = [
        "aten::add.out",
        "aten::add.Scalar_out",
        "aten::sub.out",
        "aten::sub.Scalar_out",
        "aten::mul.out",
        "aten::mul.Scalar_out",
        "aten::div.out",
        "aten::div.out_mode",
        "aten::div.Scalar_out",
        "aten::div.Scalar_mode_out",
        "aten::rsub.Scalar_out",
        "aten::floor_divide.out",
        "aten::fmod.Tensor_out",
        "aten::fmod.Scalar_out",
        "aten::remainder.Tensor_out",
        "aten::remainder.Scalar_out",
        "aten::pow.Tensor_Tensor_out",
        "aten::pow.Tensor_Scalar_out",
        "aten::pow.Scalar_out",
        "aten::atan2.out",
        "aten::maximum.out",
        "aten::minimum.out",
    ];
    for w in want {
        assert!(names.contains(&w), "{w}");
    }
    assert_eq!(names.len(), want.len());
    let find = |n: &str| {
        etk_portable::TABLE
            .iter()
            .find(|e| e.name == n)
            .unwrap()
            .kernel
    };
    let x = tensor(Long, &[7.0, -7.0], &[2]);
    let y = tensor(Long, &[2.0, 2.0], &[2]);
    let mut out = OwnedTensor::zeros(Long, &[2]).unwrap();
    {
        let mut stack = [
            EValue::Tensor(x.view()),
            EValue::Tensor(y.view()),
            EValue::String("floor"),
            EValue::Tensor(out.view_mut().unwrap()),
        ];
        find("aten::div.out_mode")(&mut ctx(), &mut stack).unwrap();
    }
    assert_eq!(ints(&out), [3, -4]);
    let mut fout = OwnedTensor::zeros(Float, &[2]).unwrap();
    {
        let mut stack = [
            EValue::Tensor(x.view()),
            EValue::Int(2),
            EValue::None,
            EValue::Tensor(fout.view_mut().unwrap()),
        ];
        find("aten::div.Scalar_mode_out")(&mut ctx(), &mut stack).unwrap();
    }
    assert_eq!(floats(&fout), [3.5, -3.5]);
    {
        let mut stack = [
            EValue::Tensor(x.view()),
            EValue::Tensor(y.view()),
            EValue::Int(3),
            EValue::Tensor(out.view_mut().unwrap()),
        ];
        find("aten::sub.out")(&mut ctx(), &mut stack).unwrap();
    }
    assert_eq!(ints(&out), [1, -13]);
    {
        let mut stack = [
            EValue::Double(2.0),
            EValue::Tensor(y.view()),
            EValue::Tensor(fout.view_mut().unwrap()),
        ];
        find("aten::pow.Scalar_out")(&mut ctx(), &mut stack).unwrap();
    }
    assert_eq!(floats(&fout), [4.0, 4.0]);
    {
        // a wrong argument kind is an error
        let mut stack = [
            EValue::Tensor(x.view()),
            EValue::Int(1),
            EValue::Tensor(out.view_mut().unwrap()),
        ];
        assert!(find("aten::maximum.out")(&mut ctx(), &mut stack).is_err());
    }
}

// torch 2.13, generated: `op|self dtype|other (T:dtype tensor, I/D/B:value Scalar)|result dtype
// (E: rejected)|accepted out dtypes (Bool, Byte, Char, Short, Int, Long, Half, BFloat16, Float,
// Double)|values of the functional result`.
const DATA: &str = "
add|Bool|T:Bool|Bool|1111111111|1,1,1,1,1,1
add|Byte|T:Byte|Byte|0111111111|3,2,1,203,0,7
add|Char|T:Char|Char|0111111111|-125,-9,7,8,125,6
add|Short|T:Short|Short|0111111111|-297,-9,7,8,32765,1007
add|Int|T:Int|Int|0111111111|-99997,-9,7,8,2147483645,1007
add|Long|T:Long|Long|0111111111|-1099511627773,-9,7,8,4611686018427387902,1007
add|Half|T:Half|Half|0000001111|-1.7998046875,-1.25,3.33203125,2.19921875,98.75,10.0
add|BFloat16|T:BFloat16|BFloat16|0000001111|-1.796875,-1.25,3.328125,2.203125,99.0,10.0
add|Float|T:Float|Float|0000001111|-1.7999999523162842,-1.25,3.3329999446868896,2.200000047683716,98.75,10.0
add|Double|T:Double|Double|0000001111|-1.8,-1.25,3.333,2.2,98.75,10.0
add|Byte|T:Char|Short|0111111111|3,-1,14,203,253,20
add|Char|T:Short|Short|0111111111|-125,-9,7,8,125,6
add|Int|T:Long|Long|0111111111|-99997,-9,7,8,2147483645,1007
add|Bool|T:Byte|Byte|0111111111|4,1,251,4,1,251
add|Long|T:Half|Half|0000001111|-inf,-8.25,3.0,5.69921875,inf,1003.0
add|Half|T:BFloat16|Float|0000001111|-1.80078125,-1.25,3.3330078125,2.19921875,98.75,10.0
add|BFloat16|T:Float|Float|0000001111|-1.7999999523162842,-1.25,3.33203125,2.200000047683716,98.75,10.0
add|Half|T:Double|Double|0000001111|-1.8,-1.25,3.3330078125,2.2,98.75,10.0
add|Int|T:Float|Float|0000001111|-99999.296875,-8.25,3.0,5.699999809265137,2147483648.0,1003.0
add|Float|T:Double|Double|0000001111|-1.8,-1.25,3.3330000042915344,2.2,98.75,10.0
add|Byte|T:Bool|Byte|0111111111|1,2,8,201,0,14
add|Short|T:BFloat16|BFloat16|0000001111|-300.0,-8.25,3.0,5.6875,32768.0,1004.0
add_a2|Bool|T:Bool|Bool|1111111111|1,1,1,1,1,1
add_a2|Byte|T:Byte|Byte|0111111111|6,3,251,206,1,1
add_a2|Char|T:Char|Char|0111111111|-122,-11,14,11,123,13
add_a2|Short|T:Short|Short|0111111111|-294,-11,14,11,32763,1014
add_a2|Int|T:Int|Int|0111111111|-99994,-11,14,11,2147483643,1014
add_a2|Long|T:Long|Long|0111111111|-1099511627770,-11,14,11,4611686018427387900,1014
add_a2|Half|T:Half|Half|0000001111|-1.099609375,-2.5,6.33203125,2.900390625,97.5,13.0
add_a2|BFloat16|T:BFloat16|BFloat16|0000001111|-1.1015625,-2.5,6.34375,2.90625,97.5,13.0
add_a2|Float|T:Float|Float|0000001111|-1.100000023841858,-2.5,6.333000183105469,2.9000000953674316,97.5,13.0
add_a2|Double|T:Double|Double|0000001111|-1.1,-2.5,6.333,2.9,97.5,13.0
add_a2|Byte|T:Char|Short|0111111111|6,-3,21,206,251,27
add_a2|Char|T:Short|Short|0111111111|-122,-11,14,11,123,13
add_a2|Int|T:Long|Long|0111111111|-99994,-11,14,11,2147483643,1014
add_a2|Bool|T:Byte|Byte|0111111111|7,2,245,7,2,245
add_a2|Long|T:Half|Half|0000001111|-inf,-9.5,6.0,6.3984375,inf,1006.0
add_a2|Half|T:BFloat16|Float|0000001111|-1.1015625,-2.5,6.3330078125,2.8984375,97.5,13.0
add_a2|BFloat16|T:Float|Float|0000001111|-1.100000023841858,-2.5,6.33203125,2.9000000953674316,97.5,13.0
add_a2|Half|T:Double|Double|0000001111|-1.1,-2.5,6.3330078125,2.9,97.5,13.0
add_a2|Int|T:Float|Float|0000001111|-99998.6015625,-9.5,6.0,6.400000095367432,2147483648.0,1006.0
add_a2|Float|T:Double|Double|0000001111|-1.1,-2.5,6.333000004291534,2.9,97.5,13.0
add_a2|Byte|T:Bool|Byte|0111111111|2,3,9,202,1,15
add_a2|Short|T:BFloat16|BFloat16|0000001111|-298.0,-9.5,6.0,6.40625,32768.0,1008.0
sub|Bool|T:Bool|E|0000000000|
sub|Byte|T:Byte|Byte|0111111111|253,0,13,197,254,19
sub|Char|T:Char|Char|0111111111|125,-5,-7,2,-127,-8
sub|Short|T:Short|Short|0111111111|-303,-5,-7,2,-32767,993
sub|Int|T:Int|Int|0111111111|-100003,-5,-7,2,-2147483647,993
sub|Long|T:Long|Long|0111111111|-1099511627779,-5,-7,2,4611686018427387906,993
sub|Half|T:Half|Half|0000001111|-3.19921875,1.25,-2.66796875,0.7998046875,101.25,4.0
sub|BFloat16|T:BFloat16|BFloat16|0000001111|-3.203125,1.25,-2.671875,0.80078125,101.0,4.0
sub|Float|T:Float|Float|0000001111|-3.200000047683716,1.25,-2.6670000553131104,0.800000011920929,101.25,4.0
sub|Double|T:Double|Double|0000001111|-3.2,1.25,-2.667,0.8,101.25,4.0
sub|Byte|T:Char|Short|0111111111|-3,3,0,197,257,6
sub|Char|T:Short|Short|0111111111|-131,-5,-7,2,129,-8
sub|Int|T:Long|Long|0111111111|-100003,-5,-7,2,2147483649,993
sub|Bool|T:Byte|E|0000000000|
sub|Long|T:Half|Half|0000001111|-inf,-5.75,-3.0,4.30078125,inf,997.0
sub|Half|T:BFloat16|Float|0000001111|-3.19921875,1.25,-2.6669921875,0.80078125,101.25,4.0
sub|BFloat16|T:Float|Float|0000001111|-3.200000047683716,1.25,-2.66796875,0.800000011920929,101.25,4.0
sub|Half|T:Double|Double|0000001111|-3.2,1.25,-2.6669921875,0.8,101.25,4.0
sub|Int|T:Float|Float|0000001111|-100000.703125,-5.75,-3.0,4.300000190734863,2147483648.0,997.0
sub|Float|T:Double|Double|0000001111|-3.2,1.25,-2.6669999957084656,0.8,101.25,4.0
sub|Byte|T:Bool|E|0000000000|
sub|Short|T:BFloat16|BFloat16|0000001111|-300.0,-5.75,-3.0,4.3125,32768.0,996.0
mul|Bool|T:Bool|Bool|1111111111|1,0,1,1,0,1
mul|Byte|T:Byte|Byte|0111111111|0,1,214,88,255,178
mul|Char|T:Char|Char|0111111111|-128,14,0,15,2,-7
mul|Short|T:Short|Short|0111111111|-900,14,0,15,2,7000
mul|Int|T:Int|Int|0111111111|-300000,14,0,15,2,7000
mul|Long|T:Long|Long|0111111111|-3298534883328,14,0,15,-9223372036854775808,7000
mul|Half|T:Half|Half|0000001111|-1.75,0.0,0.9990234375,1.05078125,-125.0,21.0
mul|BFloat16|T:BFloat16|BFloat16|0000001111|-1.75,0.0,0.99609375,1.046875,-125.0,21.0
mul|Float|T:Float|Float|0000001111|-1.75,0.0,0.9990000128746033,1.0499999523162842,-125.0,21.0
mul|Double|T:Double|Double|0000001111|-1.75,0.0,0.9990000000000001,1.0499999999999998,-125.0,21.0
mul|Byte|T:Char|Short|0111111111|0,-2,49,600,-510,91
mul|Char|T:Short|Short|0111111111|-384,14,0,15,-254,-7
mul|Int|T:Long|Long|0111111111|-300000,14,0,15,-4294967294,7000
mul|Bool|T:Byte|Byte|0111111111|3,0,250,3,0,250
mul|Long|T:Half|Half|0000001111|-inf,8.75,0.0,3.5,-inf,3000.0
mul|Half|T:BFloat16|Float|0000001111|-1.748046875,0.0,0.9990234375,1.048828125,-125.0,21.0
mul|BFloat16|T:Float|Float|0000001111|-1.75,0.0,0.99609375,1.0499999523162842,-125.0,21.0
mul|Half|T:Double|Double|0000001111|-1.75,0.0,0.9990234375,1.0499999999999998,-125.0,21.0
mul|Int|T:Float|Float|0000001111|-70000.0,8.75,0.0,3.5,-2684354560.0,3000.0
mul|Float|T:Double|Double|0000001111|-1.75,0.0,0.9990000128746033,1.0499999999999998,-125.0,21.0
mul|Byte|T:Bool|Byte|0111111111|0,1,7,200,255,13
mul|Short|T:BFloat16|BFloat16|0000001111|-210.0,8.75,0.0,3.5,-40960.0,3008.0
div|Bool|T:Bool|Float|0000001111|1.0,0.0,1.0,1.0,0.0,1.0
div|Byte|T:Byte|Float|0000001111|0.0,1.0,0.02800000086426735,66.66666412353516,255.0,0.052000001072883606
div|Char|T:Char|Float|0000001111|-42.66666793823242,3.5,0.0,1.6666666269302368,-63.5,-0.1428571492433548
div|Short|T:Short|Float|0000001111|-100.0,3.5,0.0,1.6666666269302368,-16383.5,142.85714721679688
div|Int|T:Int|Float|0000001111|-33333.33203125,3.5,0.0,1.6666666269302368,-1073741824.0,142.85714721679688
div|Long|T:Long|Float|0000001111|-366503886848.0,3.5,0.0,1.6666666269302368,-2.305843009213694e+18,142.85714721679688
div|Half|T:Half|Half|0000001111|-3.5703125,0.0,0.11102294921875,2.142578125,-80.0,2.333984375
div|BFloat16|T:BFloat16|BFloat16|0000001111|-3.578125,0.0,0.11083984375,2.140625,-80.0,2.328125
div|Float|T:Float|Float|0000001111|-3.5714285373687744,0.0,0.11100000143051147,2.142857074737549,-80.0,2.3333332538604736
div|Double|T:Double|Double|0000001111|-3.5714285714285716,0.0,0.111,2.142857142857143,-80.0,2.3333333333333335
div|Byte|T:Char|Float|0000001111|0.0,-0.5,1.0,66.66666412353516,-127.5,1.8571428060531616
div|Char|T:Short|Float|0000001111|-42.66666793823242,3.5,0.0,1.6666666269302368,-63.5,-0.1428571492433548
div|Int|T:Long|Float|0000001111|-33333.33203125,3.5,0.0,1.6666666269302368,-1073741824.0,142.85714721679688
div|Bool|T:Byte|Float|0000001111|0.3333333432674408,0.0,0.004000000189989805,0.3333333432674408,0.0,0.004000000189989805
div|Long|T:Half|Half|0000001111|-inf,5.6015625,0.0,7.140625,-inf,333.25
div|Half|T:BFloat16|Float|0000001111|-3.5754189491271973,0.0,0.1110026016831398,2.145251512527466,-80.0,2.3333332538604736
div|BFloat16|T:Float|Float|0000001111|-3.5714285373687744,0.0,0.1106770858168602,2.142857074737549,-80.0,2.3333332538604736
div|Half|T:Double|Double|0000001111|-3.5714285714285716,0.0,0.11100260416666667,2.142857142857143,-80.0,2.3333333333333335
div|Int|T:Float|Float|0000001111|-142857.140625,5.599999904632568,0.0,7.142857074737549,-1717986944.0,333.3333435058594
div|Float|T:Double|Double|0000001111|-3.5714285714285716,0.0,0.11100000143051147,2.142857142857143,-80.0,2.3333333333333335
div|Byte|T:Bool|Float|0000001111|0.0,1.0,7.0,200.0,255.0,13.0
div|Short|T:BFloat16|BFloat16|0000001111|-430.0,5.59375,0.0,7.15625,-26240.0,334.0
div_trunc|Bool|T:Bool|E|0000000000|
div_trunc|Byte|T:Byte|Byte|0111111111|0,1,0,66,255,0
div_trunc|Char|T:Char|Char|0111111111|-42,3,0,1,-63,0
div_trunc|Short|T:Short|Short|0111111111|-100,3,0,1,-16383,142
div_trunc|Int|T:Int|Int|0111111111|-33333,3,0,1,-1073741823,142
div_trunc|Long|T:Long|Long|0111111111|-366503875925,3,0,1,-2305843009213693952,142
div_trunc|Half|T:Half|Half|0000001111|-3.0,0.0,0.0,2.0,-80.0,2.0
div_trunc|BFloat16|T:BFloat16|BFloat16|0000001111|-3.0,0.0,0.0,2.0,-80.0,2.0
div_trunc|Float|T:Float|Float|0000001111|-3.0,0.0,0.0,2.0,-80.0,2.0
div_trunc|Double|T:Double|Double|0000001111|-3.0,0.0,0.0,2.0,-80.0,2.0
div_trunc|Byte|T:Char|Short|0111111111|0,0,1,66,-127,1
div_trunc|Char|T:Short|Short|0111111111|-42,3,0,1,-63,0
div_trunc|Int|T:Long|Long|0111111111|-33333,3,0,1,-1073741823,142
div_trunc|Bool|T:Byte|Byte|0111111111|0,0,0,0,0,0
div_trunc|Long|T:Half|Half|0000001111|-inf,5.0,0.0,7.0,-inf,333.0
div_trunc|Half|T:BFloat16|Float|0000001111|-3.0,0.0,0.0,2.0,-80.0,2.0
div_trunc|BFloat16|T:Float|Float|0000001111|-3.0,0.0,0.0,2.0,-80.0,2.0
div_trunc|Half|T:Double|Double|0000001111|-3.0,0.0,0.0,2.0,-80.0,2.0
div_trunc|Int|T:Float|Float|0000001111|-142857.0,5.0,0.0,7.0,-1717986944.0,333.0
div_trunc|Float|T:Double|Double|0000001111|-3.0,0.0,0.0,2.0,-80.0,2.0
div_trunc|Byte|T:Bool|Byte|0111111111|0,1,7,200,255,13
div_trunc|Short|T:BFloat16|BFloat16|0000001111|-430.0,5.0,0.0,7.0,-26240.0,334.0
div_floor|Bool|T:Bool|E|0000000000|
div_floor|Byte|T:Byte|Byte|0111111111|0,1,0,66,255,0
div_floor|Char|T:Char|Char|0111111111|-43,3,0,1,-64,-1
div_floor|Short|T:Short|Short|0111111111|-100,3,0,1,-16384,142
div_floor|Int|T:Int|Int|0111111111|-33334,3,0,1,-1073741824,142
div_floor|Long|T:Long|Long|0111111111|-366503875926,3,0,1,-2305843009213693952,142
div_floor|Half|T:Half|Half|0000001111|-4.0,0.0,0.0,2.0,-80.0,2.0
div_floor|BFloat16|T:BFloat16|BFloat16|0000001111|-4.0,0.0,0.0,2.0,-80.0,2.0
div_floor|Float|T:Float|Float|0000001111|-4.0,0.0,0.0,2.0,-80.0,2.0
div_floor|Double|T:Double|Double|0000001111|-4.0,0.0,0.0,2.0,-80.0,2.0
div_floor|Byte|T:Char|Short|0111111111|0,-1,1,66,-128,1
div_floor|Char|T:Short|Short|0111111111|-43,3,0,1,-64,-1
div_floor|Int|T:Long|Long|0111111111|-33334,3,0,1,-1073741824,142
div_floor|Bool|T:Byte|Byte|0111111111|0,0,0,0,0,0
div_floor|Long|T:Half|Half|0000001111|nan,5.0,0.0,7.0,nan,333.0
div_floor|Half|T:BFloat16|Float|0000001111|-4.0,0.0,0.0,2.0,-80.0,2.0
div_floor|BFloat16|T:Float|Float|0000001111|-4.0,0.0,0.0,2.0,-80.0,2.0
div_floor|Half|T:Double|Double|0000001111|-4.0,0.0,0.0,2.0,-80.0,2.0
div_floor|Int|T:Float|Float|0000001111|-142858.0,5.0,0.0,7.0,-1717986944.0,333.0
div_floor|Float|T:Double|Double|0000001111|-4.0,0.0,0.0,2.0,-80.0,2.0
div_floor|Byte|T:Bool|Byte|0111111111|0,1,7,200,255,13
div_floor|Short|T:BFloat16|BFloat16|0000001111|-432.0,5.0,0.0,7.0,-26240.0,334.0
floor_divide|Bool|T:Bool|E|0000000000|
floor_divide|Byte|T:Byte|Byte|0111111111|0,1,0,66,255,0
floor_divide|Char|T:Char|Char|0111111111|-43,3,0,1,-64,-1
floor_divide|Short|T:Short|Short|0111111111|-100,3,0,1,-16384,142
floor_divide|Int|T:Int|Int|0111111111|-33334,3,0,1,-1073741824,142
floor_divide|Long|T:Long|Long|0111111111|-366503875926,3,0,1,-2305843009213693952,142
floor_divide|Half|T:Half|Half|0000001111|-4.0,0.0,0.0,2.0,-80.0,2.0
floor_divide|BFloat16|T:BFloat16|BFloat16|0000001111|-4.0,0.0,0.0,2.0,-80.0,2.0
floor_divide|Float|T:Float|Float|0000001111|-4.0,0.0,0.0,2.0,-80.0,2.0
floor_divide|Double|T:Double|Double|0000001111|-4.0,0.0,0.0,2.0,-80.0,2.0
floor_divide|Byte|T:Char|Short|0111111111|0,-1,1,66,-128,1
floor_divide|Char|T:Short|Short|0111111111|-43,3,0,1,-64,-1
floor_divide|Int|T:Long|Long|0111111111|-33334,3,0,1,-1073741824,142
floor_divide|Bool|T:Byte|Byte|0111111111|0,0,0,0,0,0
floor_divide|Long|T:Half|Half|0000001111|nan,5.0,0.0,7.0,nan,333.0
floor_divide|Half|T:BFloat16|Float|0000001111|-4.0,0.0,0.0,2.0,-80.0,2.0
floor_divide|BFloat16|T:Float|Float|0000001111|-4.0,0.0,0.0,2.0,-80.0,2.0
floor_divide|Half|T:Double|Double|0000001111|-4.0,0.0,0.0,2.0,-80.0,2.0
floor_divide|Int|T:Float|Float|0000001111|-142858.0,5.0,0.0,7.0,-1717986944.0,333.0
floor_divide|Float|T:Double|Double|0000001111|-4.0,0.0,0.0,2.0,-80.0,2.0
floor_divide|Byte|T:Bool|Byte|0111111111|0,1,7,200,255,13
floor_divide|Short|T:BFloat16|BFloat16|0000001111|-432.0,5.0,0.0,7.0,-26240.0,334.0
fmod|Bool|T:Bool|E|0000000000|
fmod|Byte|T:Byte|Byte|0111111111|0,0,7,2,0,13
fmod|Char|T:Char|Char|0111111111|-2,-1,0,2,1,-1
fmod|Short|T:Short|Short|0111111111|0,-1,0,2,1,6
fmod|Int|T:Int|Int|0111111111|-1,-1,0,2,1,6
fmod|Long|T:Long|Long|0111111111|-1,-1,0,2,0,6
fmod|Half|T:Half|Half|0000001111|-0.3994140625,-0.0,0.3330078125,0.099609375,0.0,1.0
fmod|BFloat16|T:BFloat16|BFloat16|0000001111|-0.40234375,-0.0,0.33203125,0.1015625,0.0,1.0
fmod|Float|T:Float|Float|0000001111|-0.40000003576278687,-0.0,0.3330000042915344,0.10000002384185791,0.0,1.0
fmod|Double|T:Double|Double|0000001111|-0.40000000000000013,-0.0,0.333,0.10000000000000009,0.0,1.0
fmod|Byte|T:Char|Short|0111111111|0,1,0,2,1,6
fmod|Char|T:Short|Short|0111111111|-2,-1,0,2,1,-1
fmod|Int|T:Long|Long|0111111111|-1,-1,0,2,1,6
fmod|Bool|T:Byte|Byte|0111111111|1,0,1,1,0,1
fmod|Long|T:Half|Half|0000001111|nan,-0.75,0.0,0.0986328125,nan,1.0
fmod|Half|T:BFloat16|Float|0000001111|-0.40234375,-0.0,0.3330078125,0.1015625,0.0,1.0
fmod|BFloat16|T:Float|Float|0000001111|-0.40000003576278687,-0.0,0.33203125,0.10000002384185791,0.0,1.0
fmod|Half|T:Double|Double|0000001111|-0.40000000000000013,-0.0,0.3330078125,0.10000000000000009,0.0,1.0
fmod|Int|T:Float|Float|0000001111|-0.1017029881477356,-0.75,0.0,0.10000008344650269,0.5,1.0
fmod|Float|T:Double|Double|0000001111|-0.40000000000000013,-0.0,0.3330000042915344,0.10000000000000009,0.0,1.0
fmod|Byte|T:Bool|Byte|0111111111|0,0,0,0,0,0
fmod|Short|T:BFloat16|BFloat16|0000001111|-0.03515625,-0.75,0.0,0.10546875,0.5,1.0
remainder|Bool|T:Bool|E|0000000000|
remainder|Byte|T:Byte|Byte|0111111111|0,0,7,2,0,13
remainder|Char|T:Char|Char|0111111111|1,-1,0,2,-1,6
remainder|Short|T:Short|Short|0111111111|0,-1,0,2,-1,6
remainder|Int|T:Int|Int|0111111111|2,-1,0,2,-1,6
remainder|Long|T:Long|Long|0111111111|2,-1,0,2,0,6
remainder|Half|T:Half|Half|0000001111|0.30078125,-0.0,0.3330078125,0.099609375,0.0,1.0
remainder|BFloat16|T:BFloat16|BFloat16|0000001111|0.296875,-0.0,0.33203125,0.1015625,0.0,1.0
remainder|Float|T:Float|Float|0000001111|0.2999999523162842,-0.0,0.3330000042915344,0.10000002384185791,0.0,1.0
remainder|Double|T:Double|Double|0000001111|0.2999999999999998,-0.0,0.333,0.10000000000000009,0.0,1.0
remainder|Byte|T:Char|Short|0111111111|0,-1,0,2,-1,6
remainder|Char|T:Short|Short|0111111111|1,-1,0,2,-1,6
remainder|Int|T:Long|Long|0111111111|2,-1,0,2,-1,6
remainder|Bool|T:Byte|Byte|0111111111|1,0,1,1,0,1
remainder|Long|T:Half|Half|0000001111|nan,-0.75,0.0,0.0986328125,nan,1.0
remainder|Half|T:BFloat16|Float|0000001111|0.296875,-0.0,0.3330078125,0.1015625,0.0,1.0
remainder|BFloat16|T:Float|Float|0000001111|0.2999999523162842,-0.0,0.33203125,0.10000002384185791,0.0,1.0
remainder|Half|T:Double|Double|0000001111|0.2999999999999998,-0.0,0.3330078125,0.10000000000000009,0.0,1.0
remainder|Int|T:Float|Float|0000001111|0.5982969999313354,-0.75,0.0,0.10000008344650269,-0.75,1.0
remainder|Float|T:Double|Double|0000001111|0.2999999999999998,-0.0,0.3330000042915344,0.10000000000000009,0.0,1.0
remainder|Byte|T:Bool|Byte|0111111111|0,0,0,0,0,0
remainder|Short|T:BFloat16|BFloat16|0000001111|0.6640625,-0.75,0.0,0.10546875,-0.75,1.0
pow|Bool|T:Bool|E|0000000000|
pow|Byte|T:Byte|Byte|0111111111|0,1,113,0,255,137
pow|Char|T:Char|Char|0111111111|0,0,0,125,0,-1
pow|Short|T:Short|Short|0111111111|832,0,0,125,0,0
pow|Int|T:Int|Int|0111111111|1530494976,0,0,125,0,-559939584
pow|Long|T:Long|Long|0111111111|0,0,0,125,0,3875820019684212736
pow|Half|T:Half|Half|0000001111|nan,inf,0.03692626953125,1.328125,0.003162384033203125,343.0
pow|BFloat16|T:BFloat16|BFloat16|0000001111|nan,inf,0.03662109375,1.328125,0.0031585693359375,344.0
pow|Float|T:Float|Float|0000001111|nan,inf,0.036926038563251495,1.328201174736023,0.003162277629598975,343.0
pow|Double|T:Double|Double|0000001111|nan,inf,0.03692603700000001,1.328201239943334,0.0031622776601683794,343.0
pow|Byte|T:Char|Short|0111111111|0,1,-28425,4608,0,30565
pow|Char|T:Short|Short|0111111111|0,0,0,125,0,-1
pow|Int|T:Long|Long|0111111111|-1000000000000000,0,0,125,0,3875820019684212736
pow|Bool|T:Byte|Byte|0111111111|1,0,1,1,0,1
pow|Long|T:Half|Half|0000001111|inf,nan,0.0,3.0859375,0.0,inf
pow|Half|T:BFloat16|Float|0000001111|nan,inf,0.03692863509058952,1.3277806043624878,0.003162277629598975,343.0
pow|BFloat16|T:Float|Float|0000001111|nan,inf,0.03660470247268677,1.328201174736023,0.003162277629598975,343.0
pow|Half|T:Double|Double|0000001111|nan,inf,0.0369286360219121,1.328201239943334,0.0031622776601683794,343.0
pow|Int|T:Float|Float|0000001111|nan,nan,0.0,3.0851693153381348,2.163155071732703e-12,1000000000.0
pow|Float|T:Double|Double|0000001111|nan,inf,0.0369260384276519,1.328201239943334,0.0031622776601683794,343.0
pow|Byte|T:Bool|Byte|0111111111|0,1,7,200,255,13
pow|Short|T:BFloat16|BFloat16|0000001111|nan,nan,0.0,3.078125,2.2649765014648438e-06,998244352.0
atan2|Bool|T:Bool|Float|0000001111|0.7853981852531433,0.0,0.7853981852531433,0.7853981852531433,0.0,0.7853981852531433
atan2|Byte|T:Byte|Float|0000001111|0.0,0.7853981852531433,0.02799268625676632,1.5557974576950073,1.5668747425079346,0.051953207701444626
atan2|Char|T:Char|Float|0000001111|-1.5473631620407104,-1.8490959405899048,0.0,1.0303767919540405,1.586543083190918,-0.1418970674276352
atan2|Short|T:Short|Float|0000001111|-1.5607966184616089,-1.8490959405899048,0.0,1.0303767919540405,1.570857286453247,1.5637964010238647
atan2|Int|T:Int|Float|0000001111|-1.5707663297653198,-1.8490959405899048,0.0,1.0303767919540405,1.570796251296997,1.5637964010238647
atan2|Long|T:Long|Float|0000001111|-1.5707963705062866,-1.8490959405899048,0.0,1.0303767919540405,1.570796251296997,1.5637964010238647
atan2|Half|T:Half|Half|0000001111|-1.2978515625,-3.140625,0.11053466796875,1.1337890625,1.5830078125,1.166015625
atan2|BFloat16|T:BFloat16|BFloat16|0000001111|-1.296875,-3.140625,0.1103515625,1.1328125,1.5859375,1.1640625
atan2|Float|T:Float|Float|0000001111|-1.2977876663208008,-3.1415927410125732,0.11054746806621552,1.134169101715088,1.5832957029342651,1.1659045219421387
atan2|Double|T:Double|Double|0000001111|-1.297787623708186,-3.141592653589793,0.1105474637382701,1.1341691669813554,1.5832956758142582,1.1659045405098132
atan2|Byte|T:Char|Float|0000001111|0.0,2.677945137023926,0.7853981852531433,1.5557974576950073,1.578639268875122,1.076854944229126
atan2|Char|T:Short|Float|0000001111|-1.5473631620407104,-1.8490959405899048,0.0,1.0303767919540405,1.586543083190918,-0.1418970674276352
atan2|Int|T:Long|Float|0000001111|-1.5707663297653198,-1.8490959405899048,0.0,1.0303767919540405,1.570796251296997,1.5637964010238647
atan2|Bool|T:Byte|Float|0000001111|0.32175055146217346,0.0,0.003999978769570589,0.32175055146217346,0.0,0.003999978769570589
atan2|Long|T:Half|Half|0000001111|-1.5703125,-1.7470703125,0.0,1.431640625,1.5703125,1.5673828125
atan2|Half|T:BFloat16|Float|0000001111|-1.2980774641036987,-3.1415927410125732,0.11055003106594086,1.1345969438552856,1.5832957029342651,1.1659045219421387
atan2|BFloat16|T:Float|Float|0000001111|-1.2977876663208008,-3.1415927410125732,0.11022847145795822,1.134169101715088,1.5832957029342651,1.1659045219421387
atan2|Half|T:Double|Double|0000001111|-1.297787623708186,-3.141592653589793,0.11055003620878395,1.1341691669813554,1.5832956758142582,1.1659045405098132
atan2|Int|T:Float|Float|0000001111|-1.5707893371582031,-1.7475051879882812,0.0,1.431700348854065,1.570796251296997,1.5677963495254517
atan2|Float|T:Double|Double|0000001111|-1.297787623708186,-3.141592653589793,0.11054746515137075,1.1341691669813554,1.5832956758142582,1.1659045405098132
atan2|Byte|T:Bool|Float|0000001111|0.0,0.7853981852531433,1.4288992881774902,1.5657963752746582,1.5668747425079346,1.494024395942688
atan2|Short|T:BFloat16|BFloat16|0000001111|-1.5703125,-1.75,0.0,1.4296875,1.5703125,1.5703125
maximum|Bool|T:Bool|Bool|1111111111|1,1,1,1,1,1
maximum|Byte|T:Byte|Byte|0111111111|3,1,250,200,255,250
maximum|Char|T:Char|Char|0111111111|3,-2,7,5,127,7
maximum|Short|T:Short|Short|0111111111|3,-2,7,5,32767,1000
maximum|Int|T:Int|Int|0111111111|3,-2,7,5,2147483647,1000
maximum|Long|T:Long|Long|0111111111|3,-2,7,5,4611686018427387904,1000
maximum|Half|T:Half|Half|0000001111|0.7001953125,-0.0,3.0,1.5,100.0,7.0
maximum|BFloat16|T:BFloat16|BFloat16|0000001111|0.69921875,-0.0,3.0,1.5,100.0,7.0
maximum|Float|T:Float|Float|0000001111|0.699999988079071,-0.0,3.0,1.5,100.0,7.0
maximum|Double|T:Double|Double|0000001111|0.7,-0.0,3.0,1.5,100.0,7.0
maximum|Byte|T:Char|Short|0111111111|3,1,7,200,255,13
maximum|Char|T:Short|Short|0111111111|3,-2,7,5,127,7
maximum|Int|T:Long|Long|0111111111|3,-2,7,5,2147483647,1000
maximum|Bool|T:Byte|Byte|0111111111|3,1,250,3,1,250
maximum|Long|T:Half|Half|0000001111|0.7001953125,-1.25,3.0,5.0,inf,1000.0
maximum|Half|T:BFloat16|Float|0000001111|0.69921875,-0.0,3.0,1.5,100.0,7.0
maximum|BFloat16|T:Float|Float|0000001111|0.699999988079071,-0.0,3.0,1.5,100.0,7.0
maximum|Half|T:Double|Double|0000001111|0.7,-0.0,3.0,1.5,100.0,7.0
maximum|Int|T:Float|Float|0000001111|0.699999988079071,-1.25,3.0,5.0,2147483648.0,1000.0
maximum|Float|T:Double|Double|0000001111|0.7,-0.0,3.0,1.5,100.0,7.0
maximum|Byte|T:Bool|Byte|0111111111|1,1,7,200,255,13
maximum|Short|T:BFloat16|BFloat16|0000001111|0.69921875,-1.25,3.0,5.0,32768.0,1000.0
minimum|Bool|T:Bool|Bool|1111111111|1,0,1,1,0,1
minimum|Byte|T:Byte|Byte|0111111111|0,1,7,3,1,13
minimum|Char|T:Char|Char|0111111111|-128,-7,0,3,-2,-1
minimum|Short|T:Short|Short|0111111111|-300,-7,0,3,-2,7
minimum|Int|T:Int|Int|0111111111|-100000,-7,0,3,-2,7
minimum|Long|T:Long|Long|0111111111|-1099511627776,-7,0,3,-2,7
minimum|Half|T:Half|Half|0000001111|-2.5,-1.25,0.3330078125,0.7001953125,-1.25,3.0
minimum|BFloat16|T:BFloat16|BFloat16|0000001111|-2.5,-1.25,0.33203125,0.69921875,-1.25,3.0
minimum|Float|T:Float|Float|0000001111|-2.5,-1.25,0.3330000042915344,0.699999988079071,-1.25,3.0
minimum|Double|T:Double|Double|0000001111|-2.5,-1.25,0.333,0.7,-1.25,3.0
minimum|Byte|T:Char|Short|0111111111|0,-2,7,3,-2,7
minimum|Char|T:Short|Short|0111111111|-128,-7,0,3,-2,-1
minimum|Int|T:Long|Long|0111111111|-100000,-7,0,3,-2,7
minimum|Bool|T:Byte|Byte|0111111111|1,0,1,1,0,1
minimum|Long|T:Half|Half|0000001111|-inf,-7.0,0.0,0.7001953125,-1.25,3.0
minimum|Half|T:BFloat16|Float|0000001111|-2.5,-1.25,0.3330078125,0.69921875,-1.25,3.0
minimum|BFloat16|T:Float|Float|0000001111|-2.5,-1.25,0.33203125,0.699999988079071,-1.25,3.0
minimum|Half|T:Double|Double|0000001111|-2.5,-1.25,0.3330078125,0.7,-1.25,3.0
minimum|Int|T:Float|Float|0000001111|-100000.0,-7.0,0.0,0.699999988079071,-1.25,3.0
minimum|Float|T:Double|Double|0000001111|-2.5,-1.25,0.3330000042915344,0.7,-1.25,3.0
minimum|Byte|T:Bool|Byte|0111111111|0,1,1,1,1,1
minimum|Short|T:BFloat16|BFloat16|0000001111|-300.0,-7.0,0.0,0.69921875,-1.25,3.0
add_s|Bool|I:3|Long|0000010000|4,3,4,4,3,4
add_s|Byte|I:3|Byte|0100000000|3,4,10,203,2,16
add_s|Char|I:3|Char|0010000000|-125,-4,3,8,-126,2
add_s|Short|I:3|Short|0001000000|-297,-4,3,8,-32766,1003
add_s|Int|I:3|Int|0000100000|-99997,-4,3,8,-2147483646,1003
add_s|Long|I:3|Long|0000010000|-1099511627773,-4,3,8,4611686018427387907,1003
add_s|Half|I:3|Half|0000001000|0.5,3.0,3.33203125,4.5,103.0,10.0
add_s|BFloat16|I:3|BFloat16|0000000100|0.5,3.0,3.328125,4.5,103.0,10.0
add_s|Float|I:3|Float|0000000010|0.5,3.0,3.3329999446868896,4.5,103.0,10.0
add_s|Double|I:3|Double|0000000001|0.5,3.0,3.333,4.5,103.0,10.0
add_s|Bool|D:-0.75|Float|0000000010|0.25,-0.75,0.25,0.25,-0.75,0.25
add_s|Byte|D:-0.75|Float|0000000010|-0.75,0.25,6.25,199.25,254.25,12.25
add_s|Char|D:-0.75|Float|0000000010|-128.75,-7.75,-0.75,4.25,126.25,-1.75
add_s|Short|D:-0.75|Float|0000000010|-300.75,-7.75,-0.75,4.25,32766.25,999.25
add_s|Int|D:-0.75|Float|0000000010|-100000.75,-7.75,-0.75,4.25,2147483648.0,999.25
add_s|Long|D:-0.75|Float|0000000010|-1099511627776.0,-7.75,-0.75,4.25,4.611686018427388e+18,999.25
add_s|Half|D:-0.75|Half|0000001000|-3.25,-0.75,-0.4169921875,0.75,99.25,6.25
add_s|BFloat16|D:-0.75|BFloat16|0000000100|-3.25,-0.75,-0.41796875,0.75,99.0,6.25
add_s|Float|D:-0.75|Float|0000000010|-3.25,-0.75,-0.4169999957084656,0.75,99.25,6.25
add_s|Double|D:-0.75|Double|0000000001|-3.25,-0.75,-0.417,0.75,99.25,6.25
add_s|Bool|B:1|Bool|1000000000|1,1,1,1,1,1
add_s|Byte|B:1|Byte|0100000000|1,2,8,201,0,14
add_s|Char|B:1|Char|0010000000|-127,-6,1,6,-128,0
add_s|Short|B:1|Short|0001000000|-299,-6,1,6,-32768,1001
add_s|Int|B:1|Int|0000100000|-99999,-6,1,6,-2147483648,1001
add_s|Long|B:1|Long|0000010000|-1099511627775,-6,1,6,4611686018427387905,1001
add_s|Half|B:1|Half|0000001000|-1.5,1.0,1.3330078125,2.5,101.0,8.0
add_s|BFloat16|B:1|BFloat16|0000000100|-1.5,1.0,1.328125,2.5,101.0,8.0
add_s|Float|B:1|Float|0000000010|-1.5,1.0,1.3329999446868896,2.5,101.0,8.0
add_s|Double|B:1|Double|0000000001|-1.5,1.0,1.333,2.5,101.0,8.0
sub_s|Bool|I:3|E|0000000000|
sub_s|Byte|I:3|Byte|0100000000|253,254,4,197,252,10
sub_s|Char|I:3|Char|0010000000|125,-10,-3,2,124,-4
sub_s|Short|I:3|Short|0001000000|-303,-10,-3,2,32764,997
sub_s|Int|I:3|Int|0000100000|-100003,-10,-3,2,2147483644,997
sub_s|Long|I:3|Long|0000010000|-1099511627779,-10,-3,2,4611686018427387901,997
sub_s|Half|I:3|Half|0000001000|-5.5,-3.0,-2.66796875,-1.5,97.0,4.0
sub_s|BFloat16|I:3|BFloat16|0000000100|-5.5,-3.0,-2.671875,-1.5,97.0,4.0
sub_s|Float|I:3|Float|0000000010|-5.5,-3.0,-2.6670000553131104,-1.5,97.0,4.0
sub_s|Double|I:3|Double|0000000001|-5.5,-3.0,-2.667,-1.5,97.0,4.0
sub_s|Bool|D:-0.75|E|0000000000|
sub_s|Byte|D:-0.75|Float|0000000010|0.75,1.75,7.75,200.75,255.75,13.75
sub_s|Char|D:-0.75|Float|0000000010|-127.25,-6.25,0.75,5.75,127.75,-0.25
sub_s|Short|D:-0.75|Float|0000000010|-299.25,-6.25,0.75,5.75,32767.75,1000.75
sub_s|Int|D:-0.75|Float|0000000010|-99999.25,-6.25,0.75,5.75,2147483648.0,1000.75
sub_s|Long|D:-0.75|Float|0000000010|-1099511627776.0,-6.25,0.75,5.75,4.611686018427388e+18,1000.75
sub_s|Half|D:-0.75|Half|0000001000|-1.75,0.75,1.0830078125,2.25,100.75,7.75
sub_s|BFloat16|D:-0.75|BFloat16|0000000100|-1.75,0.75,1.078125,2.25,101.0,7.75
sub_s|Float|D:-0.75|Float|0000000010|-1.75,0.75,1.0829999446868896,2.25,100.75,7.75
sub_s|Double|D:-0.75|Double|0000000001|-1.75,0.75,1.083,2.25,100.75,7.75
sub_s|Bool|B:1|E|0000000000|
sub_s|Byte|B:1|E|0000000000|
sub_s|Char|B:1|E|0000000000|
sub_s|Short|B:1|E|0000000000|
sub_s|Int|B:1|E|0000000000|
sub_s|Long|B:1|E|0000000000|
sub_s|Half|B:1|E|0000000000|
sub_s|BFloat16|B:1|E|0000000000|
sub_s|Float|B:1|E|0000000000|
sub_s|Double|B:1|E|0000000000|
mul_s|Bool|I:3|Long|0000010000|3,0,3,3,0,3
mul_s|Byte|I:3|Byte|0100000000|0,3,21,88,253,39
mul_s|Char|I:3|Char|0010000000|-128,-21,0,15,125,-3
mul_s|Short|I:3|Short|0001000000|-900,-21,0,15,32765,3000
mul_s|Int|I:3|Int|0000100000|-300000,-21,0,15,2147483645,3000
mul_s|Long|I:3|Long|0000010000|-3298534883328,-21,0,15,-4611686018427387904,3000
mul_s|Half|I:3|Half|0000001000|-7.5,-0.0,0.9990234375,4.5,300.0,21.0
mul_s|BFloat16|I:3|BFloat16|0000000100|-7.5,-0.0,0.99609375,4.5,300.0,21.0
mul_s|Float|I:3|Float|0000000010|-7.5,-0.0,0.9990000128746033,4.5,300.0,21.0
mul_s|Double|I:3|Double|0000000001|-7.5,-0.0,0.9990000000000001,4.5,300.0,21.0
mul_s|Bool|D:-0.75|Float|0000000010|-0.75,-0.0,-0.75,-0.75,-0.0,-0.75
mul_s|Byte|D:-0.75|Float|0000000010|-0.0,-0.75,-5.25,-150.0,-191.25,-9.75
mul_s|Char|D:-0.75|Float|0000000010|96.0,5.25,-0.0,-3.75,-95.25,0.75
mul_s|Short|D:-0.75|Float|0000000010|225.0,5.25,-0.0,-3.75,-24575.25,-750.0
mul_s|Int|D:-0.75|Float|0000000010|75000.0,5.25,-0.0,-3.75,-1610612736.0,-750.0
mul_s|Long|D:-0.75|Float|0000000010|824633720832.0,5.25,-0.0,-3.75,-3.458764513820541e+18,-750.0
mul_s|Half|D:-0.75|Half|0000001000|1.875,0.0,-0.249755859375,-1.125,-75.0,-5.25
mul_s|BFloat16|D:-0.75|BFloat16|0000000100|1.875,0.0,-0.2490234375,-1.125,-75.0,-5.25
mul_s|Float|D:-0.75|Float|0000000010|1.875,0.0,-0.24975000321865082,-1.125,-75.0,-5.25
mul_s|Double|D:-0.75|Double|0000000001|1.875,0.0,-0.24975000000000003,-1.125,-75.0,-5.25
mul_s|Bool|B:1|Bool|1000000000|1,0,1,1,0,1
mul_s|Byte|B:1|Byte|0100000000|0,1,7,200,255,13
mul_s|Char|B:1|Char|0010000000|-128,-7,0,5,127,-1
mul_s|Short|B:1|Short|0001000000|-300,-7,0,5,32767,1000
mul_s|Int|B:1|Int|0000100000|-100000,-7,0,5,2147483647,1000
mul_s|Long|B:1|Long|0000010000|-1099511627776,-7,0,5,4611686018427387904,1000
mul_s|Half|B:1|Half|0000001000|-2.5,-0.0,0.3330078125,1.5,100.0,7.0
mul_s|BFloat16|B:1|BFloat16|0000000100|-2.5,-0.0,0.33203125,1.5,100.0,7.0
mul_s|Float|B:1|Float|0000000010|-2.5,-0.0,0.3330000042915344,1.5,100.0,7.0
mul_s|Double|B:1|Double|0000000001|-2.5,-0.0,0.333,1.5,100.0,7.0
rsub_s|Bool|I:3|E|0000000000|
rsub_s|Byte|I:3|Byte|0100000000|3,2,252,59,4,246
rsub_s|Char|I:3|Char|0010000000|-125,10,3,-2,-124,4
rsub_s|Short|I:3|Short|0001000000|303,10,3,-2,-32764,-997
rsub_s|Int|I:3|Int|0000100000|100003,10,3,-2,-2147483644,-997
rsub_s|Long|I:3|Long|0000010000|1099511627779,10,3,-2,-4611686018427387901,-997
rsub_s|Half|I:3|Half|0000001000|5.5,3.0,2.66796875,1.5,-97.0,-4.0
rsub_s|BFloat16|I:3|BFloat16|0000000100|5.5,3.0,2.671875,1.5,-97.0,-4.0
rsub_s|Float|I:3|Float|0000000010|5.5,3.0,2.6670000553131104,1.5,-97.0,-4.0
rsub_s|Double|I:3|Double|0000000001|5.5,3.0,2.667,1.5,-97.0,-4.0
rsub_s|Bool|D:-0.75|E|0000000000|
rsub_s|Byte|D:-0.75|Float|0000000010|-0.75,-1.75,-7.75,-200.75,-255.75,-13.75
rsub_s|Char|D:-0.75|Float|0000000010|127.25,6.25,-0.75,-5.75,-127.75,0.25
rsub_s|Short|D:-0.75|Float|0000000010|299.25,6.25,-0.75,-5.75,-32767.75,-1000.75
rsub_s|Int|D:-0.75|Float|0000000010|99999.25,6.25,-0.75,-5.75,-2147483648.0,-1000.75
rsub_s|Long|D:-0.75|Float|0000000010|1099511627776.0,6.25,-0.75,-5.75,-4.611686018427388e+18,-1000.75
rsub_s|Half|D:-0.75|Half|0000001000|1.75,-0.75,-1.0830078125,-2.25,-100.75,-7.75
rsub_s|BFloat16|D:-0.75|BFloat16|0000000100|1.75,-0.75,-1.078125,-2.25,-101.0,-7.75
rsub_s|Float|D:-0.75|Float|0000000010|1.75,-0.75,-1.0829999446868896,-2.25,-100.75,-7.75
rsub_s|Double|D:-0.75|Double|0000000001|1.75,-0.75,-1.083,-2.25,-100.75,-7.75
rsub_s|Bool|B:1|E|0000000000|
rsub_s|Byte|B:1|E|0000000000|
rsub_s|Char|B:1|E|0000000000|
rsub_s|Short|B:1|E|0000000000|
rsub_s|Int|B:1|E|0000000000|
rsub_s|Long|B:1|E|0000000000|
rsub_s|Half|B:1|E|0000000000|
rsub_s|BFloat16|B:1|E|0000000000|
rsub_s|Float|B:1|E|0000000000|
rsub_s|Double|B:1|E|0000000000|
div_s|Bool|I:-2|Float|0000000010|-0.5,-0.0,-0.5,-0.5,-0.0,-0.5
div_s|Byte|I:-2|Float|0000000010|-0.0,-0.5,-3.5,-100.0,-127.5,-6.5
div_s|Char|I:-2|Float|0000000010|64.0,3.5,-0.0,-2.5,-63.5,0.5
div_s|Short|I:-2|Float|0000000010|150.0,3.5,-0.0,-2.5,-16383.5,-500.0
div_s|Int|I:-2|Float|0000000010|50000.0,3.5,-0.0,-2.5,-1073741824.0,-500.0
div_s|Long|I:-2|Float|0000000010|549755813888.0,3.5,-0.0,-2.5,-2.305843009213694e+18,-500.0
div_s|Half|I:-2|Half|0000001000|1.25,0.0,-0.16650390625,-0.75,-50.0,-3.5
div_s|BFloat16|I:-2|BFloat16|0000000100|1.25,0.0,-0.166015625,-0.75,-50.0,-3.5
div_s|Float|I:-2|Float|0000000010|1.25,0.0,-0.1665000021457672,-0.75,-50.0,-3.5
div_s|Double|I:-2|Double|0000000001|1.25,0.0,-0.1665,-0.75,-50.0,-3.5
div_s|Bool|D:2.5|Float|0000000010|0.4000000059604645,0.0,0.4000000059604645,0.4000000059604645,0.0,0.4000000059604645
div_s|Byte|D:2.5|Float|0000000010|0.0,0.4000000059604645,2.799999952316284,80.0,102.0,5.199999809265137
div_s|Char|D:2.5|Float|0000000010|-51.20000076293945,-2.799999952316284,0.0,2.0,50.79999923706055,-0.4000000059604645
div_s|Short|D:2.5|Float|0000000010|-120.0,-2.799999952316284,0.0,2.0,13106.7998046875,400.0
div_s|Int|D:2.5|Float|0000000010|-40000.0,-2.799999952316284,0.0,2.0,858993472.0,400.0
div_s|Long|D:2.5|Float|0000000010|-439804657664.0,-2.799999952316284,0.0,2.0,1.8446744348587459e+18,400.0
div_s|Half|D:2.5|Half|0000001000|-1.0,-0.0,0.1331787109375,0.60009765625,40.0,2.80078125
div_s|BFloat16|D:2.5|BFloat16|0000000100|-1.0,-0.0,0.1328125,0.6015625,40.0,2.796875
div_s|Float|D:2.5|Float|0000000010|-1.0,-0.0,0.133200004696846,0.6000000238418579,40.0,2.799999952316284
div_s|Double|D:2.5|Double|0000000001|-1.0,-0.0,0.1332,0.6,40.0,2.8
div_s|Bool|B:1|Float|0000000010|1.0,0.0,1.0,1.0,0.0,1.0
div_s|Byte|B:1|Float|0000000010|0.0,1.0,7.0,200.0,255.0,13.0
div_s|Char|B:1|Float|0000000010|-128.0,-7.0,0.0,5.0,127.0,-1.0
div_s|Short|B:1|Float|0000000010|-300.0,-7.0,0.0,5.0,32767.0,1000.0
div_s|Int|B:1|Float|0000000010|-100000.0,-7.0,0.0,5.0,2147483648.0,1000.0
div_s|Long|B:1|Float|0000000010|-1099511627776.0,-7.0,0.0,5.0,4.611686018427388e+18,1000.0
div_s|Half|B:1|Half|0000001000|-2.5,-0.0,0.3330078125,1.5,100.0,7.0
div_s|BFloat16|B:1|BFloat16|0000000100|-2.5,-0.0,0.33203125,1.5,100.0,7.0
div_s|Float|B:1|Float|0000000010|-2.5,-0.0,0.3330000042915344,1.5,100.0,7.0
div_s|Double|B:1|Double|0000000001|-2.5,-0.0,0.333,1.5,100.0,7.0
div_s_trunc|Bool|I:-2|Long|0000010000|0,0,0,0,0,0
div_s_trunc|Byte|I:-2|Byte|0100000000|0,0,0,0,1,0
div_s_trunc|Char|I:-2|Char|0010000000|64,3,0,-2,-63,0
div_s_trunc|Short|I:-2|Short|0001000000|150,3,0,-2,-16383,-500
div_s_trunc|Int|I:-2|Int|0000100000|50000,3,0,-2,-1073741823,-500
div_s_trunc|Long|I:-2|Long|0000010000|549755813888,3,0,-2,-2305843009213693952,-500
div_s_trunc|Half|I:-2|Half|0000001000|1.0,0.0,-0.0,-0.0,-50.0,-3.0
div_s_trunc|BFloat16|I:-2|BFloat16|0000000100|1.0,0.0,-0.0,-0.0,-50.0,-3.0
div_s_trunc|Float|I:-2|Float|0000000010|1.0,0.0,-0.0,-0.0,-50.0,-3.0
div_s_trunc|Double|I:-2|Double|0000000001|1.0,0.0,-0.0,-0.0,-50.0,-3.0
div_s_trunc|Bool|D:2.5|Float|0000000010|0.0,0.0,0.0,0.0,0.0,0.0
div_s_trunc|Byte|D:2.5|Float|0000000010|0.0,0.0,2.0,80.0,102.0,5.0
div_s_trunc|Char|D:2.5|Float|0000000010|-51.0,-2.0,0.0,2.0,50.0,-0.0
div_s_trunc|Short|D:2.5|Float|0000000010|-120.0,-2.0,0.0,2.0,13106.0,400.0
div_s_trunc|Int|D:2.5|Float|0000000010|-40000.0,-2.0,0.0,2.0,858993472.0,400.0
div_s_trunc|Long|D:2.5|Float|0000000010|-439804657664.0,-2.0,0.0,2.0,1.8446744348587459e+18,400.0
div_s_trunc|Half|D:2.5|Half|0000001000|-1.0,-0.0,0.0,0.0,40.0,2.0
div_s_trunc|BFloat16|D:2.5|BFloat16|0000000100|-1.0,-0.0,0.0,0.0,40.0,2.0
div_s_trunc|Float|D:2.5|Float|0000000010|-1.0,-0.0,0.0,0.0,40.0,2.0
div_s_trunc|Double|D:2.5|Double|0000000001|-1.0,-0.0,0.0,0.0,40.0,2.0
div_s_trunc|Bool|B:1|E|0000000000|
div_s_trunc|Byte|B:1|Byte|0100000000|0,1,7,200,255,13
div_s_trunc|Char|B:1|Char|0010000000|-128,-7,0,5,127,-1
div_s_trunc|Short|B:1|Short|0001000000|-300,-7,0,5,32767,1000
div_s_trunc|Int|B:1|Int|0000100000|-100000,-7,0,5,2147483647,1000
div_s_trunc|Long|B:1|Long|0000010000|-1099511627776,-7,0,5,4611686018427387904,1000
div_s_trunc|Half|B:1|Half|0000001000|-2.0,-0.0,0.0,1.0,100.0,7.0
div_s_trunc|BFloat16|B:1|BFloat16|0000000100|-2.0,-0.0,0.0,1.0,100.0,7.0
div_s_trunc|Float|B:1|Float|0000000010|-2.0,-0.0,0.0,1.0,100.0,7.0
div_s_trunc|Double|B:1|Double|0000000001|-2.0,-0.0,0.0,1.0,100.0,7.0
div_s_floor|Bool|I:-2|Long|0000010000|-1,0,-1,-1,0,-1
div_s_floor|Byte|I:-2|Byte|0100000000|0,0,0,0,1,0
div_s_floor|Char|I:-2|Char|0010000000|64,3,0,-3,-64,0
div_s_floor|Short|I:-2|Short|0001000000|150,3,0,-3,-16384,-500
div_s_floor|Int|I:-2|Int|0000100000|50000,3,0,-3,-1073741824,-500
div_s_floor|Long|I:-2|Long|0000010000|549755813888,3,0,-3,-2305843009213693952,-500
div_s_floor|Half|I:-2|Half|0000001000|1.0,0.0,-1.0,-1.0,-50.0,-4.0
div_s_floor|BFloat16|I:-2|BFloat16|0000000100|1.0,0.0,-1.0,-1.0,-50.0,-4.0
div_s_floor|Float|I:-2|Float|0000000010|1.0,0.0,-1.0,-1.0,-50.0,-4.0
div_s_floor|Double|I:-2|Double|0000000001|1.0,0.0,-1.0,-1.0,-50.0,-4.0
div_s_floor|Bool|D:2.5|Float|0000000010|0.0,0.0,0.0,0.0,0.0,0.0
div_s_floor|Byte|D:2.5|Float|0000000010|0.0,0.0,2.0,80.0,102.0,5.0
div_s_floor|Char|D:2.5|Float|0000000010|-52.0,-3.0,0.0,2.0,50.0,-1.0
div_s_floor|Short|D:2.5|Float|0000000010|-120.0,-3.0,0.0,2.0,13106.0,400.0
div_s_floor|Int|D:2.5|Float|0000000010|-40000.0,-3.0,0.0,2.0,858993472.0,400.0
div_s_floor|Long|D:2.5|Float|0000000010|-439804657664.0,-3.0,0.0,2.0,1.8446744348587459e+18,400.0
div_s_floor|Half|D:2.5|Half|0000001000|-1.0,-0.0,0.0,0.0,40.0,2.0
div_s_floor|BFloat16|D:2.5|BFloat16|0000000100|-1.0,-0.0,0.0,0.0,40.0,2.0
div_s_floor|Float|D:2.5|Float|0000000010|-1.0,-0.0,0.0,0.0,40.0,2.0
div_s_floor|Double|D:2.5|Double|0000000001|-1.0,-0.0,0.0,0.0,40.0,2.0
div_s_floor|Bool|B:1|E|0000000000|
div_s_floor|Byte|B:1|Byte|0100000000|0,1,7,200,255,13
div_s_floor|Char|B:1|Char|0010000000|-128,-7,0,5,127,-1
div_s_floor|Short|B:1|Short|0001000000|-300,-7,0,5,32767,1000
div_s_floor|Int|B:1|Int|0000100000|-100000,-7,0,5,2147483647,1000
div_s_floor|Long|B:1|Long|0000010000|-1099511627776,-7,0,5,4611686018427387904,1000
div_s_floor|Half|B:1|Half|0000001000|-3.0,-0.0,0.0,1.0,100.0,7.0
div_s_floor|BFloat16|B:1|BFloat16|0000000100|-3.0,-0.0,0.0,1.0,100.0,7.0
div_s_floor|Float|B:1|Float|0000000010|-3.0,-0.0,0.0,1.0,100.0,7.0
div_s_floor|Double|B:1|Double|0000000001|-3.0,-0.0,0.0,1.0,100.0,7.0
fmod_s|Bool|I:-2|Long|0111111111|1,0,1,1,0,1
fmod_s|Byte|I:-2|Byte|0111111111|0,1,7,200,1,13
fmod_s|Char|I:-2|Char|0111111111|0,-1,0,1,1,-1
fmod_s|Short|I:-2|Short|0111111111|0,-1,0,1,1,0
fmod_s|Int|I:-2|Int|0111111111|0,-1,0,1,1,0
fmod_s|Long|I:-2|Long|0111111111|0,-1,0,1,0,0
fmod_s|Half|I:-2|Half|0000001111|-0.5,-0.0,0.3330078125,1.5,0.0,1.0
fmod_s|BFloat16|I:-2|BFloat16|0000001111|-0.5,-0.0,0.33203125,1.5,0.0,1.0
fmod_s|Float|I:-2|Float|0000001111|-0.5,-0.0,0.3330000042915344,1.5,0.0,1.0
fmod_s|Double|I:-2|Double|0000001111|-0.5,-0.0,0.333,1.5,0.0,1.0
fmod_s|Bool|D:2.5|Float|0000001111|1.0,0.0,1.0,1.0,0.0,1.0
fmod_s|Byte|D:2.5|Float|0000001111|0.0,1.0,2.0,0.0,0.0,0.5
fmod_s|Char|D:2.5|Float|0000001111|-0.5,-2.0,0.0,0.0,2.0,-1.0
fmod_s|Short|D:2.5|Float|0000001111|-0.0,-2.0,0.0,0.0,2.0,0.0
fmod_s|Int|D:2.5|Float|0000001111|-0.0,-2.0,0.0,0.0,0.5,0.0
fmod_s|Long|D:2.5|Float|0000001111|-1.0,-2.0,0.0,0.0,1.5,0.0
fmod_s|Half|D:2.5|Half|0000001111|-0.0,-0.0,0.3330078125,1.5,0.0,2.0
fmod_s|BFloat16|D:2.5|BFloat16|0000001111|-0.0,-0.0,0.33203125,1.5,0.0,2.0
fmod_s|Float|D:2.5|Float|0000001111|-0.0,-0.0,0.3330000042915344,1.5,0.0,2.0
fmod_s|Double|D:2.5|Double|0000001111|-0.0,-0.0,0.333,1.5,0.0,2.0
fmod_s|Bool|B:1|E|0000000000|
fmod_s|Byte|B:1|Byte|0111111111|0,0,0,0,0,0
fmod_s|Char|B:1|Char|0111111111|0,0,0,0,0,0
fmod_s|Short|B:1|Short|0111111111|0,0,0,0,0,0
fmod_s|Int|B:1|Int|0111111111|0,0,0,0,0,0
fmod_s|Long|B:1|Long|0111111111|0,0,0,0,0,0
fmod_s|Half|B:1|Half|0000001111|-0.5,-0.0,0.3330078125,0.5,0.0,0.0
fmod_s|BFloat16|B:1|BFloat16|0000001111|-0.5,-0.0,0.33203125,0.5,0.0,0.0
fmod_s|Float|B:1|Float|0000001111|-0.5,-0.0,0.3330000042915344,0.5,0.0,0.0
fmod_s|Double|B:1|Double|0000001111|-0.5,-0.0,0.333,0.5,0.0,0.0
remainder_s|Bool|I:-2|Long|0111111111|-1,0,-1,-1,0,-1
remainder_s|Byte|I:-2|Byte|0111111111|0,1,7,200,1,13
remainder_s|Char|I:-2|Char|0111111111|0,-1,0,-1,-1,-1
remainder_s|Short|I:-2|Short|0111111111|0,-1,0,-1,-1,0
remainder_s|Int|I:-2|Int|0111111111|0,-1,0,-1,-1,0
remainder_s|Long|I:-2|Long|0111111111|0,-1,0,-1,0,0
remainder_s|Half|I:-2|Half|0000001111|-0.5,-0.0,-1.6669921875,-0.5,0.0,-1.0
remainder_s|BFloat16|I:-2|BFloat16|0000001111|-0.5,-0.0,-1.671875,-0.5,0.0,-1.0
remainder_s|Float|I:-2|Float|0000001111|-0.5,-0.0,-1.6670000553131104,-0.5,0.0,-1.0
remainder_s|Double|I:-2|Double|0000001111|-0.5,-0.0,-1.667,-0.5,0.0,-1.0
remainder_s|Bool|D:2.5|Float|0000001111|1.0,0.0,1.0,1.0,0.0,1.0
remainder_s|Byte|D:2.5|Float|0000001111|0.0,1.0,2.0,0.0,0.0,0.5
remainder_s|Char|D:2.5|Float|0000001111|2.0,0.5,0.0,0.0,2.0,1.5
remainder_s|Short|D:2.5|Float|0000001111|-0.0,0.5,0.0,0.0,2.0,0.0
remainder_s|Int|D:2.5|Float|0000001111|-0.0,0.5,0.0,0.0,0.5,0.0
remainder_s|Long|D:2.5|Float|0000001111|1.5,0.5,0.0,0.0,1.5,0.0
remainder_s|Half|D:2.5|Half|0000001111|-0.0,-0.0,0.3330078125,1.5,0.0,2.0
remainder_s|BFloat16|D:2.5|BFloat16|0000001111|-0.0,-0.0,0.33203125,1.5,0.0,2.0
remainder_s|Float|D:2.5|Float|0000001111|-0.0,-0.0,0.3330000042915344,1.5,0.0,2.0
remainder_s|Double|D:2.5|Double|0000001111|-0.0,-0.0,0.333,1.5,0.0,2.0
remainder_s|Bool|B:1|E|0000000000|
remainder_s|Byte|B:1|Byte|0111111111|0,0,0,0,0,0
remainder_s|Char|B:1|Char|0111111111|0,0,0,0,0,0
remainder_s|Short|B:1|Short|0111111111|0,0,0,0,0,0
remainder_s|Int|B:1|Int|0111111111|0,0,0,0,0,0
remainder_s|Long|B:1|Long|0111111111|0,0,0,0,0,0
remainder_s|Half|B:1|Half|0000001111|0.5,-0.0,0.3330078125,0.5,0.0,0.0
remainder_s|BFloat16|B:1|BFloat16|0000001111|0.5,-0.0,0.33203125,0.5,0.0,0.0
remainder_s|Float|B:1|Float|0000001111|0.5,-0.0,0.3330000042915344,0.5,0.0,0.0
remainder_s|Double|B:1|Double|0000001111|0.5,-0.0,0.333,0.5,0.0,0.0
pow_ts|Bool|I:0|Long|0111111111|1,1,1,1,1,1
pow_ts|Byte|I:0|Byte|0111111111|1,1,1,1,1,1
pow_ts|Char|I:0|Char|0111111111|1,1,1,1,1,1
pow_ts|Short|I:0|Short|0111111111|1,1,1,1,1,1
pow_ts|Int|I:0|Int|0111111111|1,1,1,1,1,1
pow_ts|Long|I:0|Long|0111111111|1,1,1,1,1,1
pow_ts|Half|I:0|Half|0000001111|1.0,1.0,1.0,1.0,1.0,1.0
pow_ts|BFloat16|I:0|BFloat16|0000001111|1.0,1.0,1.0,1.0,1.0,1.0
pow_ts|Float|I:0|Float|0000001111|1.0,1.0,1.0,1.0,1.0,1.0
pow_ts|Double|I:0|Double|0000001111|1.0,1.0,1.0,1.0,1.0,1.0
pow_ts|Bool|I:1|Long|0111111111|1,0,1,1,0,1
pow_ts|Byte|I:1|Byte|0111111111|0,1,7,200,255,13
pow_ts|Char|I:1|Char|0111111111|-128,-7,0,5,127,-1
pow_ts|Short|I:1|Short|0111111111|-300,-7,0,5,32767,1000
pow_ts|Int|I:1|Int|0111111111|-100000,-7,0,5,2147483647,1000
pow_ts|Long|I:1|Long|0111111111|-1099511627776,-7,0,5,4611686018427387904,1000
pow_ts|Half|I:1|Half|0000001111|-2.5,-0.0,0.3330078125,1.5,100.0,7.0
pow_ts|BFloat16|I:1|BFloat16|0000001111|-2.5,-0.0,0.33203125,1.5,100.0,7.0
pow_ts|Float|I:1|Float|0000001111|-2.5,-0.0,0.3330000042915344,1.5,100.0,7.0
pow_ts|Double|I:1|Double|0000001111|-2.5,-0.0,0.333,1.5,100.0,7.0
pow_ts|Bool|I:2|Long|0111111111|1,0,1,1,0,1
pow_ts|Byte|I:2|Byte|0111111111|0,1,49,64,1,169
pow_ts|Char|I:2|Char|0111111111|0,49,0,25,1,1
pow_ts|Short|I:2|Short|0111111111|24464,49,0,25,1,16960
pow_ts|Int|I:2|Int|0111111111|1410065408,49,0,25,1,1000000
pow_ts|Long|I:2|Long|0111111111|0,49,0,25,0,1000000
pow_ts|Half|I:2|Half|0000001111|6.25,0.0,0.11090087890625,2.25,10000.0,49.0
pow_ts|BFloat16|I:2|BFloat16|0000001111|6.25,0.0,0.1103515625,2.25,9984.0,49.0
pow_ts|Float|I:2|Float|0000001111|6.25,0.0,0.1108890026807785,2.25,10000.0,49.0
pow_ts|Double|I:2|Double|0000001111|6.25,0.0,0.11088900000000002,2.25,10000.0,49.0
pow_ts|Bool|I:3|Long|0111111111|1,0,1,1,0,1
pow_ts|Byte|I:3|Byte|0111111111|0,1,87,0,255,149
pow_ts|Char|I:3|Char|0111111111|0,-87,0,125,127,-1
pow_ts|Short|I:3|Short|0111111111|832,-343,0,125,32767,-13824
pow_ts|Int|I:3|Int|0111111111|1530494976,-343,0,125,2147483647,1000000000
pow_ts|Long|I:3|Long|0111111111|0,-343,0,125,0,1000000000
pow_ts|Half|I:3|Half|0000001111|-15.625,-0.0,0.03692626953125,3.375,inf,343.0
pow_ts|BFloat16|I:3|BFloat16|0000001111|-15.625,-0.0,0.03662109375,3.375,999424.0,344.0
pow_ts|Float|I:3|Float|0000001111|-15.625,-0.0,0.036926038563251495,3.375,1000000.0,343.0
pow_ts|Double|I:3|Double|0000001111|-15.625,-0.0,0.03692603700000001,3.375,1000000.0,343.0
pow_ts|Bool|I:-2|E|0000000000|
pow_ts|Byte|I:-2|E|0000000000|
pow_ts|Char|I:-2|E|0000000000|
pow_ts|Short|I:-2|E|0000000000|
pow_ts|Int|I:-2|E|0000000000|
pow_ts|Long|I:-2|E|0000000000|
pow_ts|Half|I:-2|Half|0000001111|0.1600341796875,inf,9.015625,0.4443359375,0.00010001659393310547,0.0204010009765625
pow_ts|BFloat16|I:-2|BFloat16|0000001111|0.16015625,inf,9.0625,0.4453125,0.00010013580322265625,0.0203857421875
pow_ts|Float|I:-2|Float|0000001111|0.1599999964237213,inf,9.018026351928711,0.4444444477558136,9.999999747378752e-05,0.020408162847161293
pow_ts|Double|I:-2|Double|0000001111|0.16,inf,9.018027036045053,0.4444444444444444,0.0001,0.02040816326530612
pow_ts|Bool|I:-1|E|0000000000|
pow_ts|Byte|I:-1|E|0000000000|
pow_ts|Char|I:-1|E|0000000000|
pow_ts|Short|I:-1|E|0000000000|
pow_ts|Int|I:-1|E|0000000000|
pow_ts|Long|I:-1|E|0000000000|
pow_ts|Half|I:-1|Half|0000001111|-0.39990234375,-inf,3.00390625,0.66650390625,0.01000213623046875,0.142822265625
pow_ts|BFloat16|I:-1|BFloat16|0000001111|-0.400390625,-inf,3.015625,0.66796875,0.010009765625,0.142578125
pow_ts|Float|I:-1|Float|0000001111|-0.4000000059604645,-inf,3.003002882003784,0.6666666865348816,0.009999999776482582,0.1428571492433548
pow_ts|Double|I:-1|Double|0000001111|-0.4,-inf,3.003003003003003,0.6666666666666666,0.01,0.14285714285714285
pow_ts|Bool|D:0.5|Float|0000001111|1.0,0.0,1.0,1.0,0.0,1.0
pow_ts|Byte|D:0.5|Float|0000001111|0.0,1.0,2.6457512378692627,14.142135620117188,15.968719482421875,3.605551242828369
pow_ts|Char|D:0.5|Float|0000001111|nan,nan,0.0,2.2360680103302,11.269427299499512,nan
pow_ts|Short|D:0.5|Float|0000001111|nan,nan,0.0,2.2360680103302,181.01657104492188,31.62277603149414
pow_ts|Int|D:0.5|Float|0000001111|nan,nan,0.0,2.2360680103302,46340.94921875,31.62277603149414
pow_ts|Long|D:0.5|Float|0000001111|nan,nan,0.0,2.2360680103302,2147483648.0,31.62277603149414
pow_ts|Half|D:0.5|Half|0000001111|nan,0.0,0.5771484375,1.224609375,10.0,2.646484375
pow_ts|BFloat16|D:0.5|BFloat16|0000001111|nan,-0.0,0.578125,1.2265625,10.0,2.640625
pow_ts|Float|D:0.5|Float|0000001111|nan,-0.0,0.5770615339279175,1.2247449159622192,10.0,2.6457512378692627
pow_ts|Double|D:0.5|Double|0000001111|nan,-0.0,0.5770615218501404,1.224744871391589,10.0,2.6457513110645907
pow_ts|Bool|D:-0.5|Float|0000001111|1.0,inf,1.0,1.0,inf,1.0
pow_ts|Byte|D:-0.5|Float|0000001111|inf,1.0,0.37796449661254883,0.0707106813788414,0.06262242794036865,0.2773500978946686
pow_ts|Char|D:-0.5|Float|0000001111|nan,nan,inf,0.4472135901451111,0.0887356549501419,nan
pow_ts|Short|D:-0.5|Float|0000001111|nan,nan,inf,0.4472135901451111,0.005524355918169022,0.03162277862429619
pow_ts|Int|D:-0.5|Float|0000001111|nan,nan,inf,0.4472135901451111,2.15791860682657e-05,0.03162277862429619
pow_ts|Long|D:-0.5|Float|0000001111|nan,nan,inf,0.4472135901451111,4.656612873077393e-10,0.03162277862429619
pow_ts|Half|D:-0.5|Half|0000001111|nan,inf,1.732421875,0.81640625,0.0999755859375,0.3779296875
pow_ts|BFloat16|D:-0.5|BFloat16|0000001111|nan,-inf,1.7265625,0.81640625,0.10009765625,0.37890625
pow_ts|Float|D:-0.5|Float|0000001111|nan,-inf,1.7329174280166626,0.8164965510368347,0.10000000149011612,0.37796449661254883
pow_ts|Double|D:-0.5|Double|0000001111|nan,-inf,1.7329174830334544,0.8164965809277261,0.1,0.3779644730092272
pow_ts|Bool|D:2.5|Float|0000001111|1.0,0.0,1.0,1.0,0.0,1.0
pow_ts|Byte|D:2.5|Float|0000001111|0.0,1.0,129.64181518554688,565685.4375,1038366.0,609.3381958007812
pow_ts|Char|D:2.5|Float|0000001111|nan,nan,0.0,55.90169906616211,181764.59375,nan
pow_ts|Short|D:2.5|Float|0000001111|nan,nan,0.0,55.90169906616211,194353201152.0,31622776.0
pow_ts|Int|D:2.5|Float|0000001111|nan,nan,0.0,55.90169906616211,2.1370990759276296e+23,31622776.0
pow_ts|Long|D:2.5|Float|0000001111|nan,nan,0.0,55.90169906616211,inf,31622776.0
pow_ts|Half|D:2.5|Half|0000001111|nan,0.0,0.06396484375,2.755859375,inf,129.625
pow_ts|BFloat16|D:2.5|BFloat16|0000001111|nan,0.0,0.0634765625,2.75,99840.0,130.0
pow_ts|Float|D:2.5|Float|0000001111|nan,0.0,0.0639897808432579,2.755676031112671,100000.0,129.64181518554688
pow_ts|Double|D:2.5|Double|0000001111|nan,0.0,0.06398977509644022,2.7556759606310752,100000.0,129.64181424216494
pow_ts|Bool|D:-2.0|Float|0000001111|1.0,inf,1.0,1.0,inf,1.0
pow_ts|Byte|D:-2.0|Float|0000001111|inf,1.0,0.020408162847161293,2.499999936844688e-05,1.537870048196055e-05,0.005917159840464592
pow_ts|Char|D:-2.0|Float|0000001111|6.103515625e-05,0.020408162847161293,inf,0.03999999910593033,6.200012285262346e-05,1.0
pow_ts|Short|D:-2.0|Float|0000001111|1.1111111234640703e-05,0.020408162847161293,inf,0.03999999910593033,9.313794180343393e-10,9.999999974752427e-07
pow_ts|Int|D:-2.0|Float|0000001111|1.000000013351432e-10,0.020408162847161293,inf,0.03999999910593033,2.168404344971009e-19,9.999999974752427e-07
pow_ts|Long|D:-2.0|Float|0000001111|8.271806125530277e-25,0.020408162847161293,inf,0.03999999910593033,4.70197740328915e-38,9.999999974752427e-07
pow_ts|Half|D:-2.0|Half|0000001111|0.1600341796875,inf,9.015625,0.4443359375,0.00010001659393310547,0.0204010009765625
pow_ts|BFloat16|D:-2.0|BFloat16|0000001111|0.16015625,inf,9.0625,0.4453125,0.00010013580322265625,0.0203857421875
pow_ts|Float|D:-2.0|Float|0000001111|0.1599999964237213,inf,9.018026351928711,0.4444444477558136,9.999999747378752e-05,0.020408162847161293
pow_ts|Double|D:-2.0|Double|0000001111|0.16,inf,9.018027036045053,0.4444444444444444,0.0001,0.02040816326530612
pow_ts|Bool|D:3.0|Float|0000001111|1.0,0.0,1.0,1.0,0.0,1.0
pow_ts|Byte|D:3.0|Float|0000001111|0.0,1.0,343.0,8000000.0,16581375.0,2197.0
pow_ts|Char|D:3.0|Float|0000001111|-2097152.0,-343.0,0.0,125.0,2048383.0,-1.0
pow_ts|Short|D:3.0|Float|0000001111|-27000000.0,-343.0,0.0,125.0,35181150863360.0,1000000000.0
pow_ts|Int|D:3.0|Float|0000001111|-999999986991104.0,-343.0,0.0,125.0,9.903520314283042e+27,1000000000.0
pow_ts|Long|D:3.0|Float|0000001111|-1.329227995784916e+36,-343.0,0.0,125.0,inf,1000000000.0
pow_ts|Half|D:3.0|Half|0000001111|-15.625,-0.0,0.03692626953125,3.375,inf,343.0
pow_ts|BFloat16|D:3.0|BFloat16|0000001111|-15.625,-0.0,0.03662109375,3.375,999424.0,344.0
pow_ts|Float|D:3.0|Float|0000001111|-15.625,-0.0,0.036926038563251495,3.375,1000000.0,343.0
pow_ts|Double|D:3.0|Double|0000001111|-15.625,-0.0,0.03692603700000001,3.375,1000000.0,343.0
pow_ts|Bool|B:1|Bool|1111111111|1,0,1,1,0,1
pow_ts|Byte|B:1|Byte|0111111111|0,1,7,200,255,13
pow_ts|Char|B:1|Char|0111111111|-128,-7,0,5,127,-1
pow_ts|Short|B:1|Short|0111111111|-300,-7,0,5,32767,1000
pow_ts|Int|B:1|Int|0111111111|-100000,-7,0,5,2147483647,1000
pow_ts|Long|B:1|Long|0111111111|-1099511627776,-7,0,5,4611686018427387904,1000
pow_ts|Half|B:1|Half|0000001111|-2.5,-0.0,0.3330078125,1.5,100.0,7.0
pow_ts|BFloat16|B:1|BFloat16|0000001111|-2.5,-0.0,0.33203125,1.5,100.0,7.0
pow_ts|Float|B:1|Float|0000001111|-2.5,-0.0,0.3330000042915344,1.5,100.0,7.0
pow_ts|Double|B:1|Double|0000001111|-2.5,-0.0,0.333,1.5,100.0,7.0
pow_ts|Bool|B:0|Bool|1111111111|1,1,1,1,1,1
pow_ts|Byte|B:0|Byte|0111111111|1,1,1,1,1,1
pow_ts|Char|B:0|Char|0111111111|1,1,1,1,1,1
pow_ts|Short|B:0|Short|0111111111|1,1,1,1,1,1
pow_ts|Int|B:0|Int|0111111111|1,1,1,1,1,1
pow_ts|Long|B:0|Long|0111111111|1,1,1,1,1,1
pow_ts|Half|B:0|Half|0000001111|1.0,1.0,1.0,1.0,1.0,1.0
pow_ts|BFloat16|B:0|BFloat16|0000001111|1.0,1.0,1.0,1.0,1.0,1.0
pow_ts|Float|B:0|Float|0000001111|1.0,1.0,1.0,1.0,1.0,1.0
pow_ts|Double|B:0|Double|0000001111|1.0,1.0,1.0,1.0,1.0,1.0
pow_s|Bool|I:2|Long|0111111111|2,1,2,2,1,2
pow_s|Byte|I:2|Byte|0111111111|1,2,128,0,0,0
pow_s|Char|I:2|Char|0111111111|0,0,1,32,0,0
pow_s|Short|I:2|Short|0111111111|0,0,1,32,0,0
pow_s|Int|I:2|Int|0111111111|0,0,1,32,0,0
pow_s|Long|I:2|Long|0111111111|0,0,1,32,0,0
pow_s|Half|I:2|Half|0000001111|0.1767578125,1.0,1.259765625,2.828125,inf,128.0
pow_s|BFloat16|I:2|BFloat16|0000001111|0.1767578125,1.0,1.2578125,2.828125,1.2676506002282294e+30,128.0
pow_s|Float|I:2|Float|0000001111|0.1767766922712326,1.0,1.2596299648284912,2.8284270763397217,1.2676506002282294e+30,128.0
pow_s|Double|I:2|Double|0000001111|0.1767766952966369,1.0,1.2596299799473993,2.8284271247461903,1.2676506002282294e+30,128.0
pow_s|Bool|I:1|Long|1111111111|1,1,1,1,1,1
pow_s|Byte|I:1|Byte|1111111111|1,1,1,1,1,1
pow_s|Char|I:1|Char|1111111111|1,1,1,1,1,1
pow_s|Short|I:1|Short|1111111111|1,1,1,1,1,1
pow_s|Int|I:1|Int|1111111111|1,1,1,1,1,1
pow_s|Long|I:1|Long|1111111111|1,1,1,1,1,1
pow_s|Half|I:1|Half|1111111111|1.0,1.0,1.0,1.0,1.0,1.0
pow_s|BFloat16|I:1|BFloat16|1111111111|1.0,1.0,1.0,1.0,1.0,1.0
pow_s|Float|I:1|Float|1111111111|1.0,1.0,1.0,1.0,1.0,1.0
pow_s|Double|I:1|Double|1111111111|1.0,1.0,1.0,1.0,1.0,1.0
pow_s|Bool|D:2.5|Float|0000001111|2.5,1.0,2.5,2.5,1.0,2.5
pow_s|Byte|D:2.5|Float|0000001111|1.0,2.5,610.3515625,inf,inf,149011.609375
pow_s|Char|D:2.5|Float|0000001111|0.0,0.001638400019146502,1.0,97.65625,inf,0.4000000059604645
pow_s|Short|D:2.5|Float|0000001111|0.0,0.001638400019146502,1.0,97.65625,inf,inf
pow_s|Int|D:2.5|Float|0000001111|0.0,0.001638400019146502,1.0,97.65625,inf,inf
pow_s|Long|D:2.5|Float|0000001111|0.0,0.001638400019146502,1.0,97.65625,inf,inf
pow_s|Half|D:2.5|Half|0000001111|0.1011962890625,1.0,1.3564453125,3.953125,inf,610.5
pow_s|BFloat16|D:2.5|BFloat16|0000001111|0.10107421875,1.0,1.359375,3.953125,inf,612.0
pow_s|Float|D:2.5|Float|0000001111|0.1011928841471672,1.0,1.3567943572998047,3.9528470039367676,inf,610.3515625
pow_s|Double|D:2.5|Double|0000001111|0.10119288512538814,1.0,1.3567943389789876,3.952847075210474,6.223015277861142e+39,610.3515625
pow_s|Bool|D:1.0|Float|1111111111|1.0,1.0,1.0,1.0,1.0,1.0
pow_s|Byte|D:1.0|Float|1111111111|1.0,1.0,1.0,1.0,1.0,1.0
pow_s|Char|D:1.0|Float|1111111111|1.0,1.0,1.0,1.0,1.0,1.0
pow_s|Short|D:1.0|Float|1111111111|1.0,1.0,1.0,1.0,1.0,1.0
pow_s|Int|D:1.0|Float|1111111111|1.0,1.0,1.0,1.0,1.0,1.0
pow_s|Long|D:1.0|Float|1111111111|1.0,1.0,1.0,1.0,1.0,1.0
pow_s|Half|D:1.0|Half|1111111111|1.0,1.0,1.0,1.0,1.0,1.0
pow_s|BFloat16|D:1.0|BFloat16|1111111111|1.0,1.0,1.0,1.0,1.0,1.0
pow_s|Float|D:1.0|Float|1111111111|1.0,1.0,1.0,1.0,1.0,1.0
pow_s|Double|D:1.0|Double|1111111111|1.0,1.0,1.0,1.0,1.0,1.0
pow_s|Bool|I:-3|Long|0111111111|-3,1,-3,-3,1,-3
pow_s|Byte|I:-3|Byte|0111111111|1,253,117,161,85,45
pow_s|Char|I:-3|Char|0111111111|0,0,1,13,85,0
pow_s|Short|I:-3|Short|0111111111|0,0,1,-243,21845,23329
pow_s|Int|I:-3|Int|0111111111|0,0,1,-243,1431655765,-742892767
pow_s|Long|I:-3|Long|0111111111|0,0,1,-243,1,6203307696791771937
pow_s|Half|I:-3|Half|0000001111|nan,1.0,nan,nan,inf,-2188.0
pow_s|BFloat16|I:-3|BFloat16|0000001111|nan,1.0,nan,nan,inf,-2192.0
pow_s|Float|I:-3|Float|0000001111|nan,1.0,nan,nan,inf,-2187.0
pow_s|Double|I:-3|Double|0000001111|nan,1.0,nan,nan,5.153775207320113e+47,-2187.0
pow_s|Bool|B:1|E|0000000000|
pow_s|Byte|B:1|Byte|0111111111|1,1,1,1,1,1
pow_s|Char|B:1|Char|0111111111|1,1,1,1,1,1
pow_s|Short|B:1|Short|0111111111|1,1,1,1,1,1
pow_s|Int|B:1|Int|0111111111|1,1,1,1,1,1
pow_s|Long|B:1|Long|0111111111|1,1,1,1,1,1
pow_s|Half|B:1|Half|0000001111|1.0,1.0,1.0,1.0,1.0,1.0
pow_s|BFloat16|B:1|BFloat16|0000001111|1.0,1.0,1.0,1.0,1.0,1.0
pow_s|Float|B:1|Float|0000001111|1.0,1.0,1.0,1.0,1.0,1.0
pow_s|Double|B:1|Double|0000001111|1.0,1.0,1.0,1.0,1.0,1.0
pow_s|Bool|D:-0.5|Float|0000001111|-0.5,1.0,-0.5,-0.5,1.0,-0.5
pow_s|Byte|D:-0.5|Float|0000001111|1.0,-0.5,-0.0078125,0.0,-0.0,-0.0001220703125
pow_s|Char|D:-0.5|Float|0000001111|inf,-128.0,1.0,-0.03125,-5.877471754111438e-39,-2.0
pow_s|Short|D:-0.5|Float|0000001111|inf,-128.0,1.0,-0.03125,-0.0,0.0
pow_s|Int|D:-0.5|Float|0000001111|inf,-128.0,1.0,-0.03125,0.0,0.0
pow_s|Long|D:-0.5|Float|0000001111|inf,-128.0,1.0,-0.03125,0.0,0.0
pow_s|Half|D:-0.5|Half|0000001111|nan,1.0,nan,nan,0.0,-0.0078125
pow_s|BFloat16|D:-0.5|BFloat16|0000001111|nan,1.0,nan,nan,7.888609052210118e-31,-0.0078125
pow_s|Float|D:-0.5|Float|0000001111|nan,1.0,nan,nan,7.888609052210118e-31,-0.0078125
pow_s|Double|D:-0.5|Double|0000001111|nan,1.0,nan,nan,7.888609052210118e-31,-0.0078125
";
