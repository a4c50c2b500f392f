//! Tests of the random family: the distributions (with bounds that fail on a wrong
//! distribution: about five standard errors of the statistic at these sample sizes),
//! repeatability with a seed, the dtype matrix and ATen's error cases (checked against
//! PyTorch 2.13, CPU).

use ScalarType::*;
use etk_core::{ErrorKind, KernelContext, OwnedTensor, Result, ScalarType};
use etk_portable::ops::*;

mod common;
use common::*;

fn ctx(seed: u64) -> KernelContext<'static> {
    KernelContext::serial().with_seed(seed)
}

fn mean_var(v: &[f64]) -> (f64, f64) {
    let n = v.len() as f64;
    let m = v.iter().sum::<f64>() / n;
    (m, v.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / n)
}

fn rand_values(c: &mut KernelContext<'_>, dtype: ScalarType, size: &[i64]) -> Vec<f64> {
    let n = size.iter().product::<i64>() as usize;
    let mut out = dynamic(dtype, n);
    run(&mut out, |o| rand::rand_out(c, size, o)).unwrap();
    assert_eq!(
        out.sizes(),
        size.iter().map(|&s| s as usize).collect::<Vec<_>>()
    );
    out.to_logical::<f64>()
}

fn randn_values(c: &mut KernelContext<'_>, dtype: ScalarType, size: &[i64]) -> Vec<f64> {
    let n = size.iter().product::<i64>() as usize;
    let mut out = dynamic(dtype, n);
    run(&mut out, |o| randn::randn_out(c, size, o)).unwrap();
    out.to_logical::<f64>()
}

/// The float components of a complex out, read from its memory.
fn complex_parts(out: &OwnedTensor) -> Vec<f64> {
    let v = out.view();
    let bytes = unsafe { std::slice::from_raw_parts(v.as_ptr(), v.nbytes()) };
    match out.dtype() {
        ComplexFloat => bytes
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes(b.try_into().unwrap()) as f64)
            .collect(),
        ComplexDouble => bytes
            .chunks_exact(8)
            .map(|b| f64::from_le_bytes(b.try_into().unwrap()))
            .collect(),
        _ => bytes
            .chunks_exact(2)
            .map(|b| etk_core::f16::from_le_bytes(b.try_into().unwrap()).to_f64())
            .collect(),
    }
}

#[test]
fn rand_is_uniform_on_0_1() {
    let mut c = ctx(1);
    for dtype in [Float, Double, Half, BFloat16] {
        let v = rand_values(&mut c, dtype, &[100, 1000]);
        assert!(v.iter().all(|&x| (0.0..1.0).contains(&x)), "{dtype}");
        let (m, var) = mean_var(&v);
        assert!((m - 0.5).abs() < 0.005, "{dtype}: mean {m}");
        assert!((var - 1.0 / 12.0).abs() < 0.003, "{dtype}: variance {var}");
        // the lowest and highest tenths are as likely as any other
        let low = v.iter().filter(|&&x| x < 0.1).count() as f64 / v.len() as f64;
        let high = v.iter().filter(|&&x| x >= 0.9).count() as f64 / v.len() as f64;
        assert!(
            (low - 0.1).abs() < 0.005 && (high - 0.1).abs() < 0.005,
            "{dtype}: {low} {high}"
        );
    }
}

#[test]
fn rand_draws_as_many_bits_as_the_dtype_holds() {
    let mut c = ctx(2);
    for (dtype, digits) in [(Half, 11), (BFloat16, 8), (Float, 24)] {
        let v = rand_values(&mut c, dtype, &[20000]);
        let q = (1u64 << digits) as f64;
        assert!(v.iter().all(|&x| (x * q).fract() == 0.0), "{dtype}");
        // every one of the 2^digits values is possible: the small grids are well covered
        if digits <= 11 {
            let mut seen = vec![false; 1 << digits];
            v.iter().for_each(|&x| seen[(x * q) as usize] = true);
            assert!(
                seen.iter().filter(|&&s| s).count() > (1 << digits) * 9 / 10,
                "{dtype}"
            );
        }
    }
    // Double values are not on a coarse grid
    let v = rand_values(&mut c, Double, &[1000]);
    assert!(v.iter().any(|&x| (x * (1u64 << 40) as f64).fract() != 0.0));
}

