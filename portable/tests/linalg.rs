//! mm, bmm, addmm and linear: the dtype matrix, ATen's checks, dim orders, resize, zero sizes,
//! Scalar conversion, accumulation types. Expected values were checked against torch 2.13.

use ScalarType::*;
use etk_core::{ErrorKind, OwnedTensor, Scalar, ScalarType};
use etk_portable::ops::{addmm::addmm_out, bmm::bmm_out, linear::linear_out, mm::mm_out};

mod common;
use common::*;

const REAL: [ScalarType; 9] = [Byte, Char, Short, Int, Long, Half, BFloat16, Float, Double];

/// A tensor of `dtype` holding `vals` (logical order) in `order`.
fn t(dtype: ScalarType, sizes: &[usize], order: &[usize], vals: &[f64]) -> OwnedTensor {
    let mut x = OwnedTensor::with_capacity(dtype, sizes, order, 0).unwrap();
    x.fill_logical(vals);
    x
}

fn c(sizes: &[usize]) -> Vec<usize> {
    (0..sizes.len()).collect()
}

/// Small values that every dtype holds exactly (non-negative for Byte).
fn vals(n: usize, seed: usize, dtype: ScalarType) -> Vec<f64> {
    (0..n)
        .map(|i| {
            let v = ((i * 7 + seed * 3) % 7) as f64;
            if dtype == Byte { v } else { v - 3.0 }
        })
        .collect()
}

/// `a [m, k] @ b [k, n]` in f64.
fn matmul(a: &[f64], b: &[f64], m: usize, k: usize, n: usize) -> Vec<f64> {
    let mut o = vec![0.0; m * n];
    for i in 0..m {
        for j in 0..n {
            o[i * n + j] = (0..k).map(|p| a[i * k + p] * b[p * n + j]).sum();
        }
    }
    o
}

fn out(dtype: ScalarType, sizes: &[usize]) -> OwnedTensor {
    OwnedTensor::zeros(dtype, sizes).unwrap()
}

#[test]
fn mm_every_dtype_and_dim_order() {
    let (m, k, n) = (3, 5, 4);
    for dtype in REAL {
        let (av, bv) = (vals(m * k, 1, dtype), vals(k * n, 2, dtype));
        let want = matmul(&av, &bv, m, k, n);
        for (oa, ob, oo) in [
            ([0, 1], [0, 1], [0, 1]),
            ([1, 0], [0, 1], [1, 0]),
            ([1, 0], [1, 0], [0, 1]),
        ] {
            let a = t(dtype, &[m, k], &oa, &av);
            let b = t(dtype, &[k, n], &ob, &bv);
            let mut o = OwnedTensor::with_capacity(dtype, &[m, n], &oo, 0).unwrap();
            mm_out(&mut ctx(), &a.view(), &b.view(), &mut o.view_mut().unwrap()).unwrap();
            let got = o.to_logical::<f64>();
            // Byte wraps: compare modulo 256 through the dtype.
            let want: Vec<f64> = want
                .iter()
                .map(|&x| etk_core::element::round_trip::<f64>(x, dtype))
                .collect();
            assert_eq!(got, want, "{dtype:?} {oa:?} {ob:?} {oo:?}");
        }
    }
}

#[test]
fn mm_integers_wrap_and_halves_accumulate_in_float() {
    let a = OwnedTensor::from_slice(&[10i8; 3], &[1, 3]).unwrap();
    let mut o = out(Char, &[1, 1]);
    mm_out(
        &mut ctx(),
        &a.view(),
        &a.view().with_dim_order(&[0, 1]).unwrap(),
        &mut o.view_mut().unwrap(),
    )
    .unwrap_err();
    let b = OwnedTensor::from_slice(&[10i8; 3], &[3, 1]).unwrap();
    mm_out(&mut ctx(), &a.view(), &b.view(), &mut o.view_mut().unwrap()).unwrap();
    assert_eq!(o.to_logical::<i64>(), vec![44]); // 300 wraps to 44 in int8 (torch)
    for (dtype, want) in [(Half, 40.9375), (BFloat16, 41.0)] {
        let a = t(dtype, &[1, 4096], &[0, 1], &[0.1; 4096]);
        let b = t(dtype, &[4096, 1], &[0, 1], &[0.1; 4096]);
        let mut o = out(dtype, &[1, 1]);
        mm_out(&mut ctx(), &a.view(), &b.view(), &mut o.view_mut().unwrap()).unwrap();
        assert_eq!(o.to_logical::<f64>(), vec![want], "{dtype:?}");
    }
}

