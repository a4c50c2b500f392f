//! Tests of the reduction family in the style of ExecuTorch's op tests: the dtype matrix
//! (accepted dtypes and the out dtypes ATen accepts or rejects), dim lists (negative, repeated,
//! `None`, `[]`), keepdim, dim orders, empty and zero-dim inputs, NaN and ties, resizing and
//! error cases. Expected values were computed with PyTorch 2.13 (ATen, CPU).

use ScalarType::*;
use etk_core::{ErrorKind, OwnedTensor, Scalar, ScalarType};
use etk_portable::ops::*;

mod common;
use common::*;

const NAN: f64 = f64::NAN;
const INF: f64 = f64::INFINITY;
const CL: [usize; 4] = [0, 2, 3, 1];
const REAL: [ScalarType; 10] = ScalarType::REAL;

fn assert_close(got: &[f64], want: &[f64], rtol: f64, what: &str) {
    assert_eq!(got.len(), want.len(), "{what}: length");
    for (i, (&g, &w)) in got.iter().zip(want).enumerate() {
        let ok = if w.is_nan() {
            g.is_nan()
        } else if w.is_infinite() {
            g == w
        } else {
            (g - w).abs() <= 1e-6 + rtol * w.abs()
        };
        assert!(ok, "{what}: element {i}: got {g:?}, want {w:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// sum

#[test]
fn sum_dtype_matrix_default_outs() {
    // [[0,1,2],[3,4,5]] summed over dim 1: integers and Bool into Long, floats into themselves.
    for &dt in &REAL {
        let x = tt(dt, &iota(6), &[2, 3]);
        let odt = if dt.is_floating_point() { dt } else { Long };
        let mut out = zeros(odt, &[2]);
        run(&mut out, |o| {
            sum::sum_intlist_out(&mut ctx(), &x.view(), Some(&[1]), false, None, o)
        })
        .unwrap();
        let want = if dt == Bool { [2.0, 3.0] } else { [3.0, 12.0] };
        assert_eq!(vals(&out), want, "{dt}");
    }
}

#[test]
fn sum_dim_lists() {
    let x = tt(Float, &iota(24), &[2, 3, 4]);
    let c = &mut ctx();
    let mut out = dynamic(Float, 24);
    run(&mut out, |o| {
        sum::sum_intlist_out(c, &x.view(), Some(&[0, -1]), true, None, o)
    })
    .unwrap();
    assert_eq!(out.sizes(), &[1, 3, 1]);
    assert_eq!(vals(&out), [60.0, 92.0, 124.0]);
    for dims in [None, Some(&[][..]), Some(&[2, 0, 1][..])] {
        run(&mut out, |o| {
            sum::sum_intlist_out(c, &x.view(), dims, false, None, o)
        })
        .unwrap();
        assert_eq!(out.sizes(), &[] as &[usize]);
        assert_eq!(vals(&out), [276.0], "{dims:?}");
    }
    for bad in [&[1, 1][..], &[0, -3][..], &[3][..], &[-4][..]] {
        let r = run(&mut out, |o| {
            sum::sum_intlist_out(c, &x.view(), Some(bad), false, None, o)
        });
        assert_eq!(err_kind(r), ErrorKind::InvalidArgument, "{bad:?}");
    }
    // zero-dim: dims 0 and -1 are the tensor itself; 1 is out of range.
    let z = tt(Float, &[3.0], &[]);
    let mut zo = zeros(Float, &[]);
    run(&mut zo, |o| {
        sum::sum_intlist_out(c, &z.view(), Some(&[-1]), true, None, o)
    })
    .unwrap();
    assert_eq!(vals(&zo), [3.0]);
    let r = run(&mut zo, |o| {
        sum::sum_intlist_out(c, &z.view(), Some(&[0, -1]), false, None, o)
    });
    assert!(r.is_err());
    // a size-0 reduced dim sums to 0
    let e = tt(Float, &[], &[2, 0]);
    let mut eo = zeros(Float, &[2]);
    run(&mut eo, |o| {
        sum::sum_intlist_out(c, &e.view(), Some(&[1]), false, None, o)
    })
    .unwrap();
    assert_eq!(vals(&eo), [0.0, 0.0]);
}

#[test]
fn sum_dim_orders() {
    // a [2,3,2,2] channels-last input reduced over C, into channels-last and contiguous outs
    let v = iota(24);
    let x = tto(Float, &v, &[2, 3, 2, 2], &CL);
    let want: Vec<f64> = (0..2)
        .flat_map(|n| (0..4).map(move |hw| (0..3).map(|c| (n * 12 + c * 4 + hw) as f64).sum()))
        .collect();
    for order in [CL, [0, 1, 2, 3]] {
        let mut out = zeros_o(Float, &[2, 1, 2, 2], &order);
        run(&mut out, |o| {
            sum::sum_intlist_out(&mut ctx(), &x.view(), Some(&[1]), true, None, o)
        })
        .unwrap();
        assert_eq!(vals(&out), want, "out order {order:?}");
    }
    // permuted input, reduce the outer logical dim
    let p = tto(Int, &iota(12), &[3, 4], &[1, 0]);
    let mut out = zeros(Long, &[4]);
    run(&mut out, |o| {
        sum::sum_intlist_out(&mut ctx(), &p.view(), Some(&[0]), false, None, o)
    })
    .unwrap();
    assert_eq!(vals(&out), [12.0, 15.0, 18.0, 21.0]);
}

#[test]
fn sum_out_dtypes() {
    let c = &mut ctx();
    // the input is cast to the out's dtype first: 0.7 + 1.9 - 2.5 into Int is 0 + 1 - 2
    let x = tt(Float, &[0.7, 1.9, -2.5], &[3]);
    let mut out = zeros(Int, &[]);
    run(&mut out, |o| {
        sum::sum_intlist_out(c, &x.view(), None, false, None, o)
    })
    .unwrap();
    assert_eq!(vals(&out), [-1.0]);
    // a Bool out is "any non-zero"
    let mut b = zeros(Bool, &[]);
    run(&mut b, |o| {
        sum::sum_intlist_out(c, &x.view(), None, false, None, o)
    })
    .unwrap();
    assert_eq!(vals(&b), [1.0]);
    // int8 wraps
    let w = tt(Char, &[100.0, 100.0], &[2]);
    let mut wo = zeros(Char, &[]);
    run(&mut wo, |o| {
        sum::sum_intlist_out(c, &w.view(), None, false, None, o)
    })
    .unwrap();
    assert_eq!(vals(&wo), [-56.0]);
    // dtype= wants exactly that out dtype
    let r = run(&mut out, |o| {
        sum::sum_intlist_out(c, &x.view(), None, false, Some(Double), o)
    });
    assert_eq!(err_kind(r), ErrorKind::InvalidType);
    let mut d = zeros(Double, &[]);
    run(&mut d, |o| {
        sum::sum_intlist_out(c, &x.view(), None, false, Some(Double), o)
    })
    .unwrap();
    assert_close(&vals(&d), &[0.1], 1e-6, "dtype=Double");
    // Half accumulates in f32: 2048 + 1000 ones is 3048 (a Half accumulator stops at 2048)
    let mut hv = vec![2048.0];
    hv.extend(std::iter::repeat_n(1.0, 1000));
    let h = tt(Half, &hv, &[1001]);
    let mut ho = zeros(Half, &[]);
    run(&mut ho, |o| {
        sum::sum_intlist_out(c, &h.view(), None, false, None, o)
    })
    .unwrap();
    assert_eq!(vals(&ho), [3048.0]);
}

// ---------------------------------------------------------------------------------------------
// mean, prod

#[test]
fn mean_rules() {
    let c = &mut ctx();
    let xi = tt(Int, &iota(6), &[2, 3]);
    let mut out = zeros(Float, &[2]);
    let r = run(&mut out, |o| {
        mean::mean_out(c, &xi.view(), Some(&[1]), false, None, o)
    });
    assert_eq!(err_kind(r), ErrorKind::InvalidType);
    let r = run(&mut out, |o| {
        mean::mean_out(c, &xi.view(), Some(&[1]), false, Some(Int), o)
    });
    assert_eq!(err_kind(r), ErrorKind::InvalidType);
    run(&mut out, |o| {
        mean::mean_out(c, &xi.view(), Some(&[1]), false, Some(Float), o)
    })
    .unwrap();
    assert_eq!(vals(&out), [1.0, 4.0]);
    let xf = tt(Float, &iota(6), &[2, 3]);
    let mut h = zeros(Half, &[]);
    run(&mut h, |o| mean::mean_dtype_out(c, &xf.view(), None, o)).unwrap();
    assert_eq!(vals(&h), [2.5]);
    let mut l = zeros(Long, &[2]);
    let r = run(&mut l, |o| {
        mean::mean_out(c, &xf.view(), Some(&[1]), false, None, o)
    });
    assert_eq!(err_kind(r), ErrorKind::InvalidType);
    let e = tt(Float, &[], &[2, 0]);
    run(&mut out, |o| {
        mean::mean_out(c, &e.view(), Some(&[1]), false, None, o)
    })
    .unwrap();
    assert!(vals(&out).iter().all(|v| v.is_nan()));
}

#[test]
fn prod_rules() {
    let c = &mut ctx();
    let x = tt(Int, &iota(6), &[2, 3]);
    let mut out = zeros(Long, &[2]);
    run(&mut out, |o| {
        prod::prod_int_out(c, &x.view(), 1, false, None, o)
    })
    .unwrap();
    assert_eq!(vals(&out), [0.0, 60.0]);
    // int_out takes any out dtype, prod.out only the default (Long for integers)
    let mut b = zeros(Bool, &[2]);
    run(&mut b, |o| {
        prod::prod_int_out(c, &x.view(), 1, false, None, o)
    })
    .unwrap();
    assert_eq!(vals(&b), [0.0, 1.0]);
    let mut s = zeros(Int, &[]);
    let r = run(&mut s, |o| prod::prod_out(c, &x.view(), None, o));
    assert_eq!(err_kind(r), ErrorKind::InvalidType);
    let mut l = zeros(Long, &[]);
    let e = tt(Float, &[], &[0]);
    let mut f = zeros(Float, &[]);
    run(&mut f, |o| prod::prod_out(c, &e.view(), None, o)).unwrap();
    assert_eq!(vals(&f), [1.0]);
    let big = tt(Int, &[3.0; 70], &[70]);
    run(&mut l, |o| prod::prod_out(c, &big.view(), None, o)).unwrap();
    assert_eq!(vals(&l), [3i64.wrapping_pow(70) as f64]);
}

// ---------------------------------------------------------------------------------------------
// amax, amin, max, min, argmax, argmin

#[test]
fn amax_amin_nan_and_errors() {
    let c = &mut ctx();
    let x = tt(Float, &[1.0, NAN, 3.0, 2.0, 5.0, -1.0], &[2, 3]);
    let mut out = zeros(Float, &[2]);
    run(&mut out, |o| amax::amax_out(c, &x.view(), &[1], false, o)).unwrap();
    assert!(vals(&out)[0].is_nan());
    assert_eq!(vals(&out)[1], 5.0);
    run(&mut out, |o| amin::amin_out(c, &x.view(), &[-1], false, o)).unwrap();
    assert!(vals(&out)[0].is_nan());
    assert_eq!(vals(&out)[1], -1.0);
    let mut all = zeros(Float, &[]);
    run(&mut all, |o| amax::amax_out(c, &x.view(), &[], false, o)).unwrap();
    assert!(vals(&all)[0].is_nan());
    let mut d = zeros(Double, &[2]);
    let r = run(&mut d, |o| amax::amax_out(c, &x.view(), &[1], false, o));
    assert_eq!(err_kind(r), ErrorKind::InvalidType);
    let e = tt(Float, &[], &[2, 0]);
    let r = run(&mut out, |o| amax::amax_out(c, &e.view(), &[1], false, o));
    assert_eq!(err_kind(r), ErrorKind::InvalidArgument);
    let r = run(&mut out, |o| amax::amax_out(c, &e.view(), &[], false, o));
    assert_eq!(err_kind(r), ErrorKind::InvalidArgument);
    let mut z = zeros(Float, &[0]);
    run(&mut z, |o| amax::amax_out(c, &e.view(), &[0], false, o)).unwrap();
    for &dt in &REAL {
        let b = tt(dt, &[0.0, 1.0, 1.0, 0.0], &[2, 2]);
        let mut o2 = zeros(dt, &[2]);
        run(&mut o2, |o| amax::amax_out(c, &b.view(), &[0], false, o)).unwrap();
        assert_eq!(vals(&o2), [1.0, 1.0], "{dt}");
    }
}

#[test]
fn max_min_dim_values_and_indices() {
    let c = &mut ctx();
    // ties give the first index, NaN wins (first NaN)
    let x = tt(Float, &[1.0, 3.0, 3.0, 0.0, 2.0, NAN, 7.0, NAN], &[2, 4]);
    let (mut v, mut i) = (zeros(Float, &[2]), zeros(Long, &[2]));
    run2(&mut v, &mut i, |a, b| {
        max::max_dim_max(c, &x.view(), 1, false, a, b)
    })
    .unwrap();
    assert_eq!(vals(&v)[0], 3.0);
    assert!(vals(&v)[1].is_nan());
    assert_eq!(vals(&i), [1.0, 1.0]);
    run2(&mut v, &mut i, |a, b| {
        min::min_dim_min(c, &x.view(), -1, false, a, b)
    })
    .unwrap();
    assert_eq!(vals(&v)[0], 0.0);
    assert_eq!(vals(&i), [3.0, 1.0]);
    // channels-last input: indices are logical
    let cl = tto(
        Int,
        &[5.0, 1.0, 5.0, 2.0, 5.0, 0.0, 3.0, 5.0],
        &[1, 2, 2, 2],
        &CL,
    );
    let (mut v, mut i) = (zeros(Int, &[1, 2, 2]), zeros(Long, &[1, 2, 2]));
    run2(&mut v, &mut i, |a, b| {
        max::max_dim_max(c, &cl.view(), 2, false, a, b)
    })
    .unwrap();
    assert_eq!(vals(&v), [5.0, 2.0, 5.0, 5.0]);
    assert_eq!(vals(&i), [0.0, 1.0, 0.0, 1.0]);
    // dtype errors and the empty dim
    let (mut vi, mut ii) = (zeros(Int, &[2]), zeros(Long, &[2]));
    assert!(
        run2(&mut vi, &mut ii, |a, b| max::max_dim_max(
            c,
            &x.view(),
            1,
            false,
            a,
            b
        ))
        .is_err()
    );
    let (mut vf, mut i32o) = (zeros(Float, &[2]), zeros(Int, &[2]));
    assert!(
        run2(&mut vf, &mut i32o, |a, b| max::max_dim_max(
            c,
            &x.view(),
            1,
            false,
            a,
            b
        ))
        .is_err()
    );
    let e = tt(Float, &[], &[2, 0]);
    assert!(
        run2(&mut vf, &mut ii, |a, b| max::max_dim_max(
            c,
            &e.view(),
            1,
            false,
            a,
            b
        ))
        .is_err()
    );
}

#[test]
fn max_min_unary() {
    let c = &mut ctx();
    let x = tt(Int, &iota(6), &[2, 3]);
    let mut f = zeros(Float, &[3]).dynamic();
    run(&mut f, |o| max::max_unary_out(c, &x.view(), o)).unwrap();
    assert_eq!(vals(&f), [5.0]);
    let xf = tt(Float, &[1.0, 2.5], &[2]);
    let mut i = zeros(Int, &[]);
    assert!(run(&mut i, |o| max::max_unary_out(c, &xf.view(), o)).is_err());
    // empty: the dtype's lowest (max) or highest (min) value
    let e = tt(Float, &[], &[0]);
    let mut ef = zeros(Float, &[]);
    run(&mut ef, |o| max::max_unary_out(c, &e.view(), o)).unwrap();
    assert_eq!(vals(&ef), [-INF]);
    let ei = tt(Int, &[], &[0]);
    run(&mut i, |o| min::min_unary_out(c, &ei.view(), o)).unwrap();
    assert_eq!(vals(&i), [i32::MAX as f64]);
}

#[test]
fn argmax_argmin_rules() {
    let c = &mut ctx();
    let x = tt(Float, &[1.0, NAN, 3.0, NAN, 2.0, 2.0, -1.0, -1.0], &[2, 4]);
    let mut out = zeros(Long, &[2]);
    run(&mut out, |o| {
        argmax::argmax_out(c, &x.view(), Some(1), false, o)
    })
    .unwrap();
    assert_eq!(vals(&out), [1.0, 0.0]);
    run(&mut out, |o| {
        argmin::argmin_out(c, &x.view(), Some(-1), false, o)
    })
    .unwrap();
    assert_eq!(vals(&out), [1.0, 2.0]);
    let mut k = zeros(Long, &[1, 1]);
    run(&mut k, |o| argmax::argmax_out(c, &x.view(), None, true, o)).unwrap();
    assert_eq!(vals(&k), [1.0]);
    // flattened over a channels-last tensor: ties resolve to the first logical index
    let cl = tto(
        Short,
        &[0.0, 4.0, 1.0, 4.0, 4.0, 2.0, 0.0, 4.0],
        &[1, 2, 2, 2],
        &CL,
    );
    let mut s = zeros(Long, &[]);
    run(&mut s, |o| {
        argmax::argmax_out(c, &cl.view(), None, false, o)
    })
    .unwrap();
    assert_eq!(vals(&s), [1.0]);
    // Bool rejected, the out must be Long, an empty input needs a dim
    let b = tt(Bool, &[1.0, 0.0], &[2]);
    assert!(run(&mut s, |o| argmax::argmax_out(c, &b.view(), None, false, o)).is_err());
    let mut i = zeros(Int, &[2]);
    assert!(
        run(&mut i, |o| argmax::argmax_out(
            c,
            &x.view(),
            Some(1),
            false,
            o
        ))
        .is_err()
    );
    let e = tt(Float, &[], &[0]);
    assert!(run(&mut s, |o| argmax::argmax_out(c, &e.view(), None, false, o)).is_err());
    let z = tt(Float, &[3.0], &[]);
    run(&mut s, |o| {
        argmax::argmax_out(c, &z.view(), Some(0), false, o)
    })
    .unwrap();
    assert_eq!(vals(&s), [0.0]);
}

// ---------------------------------------------------------------------------------------------
// any

#[test]
fn any_rules() {
    let c = &mut ctx();
    let x = tt(Float, &[0.0, NAN, -0.0, 0.0, 0.0, 1e-30], &[3, 2]);
    let mut out = zeros(Bool, &[3]);
    run(&mut out, |o| any::any_out(c, &x.view(), 1, false, o)).unwrap();
    assert_eq!(vals(&out), [1.0, 0.0, 1.0]);
    // a Byte out reduces `self` as uint8: NaN (x86's conversion) and 1e-30 are 0 there
    let mut byte = zeros(Byte, &[]);
    run(&mut byte, |o| any::any_all_out(c, &x.view(), o)).unwrap();
    assert_eq!(vals(&byte), [0.0]);
    let mut f = zeros(Float, &[]);
    assert_eq!(
        err_kind(run(&mut f, |o| any::any_all_out(c, &x.view(), o))),
        ErrorKind::InvalidType
    );
    // dims=[] is elementwise, dims=None every dim
    let mut e = zeros(Bool, &[3, 2]);
    run(&mut e, |o| {
        any::any_dims_out(c, &x.view(), Some(&[]), false, o)
    })
    .unwrap();
    assert_eq!(vals(&e), [0.0, 1.0, 0.0, 0.0, 0.0, 1.0]);
    let mut a = zeros(Bool, &[]);
    run(&mut a, |o| any::any_dims_out(c, &x.view(), None, false, o)).unwrap();
    assert_eq!(vals(&a), [1.0]);
    let em = tt(Int, &[], &[2, 0]);
    let mut eo = zeros(Bool, &[2]);
    run(&mut eo, |o| any::any_out(c, &em.view(), 1, false, o)).unwrap();
    assert_eq!(vals(&eo), [0.0, 0.0]);
}

// ---------------------------------------------------------------------------------------------
// var, var_mean

#[test]
fn var_corrections() {
    let c = &mut ctx();
    let x = tt(Float, &iota(6), &[2, 3]);
    let mut out = zeros(Float, &[2]);
    for (corr, want) in [
        (None, 1.0),
        (Some(Scalar::Int(0)), 2.0 / 3.0),
        (Some(Scalar::Double(2.5)), 4.0),
        (Some(Scalar::Int(-1)), 0.5),
        (Some(Scalar::Int(3)), INF),
        (Some(Scalar::Int(5)), INF),
        (Some(Scalar::Double(NAN)), INF),
        (Some(Scalar::Bool(true)), 1.0),
    ] {
        run(&mut out, |o| {
            var::var_correction_out(c, &x.view(), Some(&[1]), corr, false, o)
        })
        .unwrap();
        assert_close(&vals(&out), &[want, want], 1e-6, &format!("{corr:?}"));
    }
    run(&mut out, |o| {
        var::var_out(c, &x.view(), Some(&[1]), false, false, o)
    })
    .unwrap();
    assert_close(&vals(&out), &[2.0 / 3.0; 2], 1e-6, "unbiased=False");
    // constant lane with correction >= N: 0/0
    let k = tt(Float, &[1.5; 3], &[3]);
    let mut s = zeros(Double, &[]);
    run(&mut s, |o| {
        var::var_correction_out(c, &k.view(), None, Some(Scalar::Int(3)), false, o)
    })
    .unwrap();
    assert!(vals(&s)[0].is_nan());
    let xi = tt(Int, &iota(6), &[2, 3]);
    let r = run(&mut out, |o| {
        var::var_out(c, &xi.view(), Some(&[1]), true, false, o)
    });
    assert_eq!(err_kind(r), ErrorKind::InvalidType);
    let mut l = zeros(Long, &[2]);
    assert!(
        run(&mut l, |o| var::var_out(
            c,
            &x.view(),
            Some(&[1]),
            true,
            false,
            o
        ))
        .is_err()
    );
    // large offset: no cancellation
    let big: Vec<f64> = (0..100).map(|i| 1e8 + (i % 2) as f64).collect();
    let b = tt(Double, &big, &[100]);
    run(&mut s, |o| {
        var::var_out(c, &b.view(), None, false, false, o)
    })
    .unwrap();
    assert_close(&vals(&s), &[0.25], 1e-9, "offset");
}

#[test]
fn var_mean_outs() {
    let c = &mut ctx();
    let x = tt(Float, &iota(6), &[2, 3]);
    let (mut v, mut m) = (dynamic(Float, 2), dynamic(Float, 2));
    run2(&mut v, &mut m, |a, b| {
        var_mean::var_mean_correction_out(c, &x.view(), Some(&[1]), None, true, a, b)
    })
    .unwrap();
    assert_eq!(v.sizes(), &[2, 1]);
    assert_close(&vals(&v), &[1.0, 1.0], 1e-6, "var");
    assert_close(&vals(&m), &[1.0, 4.0], 1e-6, "mean");
    let (mut v, mut m) = (zeros(Float, &[2]), zeros(Double, &[2]));
    assert!(
        run2(&mut v, &mut m, |a, b| {
            var_mean::var_mean_correction_out(c, &x.view(), Some(&[1]), None, false, a, b)
        })
        .is_err()
    );
    let e = tt(Float, &[], &[2, 0]);
    let (mut v, mut m) = (zeros(Float, &[2]), zeros(Float, &[2]));
    run2(&mut v, &mut m, |a, b| {
        var_mean::var_mean_correction_out(c, &e.view(), Some(&[1]), None, false, a, b)
    })
    .unwrap();
    assert!(vals(&v).iter().chain(vals(&m).iter()).all(|x| x.is_nan()));
}

// ---------------------------------------------------------------------------------------------
// cumsum

#[test]
fn cumsum_rules() {
    let c = &mut ctx();
    let x = tt(Int, &iota(6), &[2, 3]);
    let mut out = zeros(Long, &[2, 3]);
    run(&mut out, |o| cumsum::cumsum_out(c, &x.view(), 1, None, o)).unwrap();
    assert_eq!(vals(&out), [0.0, 1.0, 3.0, 3.0, 7.0, 12.0]);
    run(&mut out, |o| cumsum::cumsum_out(c, &x.view(), -2, None, o)).unwrap();
    assert_eq!(vals(&out), [0.0, 1.0, 2.0, 3.0, 5.0, 7.0]);
    let mut b = zeros(Bool, &[2, 3]);
    assert_eq!(
        err_kind(run(&mut b, |o| cumsum::cumsum_out(
            c,
            &x.view(),
            1,
            None,
            o
        ))),
        ErrorKind::InvalidType
    );
    let f = tt(Float, &[0.5, 1.5, 2.5], &[3]);
    let mut i = zeros(Int, &[3]);
    run(&mut i, |o| cumsum::cumsum_out(c, &f.view(), 0, None, o)).unwrap();
    assert_eq!(vals(&i), [0.0, 1.0, 3.0]);
    assert!(
        run(&mut i, |o| cumsum::cumsum_out(
            c,
            &f.view(),
            0,
            Some(Double),
            o
        ))
        .is_err()
    );
    // channels-last input and out
    let cl = tto(Float, &iota(8), &[1, 2, 2, 2], &CL);
    let mut co = zeros_o(Float, &[1, 2, 2, 2], &CL);
    run(&mut co, |o| cumsum::cumsum_out(c, &cl.view(), 1, None, o)).unwrap();
    assert_eq!(vals(&co), [0.0, 1.0, 2.0, 3.0, 4.0, 6.0, 8.0, 10.0]);
    let z = tt(Float, &[2.0], &[]);
    let mut zo = zeros(Float, &[]);
    run(&mut zo, |o| cumsum::cumsum_out(c, &z.view(), -1, None, o)).unwrap();
    assert_eq!(vals(&zo), [2.0]);
    assert!(run(&mut zo, |o| cumsum::cumsum_out(c, &z.view(), 1, None, o)).is_err());
}

// ---------------------------------------------------------------------------------------------
// the shared walk: every dim order of input and out, every dim subset, against a naive sum

/// All permutations of `0..n`.
fn perms(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    for p in perms(n - 1) {
        for i in 0..=p.len() {
            let mut q = p.clone();
            q.insert(i, n - 1);
            out.push(q);
        }
    }
    out
}

#[test]
fn walk_every_dim_order_and_subset() {
    let sizes = [2usize, 3, 1, 4];
    let n: usize = sizes.iter().product();
    let v: Vec<f64> = (0..n).map(|i| ((i * 37) % 11) as f64).collect();
    let strides = [12usize, 4, 4, 1];
    for order in perms(4) {
        let x = tto(Long, &v, &sizes, &order);
        for m in 1u32..16 {
            let dims: Vec<i64> = (0..4)
                .filter(|d| m & (1 << d) != 0)
                .map(|d| d as i64)
                .collect();
            let kept: Vec<usize> = (0..4).filter(|d| m & (1 << d) == 0).collect();
            let out_sizes: Vec<usize> = (0..4)
                .map(|d| if m & (1 << d) != 0 { 1 } else { sizes[d] })
                .collect();
            // naive sums and argmax (first index of the largest value) per out element
            let out_n: usize = out_sizes.iter().product();
            let (mut want, mut best) = (vec![0.0; out_n], vec![(f64::MIN, 0usize); out_n]);
            for (i, &x) in v.iter().enumerate() {
                let idx: Vec<usize> = (0..4).map(|d| i / strides[d] % sizes[d]).collect();
                let (mut o, mut r, mut os) = (0, 0, 1);
                for d in (0..4).rev() {
                    if m & (1 << d) == 0 {
                        o += idx[d] * os;
                        os *= sizes[d];
                    }
                }
                for d in 0..4 {
                    if m & (1 << d) != 0 {
                        r = r * sizes[d] + idx[d];
                    }
                }
                want[o] += x;
                if x > best[o].0 || (x == best[o].0 && r < best[o].1) {
                    best[o] = (x, r);
                }
            }
            for out_order in [(0..4).collect::<Vec<_>>(), order.clone()] {
                let mut out = zeros_o(Long, &out_sizes, &out_order);
                let d = if dims.is_empty() {
                    None
                } else {
                    Some(&dims[..])
                };
                run(&mut out, |o| {
                    sum::sum_intlist_out(&mut ctx(), &x.view(), d, true, None, o)
                })
                .unwrap();
                assert_eq!(
                    vals(&out),
                    want,
                    "order {order:?} dims {dims:?} out {out_order:?}"
                );
            }
            if dims.len() == 1 {
                let mut vo = zeros(Long, &kept.iter().map(|&d| sizes[d]).collect::<Vec<_>>());
                let mut io = zeros(Long, vo.sizes());
                run2(&mut vo, &mut io, |a, b| {
                    max::max_dim_max(&mut ctx(), &x.view(), dims[0], false, a, b)
                })
                .unwrap();
                let bi: Vec<f64> = best.iter().map(|b| b.1 as f64).collect();
                assert_eq!(vals(&io), bi, "argmax order {order:?} dim {dims:?}");
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// the dtype a reduction computes in (issue 28 item 1): values measured with PyTorch 2.13

#[test]
fn any_into_a_byte_out_converts_self_to_byte_first() {
    let c = &mut ctx();
    // 0.3 and 0.7 are 0 as uint8, -1.5 is 255, 256 wraps to 0
    for (v, want) in [
        (&[0.3, 0.0, 0.7][..], 0.0),
        (&[-1.5, 0.0][..], 1.0),
        (&[256.0, 512.0][..], 0.0),
    ] {
        let x = tt(Float, v, &[v.len()]);
        let mut out = zeros(Byte, &[]);
        run(&mut out, |o| any::any_all_out(c, &x.view(), o)).unwrap();
        assert_eq!(vals(&out), [want], "{v:?} into Byte");
        let mut b = zeros(Bool, &[]);
        run(&mut b, |o| any::any_all_out(c, &x.view(), o)).unwrap();
        assert_eq!(vals(&b), [1.0], "{v:?} into Bool");
    }
    // one element: ATen copies `self != 0`, whatever the out
    let one = tt(Float, &[0.3], &[1, 1]);
    let mut out = zeros(Byte, &[1]);
    run(&mut out, |o| any::any_out(c, &one.view(), 1, false, o)).unwrap();
    assert_eq!(vals(&out), [1.0]);
    let x = tt(Int, &[256.0, 512.0, 0.0, 1.0], &[2, 2]);
    let mut out = zeros(Byte, &[2]);
    run(&mut out, |o| {
        any::any_dims_out(c, &x.view(), Some(&[1]), false, o)
    })
    .unwrap();
    assert_eq!(vals(&out), [0.0, 1.0]);
}

#[test]
fn cumsum_bool_out_takes_a_0_dim_or_empty_self_only() {
    let c = &mut ctx();
    let z = tt(Float, &[0.5], &[]);
    let mut out = zeros(Bool, &[]);
    run(&mut out, |o| cumsum::cumsum_out(c, &z.view(), 0, None, o)).unwrap();
    assert_eq!(vals(&out), [1.0]);
    let e = zeros(Float, &[2, 0]);
    let mut out = zeros(Bool, &[2, 0]);
    run(&mut out, |o| cumsum::cumsum_out(c, &e.view(), 1, None, o)).unwrap();
    let x = tt(Float, &[0.5, 1.0], &[2]);
    let mut out = zeros(Bool, &[2]);
    let r = run(&mut out, |o| cumsum::cumsum_out(c, &x.view(), 0, None, o));
    assert_eq!(err_kind(r), ErrorKind::InvalidType);
}

#[test]
fn prod_of_half_rounds_every_product() {
    // 200 * 100 * 255 overflows Half before the 0: inf * 0 is NaN
    let x = tt(Byte, &[200.0, 100.0, 255.0, 0.0], &[1, 4]);
    let mut out = zeros(Half, &[1]);
    run(&mut out, |o| {
        prod::prod_int_out(&mut ctx(), &x.view(), 1, false, Some(Half), o)
    })
    .unwrap();
    assert!(vals(&out)[0].is_nan());
}

#[test]
fn max_of_everything_fills_the_out_with_an_overflow_check() {
    let c = &mut ctx();
    let x = tt(Int, &[300.0, -1.0], &[2]);
    let mut out = zeros(Char, &[]);
    let r = run(&mut out, |o| max::max_unary_out(c, &x.view(), o));
    assert_eq!(err_kind(r), ErrorKind::InvalidArgument);
    let mut out = zeros(Char, &[]);
    run(&mut out, |o| min::min_unary_out(c, &x.view(), o)).unwrap();
    assert_eq!(vals(&out), [-1.0]);
    let d = tt(Double, &[1e300, 2.0], &[2]);
    let mut out = zeros(Float, &[]);
    let r = run(&mut out, |o| max::max_unary_out(c, &d.view(), o));
    assert_eq!(err_kind(r), ErrorKind::InvalidArgument);
    let mut out = zeros(Half, &[]);
    run(&mut out, |o| max::max_unary_out(c, &d.view(), o)).unwrap();
    assert_eq!(vals(&out), [INF]);
}

// ---------------------------------------------------------------------------------------------
// the walks behind the speed: side-by-side lanes and value-only extremes give the values the
// one-lane walks give (bit for bit)

#[test]
fn outer_dim_reductions_read_side_by_side_give_the_same_bits() {
    let c = &mut ctx();
    let v: Vec<f64> = (0..300 * 21)
        .map(|i| ((i * 7919) % 1000) as f64 * 0.0137 - 6.0)
        .collect();
    // dim 0 of a row-major [300, 21]: 21 lanes strided by 21, read 8 at a time; the same values
    // in a column-major layout are 21 dense lanes, read one by one
    let rows = tt(Float, &v, &[300, 21]);
    let cols = tto(Float, &v, &[300, 21], &[1, 0]);
    for (name, f) in [("sum", 0usize), ("mean", 1), ("var", 2), ("amax", 3)] {
        let mut got = [zeros(Float, &[21]), zeros(Float, &[21])];
        for (x, o) in [&rows, &cols].into_iter().zip(got.iter_mut()) {
            run(o, |o| match f {
                0 => sum::sum_intlist_out(c, &x.view(), Some(&[0]), false, None, o),
                1 => mean::mean_out(c, &x.view(), Some(&[0]), false, None, o),
                2 => var::var_correction_out(c, &x.view(), Some(&[0]), None, false, o),
                _ => amax::amax_out(c, &x.view(), &[0], false, o),
            })
            .unwrap();
        }
        let bits = |t: &OwnedTensor| {
            t.to_logical::<f32>()
                .iter()
                .map(|x| x.to_bits())
                .collect::<Vec<_>>()
        };
        assert_eq!(bits(&got[0]), bits(&got[1]), "{name}");
    }
}

#[test]
fn amax_keeps_the_first_signed_zero_and_nan() {
    let c = &mut ctx();
    // walked in index order (the value-only fold) and permuted (the indexed fold)
    for order in [[0, 1], [1, 0]] {
        let x = tto(Float, &[-0.0, 0.0, -5.0, 0.0, -0.0, -1.0], &[2, 3], &order);
        let mut out = zeros(Float, &[2]);
        run(&mut out, |o| amax::amax_out(c, &x.view(), &[1], false, o)).unwrap();
        let got = out.to_logical::<f32>();
        assert_eq!(
            (got[0].to_bits(), got[1].to_bits()),
            ((-0.0f32).to_bits(), 0.0f32.to_bits()),
            "{order:?}"
        );
    }
    let x = tt(Float, &[1.0, NAN, 3.0, -NAN], &[4]);
    let mut out = zeros(Float, &[]);
    run(&mut out, |o| amax::amax_out(c, &x.view(), &[0], false, o)).unwrap();
    assert!(vals(&out)[0].is_nan());
}
