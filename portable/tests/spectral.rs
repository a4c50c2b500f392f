//! Tests of the spectral family (`_fft_r2c`, `_fft_c2r`, `view_as_real_copy`) and of complex
//! tensors through the byte-moving ops: the transforms against the DFT's definition for every
//! kind of length (smooth, prime, Bluestein), multi-dim transforms, normalization modes,
//! `onesided`, `last_dim_size`, round trips, dim orders, out dtypes and the error cases.
//! ATen's behaviour was checked with PyTorch 2.13 (CPU).

use ScalarType::*;
use etk_core::owned::logical_to_offset;
use etk_core::{ErrorKind, KernelContext, OwnedTensor, Result, ScalarType, Serial};
use etk_portable::ops::*;
use std::f64::consts::PI;

mod common;
use common::*;

const CL: [usize; 4] = [0, 2, 3, 1];

fn with_ctx<R>(f: impl FnOnce(&mut KernelContext<'_>) -> R) -> R {
    let mut buf = vec![0u8; 4 << 20];
    let mut ctx = KernelContext::new(&mut buf, &Serial);
    f(&mut ctx)
}

fn contiguous(rank: usize) -> Vec<usize> {
    (0..rank).collect()
}

/// A tensor of a real or complex dtype from values in logical order (complex: `[re, im]`
/// pairs), laid out in `order`.
fn tensor(dtype: ScalarType, vals: &[f64], sizes: &[usize], order: &[usize]) -> OwnedTensor {
    let mut t = OwnedTensor::with_capacity(dtype, sizes, order, 0).unwrap();
    if !dtype.is_complex() {
        t.fill_logical::<f64>(vals);
        return t;
    }
    assert_eq!(vals.len(), 2 * t.numel());
    {
        let mut v = t.view_mut().unwrap();
        let (sizes, strides) = (v.sizes().to_vec(), v.strides().to_vec());
        let p = v.as_mut_ptr("test", "t").unwrap();
        for i in 0..vals.len() / 2 {
            let off = logical_to_offset(i, &sizes, &strides);
            // SAFETY: element `off` of the tensor's own memory.
            unsafe {
                match dtype {
                    ComplexFloat => {
                        let e = (p as *mut f32).add(2 * off);
                        *e = vals[2 * i] as f32;
                        *e.add(1) = vals[2 * i + 1] as f32;
                    }
                    ComplexDouble => {
                        let e = (p as *mut f64).add(2 * off);
                        *e = vals[2 * i];
                        *e.add(1) = vals[2 * i + 1];
                    }
                    _ => unreachable!(),
                }
            }
        }
    }
    t
}

/// Logical values (complex: `[re, im]` pairs).
fn values(t: &OwnedTensor) -> Vec<f64> {
    let dtype = t.dtype();
    if !dtype.is_complex() {
        return t.to_logical::<f64>();
    }
    let v = t.view();
    let p = v.as_ptr();
    let mut out = Vec::new();
    for i in 0..v.numel() {
        let off = logical_to_offset(i, v.sizes(), v.strides());
        // SAFETY: element `off` of the tensor's own memory.
        unsafe {
            match dtype {
                ComplexFloat => {
                    let e = (p as *const f32).add(2 * off);
                    out.extend([*e as f64, *e.add(1) as f64]);
                }
                ComplexDouble => {
                    let e = (p as *const f64).add(2 * off);
                    out.extend([*e, *e.add(1)]);
                }
                _ => unreachable!(),
            }
        }
    }
    out
}

fn assert_close(got: &[f64], want: &[f64], tol: f64, what: &str) {
    assert_eq!(got.len(), want.len(), "{what}: length");
    let scale = want.iter().fold(1.0f64, |m, x| m.max(x.abs()));
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(
            (g - w).abs() <= tol * scale,
            "{what}: [{i}] got {g}, want {w}"
        );
    }
}

fn signal(n: usize, seed: f64) -> Vec<f64> {
    (0..n)
        .map(|j| (j as f64 * 0.37 + seed).sin() * 2.0 + (j as f64 * seed).cos())
        .collect()
}