#[test]
fn mm_checks() {
    let f = |s: &[usize]| out(Float, s);
    let cases: Vec<(OwnedTensor, OwnedTensor, OwnedTensor, ErrorKind)> = vec![
        (f(&[3]), f(&[3, 4]), f(&[1, 4]), ErrorKind::InvalidArgument), // self not a matrix
        (
            f(&[1, 2, 3]),
            f(&[3, 4]),
            f(&[2, 4]),
            ErrorKind::InvalidArgument,
        ),
        (
            f(&[2, 3]),
            f(&[4, 4]),
            f(&[2, 4]),
            ErrorKind::InvalidArgument,
        ), // inner sizes
        (
            f(&[2, 3]),
            out(Double, &[3, 4]),
            f(&[2, 4]),
            ErrorKind::InvalidType,
        ), // no promotion
        (
            f(&[2, 3]),
            f(&[3, 4]),
            out(Double, &[2, 4]),
            ErrorKind::InvalidType,
        ), // out dtype
        (
            f(&[2, 3]),
            f(&[3, 4]),
            out(Half, &[2, 4]),
            ErrorKind::InvalidType,
        ),
        (
            out(Bool, &[2, 3]),
            out(Bool, &[3, 4]),
            out(Bool, &[2, 4]),
            ErrorKind::InvalidType,
        ),
        (f(&[2, 3]), f(&[3, 4]), f(&[3, 4]), ErrorKind::OutOfCapacity), // static, wrong shape
    ];
    for (a, b, mut o, kind) in cases {
        let e = mm_out(&mut ctx(), &a.view(), &b.view(), &mut o.view_mut().unwrap()).unwrap_err();
        assert_eq!(e.kind, kind, "{e}");
        assert_eq!(e.op, "aten::mm.out");
    }
}

