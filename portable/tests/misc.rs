//! Tests of the misc family (activations, selection, fill and copy) in the style of
//! ExecuTorch's op tests: the dtype matrix (accepted dtypes and the out dtypes ATen accepts or
//! rejects), promotion, Scalar kinds, broadcasting, resizing, dim orders, special values and
//! error cases. Expected values were computed with PyTorch 2.13 (ATen, CPU).

// Expected values are printed by torch with all their digits.
#![allow(clippy::excessive_precision)]

use ScalarType::*;
use etk_core::evalue::MemoryFormat;
use etk_core::{EValue, ErrorKind, KernelContext, OwnedTensor, Result, Scalar, ScalarType, Tensor};
use etk_portable::ops::*;

mod common;
use common::*;

const NAN: f64 = f64::NAN;
const INF: f64 = f64::INFINITY;
const CL: [usize; 4] = [0, 2, 3, 1];

const REAL: [ScalarType; 10] = ScalarType::REAL;
const FLOATS: [ScalarType; 4] = [Half, BFloat16, Float, Double];
const NON_BOOL: [ScalarType; 9] = [Byte, Char, Short, Int, Long, Half, BFloat16, Float, Double];

/// Bitwise-ish equality: NaN equals NaN, and the sign of zeros matters.
fn assert_same(got: &[f64], want: &[f64], what: &str) {
    assert_eq!(got.len(), want.len(), "{what}: length");
    for (i, (&g, &w)) in got.iter().zip(want).enumerate() {
        let ok =
            (g.is_nan() && w.is_nan()) || (g == w && g.is_sign_negative() == w.is_sign_negative());
        assert!(ok, "{what}: element {i}: got {g:?}, want {w:?}");
    }
}

/// `|got - want| <= atol + rtol * |want|`, NaN and infinities matched exactly.
fn assert_close(got: &[f64], want: &[f64], rtol: f64, atol: f64, what: &str) {
    assert_eq!(got.len(), want.len(), "{what}: length");
    for (i, (&g, &w)) in got.iter().zip(want).enumerate() {
        let ok = if w.is_nan() {
            g.is_nan()
        } else if w.is_infinite() {
            g == w
        } else {
            (g - w).abs() <= atol + rtol * w.abs()
        };
        assert!(ok, "{what}: element {i}: got {g:?}, want {w:?}");
    }
}

fn tol(dtype: ScalarType) -> (f64, f64) {
    match dtype {
        Half => (1e-3, 1e-5),
        BFloat16 => (8e-3, 1e-5),
        Float => (1e-5, 1e-6),
        _ => (1e-12, 1e-12),
    }
}

// ---------------------------------------------------------------------------------------------
// clamp.out

#[test]
fn clamp_scalar_dtype_matrix() {
    // int bounds keep every non-Bool dtype; the out must be exactly that dtype.
    for &dt in &NON_BOOL {
        let x = tt(dt, &[0.0, 1.0, 2.0, 3.0, 5.0], &[5]);
        for &odt in &REAL {
            let mut out = zeros(odt, &[5]);
            let r = run(&mut out, |o| {
                clamp::clamp_out(
                    &mut ctx(),
                    &x.view(),
                    Some(Scalar::Int(1)),
                    Some(Scalar::Int(3)),
                    o,
                )
            });
            if odt == dt {
                r.unwrap();
                assert_same(&vals(&out), &[1.0, 1.0, 2.0, 3.0, 3.0], dt.name());
            } else {
                assert_eq!(err_kind(r), ErrorKind::InvalidType, "{dt} -> {odt}");
            }
        }
    }
}

#[test]
fn clamp_scalar_promotion() {
    let c = &mut ctx();
    // Int tensor with float bounds computes in Float; Double out rejected.
    let x = tt(Int, &[1.0, 5.0, 9.0], &[3]);
    let mut out = zeros(Float, &[3]);
    run(&mut out, |o| {
        clamp::clamp_out(
            c,
            &x.view(),
            Some(Scalar::Int(2)),
            Some(Scalar::Double(7.5)),
            o,
        )
    })
    .unwrap();
    assert_same(&vals(&out), &[2.0, 5.0, 7.5], "int with float bound");
    let mut out = zeros(Double, &[3]);
    let r = run(&mut out, |o| {
        clamp::clamp_out(c, &x.view(), Some(Scalar::Double(2.5)), None, o)
    });
    assert_eq!(err_kind(r), ErrorKind::InvalidType);
    // Bool tensor: int bounds -> Long, float -> Float, bool bounds -> no kernel.
    let b = tt(Bool, &[1.0, 0.0], &[2]);
    let mut out = zeros(Long, &[2]);
    run(&mut out, |o| {
        clamp::clamp_out(
            c,
            &b.view(),
            Some(Scalar::Bool(true)),
            Some(Scalar::Int(3)),
            o,
        )
    })
    .unwrap();
    assert_same(&vals(&out), &[1.0, 1.0], "bool with int bound");
    let mut out = zeros(Float, &[2]);
    run(&mut out, |o| {
        clamp::clamp_out(c, &b.view(), Some(Scalar::Double(0.5)), None, o)
    })
    .unwrap();
    assert_same(&vals(&out), &[1.0, 0.5], "bool with float bound");
    let mut out = zeros(Bool, &[2]);
    let r = run(&mut out, |o| {
        clamp::clamp_out(c, &b.view(), Some(Scalar::Bool(true)), None, o)
    });
    assert_eq!(err_kind(r), ErrorKind::InvalidType);
    // A Half tensor stays Half with a Double bound (rounded to Half: 0.1 -> 0.0999755859375).
    let h = tt(Half, &[-1.5, 0.5, 3.0], &[3]);
    let mut out = zeros(Half, &[3]);
    run(&mut out, |o| {
        clamp::clamp_out(
            c,
            &h.view(),
            Some(Scalar::Double(-0.1)),
            Some(Scalar::Double(0.1)),
            o,
        )
    })
    .unwrap();
    assert_same(
        &vals(&out),
        &[-0.0999755859375, 0.0999755859375, 0.0999755859375],
        "half",
    );
    // zero-dim int tensor with a float bound -> Float, resized to [].
    let z = tt(Long, &[5.0], &[]);
    let mut out = dynamic(Float, 1);
    run(&mut out, |o| {
        clamp::clamp_out(c, &z.view(), None, Some(Scalar::Double(2.5)), o)
    })
    .unwrap();
    assert_eq!(out.sizes(), &[] as &[usize]);
    assert_same(&vals(&out), &[2.5], "zero-dim");
}

#[test]
fn clamp_scalar_bound_conversion_is_checked() {
    let c = &mut ctx();
    let i8s = tt(Char, &[-100.0, 0.0, 100.0], &[3]);
    for bound in [300, -300] {
        let mut out = zeros(Char, &[3]);
        let r = run(&mut out, |o| {
            clamp::clamp_out(c, &i8s.view(), Some(Scalar::Int(bound)), None, o)
        });
        let e = r.unwrap_err();
        assert_eq!((e.kind, e.arg), (ErrorKind::InvalidArgument, "min"));
    }
    // even for an empty tensor
    let empty = tt(Char, &[], &[0]);
    let mut out = zeros(Char, &[0]);
    assert!(
        run(&mut out, |o| clamp::clamp_out(
            c,
            &empty.view(),
            Some(Scalar::Int(300)),
            None,
            o
        ))
        .is_err()
    );
    // Byte wraps negative bounds down to -255: min=-1 is 255.
    let u8s = tt(Byte, &[156.0, 0.0, 100.0], &[3]);
    let mut out = zeros(Byte, &[3]);
    run(&mut out, |o| {
        clamp::clamp_out(c, &u8s.view(), Some(Scalar::Int(-1)), None, o)
    })
    .unwrap();
    assert_same(&vals(&out), &[255.0, 255.0, 255.0], "u8 min=-1");
    let mut out = zeros(Byte, &[3]);
    assert!(
        run(&mut out, |o| clamp::clamp_out(
            c,
            &u8s.view(),
            None,
            Some(Scalar::Int(256)),
            o
        ))
        .is_err()
    );
    // Half: 70000 and 65519.0 overflow; Float: 1e39 overflows.
    let h = tt(Half, &[1.0], &[1]);
    for s in [Scalar::Int(70000), Scalar::Double(65519.0)] {
        let mut out = zeros(Half, &[1]);
        assert!(
            run(&mut out, |o| clamp::clamp_out(
                c,
                &h.view(),
                None,
                Some(s),
                o
            ))
            .is_err()
        );
    }
    let f = tt(Float, &[1.0], &[1]);
    let mut out = zeros(Float, &[1]);
    assert!(
        run(&mut out, |o| clamp::clamp_out(
            c,
            &f.view(),
            Some(Scalar::Double(1e39)),
            None,
            o
        ))
        .is_err()
    );
    // no bound at all
    let mut out = zeros(Float, &[1]);
    let e = run(&mut out, |o| clamp::clamp_out(c, &f.view(), None, None, o)).unwrap_err();
    assert_eq!(e.op, "aten::clamp.out");
}

#[test]
fn clamp_scalar_special_values() {
    let c = &mut ctx();
    let x = tt(Float, &[NAN, -1.0, 0.5, 2.0, INF, -INF, -0.0], &[7]);
    let run_clamp = |lo: Option<f64>, hi: Option<f64>| {
        let mut out = zeros(Float, &[7]);
        run(&mut out, |o| {
            clamp::clamp_out(
                &mut ctx(),
                &x.view(),
                lo.map(Scalar::Double),
                hi.map(Scalar::Double),
                o,
            )
        })
        .unwrap();
        vals(&out)
    };
    assert_same(
        &run_clamp(Some(0.0), Some(1.0)),
        &[NAN, 0.0, 0.5, 1.0, 1.0, 0.0, -0.0],
        "nan, infinities and -0.0",
    );
    assert_same(&run_clamp(Some(NAN), Some(1.0)), &[NAN; 7], "nan min");
    assert_same(&run_clamp(None, Some(NAN)), &[NAN; 7], "nan max only");
    assert_same(&run_clamp(Some(NAN), None), &[NAN; 7], "nan min only");
    // NaN with the other bound overflowing: ATen fills NaN before converting.
    assert_same(
        &run_clamp(Some(NAN), Some(1e39)),
        &[NAN; 7],
        "nan + overflow",
    );
    // min > max: max wins
    assert_same(
        &run_clamp(Some(2.0), Some(1.0)),
        &[NAN, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0],
        "min > max",
    );
    let z = tt(Float, &[-0.0, 0.0], &[2]);
    let mut out = zeros(Float, &[2]);
    run(&mut out, |o| {
        clamp::clamp_out(
            c,
            &z.view(),
            Some(Scalar::Double(-0.0)),
            Some(Scalar::Double(-0.0)),
            o,
        )
    })
    .unwrap();
    assert_same(&vals(&out), &[-0.0, 0.0], "signed zeros kept");
}