/// The DFT by its definition along the last dim of `[rows, n]` real or complex data.
fn naive_dft(x: &[f64], rows: usize, n: usize, complex_in: bool, inverse: bool) -> Vec<f64> {
    let sign = if inverse { 1.0 } else { -1.0 };
    let mut out = vec![0.0; rows * n * 2];
    for r in 0..rows {
        for k in 0..n {
            let (mut re, mut im) = (0.0, 0.0);
            for j in 0..n {
                let (xr, xi) = if complex_in {
                    (x[2 * (r * n + j)], x[2 * (r * n + j) + 1])
                } else {
                    (x[r * n + j], 0.0)
                };
                let a = sign * 2.0 * PI * ((j * k) % n) as f64 / n as f64;
                re += xr * a.cos() - xi * a.sin();
                im += xr * a.sin() + xi * a.cos();
            }
            out[2 * (r * n + k)] = re;
            out[2 * (r * n + k) + 1] = im;
        }
    }
    out
}

fn r2c(
    x: &OwnedTensor,
    dim: &[i64],
    norm: i64,
    onesided: bool,
    out: &mut OwnedTensor,
) -> Result<()> {
    with_ctx(|ctx| {
        run(out, |o| {
            fft_r2c::fft_r2c_out(ctx, &x.view(), dim, norm, onesided, o)
        })
    })
}

fn c2r(x: &OwnedTensor, dim: &[i64], norm: i64, lds: i64, out: &mut OwnedTensor) -> Result<()> {
    with_ctx(|ctx| {
        run(out, |o| {
            fft_c2r::fft_c2r_out(ctx, &x.view(), dim, norm, lds, o)
        })
    })
}

#[test]
fn r2c_matches_the_definition_for_every_kind_of_length() {
    for dt in [Float, Double] {
        let tol = if dt == Float { 1e-5 } else { 1e-12 };
        for n in (1..=24).chain([31, 64, 97, 100, 210, 257]) {
            let x = signal(2 * n, 0.3);
            let t = tensor(dt, &x, &[2, n], &[0, 1]);
            let want = naive_dft(&x, 2, n, false, false);
            let cd = if dt == Float {
                ComplexFloat
            } else {
                ComplexDouble
            };
            let mut out = dynamic(cd, 2 * n);
            r2c(&t, &[1], 0, false, &mut out).unwrap();
            assert_eq!(out.sizes(), &[2, n]);
            assert_close(
                &values(&out),
                &want,
                tol * (n as f64).log2().max(1.0),
                "two-sided",
            );
            let mut half = dynamic(cd, 2 * n);
            r2c(&t, &[1], 0, true, &mut half).unwrap();
            let h = n / 2 + 1;
            assert_eq!(half.sizes(), &[2, h]);
            let want_half: Vec<f64> = (0..2)
                .flat_map(|r| want[2 * r * n..2 * (r * n + h)].to_vec())
                .collect();
            assert_close(&values(&half), &want_half, tol * 10.0, "onesided");
        }
    }
}

#[test]
fn normalization_modes_scale_by_one_root_n_and_n() {
    let n = 12;
    let x = signal(n, 1.1);
    let t = tensor(Double, &x, &[n], &[0]);
    let base = naive_dft(&x, 1, n, false, false);
    for (norm, scale) in [
        (0, 1.0),
        (1, 1.0 / (n as f64).sqrt()),
        (2, 1.0 / n as f64),
        (3, 1.0 / n as f64),
        (-1, 1.0 / n as f64),
    ] {
        let mut out = dynamic(ComplexDouble, n);
        r2c(&t, &[0], norm, false, &mut out).unwrap();
        let want: Vec<f64> = base.iter().map(|v| v * scale).collect();
        assert_close(&values(&out), &want, 1e-12, "norm");
    }
}

