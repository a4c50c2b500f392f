//! Copies, fills and selection by mask: where, masked_fill, fill, scalar_tensor, clone, the
//! `*_copy` aliases, `_to_copy`, copy / copy_: the dtype matrix (accepted dtypes and the out
//! dtypes ATen accepts or rejects), promotion, Scalar kinds, broadcasting, resizing, dim orders,
//! special values and error cases; and the boxed calls of the activation and copy tables.
//! Expected values were computed with PyTorch 2.13 (ATen, CPU).

// Expected values are printed by torch with all their digits.
#![allow(clippy::excessive_precision)]

use ScalarType::*;
use etk_core::evalue::MemoryFormat;
use etk_core::{EValue, ErrorKind, KernelContext, OwnedTensor, Result, Scalar, ScalarType, Tensor};
use etk_portable::ops::*;

mod common;
use common::assert_same_signed as assert_same;
use common::*;

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
