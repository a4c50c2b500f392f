//! Special values with exact expectations, and the slice mechanics (tails, offsets, in place,
//! mismatched lengths), on every ISA level this machine has.

use etk_simd::{Level, UnaryFn, math};

const INF: f32 = f32::INFINITY;
const NAN: f32 = f32::NAN;

fn same(a: f32, b: f32) -> bool {
    (a.is_nan() && b.is_nan()) || a.to_bits() == b.to_bits()
}

fn expect(f: UnaryFn, cases: &[(f32, f32)]) {
    let x: Vec<f32> = cases.iter().map(|c| c.0).collect();
    for &isa in Level::available_levels() {
        let mut out = vec![0f32; x.len()];
        f.apply(isa, &x, &mut out);
        for (i, &(xi, want)) in cases.iter().enumerate() {
            assert!(
                same(out[i], want),
                "{}({xi:e}) on {isa}: got {:e} ({:#x}), want {want:e} ({:#x})",
                f.name(),
                out[i],
                out[i].to_bits(),
                want.to_bits()
            );
        }
    }
}

#[test]
fn special_values() {
    expect(
        UnaryFn::Exp,
        &[
            (NAN, NAN),
            (INF, INF),
            (-INF, 0.0),
            (0.0, 1.0),
            (-0.0, 1.0),
            (89.0, INF),
            (88.8, INF),
            (-104.0, 0.0),
            (-1000.0, 0.0),
            (1000.0, INF),
            (f32::MAX, INF),
            (f32::MIN, 0.0),
        ],
    );
    expect(
        UnaryFn::Expm1,
        &[
            (NAN, NAN),
            (INF, INF),
            (-INF, -1.0),
            (0.0, 0.0),
            (-0.0, -0.0),
            (1e-30, 1e-30),
            (-1e-30, -1e-30),
            (89.0, INF),
            (-100.0, -1.0),
            (f32::from_bits(1), f32::from_bits(1)),
        ],
    );
    expect(
        UnaryFn::Log,
        &[
            (NAN, NAN),
            (INF, INF),
            (-INF, NAN),
            (0.0, -INF),
            (-0.0, -INF),
            (-1.0, NAN),
            (1.0, 0.0),
            (-f32::from_bits(1), NAN),
        ],
    );
    expect(
        UnaryFn::Log1p,
        &[
            (NAN, NAN),
            (INF, INF),
            (-INF, NAN),
            (0.0, 0.0),
            (-0.0, -0.0),
            (-1.0, -INF),
            (-2.0, NAN),
            (1e-30, 1e-30),
            (-1e-30, -1e-30),
        ],
    );
    expect(
        UnaryFn::Tanh,
        &[
            (NAN, NAN),
            (INF, 1.0),
            (-INF, -1.0),
            (0.0, 0.0),
            (-0.0, -0.0),
            (20.0, 1.0),
            (-20.0, -1.0),
            (1e-30, 1e-30),
            (-1e-40, -1e-40),
        ],
    );
    expect(
        UnaryFn::Sigmoid,
        &[
            (NAN, NAN),
            (INF, 1.0),
            (-INF, 0.0),
            (0.0, 0.5),
            (-0.0, 0.5),
            (200.0, 1.0),
            (-200.0, 0.0),
        ],
    );
    expect(
        UnaryFn::Erf,
        &[
            (NAN, NAN),
            (INF, 1.0),
            (-INF, -1.0),
            (0.0, 0.0),
            (-0.0, -0.0),
            (10.0, 1.0),
            (-10.0, -1.0),
        ],
    );
    for g in [UnaryFn::GeluErf, UnaryFn::GeluTanh] {
        // gelu(-inf) is NaN: PyTorch computes -inf * 0.
        expect(
            g,
            &[
                (NAN, NAN),
                (INF, INF),
                (-INF, NAN),
                (0.0, 0.0),
                (-0.0, -0.0),
                (100.0, 100.0),
                (-20.0, -0.0),
                (-1e30, -0.0),
                (f32::MAX, f32::MAX),
            ],
        );
    }
    expect(
        UnaryFn::Sin,
        &[
            (NAN, NAN),
            (INF, NAN),
            (-INF, NAN),
            (0.0, 0.0),
            (-0.0, -0.0),
        ],
    );
    expect(
        UnaryFn::Cos,
        &[(NAN, NAN), (INF, NAN), (-INF, NAN), (0.0, 1.0), (-0.0, 1.0)],
    );
}

