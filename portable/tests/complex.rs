//! Complex dtypes through the reductions, scatters and copies (issue 15): values checked
//! against PyTorch 2.13 (ATen, CPU), and the calls ATen rejects on complex rejected with a
//! dtype error (not "not implemented").

use ScalarType::*;
use etk_core::{ErrorKind, OwnedTensor, Scalar, ScalarType};
use etk_portable::ops::*;

mod common;
use common::*;

/// A contiguous ComplexFloat (or ComplexDouble) tensor from (re, im) pairs.
fn cx(dtype: ScalarType, pairs: &[(f64, f64)], sizes: &[usize]) -> OwnedTensor {
    let mut bytes = Vec::new();
    for &(re, im) in pairs {
        if dtype == ComplexFloat {
            bytes.extend((re as f32).to_le_bytes());
            bytes.extend((im as f32).to_le_bytes());
        } else {
            bytes.extend(re.to_le_bytes());
            bytes.extend(im.to_le_bytes());
        }
    }
    let order: Vec<usize> = (0..sizes.len()).collect();
    let mut t = OwnedTensor::with_capacity(dtype, sizes, &order, 0).unwrap();
    let mut v = t.view_mut().unwrap();
    let p = v.as_mut_ptr("test", "t").unwrap();
    assert_eq!(bytes.len(), v.nbytes());
    // SAFETY: the tensor holds exactly `bytes.len()` bytes.
    unsafe { core::ptr::copy_nonoverlapping(bytes.as_ptr(), p, bytes.len()) };
    t
}

/// The (re, im) pairs of a contiguous complex tensor.
fn pairs(t: &OwnedTensor) -> Vec<(f64, f64)> {
    let v = t.view();
    // SAFETY: a contiguous view of `nbytes` bytes.
    let b = unsafe { core::slice::from_raw_parts(v.as_ptr(), v.nbytes()) };
    if t.dtype() == ComplexFloat {
        b.chunks(8)
            .map(|c| {
                let f = |s: &[u8]| f32::from_le_bytes(s.try_into().unwrap()) as f64;
                (f(&c[..4]), f(&c[4..]))
            })
            .collect()
    } else {
        b.chunks(16)
            .map(|c| {
                let f = |s: &[u8]| f64::from_le_bytes(s.try_into().unwrap());
                (f(&c[..8]), f(&c[8..]))
            })
            .collect()
    }
}

const X: [(f64, f64); 6] = [
    (1.0, 2.0),
    (-3.0, 0.5),
    (2.0, -1.0),
    (0.0, 4.0),
    (1.5, 1.5),
    (-2.0, -2.0),
];

#[test]
fn sum_prod_mean_cumsum() {
    for dt in [ComplexFloat, ComplexDouble] {
        let x = cx(dt, &X, &[2, 3]);
        let mut out = OwnedTensor::zeros(dt, &[2]).unwrap();
        run(&mut out, |o| {
            sum::sum_intlist_out(&mut ctx(), &x.view(), Some(&[1]), false, None, o)
        })
        .unwrap();
        assert_eq!(pairs(&out), vec![(0.0, 1.5), (-0.5, 3.5)], "sum {dt}");
        run(&mut out, |o| {
            prod::prod_int_out(&mut ctx(), &x.view(), 1, false, None, o)
        })
        .unwrap();
        // (1+2i)(-3+0.5i)(2-i) = -13.5-7i; (4i)(1.5+1.5i)(-2-2i) = 24
        assert_eq!(pairs(&out), vec![(-13.5, -7.0), (24.0, 0.0)], "prod {dt}");
        let mut m = OwnedTensor::zeros(dt, &[3]).unwrap();
        run(&mut m, |o| {
            mean::mean_out(&mut ctx(), &x.view(), Some(&[0]), false, None, o)
        })
        .unwrap();
        assert_eq!(
            pairs(&m),
            vec![(0.5, 3.0), (-0.75, 1.0), (0.0, -1.5)],
            "mean {dt}"
        );
        let mut c = OwnedTensor::zeros(dt, &[2, 3]).unwrap();
        run(&mut c, |o| {
            cumsum::cumsum_out(&mut ctx(), &x.view(), 1, None, o)
        })
        .unwrap();
        assert_eq!(
            pairs(&c),
            vec![
                (1.0, 2.0),
                (-2.0, 2.5),
                (0.0, 1.5),
                (0.0, 4.0),
                (1.5, 5.5),
                (-0.5, 3.5)
            ],
            "cumsum {dt}"
        );
    }
}

#[test]
fn complex_half_sum_is_rejected_as_a_dtype_error() {
    let x = OwnedTensor::zeros(ComplexHalf, &[3]).unwrap();
    let mut out = OwnedTensor::zeros(ComplexHalf, &[]).unwrap();
    let r = run(&mut out, |o| {
        sum::sum_intlist_out(&mut ctx(), &x.view(), None, false, None, o)
    });
    assert_eq!(err_kind(r), ErrorKind::InvalidType);
}