#[test]
fn randn_is_standard_normal() {
    let mut c = ctx(3);
    for dtype in [Float, Double, Half, BFloat16] {
        let v = randn_values(&mut c, dtype, &[100001]);
        assert!(v.iter().all(|x| x.is_finite()), "{dtype}");
        let (m, var) = mean_var(&v);
        assert!(m.abs() < 0.02, "{dtype}: mean {m}");
        assert!((var - 1.0).abs() < 0.03, "{dtype}: variance {var}");
        let n = v.len() as f64;
        let within1 = v.iter().filter(|x| x.abs() < 1.0).count() as f64 / n;
        let within2 = v.iter().filter(|x| x.abs() < 2.0).count() as f64 / n;
        assert!(
            (within1 - 0.6827).abs() < 0.008,
            "{dtype}: P(|x|<1) {within1}"
        );
        assert!(
            (within2 - 0.9545).abs() < 0.005,
            "{dtype}: P(|x|<2) {within2}"
        );
        let neg = v.iter().filter(|&&x| x < 0.0).count() as f64 / n;
        assert!((neg - 0.5).abs() < 0.008, "{dtype}: P(x<0) {neg}");
    }
}

#[test]
fn complex_rand_and_randn() {
    let mut c = ctx(4);
    for dtype in [ComplexFloat, ComplexDouble, ComplexHalf] {
        let mut out = dynamic(dtype, 50000);
        run(&mut out, |o| rand::rand_out(&mut c, &[50000], o)).unwrap();
        let parts = complex_parts(&out);
        assert_eq!(parts.len(), 100000);
        assert!(parts.iter().all(|&x| (0.0..1.0).contains(&x)), "{dtype}");
        let (m, var) = mean_var(&parts);
        assert!(
            (m - 0.5).abs() < 0.005 && (var - 1.0 / 12.0).abs() < 0.003,
            "{dtype}"
        );

        run(&mut out, |o| randn::randn_out(&mut c, &[50000], o)).unwrap();
        let parts = complex_parts(&out);
        let re: Vec<f64> = parts.iter().step_by(2).copied().collect();
        let im: Vec<f64> = parts.iter().skip(1).step_by(2).copied().collect();
        for p in [re, im] {
            let (m, var) = mean_var(&p);
            assert!(
                m.abs() < 0.02 && (var - 0.5).abs() < 0.02,
                "{dtype}: {m} {var}"
            );
        }
    }
}

#[test]
fn same_seed_repeats_and_draws_continue() {
    for dtype in [Float, Half, Double] {
        let a = rand_values(&mut ctx(42), dtype, &[64]);
        let b = rand_values(&mut ctx(42), dtype, &[64]);
        let other = rand_values(&mut ctx(43), dtype, &[64]);
        assert_eq!(a, b);
        assert_ne!(a, other);
        let mut c = ctx(42);
        let first = rand_values(&mut c, dtype, &[64]);
        let second = rand_values(&mut c, dtype, &[64]);
        assert_eq!(first, a);
        assert_ne!(first, second, "a second call draws new numbers");
        c.rng.manual_seed(42);
        assert_eq!(rand_values(&mut c, dtype, &[64]), a);
    }
    assert_eq!(
        randn_values(&mut ctx(7), Float, &[33]),
        randn_values(&mut ctx(7), Float, &[33])
    );
    // the default context has a fixed default seed
    let d1 = rand_values(&mut KernelContext::serial(), Float, &[8]);
    let d2 = rand_values(&mut KernelContext::serial(), Float, &[8]);
    assert_eq!(d1, d2);
}

