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