#[test]
fn subnormal_results() {
    // exp and sigmoid go through the subnormals to zero, like the f64 result rounded.
    for &isa in Level::available_levels() {
        let x: Vec<f32> = (0..400).map(|i| -87.0 - i as f32 * 0.05).collect();
        let mut e = vec![0f32; x.len()];
        let mut s = vec![0f32; x.len()];
        math::exp(isa, &x, &mut e);
        math::sigmoid(isa, &x, &mut s);
        for i in 0..x.len() {
            let want = libm::exp(f64::from(x[i])) as f32;
            assert!(
                e[i].to_bits().abs_diff(want.to_bits()) <= 1,
                "exp({}) on {isa}",
                x[i]
            );
            assert!(
                s[i].to_bits().abs_diff(want.to_bits()) <= 1,
                "sigmoid({}) on {isa}",
                x[i]
            );
        }
    }
}

#[test]
fn tails_offsets_inplace_and_lengths() {
    let x: Vec<f32> = (0..80).map(|i| (i as f32 * 0.731).sin() * 6.0).collect();
    for f in UnaryFn::ALL {
        for &isa in Level::available_levels() {
            let mut full = vec![0f32; x.len()];
            f.apply(isa, &x, &mut full);
            for off in 0..3 {
                for len in 0..=(x.len() - off) {
                    let src = &x[off..off + len];
                    let mut out = vec![42.0f32; len + 1];
                    f.apply(isa, src, &mut out);
                    for i in 0..len {
                        assert!(
                            same(out[i], full[off + i]),
                            "{} {isa} off {off} len {len} i {i}",
                            f.name()
                        );
                    }
                    assert_eq!(out[len], 42.0, "wrote past the end");
                    let mut inplace = src.to_vec();
                    f.apply_inplace(isa, &mut inplace);
                    for i in 0..len {
                        assert!(same(inplace[i], out[i]));
                    }
                    // out shorter than x: only out.len() results.
                    let mut short = vec![0f32; len / 2];
                    f.apply(isa, src, &mut short);
                    for i in 0..len / 2 {
                        assert!(same(short[i], out[i]));
                    }
                }
            }
            // The per-function wrappers agree with UnaryFn::apply.
            let mut via = vec![0f32; x.len()];
            let fun = match f {
                UnaryFn::Exp => math::exp,
                UnaryFn::Expm1 => math::expm1,
                UnaryFn::Log => math::log,
                UnaryFn::Log1p => math::log1p,
                UnaryFn::Tanh => math::tanh,
                UnaryFn::Sigmoid => math::sigmoid,
                UnaryFn::Erf => math::erf,
                UnaryFn::GeluErf => math::gelu_erf,
                UnaryFn::GeluTanh => math::gelu_tanh,
                UnaryFn::Sin => math::sin,
                UnaryFn::Cos => math::cos,
            };
            fun(isa, &x, &mut via);
            assert!(via.iter().zip(&full).all(|(a, b)| same(*a, *b)));
        }
    }
}

#[test]
fn only_supported_levels_exist() {
    // A level above the detected one cannot be had, so it is never executed.
    for isa in [
        etk_simd::Isa::Scalar,
        etk_simd::Isa::Avx2,
        etk_simd::Isa::Avx512,
    ] {
        if let Some(l) = Level::new(isa) {
            assert!(Level::available_levels().contains(&l));
            let x = [1.0f32; 5];
            let mut y = [0f32; 5];
            math::exp(l, &x, &mut y);
            assert!(y.iter().all(|&v| (v - core::f32::consts::E).abs() < 1e-6));
        } else {
            assert!(!isa.is_supported());
        }
    }
}
