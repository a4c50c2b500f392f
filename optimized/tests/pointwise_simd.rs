//! The pointwise frame's vector vocabulary at every ISA level: the fused Half / BFloat16 loads
//! and stores must equal `half`'s conversions bit for bit (every 16-bit pattern widened; f32
//! patterns around every rounding boundary, NaN payloads, subnormals and overflow narrowed),
//! full vectors and masked tails alike.

use etk_optimized::pointwise::bodies::DivBy;
use etk_optimized::pointwise::frame::BinaryOp;
use etk_optimized::pointwise::{Kernel, Simd, dispatch, dispatch_bf16};
use etk_simd::Level;
use half::{bf16, f16};

/// Widens `src` (as f16 when `bf` is false, else bf16) and narrows `x` back, with full
/// vectors and a masked tail, at the kernel's ISA.
struct RoundTrip<'a> {
    bf: bool,
    src: &'a [u16],
    widened: &'a mut [f32],
    x: &'a [f32],
    narrowed: &'a mut [u16],
}

impl Kernel for RoundTrip<'_> {
    type Output = ();
    #[inline(always)]
    fn run<S: Simd>(self, s: S) {
        let l = S::LANES;
        let n = self.src.len();
        let mut i = 0;
        // SAFETY: every access stays within the slices (full vectors while `i + l <= n`, then a
        // masked tail of `n - i < l` lanes).
        unsafe {
            while i < n {
                let m = (n - i).min(l);
                let p = self.src.as_ptr().add(i);
                let v = match (self.bf, m == l) {
                    (false, true) => s.load_f16(p),
                    (false, false) => s.load_f16_n(p, m),
                    (true, true) => s.load_bf16(p),
                    (true, false) => s.load_bf16_n(p, m),
                };
                if m == l {
                    s.store(self.widened.as_mut_ptr().add(i), v);
                } else {
                    s.store_n(self.widened.as_mut_ptr().add(i), m, v);
                }
                i += m;
            }
            let n = self.x.len();
            let mut i = 0;
            while i < n {
                let m = (n - i).min(l);
                let v = if m == l {
                    s.load(self.x.as_ptr().add(i))
                } else {
                    s.load_n(self.x.as_ptr().add(i), m)
                };
                let q = self.narrowed.as_mut_ptr().add(i);
                match (self.bf, m == l) {
                    (false, true) => s.store_f16(q, v),
                    (false, false) => s.store_f16_n(q, m, v),
                    (true, true) => s.store_bf16(q, v),
                    (true, false) => s.store_bf16_n(q, m, v),
                }
                i += m;
            }
        }
    }
}

/// f32 bit patterns around every place narrowing can go wrong.
fn narrowing_inputs() -> Vec<f32> {
    let mut bits: Vec<u32> = Vec::new();
    // every exponent, with mantissas at and around the f16 / bf16 rounding points.
    for e in 0u32..256 {
        for &m in &[
            0u32, 1, 0x0fff, 0x1000, 0x1001, 0x2000, 0x3000, 0x7fff, 0x8000, 0x8001, 0x18000,
            0x17fff, 0x7f_e000, 0x7f_efff, 0x7f_f000, 0x7f_ffff, 0x40_0000, 0x40_0001, 0x12_3456,
        ] {
            for sign in [0u32, 1] {
                bits.push(sign << 31 | e << 23 | m);
            }
        }
    }
    // pseudo-random patterns.
    let mut r = 0x1234_5678_9abc_def0u64;
    for _ in 0..20_000 {
        r ^= r << 13;
        r ^= r >> 7;
        r ^= r << 17;
        bits.push(r as u32);
    }
    bits.into_iter().map(f32::from_bits).collect()
}

fn same(a: f32, b: f32) -> bool {
    a.to_bits() == b.to_bits()
}