#[test]
fn multi_dim_transforms_and_the_halved_dim_is_the_last_listed() {
    // [3, 4]: the 2-D DFT is separable; onesided halves the last dim of `dim`
    let x = signal(12, 0.7);
    let t = tensor(Double, &x, &[3, 4], &[0, 1]);
    let mut out = dynamic(ComplexDouble, 12);
    r2c(&t, &[1, 0], 0, true, &mut out).unwrap();
    assert_eq!(out.sizes(), &[2, 4]);
    let got = values(&out);
    for k0 in 0..2 {
        for k1 in 0..4 {
            let (mut re, mut im) = (0.0, 0.0);
            for j0 in 0..3 {
                for j1 in 0..4 {
                    let a = -2.0 * PI * (j0 as f64 * k0 as f64 / 3.0 + j1 as f64 * k1 as f64 / 4.0);
                    re += x[j0 * 4 + j1] * a.cos();
                    im += x[j0 * 4 + j1] * a.sin();
                }
            }
            let g = &got[2 * (k0 * 4 + k1)..];
            assert!(
                (g[0] - re).abs() < 1e-12 && (g[1] - im).abs() < 1e-12,
                "[{k0},{k1}]"
            );
        }
    }
}

#[test]
fn c2r_inverts_r2c_for_odd_even_and_prime_lengths() {
    for dt in [Float, Double] {
        let cd = if dt == Float {
            ComplexFloat
        } else {
            ComplexDouble
        };
        let tol = if dt == Float { 1e-5 } else { 1e-12 };
        for n in [1, 2, 3, 4, 5, 8, 13, 16, 17, 30, 97, 128] {
            let x = signal(3 * n, 0.9);
            let t = tensor(dt, &x, &[3, n], &[0, 1]);
            let mut spec = dynamic(cd, 3 * n);
            r2c(&t, &[1], 0, true, &mut spec).unwrap();
            let mut back = dynamic(dt, 3 * n);
            c2r(&spec, &[1], 2, n as i64, &mut back).unwrap();
            assert_eq!(back.sizes(), &[3, n]);
            assert_close(&values(&back), &x, tol, "round trip");
        }
        // multi-dim: the other dims are full complex transforms
        let x = signal(60, 0.2);
        let t = tensor(dt, &x, &[3, 4, 5], &[0, 1, 2]);
        let mut spec = dynamic(cd, 60);
        r2c(&t, &[0, 2, 1], 1, true, &mut spec).unwrap();
        assert_eq!(spec.sizes(), &[3, 3, 5]);
        let mut back = dynamic(dt, 60);
        c2r(&spec, &[0, 2, 1], 1, 4, &mut back).unwrap();
        assert_close(&values(&back), &x, tol, "3-D round trip");
    }
}

#[test]
fn c2r_ignores_the_imaginary_parts_of_dc_and_nyquist() {
    // ATen: [[1j, 0, 0]] -> zeros of length 4; [[1, 1, 1]] -> [4, 0, 0, 0]... scaled by none
    let x = tensor(
        ComplexFloat,
        &[0., 1., 0., 0., 0., 0., 1., 0., 1., 0., 1., 0.],
        &[2, 3],
        &[0, 1],
    );
    let mut out = dynamic(Float, 8);
    c2r(&x, &[1], 0, 4, &mut out).unwrap();
    assert_eq!(values(&out), vec![0., 0., 0., 0., 4., 0., 0., 0.]);
    // self of the full length: only the first n/2 + 1 entries are read
    let x = tensor(ComplexDouble, &[1., 0., 2., 5., 3., 7.], &[3], &[0]);
    let mut out = dynamic(Double, 3);
    c2r(&x, &[0], 0, 3, &mut out).unwrap();
    // x[j] = X0 + 2 Re(X1 exp(2 pi i j / 3)), X2 unread
    let want = [
        1.0 + 4.0,
        1.0 - 2.0 - 5.0 * 3f64.sqrt(),
        1.0 - 2.0 + 5.0 * 3f64.sqrt(),
    ];
    assert_close(&values(&out), &want, 1e-12, "full-length self");
}