#[test]
fn rand_shapes_dim_orders_and_resize() {
    let mut c = ctx(5);
    // a zero-dim result, an empty one
    assert_eq!(rand_values(&mut c, Float, &[]).len(), 1);
    assert!(rand_values(&mut c, Float, &[0, 3]).is_empty());
    // a channels-last out keeps its dim order and every element is drawn
    let mut out = tto(Float, &[7.0; 120], &[2, 3, 4, 5], &[0, 2, 3, 1]);
    run(&mut out, |o| rand::rand_out(&mut c, &[2, 3, 4, 5], o)).unwrap();
    assert_eq!(out.view().dim_order(), [0, 2, 3, 1]);
    assert!(
        out.to_logical::<f64>()
            .iter()
            .all(|&x| (0.0..1.0).contains(&x))
    );
    let mut out = tto(Double, &[7.0; 120], &[2, 3, 4, 5], &[0, 2, 3, 1]);
    run(&mut out, |o| randn::randn_out(&mut c, &[2, 3, 4, 5], o)).unwrap();
    assert!(out.to_logical::<f64>().iter().all(|&x| x != 7.0));
    // a static out of another shape is an error
    let mut out = tt(Float, &[0.0; 6], &[6]);
    let e = run(&mut out, |o| rand::rand_out(&mut c, &[2, 3], o)).unwrap_err();
    assert_eq!(e.kind, ErrorKind::OutOfCapacity);
}

#[test]
fn rand_and_randn_dtype_and_size_errors() {
    let mut c = ctx(6);
    for dtype in [Bool, Byte, Char, Short, Int, Long, UInt16, UInt32, UInt64] {
        // rand rejects these even for an empty out
        for size in [&[3][..], &[0]] {
            let mut out = dynamic(dtype, 3);
            let e = run(&mut out, |o| rand::rand_out(&mut c, size, o)).unwrap_err();
            assert_eq!(
                (e.op, e.arg, e.kind),
                (rand::OP, "out", ErrorKind::InvalidType)
            );
        }
        // randn accepts an empty out of any dtype
        let mut out = dynamic(dtype, 3);
        run(&mut out, |o| randn::randn_out(&mut c, &[0, 2], o)).unwrap();
        assert_eq!(out.sizes(), [0, 2]);
        let e = run(&mut out, |o| randn::randn_out(&mut c, &[3], o)).unwrap_err();
        assert_eq!((e.op, e.arg), (randn::OP, "out"));
    }
    let mut out = dynamic(Float, 8);
    for size in [&[2, -1][..], &[-1]] {
        let e = run(&mut out, |o| rand::rand_out(&mut c, size, o)).unwrap_err();
        assert_eq!((e.arg, e.kind), ("size", ErrorKind::InvalidArgument));
        let e = run(&mut out, |o| randn::randn_out(&mut c, size, o)).unwrap_err();
        assert_eq!((e.arg, e.kind), ("size", ErrorKind::InvalidArgument));
    }
    let huge = [1 << 40, 1 << 40];
    assert!(run(&mut out, |o| rand::rand_out(&mut c, &huge, o)).is_err());
}

fn randperm_values(c: &mut KernelContext<'_>, dtype: ScalarType, n: i64) -> Vec<f64> {
    let mut out = dynamic(dtype, n as usize);
    run(&mut out, |o| randperm::randperm_out(c, n, o)).unwrap();
    assert_eq!(out.sizes(), [n as usize]);
    out.to_logical::<f64>()
}

#[test]
fn randperm_is_a_permutation_in_every_dtype() {
    let mut c = ctx(8);
    for dtype in [Byte, Char, Short, Int, Long, Half, BFloat16, Float, Double] {
        for n in [0i64, 1, 2, 5, 100, 128] {
            let v = randperm_values(&mut c, dtype, n);
            let mut s = v.clone();
            s.sort_by(f64::total_cmp);
            assert_eq!(
                s,
                (0..n).map(|i| i as f64).collect::<Vec<_>>(),
                "{dtype} {n}"
            );
            if n >= 100 {
                assert_ne!(v, s, "{dtype}: shuffled");
            }
        }
    }
    // the largest n of each dtype
    let v = randperm_values(&mut c, Byte, 256);
    assert_eq!(v.iter().fold(0.0f64, |a, &b| a.max(b)), 255.0);
    let v = randperm_values(&mut c, Half, 2049);
    assert_eq!(v.iter().fold(0.0f64, |a, &b| a.max(b)), 2048.0);
    // BFloat16 rounds values past 256, as ATen
    let mut v = randperm_values(&mut c, BFloat16, 258);
    v.sort_by(f64::total_cmp);
    assert_eq!(&v[255..], [255.0, 256.0, 256.0]);
}

