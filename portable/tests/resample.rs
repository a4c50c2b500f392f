//! Tests of the resample family (constant padding, pixel shuffles, upsampling) in the style of
//! ExecuTorch's op tests: values computed with PyTorch 2.13 (ATen, CPU), the dtype matrix, dim
//! orders, resize and the error cases (including the negative pads that crashed ExecuTorch's
//! constant_pad_nd).

use ScalarType::*;
use etk_core::{ErrorKind, KernelContext, OwnedTensor, Scalar, ScalarType, Tensor};
use etk_portable::ops::*;

mod common;
use common::*;

const CL: [usize; 4] = [0, 2, 3, 1];

/// A resizable out with room for `cap` elements, laid out in `order` once resized.
fn dynamic(dtype: ScalarType, rank: usize, order: &[usize], cap: usize) -> OwnedTensor {
    OwnedTensor::with_capacity(dtype, &vec![0; rank], order, cap)
        .unwrap()
        .dynamic()
}

/// Calls `f` on a view of `out`, then gives `out` the shape the kernel resized the view to.
fn run(
    out: &mut OwnedTensor,
    f: impl FnOnce(&mut Tensor<'_>) -> etk_core::Result<()>,
) -> etk_core::Result<()> {
    let (r, sizes, order) = {
        let mut v = out.view_mut().unwrap();
        let r = f(&mut v);
        (r, v.sizes().to_vec(), v.dim_order().to_vec())
    };
    out.set_layout(&sizes, &order);
    r
}

fn order(rank: usize) -> Vec<usize> {
    (0..rank).collect()
}

fn pad(x: &OwnedTensor, p: &[i64], value: Scalar, out: &mut OwnedTensor) -> etk_core::Result<()> {
    let mut ctx = KernelContext::serial();
    run(out, |o| {
        constant_pad_nd::constant_pad_nd_out(&mut ctx, &x.view(), p, value, o)
    })
}

#[test]
fn constant_pad_values_every_dtype() {
    for dt in [
        Bool, Byte, Char, Short, Int, Long, Half, BFloat16, Float, Double,
    ] {
        let x = tt(dt, &iota(6), &[2, 3]);
        let mut out = dynamic(dt, 2, &[0, 1], 16);
        pad(&x, &[1, 1], Scalar::Int(1), &mut out).unwrap();
        assert_eq!(out.sizes(), [2, 5]);
        let want: Vec<f64> = if dt == Bool {
            vec![1., 0., 1., 1., 1., 1., 1., 1., 1., 1.]
        } else {
            vec![1., 0., 1., 2., 1., 1., 3., 4., 5., 1.]
        };
        assert_eq!(out.to_logical::<f64>(), want, "{dt:?}");
    }
}

#[test]
fn constant_pad_crops_and_pads() {
    let x = tt(Float, &iota(6), &[2, 3]);
    // last dim: crop 1 on the left, pad 2 on the right; first dim: pad 1 above, crop 1 below.
    let mut out = dynamic(Float, 2, &[0, 1], 16);
    pad(&x, &[-1, 2, 1, -1], Scalar::Double(9.0), &mut out).unwrap();
    assert_eq!(out.sizes(), [2, 4]);
    assert_eq!(out.to_logical::<f64>(), [9., 9., 9., 9., 1., 2., 9., 9.]);
    // crop everything, then pad it back with values only.
    pad(&x, &[-3, 3], Scalar::Int(7), &mut out).unwrap();
    assert_eq!(out.sizes(), [2, 3]);
    assert_eq!(out.to_logical::<f64>(), [7.; 6]);
    // crop everything: an empty out.
    pad(&x, &[-2, -1], Scalar::Int(7), &mut out).unwrap();
    assert_eq!(out.sizes(), [2, 0]);
    // an empty pad list and a zero-dim input are plain copies.
    pad(&x, &[], Scalar::Int(7), &mut out).unwrap();
    assert_eq!(out.to_logical::<f64>(), iota(6));
}

#[test]
fn constant_pad_rejects_bad_pads() {
    let x = tt(Float, &iota(6), &[2, 3]);
    let mut out = dynamic(Float, 2, &[0, 1], 1 << 10);
    let bad: [&[i64]; 9] = [
        &[1],
        &[1, 1, 1],
        &[1, 1, 1, 1, 1, 1],
        &[-4, 0],
        &[0, -4],
        &[-2, -2],
        &[5, -6],
        &[-6, 5],
        &[i64::MIN, 0],
    ];
    for p in bad {
        let e = pad(&x, p, Scalar::Int(0), &mut out).unwrap_err();
        assert_eq!((e.op, e.arg), ("aten::constant_pad_nd.out", "pad"), "{p:?}");
    }
    for p in [
        &[1i64 << 62, 0][..],
        &[i64::MAX, i64::MAX],
        &[1 << 62, 1 << 62, 0, 0],
    ] {
        assert!(pad(&x, p, Scalar::Int(0), &mut out).is_err(), "{p:?}");
    }
    let mut small = dynamic(Float, 2, &[0, 1], 4);
    let e = pad(&x, &[1, 1], Scalar::Int(0), &mut small).unwrap_err();
    assert_eq!(e.kind, ErrorKind::OutOfCapacity);
    let mut wrong = dynamic(Double, 2, &[0, 1], 16);
    let e = pad(&x, &[1, 1], Scalar::Int(0), &mut wrong).unwrap_err();
    assert_eq!(e.arg, "out");
}

#[test]
fn constant_pad_value_conversion() {
    let b = tt(Byte, &iota(2), &[2]);
    let mut out = dynamic(Byte, 1, &[0], 8);
    pad(&b, &[1, 0], Scalar::Int(-1), &mut out).unwrap();
    assert_eq!(out.to_logical::<i64>(), [255, 0, 1]);
    assert!(pad(&b, &[1, 0], Scalar::Int(300), &mut out).is_err());
    // a crop-only call never converts the value
    pad(&b, &[-1, 0], Scalar::Int(300), &mut out).unwrap();
    assert_eq!(out.to_logical::<i64>(), [1]);
    let i = tt(Int, &iota(2), &[2]);
    let mut out = dynamic(Int, 1, &[0], 8);
    pad(&i, &[0, 1], Scalar::Double(-2.7), &mut out).unwrap();
    assert_eq!(out.to_logical::<i64>(), [0, 1, -2]);
    assert!(pad(&i, &[0, 1], Scalar::Double(f64::NAN), &mut out).is_err());
    let h = tt(Half, &[], &[0]);
    let mut out = dynamic(Half, 1, &[0], 8);
    // one-element Half out: ATen's fill fast path takes the overflow as inf
    pad(&h, &[1, 0], Scalar::Double(1e6), &mut out).unwrap();
    assert_eq!(out.to_logical::<f64>(), [f64::INFINITY]);
    let h2 = tt(Half, &[1.0], &[1]);
    assert!(pad(&h2, &[1, 0], Scalar::Double(1e6), &mut out).is_err());
}

#[test]
fn constant_pad_uint16_moves_bytes() {
    let data: [u16; 3] = [1, 2, 65535];
    // SAFETY: a u16 buffer seen as its bytes (aligned for UInt16).
    let raw: &[u8] = unsafe { std::slice::from_raw_parts(data.as_ptr() as *const u8, 6) };
    let x = Tensor::from_bytes(UInt16, raw, &[3], &[0]).unwrap();
    let mut out_buf = vec![0u16; 5];
    let mut ctx = KernelContext::serial();
    for (value, ok) in [(-1i64, true), (70000, false)] {
        // SAFETY: the u16 buffer seen as its bytes, for the duration of this view only.
        let out_raw: &mut [u8] =
            unsafe { std::slice::from_raw_parts_mut(out_buf.as_mut_ptr() as *mut u8, 10) };
        let mut out = Tensor::from_bytes_mut(UInt16, out_raw, &[5], &[0]).unwrap();
        let r = constant_pad_nd::constant_pad_nd_out(
            &mut ctx,
            &x,
            &[1, 1],
            Scalar::Int(value),
            &mut out,
        );
        assert_eq!(r.is_ok(), ok, "{value}");
    }
    assert_eq!(out_buf, [65535, 1, 2, 65535, 65535]);
}

#[test]
fn constant_pad_dim_orders_match_contiguous() {
    let vals = iota(2 * 3 * 4 * 5);
    let x = tt(Float, &vals, &[2, 3, 4, 5]);
    for p in [
        &[1i64, 2][..],
        &[2, -1, 0, 1, 1, 1],
        &[-1, 0, -1, 0],
        &[0, 0, 0, 0, 1, -1, 1, 0],
    ] {
        let mut want = dynamic(Float, 4, &order(4), 1 << 10);
        pad(&x, p, Scalar::Int(3), &mut want).unwrap();
        for (din, dout) in [
            (CL, CL),
            (CL, [0, 1, 2, 3]),
            ([0, 1, 2, 3], CL),
            ([3, 2, 1, 0], [1, 0, 3, 2]),
        ] {
            let xi = tto(Float, &vals, &[2, 3, 4, 5], &din);
            let mut out = dynamic(Float, 4, &dout, 1 << 10);
            pad(&xi, p, Scalar::Int(3), &mut out).unwrap();
            assert_eq!(out.sizes(), want.sizes());
            assert_eq!(
                out.to_logical::<f64>(),
                want.to_logical::<f64>(),
                "{p:?} {din:?} {dout:?}"
            );
        }
    }
}

#[test]
fn pixel_shuffle_and_unshuffle() {
    let mut ctx = KernelContext::serial();
    let x = tt(
        Float,
        &(1..=8).map(f64::from).collect::<Vec<_>>(),
        &[1, 4, 1, 2],
    );
    let mut out = dynamic(Float, 4, &order(4), 8);
    run(&mut out, |t| {
        pixel_shuffle::pixel_shuffle_out(&mut ctx, &x.view(), 2, t)
    })
    .unwrap();
    assert_eq!(out.sizes(), [1, 1, 2, 4]);
    assert_eq!(out.to_logical::<f64>(), [1., 3., 2., 4., 5., 7., 6., 8.]);
    let mut back = dynamic(Float, 4, &CL, 8);
    run(&mut back, |t| {
        pixel_unshuffle::pixel_unshuffle_out(&mut ctx, &out.view(), 2, t)
    })
    .unwrap();
    assert_eq!(back.sizes(), [1, 4, 1, 2]);
    assert_eq!(back.to_logical::<f64>(), x.to_logical::<f64>());
    // every dtype, channels-last in and out, a batch of rank 2
    for dt in [
        Bool, Byte, Char, Short, Int, Long, Half, BFloat16, Float, Double,
    ] {
        let vals: Vec<f64> = (0..2 * 2 * 9 * 2 * 2).map(|v| (v % 7) as f64).collect();
        let a = tt(dt, &vals, &[2, 2, 9, 2, 2]);
        let mut o = dynamic(dt, 5, &order(5), 1 << 8);
        run(&mut o, |t| {
            pixel_shuffle::pixel_shuffle_out(&mut ctx, &a.view(), 3, t)
        })
        .unwrap();
        assert_eq!(o.sizes(), [2, 2, 1, 6, 6]);
        let mut r = dynamic(dt, 5, &[0, 1, 3, 4, 2], 1 << 8);
        run(&mut r, |t| {
            pixel_unshuffle::pixel_unshuffle_out(&mut ctx, &o.view(), 3, t)
        })
        .unwrap();
        assert_eq!(r.to_logical::<f64>(), a.to_logical::<f64>(), "{dt:?}");
    }
    // errors: factor, divisibility, rank, overflow
    let mut o = dynamic(Float, 4, &order(4), 64);
    for f in [0, -1, 3, 1 << 32, i64::MAX] {
        assert!(
            run(&mut o, |t| pixel_shuffle::pixel_shuffle_out(
                &mut ctx,
                &x.view(),
                f,
                t
            ))
            .is_err()
        );
        assert!(
            run(&mut o, |t| pixel_unshuffle::pixel_unshuffle_out(
                &mut ctx,
                &x.view(),
                f,
                t
            ))
            .is_err()
        );
    }
    // ATen's unshuffle of an empty input keeps the input's shape
    let e0 = tt(Float, &[], &[2, 0, 4, 6]);
    run(&mut o, |t| {
        pixel_unshuffle::pixel_unshuffle_out(&mut ctx, &e0.view(), 2, t)
    })
    .unwrap();
    assert_eq!(o.sizes(), [2, 0, 4, 6]);
    let flat = tt(Float, &iota(4), &[2, 2]);
    let e = run(&mut o, |t| {
        pixel_shuffle::pixel_shuffle_out(&mut ctx, &flat.view(), 1, t)
    })
    .unwrap_err();
    assert_eq!(e.arg, "self");
}

fn nearest(
    x: &OwnedTensor,
    size: Option<&[i64]>,
    scales: Option<&[f64]>,
    out: &mut OwnedTensor,
) -> etk_core::Result<()> {
    let mut ctx = KernelContext::serial();
    run(out, |o| {
        upsample_nearest2d::upsample_nearest2d_vec_out(&mut ctx, &x.view(), size, scales, o)
    })
}

fn bilinear(
    x: &OwnedTensor,
    size: Option<&[i64]>,
    ac: bool,
    scales: Option<&[f64]>,
    out: &mut OwnedTensor,
) -> etk_core::Result<()> {
    let mut ctx = KernelContext::serial();
    run(out, |o| {
        upsample_bilinear2d::upsample_bilinear2d_vec_out(&mut ctx, &x.view(), size, ac, scales, o)
    })
}

#[test]
fn upsample_values() {
    let x = tt(Float, &[1., 2., 3., 4.], &[1, 1, 2, 2]);
    let mut out = dynamic(Float, 4, &order(4), 64);
    nearest(&x, Some(&[3, 3]), None, &mut out).unwrap();
    assert_eq!(
        out.to_logical::<f64>(),
        [1., 1., 2., 1., 1., 2., 3., 3., 4.]
    );
    nearest(&x, None, Some(&[1.7, 1.7]), &mut out).unwrap();
    assert_eq!(out.sizes(), [1, 1, 3, 3]);
    assert_eq!(
        out.to_logical::<f64>(),
        [1., 1., 2., 1., 1., 2., 3., 3., 4.]
    );
    for ac in [false, true] {
        bilinear(&x, Some(&[3, 3]), ac, None, &mut out).unwrap();
        assert_eq!(
            out.to_logical::<f64>(),
            [1., 1.5, 2., 2., 2.5, 3., 3., 3.5, 4.]
        );
    }
    bilinear(&x, None, false, Some(&[1.5, 1.5]), &mut out).unwrap();
    assert_eq!(
        out.to_logical::<f64>(),
        [1., 1.5, 2., 2., 2.5, 3., 3., 3.5, 4.]
    );
    // dim orders agree with the contiguous answer for every float dtype
    let vals: Vec<f64> = (0..2 * 3 * 4 * 5)
        .map(|v| ((v * 37) % 11) as f64 - 5.0)
        .collect();
    for dt in [Half, BFloat16, Float, Double] {
        let a = tt(dt, &vals, &[2, 3, 4, 5]);
        let mut want = dynamic(dt, 4, &order(4), 1 << 10);
        bilinear(&a, Some(&[7, 3]), false, None, &mut want).unwrap();
        let ac = tto(dt, &vals, &[2, 3, 4, 5], &CL);
        let mut got = dynamic(dt, 4, &CL, 1 << 10);
        bilinear(&ac, Some(&[7, 3]), false, None, &mut got).unwrap();
        assert_eq!(got.to_logical::<f64>(), want.to_logical::<f64>(), "{dt:?}");
        nearest(&a, Some(&[7, 3]), None, &mut want).unwrap();
        nearest(&ac, Some(&[7, 3]), None, &mut got).unwrap();
        assert_eq!(got.to_logical::<f64>(), want.to_logical::<f64>(), "{dt:?}");
    }
}

#[test]
fn upsample_errors() {
    let x = tt(Float, &iota(24), &[1, 2, 3, 4]);
    let mut out = dynamic(Float, 4, &order(4), 1 << 10);
    type Sizes<'a> = (Option<&'a [i64]>, Option<&'a [f64]>);
    let sizes: [Sizes; 10] = [
        (None, None),
        (Some(&[6, 8]), Some(&[2.0, 2.0])),
        (Some(&[6]), None),
        (None, Some(&[2.0])),
        (Some(&[0, 3]), None),
        (Some(&[-1, 3]), None),
        (None, Some(&[0.1, 1.0])),
        (None, Some(&[f64::NAN, 2.0])),
        (None, Some(&[f64::INFINITY, 2.0])),
        (None, Some(&[1e30, 2.0])),
    ];
    for (s, f) in sizes {
        assert!(nearest(&x, s, f, &mut out).is_err(), "{s:?} {f:?}");
        assert!(bilinear(&x, s, false, f, &mut out).is_err(), "{s:?} {f:?}");
    }
    for dt in [Bool, Char, Int, Long] {
        let a = tt(dt, &iota(24), &[1, 2, 3, 4]);
        let mut o = dynamic(dt, 4, &order(4), 1 << 10);
        assert!(nearest(&a, Some(&[6, 8]), None, &mut o).is_err());
    }
    let r3 = tt(Float, &iota(12), &[1, 3, 4]);
    assert!(nearest(&r3, Some(&[6, 8]), None, &mut out).is_err());
    let c0 = tt(Float, &[], &[1, 0, 3, 4]);
    assert!(nearest(&c0, Some(&[6, 8]), None, &mut out).is_err());
    let n0 = tt(Float, &[], &[0, 2, 3, 4]);
    nearest(&n0, Some(&[6, 8]), None, &mut out).unwrap();
    assert_eq!(out.sizes(), [0, 2, 6, 8]);
    let mut wrong = dynamic(Double, 4, &order(4), 1 << 10);
    assert_eq!(
        nearest(&x, Some(&[6, 8]), None, &mut wrong)
            .unwrap_err()
            .arg,
        "out"
    );
}

#[test]
fn grid_sampler_values() {
    let x = tt(Float, &[1., 2., 3., 4.], &[1, 1, 2, 2]);
    let g = tt(
        Float,
        &[-1., -1., 1., 1., 0., 0., 0.25, -0.5],
        &[1, 1, 4, 2],
    );
    // (mode, padding, align_corners) -> values, from torch 2.13
    let want: [((i64, i64, bool), [f64; 4]); 8] = [
        ((0, 0, false), [0.25, 1.0, 2.5, 1.75]),
        ((0, 0, true), [1.0, 4.0, 2.5, 2.125]),
        ((0, 2, false), [1.0, 4.0, 2.5, 1.75]),
        ((1, 0, false), [1.0, 0.0, 1.0, 2.0]),
        ((1, 1, true), [1.0, 4.0, 1.0, 2.0]),
        ((2, 0, false), [0.109375, 1.140625, 3.525390625, 2.01953125]),
        ((2, 1, false), [0.71875, 4.28125, 2.5, 1.7734375]),
        ((2, 2, true), [1.0, 4.0, 2.5, 1.99609375]),
    ];
    let mut ctx = KernelContext::serial();
    for ((m, p, ac), w) in want {
        let mut out = dynamic(Float, 4, &order(4), 16);
        run(&mut out, |o| {
            grid_sampler_2d::grid_sampler_2d_out(&mut ctx, &x.view(), &g.view(), m, p, ac, o)
        })
        .unwrap();
        assert_eq!(out.sizes(), [1, 1, 1, 4]);
        let got = out.to_logical::<f64>();
        for (a, b) in got.iter().zip(w) {
            assert!((a - b).abs() < 1e-6, "{m} {p} {ac}: {got:?} vs {w:?}");
        }
    }
    let mut out = dynamic(Float, 4, &order(4), 16);
    for (m, p) in [(3, 0), (0, 3), (-1, 0)] {
        let e = run(&mut out, |o| {
            grid_sampler_2d::grid_sampler_2d_out(&mut ctx, &x.view(), &g.view(), m, p, false, o)
        })
        .unwrap_err();
        assert!(e.arg.ends_with("_mode"));
    }
    let gd = tt(Double, &[0.; 8], &[1, 1, 4, 2]);
    let e = run(&mut out, |o| {
        grid_sampler_2d::grid_sampler_2d_out(&mut ctx, &x.view(), &gd.view(), 0, 0, false, o)
    })
    .unwrap_err();
    assert_eq!(e.arg, "grid");
}

#[test]
fn col2im_and_antialias_values() {
    let mut ctx = KernelContext::serial();
    // two overlapping 1x2 blocks over a 1x3 image: the middle pixel sums both
    let x = tt(Float, &[1., 2., 5., 6.], &[1, 2, 2]);
    let mut out = dynamic(Float, 4, &order(4), 16);
    run(&mut out, |o| {
        col2im::col2im_out(
            &mut ctx,
            &x.view(),
            &[1, 3],
            &[1, 2],
            &[1, 1],
            &[0, 0],
            &[1, 1],
            o,
        )
    })
    .unwrap();
    assert_eq!(out.sizes(), [1, 1, 1, 3]);
    assert_eq!(out.to_logical::<f64>(), [1., 7., 6.]);
    // a channels-last out gets the same values (ATen's out overload gets this wrong)
    let vals: Vec<f64> = (0..2 * 12 * 20).map(|v| ((v * 7) % 13) as f64).collect();
    let big = tt(Float, &vals, &[2, 12, 20]);
    let mut want = dynamic(Float, 4, &order(4), 1 << 8);
    let mut cl = dynamic(Float, 4, &CL, 1 << 8);
    for o in [&mut want, &mut cl] {
        run(o, |t| {
            col2im::col2im_out(
                &mut ctx,
                &big.view(),
                &[4, 5],
                &[2, 2],
                &[1, 1],
                &[1, 0],
                &[1, 1],
                t,
            )
        })
        .unwrap();
    }
    assert_eq!(cl.to_logical::<f64>(), want.to_logical::<f64>());
    for (k, d, p, s) in [
        ([0i64, 2], [1i64, 1], [0i64, 0], [1i64, 1]),
        ([1, 2], [0, 1], [0, 0], [1, 1]),
        ([1, 2], [1, 1], [-1, 0], [1, 1]),
        ([1, 2], [1, 1], [0, 0], [0, 1]),
        ([1 << 40, 1 << 40], [1, 1], [0, 0], [1, 1]),
        ([1, 2], [1, 1], [1 << 61, 0], [1 << 62, 1]),
    ] {
        assert!(
            run(&mut out, |o| col2im::col2im_out(
                &mut ctx,
                &x.view(),
                &[1, 3],
                &k,
                &d,
                &p,
                &s,
                o
            ))
            .is_err()
        );
    }
    let a = tt(Float, &[1., 2., 3., 4.], &[1, 1, 1, 4]);
    run(&mut out, |o| {
        _upsample_bilinear2d_aa::_upsample_bilinear2d_aa_out(
            &mut ctx,
            &a.view(),
            &[1, 2],
            false,
            None,
            None,
            o,
        )
    })
    .unwrap();
    let got = out.to_logical::<f64>();
    assert!(
        (got[0] - 1.7142857313156128).abs() < 1e-6 && (got[1] - 3.2857141494750977).abs() < 1e-6
    );
    let h = tt(Half, &[1., 2., 3., 4.], &[1, 1, 1, 4]);
    let mut oh = dynamic(Half, 4, &order(4), 16);
    assert!(
        run(&mut oh, |o| {
            _upsample_bilinear2d_aa::_upsample_bilinear2d_aa_out(
                &mut ctx,
                &h.view(),
                &[1, 2],
                false,
                None,
                None,
                o,
            )
        })
        .is_err()
    );
}

#[test]
fn upsample_byte_is_atens_fixed_point_kernel() {
    // torch 2.13: each pass rounds to uint8 with int16 weights (150 where the float kernel
    // gives 149.41), in both layouts.
    let v = [0., 255., 17., 200., 99., 3., 250., 128., 64., 1., 77., 180.];
    let up = [
        0., 91., 237., 136., 30., 135., 200., 40., 81., 146., 132., 114., 150., 171., 99., 65.,
        10., 127., 241., 172., 128., 78., 51., 7., 74., 147., 155., 159., 64., 42., 5., 39., 84.,
        143., 180.,
    ];
    for din in [order(4), vec![0, 2, 3, 1]] {
        let x = tto(Byte, &v, &[1, 1, 3, 4], &din);
        let mut out = dynamic(Byte, 4, &order(4), 64);
        bilinear(&x, Some(&[5, 7]), false, None, &mut out).unwrap();
        assert_eq!(out.to_logical::<f64>(), up);
        bilinear(&x, Some(&[2, 3]), true, None, &mut out).unwrap();
        assert_eq!(out.to_logical::<f64>(), [0., 136., 200., 64., 39., 180.]);
        let mut ctx = KernelContext::serial();
        let mut aa = |size: &[i64], ac: bool, out: &mut OwnedTensor| {
            run(out, |o| {
                _upsample_bilinear2d_aa::_upsample_bilinear2d_aa_out(
                    &mut ctx,
                    &x.view(),
                    size,
                    ac,
                    None,
                    None,
                    o,
                )
            })
        };
        aa(&[2, 2], false, &mut out).unwrap();
        assert_eq!(out.to_logical::<f64>(), [100., 141., 54., 130.]);
        aa(&[5, 3], true, &mut out).unwrap();
        let want = [
            96., 117., 170., 88., 126., 165., 71., 145., 154., 57., 131., 152., 46., 86., 159.,
        ];
        assert_eq!(out.to_logical::<f64>(), want);
    }
    // ATen's AVX kernel asserts on three NCHW channels shrunk to 1 x 1: an error here too
    let x = tt(Byte, &[7.0; 3 * 12], &[1, 3, 3, 4]);
    let mut out = dynamic(Byte, 4, &order(4), 64);
    assert!(bilinear(&x, Some(&[1, 1]), false, None, &mut out).is_err());
    let x = tto(Byte, &[7.0; 3 * 12], &[1, 3, 3, 4], &[0, 2, 3, 1]);
    bilinear(&x, Some(&[1, 1]), false, None, &mut out).unwrap();
    assert_eq!(out.to_logical::<f64>(), [7., 7., 7.]);
}

#[test]
fn col2im_bool_ors_and_complex_sums_parts() {
    // torch 2.13: one channel, a 2x2 kernel over a [2, 3] image, stride 1: two blocks along
    // W, so the middle column of pixels gets two entries.
    let mut ctx = KernelContext::serial();
    let cols = tt(Bool, &[1., 0., 0., 0., 0., 1., 1., 1.], &[4, 2]);
    let mut out = dynamic(Bool, 3, &order(3), 16);
    run(&mut out, |o| {
        col2im::col2im_out(
            &mut ctx,
            &cols.view(),
            &[2, 3],
            &[2, 2],
            &[1, 1],
            &[0, 0],
            &[1, 1],
            o,
        )
    })
    .unwrap();
    assert_eq!(out.to_logical::<f64>(), [1., 0., 0., 0., 1., 1.]);
    let data: Vec<f32> = (0..16).map(|i| i as f32).collect();
    let z = etk_core::Tensor::from_bytes(
        ScalarType::ComplexFloat,
        bytemuck_bytes(&data),
        &[4, 2],
        &[0, 1],
    )
    .unwrap();
    let mut out = vec![0f32; 12];
    let mut o = etk_core::Tensor::from_bytes_mut(
        ScalarType::ComplexFloat,
        bytemuck_bytes_mut(&mut out),
        &[1, 2, 3],
        &[0, 1, 2],
    )
    .unwrap();
    col2im::col2im_out(
        &mut ctx,
        &z,
        &[2, 3],
        &[2, 2],
        &[1, 1],
        &[0, 0],
        &[1, 1],
        &mut o,
    )
    .unwrap();
    let want = [0., 1., 6., 8., 6., 7., 8., 9., 22., 24., 14., 15.];
    assert_eq!(out, want);
}

fn bytemuck_bytes(v: &[f32]) -> &[u8] {
    // SAFETY: f32 has no padding; the byte view covers the same memory.
    unsafe { core::slice::from_raw_parts(v.as_ptr() as *const u8, v.len() * 4) }
}

fn bytemuck_bytes_mut(v: &mut [f32]) -> &mut [u8] {
    // SAFETY: as above; any byte pattern is a valid f32.
    unsafe { core::slice::from_raw_parts_mut(v.as_mut_ptr() as *mut u8, v.len() * 4) }
}

#[test]
fn antialias_rows_take_row_zeros_taps_when_the_height_is_innermost() {
    // ATen's separable kernel: an NCHW out of width 1 gives every row row 0's vertical taps;
    // a channels-last out (C > 1) does not.
    let x = tt(Float, &iota(2 * 9 * 4), &[1, 2, 9, 4]);
    let mut ctx = KernelContext::serial();
    let mut nchw = dynamic(Float, 4, &order(4), 64);
    run(&mut nchw, |o| {
        _upsample_bilinear2d_aa::_upsample_bilinear2d_aa_out(
            &mut ctx,
            &x.view(),
            &[3, 1],
            false,
            None,
            None,
            o,
        )
    })
    .unwrap();
    let v = nchw.to_logical::<f64>();
    assert!(v[0] == v[1] && v[1] == v[2] && v[3] == v[5], "{v:?}");
    let mut cl = zeros_o(Float, &[1, 2, 3, 1], &[0, 2, 3, 1]);
    run(&mut cl, |o| {
        _upsample_bilinear2d_aa::_upsample_bilinear2d_aa_out(
            &mut ctx,
            &x.view(),
            &[3, 1],
            false,
            None,
            None,
            o,
        )
    })
    .unwrap();
    let v = cl.to_logical::<f64>();
    assert!(v[0] < v[1] && v[1] < v[2], "{v:?}");
}

/// The etk-fuzz finding of issue 28 item 10's soak: huge paddings (or dilations) make each
/// block count about ±2^64, whose product overflowed even i128 (a panic); it is an error.
#[test]
fn col2im_huge_padding_is_an_error() {
    let mut ctx = KernelContext::serial();
    let x = tt(Float, &[0.0; 9], &[1, 9, 1]);
    let mut out = dynamic(Float, 4, &order(4), 16);
    let r = run(&mut out, |o| {
        col2im::col2im_out(
            &mut ctx,
            &x.view(),
            &[1, 1],
            &[3, 3],
            &[1, 1],
            &[i64::MAX, i64::MAX],
            &[1, 1],
            o,
        )
    });
    assert!(r.is_err());
}
