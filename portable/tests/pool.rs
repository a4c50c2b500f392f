//! Tests of the pooling family: values computed with PyTorch 2.13 (ATen, CPU), the dtype
//! matrix, dim orders, resize, and the error cases (nothing written when a call fails).

use ScalarType::*;
use etk_core::{KernelContext, OwnedTensor, Result, ScalarType, Tensor};
use etk_portable::ops::*;

mod common;
use common::*;

fn tt(dtype: ScalarType, vals: &[f64], sizes: &[usize]) -> OwnedTensor {
    tto(dtype, vals, sizes, &contiguous(sizes.len()))
}

fn contiguous(rank: usize) -> Vec<usize> {
    (0..rank).collect()
}

fn channels_last(rank: usize) -> Vec<usize> {
    let mut o = vec![0];
    o.extend(2..rank);
    o.push(1);
    o
}

/// A resizable out with room for `cap` elements, laid out in `order` once resized.
fn dynamic(dtype: ScalarType, rank: usize, order: &[usize], cap: usize) -> OwnedTensor {
    OwnedTensor::with_capacity(dtype, &vec![0; rank], order, cap)
        .unwrap()
        .dynamic()
}

fn sync(out: &mut OwnedTensor, sizes: &[usize], order: &[usize]) {
    out.set_layout(sizes, order);
}