#[test]
fn var_is_real_and_var_mean_mean_is_complex() {
    // var over 2 elements, correction 1: var(re) + var(im)
    let x = cx(ComplexFloat, &[(1.0, 2.0), (3.0, -2.0)], &[2]);
    let mut v = OwnedTensor::zeros(Float, &[]).unwrap();
    run(&mut v, |o| {
        var::var_correction_out(&mut ctx(), &x.view(), None, None, false, o)
    })
    .unwrap();
    assert_same(&vals(&v), &[2.0 + 8.0], "var");
    let mut m = OwnedTensor::zeros(ComplexFloat, &[]).unwrap();
    let mut v = OwnedTensor::zeros(Float, &[]).unwrap();
    run2(&mut v, &mut m, |a, b| {
        var_mean::var_mean_correction_out(&mut ctx(), &x.view(), None, None, false, a, b)
    })
    .unwrap();
    assert_same(&vals(&v), &[10.0], "var_mean var");
    assert_eq!(pairs(&m), vec![(2.0, 0.0)], "var_mean mean");
}

#[test]
fn scatter_add_and_reduce() {
    let x = cx(ComplexFloat, &X[..3], &[3]);
    let src = cx(ComplexFloat, &X[3..], &[3]);
    let i = OwnedTensor::from_slice::<i64>(&[0, 0, 2], &[3]).unwrap();
    let mut out = OwnedTensor::zeros(ComplexFloat, &[3]).unwrap();
    run(&mut out, |o| {
        scatter_add::scatter_add_out(&mut ctx(), &x.view(), 0, &i.view(), &src.view(), o)
    })
    .unwrap();
    assert_eq!(
        pairs(&out),
        vec![(2.5, 7.5), (-3.0, 0.5), (0.0, -3.0)],
        "scatter_add"
    );
    run(&mut out, |o| {
        scatter_reduce::scatter_reduce_two_out(
            &mut ctx(),
            &x.view(),
            0,
            &i.view(),
            &src.view(),
            "prod",
            false,
            o,
        )
    })
    .unwrap();
    // (4i)(1.5+1.5i) = -6+6i; element 2: -2-2i
    assert_eq!(
        pairs(&out),
        vec![(-6.0, 6.0), (-3.0, 0.5), (-2.0, -2.0)],
        "scatter_reduce prod"
    );
    for red in ["amax", "amin"] {
        let r = run(&mut out, |o| {
            scatter_reduce::scatter_reduce_two_out(
                &mut ctx(),
                &x.view(),
                0,
                &i.view(),
                &src.view(),
                red,
                true,
                o,
            )
        });
        assert_eq!(err_kind(r), ErrorKind::InvalidType, "{red}");
    }
}

#[test]
fn copies_between_complex_and_real() {
    let x = cx(ComplexDouble, &[(1.5, 2.0), (0.0, -1.0), (0.0, 0.0)], &[3]);
    let mut f = OwnedTensor::zeros(Float, &[3]).unwrap();
    run(&mut f, |o| {
        to_copy::to_copy_out(&mut ctx(), &x.view(), false, None, o)
    })
    .unwrap();
    assert_same(
        &vals(&f),
        &[1.5, 0.0, 0.0],
        "complex to Float: the real part",
    );
    let mut b = OwnedTensor::zeros(Bool, &[3]).unwrap();
    run(&mut b, |o| {
        to_copy::to_copy_out(&mut ctx(), &x.view(), false, None, o)
    })
    .unwrap();
    assert_same(&vals(&b), &[1.0, 1.0, 0.0], "complex to Bool: either part");
    let mut c = OwnedTensor::zeros(ComplexFloat, &[3]).unwrap();
    run(&mut c, |o| {
        to_copy::to_copy_out(&mut ctx(), &x.view(), false, None, o)
    })
    .unwrap();
    assert_eq!(pairs(&c), vec![(1.5, 2.0), (0.0, -1.0), (0.0, 0.0)]);
    let r = tt(Long, &[3.0, -1.0, 0.0], &[3]);
    run(&mut c, |o| {
        to_copy::to_copy_out(&mut ctx(), &r.view(), false, None, o)
    })
    .unwrap();
    assert_eq!(pairs(&c), vec![(3.0, 0.0), (-1.0, 0.0), (0.0, 0.0)]);
}