#[test]
fn clamp_scalar_dim_order_and_resize() {
    let c = &mut ctx();
    let v: Vec<f64> = (0..24).map(|i| i as f64 - 12.0).collect();
    let want: Vec<f64> = v.iter().map(|x| x.clamp(-5.0, 7.0)).collect();
    let x = tto(Float, &v, &[1, 2, 3, 4], &CL);
    let xc = tt(Float, &v, &[1, 2, 3, 4]);
    for (input, order) in [(&x, &CL[..]), (&xc, &CL[..]), (&x, &[0, 1, 2, 3][..])] {
        let mut out = OwnedTensor::with_capacity(Float, &[1, 2, 3, 4], order, 0).unwrap();
        run(&mut out, |o| {
            clamp::clamp_out(
                c,
                &input.view(),
                Some(Scalar::Int(-5)),
                Some(Scalar::Int(7)),
                o,
            )
        })
        .unwrap();
        assert_same(&vals(&out), &want, "dim orders");
    }
    // dynamic out resized; past capacity and static wrong shape rejected.
    let mut out = dynamic(Float, 24);
    run(&mut out, |o| {
        clamp::clamp_out(c, &xc.view(), Some(Scalar::Int(-5)), None, o)
    })
    .unwrap();
    assert_eq!(out.sizes(), &[1, 2, 3, 4]);
    let mut out = dynamic(Float, 23);
    let r = run(&mut out, |o| {
        clamp::clamp_out(c, &xc.view(), Some(Scalar::Int(-5)), None, o)
    });
    assert_eq!(err_kind(r), ErrorKind::OutOfCapacity);
    let mut out = zeros(Float, &[24]);
    let r = run(&mut out, |o| {
        clamp::clamp_out(c, &xc.view(), Some(Scalar::Int(-5)), None, o)
    });
    assert_eq!(err_kind(r), ErrorKind::OutOfCapacity);
}

// ---------------------------------------------------------------------------------------------
// clamp.Tensor_out

#[test]
fn clamp_tensor_promotion_and_out_dtypes() {
    let c = &mut ctx();
    let x = tt(Int, &[1.0, 5.0, 9.0], &[3]);
    let lo = tt(Long, &[2.0], &[1]);
    // common Long; Int, Long and Float outs accepted (can_cast), Bool rejected.
    for (odt, ok) in [(Int, true), (Long, true), (Float, true), (Bool, false)] {
        let mut out = zeros(odt, &[3]);
        let r = run(&mut out, |o| {
            clamp::clamp_tensor_out(c, &x.view(), Some(&lo.view()), None, o)
        });
        if ok {
            r.unwrap();
            assert_same(&vals(&out), &[2.0, 5.0, 9.0], odt.name());
        } else {
            assert_eq!(err_kind(r), ErrorKind::InvalidType);
        }
    }
    // a zero-dim Float bound makes an Int tensor compute in Float; Int out rejected.
    let flo = tt(Float, &[2.5], &[]);
    let mut out = zeros(Double, &[3]);
    run(&mut out, |o| {
        clamp::clamp_tensor_out(c, &x.view(), Some(&flo.view()), None, o)
    })
    .unwrap();
    assert_same(&vals(&out), &[2.5, 5.0, 9.0], "int with 0-dim float");
    let mut out = zeros(Int, &[3]);
    assert!(
        run(&mut out, |o| clamp::clamp_tensor_out(
            c,
            &x.view(),
            Some(&flo.view()),
            None,
            o
        ))
        .is_err()
    );
    // a zero-dim Long bound is cast to Int8 first: 300 -> 44.
    let i8s = tt(Char, &[1.0, 2.0], &[2]);
    let big = tt(Long, &[300.0], &[]);
    let mut out = zeros(Char, &[2]);
    run(&mut out, |o| {
        clamp::clamp_tensor_out(c, &i8s.view(), Some(&big.view()), None, o)
    })
    .unwrap();
    assert_same(&vals(&out), &[44.0, 44.0], "bound cast to common dtype");
    // Byte and Char meet at Short.
    let u = tt(Byte, &[1.0, 200.0], &[2]);
    let neg = tt(Char, &[-1.0], &[1]);
    let mut out = zeros(Short, &[2]);
    run(&mut out, |o| {
        clamp::clamp_tensor_out(c, &u.view(), Some(&neg.view()), None, o)
    })
    .unwrap();
    assert_same(&vals(&out), &[1.0, 200.0], "u8/i8");
}

#[test]
fn clamp_tensor_bool_broadcast_nan() {
    let c = &mut ctx();
    let b = tt(Bool, &[1.0, 0.0], &[2]);
    let mut out = zeros(Bool, &[2]);
    run(&mut out, |o| {
        clamp::clamp_tensor_out(c, &b.view(), Some(&b.view()), None, o)
    })
    .unwrap();
    assert_same(&vals(&out), &[1.0, 0.0], "bool min only");
    let mut out = zeros(Bool, &[2]);
    let r = run(&mut out, |o| {
        clamp::clamp_tensor_out(c, &b.view(), Some(&b.view()), Some(&b.view()), o)
    });
    assert_eq!(err_kind(r), ErrorKind::InvalidType);
    let mut out = zeros(Bool, &[2]);
    assert!(
        run(&mut out, |o| clamp::clamp_tensor_out(
            c,
            &b.view(),
            None,
            None,
            o
        ))
        .is_err()
    );

    // [3] with [2, 1] -> [2, 3]
    let x = tt(Float, &[1.0, 2.0, 3.0], &[3]);
    let lo = tt(Float, &[0.0, 2.5], &[2, 1]);
    let mut out = dynamic(Float, 6);
    run(&mut out, |o| {
        clamp::clamp_tensor_out(c, &x.view(), Some(&lo.view()), None, o)
    })
    .unwrap();
    assert_eq!(out.sizes(), &[2, 3]);
    assert_same(
        &vals(&out),
        &[1.0, 2.0, 3.0, 2.5, 2.5, 3.0],
        "broadcast min",
    );
    let mut out = dynamic(Float, 6);
    run(&mut out, |o| {
        clamp::clamp_tensor_out(c, &x.view(), None, Some(&lo.view()), o)
    })
    .unwrap();
    assert_same(
        &vals(&out),
        &[0.0, 0.0, 0.0, 1.0, 2.0, 2.5],
        "broadcast max",
    );
    // incompatible shapes
    let bad = tt(Float, &[0.0, 1.0], &[2]);
    let mut out = dynamic(Float, 6);
    assert!(
        run(&mut out, |o| clamp::clamp_tensor_out(
            c,
            &x.view(),
            Some(&bad.view()),
            None,
            o
        ))
        .is_err()
    );

    // NaN from self or either bound; min > max gives max.
    let x = tt(Float, &[NAN, -2.0, 0.5, 3.0], &[4]);
    let lo = tt(Float, &[NAN, 0.0, NAN, 0.0], &[4]);
    let hi = tt(Float, &[1.0, 1.0, 1.0, NAN], &[4]);
    let mut out = zeros(Float, &[4]);
    run(&mut out, |o| {
        clamp::clamp_tensor_out(c, &x.view(), Some(&lo.view()), Some(&hi.view()), o)
    })
    .unwrap();
    assert_same(&vals(&out), &[NAN, 0.0, NAN, NAN], "nan propagation");
    let lo = tt(Float, &[2.0], &[1]);
    let hi = tt(Float, &[1.0], &[1]);
    let mut out = zeros(Float, &[4]);
    run(&mut out, |o| {
        clamp::clamp_tensor_out(c, &x.view(), Some(&lo.view()), Some(&hi.view()), o)
    })
    .unwrap();
    assert_same(&vals(&out), &[NAN, 1.0, 1.0, 1.0], "min > max");
}

#[test]
fn clamp_tensor_channels_last() {
    let c = &mut ctx();
    let v: Vec<f64> = (0..24).map(|i| i as f64).collect();
    let x = tto(Half, &v, &[1, 2, 3, 4], &CL);
    let lo = tt(Float, &[5.0, 15.0], &[2, 1, 1]);
    let mut out = OwnedTensor::with_capacity(Float, &[1, 2, 3, 4], &CL, 0).unwrap();
    run(&mut out, |o| {
        clamp::clamp_tensor_out(c, &x.view(), Some(&lo.view()), None, o)
    })
    .unwrap();
    let want: Vec<f64> = v
        .iter()
        .enumerate()
        .map(|(i, &x)| x.max(if i < 12 { 5.0 } else { 15.0 }))
        .collect();
    assert_same(&vals(&out), &want, "channels-last");
}

// ---------------------------------------------------------------------------------------------
// hardtanh, relu