#[test]
fn dim_orders_in_and_out() {
    let sizes = [2, 3, 4, 5];
    let x = signal(120, 0.4);
    let want = {
        let t = tensor(Double, &x, &sizes, &contiguous(4));
        let mut o = dynamic(ComplexDouble, 120);
        r2c(&t, &[1, 3], 1, true, &mut o).unwrap();
        values(&o)
    };
    for (din, dout) in [
        (CL, contiguous(4)),
        (contiguous(4).try_into().unwrap(), CL.to_vec()),
        (CL, CL.to_vec()),
    ] {
        let t = tensor(Double, &x, &sizes, &din);
        let mut o = OwnedTensor::with_capacity(ComplexDouble, &[2, 3, 4, 3], &dout, 0).unwrap();
        r2c(&t, &[1, 3], 1, true, &mut o).unwrap();
        assert_eq!(o.view().dim_order(), dout.as_slice());
        assert_close(&values(&o), &want, 1e-12, "dim order");
    }
}

#[test]
fn out_dtypes_are_copied_as_copy_does() {
    // [1, 0, 0, 0] -> [1, 1, 1]; [0, 2, 0, 0] -> [2, -2j, -2]
    let x = tensor(Float, &[1., 0., 0., 0., 0., 2., 0., 0.], &[2, 4], &[0, 1]);
    for (dt, want) in [
        (Float, vec![1., 1., 1., 2., 0., -2.]),
        (Int, vec![1., 1., 1., 2., 0., -2.]),
        (Bool, vec![1., 1., 1., 1., 1., 1.]),
        (Half, vec![1., 1., 1., 2., 0., -2.]),
    ] {
        let mut out = dynamic(dt, 6);
        r2c(&x, &[1], 0, true, &mut out).unwrap();
        assert_eq!(values(&out), want, "{dt}");
    }
    let mut out = dynamic(ComplexDouble, 6);
    r2c(&x, &[1], 0, true, &mut out).unwrap();
    assert_close(
        &values(&out),
        &[1., 0., 1., 0., 1., 0., 2., 0., 0., -2., -2., 0.],
        1e-15,
        "complex",
    );
    let mut out = dynamic(UInt16, 6);
    assert!(r2c(&x, &[1], 0, true, &mut out).is_err());
}

#[test]
fn rejected_calls() {
    let kind = |r: Result<()>| r.unwrap_err().kind;
    let x = tensor(Float, &[1., 2., 3., 4.], &[2, 2], &[0, 1]);
    let mut out = dynamic(ComplexFloat, 16);
    for dim in [&[][..], &[-1], &[2], &[1, 1]] {
        assert_eq!(
            kind(r2c(&x, dim, 0, true, &mut out)),
            ErrorKind::InvalidArgument,
            "{dim:?}"
        );
    }
    for dt in [Half, BFloat16, Int, Bool] {
        let y = tensor(dt, &[1., 0., 1., 0.], &[2, 2], &[0, 1]);
        assert!(r2c(&y, &[1], 0, true, &mut out).is_err(), "{dt}");
    }
    let empty = tensor(Float, &[], &[0, 4], &[0, 1]);
    assert!(r2c(&empty, &[1], 0, true, &mut out).is_err());
    let z = tensor(ComplexFloat, &[1., 0., 2., 0., 3., 0.], &[1, 3], &[0, 1]);
    let mut real = dynamic(Float, 16);
    for lds in [0, -1, 1, 2, 6, 10] {
        assert!(
            c2r(&z, &[1], 0, lds, &mut real).is_err(),
            "last_dim_size {lds}"
        );
    }
    assert!(c2r(&x, &[1], 0, 4, &mut real).is_err(), "real self");
    let small = OwnedTensor::zeros(Float, &[1, 2]).unwrap();
    let mut small = small;
    assert!(
        c2r(&z, &[1], 0, 4, &mut small).is_err(),
        "static out of the wrong shape"
    );
    // no scratch: an error, not a panic
    let mut ctx = KernelContext::serial();
    let mut o = dynamic(ComplexFloat, 16);
    let r = run(&mut o, |o| {
        fft_r2c::fft_r2c_out(&mut ctx, &x.view(), &[1], 0, true, o)
    });
    assert_eq!(r.unwrap_err().kind, ErrorKind::MemoryAllocationFailed);
}

