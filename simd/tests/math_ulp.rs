//! Fast randomized accuracy test: every function on every ISA level this machine has, over
//! random bit patterns, random values in the function's busy range, dense sweeps around its
//! edge points, and special values.
// Trig edge points near multiples of pi/4, written as the f32 values tested.
#![allow(clippy::approx_constant)]

mod common;

use common::{Rng, Worst, bound, reference};
use etk_simd::{Level, UnaryFn};

/// Points where a function changes method, saturates, overflows or underflows.
fn edges(f: UnaryFn) -> Vec<f32> {
    let mut e = vec![0.0, 1.0, -1.0, 0.5, 2.0, 1e-8, 3e-8, 1e-30, 1e-38, 1e-40];
    let more: &[f32] = match f {
        UnaryFn::Exp | UnaryFn::Sigmoid => &[
            88.72283, 88.3763, 87.33654, -87.33654, -103.97208, -103.2789, 104.0, -104.0, 0.34657,
        ],
        UnaryFn::Expm1 => &[
            88.72283, 88.3763, -17.32868, 16.63553, 17.32868, -26.0, 0.34657,
        ],
        UnaryFn::Log | UnaryFn::Log1p => &[
            0.6666667,
            1.3333334,
            f32::MIN_POSITIVE,
            3.4e38,
            -0.5,
            -0.99999994,
            0.41421357,
            16777216.0,
        ],
        UnaryFn::Tanh => &[9.01, 9.1, 0.5493, 0.625, 8.0],
        UnaryFn::Erf => &[0.125, 0.375, 0.625, 3.832, 3.87, 3.875, 3.9],
        UnaryFn::GeluErf | UnaryFn::GeluTanh => &[
            -3.5, 3.5, 5.8, -5.8, -10.6, -11.0, -14.3, -14.6, 0.1875, 0.5625, 3.5625,
        ],
        UnaryFn::Sin | UnaryFn::Cos => &[
            0.7853982, 1.5707964, 3.1415927, 4.712389, 32768.0, 32767.0, 1e5, 1e10, 3e38,
        ],
    };
    e.extend_from_slice(more);
    if matches!(f, UnaryFn::Erf) {
        e.extend((0..17).map(|k| k as f32 / 4.0 + 0.125));
    }
    if matches!(f, UnaryFn::GeluErf | UnaryFn::GeluTanh) {
        e.extend((0..17).map(|k| (k as f32 + 0.5) * 0.375));
    }
    let mut out = Vec::new();
    for &p in &e {
        for s in [p, -p] {
            let b = s.to_bits() as i64;
            for d in -300..=300i64 {
                out.push(f32::from_bits((b + d) as u32));
            }
        }
    }
    out
}

/// Where the function does most of its work.
fn busy_range(f: UnaryFn) -> (f32, f32) {
    match f {
        UnaryFn::Exp | UnaryFn::Sigmoid => (-110.0, 90.0),
        UnaryFn::Expm1 => (-30.0, 90.0),
        UnaryFn::Log => (0.0, 4.0),
        UnaryFn::Log1p => (-1.0, 4.0),
        UnaryFn::Tanh => (-10.0, 10.0),
        UnaryFn::Erf => (-4.5, 4.5),
        UnaryFn::GeluErf | UnaryFn::GeluTanh => (-16.0, 8.0),
        UnaryFn::Sin | UnaryFn::Cos => (-40000.0, 40000.0),
    }
}

/// Random bit patterns per function: `ETK_ULP_INPUTS`, or 2^20 (a quarter as many in the busy
/// range, a sixteenth in [-1, 1]). The aarch64 CI under qemu sets 2^16: the same sweep of edges
/// and specials, fewer random points.
fn random_inputs() -> usize {
    std::env::var("ETK_ULP_INPUTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1 << 20)
}

fn inputs(f: UnaryFn) -> Vec<f32> {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ f as u64);
    let n = random_inputs();
    let mut v: Vec<f32> = (0..n).map(|_| f32::from_bits(rng.next_u32())).collect();
    let (lo, hi) = busy_range(f);
    v.extend((0..n / 4).map(|_| rng.uniform(lo, hi)));
    v.extend((0..n / 16).map(|_| rng.uniform(-1.0, 1.0)));
    v.extend(edges(f));
    v.extend([
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
        -f32::NAN,
        f32::from_bits(0x7f80_0001),
        f32::MAX,
        f32::MIN,
        f32::MIN_POSITIVE,
        f32::from_bits(1),
        f32::from_bits(0x8000_0001),
        -0.0,
    ]);
    v
}

fn check(f: UnaryFn) {
    let x = inputs(f);
    let want: Vec<f64> = x.iter().map(|&v| reference(f, v)).collect();
    let mut out = vec![0f32; x.len()];
    let mut failures = Vec::new();
    for &isa in Level::available_levels() {
        f.apply(isa, &x, &mut out);
        let mut w = Worst::default();
        for i in 0..x.len() {
            w.add(x[i], out[i], want[i]);
        }
        println!(
            "{:>9} {:>6}: max {} ULP (x = {:e} [{:#010x}]: got {:e}, want {:e}); {} of {} above 1 ULP",
            f.name(),
            isa,
            w.ulp,
            w.input,
            w.input.to_bits(),
            w.got,
            w.want,
            w.above1,
            w.count
        );
        if w.ulp > bound(f) {
            failures.push(format!(
                "{} on {isa}: {} ULP at x = {:e}",
                f.name(),
                w.ulp,
                w.input
            ));
        }
    }
    assert!(failures.is_empty(), "{failures:?}");
}

macro_rules! ulp_tests {
    ($($t:ident => $f:ident),* $(,)?) => {
        $( #[test] fn $t() { check(UnaryFn::$f) } )*
    };
}

ulp_tests! {
    ulp_exp => Exp,
    ulp_expm1 => Expm1,
    ulp_log => Log,
    ulp_log1p => Log1p,
    ulp_tanh => Tanh,
    ulp_sigmoid => Sigmoid,
    ulp_erf => Erf,
    ulp_gelu_erf => GeluErf,
    ulp_gelu_tanh => GeluTanh,
    ulp_sin => Sin,
    ulp_cos => Cos,
}
