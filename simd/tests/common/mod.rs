//! Shared by the accuracy tests: f64 references and the ULP distance.
//!
//! ULP distance: both values are mapped to integers that are monotonic in the float order
//! (`+0` and `-0` both map to 0), and the distance is the difference. The reference is the f64
//! result rounded to f32, so a distance of `d` means the result is within `d + 1/2` ulp of the
//! exact value. NaN matches NaN only; signed zeros are checked separately.

#![allow(dead_code)]

use etk_simd::UnaryFn;

/// The f64 reference of `f` at `x` (libm's f64 functions).
pub fn reference(f: UnaryFn, x: f32) -> f64 {
    let x = f64::from(x);
    match f {
        UnaryFn::Exp => libm::exp(x),
        UnaryFn::Expm1 => libm::expm1(x),
        UnaryFn::Log => libm::log(x),
        UnaryFn::Log1p => libm::log1p(x),
        UnaryFn::Tanh => libm::tanh(x),
        UnaryFn::Sigmoid => {
            let e = libm::exp(-x.abs());
            if x < 0.0 {
                e / (1.0 + e)
            } else {
                1.0 / (1.0 + e)
            }
        }
        UnaryFn::Erf => libm::erf(x),
        // erfc form: x * 0.5 * (1 + erf(x / sqrt 2)) without the cancellation of the tail.
        UnaryFn::GeluErf => x * 0.5 * libm::erfc(-x * core::f64::consts::FRAC_1_SQRT_2),
        UnaryFn::GeluTanh => {
            let k = (2.0 / core::f64::consts::PI).sqrt();
            let arg = 2.0 * k * (x + 0.044715 * x * x * x);
            let e = libm::exp(-arg.abs());
            if arg < 0.0 {
                x * e / (1.0 + e)
            } else {
                x / (1.0 + e)
            }
        }
        UnaryFn::Sin => libm::sin(x),
        UnaryFn::Cos => libm::cos(x),
    }
}

/// The accuracy bound of `f` in ULP.
pub fn bound(f: UnaryFn) -> u64 {
    match f {
        UnaryFn::Exp => 2,
        // the rational approximation's f32 evaluation near ±1 (`kernels::tanh`)
        UnaryFn::Tanh => 5,
        _ => 4,
    }
}

fn ordered(x: f32) -> i64 {
    let b = x.to_bits();
    if b & 0x8000_0000 != 0 {
        -i64::from(b & 0x7fff_ffff)
    } else {
        i64::from(b)
    }
}

/// Distance in ordered-bit space; `u64::MAX` when exactly one is NaN.
pub fn ulp_dist(got: f32, want: f32) -> u64 {
    match (got.is_nan(), want.is_nan()) {
        (true, true) => 0,
        (false, false) => ordered(got).abs_diff(ordered(want)),
        _ => u64::MAX,
    }
}

/// `|got - want| / ulp(want as f32)`, the fractional error (informational).
pub fn ulp_frac(got: f32, want: f64) -> f64 {
    if got.is_nan() || want.is_nan() || got.is_infinite() || want.is_infinite() {
        return if ulp_dist(got, want as f32) == 0 {
            0.0
        } else {
            f64::INFINITY
        };
    }
    let w = want as f32;
    let e = if w == 0.0 || !w.is_normal() {
        -149
    } else {
        ((w.abs().to_bits() >> 23) as i32) - 127 - 23
    };
    let ulp = libm::ldexp(1.0, e.max(-149));
    (f64::from(got) - want).abs() / ulp
}

/// Worst case over a set of inputs.
#[derive(Clone, Copy, Debug, Default)]
pub struct Worst {
    pub ulp: u64,
    pub frac: f64,
    pub input: f32,
    pub got: f32,
    pub want: f64,
    pub count: u64,
    /// Inputs with a distance above 1 ULP.
    pub above1: u64,
}

impl Worst {
    pub fn add(&mut self, x: f32, got: f32, want: f64) {
        self.count += 1;
        let d = ulp_dist(got, want as f32);
        if d > 1 {
            self.above1 += 1;
        }
        if d > self.ulp {
            self.ulp = d;
            self.input = x;
            self.got = got;
            self.want = want;
        }
        if d <= 64 {
            let fr = ulp_frac(got, want);
            if fr > self.frac {
                self.frac = fr;
            }
        }
    }

    pub fn merge(&mut self, o: &Worst) {
        if o.ulp > self.ulp {
            self.ulp = o.ulp;
            self.input = o.input;
            self.got = o.got;
            self.want = o.want;
        }
        self.frac = self.frac.max(o.frac);
        self.count += o.count;
        self.above1 += o.above1;
    }
}

/// A small deterministic generator (xorshift64*).
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    pub fn next_u32(&mut self) -> u32 {
        (self.next_u64() >> 32) as u32
    }
    /// Uniform in `[lo, hi)`.
    pub fn uniform(&mut self, lo: f32, hi: f32) -> f32 {
        let t = (self.next_u64() >> 40) as f32 / (1u64 << 24) as f32;
        lo + (hi - lo) * t
    }
}
