//! Convolution forward: every dtype and dim order, transposed convolution as the adjoint,
//! ATen's parameter checks, a bias of another dtype. Expected values are computed here in f64.

use ScalarType::*;
use etk_core::{ErrorKind, OwnedTensor, ScalarType};

fn t(dtype: ScalarType, sizes: &[usize], order: &[usize], vals: &[f64]) -> OwnedTensor {
    let mut x = OwnedTensor::with_capacity(dtype, sizes, order, 0).unwrap();
    x.fill_logical(vals);
    x
}

use etk_portable::ops::convolution::convolution_out;

mod common;
use common::*;

#[allow(clippy::too_many_arguments)]
fn conv(
    x: &OwnedTensor,
    w: &OwnedTensor,
    b: Option<&OwnedTensor>,
    stride: &[i64],
    padding: &[i64],
    dilation: &[i64],
    transposed: bool,
    output_padding: &[i64],
    groups: i64,
    out: &mut OwnedTensor,
) -> etk_core::Result<()> {
    let bv = b.map(|b| b.view());
    convolution_out(
        &mut ctx(),
        &x.view(),
        &w.view(),
        bv.as_ref(),
        stride,
        padding,
        dilation,
        transposed,
        output_padding,
        groups,
        &mut out.view_mut().unwrap(),
    )
}

/// Direct 2-D convolution in f64 (NCHW logical order), for checking.
#[allow(clippy::too_many_arguments)]
fn conv2d_ref(
    x: &[f64],
    [n, ci, h, wd]: [usize; 4],
    w: &[f64],
    [co, kh, kw]: [usize; 3],
    b: &[f64],
    s: usize,
    p: usize,
    d: usize,
    g: usize,
) -> (Vec<f64>, [usize; 4]) {
    let oh = (h + 2 * p - d * (kh - 1) - 1) / s + 1;
    let ow = (wd + 2 * p - d * (kw - 1) - 1) / s + 1;
    let (icg, ocg) = (ci / g, co / g);
    let mut o = vec![0.0; n * co * oh * ow];
    for nn in 0..n {
        for oc in 0..co {
            let gg = oc / ocg;
            for y in 0..oh {
                for xx in 0..ow {
                    let mut acc = b.get(oc).copied().unwrap_or(0.0);
                    for icl in 0..icg {
                        let ic = gg * icg + icl;
                        for a in 0..kh {
                            for c in 0..kw {
                                let iy = (y * s + a * d) as isize - p as isize;
                                let ix = (xx * s + c * d) as isize - p as isize;
                                if iy < 0 || ix < 0 || iy >= h as isize || ix >= wd as isize {
                                    continue;
                                }
                                acc += x[((nn * ci + ic) * h + iy as usize) * wd + ix as usize]
                                    * w[((oc * icg + icl) * kh + a) * kw + c];
                            }
                        }
                    }
                    o[((nn * co + oc) * oh + y) * ow + xx] = acc;
                }
            }
        }
    }
    (o, [n, co, oh, ow])
}

#[test]
fn convolution_2d_every_dtype_and_dim_order() {
    let (n, ci, h, wd, co, k) = (2, 4, 6, 5, 6, 3);
    let xv: Vec<f64> = (0..n * ci * h * wd).map(|i| (i % 5) as f64 - 2.0).collect();
    let wv: Vec<f64> = (0..co * 2 * k * k).map(|i| (i % 3) as f64 - 1.0).collect();
    let bv: Vec<f64> = (0..co).map(|i| i as f64).collect();
    let (want, oshape) = conv2d_ref(&xv, [n, ci, h, wd], &wv, [co, k, k], &bv, 1, 1, 1, 2);
    for dtype in [Float, Double, Half, BFloat16, Long, Int, Char] {
        for (xo, wo, oo) in [
            ([0, 1, 2, 3], [0, 1, 2, 3], [0, 1, 2, 3]),
            ([0, 2, 3, 1], [0, 2, 3, 1], [0, 2, 3, 1]),
            ([0, 2, 3, 1], [0, 1, 2, 3], [3, 1, 0, 2]),
        ] {
            let x = t(dtype, &[n, ci, h, wd], &xo, &xv);
            let w = t(dtype, &[co, 2, k, k], &wo, &wv);
            let b = t(dtype, &[co], &[0], &bv);
            let mut o = OwnedTensor::with_capacity(dtype, &oshape, &oo, 0).unwrap();
            conv(&x, &w, Some(&b), &[1], &[1], &[1], false, &[0], 2, &mut o).unwrap();
            assert_eq!(
                o.to_logical::<f64>(),
                want,
                "{dtype:?} {xo:?} {wo:?} {oo:?}"
            );
        }
    }
}