#[test]
fn hardtanh_dtypes_and_limits() {
    let c = &mut ctx();
    let one = Scalar::Int(1);
    let m_one = Scalar::Int(-1);
    for &dt in &[Char, Short, Int, Long, Half, BFloat16, Float, Double] {
        let x = tt(dt, &[-3.0, -1.0, 0.0, 1.0, 3.0], &[5]);
        for &odt in &REAL {
            let mut out = zeros(odt, &[5]);
            let r = run(&mut out, |o| {
                hardtanh::hardtanh_out(c, &x.view(), m_one, one, o)
            });
            if odt == dt {
                r.unwrap();
                assert_same(&vals(&out), &[-1.0, -1.0, 0.0, 1.0, 1.0], dt.name());
            } else {
                assert!(r.is_err(), "{dt} -> {odt}");
            }
        }
    }
    // Bool rejected; Byte rejects the default negative limit, accepts non-negative ones.
    let b = tt(Bool, &[1.0], &[1]);
    let mut out = zeros(Bool, &[1]);
    assert_eq!(
        err_kind(run(&mut out, |o| hardtanh::hardtanh_out(
            c,
            &b.view(),
            m_one,
            one,
            o
        ))),
        ErrorKind::InvalidType
    );
    let u = tt(Byte, &[255.0, 0.0, 5.0], &[3]);
    let mut out = zeros(Byte, &[3]);
    assert!(
        run(&mut out, |o| hardtanh::hardtanh_out(
            c,
            &u.view(),
            m_one,
            one,
            o
        ))
        .is_err()
    );
    // float limits on an integer tensor truncate: -0.5 -> 0, 3.7 -> 3.
    run(&mut out, |o| {
        hardtanh::hardtanh_out(c, &u.view(), Scalar::Double(-0.5), Scalar::Double(3.7), o)
    })
    .unwrap();
    assert_same(&vals(&out), &[3.0, 0.0, 3.0], "u8 truncated limits");
    let i = tt(Int, &[-100.0, 0.0, 5.0], &[3]);
    let mut out = zeros(Int, &[3]);
    run(&mut out, |o| {
        hardtanh::hardtanh_out(c, &i.view(), Scalar::Double(-1.9), Scalar::Double(1.9), o)
    })
    .unwrap();
    assert_same(&vals(&out), &[-1.0, 0.0, 1.0], "int truncated limits");
    // NaN or huge limits on integers, limits overflowing Int8: errors.
    for (lo, hi) in [
        (Scalar::Double(NAN), one),
        (Scalar::Double(1e30), one),
        (m_one, Scalar::Int(200)),
    ] {
        let x = tt(Char, &[1.0], &[1]);
        let mut out = zeros(Char, &[1]);
        assert!(
            run(&mut out, |o| hardtanh::hardtanh_out(
                c,
                &x.view(),
                lo,
                hi,
                o
            ))
            .is_err()
        );
    }
    // floats: NaN limit -> all NaN; lo > hi -> hi; specials.
    let f = tt(Float, &[NAN, -1.5, -0.0, 0.0, 2.0, INF, -INF], &[7]);
    let mut out = zeros(Float, &[7]);
    run(&mut out, |o| {
        hardtanh::hardtanh_out(c, &f.view(), m_one, one, o)
    })
    .unwrap();
    assert_same(
        &vals(&out),
        &[NAN, -1.0, -0.0, 0.0, 1.0, 1.0, -1.0],
        "float specials",
    );
    run(&mut out, |o| {
        hardtanh::hardtanh_out(c, &f.view(), Scalar::Double(NAN), one, o)
    })
    .unwrap();
    assert_same(&vals(&out), &[NAN; 7], "nan limit");
    run(&mut out, |o| {
        hardtanh::hardtanh_out(c, &f.view(), Scalar::Int(2), one, o)
    })
    .unwrap();
    assert_same(&vals(&out), &[NAN, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0], "lo > hi");
    // Long with +-2^63 limits: ATen's conversion of 2^63 gives INT64_MIN.
    let l = tt(Long, &[-100.0, 0.0, 5.0], &[3]);
    let mut out = zeros(Long, &[3]);
    run(&mut out, |o| {
        hardtanh::hardtanh_out(
            c,
            &l.view(),
            Scalar::Double(-9.223372036854775808e18),
            Scalar::Double(9.223372036854775808e18),
            o,
        )
    })
    .unwrap();
    assert_eq!(out.to_logical::<i64>(), vec![i64::MIN; 3]);
}

#[test]
fn relu_dtypes_and_specials() {
    let c = &mut ctx();
    for &dt in &NON_BOOL {
        let x = if dt == Byte {
            tt(dt, &[255.0, 0.0, 5.0], &[3])
        } else {
            tt(dt, &[-3.0, 0.0, 5.0], &[3])
        };
        let want = if dt == Byte {
            [255.0, 0.0, 5.0]
        } else {
            [0.0, 0.0, 5.0]
        };
        for &odt in &REAL {
            let mut out = zeros(odt, &[3]);
            let r = run(&mut out, |o| relu::relu_out(c, &x.view(), o));
            if odt == dt {
                r.unwrap();
                assert_same(&vals(&out), &want, dt.name());
            } else {
                assert_eq!(err_kind(r), ErrorKind::InvalidType, "{dt} -> {odt}");
            }
        }
    }
    let b = tt(Bool, &[1.0], &[1]);
    let mut out = zeros(Bool, &[1]);
    assert_eq!(
        err_kind(run(&mut out, |o| relu::relu_out(c, &b.view(), o))),
        ErrorKind::InvalidType
    );
    let f = tt(Double, &[NAN, -1.0, -0.0, 0.0, 2.0, INF, -INF], &[7]);
    let mut out = zeros(Double, &[7]);
    run(&mut out, |o| relu::relu_out(c, &f.view(), o)).unwrap();
    assert_same(
        &vals(&out),
        &[NAN, 0.0, -0.0, 0.0, 2.0, INF, 0.0],
        "specials",
    );
    // zero-dim input, dynamic out; empty input.
    let z = tt(Float, &[-3.0], &[]);
    let mut out = dynamic(Float, 4);
    run(&mut out, |o| relu::relu_out(c, &z.view(), o)).unwrap();
    assert_eq!(out.sizes(), &[] as &[usize]);
    assert_same(&vals(&out), &[0.0], "zero-dim");
    let e = tt(Float, &[], &[2, 0]);
    let mut out = dynamic(Float, 0);
    run(&mut out, |o| relu::relu_out(c, &e.view(), o)).unwrap();
    assert_eq!(out.sizes(), &[2, 0]);
}

// ---------------------------------------------------------------------------------------------
// elu, gelu, leaky_relu

const ACT_X: [f64; 7] = [-3.0, -1.0, -0.25, 0.0, 0.5, 1.0, 2.5];

#[test]
fn elu_values() {
    let c = &mut ctx();
    let cases: [(ScalarType, [f64; 7], [f64; 7]); 4] = [
        (
            Float,
            [
                -0.9502129554748535,
                -0.6321205496788025,
                -0.22119921445846558,
                0.0,
                0.5,
                1.0,
                2.5,
            ],
            [
                -2.3306095600128174,
                -1.180408000946045,
                -0.3525092899799347,
                0.0,
                1.0,
                2.0,
                5.0,
            ],
        ),
        (
            Double,
            [
                -0.950212931632136,
                -0.6321205588285577,
                -0.22119921692859512,
                0.0,
                0.5,
                1.0,
                2.5,
            ],
            [
                -2.3306095195547107,
                -1.1804080208620997,
                -0.3525092922462138,
                0.0,
                1.0,
                2.0,
                5.0,
            ],
        ),
        (
            Half,
            [
                -0.9501953125,
                -0.63232421875,
                -0.22119140625,
                0.0,
                0.5,
                1.0,
                2.5,
            ],
            [
                -2.330078125,
                -1.1806640625,
                -0.3525390625,
                0.0,
                1.0,
                2.0,
                5.0,
            ],
        ),
        (
            BFloat16,
            [-0.94921875, -0.6328125, -0.2216796875, 0.0, 0.5, 1.0, 2.5],
            [-2.328125, -1.1796875, -0.3515625, 0.0, 1.0, 2.0, 5.0],
        ),
    ];
    for (dt, want, want2) in cases {
        let (rtol, atol) = tol(dt);
        let x = tt(dt, &ACT_X, &[7]);
        let mut out = zeros(dt, &[7]);
        let one = Scalar::Int(1);
        run(&mut out, |o| elu::elu_out(c, &x.view(), one, one, one, o)).unwrap();
        assert_close(&vals(&out), &want, rtol, atol, dt.name());
        run(&mut out, |o| {
            elu::elu_out(
                c,
                &x.view(),
                Scalar::Double(1.5),
                Scalar::Double(2.0),
                Scalar::Double(0.5),
                o,
            )
        })
        .unwrap();
        assert_close(&vals(&out), &want2, rtol, atol, dt.name());
    }
}