#[test]
fn fused_conversions_equal_half_at_every_isa() {
    let x = narrowing_inputs();
    for &isa in Level::available_levels() {
        for (bf, native) in [(false, false), (true, false), (true, true)] {
            // odd lengths leave masked tails.
            for len in [65536usize, 65535, 7, 1] {
                let src: Vec<u16> = (0..len as u32)
                    .map(|i| (i * 40503 % 65536) as u16)
                    .collect();
                let src = if len == 65536 {
                    (0..=u16::MAX).collect()
                } else {
                    src
                };
                let xs = &x[..x.len().min(len.max(x.len() - 3))];
                let mut widened = vec![0f32; src.len()];
                let mut narrowed = vec![0u16; xs.len()];
                let k = RoundTrip {
                    bf,
                    src: &src,
                    widened: &mut widened,
                    x: xs,
                    narrowed: &mut narrowed,
                };
                // BFloat16 kernels may run with AVX512-BF16's native narrowing.
                if bf && native {
                    dispatch_bf16(isa, k)
                } else {
                    dispatch(isa, k)
                }
                for (&h, &w) in src.iter().zip(&widened) {
                    let want = if bf {
                        bf16::from_bits(h).to_f32()
                    } else {
                        f16::from_bits(h).to_f32()
                    };
                    // a signalling NaN comes back quiet either way; compare NaN loosely there.
                    assert!(
                        same(w, want) || (w.is_nan() && want.is_nan()),
                        "{isa} bf={bf} widen {h:#06x}: {w:e} vs {want:e}"
                    );
                }
                for (&v, &h) in xs.iter().zip(&narrowed) {
                    let want = if bf {
                        bf16::from_f32(v).to_bits()
                    } else {
                        f16::from_f32(v).to_bits()
                    };
                    assert_eq!(
                        h,
                        want,
                        "{isa} bf={bf} native={native} narrow {:#010x}",
                        v.to_bits()
                    );
                }
            }
        }
    }
}

/// `sqrt_1ulp` / `rsqrt_1ulp` on every f32 pattern of a strided sample (every 61st, all
/// exponents and the special values): sqrt within 1 ulp of the f64 result, rsqrt within 1.5
/// (the scalar level's correctly rounded sqrt followed by a division rounds twice), and exact
/// at ±0, ±inf, NaN and negatives (NaN).
struct Roots<'a> {
    x: &'a [f32],
    sqrt: &'a mut [f32],
    rsqrt: &'a mut [f32],
}

impl Kernel for Roots<'_> {
    type Output = ();
    #[inline(always)]
    fn run<S: Simd>(self, s: S) {
        let l = S::LANES;
        let mut i = 0;
        // SAFETY: full vectors only; the caller passes a multiple of 16 elements.
        unsafe {
            while i + l <= self.x.len() {
                let v = s.load(self.x.as_ptr().add(i));
                s.store(self.sqrt.as_mut_ptr().add(i), s.sqrt_1ulp(v));
                s.store(self.rsqrt.as_mut_ptr().add(i), s.rsqrt_1ulp(v));
                i += l;
            }
        }
    }
}

fn ulps(got: f32, want: f64) -> f64 {
    let w = want as f32;
    if got.is_nan() || w.is_nan() {
        return if got.is_nan() && w.is_nan() {
            0.0
        } else {
            f64::INFINITY
        };
    }
    if got.is_infinite() || w.is_infinite() || w == 0.0 {
        return if got == w && got.is_sign_negative() == w.is_sign_negative() {
            0.0
        } else {
            f64::INFINITY
        };
    }
    let ulp = (f32::from_bits(w.abs().to_bits() + 1) - w.abs()) as f64;
    (got as f64 - want).abs() / ulp
}

