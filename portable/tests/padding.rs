//! Tests of the padding family (reflection and replication padding) in the style of
//! ExecuTorch's op tests: values computed with PyTorch 2.13 (ATen, CPU), the dtype matrix, dim orders, resize and the error cases
//! (including the malformed pads that overflowed ExecuTorch's padding kernels).

use ScalarType::*;
use etk_core::{ErrorKind, KernelContext, OwnedTensor, Result, ScalarType, Tensor};
use etk_portable::ops::*;

mod common;
use common::*;

/// (op, input sizes, padding, out sizes, out values)
type ValueCase = (
    PadFn,
    &'static [usize],
    &'static [i64],
    &'static [usize],
    &'static [f64],
);

type PadFn = fn(&mut KernelContext<'_>, &Tensor<'_>, &[i64], &mut Tensor<'_>) -> Result<()>;

const PADS: [(&str, PadFn, usize, bool); 6] = [
    (
        "reflection_pad1d",
        reflection_pad1d::reflection_pad1d_out,
        1,
        true,
    ),
    (
        "reflection_pad2d",
        reflection_pad2d::reflection_pad2d_out,
        2,
        true,
    ),
    (
        "reflection_pad3d",
        reflection_pad3d::reflection_pad3d_out,
        3,
        true,
    ),
    (
        "replication_pad1d",
        replication_pad1d::replication_pad1d_out,
        1,
        false,
    ),
    (
        "replication_pad2d",
        replication_pad2d::replication_pad2d_out,
        2,
        false,
    ),
    (
        "replication_pad3d",
        replication_pad3d::replication_pad3d_out,
        3,
        false,
    ),
];

fn iota(n: usize) -> Vec<f64> {
    (1..=n).map(|i| i as f64).collect()
}

/// A resizable out with room for `cap` elements, laid out in `order` once resized.
fn dynamic(dtype: ScalarType, rank: usize, order: &[usize], cap: usize) -> OwnedTensor {
    let sizes = vec![0; rank];
    OwnedTensor::with_capacity(dtype, &sizes, order, cap)
        .unwrap()
        .dynamic()
}

fn pad(f: PadFn, x: &OwnedTensor, p: &[i64], order: &[usize]) -> Result<OwnedTensor> {
    let mut out = dynamic(x.dtype(), x.sizes().len(), order, 4096);
    let mut ctx = KernelContext::serial();
    run(&mut out, |o| f(&mut ctx, &x.view(), p, o))?;
    Ok(out)
}

fn contiguous(rank: usize) -> Vec<usize> {
    (0..rank).collect()
}

#[test]
fn values_match_torch() {
    let cases: [ValueCase; 6] = [
        (
            reflection_pad1d::reflection_pad1d_out,
            &[1, 2, 3],
            &[2, 1],
            &[1, 2, 6],
            &[3., 2., 1., 2., 3., 2., 6., 5., 4., 5., 6., 5.],
        ),
        (
            replication_pad1d::replication_pad1d_out,
            &[1, 2, 3],
            &[2, -1],
            &[1, 2, 4],
            &[1., 1., 1., 2., 4., 4., 4., 5.],
        ),
        (
            reflection_pad2d::reflection_pad2d_out,
            &[1, 2, 3],
            &[1, 1, 1, 0],
            &[1, 3, 5],
            &[5., 4., 5., 6., 5., 2., 1., 2., 3., 2., 5., 4., 5., 6., 5.],
        ),
        (
            replication_pad2d::replication_pad2d_out,
            &[1, 2, 3],
            &[-1, 1, 0, 2],
            &[1, 4, 3],
            &[2., 3., 3., 5., 6., 6., 5., 6., 6., 5., 6., 6.],
        ),
        (
            reflection_pad3d::reflection_pad3d_out,
            &[1, 2, 2, 2],
            &[1, 0, 0, 1, 1, -1],
            &[1, 2, 3, 3],
            &[
                6., 5., 6., 8., 7., 8., 6., 5., 6., 2., 1., 2., 4., 3., 4., 2., 1., 2.,
            ],
        ),
        (
            replication_pad3d::replication_pad3d_out,
            &[1, 2, 2, 2],
            &[0, 1, -1, 1, 1, 0],
            &[1, 3, 2, 3],
            &[
                3., 4., 4., 3., 4., 4., 3., 4., 4., 3., 4., 4., 7., 8., 8., 7., 8., 8.,
            ],
        ),
    ];
    let dts = [Byte, Char, Short, Int, Long, Half, BFloat16, Float, Double];
    for (f, sizes, p, want_sizes, want) in cases {
        for dt in dts {
            let n = sizes.iter().product();
            let x = tt(dt, &iota(n), sizes);
            let out = pad(f, &x, p, &contiguous(sizes.len())).unwrap();
            assert_eq!(out.sizes(), want_sizes, "{dt:?} {p:?}");
            assert_eq!(out.to_logical::<f64>(), want, "{dt:?} {p:?}");
        }
    }
}

/// Every input and out dim order gives the contiguous answer.
#[test]
fn dim_orders() {
    let orders4: [&[usize]; 4] = [&[0, 1, 2, 3], &[0, 2, 3, 1], &[0, 2, 1, 3], &[3, 2, 1, 0]];
    let orders5: [&[usize]; 3] = [&[0, 1, 2, 3, 4], &[0, 2, 3, 4, 1], &[4, 0, 3, 1, 2]];
    for (name, f, k, _) in PADS {
        let (sizes, orders): (&[usize], &[&[usize]]) = match k {
            1 => (&[2, 3, 5], &[&[0, 1, 2], &[0, 2, 1], &[2, 1, 0]]),
            2 => (&[2, 3, 4, 5], &orders4),
            _ => (&[2, 3, 3, 4, 5], &orders5),
        };
        let n = sizes.iter().product();
        let p: Vec<i64> = [2, -1, 1, 2, 0, 1][..2 * k].to_vec();
        let want = pad(f, &tt(Float, &iota(n), sizes), &p, &contiguous(sizes.len())).unwrap();
        for din in orders {
            for dout in orders {
                let x = tto(Float, &iota(n), sizes, din);
                let got = pad(f, &x, &p, dout).unwrap();
                assert_eq!(got.sizes(), want.sizes(), "{name} {din:?} {dout:?}");
                assert_eq!(
                    got.to_logical::<f64>(),
                    want.to_logical::<f64>(),
                    "{name} {din:?} {dout:?}"
                );
            }
        }
    }
}

/// Complex values move as 8- and 16-byte elements.
#[test]
fn complex_moves_bytes() {
    for (dt, esize) in [(ComplexFloat, 8usize), (ComplexDouble, 16)] {
        let n = 2 * 3;
        let src: Vec<u8> = (0..n * esize).map(|i| i as u8).collect();
        let mut src_al = vec![0u64; src.len().div_ceil(8)];
        bytemuck_copy(&mut src_al, &src);
        let x = Tensor::from_bytes(dt, as_bytes(&src_al), &[1, 2, 3], &[0, 1, 2]).unwrap();
        let mut dst = vec![0u64; 2 * 5 * esize / 8];
        let mut out =
            Tensor::from_bytes_mut(dt, as_bytes_mut(&mut dst), &[1, 2, 5], &[0, 1, 2]).unwrap();
        let mut ctx = KernelContext::serial();
        replication_pad1d::replication_pad1d_out(&mut ctx, &x, &[1, 1], &mut out).unwrap();
        let got = as_bytes(&dst);
        // Row 0 of the out: elements 0, 0, 1, 2, 2 of the input.
        for (o, i) in [0usize, 0, 1, 2, 2].into_iter().enumerate() {
            assert_eq!(
                &got[o * esize..(o + 1) * esize],
                &src[i * esize..(i + 1) * esize]
            );
        }
    }
}

fn bytemuck_copy(dst: &mut [u64], src: &[u8]) {
    as_bytes_mut(dst)[..src.len()].copy_from_slice(src);
}

fn as_bytes(v: &[u64]) -> &[u8] {
    // SAFETY: u64 has no padding and every byte pattern is a valid u8.
    unsafe { core::slice::from_raw_parts(v.as_ptr() as *const u8, v.len() * 8) }
}

fn as_bytes_mut(v: &mut [u64]) -> &mut [u8] {
    // SAFETY: as above, borrowed exclusively.
    unsafe { core::slice::from_raw_parts_mut(v.as_mut_ptr() as *mut u8, v.len() * 8) }
}

#[test]
fn empty_batch_and_cropping_to_empty() {
    for (name, f, k, _) in PADS {
        let mut sizes = vec![0, 3];
        sizes.extend(std::iter::repeat_n(4, k));
        let x = tt(Float, &[], &sizes);
        let out = pad(f, &x, &vec![1; 2 * k], &contiguous(k + 2)).unwrap();
        assert_eq!(out.sizes()[..2], [0, 3], "{name}");
        assert!(out.sizes()[2..].iter().all(|&s| s == 6), "{name}");
        if k > 1 {
            // One padded dim cropped to 0 is allowed when another is not.
            let mut p = vec![0; 2 * k];
            p[0] = -2;
            p[1] = -2;
            let x = tt(Float, &vec![1.0; 3 * 4usize.pow(k as u32)], &sizes[1..]);
            let out = pad(f, &x, &p, &contiguous(k + 1)).unwrap();
            assert_eq!(*out.sizes().last().unwrap(), 0, "{name}");
        }
    }
}

fn err(f: PadFn, x: &OwnedTensor, p: &[i64]) -> ErrorKind {
    pad(f, x, p, &contiguous(x.sizes().len()))
        .err()
        .expect("an error")
        .kind
}

#[test]
fn rejected_calls() {
    for (name, f, k, reflect) in PADS {
        let mut sizes = vec![2, 3];
        sizes.extend(std::iter::repeat_n(4, k));
        let n: usize = sizes.iter().product();
        let x = tt(Float, &iota(n), &sizes);
        let zero = vec![0i64; 2 * k];
        // wrong ranks
        let small = tt(Float, &iota(n / 6), &sizes[2..]);
        assert_eq!(err(f, &small, &zero), ErrorKind::InvalidArgument, "{name}");
        let mut big_sizes = vec![1];
        big_sizes.extend(&sizes);
        let big = tt(Float, &iota(n), &big_sizes);
        assert_eq!(err(f, &big, &zero), ErrorKind::InvalidArgument, "{name}");
        // wrong padding lengths
        assert!(
            pad(f, &x, &zero[1..], &contiguous(k + 2)).is_err(),
            "{name}"
        );
        assert!(pad(f, &x, &[0; 8], &contiguous(k + 2)).is_err(), "{name}");
        // a zero-size non-batch dim
        let mut z = sizes.clone();
        z[1] = 0;
        assert!(
            pad(f, &tt(Float, &[], &z), &zero, &contiguous(k + 2)).is_err(),
            "{name}"
        );
        // Bool and the unsigned types ATen does not dispatch
        for dt in [Bool, UInt16, UInt32, UInt64] {
            let xb = OwnedTensor::zeros(dt, &sizes).unwrap();
            assert!(
                pad(f, &xb, &zero, &contiguous(k + 2)).is_err(),
                "{name} {dt:?}"
            );
        }
        // pads equal to the size: reflection rejects, replication repeats
        let mut p = zero.clone();
        p[0] = 4;
        assert_eq!(
            pad(f, &x, &p, &contiguous(k + 2)).is_err(),
            reflect,
            "{name}"
        );
        // huge and extreme pads (the inputs that overflowed ExecuTorch's padding kernels)
        for p in [
            vec![i64::MAX; 2 * k],
            vec![i64::MIN; 2 * k],
            [vec![i64::MIN, i64::MAX], vec![0; 2 * k - 2]].concat(),
            [vec![1 << 62, 1 << 62], vec![0; 2 * k - 2]].concat(),
            [vec![-5, 0], vec![0; 2 * k - 2]].concat(),
            vec![-2; 2 * k],
        ] {
            assert!(pad(f, &x, &p, &contiguous(k + 2)).is_err(), "{name} {p:?}");
        }
        // replication with huge opposite pads that leave a small out reads only the edges
        if !reflect {
            let p = [vec![-(1 << 62), (1 << 62) + 1], vec![0; 2 * k - 2]].concat();
            let out = pad(f, &x, &p, &contiguous(k + 2)).unwrap();
            assert_eq!(*out.sizes().last().unwrap(), 5, "{name}");
            let v = out.to_logical::<f64>();
            assert!(v.chunks(5).all(|r| r.iter().all(|&e| e == r[0])), "{name}");
        }
        // out of another dtype, out too small
        let mut o = dynamic(Double, k + 2, &contiguous(k + 2), 4096);
        let mut ctx = KernelContext::serial();
        assert!(
            run(&mut o, |o| f(&mut ctx, &x.view(), &zero, o)).is_err(),
            "{name}"
        );
        let mut o = dynamic(Float, k + 2, &contiguous(k + 2), 3);
        assert_eq!(
            run(&mut o, |o| f(&mut ctx, &x.view(), &zero, o))
                .unwrap_err()
                .kind,
            ErrorKind::OutOfCapacity,
            "{name}"
        );
    }
}