fn run1(out: &mut OwnedTensor, f: impl FnOnce(&mut Tensor<'_>) -> Result<()>) -> Result<()> {
    let (r, sizes, order) = {
        let mut v = out.view_mut().unwrap();
        let r = f(&mut v);
        (r, v.sizes().to_vec(), v.dim_order().to_vec())
    };
    sync(out, &sizes, &order);
    r
}

struct Max {
    k: Vec<i64>,
    s: Vec<i64>,
    p: Vec<i64>,
    d: Vec<i64>,
    ceil: bool,
}

fn max_params(k: &[i64], s: &[i64], p: &[i64], d: &[i64], ceil: bool) -> Max {
    Max {
        k: k.to_vec(),
        s: s.to_vec(),
        p: p.to_vec(),
        d: d.to_vec(),
        ceil,
    }
}

/// Runs `max_pool{2,3}d_with_indices.out` into outs of `order`.
fn max_pool(x: &OwnedTensor, m: &Max, order: &[usize]) -> Result<(OwnedTensor, OwnedTensor)> {
    let rank = x.sizes().len();
    let mut out = dynamic(x.dtype(), rank, order, 4096);
    let mut ind = dynamic(Long, rank, order, 4096);
    let mut ctx = KernelContext::serial();
    let r = {
        let mut o = out.view_mut().unwrap();
        let mut i = ind.view_mut().unwrap();
        // batched 3-D pools only (rank 5); ranks 3 and 4 go to the 2-D op
        let f = if x.sizes().len() == 5 {
            max_pool3d_with_indices::max_pool3d_with_indices_out
        } else {
            max_pool2d_with_indices::max_pool2d_with_indices_out
        };
        let r = f(
            &mut ctx,
            &x.view(),
            &m.k,
            &m.s,
            &m.p,
            &m.d,
            m.ceil,
            &mut o,
            &mut i,
        );
        let l = (
            o.sizes().to_vec(),
            o.dim_order().to_vec(),
            i.sizes().to_vec(),
            i.dim_order().to_vec(),
        );
        (r, l)
    };
    let (r, (os, oo, is, io)) = r;
    sync(&mut out, &os, &oo);
    sync(&mut ind, &is, &io);
    r.map(|_| (out, ind))
}

#[allow(clippy::too_many_arguments)]
fn avg_pool(
    x: &OwnedTensor,
    k3: bool,
    kernel: &[i64],
    stride: &[i64],
    padding: &[i64],
    ceil: bool,
    cip: bool,
    div: Option<i64>,
    order: &[usize],
) -> Result<OwnedTensor> {
    let mut out = dynamic(x.dtype(), x.sizes().len(), order, 4096);
    let mut ctx = KernelContext::serial();
    let f = if k3 {
        avg_pool3d::avg_pool3d_out
    } else {
        avg_pool2d::avg_pool2d_out
    };
    run1(&mut out, |o| {
        f(
            &mut ctx,
            &x.view(),
            kernel,
            stride,
            padding,
            ceil,
            cip,
            div,
            o,
        )
    })?;
    Ok(out)
}

fn adaptive(x: &OwnedTensor, size: &[i64], k3: bool, order: &[usize]) -> Result<OwnedTensor> {
    let mut out = dynamic(x.dtype(), x.sizes().len(), order, 4096);
    let mut ctx = KernelContext::serial();
    let f = if k3 {
        adaptive_avg_pool3d::adaptive_avg_pool3d_out
    } else {
        adaptive_avg_pool2d::adaptive_avg_pool2d_out
    };
    run1(&mut out, |o| f(&mut ctx, &x.view(), size, o))?;
    Ok(out)
}

fn close(got: &[f64], want: &[f64], tol: f64) {
    assert_eq!(got.len(), want.len());
    for (g, w) in got.iter().zip(want) {
        assert!(
            (g - w).abs() <= tol * (1.0 + w.abs()),
            "{got:?} vs {want:?}"
        );
    }
}

/// `(i * 7 % 11) - 5` over `n` elements: small values with ties.
fn mixed(n: usize) -> Vec<f64> {
    (0..n).map(|i| ((i * 7) % 11) as f64 - 5.0).collect()
}

const REAL: [ScalarType; 9] = [Byte, Char, Short, Int, Long, Half, BFloat16, Float, Double];

#[test]
fn max_pool2d_ceil_mode_every_dtype() {
    // torch: max_pool2d_with_indices(arange(25).view(1,1,5,5), 2, 2, 0, 1, ceil_mode=True)
    let want = [6., 8., 9., 16., 18., 19., 21., 23., 24.];
    for dt in REAL {
        let x = tt(dt, &iota(25), &[1, 1, 5, 5]);
        let (o, i) =
            max_pool(&x, &max_params(&[2], &[2], &[0], &[1], true), &[0, 1, 2, 3]).unwrap();
        assert_eq!(o.sizes(), [1, 1, 3, 3]);
        assert_eq!(o.to_logical::<f64>(), want, "{dt:?}");
        assert_eq!(i.to_logical::<i64>(), want.map(|v| v as i64));
    }
    for dt in [Bool, UInt16] {
        let x = OwnedTensor::zeros(dt, &[1, 1, 5, 5]).unwrap();
        assert!(max_pool(&x, &max_params(&[2], &[], &[0], &[1], false), &[0, 1, 2, 3]).is_err());
    }
}

#[test]
fn max_pool_nan_and_ties() {
    let nan = f64::NAN;
    let x = tt(Float, &[1., nan, 3., nan], &[1, 1, 1, 4]);
    let (o, i) = max_pool(
        &x,
        &max_params(&[1, 4], &[], &[0], &[1], false),
        &[0, 1, 2, 3],
    )
    .unwrap();
    assert!(o.to_logical::<f64>()[0].is_nan());
    assert_eq!(i.to_logical::<i64>(), [3]);
    // ties keep the first index; padding never wins (Char -128 next to the left padding)
    let x = tt(Char, &[-128., -100., -100.], &[1, 1, 3]);
    let (o, i) = max_pool(
        &x,
        &max_params(&[1, 2], &[1], &[0, 1], &[1], false),
        &[0, 1, 2],
    )
    .unwrap();
    assert_eq!(o.to_logical::<f64>(), [-128., -100., -100., -100.]);
    assert_eq!(i.to_logical::<i64>(), [0, 1, 1, 2]);
}

#[test]
fn max_pool3d_values() {
    // torch: max_pool3d_with_indices(x.view(1,1,3,4,5), [2,2,2], [1,2,2], [1,0,1], 1, True)
    let x = tt(Float, &mixed(60), &[1, 1, 3, 4, 5]);
    let (o, i) = max_pool(
        &x,
        &max_params(&[2, 2, 2], &[1, 2, 2], &[1, 0, 1], &[1], true),
        &[0, 1, 2, 3, 4],
    )
    .unwrap();
    assert_eq!(o.sizes(), [1, 1, 4, 2, 3]);
    let want = [
        -3., 4., 5., 1., 4., 5., 5., 4., 5., 1., 5., 5., 5., 5., 4., 4., 5., 5., 2., 5., 1., 4.,
        2., 5.,
    ];
    assert_eq!(o.to_logical::<f64>(), want);
    let wi = [
        5, 6, 3, 15, 17, 14, 25, 6, 3, 15, 36, 14, 25, 47, 28, 50, 36, 58, 45, 47, 48, 50, 56, 58,
    ];
    assert_eq!(i.to_logical::<i64>(), wi);
}

#[test]
fn avg_pool2d_values() {
    let x = tt(Double, &iota(25), &[1, 1, 5, 5]);
    let c = [0, 1, 2, 3];
    let got = avg_pool(&x, false, &[3], &[2], &[1], true, true, None, &c).unwrap();
    let want = [12. / 9., 3., 24. / 9., 7., 12., 9., 8., 13., 84. / 9.];
    close(&got.to_logical::<f64>(), &want, 1e-15);
    let got = avg_pool(&x, false, &[3], &[2], &[1], true, false, None, &c).unwrap();
    assert_eq!(
        got.to_logical::<f64>(),
        [3., 4.5, 6., 10.5, 12., 13.5, 18., 19.5, 21.]
    );
    // Long truncates, as ATen's int64 division
    let x = tt(Long, &[-1., -5., -3., -7.], &[1, 1, 4]);
    let got = avg_pool(
        &x,
        false,
        &[1, 3],
        &[1],
        &[0, 1],
        false,
        true,
        None,
        &[0, 1, 2],
    )
    .unwrap();
    assert_eq!(got.to_logical::<i64>(), [-2, -3, -5, -3]);
    // divisor_override
    let x = tt(Float, &iota(16), &[1, 1, 4, 4]);
    let got = avg_pool(&x, false, &[2], &[2], &[0], false, true, Some(-2), &c).unwrap();
    assert_eq!(got.to_logical::<f64>(), [-5., -9., -21., -25.]);
    assert!(avg_pool(&x, false, &[2], &[2], &[0], false, true, Some(0), &c).is_err());
    // Half accumulates in Float: 2048 + 1 + 1 + 1 is not 2048 in Float
    let x = tt(Half, &[2048., 1., 1., 1.], &[1, 1, 2, 2]);
    let got = avg_pool(&x, false, &[2], &[], &[0], false, true, Some(1), &c).unwrap();
    assert_eq!(got.to_logical::<f64>(), [2052.]);
}

#[test]
fn avg_pool_dtypes() {
    let x2 = |dt| tt(dt, &iota(16), &[1, 1, 4, 4]);
    let c = [0, 1, 2, 3];
    for dt in REAL.iter().copied().chain([Bool]) {
        let ok = avg_pool(&x2(dt), false, &[2], &[], &[0], false, true, None, &c).is_ok();
        assert_eq!(
            ok,
            matches!(dt, Long | Half | BFloat16 | Float | Double),
            "{dt:?}"
        );
        let x3 = tt(dt, &iota(8), &[1, 1, 2, 2, 2]);
        let ok = avg_pool(
            &x3,
            true,
            &[2],
            &[],
            &[0],
            false,
            true,
            None,
            &[0, 1, 2, 3, 4],
        )
        .is_ok();
        assert_eq!(ok, matches!(dt, Long | Float | Double), "{dt:?}");
        let ok = adaptive(&x2(dt), &[2, 2], false, &c).is_ok();
        assert_eq!(ok, matches!(dt, Half | BFloat16 | Float | Double), "{dt:?}");
    }
}

#[test]
fn pool3d_average_values() {
    let x = tt(Float, &mixed(60), &[1, 1, 3, 4, 5]);
    let c = [0, 1, 2, 3, 4];
    let got = avg_pool(
        &x,
        true,
        &[2, 2, 3],
        &[1, 2, 2],
        &[1, 0, 1],
        false,
        false,
        None,
        &c,
    )
    .unwrap();
    let want = [
        -0.5, 0.8333333, 1.25, -2.0, -0.6666667, -0.25, 0.75, 0.25, 1.125, -0.75, -0.3333333,
        -0.375, 0.5, 0.0, -0.5, 0.375, 0.3333333, 0.75, -1.0, 0.3333333, -2.0, 0.25, 0.6666667,
        2.0,
    ];
    close(&got.to_logical::<f64>(), &want, 1e-6);
    let got = adaptive(&x, &[2, 3, 2], true, &c).unwrap();
    let want = [
        -0.33333334,
        -0.083333336,
        -0.16666667,
        0.083333336,
        0.0,
        0.25,
        0.33333334,
        -0.33333334,
        0.5,
        -0.16666667,
        -0.25,
        0.0,
    ];
    close(&got.to_logical::<f64>(), &want, 1e-6);
}

/// ATen's 3-D adaptive pooling sums Half in Half (2048 + 1 stays 2048); the 2-D op sums in
/// Float and rounds once.
#[test]
fn adaptive_half_accumulation() {
    let x = tt(Half, &[2048., 1., 1., 1.], &[1, 1, 1, 2, 2]);
    let got = adaptive(&x, &[1, 1, 1], true, &[0, 1, 2, 3, 4]).unwrap();
    assert_eq!(got.to_logical::<f64>(), [512.]);
    let x = tt(Half, &[2048., 1., 1., 1.], &[1, 1, 2, 2]);
    let got = adaptive(&x, &[1, 1], false, &[0, 1, 2, 3]).unwrap();
    assert_eq!(got.to_logical::<f64>(), [513.]);
}

#[test]
fn adaptive_avg_pool2d_values() {
    let x = tt(Float, &iota(16), &[1, 1, 4, 4]);
    let got = adaptive(&x, &[3, 3], false, &[0, 1, 2, 3]).unwrap();
    assert_eq!(
        got.to_logical::<f64>(),
        [2.5, 3.5, 4.5, 6.5, 7.5, 8.5, 10.5, 11.5, 12.5]
    );
    // zero output sizes are allowed; negative ones and wrong lengths are not
    let got = adaptive(&x, &[0, 3], false, &[0, 1, 2, 3]).unwrap();
    assert_eq!(got.sizes(), [1, 1, 0, 3]);
    for bad in [&[-1i64, 3][..], &[3], &[3, 3, 3]] {
        assert!(adaptive(&x, bad, false, &[0, 1, 2, 3]).is_err());
    }
    // unbatched, and larger outputs than inputs (overlapping windows)
    let x = tt(Double, &iota(6), &[1, 2, 3]);
    let got = adaptive(&x, &[3, 4], false, &[0, 1, 2]).unwrap();
    assert_eq!(
        got.to_logical::<f64>(),
        [0., 0.5, 1.5, 2., 1.5, 2., 3., 3.5, 3., 3.5, 4.5, 5.]
    );
}

/// Every input and out dim order gives the contiguous answer, for every op.
#[test]
fn dim_orders() {
    let sizes4 = [2, 3, 5, 4];
    let sizes5 = [2, 3, 3, 4, 5];
    let orders4: [&[usize]; 4] = [&[0, 1, 2, 3], &[0, 2, 3, 1], &[0, 1, 3, 2], &[3, 2, 1, 0]];
    let orders5: [&[usize]; 3] = [&[0, 1, 2, 3, 4], &[0, 2, 3, 4, 1], &[4, 0, 3, 1, 2]];
    for (sizes, orders) in [(&sizes4[..], &orders4[..]), (&sizes5[..], &orders5[..])] {
        let rank = sizes.len();
        let k3 = rank == 5;
        let n: usize = sizes.iter().product();
        let vals: Vec<f64> = mixed(n).iter().map(|v| v * 0.25).collect();
        let c = contiguous(rank);
        let m = max_params(&[3], &[2], &[1], &[1], true);
        let x = tt(Float, &vals, sizes);
        let (wm, wi) = max_pool(&x, &m, &c).unwrap();
        let wa = avg_pool(&x, k3, &[3], &[2], &[1], true, false, None, &c).unwrap();
        let wd = adaptive(&x, &vec![3; rank - 2], k3, &c).unwrap();
        for din in orders {
            for dout in orders {
                let x = tto(Float, &vals, sizes, din);
                let (gm, gi) = max_pool(&x, &m, dout).unwrap();
                assert_eq!(gm.to_logical::<f64>(), wm.to_logical::<f64>());
                assert_eq!(gi.to_logical::<i64>(), wi.to_logical::<i64>());
                let ga = avg_pool(&x, k3, &[3], &[2], &[1], true, false, None, dout).unwrap();
                assert_eq!(ga.to_logical::<f64>(), wa.to_logical::<f64>());
                let gd = adaptive(&x, &vec![3; rank - 2], k3, dout).unwrap();
                assert_eq!(gd.to_logical::<f64>(), wd.to_logical::<f64>());
            }
        }
        // the caller's out keeps its dim order
        let (gm, _) = max_pool(&tto(Float, &vals, sizes, orders[1]), &m, orders[1]).unwrap();
        assert_eq!(gm.view().dim_order(), channels_last(rank));
    }
}

/// kernel_size, stride, padding, dilation
type Params = (
    &'static [i64],
    &'static [i64],
    &'static [i64],
    &'static [i64],
);

#[test]
fn bad_parameters_are_rejected() {
    let x = tt(Float, &iota(32), &[1, 2, 4, 4]);
    let bad: [Params; 13] = [
        (&[0], &[], &[0], &[1]),
        (&[2, -2], &[], &[0], &[1]),
        (&[2, 2, 2], &[], &[0], &[1]),
        (&[], &[], &[0], &[1]),
        (&[2], &[0], &[0], &[1]),
        (&[2], &[1, 1, 1], &[0], &[1]),
        (&[3], &[1], &[2], &[1]),
        (&[3], &[1], &[-1], &[1]),
        (&[3], &[1], &[], &[1]),
        (&[2], &[1], &[0], &[0]),
        (&[5], &[1], &[0], &[1]),
        (&[i64::MAX], &[i64::MAX], &[0], &[i64::MAX]),
        // ATen narrows parameters to a 32-bit int
        (&[2], &[1 << 31], &[0], &[1]),
    ];
    for (k, s, p, d) in bad {
        let m = max_params(k, s, p, d, true);
        assert!(
            max_pool(&x, &m, &[0, 1, 2, 3]).is_err(),
            "{k:?} {s:?} {p:?} {d:?}"
        );
        if d == [1] {
            assert!(avg_pool(&x, false, k, s, p, true, true, None, &[0, 1, 2, 3]).is_err());
        }
    }
    // ranks and empty dims: only a batch may be empty
    for sizes in [
        &[4, 4][..],
        &[1, 1, 1, 4, 4],
        &[2, 0, 4, 4],
        &[0, 4, 4],
        &[2, 2, 0, 4],
    ] {
        let x = tt(Float, &[], sizes);
        assert!(
            max_pool(
                &x,
                &max_params(&[2], &[], &[0], &[1], false),
                &contiguous(sizes.len())
            )
            .is_err()
        );
    }
    let x = tt(Float, &[], &[0, 2, 4, 4]);
    let (o, _) = max_pool(&x, &max_params(&[2], &[], &[0], &[1], false), &[0, 1, 2, 3]).unwrap();
    assert_eq!(o.sizes(), [0, 2, 2, 2]);
    // adaptive 2-D allows empty channels, adaptive 3-D does not
    let x = tt(Float, &[], &[2, 0, 4, 4]);
    assert!(adaptive(&x, &[2, 2], false, &[0, 1, 2, 3]).is_ok());
    let x = tt(Float, &[], &[2, 0, 4, 4, 4]);
    assert!(adaptive(&x, &[2, 2, 2], true, &[0, 1, 2, 3, 4]).is_err());
}

#[test]
fn outs_are_checked_before_writing() {
    let x = tt(Float, &iota(16), &[1, 1, 4, 4]);
    let mut ctx = KernelContext::serial();
    let m = max_params(&[2], &[], &[0], &[1], false);
    for (odt, idt) in [(Double, Long), (Float, Int), (Float, Float)] {
        let mut out = tt(odt, &[7.; 4], &[1, 1, 2, 2]);
        let mut ind = tt(idt, &[7.; 4], &[1, 1, 2, 2]);
        let r = max_pool2d_with_indices::max_pool2d_with_indices_out(
            &mut ctx,
            &x.view(),
            &m.k,
            &m.s,
            &m.p,
            &m.d,
            m.ceil,
            &mut out.view_mut().unwrap(),
            &mut ind.view_mut().unwrap(),
        );
        assert!(r.is_err());
        assert_eq!(out.to_logical::<f64>(), [7.; 4]);
        assert_eq!(ind.to_logical::<f64>(), [7.; 4]);
    }
    // a static out of the wrong shape cannot be resized
    let mut out = tt(Float, &[7.; 3], &[1, 1, 3]);
    let r = avg_pool2d::avg_pool2d_out(
        &mut ctx,
        &x.view(),
        &[2],
        &[],
        &[0],
        false,
        true,
        None,
        &mut out.view_mut().unwrap(),
    );
    assert!(r.is_err());
    assert_eq!(out.to_logical::<f64>(), [7.; 3]);
}

fn backward(
    g: &OwnedTensor,
    x: &OwnedTensor,
    ind: &OwnedTensor,
    order: &[usize],
) -> Result<OwnedTensor> {
    let mut out = dynamic(x.dtype(), x.sizes().len(), order, 4096);
    let mut ctx = KernelContext::serial();
    run1(&mut out, |o| {
        max_pool2d_with_indices_backward::max_pool2d_with_indices_backward_grad_input(
            &mut ctx,
            &g.view(),
            &x.view(),
            &[2],
            &[1],
            &[0],
            &[1],
            false,
            &ind.view(),
            o,
        )
    })?;
    Ok(out)
}

#[test]
fn max_pool2d_backward() {
    // torch: overlapping windows send several gradients to one maximum
    let xv = [1., 5., 2., 0., 3., 4., 9., 9., 0., 1., 2., 8.];
    let gv = [1., 2., 3., 4., 5., 6.];
    let want = [0., 1., 0., 0., 0., 4., 16., 0., 0., 0., 0., 0.];
    for dt in [Half, BFloat16, Float, Double] {
        for order in [&[0, 1, 2, 3][..], &[0, 2, 3, 1]] {
            let x = tto(dt, &xv, &[1, 1, 3, 4], order);
            let (_, ind) = max_pool(&x, &max_params(&[2], &[1], &[0], &[1], false), order).unwrap();
            assert_eq!(ind.to_logical::<i64>(), [1, 6, 6, 5, 6, 6]);
            let g = tto(dt, &gv, &[1, 1, 2, 3], order);
            for out_order in [&[0, 1, 2, 3][..], &[0, 2, 3, 1]] {
                let got = backward(&g, &x, &ind, out_order).unwrap();
                assert_eq!(got.to_logical::<f64>(), want, "{dt:?}");
            }
        }
    }
    let x = tt(Float, &xv, &[1, 1, 3, 4]);
    let g = tt(Float, &gv, &[1, 1, 2, 3]);
    // -1 is skipped; any other index outside the plane is an error
    let ind = tt(Long, &[-1., 6., 6., 5., 6., 6.], &[1, 1, 2, 3]);
    let got = backward(&g, &x, &ind, &[0, 1, 2, 3]).unwrap();
    assert_eq!(got.to_logical::<f64>()[1], 0.0);
    for bad in [12.0, -2.0] {
        let ind = tt(Long, &[bad, 6., 6., 5., 6., 6.], &[1, 1, 2, 3]);
        assert!(backward(&g, &x, &ind, &[0, 1, 2, 3]).is_err());
    }
    // dtypes and shapes
    let ind = tt(Long, &[1., 6., 6., 5., 6., 6.], &[1, 1, 2, 3]);
    assert!(backward(&g, &x, &tt(Int, &[1.; 6], &[1, 1, 2, 3]), &[0, 1, 2, 3]).is_err());
    assert!(backward(&tt(Double, &gv, &[1, 1, 2, 3]), &x, &ind, &[0, 1, 2, 3]).is_err());
    assert!(backward(&tt(Float, &gv, &[1, 1, 3, 2]), &x, &ind, &[0, 1, 2, 3]).is_err());
    let xl = tt(Long, &xv, &[1, 1, 3, 4]);
    let gl = tt(Long, &gv, &[1, 1, 2, 3]);
    assert!(backward(&gl, &xl, &ind, &[0, 1, 2, 3]).is_err());
}