#[test]
fn roots_within_one_ulp() {
    let mut x: Vec<f32> = (0..(1u64 << 32))
        .step_by(61)
        .map(|b| f32::from_bits(b as u32))
        .collect();
    x.extend([
        0.0,
        -0.0,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
        -1.0,
        1e-45,
        4.0,
    ]);
    x.resize(x.len().div_ceil(16) * 16, 2.0);
    let (mut sq, mut rs) = (vec![0f32; x.len()], vec![0f32; x.len()]);
    for &isa in Level::available_levels() {
        dispatch(
            isa,
            Roots {
                x: &x,
                sqrt: &mut sq,
                rsqrt: &mut rs,
            },
        );
        for (i, &xi) in x.iter().enumerate() {
            let want_sqrt = (xi as f64).sqrt();
            let want_rsqrt = 1.0 / (xi as f64).sqrt();
            let (es, er) = (ulps(sq[i], want_sqrt), ulps(rs[i], want_rsqrt));
            assert!(
                es <= 1.0 && er <= 1.5,
                "{isa}: x = {xi:e} [{:#x}]: sqrt {:e} ({es} ulp), rsqrt {:e} ({er} ulp)",
                xi.to_bits(),
                sq[i],
                rs[i]
            );
        }
    }
}

/// `x / b` for one `b` through [`DivBy`] (the reciprocal and an FMA correction), full vectors
/// and a masked tail, at the kernel's ISA.
struct DivByRun<'a> {
    op: DivBy,
    x: &'a [f32],
    out: &'a mut [f32],
}

impl Kernel for DivByRun<'_> {
    type Output = ();
    #[inline(always)]
    fn run<S: Simd>(self, s: S) {
        let (l, n) = (S::LANES, self.x.len());
        let mut i = 0;
        // SAFETY: full vectors while `i + l <= n`, then a masked tail.
        unsafe {
            while i < n {
                let m = (n - i).min(l);
                let (p, q) = (self.x.as_ptr().add(i), self.out.as_mut_ptr().add(i));
                if m == l {
                    s.store(q, self.op.apply(s, s.load(p), s.splat(f32::NAN)));
                } else {
                    s.store_n(q, m, self.op.apply(s, s.load_n(p, m), s.splat(f32::NAN)));
                }
                i += m;
            }
        }
    }
}

/// Division by one value takes the reciprocal and Markstein's correction where that is exact:
/// the quotients must equal IEEE division bit for bit, for divisors of every exponent the
/// path accepts (and it must decline zero, inf, NaN and extreme ones) and dividends of every
/// kind — zeros, subnormals, values at and past the range limits, inf, NaN — mixed into the
/// vectors, so that the fallback for a whole vector is exercised too.
#[test]
fn division_by_one_value_equals_division_at_every_isa() {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 32) as u32
    };
    for b in [
        0.0,
        -0.0,
        f32::INFINITY,
        f32::NAN,
        1e-30,
        1e30,
        f32::MIN_POSITIVE,
    ] {
        assert!(DivBy::new(b).is_none(), "{b:e}");
    }
    let mut divisors = vec![
        1.0f32,
        -1.0,
        3.0,
        0.1,
        -7.0,
        1e-18,
        1e18,
        1.0 + f32::EPSILON,
    ];
    for _ in 0..200 {
        // magnitudes in [2^-60, 2^60), any mantissa and sign
        let e = (next() % 120) as i32 - 60;
        let bits = (((127 + e) as u32) << 23) | (next() & 0x807f_ffff);
        divisors.push(f32::from_bits(bits));
    }
    let mut x: Vec<f32> = (0..20000).map(|_| f32::from_bits(next())).collect();
    // mostly ordinary magnitudes, so most vectors take the corrected path
    for v in x.iter_mut().step_by(2) {
        *v = f32::from_bits((next() & 0x807f_ffff) | ((100 + next() % 60) << 23));
    }
    x.extend([
        0.0,
        -0.0,
        1e-45,
        -1e-40,
        f32::MAX,
        f32::INFINITY,
        f32::NAN,
        1.0,
        -2.5,
    ]);
    for &isa in Level::available_levels() {
        for &b in &divisors {
            let op = DivBy::new(b).expect("an ordinary divisor");
            let mut out = vec![0f32; x.len()];
            dispatch(
                isa,
                DivByRun {
                    op,
                    x: &x,
                    out: &mut out,
                },
            );
            for (&a, &got) in x.iter().zip(&out) {
                let want = a / b;
                assert!(
                    same(got, want) || (got.is_nan() && want.is_nan()),
                    "{isa}: {a:e} / {b:e} gave {got:e}, want {want:e}"
                );
            }
        }
    }
}