#[test]
fn randperm_seeds_and_uniformity() {
    let a = randperm_values(&mut ctx(1), Long, 50);
    assert_eq!(a, randperm_values(&mut ctx(1), Long, 50));
    assert_ne!(a, randperm_values(&mut ctx(2), Long, 50));
    let mut c = ctx(9);
    assert_ne!(
        randperm_values(&mut c, Long, 50),
        randperm_values(&mut c, Long, 50)
    );
    // every permutation of 3 is equally likely (6000 draws: about 1000 each, sd 29)
    let mut counts = std::collections::HashMap::new();
    for _ in 0..6000 {
        *counts
            .entry(
                randperm_values(&mut c, Long, 3)
                    .iter()
                    .map(|&x| x as i64)
                    .collect::<Vec<_>>(),
            )
            .or_insert(0) += 1;
    }
    assert_eq!(counts.len(), 6);
    assert!(
        counts.values().all(|&k| (850..1150).contains(&k)),
        "{counts:?}"
    );
    // each value lands in each position about equally often
    let mut first = [0usize; 10];
    for _ in 0..10000 {
        first[randperm_values(&mut c, Long, 10)[0] as usize] += 1;
    }
    assert!(first.iter().all(|&k| (850..1150).contains(&k)), "{first:?}");
}

#[test]
fn randperm_errors() {
    let mut c = ctx(10);
    for dtype in [Bool, UInt16, UInt32, UInt64, ComplexFloat] {
        for n in [0, 3] {
            let mut out = dynamic(dtype, 3);
            let e = run(&mut out, |o| randperm::randperm_out(&mut c, n, o)).unwrap_err();
            assert_eq!(
                (e.op, e.arg, e.kind),
                (randperm::OP, "out", ErrorKind::InvalidType)
            );
        }
    }
    for (dtype, bad) in [
        (Byte, 257),
        (Char, 129),
        (Short, 32769),
        (Int, (1 << 31) + 1),
        (Half, 2050),
        (Float, (1 << 24) + 2),
        (Double, (1 << 53) + 2),
    ] {
        let mut out = dynamic(dtype, 4);
        let e = run(&mut out, |o| randperm::randperm_out(&mut c, bad, o)).unwrap_err();
        assert_eq!(
            (e.arg, e.kind),
            ("n", ErrorKind::InvalidArgument),
            "{dtype}"
        );
    }
    let mut out = dynamic(Long, 4);
    let e = run(&mut out, |o| randperm::randperm_out(&mut c, -1, o)).unwrap_err();
    assert_eq!(e.arg, "n");
    let e = run(&mut out, |o| randperm::randperm_out(&mut c, 5, o)).unwrap_err();
    assert_eq!(e.kind, ErrorKind::OutOfCapacity);
    // a static out of the wrong shape
    let mut out = tt(Long, &[0.0; 4], &[2, 2]);
    assert!(run(&mut out, |o| randperm::randperm_out(&mut c, 4, o)).is_err());
}

fn dropout(
    c: &mut KernelContext<'_>,
    input: &OwnedTensor,
    p: f64,
    train: Option<bool>,
    out: &mut OwnedTensor,
    mask: &mut OwnedTensor,
) -> Result<()> {
    run2(out, mask, |o, m| {
        native_dropout::native_dropout_out(c, &input.view(), p, train, o, m)
    })
}

#[test]
fn dropout_keeps_1_minus_p_and_scales_exactly() {
    let mut c = ctx(11);
    let n = 100_000;
    let vals: Vec<f64> = (0..n).map(|i| (i % 97) as f64 * 0.37 - 9.0).collect();
    for dtype in [Float, Double, Half, BFloat16] {
        for p in [0.1, 0.3, 0.5, 0.9] {
            let x = tt(dtype, &vals, &[n]);
            let mut out = dynamic(dtype, n);
            let mut mask = dynamic(Bool, n);
            dropout(&mut c, &x, p, Some(true), &mut out, &mut mask).unwrap();
            let (xv, ov, mv) = (
                x.to_logical::<f64>(),
                out.to_logical::<f64>(),
                mask.to_logical::<i64>(),
            );
            let kept = mv.iter().filter(|&&m| m == 1).count() as f64 / n as f64;
            let sd = (p * (1.0 - p) / n as f64).sqrt();
            assert!(
                (kept - (1.0 - p)).abs() < 5.0 * sd,
                "{dtype} p={p}: kept {kept}"
            );
            for i in 0..n {
                let want = if mv[i] == 1 {
                    // ATen: x * mask in the dtype, then * scale in the compute type
                    match dtype {
                        Double => xv[i] * (1.0 / (1.0 - p)),
                        _ => round(dtype, (xv[i] as f32 * (1.0 / (1.0 - p)) as f32) as f64),
                    }
                } else {
                    0.0
                };
                assert_eq!(ov[i], want, "{dtype} p={p} at {i}");
            }
        }
    }
}