#[test]
fn fills_and_rejections() {
    let mut c = OwnedTensor::zeros(ComplexDouble, &[2]).unwrap();
    run(&mut c, |o| {
        full::full_out(&mut ctx(), &[2], Scalar::Double(-2.5), o)
    })
    .unwrap();
    assert_eq!(pairs(&c), vec![(-2.5, 0.0), (-2.5, 0.0)]);
    let x = cx(ComplexFloat, &X, &[6]);
    let mut out = OwnedTensor::zeros(ComplexFloat, &[]).unwrap();
    let r = run(&mut out, |o| max::max_unary_out(&mut ctx(), &x.view(), o));
    assert_eq!(err_kind(r), ErrorKind::InvalidType);
    let r = run(&mut out, |o| {
        amax::amax_out(&mut ctx(), &x.view(), &[0], false, o)
    });
    assert_eq!(err_kind(r), ErrorKind::InvalidType);
    let r = run(&mut out, |o| {
        arange::arange_out(&mut ctx(), Scalar::Int(3), o)
    });
    assert_eq!(err_kind(r), ErrorKind::InvalidType);
}

#[test]
fn where_and_masked_fill() {
    let x = cx(ComplexFloat, &X[..3], &[3]);
    let y = cx(ComplexDouble, &X[3..4], &[1]);
    let c = tt(Bool, &[1.0, 0.0, 1.0], &[3]);
    let mut out = OwnedTensor::zeros(ComplexDouble, &[3]).unwrap();
    run(&mut out, |o| {
        where_::where_self_out(&mut ctx(), &c.view(), &x.view(), &y.view(), o)
    })
    .unwrap();
    assert_eq!(
        pairs(&out),
        vec![(1.0, 2.0), (0.0, 4.0), (2.0, -1.0)],
        "where"
    );
    // promotion from a real operand: (x, 0)
    let r = tt(Float, &[7.0], &[1]);
    let mut out = OwnedTensor::zeros(ComplexFloat, &[3]).unwrap();
    run(&mut out, |o| {
        where_::where_self_out(&mut ctx(), &c.view(), &r.view(), &x.view(), o)
    })
    .unwrap();
    assert_eq!(
        pairs(&out),
        vec![(7.0, 0.0), (-3.0, 0.5), (7.0, 0.0)],
        "where, Float"
    );
    run(&mut out, |o| {
        masked_fill::masked_fill_scalar_out(&mut ctx(), &x.view(), &c.view(), Scalar::Int(-1), o)
    })
    .unwrap();
    assert_eq!(
        pairs(&out),
        vec![(-1.0, 0.0), (-3.0, 0.5), (-1.0, 0.0)],
        "masked_fill"
    );
    let r = run(&mut out, |o| {
        masked_fill::masked_fill_scalar_out(
            &mut ctx(),
            &x.view(),
            &c.view(),
            Scalar::Double(1e300),
            o,
        )
    });
    assert!(r.is_err(), "a value out of ComplexFloat's range");
}

#[test]
fn orderings_reject_complex_as_a_dtype_error() {
    let x = cx(ComplexDouble, &X, &[2, 3]);
    let mut i = OwnedTensor::zeros(Long, &[2]).unwrap();
    let r = run(&mut i, |o| {
        argmax::argmax_out(&mut ctx(), &x.view(), Some(1), false, o)
    });
    assert_eq!(err_kind(r), ErrorKind::InvalidType, "argmax");
    let mut v = OwnedTensor::zeros(ComplexDouble, &[2]).unwrap();
    let r = run2(&mut v, &mut i, |a, b| {
        max::max_dim_max(&mut ctx(), &x.view(), 1, false, a, b)
    });
    assert_eq!(err_kind(r), ErrorKind::InvalidType, "max.dim_max");
}

// ---- the pointwise family (values checked against PyTorch 2.13) ----

#[test]
fn add_sub_mul_div_values() {
    let (a, b) = ([(1.0, 2.0), (3.0, -1.0)], [(3.0, 4.0), (0.5, 0.25)]);
    for dt in [ComplexFloat, ComplexDouble] {
        let (x, y) = (cx(dt, &a, &[2]), cx(dt, &b, &[2]));
        let mut out = zeros(dt, &[2]);
        run(&mut out, |o| {
            add::add_out(&mut ctx(), &x.view(), &y.view(), Scalar::Int(2), o)
        })
        .unwrap();
        assert_eq!(pairs(&out), vec![(7.0, 10.0), (4.0, -0.5)], "add {dt}");
        run(&mut out, |o| {
            sub::sub_out(&mut ctx(), &x.view(), &y.view(), Scalar::Double(0.5), o)
        })
        .unwrap();
        assert_eq!(pairs(&out), vec![(-0.5, 0.0), (2.75, -1.125)], "sub {dt}");
        run(&mut out, |o| {
            mul::mul_out(&mut ctx(), &x.view(), &y.view(), o)
        })
        .unwrap();
        assert_eq!(pairs(&out), vec![(-5.0, 10.0), (1.75, 0.25)], "mul {dt}");
        run(&mut out, |o| {
            div::div_out(&mut ctx(), &x.view(), &y.view(), o)
        })
        .unwrap();
        // (1+2i)/(3+4i) = 0.44+0.08i; (3-i)/(0.5+0.25i) = 4-4i
        let got = pairs(&out);
        assert!(
            (got[0].0 - 0.44).abs() < 1e-6 && (got[0].1 - 0.08).abs() < 1e-6,
            "div {dt}"
        );
        assert_eq!(got[1], (4.0, -4.0), "div {dt}");
        run(&mut out, |o| {
            rsub::rsub_scalar_out(&mut ctx(), &x.view(), Scalar::Int(1), Scalar::Int(1), o)
        })
        .unwrap();
        assert_eq!(pairs(&out), vec![(0.0, -2.0), (-2.0, 1.0)], "rsub {dt}");
    }
}