#[test]
fn convolution_transposed_is_the_adjoint() {
    // <conv(x, w), y> == <x, conv_transpose(y, w)> for any x, y (same stride/padding).
    let (ci, co, h, k, s, p) = (2usize, 3usize, 5usize, 3usize, 2i64, 1i64);
    let xv: Vec<f64> = (0..ci * h * h)
        .map(|i| ((i * 7) % 5) as f64 - 2.0)
        .collect();
    let wv: Vec<f64> = (0..co * ci * k * k)
        .map(|i| ((i * 3) % 4) as f64 - 1.5)
        .collect();
    let x = t(Double, &[1, ci, h, h], &[0, 1, 2, 3], &xv);
    let w = t(Double, &[co, ci, k, k], &[0, 1, 2, 3], &wv);
    let oh = 3; // (5 + 2 - 3) / 2 + 1
    let mut y = OwnedTensor::zeros(Double, &[1, co, oh, oh]).unwrap();
    conv(&x, &w, None, &[s], &[p], &[1], false, &[0], 1, &mut y).unwrap();
    let yv: Vec<f64> = (0..co * oh * oh)
        .map(|i| ((i * 5) % 7) as f64 - 3.0)
        .collect();
    let yt = t(Double, &[1, co, oh, oh], &[0, 1, 2, 3], &yv);
    // (3 - 1) * 2 - 2 + 3 = 5
    let mut xt = OwnedTensor::zeros(Double, &[1, ci, h, h]).unwrap();
    conv(&yt, &w, None, &[s], &[p], &[1], true, &[0], 1, &mut xt).unwrap();
    let lhs: f64 = y
        .to_logical::<f64>()
        .iter()
        .zip(&yv)
        .map(|(a, b)| a * b)
        .sum();
    let rhs: f64 = xt
        .to_logical::<f64>()
        .iter()
        .zip(&xv)
        .map(|(a, b)| a * b)
        .sum();
    assert_eq!(lhs, rhs);
}

#[test]
fn convolution_rejects_bad_parameters() {
    let x = t(Float, &[1, 4, 6, 6], &[0, 1, 2, 3], &[1.0; 144]);
    let w = t(Float, &[6, 2, 3, 3], &[0, 1, 2, 3], &[1.0; 108]);
    let mut o = OwnedTensor::zeros(Float, &[1, 6, 4, 4]).unwrap();
    let mut err = |s: &[i64], p: &[i64], d: &[i64], tr: bool, op: &[i64], g: i64| {
        conv(&x, &w, None, s, p, d, tr, op, g, &mut o)
            .unwrap_err()
            .arg
    };
    assert_eq!(err(&[0], &[0], &[1], false, &[0], 2), "stride");
    assert_eq!(err(&[1], &[-1], &[1], false, &[0], 2), "padding");
    assert_eq!(err(&[1], &[0], &[0], false, &[0], 2), "dilation");
    assert_eq!(err(&[1], &[0], &[1], false, &[0], 0), "groups");
    assert_eq!(err(&[1], &[0], &[1], false, &[0], 3), "input");
    assert_eq!(err(&[1, 1, 1], &[0], &[1], false, &[0], 2), "stride");
    assert_eq!(err(&[1], &[0], &[4], false, &[0], 2), "weight");
    // Huge parameters: no overflow; the static out just has the wrong shape.
    let huge = err(&[i64::MAX], &[i64::MAX], &[i64::MAX], false, &[0], 2);
    assert_eq!(huge, "out");
    assert_eq!(err(&[i64::MAX], &[1 << 62], &[1], false, &[0], 2), "out");
    assert_eq!(
        err(&[1 << 61], &[1 << 61], &[1 << 60], true, &[0], 2),
        "input"
    );
    assert_eq!(err(&[2], &[0], &[1], true, &[2], 1), "output_padding");
    let xi = t(Int, &[1, 4, 6, 6], &[0, 1, 2, 3], &[1.0; 144]);
    let wi = t(Int, &[6, 2, 3, 3], &[0, 1, 2, 3], &[1.0; 108]);
    let mut oi = OwnedTensor::zeros(Int, &[1, 6, 2, 2]).unwrap();
    let e = conv(&xi, &wi, None, &[1], &[0], &[2], false, &[0], 2, &mut oi).unwrap_err();
    assert_eq!((e.arg, e.kind), ("input", ErrorKind::InvalidType));
}