fn round(dtype: ScalarType, v: f64) -> f64 {
    match dtype {
        Half => etk_core::f16::from_f64(v).to_f64(),
        BFloat16 => etk_core::bf16::from_f64(v).to_f64(),
        Float => v as f32 as f64,
        _ => v,
    }
}

#[test]
fn dropout_edge_probabilities_and_nonfinite() {
    let mut c = ctx(12);
    let vals = [1.0, f64::NAN, f64::INFINITY, -3.0, 2.0, 5.0];
    let x = tt(Float, &vals, &[6]);
    let mut out = dynamic(Float, 6);
    let mut mask = dynamic(Bool, 6);
    for train in [Some(true), None] {
        // p = 0 keeps everything unchanged
        dropout(&mut c, &x, 0.0, train, &mut out, &mut mask).unwrap();
        let o = out.to_logical::<f64>();
        assert_eq!(o[0], 1.0);
        assert!(o[1].is_nan());
        assert_eq!(&o[2..], [f64::INFINITY, -3.0, 2.0, 5.0]);
        assert_eq!(mask.to_logical::<i64>(), [1; 6]);
        // p = 1 drops everything: NaN where the input is not finite, -0 for negatives
        dropout(&mut c, &x, 1.0, train, &mut out, &mut mask).unwrap();
        let o = out.to_logical::<f32>();
        assert_eq!(o[0].to_bits(), 0);
        assert!(o[1].is_nan() && o[2].is_nan());
        assert_eq!(o[3].to_bits(), (-0.0f32).to_bits());
        assert_eq!(mask.to_logical::<i64>(), [0; 6]);
    }
    // a dropped infinity is NaN at any p
    let x = tt(Float, &[f64::INFINITY; 1000], &[1000]);
    let mut out = dynamic(Float, 1000);
    let mut mask = dynamic(Bool, 1000);
    dropout(&mut c, &x, 0.5, None, &mut out, &mut mask).unwrap();
    let (o, m) = (out.to_logical::<f64>(), mask.to_logical::<i64>());
    assert!((0..1000).all(|i| if m[i] == 1 {
        o[i] == f64::INFINITY
    } else {
        o[i].is_nan()
    }));
}

fn bytes(t: &OwnedTensor) -> Vec<u8> {
    let v = t.view();
    unsafe { std::slice::from_raw_parts(v.as_ptr(), v.nbytes()) }.to_vec()
}

#[test]
fn dropout_eval_copies_any_dtype() {
    let mut c = ctx(13);
    for dtype in [
        Bool, Byte, Char, Short, Int, Long, Half, BFloat16, Float, Double, UInt16, UInt32, UInt64,
    ] {
        let x = tt(dtype, &[1.0, 0.0, 1.0, 1.0], &[2, 2]);
        let mut out = dynamic(dtype, 4);
        let mut mask = dynamic(Bool, 4);
        // p is not checked in evaluation
        dropout(&mut c, &x, 7.0, Some(false), &mut out, &mut mask).unwrap();
        assert_eq!(out.sizes(), [2, 2]);
        // (the unsigned dtypes have no element type here: compare bytes)
        assert_eq!(bytes(&out), bytes(&x), "{dtype}");
        assert_eq!(mask.to_logical::<i64>(), [1; 4]);
        if !dtype.is_floating_point() {
            let e = dropout(&mut c, &x, 0.0, Some(true), &mut out, &mut mask).unwrap_err();
            assert_eq!(
                (e.arg, e.kind),
                ("input", ErrorKind::InvalidType),
                "{dtype}"
            );
        }
    }
}