#[test]
fn view_as_real_copy_splits_the_parts() {
    let v = [1., 2., 3., 4., 5., 6., -0., f64::INFINITY];
    for (dt, real) in [(ComplexFloat, Float), (ComplexDouble, Double)] {
        let x = tensor(dt, &v, &[2, 2], &[1, 0]);
        let mut out = dynamic(real, 8);
        with_ctx(|ctx| {
            run(&mut out, |o| {
                view_as_real_copy::view_as_real_copy_out(ctx, &x.view(), o)
            })
        })
        .unwrap();
        assert_eq!(out.sizes(), &[2, 2, 2]);
        let got = values(&out);
        assert_eq!(got[..6], v[..6]);
        assert!(got[6] == 0.0 && got[6].is_sign_negative() && got[7] == f64::INFINITY);
        // wrong out dtype, real self
        let mut wrong = dynamic(if real == Float { Double } else { Float }, 8);
        assert!(
            with_ctx(
                |ctx| run(&mut wrong, |o| view_as_real_copy::view_as_real_copy_out(
                    ctx,
                    &x.view(),
                    o
                ))
            )
            .is_err()
        );
    }
    let r = tensor(Float, &[1., 2.], &[2], &[0]);
    let mut out = dynamic(Float, 4);
    let e = with_ctx(|ctx| {
        run(&mut out, |o| {
            view_as_real_copy::view_as_real_copy_out(ctx, &r.view(), o)
        })
    });
    assert_eq!(e.unwrap_err().kind, ErrorKind::InvalidType);
    // zero-dim
    let z = tensor(ComplexDouble, &[7., -8.], &[], &[]);
    let mut out = dynamic(Double, 2);
    with_ctx(|ctx| {
        run(&mut out, |o| {
            view_as_real_copy::view_as_real_copy_out(ctx, &z.view(), o)
        })
    })
    .unwrap();
    assert_eq!((out.sizes(), values(&out)), (&[2usize][..], vec![7., -8.]));
}

#[test]
fn complex_clone_into_another_dim_order_moves_bytes() {
    let v: Vec<f64> = (0..48).map(|i| i as f64 * 0.5 - 3.0).collect();
    let x = tensor(ComplexDouble, &v, &[2, 3, 2, 2], &contiguous(4));
    let mut out = OwnedTensor::with_capacity(ComplexDouble, &[2, 3, 2, 2], &CL, 0).unwrap();
    with_ctx(|ctx| run(&mut out, |o| clone::clone_out(ctx, &x.view(), None, o))).unwrap();
    assert_eq!(values(&out), v);
}

#[test]
fn complex_index_put_accumulates_both_parts() {
    // self [3] complex, index [0, 2, 0]: element 0 receives two values
    let x = tensor(ComplexDouble, &[1., 1., 2., 2., 3., 3.], &[3], &[0]);
    let idx = OwnedTensor::from_slice(&[0i64, 2, 0], &[3]).unwrap();
    let v = tensor(ComplexDouble, &[10., -1., 20., -2., 30., -3.], &[3], &[0]);
    let mut out = dynamic(ComplexDouble, 3);
    with_ctx(|ctx| {
        run(&mut out, |o| {
            index_put::index_put_out(ctx, &x.view(), &[Some(idx.view())], &v.view(), true, o)
        })
    })
    .unwrap();
    assert_eq!(values(&out), vec![41., -3., 2., 2., 23., 1.]);
}

#[test]
fn two_sided_r2c_needs_a_complex_float_or_double_out() {
    // ATen completes the second half by conjugate symmetry in the out: only ComplexFloat and
    // ComplexDouble have that; a one-sided result copies into any out.
    let x = tensor(Float, &[1.0, 2.0, 3.0, 4.0], &[1, 4], &[0, 1]);
    for dt in [ComplexFloat, ComplexDouble] {
        let mut out = OwnedTensor::zeros(dt, &[1, 4]).unwrap();
        r2c(&x, &[1], 0, false, &mut out).unwrap();
    }
    for dt in [Float, Double, Half, ComplexHalf, Int] {
        let mut out = OwnedTensor::zeros(dt, &[1, 4]).unwrap();
        let e = r2c(&x, &[1], 0, false, &mut out).unwrap_err();
        assert_eq!(e.arg, "out", "{dt:?}");
        let mut out = OwnedTensor::zeros(dt, &[1, 3]).unwrap();
        r2c(&x, &[1], 0, true, &mut out).unwrap();
    }
}