#[test]
fn mm_resizes_dynamic_outs_and_handles_empty() {
    let a = t(Float, &[2, 3], &[0, 1], &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
    let b = t(Float, &[3, 1], &[0, 1], &[1.0, 1.0, 1.0]);
    let mut o = OwnedTensor::with_capacity(Float, &[5, 5], &[0, 1], 0)
        .unwrap()
        .dynamic();
    let mut v = o.view_mut().unwrap();
    mm_out(&mut ctx(), &a.view(), &b.view(), &mut v).unwrap();
    assert_eq!(v.sizes(), &[2, 1]);
    assert_eq!(v.as_slice::<f32>().unwrap(), &[6.0, 15.0]);
    // K = 0: zeros; M = 0: nothing.
    let a = out(Float, &[2, 0]);
    let b = out(Float, &[0, 3]);
    let mut o = t(Float, &[2, 3], &[0, 1], &[9.0; 6]);
    mm_out(&mut ctx(), &a.view(), &b.view(), &mut o.view_mut().unwrap()).unwrap();
    assert_eq!(o.to_logical::<f32>(), vec![0.0; 6]);
    let a = out(Float, &[0, 3]);
    let b = out(Float, &[3, 4]);
    let mut o = out(Float, &[0, 4]);
    mm_out(&mut ctx(), &a.view(), &b.view(), &mut o.view_mut().unwrap()).unwrap();
}

#[test]
fn bmm_every_dtype_and_dim_order() {
    let (bs, m, k, n) = (2, 3, 4, 5);
    let orders: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    for dtype in REAL {
        let (av, bv) = (vals(bs * m * k, 1, dtype), vals(bs * k * n, 2, dtype));
        let mut want = Vec::new();
        for i in 0..bs {
            want.extend(matmul(
                &av[i * m * k..][..m * k],
                &bv[i * k * n..][..k * n],
                m,
                k,
                n,
            ));
        }
        let want: Vec<f64> = want
            .iter()
            .map(|&x| etk_core::element::round_trip::<f64>(x, dtype))
            .collect();
        for (i, oa) in orders.iter().enumerate() {
            let (ob, oo) = (orders[(i + 2) % 6], orders[(i + 3) % 6]);
            let a = t(dtype, &[bs, m, k], oa, &av);
            let b = t(dtype, &[bs, k, n], &ob, &bv);
            let mut o = OwnedTensor::with_capacity(dtype, &[bs, m, n], &oo, 0).unwrap();
            bmm_out(&mut ctx(), &a.view(), &b.view(), &mut o.view_mut().unwrap()).unwrap();
            assert_eq!(
                o.to_logical::<f64>(),
                want,
                "{dtype:?} {oa:?} {ob:?} {oo:?}"
            );
        }
    }
}

#[test]
fn bmm_checks() {
    let f = |s: &[usize]| out(Float, s);
    let cases = vec![
        (
            f(&[2, 3]),
            f(&[3, 4]),
            f(&[2, 4]),
            ErrorKind::InvalidArgument,
        ),
        (
            f(&[2, 2, 3]),
            f(&[3, 3, 4]),
            f(&[2, 2, 4]),
            ErrorKind::InvalidArgument,
        ), // batch
        (
            f(&[2, 2, 3]),
            f(&[2, 4, 4]),
            f(&[2, 2, 4]),
            ErrorKind::InvalidArgument,
        ), // inner
        (
            f(&[2, 2, 3]),
            out(Half, &[2, 3, 4]),
            f(&[2, 2, 4]),
            ErrorKind::InvalidType,
        ),
        (
            f(&[2, 2, 3]),
            f(&[2, 3, 4]),
            out(Double, &[2, 2, 4]),
            ErrorKind::InvalidType,
        ),
        (
            f(&[2, 2, 3]),
            f(&[2, 3, 4]),
            f(&[2, 2, 5]),
            ErrorKind::OutOfCapacity,
        ),
    ];
    for (a, b, mut o, kind) in cases {
        let e = bmm_out(&mut ctx(), &a.view(), &b.view(), &mut o.view_mut().unwrap()).unwrap_err();
        assert_eq!(e.kind, kind, "{e}");
    }
    // empty batch and K = 0
    let mut o = out(Float, &[0, 2, 4]);
    bmm_out(
        &mut ctx(),
        &f(&[0, 2, 3]).view(),
        &f(&[0, 3, 4]).view(),
        &mut o.view_mut().unwrap(),
    )
    .unwrap();
    let mut o = t(Float, &[2, 2, 4], &[0, 1, 2], &[5.0; 16]);
    bmm_out(
        &mut ctx(),
        &f(&[2, 2, 0]).view(),
        &f(&[2, 0, 4]).view(),
        &mut o.view_mut().unwrap(),
    )
    .unwrap();
    assert_eq!(o.to_logical::<f32>(), vec![0.0; 16]);
}

fn addmm(
    s: &OwnedTensor,
    a: &OwnedTensor,
    b: &OwnedTensor,
    beta: Scalar,
    alpha: Scalar,
    o: &mut OwnedTensor,
) -> etk_core::Result<()> {
    addmm_out(
        &mut ctx(),
        &s.view(),
        &a.view(),
        &b.view(),
        beta,
        alpha,
        &mut o.view_mut().unwrap(),
    )
}

#[test]
fn addmm_every_dtype_and_self_broadcast() {
    let (m, k, n) = (3, 4, 5);
    for dtype in REAL {
        let (av, bv) = (vals(m * k, 1, dtype), vals(k * n, 2, dtype));
        let prod = matmul(&av, &bv, m, k, n);
        let a = t(dtype, &[m, k], &[1, 0], &av);
        let b = t(dtype, &[k, n], &[0, 1], &bv);
        for self_sizes in [vec![n], vec![m, 1], vec![1, n], vec![], vec![m, n], vec![1]] {
            let sn: usize = self_sizes.iter().product();
            let sv = vals(sn, 3, dtype);
            let s = t(dtype, &self_sizes, &c(&self_sizes), &sv);
            let mut o = out(dtype, &[m, n]);
            addmm(&s, &a, &b, Scalar::Int(2), Scalar::Int(3), &mut o).unwrap();
            let got = o.to_logical::<f64>();
            for i in 0..m {
                for j in 0..n {
                    let sel = match self_sizes.as_slice() {
                        [x] if *x == n && n > 1 => sv[j],
                        [x, 1] if *x == m => sv[i],
                        [1, x] if *x == n => sv[j],
                        [x, _] if *x == m => sv[i * n + j],
                        _ => sv[0],
                    };
                    let want = etk_core::element::round_trip::<f64>(
                        2.0 * sel + 3.0 * prod[i * n + j],
                        dtype,
                    );
                    assert_eq!(
                        got[i * n + j],
                        want,
                        "{dtype:?} self {self_sizes:?} ({i}, {j})"
                    );
                }
            }
        }
    }
}

#[test]
fn addmm_scalars_as_aten() {
    let f = |s: &[usize], v: f64| t(Float, s, &c(s), &vec![v; s.iter().product()]);
    let (ones23, ones34) = (f(&[2, 3], 1.0), f(&[3, 4], 1.0));
    // beta == 0 ignores self, even NaN; alpha == 0 ignores the product, even inf.
    let mut o = out(Float, &[2, 4]);
    addmm(
        &f(&[2, 4], f64::NAN),
        &ones23,
        &ones34,
        Scalar::Int(0),
        Scalar::Int(1),
        &mut o,
    )
    .unwrap();
    assert_eq!(o.to_logical::<f32>(), vec![3.0; 8]);
    addmm(
        &f(&[2, 4], 1.0),
        &f(&[2, 3], f64::INFINITY),
        &ones34,
        Scalar::Int(1),
        Scalar::Int(0),
        &mut o,
    )
    .unwrap();
    assert_eq!(o.to_logical::<f32>(), vec![1.0; 8]);
    // K = 0: beta * self
    addmm(
        &f(&[2, 4], 1.0),
        &f(&[2, 0], 0.0),
        &f(&[0, 4], 0.0),
        Scalar::Int(2),
        Scalar::Int(3),
        &mut o,
    )
    .unwrap();
    assert_eq!(o.to_logical::<f32>(), vec![2.0; 8]);
    // NaN beta propagates
    addmm(
        &f(&[2, 4], 1.0),
        &ones23,
        &ones34,
        Scalar::Double(f64::NAN),
        Scalar::Int(1),
        &mut o,
    )
    .unwrap();
    assert!(o.to_logical::<f32>().iter().all(|x| x.is_nan()));
    // float alpha overflowing float is an error (c10 checked_convert)
    let e = addmm(
        &f(&[4], 1.0),
        &ones23,
        &ones34,
        Scalar::Int(1),
        Scalar::Double(1e40),
        &mut o,
    )
    .unwrap_err();
    assert_eq!(e.arg, "alpha");
    // integers: 1.5 acts as 1; True as 1; uint8 -1 wraps; int8 300 overflows
    let i = |d: ScalarType, s: &[usize], v: f64| t(d, s, &c(s), &vec![v; s.iter().product()]);
    let mut oi = out(Int, &[2, 4]);
    for beta in [Scalar::Double(1.5), Scalar::Bool(true), Scalar::Int(1)] {
        addmm(
            &i(Int, &[2, 4], 1.0),
            &i(Int, &[2, 3], 1.0),
            &i(Int, &[3, 4], 1.0),
            beta,
            Scalar::Double(1.5),
            &mut oi,
        )
        .unwrap();
        assert_eq!(oi.to_logical::<i64>(), vec![4; 8], "{beta:?}");
    }
    let mut ou = out(Byte, &[2, 4]);
    addmm(
        &i(Byte, &[2, 4], 5.0),
        &i(Byte, &[2, 3], 1.0),
        &i(Byte, &[3, 4], 1.0),
        Scalar::Int(-1),
        Scalar::Int(1),
        &mut ou,
    )
    .unwrap();
    assert_eq!(ou.to_logical::<i64>(), vec![254; 8]);
    let mut oc = out(Char, &[2, 4]);
    let e = addmm(
        &i(Char, &[2, 4], 1.0),
        &i(Char, &[2, 3], 1.0),
        &i(Char, &[3, 4], 1.0),
        Scalar::Int(300),
        Scalar::Int(1),
        &mut oc,
    )
    .unwrap_err();
    assert_eq!((e.kind, e.arg), (ErrorKind::InvalidArgument, "beta"));
    // Half: beta and alpha in float, one rounding (torch: 0.050994873046875)
    let h = |s: &[usize]| t(Half, s, &c(s), &vec![0.1; s.iter().product()]);
    let mut oh = out(Half, &[2, 4]);
    addmm(
        &h(&[2, 4]),
        &h(&[2, 3]),
        &h(&[3, 4]),
        Scalar::Double(0.3),
        Scalar::Double(0.7),
        &mut oh,
    )
    .unwrap();
    assert_eq!(oh.to_logical::<f64>(), vec![0.050994873046875; 8]);
}

#[test]
fn addmm_checks() {
    let f = |s: &[usize]| out(Float, s);
    let cases = vec![
        (
            f(&[4]),
            f(&[3]),
            f(&[3, 4]),
            f(&[2, 4]),
            ErrorKind::InvalidArgument,
        ), // mat1 rank
        (
            f(&[4]),
            f(&[2, 3]),
            f(&[4, 4]),
            f(&[2, 4]),
            ErrorKind::InvalidArgument,
        ), // inner
        (
            out(Double, &[4]),
            f(&[2, 3]),
            f(&[3, 4]),
            f(&[2, 4]),
            ErrorKind::InvalidType,
        ), // self
        (
            f(&[4]),
            out(Half, &[2, 3]),
            f(&[3, 4]),
            f(&[2, 4]),
            ErrorKind::InvalidType,
        ), // mat1
        (
            f(&[4]),
            f(&[2, 3]),
            f(&[3, 4]),
            out(Double, &[2, 4]),
            ErrorKind::InvalidType,
        ), // out
        (
            f(&[2]),
            f(&[2, 3]),
            f(&[3, 4]),
            f(&[2, 4]),
            ErrorKind::InvalidArgument,
        ), // self [M]
        (
            f(&[1, 2, 4]),
            f(&[2, 3]),
            f(&[3, 4]),
            f(&[2, 4]),
            ErrorKind::InvalidArgument,
        ),
        (
            f(&[4]),
            f(&[2, 3]),
            f(&[3, 4]),
            f(&[3, 4]),
            ErrorKind::OutOfCapacity,
        ),
    ];
    for (s, a, b, mut o, kind) in cases {
        let e = addmm(&s, &a, &b, Scalar::Int(1), Scalar::Int(1), &mut o).unwrap_err();
        assert_eq!(e.kind, kind, "{e}");
    }
}

fn linear(
    x: &OwnedTensor,
    w: &OwnedTensor,
    b: Option<&OwnedTensor>,
    o: &mut etk_core::Tensor<'_>,
) -> etk_core::Result<()> {
    let bv = b.map(|b| b.view());
    linear_out(&mut ctx(), &x.view(), &w.view(), bv.as_ref(), o)
}

#[test]
fn linear_shapes_and_dtypes() {
    let (k, n) = (3, 4);
    for dtype in REAL {
        let wv = vals(n * k, 1, dtype);
        let w = t(dtype, &[n, k], &[0, 1], &wv);
        let wt: Vec<f64> = (0..k * n).map(|i| wv[(i % n) * k + i / n]).collect(); // [k, n]
        let bias = vals(n, 2, dtype);
        let bt = t(dtype, &[n], &[0], &bias);
        for in_sizes in [vec![k], vec![2, k], vec![2, 3, k], vec![1, 2, 1, k]] {
            let rows: usize = in_sizes[..in_sizes.len() - 1].iter().product();
            let xv = vals(rows * k, 3, dtype);
            // a non-contiguous input: the last dim outermost.
            let mut order = c(&in_sizes);
            order.rotate_right(1);
            let x = t(dtype, &in_sizes, &order, &xv);
            let prod = matmul(&xv, &wt, rows, k, n);
            let mut out_sizes = in_sizes[..in_sizes.len() - 1].to_vec();
            out_sizes.push(n);
            for with_bias in [false, true] {
                let mut o = OwnedTensor::with_capacity(dtype, &[0], &[0], rows * n)
                    .unwrap()
                    .dynamic();
                let mut ov = o.view_mut().unwrap();
                linear(&x, &w, with_bias.then_some(&bt), &mut ov).unwrap();
                assert_eq!(ov.sizes(), out_sizes.as_slice(), "{dtype:?}");
                for r in 0..rows {
                    for j in 0..n {
                        let p = etk_core::element::round_trip::<f64>(prod[r * n + j], dtype);
                        let want = if with_bias {
                            etk_core::element::round_trip::<f64>(p + bias[j], dtype)
                        } else {
                            p
                        };
                        assert_eq!(
                            ov.read::<f64>(r * n + j),
                            Some(want),
                            "{dtype:?} {in_sizes:?} bias={with_bias}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn linear_aten_cases() {
    let f = |s: &[usize], v: f64| t(Float, s, &c(s), &vec![v; s.iter().product()]);
    let run = |x: &OwnedTensor, w: &OwnedTensor, b: Option<&OwnedTensor>, dtype: ScalarType| {
        let mut o = OwnedTensor::with_capacity(dtype, &[0], &[0], 64)
            .unwrap()
            .dynamic();
        let mut ov = o.view_mut().unwrap();
        linear(x, w, b, &mut ov).map(|_| {
            (
                ov.sizes().to_vec(),
                (0..ov.numel())
                    .map(|i| ov.read::<f64>(i).unwrap())
                    .collect::<Vec<_>>(),
            )
        })
    };
    // 1-D weight: drops the last dim; 1-D input and weight: a 0-d dot product.
    assert_eq!(
        run(&f(&[2, 3], 1.0), &f(&[3], 1.0), None, Float).unwrap(),
        (vec![2], vec![3.0, 3.0])
    );
    assert_eq!(
        run(&f(&[3], 1.0), &f(&[3], 1.0), None, Float).unwrap(),
        (vec![], vec![3.0])
    );
    // 2-D input + bias is addmm: the bias broadcasts to [M, N] ([M, 1] too), same dtype only.
    let b21 = t(Float, &[2, 1], &[0, 1], &[0.0, 1.0]);
    assert_eq!(
        run(&f(&[2, 3], 1.0), &f(&[4, 3], 1.0), Some(&b21), Float)
            .unwrap()
            .1,
        vec![3.0, 3.0, 3.0, 3.0, 4.0, 4.0, 4.0, 4.0]
    );
    let e = run(
        &f(&[2, 3], 1.0),
        &f(&[4, 3], 1.0),
        Some(&t(Double, &[4], &[0], &[1.0; 4])),
        Float,
    )
    .unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidType);
    // other ranks: out.add_(bias): bias promotes (Double, Long into a Float out) and broadcasts
    // into the out's shape.
    for b in [
        t(Double, &[4], &[0], &[1.0; 4]),
        t(Long, &[4], &[0], &[1.0; 4]),
        f(&[2, 1], 1.0),
        f(&[], 1.0),
    ] {
        assert_eq!(
            run(&f(&[5, 2, 3], 1.0), &f(&[4, 3], 1.0), Some(&b), Float)
                .unwrap()
                .1,
            vec![4.0; 40]
        );
    }
    let e = run(
        &f(&[5, 2, 3], 1.0),
        &f(&[4, 3], 1.0),
        Some(&f(&[6, 5, 2, 4], 1.0)),
        Float,
    )
    .unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidArgument);
    let i = |s: &[usize]| t(Int, s, &c(s), &vec![1.0; s.iter().product()]);
    let e = run(&i(&[5, 2, 3]), &i(&[4, 3]), Some(&f(&[4], 0.5)), Int).unwrap_err();
    assert_eq!(
        e.kind,
        ErrorKind::InvalidType,
        "a Float bias cannot be added into an Int out"
    );
    // ranks and sizes
    assert!(run(&f(&[], 1.0), &f(&[4, 3], 1.0), None, Float).is_err());
    assert!(run(&f(&[2, 3], 1.0), &f(&[1, 4, 3], 1.0), None, Float).is_err());
    assert!(run(&f(&[2, 3], 1.0), &f(&[4, 5], 1.0), None, Float).is_err());
    assert!(
        run(&f(&[2, 3], 1.0), &f(&[3], 1.0), Some(&f(&[2], 1.0)), Float).is_err(),
        "addmm needs a 2-D weight"
    );
    assert_eq!(
        run(&f(&[2, 3], 1.0), &f(&[4, 3], 1.0), None, Double)
            .unwrap_err()
            .kind,
        ErrorKind::InvalidType
    );
}

#[test]
fn registered() {
    for name in [
        "aten::mm.out",
        "aten::bmm.out",
        "aten::addmm.out",
        "aten::linear.out",
    ] {
        assert!(etk_portable::TABLE.iter().any(|e| e.name == name), "{name}");
    }
}