#[test]
fn dropout_dim_orders() {
    let mut c = ctx(14);
    let vals: Vec<f64> = (0..120).map(|i| i as f64 + 1.0).collect();
    for (xo, oo, mo) in [
        ([0, 2, 3, 1], [0, 1, 2, 3], [0, 2, 3, 1]),
        ([0, 1, 2, 3], [0, 2, 3, 1], [0, 1, 2, 3]),
        ([3, 1, 0, 2], [0, 2, 3, 1], [2, 0, 1, 3]),
    ] {
        let x = tto(Float, &vals, &[2, 3, 4, 5], &xo);
        let mut out = tto(Float, &[0.0; 120], &[2, 3, 4, 5], &oo);
        let mut mask = tto(Bool, &[0.0; 120], &[2, 3, 4, 5], &mo);
        dropout(&mut c, &x, 0.5, Some(true), &mut out, &mut mask).unwrap();
        assert_eq!(out.view().dim_order(), oo);
        let (o, m) = (out.to_logical::<f64>(), mask.to_logical::<i64>());
        assert!(m.contains(&0) && m.contains(&1));
        for i in 0..120 {
            assert_eq!(o[i], if m[i] == 1 { vals[i] * 2.0 } else { 0.0 });
        }
    }
}

#[test]
fn dropout_errors_and_empty_inputs() {
    let mut c = ctx(15);
    let x = tt(Float, &[1.0, 2.0, 3.0], &[3]);
    let mut out = dynamic(Float, 3);
    let mut mask = dynamic(Bool, 3);
    for p in [-0.1, 1.1, f64::NAN] {
        let e = dropout(&mut c, &x, p, Some(true), &mut out, &mut mask).unwrap_err();
        assert_eq!((e.op, e.arg), (native_dropout::OP, "p"));
        let e = dropout(&mut c, &x, p, None, &mut out, &mut mask).unwrap_err();
        assert_eq!(e.arg, "p");
        dropout(&mut c, &x, p, Some(false), &mut out, &mut mask).unwrap();
    }
    // out0 must have the input's dtype, out1 Bool
    let mut bad = dynamic(Double, 3);
    for train in [Some(true), Some(false)] {
        let e = dropout(&mut c, &x, 0.5, train, &mut bad, &mut mask).unwrap_err();
        assert_eq!((e.arg, e.kind), ("out0", ErrorKind::InvalidType));
        let mut bad_mask = dynamic(Byte, 3);
        let e = dropout(&mut c, &x, 0.5, train, &mut out, &mut bad_mask).unwrap_err();
        assert_eq!((e.arg, e.kind), ("out1", ErrorKind::InvalidType));
    }
    // too small an out
    let big = tt(Float, &[1.0; 5], &[5]);
    let e = dropout(&mut c, &big, 0.5, None, &mut out, &mut mask).unwrap_err();
    assert_eq!(e.kind, ErrorKind::OutOfCapacity);
    // complex training is not implemented (ATen accepts it)
    let z = OwnedTensor::zeros(ComplexFloat, &[2]).unwrap();
    let mut zo = OwnedTensor::zeros(ComplexFloat, &[2]).unwrap();
    let mut zm = dynamic(Bool, 2);
    let e = dropout(&mut c, &z, 0.5, None, &mut zo, &mut zm).unwrap_err();
    assert_eq!(e.kind, ErrorKind::NotImplemented);
    // an empty input: both outs take the input's dtype (ATen returns `empty_like(input)` as
    // the mask), whatever p and train
    for dtype in [Int, Float, Bool] {
        let x = tt(dtype, &[], &[2, 0]);
        let mut o = dynamic(dtype, 0);
        let mut m = dynamic(dtype, 0);
        dropout(&mut c, &x, 2.0, Some(true), &mut o, &mut m).unwrap();
        assert_eq!((o.sizes(), m.sizes()), (&[2, 0][..], &[2, 0][..]));
        if dtype != Bool {
            let mut bm = dynamic(Bool, 0);
            assert!(dropout(&mut c, &x, 0.5, Some(true), &mut o, &mut bm).is_err());
        }
    }
    // a zero-dim input
    let x = tt(Float, &[3.0], &[]);
    let mut o = dynamic(Float, 1);
    let mut m = dynamic(Bool, 1);
    dropout(&mut c, &x, 0.5, None, &mut o, &mut m).unwrap();
    assert!(o.sizes().is_empty());
    let (ov, mv) = (o.to_logical::<f64>()[0], m.to_logical::<i64>()[0]);
    assert_eq!(ov, if mv == 1 { 6.0 } else { 0.0 });
}