#[test]
fn complex_division_by_zero_divides_each_part() {
    // c10: x / (0+0i) is (re/0, im/0): (1+0i)/0 = (inf, nan), (-1-2i)/0 = (-inf, -inf).
    let x = cx(ComplexFloat, &[(1.0, 0.0), (-1.0, -2.0)], &[2]);
    let z = cx(ComplexFloat, &[(0.0, 0.0)], &[1]);
    let mut out = zeros(ComplexFloat, &[2]);
    run(&mut out, |o| {
        div::div_out(&mut ctx(), &x.view(), &z.view(), o)
    })
    .unwrap();
    let got = pairs(&out);
    assert_eq!(got[0].0, f64::INFINITY);
    assert!(got[0].1.is_nan());
    assert_eq!(got[1], (f64::NEG_INFINITY, f64::NEG_INFINITY));
}

#[test]
fn real_operands_promote_to_complex() {
    // Float [2] * ComplexFloat [2,1] broadcasts to ComplexFloat [2,2].
    let r = tt(Float, &[2.0, -1.0], &[2]);
    let c = cx(ComplexFloat, &[(1.0, 1.0), (0.0, -3.0)], &[2, 1]);
    let mut out = dynamic(ComplexFloat, 4);
    run(&mut out, |o| {
        mul::mul_out(&mut ctx(), &r.view(), &c.view(), o)
    })
    .unwrap();
    assert_eq!(out.sizes(), &[2, 2]);
    assert_eq!(
        pairs(&out),
        vec![(2.0, 2.0), (-1.0, -1.0), (0.0, -6.0), (-0.0, 3.0)]
    );
    // a complex result does not cast to a real out
    let mut real_out = zeros(Float, &[2, 2]);
    let r2 = run(&mut real_out, |o| {
        mul::mul_out(&mut ctx(), &r.view(), &c.view(), o)
    });
    assert!(r2.is_err());
}

#[test]
fn eq_ne_abs_neg_isnan_logical() {
    let nan = f64::NAN;
    let x = cx(ComplexDouble, &[(1.0, 2.0), (nan, 0.0), (3.0, -4.0)], &[3]);
    let y = cx(ComplexDouble, &[(1.0, 2.0), (nan, 0.0), (3.0, 4.0)], &[3]);
    let mut b = zeros(Bool, &[3]);
    run(&mut b, |o| {
        eq::eq_tensor_out(&mut ctx(), &x.view(), &y.view(), o)
    })
    .unwrap();
    assert_same(&vals(&b), &[1.0, 0.0, 0.0], "eq");
    run(&mut b, |o| {
        ne::ne_scalar_out(&mut ctx(), &x.view(), Scalar::Int(1), o)
    })
    .unwrap();
    assert_same(&vals(&b), &[1.0, 1.0, 1.0], "ne");
    run(&mut b, |o| isnan::isnan_out(&mut ctx(), &x.view(), o)).unwrap();
    assert_same(&vals(&b), &[0.0, 1.0, 0.0], "isnan");
    run(&mut b, |o| {
        logical_and::logical_and_out(&mut ctx(), &x.view(), &y.view(), o)
    })
    .unwrap();
    assert_same(&vals(&b), &[1.0, 1.0, 1.0], "logical_and");
    // abs is real (the part dtype) or exactly the input's complex dtype
    let mut m = zeros(Double, &[3]);
    run(&mut m, |o| abs::abs_out(&mut ctx(), &x.view(), o)).unwrap();
    let got = vals(&m);
    assert_eq!((got[0], got[2]), (5f64.sqrt(), 5.0));
    assert!(got[1].is_nan());
    let mut wrong = zeros(ComplexFloat, &[3]);
    let r = run(&mut wrong, |o| abs::abs_out(&mut ctx(), &x.view(), o));
    assert_eq!(err_kind(r), ErrorKind::InvalidType);
    let mut n = zeros(ComplexDouble, &[3]);
    run(&mut n, |o| neg::neg_out(&mut ctx(), &x.view(), o)).unwrap();
    assert_eq!(pairs(&n)[2], (-3.0, 4.0));
}