#[test]
fn convolution_bias_of_another_dtype_is_converted() {
    // ATen's native kernels copy the bias into the out: a Double 0.1 becomes Float 0.1, an
    // integer input takes a Float bias truncated (2.75 -> 2); a complex bias is an error.
    let x = t(Float, &[1, 1, 2, 2], &[0, 1, 2, 3], &[1.0, 2.0, 3.0, 4.0]);
    let w = t(Float, &[2, 1, 1, 1], &[0, 1, 2, 3], &[1.0, -1.0]);
    let b = t(Double, &[2], &[0], &[0.1, 1e-9]);
    let mut o = OwnedTensor::zeros(Float, &[1, 2, 2, 2]).unwrap();
    conv(&x, &w, Some(&b), &[1], &[0], &[1], false, &[0], 1, &mut o).unwrap();
    let f = |v: f64| v as f32 as f64;
    let want: Vec<f64> = [1.0, 2.0, 3.0, 4.0]
        .iter()
        .map(|&v| f((v as f32 + 0.1f64 as f32) as f64))
        .chain(
            [-1.0, -2.0, -3.0, -4.0]
                .iter()
                .map(|&v| f((v as f32 + 1e-9f64 as f32) as f64)),
        )
        .collect();
    assert_eq!(o.to_logical::<f64>(), want);
    let xi = t(Long, &[1, 1, 2, 2], &[0, 1, 2, 3], &[1.0, 2.0, 3.0, 4.0]);
    let wi = t(Long, &[2, 1, 1, 1], &[0, 1, 2, 3], &[1.0, -1.0]);
    let bf = t(Float, &[2], &[0], &[2.75, -0.5]);
    let mut oi = OwnedTensor::zeros(Long, &[1, 2, 2, 2]).unwrap();
    conv(
        &xi,
        &wi,
        Some(&bf),
        &[1],
        &[0],
        &[1],
        false,
        &[0],
        1,
        &mut oi,
    )
    .unwrap();
    assert_eq!(
        oi.to_logical::<f64>(),
        [3.0, 4.0, 5.0, 6.0, -1.0, -2.0, -3.0, -4.0]
    );
    let bc = OwnedTensor::zeros(ScalarType::ComplexFloat, &[2]).unwrap();
    let e = conv(&x, &w, Some(&bc), &[1], &[0], &[1], false, &[0], 1, &mut o).unwrap_err();
    assert_eq!((e.arg, e.kind), ("bias", ErrorKind::InvalidType));
}

/// 1x3x224x224 through a 3x3 conv with 64 output channels (run with `--release --ignored
/// --nocapture` to see the time).
#[test]
#[ignore]
fn convolution_224_speed() {
    let x = OwnedTensor::zeros(Float, &[1, 3, 224, 224]).unwrap();
    let w = OwnedTensor::zeros(Float, &[64, 3, 3, 3]).unwrap();
    let mut o = OwnedTensor::zeros(Float, &[1, 64, 224, 224]).unwrap();
    let t0 = std::time::Instant::now();
    conv(&x, &w, None, &[1], &[1], &[1], false, &[0], 1, &mut o).unwrap();
    println!("1x3x224x224 * 64x3x3x3 (pad 1): {:?}", t0.elapsed());
    let xc = x.view().with_dim_order(&[0, 2, 3, 1]).unwrap();
    let mut oc = OwnedTensor::with_capacity(Float, &[1, 64, 224, 224], &[0, 2, 3, 1], 0).unwrap();
    let t0 = std::time::Instant::now();
    convolution_out(
        &mut ctx(),
        &xc,
        &w.view(),
        None,
        &[1],
        &[1],
        &[1],
        false,
        &[0],
        1,
        &mut oc.view_mut().unwrap(),
    )
    .unwrap();
    println!("channels-last: {:?}", t0.elapsed());
}