#[test]
fn float_activations_dtype_matrix() {
    let c = &mut ctx();
    type Act = fn(&mut KernelContext<'_>, &Tensor<'_>, &mut Tensor<'_>) -> Result<()>;
    let acts: [(&str, Act); 4] = [
        ("elu", |c, x, o| {
            elu::elu_out(c, x, Scalar::Int(1), Scalar::Int(1), Scalar::Int(1), o)
        }),
        ("gelu", |c, x, o| gelu::gelu_out(c, x, "none", o)),
        ("gelu tanh", |c, x, o| gelu::gelu_out(c, x, "tanh", o)),
        ("leaky_relu", |c, x, o| {
            leaky_relu::leaky_relu_out(c, x, Scalar::Double(0.01), o)
        }),
    ];
    for (name, f) in acts {
        for &dt in &REAL {
            let x = tt(dt, &[0.0, 1.0], &[2]);
            for &odt in &REAL {
                let mut out = zeros(odt, &[2]);
                let r = run(&mut out, |o| f(c, &x.view(), o));
                if FLOATS.contains(&dt) && odt == dt {
                    r.unwrap();
                    assert_eq!(vals(&out)[0], 0.0, "{name} {dt}");
                } else {
                    assert_eq!(err_kind(r), ErrorKind::InvalidType, "{name} {dt} -> {odt}");
                }
            }
        }
    }
}

#[test]
fn elu_errors_and_specials() {
    let c = &mut ctx();
    let one = Scalar::Int(1);
    // integer and Bool inputs have no kernel; the out must be self's dtype.
    for &dt in &[Bool, Byte, Int, Long] {
        let x = tt(dt, &[1.0], &[1]);
        let mut out = zeros(Float, &[1]);
        assert_eq!(
            err_kind(run(&mut out, |o| elu::elu_out(
                c,
                &x.view(),
                one,
                one,
                one,
                o
            ))),
            ErrorKind::InvalidType
        );
    }
    let x = tt(Float, &[NAN, -1.0, -0.0, 0.0, 2.0, INF, -INF, -1e-8], &[8]);
    let mut out = zeros(Double, &[8]);
    assert!(run(&mut out, |o| elu::elu_out(c, &x.view(), one, one, one, o)).is_err());
    // alpha overflowing Float is an error (for Half too: coefficients are Float).
    let mut out = zeros(Float, &[8]);
    let big = Scalar::Double(1e39);
    assert_eq!(
        run(&mut out, |o| elu::elu_out(c, &x.view(), big, one, one, o))
            .unwrap_err()
            .arg,
        "alpha"
    );
    run(&mut out, |o| elu::elu_out(c, &x.view(), one, one, one, o)).unwrap();
    assert_close(
        &vals(&out),
        &[
            NAN,
            -0.6321205496788025,
            -0.0,
            0.0,
            2.0,
            INF,
            -1.0,
            -9.99999993922529e-09,
        ],
        1e-6,
        0.0,
        "specials",
    );
    assert!(vals(&out)[2].is_sign_negative());
    // zeros take the positive branch: alpha = inf leaves them alone.
    let z = tt(Float, &[0.0, -0.0, -1.0], &[3]);
    let mut out = zeros(Float, &[3]);
    run(&mut out, |o| {
        elu::elu_out(c, &z.view(), Scalar::Double(INF), one, one, o)
    })
    .unwrap();
    assert_same(&vals(&out), &[0.0, -0.0, -INF], "alpha inf");
    let h = tt(Half, &[-1.0, -INF], &[2]);
    let mut out = zeros(Half, &[2]);
    run(&mut out, |o| {
        elu::elu_out(c, &h.view(), Scalar::Double(1e5), one, one, o)
    })
    .unwrap();
    assert_same(
        &vals(&out),
        &[-63200.0, -INF],
        "half with Float coefficients",
    );
}

#[test]
fn gelu_values() {
    let c = &mut ctx();
    let cases: [(ScalarType, [f64; 7], [f64; 7]); 4] = [
        (
            Float,
            [
                -0.004050225019454956,
                -0.15865525603294373,
                -0.10032341629266739,
                0.0,
                0.3457312285900116,
                0.8413447141647339,
                2.48447585105896,
            ],
            [
                -0.0036374330520629883,
                -0.15880799293518066,
                -0.10032464563846588,
                0.0,
                0.3457140028476715,
                0.8411920070648193,
                2.4849157333374023,
            ],
        ),
        (
            Double,
            [
                -0.00404969409489031,
                -0.15865525393145702,
                -0.10032341857926907,
                0.0,
                0.34573123063700656,
                0.841344746068543,
                2.4844758366855597,
            ],
            [
                -0.0036373920817729943,
                -0.15880800939172324,
                -0.100324649298315,
                0.0,
                0.34571400982514394,
                0.8411919906082768,
                2.484915733910001,
            ],
        ),
        (
            Half,
            [
                -0.00405120849609375,
                -0.15869140625,
                -0.100341796875,
                0.0,
                0.345703125,
                0.84130859375,
                2.484375,
            ],
            [
                -0.0036373138427734375,
                -0.1588134765625,
                -0.100341796875,
                0.0,
                0.345703125,
                0.84130859375,
                2.484375,
            ],
        ),
        (
            BFloat16,
            [
                -0.004058837890625,
                -0.158203125,
                -0.10009765625,
                0.0,
                0.345703125,
                0.83984375,
                2.484375,
            ],
            [
                -0.003631591796875,
                -0.1591796875,
                -0.10009765625,
                0.0,
                0.345703125,
                0.83984375,
                2.484375,
            ],
        ),
    ];
    for (dt, none, tanh) in cases {
        let (rtol, atol) = tol(dt);
        let x = tto(dt, &ACT_X, &[7], &[0]);
        let mut out = zeros(dt, &[7]);
        run(&mut out, |o| gelu::gelu_out(c, &x.view(), "none", o)).unwrap();
        assert_close(&vals(&out), &none, rtol, atol, dt.name());
        run(&mut out, |o| gelu::gelu_out(c, &x.view(), "tanh", o)).unwrap();
        assert_close(&vals(&out), &tanh, rtol, atol, dt.name());
    }
}

#[test]
fn gelu_errors_and_specials() {
    let c = &mut ctx();
    let x = tt(Float, &[1.0], &[1]);
    let mut out = zeros(Float, &[1]);
    assert_eq!(
        run(&mut out, |o| gelu::gelu_out(c, &x.view(), "foo", o))
            .unwrap_err()
            .arg,
        "approximate"
    );
    let i = tt(Int, &[1.0], &[1]);
    assert!(run(&mut out, |o| gelu::gelu_out(c, &i.view(), "none", o)).is_err());
    let mut dout = zeros(Double, &[1]);
    assert!(run(&mut dout, |o| gelu::gelu_out(c, &x.view(), "none", o)).is_err());
    // infinities: -inf is NaN in both modes; +inf is NaN for Float "none", inf for Double.
    let s = [-INF, INF, -1e20, 1e20, -10.0];
    let f = tt(Float, &s, &[5]);
    let mut out = zeros(Float, &[5]);
    run(&mut out, |o| gelu::gelu_out(c, &f.view(), "none", o)).unwrap();
    assert_same(
        &vals(&out),
        &[NAN, NAN, -0.0, 1.0000000200408773e20, -0.0],
        "float none",
    );
    run(&mut out, |o| gelu::gelu_out(c, &f.view(), "tanh", o)).unwrap();
    assert_same(
        &vals(&out),
        &[NAN, INF, -0.0, 1.0000000200408773e20, -0.0],
        "float tanh",
    );
    let d = tt(Double, &s, &[5]);
    let mut out = zeros(Double, &[5]);
    run(&mut out, |o| gelu::gelu_out(c, &d.view(), "none", o)).unwrap();
    assert_same(&vals(&out), &[NAN, INF, -0.0, 1e20, -0.0], "double none");
    // Float values above f32::MAX / 2 overflow in ATen's kernel order.
    let big = tt(Float, &[2e38, 1e38], &[2]);
    let mut out = zeros(Float, &[2]);
    run(&mut out, |o| gelu::gelu_out(c, &big.view(), "none", o)).unwrap();
    assert_same(&vals(&out), &[INF, 9.999999680285692e37], "overflow");
}

#[test]
fn leaky_relu_values() {
    let c = &mut ctx();
    let cases: [(ScalarType, [f64; 7], [f64; 7]); 4] = [
        (
            Float,
            [
                -0.029999999329447746,
                -0.009999999776482582,
                -0.0024999999441206455,
                0.0,
                0.5,
                1.0,
                2.5,
            ],
            [
                -0.6000000238418579,
                -0.20000000298023224,
                -0.05000000074505806,
                0.0,
                0.5,
                1.0,
                2.5,
            ],
        ),
        (
            Double,
            [-0.03, -0.01, -0.0025, 0.0, 0.5, 1.0, 2.5],
            [-0.6000000000000001, -0.2, -0.05, 0.0, 0.5, 1.0, 2.5],
        ),
        (
            Half,
            [
                -0.029998779296875,
                -0.01000213623046875,
                -0.0025005340576171875,
                0.0,
                0.5,
                1.0,
                2.5,
            ],
            [
                -0.60009765625,
                -0.199951171875,
                -0.04998779296875,
                0.0,
                0.5,
                1.0,
                2.5,
            ],
        ),
        (
            BFloat16,
            [
                -0.030029296875,
                -0.010009765625,
                -0.00250244140625,
                0.0,
                0.5,
                1.0,
                2.5,
            ],
            [
                -0.6015625,
                -0.2001953125,
                -0.050048828125,
                0.0,
                0.5,
                1.0,
                2.5,
            ],
        ),
    ];
    for (dt, d01, d2) in cases {
        let x = tt(dt, &ACT_X, &[7]);
        let mut out = zeros(dt, &[7]);
        run(&mut out, |o| {
            leaky_relu::leaky_relu_out(c, &x.view(), Scalar::Double(0.01), o)
        })
        .unwrap();
        assert_same(&vals(&out), &d01, dt.name());
        run(&mut out, |o| {
            leaky_relu::leaky_relu_out(c, &x.view(), Scalar::Double(0.2), o)
        })
        .unwrap();
        assert_same(&vals(&out), &d2, dt.name());
    }
    // slope -1 flips the sign of zeros (they take the slope branch); NaN stays.
    let x = tt(Float, &[NAN, -1.0, -0.0, 0.0, INF, -INF], &[6]);
    let mut out = zeros(Float, &[6]);
    run(&mut out, |o| {
        leaky_relu::leaky_relu_out(c, &x.view(), Scalar::Int(-1), o)
    })
    .unwrap();
    assert_same(&vals(&out), &[NAN, 1.0, 0.0, -0.0, INF, INF], "slope -1");
    // errors: integer input, wrong out dtype, slope overflowing Float.
    let i = tt(Long, &[-1.0], &[1]);
    let mut out = zeros(Long, &[1]);
    assert!(
        run(&mut out, |o| leaky_relu::leaky_relu_out(
            c,
            &i.view(),
            Scalar::Int(2),
            o
        ))
        .is_err()
    );
    let mut out = zeros(Double, &[6]);
    assert!(
        run(&mut out, |o| leaky_relu::leaky_relu_out(
            c,
            &x.view(),
            Scalar::Double(0.1),
            o
        ))
        .is_err()
    );
    let mut out = zeros(Float, &[6]);
    assert!(
        run(&mut out, |o| leaky_relu::leaky_relu_out(
            c,
            &x.view(),
            Scalar::Double(1e39),
            o
        ))
        .is_err()
    );
}

#[test]
fn float_activations_channels_last() {
    let c = &mut ctx();
    let v: Vec<f64> = (0..24).map(|i| (i as f64 - 12.0) / 4.0).collect();
    let xc = tt(Double, &v, &[1, 2, 3, 4]);
    let xl = tto(Double, &v, &[1, 2, 3, 4], &CL);
    let mut want = zeros(Double, &[1, 2, 3, 4]);
    run(&mut want, |o| gelu::gelu_out(c, &xc.view(), "tanh", o)).unwrap();
    for (x, order) in [(&xl, CL), (&xc, CL), (&xl, [0, 1, 2, 3])] {
        let mut out = OwnedTensor::with_capacity(Double, &[1, 2, 3, 4], &order, 0).unwrap();
        run(&mut out, |o| gelu::gelu_out(c, &x.view(), "tanh", o)).unwrap();
        assert_same(&vals(&out), &vals(&want), "gelu dim orders");
    }
}

// ---------------------------------------------------------------------------------------------
// where

#[test]
fn where_promotion_and_out_dtypes() {
    let c = &mut ctx();
    let cond = tt(Bool, &[1.0, 0.0, 1.0], &[3]);
    let a = tt(Int, &[1.0, 2.0, 3.0], &[3]);
    let b = tt(Float, &[1.5, 2.5, 3.5], &[3]);
    for &odt in &REAL {
        let mut out = zeros(odt, &[3]);
        let r = run(&mut out, |o| {
            where_::where_self_out(c, &cond.view(), &a.view(), &b.view(), o)
        });
        if odt == Float {
            r.unwrap();
            assert_same(&vals(&out), &[1.0, 2.5, 3.0], "int/float");
        } else {
            assert_eq!(err_kind(r), ErrorKind::InvalidType, "{odt}");
        }
    }
    // zero-dim other: a Long one does not promote an Int tensor, a Double one does.
    let l0 = tt(Long, &[7.0], &[]);
    let mut out = zeros(Int, &[3]);
    run(&mut out, |o| {
        where_::where_self_out(c, &cond.view(), &a.view(), &l0.view(), o)
    })
    .unwrap();
    assert_same(&vals(&out), &[1.0, 7.0, 3.0], "0-dim long");
    let d0 = tt(Double, &[7.5], &[]);
    let mut out = zeros(Double, &[3]);
    run(&mut out, |o| {
        where_::where_self_out(c, &cond.view(), &a.view(), &d0.view(), o)
    })
    .unwrap();
    assert_same(&vals(&out), &[1.0, 7.5, 3.0], "0-dim double");
    // Half and BFloat16 meet at Float; Byte and Char at Short.
    let h = tt(Half, &[1.0, 2.0, 3.0], &[3]);
    let bf = tt(BFloat16, &[1.5, 2.5, 3.5], &[3]);
    let mut out = zeros(Float, &[3]);
    run(&mut out, |o| {
        where_::where_self_out(c, &cond.view(), &h.view(), &bf.view(), o)
    })
    .unwrap();
    assert_same(&vals(&out), &[1.0, 2.5, 3.0], "half/bf16");
    let u = tt(Byte, &[200.0, 1.0, 2.0], &[3]);
    let i = tt(Char, &[-1.0, -2.0, -3.0], &[3]);
    let mut out = zeros(Short, &[3]);
    run(&mut out, |o| {
        where_::where_self_out(c, &cond.view(), &u.view(), &i.view(), o)
    })
    .unwrap();
    assert_same(&vals(&out), &[200.0, -2.0, 2.0], "u8/i8");
    // Bool values
    let nb = tt(Bool, &[0.0, 1.0, 0.0], &[3]);
    let mut out = zeros(Bool, &[3]);
    run(&mut out, |o| {
        where_::where_self_out(c, &cond.view(), &cond.view(), &nb.view(), o)
    })
    .unwrap();
    assert_same(&vals(&out), &[1.0, 1.0, 1.0], "bool");
}

#[test]
fn where_condition_broadcast_dim_order() {
    let c = &mut ctx();
    let a = tt(Int, &[1.0, 2.0, 3.0], &[3]);
    let b = tt(Int, &[10.0, 20.0, 30.0], &[3]);
    // Byte condition: non-zero is true. Int or Float condition: rejected.
    let cu = tt(Byte, &[2.0, 0.0, 2.0], &[3]);
    let mut out = zeros(Int, &[3]);
    run(&mut out, |o| {
        where_::where_self_out(c, &cu.view(), &a.view(), &b.view(), o)
    })
    .unwrap();
    assert_same(&vals(&out), &[1.0, 20.0, 3.0], "byte condition");
    for dt in [Int, Float] {
        let ci = tt(dt, &[1.0, 0.0, 1.0], &[3]);
        let e = run(&mut out, |o| {
            where_::where_self_out(c, &ci.view(), &a.view(), &b.view(), o)
        })
        .unwrap_err();
        assert_eq!(e.arg, "condition");
    }
    // [2, 1] condition with [3] and zero-dim -> [2, 3]
    let c2 = tt(Bool, &[1.0, 0.0], &[2, 1]);
    let z = tt(Int, &[0.0], &[]);
    let mut out = dynamic(Int, 6);
    run(&mut out, |o| {
        where_::where_self_out(c, &c2.view(), &a.view(), &z.view(), o)
    })
    .unwrap();
    assert_eq!(out.sizes(), &[2, 3]);
    assert_same(&vals(&out), &[1.0, 2.0, 3.0, 0.0, 0.0, 0.0], "broadcast");
    let bad = tt(Bool, &[1.0, 0.0], &[2]);
    assert!(
        run(&mut out, |o| where_::where_self_out(
            c,
            &bad.view(),
            &a.view(),
            &b.view(),
            o
        ))
        .is_err()
    );
    // channels-last operands and out
    let v: Vec<f64> = (0..24).map(|i| i as f64).collect();
    let mask: Vec<f64> = (0..24).map(|i| (i % 3 == 0) as u8 as f64).collect();
    let cl = tto(Bool, &mask, &[1, 2, 3, 4], &CL);
    let x = tto(Float, &v, &[1, 2, 3, 4], &CL);
    let y = tt(Float, &[-1.0], &[1]);
    let mut out = OwnedTensor::with_capacity(Float, &[1, 2, 3, 4], &CL, 0).unwrap();
    run(&mut out, |o| {
        where_::where_self_out(c, &cl.view(), &x.view(), &y.view(), o)
    })
    .unwrap();
    let want: Vec<f64> = v
        .iter()
        .map(|&i| {
            if (i as usize).is_multiple_of(3) {
                i
            } else {
                -1.0
            }
        })
        .collect();
    assert_same(&vals(&out), &want, "channels-last");
}

// ---------------------------------------------------------------------------------------------
// masked_fill

#[test]
fn masked_fill_dtypes_and_values() {
    let c = &mut ctx();
    let mask = tt(Bool, &[1.0, 0.0, 1.0], &[3]);
    for &dt in &REAL {
        let x = tt(dt, &[0.0, 1.0, 0.0], &[3]);
        for &odt in &REAL {
            let mut out = zeros(odt, &[3]);
            let r = run(&mut out, |o| {
                masked_fill::masked_fill_scalar_out(
                    c,
                    &x.view(),
                    &mask.view(),
                    Scalar::Bool(true),
                    o,
                )
            });
            if odt == dt {
                r.unwrap();
                assert_same(&vals(&out), &[1.0, 1.0, 1.0], dt.name());
            } else {
                assert_eq!(err_kind(r), ErrorKind::InvalidType, "{dt} -> {odt}");
            }
        }
    }
    // float value into an Int tensor truncates; too large ones are errors, even if unused.
    let x = tt(Int, &[1.0, 2.0, 3.0], &[3]);
    let mut out = zeros(Int, &[3]);
    run(&mut out, |o| {
        masked_fill::masked_fill_scalar_out(c, &x.view(), &mask.view(), Scalar::Double(2.5), o)
    })
    .unwrap();
    assert_same(&vals(&out), &[2.0, 2.0, 2.0], "truncation");
    run(&mut out, |o| {
        masked_fill::masked_fill_scalar_out(c, &x.view(), &mask.view(), Scalar::Double(-2.5), o)
    })
    .unwrap();
    assert_same(&vals(&out), &[-2.0, 2.0, -2.0], "truncation toward zero");
    assert!(
        run(&mut out, |o| masked_fill::masked_fill_scalar_out(
            c,
            &x.view(),
            &mask.view(),
            Scalar::Double(1e20),
            o
        ))
        .is_err()
    );
    let i8s = tt(Char, &[], &[0]);
    let none = tt(Bool, &[], &[0]);
    let mut out = zeros(Char, &[0]);
    assert!(
        run(&mut out, |o| masked_fill::masked_fill_scalar_out(
            c,
            &i8s.view(),
            &none.view(),
            Scalar::Int(300),
            o
        ))
        .is_err()
    );
    // Bool self takes any value; NaN and -inf into floats; Half overflow is an error.
    let b = tt(Bool, &[0.0, 0.0, 0.0], &[3]);
    let mut out = zeros(Bool, &[3]);
    run(&mut out, |o| {
        masked_fill::masked_fill_scalar_out(c, &b.view(), &mask.view(), Scalar::Double(2.5), o)
    })
    .unwrap();
    assert_same(&vals(&out), &[1.0, 0.0, 1.0], "bool");
    let h = tt(Half, &[1.0, 2.0, 3.0], &[3]);
    let mut out = zeros(Half, &[3]);
    run(&mut out, |o| {
        masked_fill::masked_fill_scalar_out(c, &h.view(), &mask.view(), Scalar::Double(NAN), o)
    })
    .unwrap();
    assert_same(&vals(&out), &[NAN, 2.0, NAN], "nan");
    assert!(
        run(&mut out, |o| masked_fill::masked_fill_scalar_out(
            c,
            &h.view(),
            &mask.view(),
            Scalar::Double(1e5),
            o
        ))
        .is_err()
    );
    let f = tt(Float, &[1.0, 2.0, 3.0], &[3]);
    let mut out = zeros(Float, &[3]);
    run(&mut out, |o| {
        masked_fill::masked_fill_scalar_out(c, &f.view(), &mask.view(), Scalar::Double(-INF), o)
    })
    .unwrap();
    assert_same(&vals(&out), &[-INF, 2.0, -INF], "-inf");
}

#[test]
fn masked_fill_mask_and_broadcast() {
    let c = &mut ctx();
    let x = tt(Int, &[1.0, 2.0, 3.0], &[3]);
    let mut out = dynamic(Int, 6);
    for dt in [Byte, Int] {
        let m = tt(dt, &[1.0, 0.0, 1.0], &[3]);
        let e = run(&mut out, |o| {
            masked_fill::masked_fill_scalar_out(c, &x.view(), &m.view(), Scalar::Int(5), o)
        })
        .unwrap_err();
        assert_eq!(e.arg, "mask");
    }
    // a [2, 1] mask expands self to [2, 3]
    let m = tt(Bool, &[1.0, 0.0], &[2, 1]);
    run(&mut out, |o| {
        masked_fill::masked_fill_scalar_out(c, &x.view(), &m.view(), Scalar::Int(5), o)
    })
    .unwrap();
    assert_eq!(out.sizes(), &[2, 3]);
    assert_same(&vals(&out), &[5.0, 5.0, 5.0, 1.0, 2.0, 3.0], "mask expands");
    // a [1] self expands to a [3] mask
    let s = tt(Long, &[7.0], &[1]);
    let m3 = tt(Bool, &[1.0, 0.0, 1.0], &[3]);
    let mut out = dynamic(Long, 3);
    run(&mut out, |o| {
        masked_fill::masked_fill_scalar_out(c, &s.view(), &m3.view(), Scalar::Int(5), o)
    })
    .unwrap();
    assert_same(&vals(&out), &[5.0, 7.0, 5.0], "self expands");
    // zero-dim mask
    let m0 = tt(Bool, &[1.0], &[]);
    let mut out = zeros(Int, &[3]);
    run(&mut out, |o| {
        masked_fill::masked_fill_scalar_out(c, &x.view(), &m0.view(), Scalar::Int(5), o)
    })
    .unwrap();
    assert_same(&vals(&out), &[5.0, 5.0, 5.0], "zero-dim mask");
    // incompatible shapes
    let m2 = tt(Bool, &[1.0, 0.0], &[2]);
    assert!(
        run(&mut out, |o| masked_fill::masked_fill_scalar_out(
            c,
            &x.view(),
            &m2.view(),
            Scalar::Int(5),
            o
        ))
        .is_err()
    );
    // channels-last
    let v: Vec<f64> = (0..24).map(|i| i as f64).collect();
    let mask: Vec<f64> = (0..24).map(|i| (i % 2) as f64).collect();
    let xl = tto(Double, &v, &[1, 2, 3, 4], &CL);
    let ml = tto(Bool, &mask, &[1, 2, 3, 4], &CL);
    let mut out = OwnedTensor::with_capacity(Double, &[1, 2, 3, 4], &CL, 0).unwrap();
    run(&mut out, |o| {
        masked_fill::masked_fill_scalar_out(c, &xl.view(), &ml.view(), Scalar::Double(-1.0), o)
    })
    .unwrap();
    let want: Vec<f64> = v
        .iter()
        .map(|&i| if i as usize % 2 == 1 { -1.0 } else { i })
        .collect();
    assert_same(&vals(&out), &want, "channels-last");
}

// ---------------------------------------------------------------------------------------------
// fill, scalar_tensor

#[test]
fn fill_scalar_dtypes() {
    let c = &mut ctx();
    for &dt in &REAL {
        let x = zeros(dt, &[2, 2]);
        for &odt in &REAL {
            let mut out = zeros(odt, &[2, 2]);
            let r = run(&mut out, |o| {
                fill::fill_scalar_out(c, &x.view(), Scalar::Int(1), o)
            });
            if odt == dt {
                r.unwrap();
                assert_same(&vals(&out), &[1.0; 4], dt.name());
            } else {
                assert_eq!(err_kind(r), ErrorKind::InvalidType, "{dt} -> {odt}");
            }
        }
    }
}

#[test]
fn fill_scalar_conversions() {
    let c = &mut ctx();
    let fill1 = |dt: ScalarType, n: usize, v: Scalar| -> Result<Vec<f64>> {
        let x = zeros(dt, &[n]);
        let mut out = zeros(dt, &[n]);
        run(&mut out, |o| {
            fill::fill_scalar_out(&mut ctx(), &x.view(), v, o)
        })?;
        Ok(vals(&out))
    };
    let ok = [
        (Bool, Scalar::Double(NAN), 1.0),
        (Bool, Scalar::Int(-2), 1.0),
        (Bool, Scalar::Double(0.0), 0.0),
        (Byte, Scalar::Int(-1), 255.0),
        (Byte, Scalar::Int(-255), 1.0),
        (Byte, Scalar::Double(254.9), 254.0),
        (Char, Scalar::Double(-128.0), -128.0),
        (Int, Scalar::Double(-2.7), -2.0),
        (
            Long,
            Scalar::Double(-9.223372036854775808e18),
            i64::MIN as f64,
        ),
        (Half, Scalar::Double(0.1), 0.0999755859375),
        (Half, Scalar::Int(65504), 65504.0),
        (Half, Scalar::Double(-INF), -INF),
        (BFloat16, Scalar::Double(1.00390625000001), 1.0),
        (BFloat16, Scalar::Int(70000), 70144.0),
        (Float, Scalar::Int((1 << 60) + 1), 1.152921504606847e18),
        (Float, Scalar::Double(3.4e38), 3.3999999521443642e38),
        (Double, Scalar::Double(1e300), 1e300),
    ];
    for (dt, v, want) in ok {
        assert_same(
            &fill1(dt, 2, v).unwrap(),
            &[want; 2],
            &format!("{dt} {v:?}"),
        );
    }
    let bad = [
        (Byte, Scalar::Int(-256)),
        (Byte, Scalar::Int(256)),
        (Byte, Scalar::Double(255.5)),
        (Byte, Scalar::Double(-0.5)),
        (Byte, Scalar::Double(NAN)),
        (Char, Scalar::Double(127.9)),
        (Char, Scalar::Int(-129)),
        (Int, Scalar::Double(INF)),
        (Long, Scalar::Double(9.3e18)),
        (Long, Scalar::Double(NAN)),
        (Half, Scalar::Int(65505)),
        (Half, Scalar::Double(65519.9)),
        (BFloat16, Scalar::Double(3.39e38)),
        (Float, Scalar::Double(3.4028235e38)),
    ];
    for (dt, v) in bad {
        let e = fill1(dt, 2, v).unwrap_err();
        assert_eq!(
            (e.kind, e.arg),
            (ErrorKind::InvalidArgument, "value"),
            "{dt} {v:?}"
        );
        // the check happens for empty tensors too
        assert!(fill1(dt, 0, v).is_err(), "{dt} {v:?} empty");
    }
    // ATen: 2^63 into Long is INT64_MIN.
    let x = zeros(Long, &[1]);
    let mut out = zeros(Long, &[1]);
    run(&mut out, |o| {
        fill::fill_scalar_out(c, &x.view(), Scalar::Double(9.223372036854775808e18), o)
    })
    .unwrap();
    assert_eq!(out.to_logical::<i64>(), vec![i64::MIN]);
    // one-element Half/BFloat16 tensors skip the overflow check (ATen's fast path).
    assert_same(
        &fill1(Half, 1, Scalar::Double(1e39)).unwrap(),
        &[INF],
        "half n=1",
    );
    assert_same(
        &fill1(BFloat16, 1, Scalar::Double(-1e39)).unwrap(),
        &[-INF],
        "bf16 n=1",
    );
    assert!(fill1(Float, 1, Scalar::Double(1e39)).is_err());
    assert!(fill1(Char, 1, Scalar::Int(300)).is_err());
}

#[test]
fn fill_scalar_shapes() {
    let c = &mut ctx();
    let x = tto(Float, &[0.0; 24], &[1, 2, 3, 4], &CL);
    let mut out = OwnedTensor::with_capacity(Float, &[1, 2, 3, 4], &CL, 0).unwrap();
    run(&mut out, |o| {
        fill::fill_scalar_out(c, &x.view(), Scalar::Double(2.5), o)
    })
    .unwrap();
    assert_same(&vals(&out), &[2.5; 24], "channels-last");
    let z = tt(Int, &[0.0], &[]);
    let mut out = dynamic(Int, 1);
    run(&mut out, |o| {
        fill::fill_scalar_out(c, &z.view(), Scalar::Int(3), o)
    })
    .unwrap();
    assert_eq!(out.sizes(), &[] as &[usize]);
    assert_same(&vals(&out), &[3.0], "zero-dim");
    let e = tt(Float, &[], &[0, 3]);
    let mut out = dynamic(Float, 5);
    run(&mut out, |o| {
        fill::fill_scalar_out(c, &e.view(), Scalar::Int(3), o)
    })
    .unwrap();
    assert_eq!(out.sizes(), &[0, 3]);
    let mut out = zeros(Float, &[3]);
    assert_eq!(
        err_kind(run(&mut out, |o| fill::fill_scalar_out(
            c,
            &x.view(),
            Scalar::Int(3),
            o
        ))),
        ErrorKind::OutOfCapacity
    );
}

#[test]
fn fill_tensor() {
    let c = &mut ctx();
    // value converts as a copy does (no overflow check).
    let cases: [(ScalarType, ScalarType, f64, f64); 8] = [
        (Char, Float, 300.0, 44.0),
        (Char, Long, 300.0, 44.0),
        (Half, Float, 1e5, INF),
        (Half, Double, 0.1, 0.0999755859375),
        (Int, Float, -2.7, -2.0),
        (Byte, Char, -1.0, 255.0),
        (Bool, Float, 0.5, 1.0),
        (Float, Bool, 1.0, 1.0),
    ];
    for (dt, vdt, v, want) in cases {
        let x = zeros(dt, &[2]);
        let value = tt(vdt, &[v], &[]);
        let mut out = zeros(dt, &[2]);
        run(&mut out, |o| {
            fill::fill_tensor_out(c, &x.view(), &value.view(), o)
        })
        .unwrap();
        assert_same(&vals(&out), &[want; 2], &format!("{dt} <- {vdt} {v}"));
    }
    let x = zeros(Float, &[2]);
    let one_d = tt(Float, &[1.0], &[1]);
    let mut out = zeros(Float, &[2]);
    let e = run(&mut out, |o| {
        fill::fill_tensor_out(c, &x.view(), &one_d.view(), o)
    })
    .unwrap_err();
    assert_eq!(e.arg, "value");
    let v0 = tt(Float, &[1.0], &[]);
    let mut out = zeros(Double, &[2]);
    assert_eq!(
        err_kind(run(&mut out, |o| fill::fill_tensor_out(
            c,
            &x.view(),
            &v0.view(),
            o
        ))),
        ErrorKind::InvalidType
    );
}

#[test]
fn scalar_tensor_values() {
    let c = &mut ctx();
    let st = |dt: ScalarType, v: Scalar| -> Result<f64> {
        let mut out = zeros(dt, &[]);
        run(&mut out, |o| {
            scalar_tensor::scalar_tensor_out(&mut ctx(), v, o)
        })?;
        Ok(vals(&out)[0])
    };
    let ok = [
        (Bool, Scalar::Double(NAN), 1.0),
        (Bool, Scalar::Int(300), 1.0),
        (Byte, Scalar::Double(2.5), 2.0),
        (Byte, Scalar::Int(-1), 255.0),
        (Char, Scalar::Bool(true), 1.0),
        (Short, Scalar::Double(-0.5), 0.0),
        (Int, Scalar::Int(300), 300.0),
        (Long, Scalar::Double(1e10), 1e10),
        (Half, Scalar::Double(1e10), INF),
        (Half, Scalar::Int(70000), INF),
        (Half, Scalar::Double(65519.0), 65504.0),
        (BFloat16, Scalar::Double(255.5), 256.0),
        (BFloat16, Scalar::Double(-1e39), -INF),
        (Float, Scalar::Double(NAN), NAN),
        (Double, Scalar::Double(1e300), 1e300),
    ];
    for (dt, v, want) in ok {
        assert_same(&[st(dt, v).unwrap()], &[want], &format!("{dt} {v:?}"));
    }
    let bad = [
        (Byte, Scalar::Int(300)),
        (Byte, Scalar::Double(NAN)),
        (Byte, Scalar::Int(-256)),
        (Char, Scalar::Double(1e10)),
        (Int, Scalar::Double(NAN)),
        (Long, Scalar::Double(NAN)),
        (Short, Scalar::Int(70000)),
        (Float, Scalar::Double(1e39)),
    ];
    for (dt, v) in bad {
        assert!(st(dt, v).is_err(), "{dt} {v:?}");
    }
    // resized to zero-dim: dynamic out ok, static [1] rejected.
    let mut out = dynamic(Float, 3);
    run(&mut out, |o| {
        scalar_tensor::scalar_tensor_out(c, Scalar::Int(1), o)
    })
    .unwrap();
    assert_eq!(out.sizes(), &[] as &[usize]);
    let mut out = zeros(Float, &[1]);
    assert_eq!(
        err_kind(run(&mut out, |o| scalar_tensor::scalar_tensor_out(
            c,
            Scalar::Int(1),
            o
        ))),
        ErrorKind::OutOfCapacity
    );
}

// ---------------------------------------------------------------------------------------------
// clone, _to_copy, detach_copy, lift_fresh_copy, alias_copy

type UnaryCopy = fn(&mut KernelContext<'_>, &Tensor<'_>, &mut Tensor<'_>) -> Result<()>;

fn clone_none(c: &mut KernelContext<'_>, s: &Tensor<'_>, o: &mut Tensor<'_>) -> Result<()> {
    clone::clone_out(c, s, None, o)
}

const COPIES: [(&str, UnaryCopy); 4] = [
    ("clone", clone_none),
    ("detach_copy", detach_copy::detach_copy_out),
    ("lift_fresh_copy", lift_fresh_copy::lift_fresh_copy_out),
    ("alias_copy", alias_copy::alias_copy_out),
];

#[test]
fn copies_dtype_matrix_and_layouts() {
    let c = &mut ctx();
    let v: Vec<f64> = (0..24).map(|i| (i % 5) as f64 - 1.0).collect();
    for (name, f) in COPIES {
        for &dt in &REAL {
            let x = tt(dt, &v, &[2, 3, 2, 2]);
            let want = vals(&x);
            for &odt in &REAL {
                let mut out = zeros(odt, &[2, 3, 2, 2]);
                let r = run(&mut out, |o| f(c, &x.view(), o));
                if odt == dt {
                    r.unwrap();
                    assert_same(&vals(&out), &want, name);
                } else {
                    assert_eq!(err_kind(r), ErrorKind::InvalidType, "{name} {dt} -> {odt}");
                }
            }
            // channels-last in and/or out, special values preserved bit for bit
            let xl = tto(dt, &v, &[2, 3, 2, 2], &CL);
            for (input, order) in [(&xl, CL), (&x, CL), (&xl, [0, 1, 2, 3])] {
                let mut out = OwnedTensor::with_capacity(dt, &[2, 3, 2, 2], &order, 0).unwrap();
                run(&mut out, |o| f(c, &input.view(), o)).unwrap();
                assert_same(&vals(&out), &want, name);
            }
        }
        let s = tt(Float, &[NAN, -0.0, INF, -INF], &[4]);
        let mut out = dynamic(Float, 4);
        run(&mut out, |o| f(c, &s.view(), o)).unwrap();
        assert_same(&vals(&out), &[NAN, -0.0, INF, -INF], name);
        let mut out = dynamic(Float, 3);
        assert_eq!(
            err_kind(run(&mut out, |o| f(c, &s.view(), o))),
            ErrorKind::OutOfCapacity
        );
    }
}

#[test]
fn clone_memory_format() {
    let c = &mut ctx();
    let x2 = tt(Float, &[1.0, 2.0], &[1, 2]);
    let x4 = tt(Float, &[1.0, 2.0], &[1, 2, 1, 1]);
    for (x, mf, ok) in [
        (&x2, MemoryFormat::ChannelsLast, false),
        (&x4, MemoryFormat::ChannelsLast, true),
        (&x4, MemoryFormat::ChannelsLast3d, false),
        (&x2, MemoryFormat::Contiguous, true),
        (&x2, MemoryFormat::Preserve, true),
    ] {
        let mut out = dynamic(Float, 2);
        let r = run(&mut out, |o| clone::clone_out(c, &x.view(), Some(mf), o));
        assert_eq!(r.is_ok(), ok, "{mf:?} rank {}", x.sizes().len());
        let mut out = dynamic(Double, 2);
        let r = run(&mut out, |o| {
            to_copy::to_copy_out(c, &x.view(), false, Some(mf), o)
        });
        assert_eq!(r.is_ok(), ok, "_to_copy {mf:?}");
    }
}

#[test]
fn to_copy_conversions() {
    let c = &mut ctx();
    // every dtype to every dtype accepted
    for &dt in &REAL {
        let x = tt(dt, &[0.0, 1.0, 1.0, 0.0], &[2, 2]);
        for &odt in &REAL {
            let mut out = zeros(odt, &[2, 2]);
            run(&mut out, |o| {
                to_copy::to_copy_out(c, &x.view(), false, None, o)
            })
            .unwrap();
            assert_same(&vals(&out), &[0.0, 1.0, 1.0, 0.0], "matrix");
        }
    }
    let conv = |src: OwnedTensor, odt: ScalarType| -> Vec<f64> {
        let mut out = dynamic(odt, src.numel());
        run(&mut out, |o| {
            to_copy::to_copy_out(&mut ctx(), &src.view(), false, None, o)
        })
        .unwrap();
        vals(&out)
    };
    let f = || tt(Float, &[1.5, -2.7, -1.0, 256.0, 300.0, -300.0], &[6]);
    assert_same(
        &conv(f(), Byte),
        &[1.0, 254.0, 255.0, 0.0, 44.0, 212.0],
        "f32 -> u8",
    );
    assert_same(
        &conv(f(), Char),
        &[1.0, -2.0, -1.0, 0.0, 44.0, -44.0],
        "f32 -> i8",
    );
    assert_same(
        &conv(tt(Float, &[70000.0, -2.7], &[2]), Short),
        &[4464.0, -2.0],
        "f32 -> i16",
    );
    assert_same(
        &conv(tt(Float, &[0.0, -0.0, NAN, 0.1], &[4]), Bool),
        &[0.0, 0.0, 1.0, 1.0],
        "f32 -> bool",
    );
    assert_same(
        &conv(tt(Double, &[0.1, 1e10, 65519.99, 65520.0], &[4]), Half),
        &[0.0999755859375, INF, 65504.0, INF],
        "f64 -> f16",
    );
    assert_same(
        &conv(tt(Double, &[1.00390625000001], &[1]), BFloat16),
        &[1.0],
        "f64 -> bf16 through f32",
    );
    assert_same(
        &conv(tt(Long, &[2049.0, 70000.0, 65519.0, 65520.0], &[4]), Half),
        &[2048.0, INF, 65504.0, INF],
        "i64 -> f16",
    );
    let big = OwnedTensor::from_slice(&[(1i64 << 53) + 1, 16777217], &[2]).unwrap();
    assert_same(
        &conv(big, Float),
        &[9007199254740992.0, 16777216.0],
        "i64 -> f32 rounds once",
    );
    let wide = OwnedTensor::from_slice(&[(1i64 << 40) + 5, -(1i64 << 31) - 1], &[2]).unwrap();
    assert_same(&conv(wide, Int), &[5.0, 2147483647.0], "i64 -> i32 wraps");
    assert_same(
        &conv(tt(Half, &[0.1], &[1]), BFloat16),
        &[0.10009765625],
        "f16 -> bf16",
    );
    assert_same(
        &conv(tt(Bool, &[1.0, 0.0], &[2]), Double),
        &[1.0, 0.0],
        "bool -> f64",
    );
    // dim orders: channels-last source into a contiguous Half out and back
    let v: Vec<f64> = (0..24).map(|i| i as f64 * 0.5).collect();
    let xl = tto(Double, &v, &[1, 2, 3, 4], &CL);
    let mut out = zeros(Half, &[1, 2, 3, 4]);
    run(&mut out, |o| {
        to_copy::to_copy_out(c, &xl.view(), false, None, o)
    })
    .unwrap();
    assert_same(&vals(&out), &v, "cl -> contiguous");
    let xc = tt(Int, &v, &[1, 2, 3, 4]);
    let mut out = OwnedTensor::with_capacity(Float, &[1, 2, 3, 4], &CL, 0).unwrap();
    run(&mut out, |o| {
        to_copy::to_copy_out(c, &xc.view(), false, Some(MemoryFormat::ChannelsLast), o)
    })
    .unwrap();
    let want: Vec<f64> = v.iter().map(|x| x.trunc()).collect();
    assert_same(&vals(&out), &want, "contiguous -> cl");
}

// ---------------------------------------------------------------------------------------------
// copy.out, copy_

#[test]
fn copy_out_semantics() {
    let c = &mut ctx();
    // out has self's dtype; src converted; self's values unused.
    let s = tt(Int, &[9.0, 9.0, 9.0], &[3]);
    let src = tt(Float, &[1.5, -2.7, 3.9], &[3]);
    for &odt in &REAL {
        let mut out = zeros(odt, &[3]);
        let r = run(&mut out, |o| {
            copy::copy_out(c, &s.view(), &src.view(), false, o)
        });
        if odt == Int {
            r.unwrap();
            assert_same(&vals(&out), &[1.0, -2.0, 3.0], "i32 <- f32");
        } else {
            assert_eq!(err_kind(r), ErrorKind::InvalidType, "{odt}");
        }
    }
    // src broadcasts to self's shape; one way only.
    let s23 = zeros(Float, &[2, 3]);
    let row = tt(Float, &[1.0, 2.0, 3.0], &[3]);
    let mut out = dynamic(Float, 6);
    run(&mut out, |o| {
        copy::copy_out(c, &s23.view(), &row.view(), false, o)
    })
    .unwrap();
    assert_eq!(out.sizes(), &[2, 3]);
    assert_same(&vals(&out), &[1.0, 2.0, 3.0, 1.0, 2.0, 3.0], "broadcast");
    let z = tt(Double, &[4.0], &[]);
    run(&mut out, |o| {
        copy::copy_out(c, &s23.view(), &z.view(), false, o)
    })
    .unwrap();
    assert_same(&vals(&out), &[4.0; 6], "zero-dim src");
    let s3 = zeros(Float, &[3]);
    let mut out = dynamic(Float, 6);
    assert!(
        run(&mut out, |o| copy::copy_out(
            c,
            &s3.view(),
            &s23.view(),
            false,
            o
        ))
        .is_err()
    );
    let s0 = tt(Float, &[0.0], &[]);
    let one = tt(Float, &[5.0], &[1]);
    assert!(
        run(&mut out, |o| copy::copy_out(
            c,
            &s0.view(),
            &one.view(),
            false,
            o
        ))
        .is_err()
    );
    let two = tt(Float, &[5.0, 6.0], &[2]);
    assert!(
        run(&mut out, |o| copy::copy_out(
            c,
            &s3.view(),
            &two.view(),
            false,
            o
        ))
        .is_err()
    );
    // conversions: f32 -> bool, f32 -> u8, i64 -> i8, f64 -> f16
    let cases: [(ScalarType, ScalarType, &[f64], &[f64]); 4] = [
        (Bool, Float, &[0.0, NAN, -0.0], &[0.0, 1.0, 0.0]),
        (
            Byte,
            Float,
            &[-1.0, 300.0, 255.9, -0.5],
            &[255.0, 44.0, 255.0, 0.0],
        ),
        (Char, Long, &[300.0, -129.0], &[44.0, 127.0]),
        (Half, Double, &[1e10, 0.1], &[INF, 0.0999755859375]),
    ];
    for (dt, sdt, sv, want) in cases {
        let s = zeros(dt, &[sv.len()]);
        let src = tt(sdt, sv, &[sv.len()]);
        let mut out = zeros(dt, &[sv.len()]);
        run(&mut out, |o| {
            copy::copy_out(c, &s.view(), &src.view(), false, o)
        })
        .unwrap();
        assert_same(&vals(&out), want, &format!("{sdt} -> {dt}"));
    }
    // channels-last self/out with a contiguous src
    let v: Vec<f64> = (0..24).map(|i| i as f64).collect();
    let sl = tto(Float, &[0.0; 24], &[1, 2, 3, 4], &CL);
    let src = tt(Long, &v, &[1, 2, 3, 4]);
    let mut out = OwnedTensor::with_capacity(Float, &[1, 2, 3, 4], &CL, 0).unwrap();
    run(&mut out, |o| {
        copy::copy_out(c, &sl.view(), &src.view(), false, o)
    })
    .unwrap();
    assert_same(&vals(&out), &v, "channels-last");
}

#[test]
fn copy_inplace_typed_and_boxed() {
    let c = &mut ctx();
    // typed: self = src broadcast and converted
    let mut s = zeros(Int, &[2, 2]);
    let src = tt(Float, &[1.7, -1.7], &[2]);
    {
        let mut v = s.view_mut().unwrap();
        copy::copy_(c, &mut v, &src.view(), false).unwrap();
    }
    assert_same(&vals(&s), &[1.0, -1.0, 1.0, -1.0], "typed");
    let bad = tt(Float, &[1.0, 2.0, 3.0], &[3]);
    {
        let mut v = s.view_mut().unwrap();
        assert!(copy::copy_(c, &mut v, &bad.view(), false).is_err());
    }

    // boxed: [self, src, non_blocking, out] with out being self.
    let mut buf = vec![0.0f32; 6];
    let src = tt(Double, &[1.0, 2.0, 3.0], &[3]);
    {
        let ptr = buf.as_mut_ptr() as *mut u8;
        // SAFETY: `buf` outlives both views; the read-only view is only compared, the writable
        // one is the single writer (the in-place calling convention).
        let (ro, rw) = unsafe {
            (
                Tensor::from_raw_parts(Float, &[2, 3], &[0, 1], ptr, 24, false).unwrap(),
                Tensor::from_raw_parts(Float, &[2, 3], &[0, 1], ptr, 24, true).unwrap(),
            )
        };
        let mut stack = [
            EValue::Tensor(ro),
            EValue::Tensor(src.view()),
            EValue::Bool(false),
            EValue::Tensor(rw),
        ];
        copy::copy_inplace_boxed(c, &mut stack).unwrap();
    }
    assert_eq!(buf, vec![1.0, 2.0, 3.0, 1.0, 2.0, 3.0]);

    // an out that is not self, a wrong arity, a src overlapping self: errors.
    let other = zeros(Float, &[2, 3]);
    let mut o = zeros(Float, &[2, 3]);
    let mut stack = [
        EValue::Tensor(other.view()),
        EValue::Tensor(src.view()),
        EValue::Bool(false),
        EValue::Tensor(o.view_mut().unwrap()),
    ];
    assert_eq!(
        copy::copy_inplace_boxed(c, &mut stack).unwrap_err().kind,
        ErrorKind::InvalidProgram
    );
    assert!(copy::copy_inplace_boxed(c, &mut stack[..3]).is_err());
    let mut buf = vec![1.0f32, 2.0, 3.0, 4.0];
    let ptr = buf.as_mut_ptr() as *mut u8;
    // SAFETY: as above; `part` reads the tail of the buffer the kernel would write.
    let (ro, rw, part) = unsafe {
        (
            Tensor::from_raw_parts(Float, &[4], &[0], ptr, 16, false).unwrap(),
            Tensor::from_raw_parts(Float, &[4], &[0], ptr, 16, true).unwrap(),
            Tensor::from_raw_parts(Float, &[1], &[0], ptr.add(12), 4, false).unwrap(),
        )
    };
    let mut stack = [
        EValue::Tensor(ro),
        EValue::Tensor(part),
        EValue::Bool(false),
        EValue::Tensor(rw),
    ];
    assert!(copy::copy_inplace_boxed(c, &mut stack).is_err());
}

// ---------------------------------------------------------------------------------------------
// registration and boxed calls

#[test]
fn registered_and_callable_boxed() {
    let names = [
        "aten::clamp.out",
        "aten::clamp.Tensor_out",
        "aten::hardtanh.out",
        "aten::relu.out",
        "aten::elu.out",
        "aten::gelu.out",
        "aten::leaky_relu.out",
        "aten::where.self_out",
        "aten::masked_fill.Scalar_out",
        "aten::fill.Scalar_out",
        "aten::fill.Tensor_out",
        "aten::clone.out",
        "aten::_to_copy.out",
        "aten::copy.out",
        "aten::copy_",
        "aten::detach_copy.out",
        "aten::lift_fresh_copy.out",
        "aten::alias_copy.out",
        "aten::scalar_tensor.out",
    ];
    for n in names {
        assert!(
            etk_portable::TABLE.iter().any(|e| e.name == n),
            "{n} not registered"
        );
    }
    let find = |n: &str| {
        etk_portable::TABLE
            .iter()
            .find(|e| e.name == n)
            .unwrap()
            .kernel
    };
    let c = &mut ctx();
    // clamp with a None min, an Int max
    let x = tt(Float, &[1.0, 5.0], &[2]);
    let mut out = zeros(Float, &[2]);
    let mut stack = [
        EValue::Tensor(x.view()),
        EValue::None,
        EValue::Int(3),
        EValue::Tensor(out.view_mut().unwrap()),
    ];
    find("aten::clamp.out")(c, &mut stack).unwrap();
    assert_same(&vals(&out), &[1.0, 3.0], "boxed clamp");
    // gelu with a string argument; a wrong kind is an error naming it
    let mut stack = [
        EValue::Tensor(x.view()),
        EValue::Int(0),
        EValue::Tensor(out.view_mut().unwrap()),
    ];
    let e = find("aten::gelu.out")(c, &mut stack).unwrap_err();
    assert_eq!((e.kind, e.arg), (ErrorKind::InvalidProgram, "approximate"));
    // _to_copy with a memory format code and a None
    let mut out = zeros(Int, &[2]);
    let mut stack = [
        EValue::Tensor(x.view()),
        EValue::Bool(false),
        EValue::Int(1),
        EValue::Tensor(out.view_mut().unwrap()),
    ];
    find("aten::_to_copy.out")(c, &mut stack).unwrap();
    assert_same(&vals(&out), &[1.0, 5.0], "boxed _to_copy");
    // scalar_tensor with a Double
    let mut out = zeros(Half, &[]);
    let mut stack = [EValue::Double(0.5), EValue::Tensor(out.view_mut().unwrap())];
    find("aten::scalar_tensor.out")(c, &mut stack).unwrap();
    assert_same(&vals(&out), &[0.5], "boxed scalar_tensor");
    // an out aliasing an input is rejected by the boxed wrappers
    let mut buf = vec![1.0f32, 2.0];
    let ptr = buf.as_mut_ptr() as *mut u8;
    // SAFETY: the kernel must refuse the call before writing.
    let (ro, rw) = unsafe {
        (
            Tensor::from_raw_parts(Float, &[2], &[0], ptr, 8, false).unwrap(),
            Tensor::from_raw_parts(Float, &[2], &[0], ptr, 8, true).unwrap(),
        )
    };
    let mut stack = [EValue::Tensor(ro), EValue::Tensor(rw)];
    assert!(find("aten::relu.out")(c, &mut stack).is_err());
}