#[test]
fn ops_without_complex_kernels_reject_with_a_dtype_error() {
    let x = cx(ComplexFloat, &X, &[6]);
    let mut o = zeros(ComplexFloat, &[6]);
    let mut b = zeros(Bool, &[6]);
    let v = x.view();
    let kinds = [
        err_kind(run(&mut b, |o| lt::lt_tensor_out(&mut ctx(), &v, &v, o))),
        err_kind(run(&mut o, |o| {
            clamp::clamp_out(&mut ctx(), &v, Some(Scalar::Int(0)), None, o)
        })),
        err_kind(run(&mut o, |o| floor::floor_out(&mut ctx(), &v, o))),
        err_kind(run(&mut o, |o| maximum::maximum_out(&mut ctx(), &v, &v, o))),
        err_kind(run(&mut o, |o| {
            div::div_out_mode(&mut ctx(), &v, &v, Some("floor"), o)
        })),
    ];
    for (k, kind) in kinds.iter().enumerate() {
        assert_eq!(*kind, ErrorKind::InvalidType, "call {k}");
    }
    // ATen computes mm of ComplexFloat (etk does not yet), never exp of ComplexHalf.
    let m = cx(ComplexFloat, &[(1.0, 2.0)], &[1, 1]);
    let mut mo = zeros(ComplexFloat, &[1, 1]);
    let r = run(&mut mo, |o| mm::mm_out(&mut ctx(), &m.view(), &m.view(), o));
    assert_eq!(err_kind(r), ErrorKind::NotImplemented);
    let h = zeros(ComplexHalf, &[2]);
    let mut ho = zeros(ComplexHalf, &[2]);
    let r = run(&mut ho, |o| exp::exp_out(&mut ctx(), &h.view(), o));
    assert_eq!(err_kind(r), ErrorKind::InvalidType);
    let r = run(&mut ho, |o| {
        div::div_out(&mut ctx(), &h.view(), &h.view(), o)
    });
    assert_eq!(err_kind(r), ErrorKind::InvalidType);
}

#[test]
fn reciprocal_is_c10_division_of_one() {
    let x = cx(ComplexDouble, &[(0.5, 0.0), (0.0, 2.0), (0.0, 0.0)], &[3]);
    let mut out = zeros(ComplexDouble, &[3]);
    run(&mut out, |o| {
        reciprocal::reciprocal_out(&mut ctx(), &x.view(), o)
    })
    .unwrap();
    let got = pairs(&out);
    assert_eq!(&got[..2], &[(2.0, 0.0), (0.0, -0.5)]);
    // 1 / (0 + 0i) divides each part: (inf, nan)
    assert!(got[2].0 == f64::INFINITY && got[2].1.is_nan());
    // a complex result does not go to a real out
    let mut real = zeros(Double, &[3]);
    let r = run(&mut real, |o| {
        reciprocal::reciprocal_out(&mut ctx(), &x.view(), o)
    });
    assert!(r.is_err());
}

#[test]
fn exp_and_sqrt_follow_glibc() {
    let inf = f64::INFINITY;
    let x = cx(
        ComplexDouble,
        &[
            (3.0, 4.0),
            (-4.0, 0.0),
            (-4.0, -0.0),
            (-inf, 1.0),
            (1.0, inf),
        ],
        &[5],
    );
    let mut out = zeros(ComplexDouble, &[5]);
    run(&mut out, |o| sqrt::sqrt_out(&mut ctx(), &x.view(), o)).unwrap();
    let got = pairs(&out);
    assert_eq!(
        &got[..4],
        &[(2.0, 1.0), (0.0, 2.0), (0.0, -2.0), (0.0, inf)]
    );
    assert_eq!(got[4], (inf, inf));
    let y = cx(
        ComplexDouble,
        &[
            (2f64.ln(), 0.0),
            (0.0, core::f64::consts::PI),
            (-inf, 2.0),
            (1000.0, 0.0),
        ],
        &[4],
    );
    let mut out = zeros(ComplexDouble, &[4]);
    run(&mut out, |o| exp::exp_out(&mut ctx(), &y.view(), o)).unwrap();
    let got = pairs(&out);
    assert!((got[0].0 - 2.0).abs() < 1e-15 && got[0].1 == 0.0);
    assert!((got[1].0 + 1.0).abs() < 1e-15 && got[1].1.abs() < 1e-15);
    // exp(-inf + 2i) = 0 * (cos 2, sin 2): (-0, +0)
    assert_eq!(got[2], (-0.0, 0.0));
    assert!(got[2].0.is_sign_negative());
    assert_eq!(got[3], (inf, 0.0));
}

#[test]
fn rsqrt_and_sigmoid() {
    let x = cx(ComplexFloat, &[(-4.0, 0.0), (0.0, 0.0)], &[2]);
    let mut out = zeros(ComplexFloat, &[2]);
    run(&mut out, |o| rsqrt::rsqrt_out(&mut ctx(), &x.view(), o)).unwrap();
    let got = pairs(&out);
    assert_eq!(got[0], (0.0, -0.5));
    assert!(got[1].0 == f64::INFINITY && got[1].1.is_nan());
    run(&mut out, |o| sigmoid::sigmoid_out(&mut ctx(), &x.view(), o)).unwrap();
    let got = pairs(&out);
    assert!((got[0].0 - 1.0 / (1.0 + 4f64.exp())).abs() < 1e-7 && got[0].1 == 0.0);
    assert_eq!(got[1], (0.5, 0.0));
}

#[test]
fn log_family() {
    let x = cx(
        ComplexDouble,
        &[(-1.0, 0.0), (0.0, 0.0), (-0.0, -0.0), (1.0, 0.0)],
        &[4],
    );
    let pi = core::f64::consts::PI;
    let mut out = zeros(ComplexDouble, &[4]);
    run(&mut out, |o| log::log_out(&mut ctx(), &x.view(), o)).unwrap();
    let got = pairs(&out);
    assert_eq!(got[0], (0.0, pi));
    assert_eq!(got[1], (f64::NEG_INFINITY, 0.0));
    assert_eq!(got[2], (f64::NEG_INFINITY, -pi));
    assert_eq!(got[3], (0.0, 0.0));
    run(&mut out, |o| log2::log2_out(&mut ctx(), &x.view(), o)).unwrap();
    assert!((pairs(&out)[0].1 - pi / core::f64::consts::LN_2).abs() < 1e-15);
    run(&mut out, |o| log10::log10_out(&mut ctx(), &x.view(), o)).unwrap();
    assert!((pairs(&out)[0].1 - pi / core::f64::consts::LN_10).abs() < 1e-15);
}

#[test]
fn complex_half_abs_rounds_to_half_before_a_float_out() {
    // |(1.5, half(1.8))| = 2.3429...: Half 2.34375, not the f32 value
    let mut x = OwnedTensor::zeros(ComplexHalf, &[1]).unwrap();
    {
        let mut v = x.view_mut().unwrap();
        let p = v.as_mut_ptr("test", "x").unwrap() as *mut u16;
        // SAFETY: one ComplexHalf element: two Half parts.
        unsafe {
            *p = etk_core::f16::from_f32(1.5).to_bits();
            *p.add(1) = etk_core::f16::from_f32(1.8).to_bits();
        }
    }
    let mut out = zeros(Float, &[1]);
    run(&mut out, |o| abs::abs_out(&mut ctx(), &x.view(), o)).unwrap();
    let im = etk_core::f16::from_f32(1.8).to_f32();
    let want = etk_core::f16::from_f32(1.5f32.hypot(im)).to_f32() as f64;
    assert_ne!(want, 1.5f32.hypot(im) as f64);
    assert_eq!(vals(&out), vec![want]);
}

#[test]
fn expm1_and_log1p_keep_small_arguments_accurate() {
    let x = cx(ComplexDouble, &[(1e-10, 1e-10), (0.0, 0.0)], &[2]);
    let mut out = zeros(ComplexDouble, &[2]);
    run(&mut out, |o| expm1::expm1_out(&mut ctx(), &x.view(), o)).unwrap();
    let got = pairs(&out);
    // e^z - 1 = z + z²/2 + ...: (1e-10, 1e-10 + 1e-20); computing e^z first and then
    // subtracting 1 would be off by ~1e-16
    assert!((got[0].0 - 1e-10).abs() < 1e-18 && (got[0].1 - 1e-10).abs() < 1e-18);
    assert_eq!(got[1], (0.0, 0.0));
    run(&mut out, |o| log1p::log1p_out(&mut ctx(), &x.view(), o)).unwrap();
    let got = pairs(&out);
    assert!((got[0].0 - 1e-10).abs() < 1e-18 && (got[0].1 - 1e-10).abs() < 1e-18);
    // ATen: NaN + iNaN whenever a part is NaN
    let n = cx(ComplexDouble, &[(f64::INFINITY, f64::NAN)], &[1]);
    let mut o1 = zeros(ComplexDouble, &[1]);
    run(&mut o1, |o| log1p::log1p_out(&mut ctx(), &n.view(), o)).unwrap();
    assert!(pairs(&o1)[0].0.is_nan());
}

#[test]
fn sinh_and_cosh() {
    let inf = f64::INFINITY;
    let x = cx(
        ComplexDouble,
        &[
            (0.0, core::f64::consts::FRAC_PI_2),
            (1000.0, 0.0),
            (-inf, 0.0),
            (0.0, 0.0),
        ],
        &[4],
    );
    let mut out = zeros(ComplexDouble, &[4]);
    run(&mut out, |o| sinh::sinh_out(&mut ctx(), &x.view(), o)).unwrap();
    let got = pairs(&out);
    // sinh(iπ/2) = i
    assert!(got[0].0.abs() < 1e-16 && (got[0].1 - 1.0).abs() < 1e-16);
    assert_eq!(&got[1..], &[(inf, 0.0), (-inf, 0.0), (0.0, 0.0)]);
    run(&mut out, |o| cosh::cosh_out(&mut ctx(), &x.view(), o)).unwrap();
    let got = pairs(&out);
    assert!(got[0].0.abs() < 1e-16 && got[0].1.abs() < 1e-16);
    assert_eq!(&got[1..], &[(inf, 0.0), (inf, -0.0), (1.0, 0.0)]);
}

#[test]
fn sin_and_cos() {
    let inf = f64::INFINITY;
    let x = cx(
        ComplexDouble,
        &[(core::f64::consts::FRAC_PI_2, 0.0), (0.0, 1.0), (inf, inf)],
        &[3],
    );
    let mut out = zeros(ComplexDouble, &[3]);
    run(&mut out, |o| sin::sin_out(&mut ctx(), &x.view(), o)).unwrap();
    let got = pairs(&out);
    assert_eq!(got[0], (1.0, 0.0));
    // sin(i) = i sinh 1
    assert!(got[1].0 == 0.0 && (got[1].1 - 1f64.sinh()).abs() < 1e-15);
    assert!(got[2].0.is_nan() && got[2].1 == inf);
    run(&mut out, |o| cos::cos_out(&mut ctx(), &x.view(), o)).unwrap();
    let got = pairs(&out);
    // cos(i) = cosh 1
    assert!((got[1].0 - 1f64.cosh()).abs() < 1e-15 && got[1].1 == -0.0);
}

/// torch 2.13's values (ComplexDouble) of the remaining trigonometric functions: a generic
/// point, real arguments on the branch cuts with signed zeros, a huge argument (the `log 2z`
/// forms), a tiny one (no cancellation), and `i inf`.
#[test]
// torch's printed values, some of which look like well-known constants
#[allow(clippy::approx_constant, clippy::type_complexity)]
fn tan_tanh_and_inverse_functions() {
    type Fun = fn(
        &mut etk_core::KernelContext<'_>,
        &etk_core::Tensor<'_>,
        &mut etk_core::Tensor<'_>,
    ) -> etk_core::Result<()>;
    let inf = f64::INFINITY;
    let x = cx(
        ComplexDouble,
        &[
            (0.5, 0.25),
            (2.0, -0.0),
            (-3.0, 0.0),
            (1e300, 1e300),
            (1e-20, -1e-25),
            (0.0, inf),
        ],
        &[6],
    );
    let table: [(&str, Fun, [(f64, f64); 6]); 8] = [
        (
            "tan",
            tan::tan_out,
            [
                (0.504500702698564, 0.3124206925025888),
                (-2.185039863261519, -0.0),
                (0.1425465430742778, 0.0),
                (0.0, 1.0),
                (1e-20, -1e-25),
                (0.0, 1.0),
            ],
        ),
        (
            "tanh",
            tanh::tanh_out,
            [
                (0.4854872810241353, 0.19805544995134955),
                (0.9640275800758168, -0.0),
                (-0.9950547536867302, 0.0),
                (1.0, 0.0),
                (1e-20, -1e-25),
                (0.0, f64::NAN),
            ],
        ),
        (
            "asin",
            asin::asin_out,
            [
                (0.5016088532755008, 0.28139605624529274),
                (1.5707963267948966, -1.3169578969248166),
                (-1.5707963267948966, 1.762747174039086),
                (0.7853981633974483, 691.8152486690535),
                (1e-20, -1e-25),
                (0.0, inf),
            ],
        ),
        (
            "acos",
            acos::acos_out,
            [
                (1.0691874735193958, -0.28139605624529274),
                (0.0, 1.3169578969248166),
                (3.141592653589793, -1.762747174039086),
                (0.7853981633974483, -691.8152486690535),
                (1.5707963267948966, 1e-25),
                (1.5707963267948966, -inf),
            ],
        ),
        (
            "atan",
            atan::atan_out,
            [
                (0.4842544903299662, 0.20058661813123432),
                (1.1071487177940904, -0.0),
                (-1.2490457723982544, 0.0),
                (1.5707963267948966, 4.999999999999999e-301),
                (1e-20, -1e-25),
                (1.5707963267948966, 0.0),
            ],
        ),
        (
            "asinh",
            asinh::asinh_out,
            [
                (0.4926756834207706, 0.2243284526346675),
                (1.4436354751788103, -0.0),
                (-1.8184464592320668, 0.0),
                (691.8152486690535, 0.7853981633974483),
                (1e-20, -1e-25),
                (inf, 1.5707963267948966),
            ],
        ),
        (
            "acosh",
            acosh::acosh_out,
            [
                (0.28139605624529274, 1.0691874735193958),
                (1.3169578969248166, -0.0),
                (1.762747174039086, 3.141592653589793),
                (691.8152486690535, 0.7853981633974483),
                (1e-25, -1.5707963267948966),
                (inf, 1.5707963267948966),
            ],
        ),
        (
            "atanh",
            atanh::atanh_out,
            [
                (0.5003700000525311, 0.3143981432077165),
                (0.5493061443340549, -1.5707963267948966),
                (-0.34657359027997264, 1.5707963267948966),
                (4.999999999999999e-301, 1.5707963267948966),
                (1e-20, -1e-25),
                (0.0, 1.5707963267948966),
            ],
        ),
    ];
    for (name, f, want) in table {
        let mut out = zeros(ComplexDouble, &[6]);
        run(&mut out, |o| f(&mut ctx(), &x.view(), o)).unwrap();
        for (k, (g, w)) in pairs(&out).into_iter().zip(want).enumerate() {
            for (g, w) in [(g.0, w.0), (g.1, w.1)] {
                let ok = if w.is_nan() {
                    g.is_nan()
                } else if w == 0.0 || w.is_infinite() {
                    g == w && g.is_sign_negative() == w.is_sign_negative()
                } else {
                    ((g - w) / w).abs() < 1e-14
                };
                assert!(ok, "{name} element {k}: got {g}, want {w}");
            }
        }
    }
    // ComplexFloat computes in f32: the same formulas, single precision.
    let xf = cx(ComplexFloat, &[(0.5, 0.25)], &[1]);
    let mut out = zeros(ComplexFloat, &[1]);
    run(&mut out, |o| atanh::atanh_out(&mut ctx(), &xf.view(), o)).unwrap();
    let g = pairs(&out)[0];
    assert!((g.0 - 0.5003700000525311).abs() < 1e-6 && (g.1 - 0.3143981432077165).abs() < 1e-6);
}

/// pow with complex operands against torch 2.13 (ComplexDouble): Tensor_Scalar's special
/// exponents (products, sqrt, reciprocal) and the general `exp(y log x)`, C's product in it
/// (`inf ** 2` is `inf + i NaN`, `0 ** 0` is NaN), and Scalar_out.
#[test]
// torch's printed values, some of which look like well-known constants
#[allow(clippy::approx_constant)]
fn pow_complex() {
    let close = |g: (f64, f64), w: (f64, f64)| {
        let d = |g: f64, w: f64| (g - w).abs() <= 1e-14 * w.abs().max(1e-300);
        assert!(d(g.0, w.0) && d(g.1, w.1), "got {g:?}, want {w:?}");
    };
    let x = cx(ComplexDouble, &[(1.0, 2.0)], &[1]);
    let mut out = zeros(ComplexDouble, &[1]);
    for (e, w) in [
        (2.0, (-3.0, 4.0)),
        (3.0, (-11.0, -2.0)),
        (-1.0, (0.2, -0.4)),
        (-2.0, (-0.12, -0.16)),
        (0.5, (1.272019649514069, 0.7861513777574233)),
        (-0.5, (0.5688644810057831, -0.3515775842541429)),
        (1.5, (-0.3002831060007772, 3.3301906767855614)),
    ] {
        run(&mut out, |o| {
            pow::pow_tensor_scalar_out(&mut ctx(), &x.view(), Scalar::Double(e), o)
        })
        .unwrap();
        close(pairs(&out)[0], w);
    }
    let inf = f64::INFINITY;
    let b = cx(ComplexDouble, &[(0.0, 0.0), (-2.0, 0.0), (inf, 0.0)], &[3]);
    let e = cx(ComplexDouble, &[(0.0, 0.0), (0.5, 0.0), (2.0, 0.0)], &[3]);
    let mut out = zeros(ComplexDouble, &[3]);
    run(&mut out, |o| {
        pow::pow_tensor_tensor_out(&mut ctx(), &b.view(), &e.view(), o)
    })
    .unwrap();
    let got = pairs(&out);
    assert!(got[0].0.is_nan() && got[0].1.is_nan());
    close(got[1], (8.659560562354932e-17, 1.414213562373095));
    assert!(got[2].0 == inf && got[2].1.is_nan());
    let y = cx(ComplexDouble, &[(1.0, 1.0)], &[1]);
    let mut out = zeros(ComplexDouble, &[1]);
    run(&mut out, |o| {
        pow::pow_scalar_out(&mut ctx(), Scalar::Int(2), &y.view(), o)
    })
    .unwrap();
    close(pairs(&out)[0], (1.5384778027279442, 1.2779225526272695));
    // ATen has no ComplexHalf pow
    let h = zeros(ComplexHalf, &[1]);
    let mut ho = zeros(ComplexHalf, &[1]);
    let r = run(&mut ho, |o| {
        pow::pow_tensor_scalar_out(&mut ctx(), &h.view(), Scalar::Int(2), o)
    });
    assert_eq!(err_kind(r), ErrorKind::InvalidType);
}
