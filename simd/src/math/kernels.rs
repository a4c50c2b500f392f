//! The vector algorithms, written once over [`Vf32`]. Every function is `#[inline(always)]` so it
//! is compiled inside each ISA's `#[target_feature]` kernel.
//!
//! Methods in brief (the tests hold the error bounds; the ULP is measured against the f64
//! result rounded to f32):
//! - exp: `x = n ln2 + r` (Cody-Waite with FMA, exact first step), degree-6 minimax for `e^r`,
//!   then an exact, once-rounded scaling by `2^n` (overflow and subnormals included).
//! - expm1: the same reduction, `e^r - 1` as `r + r^2 P(r)`, recombined as `2^n q + (2^n - 1)`.
//! - log: `x = 2^k m`, `m` in `[2/3, 4/3)` by integer arithmetic, `log1p(m - 1)` by a degree-9
//!   polynomial; zero, negative, subnormal, infinite and NaN lanes take a fix-up branch.
//! - log1p: log of `u = 1 + x` plus the exact rounding error of that sum divided by `u`.
//! - tanh: `expm1(2|x|) / (expm1(2|x|) + 2)`, sign restored.
//! - sigmoid: `e = exp(-|x|)`, then `1/(1+e)` or `e/(1+e)`.
//! - erf: a polynomial per interval, its coefficients picked by a register lookup: on AVX-512
//!   32 intervals of width 1/8 (degree 4), on AVX2 8 of width 1/2 (degree 8; one permute per
//!   coefficient, where 16 intervals cost two and a blend), the last stretched to `ERF_ONE`.
//! - gelu (both): `x * Phi(x)`. `Phi(-|x|)` comes from a 32-interval table on AVX-512; on
//!   AVX2 the erf form computes it as `exp(-x^2/2) g(|x|)` with `g` from an 8-interval table
//!   (one permute per coefficient), and the tanh form needs no table: `x / (1 + e)` or
//!   `x e / (1 + e)` with `e = exp(-|arg|)` and `arg` in double-f32. On AVX-512, lanes below
//!   -5, where a table loses relative accuracy, take a branch that computes the tail as
//!   `exp(-x^2/2) * h(x)` (erf form; AVX2 too) or `exp(arg)` as above (tanh form), so results
//!   stay accurate down to the underflow threshold.
//! - sin/cos: `x = n pi/2 + r` with a three-part FMA reduction, polynomials on `|r| <= pi/4`;
//!   lanes above `SINCOS_MAX` (and inf/NaN) are handed to libm one by one.

use super::tables::*;
use super::vector::{ROUND_MAGIC, Vf32, Vi32};

const LOG2E: f32 = 1.442_695_f32;
const LN2_HI: f32 = 0.693_147_2_f32;
const LN2_LO: f32 = -1.904_654_2e-9_f32;
/// Below this magnitude expm1, log1p (and the identity) agree after rounding.
const TINY: f32 = 2.980_232_2e-8; // 2^-25
/// `bits(2/3)`: log splits `x` at multiples of this so the mantissa lands in `[2/3, 4/3)`.
const LOG_OFF: i32 = 0x3f2a_aaab;

const TWO_OVER_PI: f32 = 0.636_619_75_f32;
const PIO2_1: f32 = 1.570_796_4_f32;
const PIO2_2: f32 = -4.371_138_8e-8_f32;
const PIO2_3: f32 = -1.715_124_5e-15_f32;
/// Largest `|x|` reduced in vector code; larger lanes (and inf/NaN) use libm.
pub(crate) const SINCOS_MAX: f32 = 32768.0;

/// `2 sqrt(2/pi)` and `2 sqrt(2/pi) * 0.044715`, each as a high and a low part.
const K1_HI: f32 = 1.595_769_2_f32;
const K1_LO: f32 = -4.534_068e-8_f32;
const K3_HI: f32 = 0.071_354_814_f32;
const K3_LO: f32 = 2.398_832_5e-9_f32;

/// The smallest f32 whose erf rounds to 1.
const ERF_ONE: f32 = 3.919_205_9;

/// gelu_tanh lanes below this take the accurate tail branch (32-interval table).
const GELU_TAIL32: f32 = -5.0;
/// gelu_tanh (exponential form) arguments from here up have `n >= -100` (`-69 / ln 2`).
const GELU_TANH_NORMAL: f32 = -69.0;
/// gelu_erf lanes below this take its tail branch (both main forms hold down to -5).
const GELU_ERF_TAIL: f32 = -5.0;

#[inline(always)]
fn poly<V: Vf32, const N: usize>(x: V, c: &[f32; N]) -> V {
    let mut acc = V::splat(c[N - 1]);
    for &ci in c[..N - 1].iter().rev() {
        acc = acc.mul_add(x, V::splat(ci));
    }
    acc
}

/// A row of an interval table: one coefficient per interval, picked per lane by index (one
/// register lookup of the width the table needs).
trait TableRow<V: Vf32> {
    fn pick(&self, k: V::I) -> V;
}
impl<V: Vf32> TableRow<V> for [f32; 8] {
    #[inline(always)]
    fn pick(&self, k: V::I) -> V {
        V::lut8(self, k)
    }
}
impl<V: Vf32> TableRow<V> for [f32; 16] {
    #[inline(always)]
    fn pick(&self, k: V::I) -> V {
        V::lut16(self, k)
    }
}
impl<V: Vf32> TableRow<V> for [f32; 32] {
    #[inline(always)]
    fn pick(&self, k: V::I) -> V {
        V::lut32(self, k)
    }
}

/// Horner over an interval table (8, 16 or 32 intervals), coefficients picked per lane by `k`.
#[inline(always)]
fn table_poly<V: Vf32, T: TableRow<V>, const R: usize>(u: V, k: V::I, tab: &[T; R]) -> V {
    let mut acc = tab[R - 1].pick(k);
    for row in tab[..R - 1].iter().rev() {
        acc = acc.mul_add(u, row.pick(k));
    }
    acc
}

/// `x = n ln2 + r` with `|r| <= ln2/2 (1 + 2^-12)`, for `x` in `[-150, 150]`; `n` integral.
/// The first FMA is exact, so `r` carries only the error of the second step.
#[inline(always)]
fn exp_reduce<V: Vf32>(x: V) -> (V, V) {
    let n = (x * V::splat(LOG2E)).round();
    let r = n.neg_mul_add(V::splat(LN2_HI), x);
    let r = n.neg_mul_add(V::splat(LN2_LO), r);
    (r, n)
}

/// Below this `|x|`, `n = round(x / ln2)` lies in `[-125, 127]`, so `e^r 2^n` is normal and
/// the scaling is an exact add to the exponent field.
const EXP_NORMAL: f32 = 86.0;

/// `n = round(v / ln2)` by adding a rounding constant (one FMA, no round or convert): `n`,
/// and a bit pattern whose low bits hold `n` (two's complement) for [`scale_normal`]. For
/// `|v / ln2| < 2^22`.
#[inline(always)]
fn round_log2e<V: Vf32>(v: V) -> (V, V::I) {
    let magic = V::splat(ROUND_MAGIC);
    let m = v.mul_add(V::splat(LOG2E), magic);
    (m - magic, m.to_bits())
}

/// `v 2^n` with `n` in the low bits of `m` (see [`round_log2e`]), for a normal result: an add
/// to the exponent field.
#[inline(always)]
fn scale_normal<V: Vf32>(v: V, m: V::I) -> V {
    V::from_bits(v.to_bits().add(m.shl::<23>()))
}

/// [`exp_reduce`] with `n` from [`round_log2e`]: `(r, m)`, for `|x| <= EXP_NORMAL`.
#[inline(always)]
fn exp_reduce_bits<V: Vf32>(x: V) -> (V, V::I) {
    let (n, m) = round_log2e(x);
    let r = n.neg_mul_add(V::splat(LN2_HI), x);
    (n.neg_mul_add(V::splat(LN2_LO), r), m)
}

/// `exp(hi + lo)` as `(p, n)` with the result `p * 2^n`, for `|hi| >= 1` (or `n == 0`) and
/// `|lo|` small: the big part is reduced exactly and `lo` added to the reduced argument.
#[inline(always)]
fn exp2_parts<V: Vf32>(hi: V, lo: V) -> (V, V) {
    let n = (hi * V::splat(LOG2E)).round();
    let r = n.neg_mul_add(V::splat(LN2_HI), hi);
    let r = r + n.neg_mul_add(V::splat(LN2_LO), lo);
    (poly(r, &EXP_C), n)
}

#[inline(always)]
pub(crate) fn exp<V: Vf32>(x: V) -> V {
    // x86 min/max return the second operand when either is NaN: NaN passes through.
    exp_clamped(V::splat(89.0).min(V::splat(-104.0).max(x)))
}

/// `e^x` for `x` in `[-104, 89]` or NaN. Where every lane's result is normal, `2^n` is added
/// to the exponent field and `n` comes from a rounding constant (two FMA-port multiplications,
/// a round and a convert fewer: Zen 3, `mathbench`, eleven alternating rounds, best exp 2.65
/// -> 3.14 elements/ns); otherwise, and where `ldexp` is one instruction, the general scaling.
#[inline(always)]
fn exp_clamped<V: Vf32>(x: V) -> V {
    if V::SCALEF || V::any(V::mnot(x.abs().le(V::splat(EXP_NORMAL)))) {
        let (r, n) = exp_reduce(x);
        return poly(r, &EXP_C).ldexp(n);
    }
    let (r, m) = exp_reduce_bits(x);
    scale_normal(poly(r, &EXP_C), m)
}

/// `e^r - 1` on the reduced range.
#[inline(always)]
fn expm1_reduced<V: Vf32>(r: V) -> V {
    (r * r).mul_add(poly(r, &EXPM1_P), r)
}

#[inline(always)]
pub(crate) fn expm1<V: Vf32>(x: V) -> V {
    let one = V::splat(1.0);
    let xc = V::splat(89.0).min(V::splat(-26.0).max(x));
    let (r, n) = exp_reduce(xc);
    let q = expm1_reduced(r);
    // 2^n (1 + q) - 1 = 2^n q + (2^n - 1): one rounding while 2^n - 1 is exact (n <= 24).
    let t = V::pow2(V::splat(24.0).min(n));
    let small = t.mul_add(q, t - one);
    // The general scaling only where a lane needs it (expm1 1.69 -> 2.18 elements/ns, as exp).
    let big = n.gt(V::splat(24.0));
    let res = if V::any(big) {
        V::select(big, (q + one).ldexp(n), small)
    } else {
        small
    };
    V::select(x.abs().lt(V::splat(TINY)), x, res)
}

/// `log1p(f)` for `f` in `[-1/3, 1/3]`.
#[inline(always)]
fn log1p_reduced<V: Vf32>(f: V) -> V {
    let p = poly(f, &LOG_P).mul_add(f, V::splat(-0.5));
    p.mul_add(f * f, f)
}

/// Splits a positive normal `x` as `2^k m`, `m` in `[2/3, 4/3)`; returns `(m - 1, k)` (exact).
#[inline(always)]
fn log_split<V: Vf32>(x: V) -> (V, V) {
    let ix = x.to_bits().sub(V::I::splat(LOG_OFF));
    let k = V::from_int(ix.sra::<23>());
    let m = V::from_bits(ix.and(V::I::splat(0x007f_ffff)).add(V::I::splat(LOG_OFF)));
    (m - V::splat(1.0), k)
}

#[inline(always)]
fn log_normal<V: Vf32>(x: V, kadj: V) -> V {
    let (f, k) = log_split(x);
    let k = k + kadj;
    let p = log1p_reduced(f);
    k.mul_add(V::splat(LN2_HI), k.mul_add(V::splat(LN2_LO), p))
}

#[inline(always)]
pub(crate) fn log<V: Vf32>(x: V) -> V {
    let normal = V::mand(x.ge(V::splat(f32::MIN_POSITIVE)), x.le(V::splat(f32::MAX)));
    if !V::any(V::mnot(normal)) {
        return log_normal(x, V::splat(0.0));
    }
    // Subnormals are scaled into the normal range; the rest is fixed up after.
    let sub = x.lt(V::splat(f32::MIN_POSITIVE));
    let xs = V::select(sub, x * V::splat(8_388_608.0), x);
    let kadj = V::select(sub, V::splat(-23.0), V::splat(0.0));
    let r = log_normal(xs, kadj);
    let zero = V::splat(0.0);
    let r = V::select(x.eq(zero), V::splat(f32::NEG_INFINITY), r);
    let r = V::select(x.lt(zero), V::splat(f32::NAN), r);
    let r = V::select(x.eq(V::splat(f32::INFINITY)), x, r);
    V::select(x.is_nan(), x, r)
}

#[inline(always)]
pub(crate) fn log1p<V: Vf32>(x: V) -> V {
    let one = V::splat(1.0);
    let u = one + x;
    // The exact rounding error of 1 + x (Fast2Sum with the larger operand first).
    let err = V::select(x.abs().le(one), (one - u) + x, (x - u) + one);
    let (f, k) = log_split(u);
    let p = log1p_reduced(f) + err.div(u);
    let r = k.mul_add(V::splat(LN2_HI), k.mul_add(V::splat(LN2_LO), p));
    let r = V::select(x.lt(V::splat(-1.0)), V::splat(f32::NAN), r);
    let r = V::select(x.eq(V::splat(-1.0)), V::splat(f32::NEG_INFINITY), r);
    let r = V::select(x.eq(V::splat(f32::INFINITY)), x, r);
    let r = V::select(x.is_nan(), x, r);
    V::select(x.abs().lt(V::splat(TINY)), x, r)
}

/// tanh as `x P(x^2) / Q(x^2)`, a rational fit of degree (9, 8) on `[-9, 9]` with a true
/// division: no table, no exponential (as XNNPACK's; 14 us for 64K at AVX2 where `1 - 2 / (1 +
/// e^2x)` took 26). `|x|` is clamped to `TANH_RAT_MAX`, the first float where the f32 evaluation
/// gives exactly 1 (tanh rounds to ±1 from 8.6643 on). Within 5 ulp: the fit is within 1.3,
/// the roundings of P and Q's Horner steps add up near ±1 (`tools/fit_tables2.py`; a fit of
/// higher degree does not lower the maximum).
#[inline(always)]
pub(crate) fn tanh<V: Vf32>(x: V) -> V {
    // x86 min/max return the second operand when either is NaN: NaN passes through.
    let xc = V::splat(TANH_RAT_MAX).min(V::splat(-TANH_RAT_MAX).max(x));
    let z = xc * xc;
    (xc * poly(z, &TANH_RAT_P)).div_exact(poly(z, &TANH_RAT_Q))
}

/// sigmoid where `2^k` is one instruction (`vscalefps`): `e^-x = 2^k p` with `p = 2^(-j/16)
/// e^-t` from a 16-entry table (one `vpermps`) and a degree-3 polynomial, and
/// `1 / (1 + 2^k p) = 2^-k / (2^-k + p)` with a true division (`vdivps`), which
/// stays accurate where the result is subnormal (no overflow of `e^-x`) without a select on
/// the sign. `x` is clamped to `[-104, 88]`: below, the result is 0; above, `2^-k` would
/// overflow (and the result is 1 from 16.7 on).
#[inline(always)]
fn sigmoid_scalef<V: Vf32>(x: V) -> V {
    // x86 min/max return the second operand when either is NaN: NaN passes through.
    let xc = V::splat(88.0).min(V::splat(-104.0).max(x));
    // nn = x log2e rounded to a multiple of 1/16 = -k + j/16 (j in 0..16, held in m's low 4
    // bits), so that floor(nn) = -k.
    // -x = (k - j/16) ln2 - t
    let (m, nn, t) = reduce_ln2(xc, 786_432.0);
    let l = V::lut16(&EXP2_NEG_TAB16, m.to_bits());
    // p = l e^-t = l - l t Q(t), Q(t) = (1 - e^-t) / t
    let p = (l * t).neg_mul_add(poly(t, &EXPM_LUT16_Q), l);
    // vscalefps multiplies by 2^floor(nn) = 2^-k.
    let s = V::splat(1.0).ldexp(nn);
    s.div_exact(s + p)
}

/// `z log2(e)` rounded to the multiple of a power of two that `magic` (1.5 times a power of
/// two) leaves: `(m, n, t)` with `m` the sum (its low bits hold the table index), `n` the rounded
/// value and `t = z - n ln2` (ln 2 in two parts).
#[inline(always)]
fn reduce_ln2<V: Vf32>(z: V, magic: f32) -> (V, V, V) {
    let magic = V::splat(magic);
    let m = z.mul_add(V::splat(LOG2E), magic);
    let n = m - magic;
    let t = n.neg_mul_add(V::splat(LN2_HI), z);
    (m, n, n.neg_mul_add(V::splat(LN2_LO), t))
}

/// `e^z` for `z` in `[-104, 0]` or NaN from a table of `2^(j/8)` (one in-register permute)
/// and a degree-4 polynomial: `z = (k + j/8) ln2 + t`, `|t| <= ln2/16`, `e^z = 2^k 2^(j/8)
/// e^t`; two multiply-adds fewer than [`exp`]'s degree-6 polynomial for one lookup.
#[inline(always)]
fn exp_neg<V: Vf32>(z: V) -> V {
    // 1.5 * 2^20: the sum's low 3 bits hold j, and `m - magic` is k + j/8 exactly.
    let (m, n, t) = reduce_ln2(z, 1_572_864.0);
    let l = V::lut8(&EXP2_TAB8, m.to_bits());
    let e = (l * t).mul_add(poly(t, &EXP_LUT8_P), l);
    if !V::any(V::mnot(z.ge(V::splat(-EXP_NORMAL)))) {
        // Every result normal: 2^k added to the exponent field. The bits of m above j are k
        // plus the magic's, which the shift moves out.
        let k = m.to_bits().and(V::I::splat(!7)).shl::<20>();
        return V::from_bits(e.to_bits().add(k));
    }
    // n - 7/16 is within 7/16 of k (exact: n is a multiple of 1/8).
    e.ldexp((n - V::splat(0.4375)).round())
}

#[inline(always)]
pub(crate) fn sigmoid<V: Vf32>(x: V) -> V {
    if V::SCALEF {
        return sigmoid_scalef(x);
    }
    let one = V::splat(1.0);
    let na = V::splat(-104.0).max(x.or(V::splat(-0.0))); // -|x|, NaN kept
    let e = exp_neg(na);
    let num = V::select(x.lt(V::splat(0.0)), e, one);
    num.div(one + e)
}

#[inline(always)]
pub(crate) fn erf<V: Vf32>(x: V) -> V {
    // From ERF_ONE on the result is exactly 1; below it the table is used (NaN stays NaN).
    let a = x.abs();
    let r = if V::LUT32 {
        let (v, k) = V::splat(3.93).min(a).frac_index::<3>();
        table_poly(v, k, &ERF_TAB32)
    } else {
        // k = min(round(2a), 7), u = 2a - k (exact): the last interval runs on to ERF_ONE.
        let two_a = a * V::splat(2.0);
        let c = V::splat(7.0).min(two_a);
        let (f, k) = c.split_round();
        table_poly(f + (two_a - c), k, &ERF_TAB8)
    };
    let r = V::select(a.ge(V::splat(ERF_ONE)), V::splat(1.0), r);
    r.or(x.sign())
}

/// `x Phi(x)` from `a = |x|` (or `min(|x|, cap)`, where `c` is below half an ulp of 1) and
/// `c = Phi(-a)`: `max(x, 0) - a c`, which is `x c` below zero and `x - x c` (one rounding)
/// above: one multiply-add and a `max` where `x (x < 0 ? c : 1 - c)` takes a compare, a
/// subtraction, a blend and a multiplication. A NaN `x` stays NaN through the `max`.
#[inline(always)]
fn gelu_combine<V: Vf32>(x: V, a: V, c: V) -> V {
    a.neg_mul_add(c, V::splat(0.0).max(x))
}

/// `x * Phi(x)` from a 32-interval table (width 1/4) of `Phi(-a)`, accurate in relative terms
/// for `x >= -5`.
#[inline(always)]
fn gelu_table32<V: Vf32, const R: usize>(x: V, tab: &[[f32; 32]; R]) -> V {
    // NaN lanes may lose their NaN here; the final `max` restores it.
    let a = x.abs_min_lossy(V::splat(7.8));
    let (v, k) = a.frac_index::<2>();
    gelu_combine(x, a, table_poly(v, k, tab))
}

/// `x * Phi(x)` with `Phi(-a) = exp(-a^2/2) g(a)`, `a^2` split exactly and the slowly varying
/// `g` from an 8-interval table: one in-register permute per coefficient where a 16-interval
/// table of `Phi(-a)` itself costs two and a blend on 8-lane vectors. Accurate in relative
/// terms for `x >= -5.9`; above 5.9, `Phi(-a)` is below half an ULP of 1.
#[inline(always)]
fn gelu_gexp<V: Vf32>(x: V) -> V {
    // NaN lanes may lose their NaN here; the final `max` restores it.
    // (5.9: the interval index round(1.25 a) stays within the table's 8.)
    let a = x.abs_min_lossy(V::splat(5.9));
    // -a^2/2 = hi - lo exactly (-a/2 is exact).
    let b = a * V::splat(-0.5);
    let hi = a * b;
    let lo = a.neg_mul_add(b, hi);
    let (r, m) = exp_reduce_split(hi, lo);
    let (u, k) = interval_125(a, 0.0);
    let c = poly(r, &EXP_C) * table_poly(u, k, &PHI_EXP_TAB8);
    // n >= -26 and c >= 0.04: c 2^n is normal.
    gelu_combine(x, a, scale_normal(c, m))
}

/// [`exp2_parts`]'s reduction with `n` from [`round_log2e`], for an argument `hi - lo` (`lo`
/// small): `(r, m)` with `hi - lo = n ln2 + r`.
#[inline(always)]
fn exp_reduce_split<V: Vf32>(hi: V, lo: V) -> (V, V::I) {
    let (n, m) = round_log2e(hi);
    let r = n.neg_mul_add(V::splat(LN2_HI), hi);
    (r - n.mul_add(V::splat(LN2_LO), lo), m)
}

/// `exp(-b^2/2)` as `(p, n)` (see [`exp2_parts`]), with `b^2` split exactly.
#[inline(always)]
fn exp_half_square<V: Vf32>(b: V) -> (V, V) {
    let hi = b * b;
    let lo = b.mul_add(b, V::splat(0.0) - hi);
    exp2_parts(hi * V::splat(-0.5), lo * V::splat(-0.5))
}

/// `(u, k)` with `k = round(1.25 b - c)` and `u = 1.25 b - c - k` with one rounding (`c` a
/// small integer, so `k + c` is exact).
#[inline(always)]
fn interval_125<V: Vf32>(b: V, c: f32) -> (V, V::I) {
    let magic = V::splat(12_582_912.0 - c);
    let m = b.mul_add(V::splat(1.25), magic);
    (b.mul_add(V::splat(1.25), magic - m), m.to_bits())
}

/// gelu_erf for lanes below -5: `-exp(-x^2/2) * g(|x|)` with `x^2` split exactly and
/// `g(b) = b Phi(-b) exp(b^2/2)` from a table.
#[inline(always)]
fn gelu_erf_tail<V: Vf32>(x: V) -> V {
    let zero = V::splat(0.0);
    let b = x.abs_min(V::splat(14.6));
    let (p, n) = exp_half_square(b);
    let (u, k) = interval_125(b, 4.0);
    let g = table_poly(u, k, &PHI_TAIL_TAB);
    let res = (zero - p * g).ldexp(n);
    // Past -14.6 the result underflows: x * 0 is -0 (NaN for -inf, as PyTorch gives).
    V::select(x.lt(V::splat(-14.6)), x * zero, res)
}

#[inline(always)]
pub(crate) fn gelu_erf<V: Vf32>(x: V) -> V {
    let r = if V::LUT32 {
        gelu_table32(x, &PHI_TAB32)
    } else {
        gelu_gexp(x)
    };
    let tail = x.lt(V::splat(GELU_ERF_TAIL));
    if V::any(tail) {
        V::select(tail, gelu_erf_tail(x), r)
    } else {
        r
    }
}

/// `arg = 2 sqrt(2/pi) (x + 0.044715 x^3)` as a double-f32 sum `(hi, lo)`, for `|x| <= 11`.
#[inline(always)]
fn gelu_tanh_arg<V: Vf32>(xc: V) -> (V, V) {
    let zero = V::splat(0.0);
    let x2h = xc * xc;
    let x2l = xc.mul_add(xc, zero - x2h);
    let x3h = xc * x2h;
    let x3l = xc.mul_add(x2h, zero - x3h) + xc * x2l;
    let t1h = xc * V::splat(K1_HI);
    let t1l = xc.mul_add(V::splat(K1_HI), zero - t1h);
    let t3h = x3h * V::splat(K3_HI);
    let t3l = x3h.mul_add(V::splat(K3_HI), zero - t3h);
    // TwoSum(t1h, t3h)
    let s = t1h + t3h;
    let bb = s - t1h;
    let es = (t1h - (s - bb)) + (t3h - bb);
    let lo = x3l.mul_add(
        V::splat(K3_HI),
        x3h.mul_add(V::splat(K3_LO), xc.mul_add(V::splat(K1_LO), es + t1l + t3l)),
    );
    (s, lo)
}

/// gelu_tanh without a table: `e = exp(arg(-|x|))` with the argument in double-f32, then
/// `x / (1 + e)` for `x >= 0` and `x e / (1 + e)` below. On AVX2 this is cheaper than the
/// 16-interval table, whose every coefficient costs two permutes and a blend; on AVX-512 it is
/// the accurate tail below the 32-interval table's range.
#[inline(always)]
fn gelu_tanh_exp<V: Vf32>(x: V) -> V {
    let zero = V::splat(0.0);
    let neg = x.lt(zero);
    // NaN stays NaN through `max` (it returns its second operand then).
    let xc = V::splat(-11.0).max(zero - x.abs());
    let (s, lo) = gelu_tanh_arg(xc);
    if !V::SCALEF && !V::any(V::mnot(s.ge(V::splat(GELU_TANH_NORMAL)))) {
        // Every n in [-100, 0]: e and the quotient (0.07 or more where n < 0) stay normal
        // when scaled.
        let (r, m) = exp_reduce_split(s, zero - lo);
        let p = poly(r, &EXP_C);
        let q = V::select(neg, x * p, x).div(V::splat(1.0) + scale_normal(p, m));
        return V::select(neg, scale_normal(q, m), q);
    }
    let (p, n) = exp2_parts(s, lo);
    let e = p.ldexp(n);
    let q = V::select(neg, x * p, x).div(V::splat(1.0) + e);
    let res = V::select(neg, q.ldexp(n), q);
    // Past -11 the result underflows: x * 0 is -0 (NaN for -inf, as PyTorch gives).
    V::select(x.lt(V::splat(-11.0)), x * zero, res)
}

#[inline(always)]
pub(crate) fn gelu_tanh<V: Vf32>(x: V) -> V {
    if !V::LUT32 {
        return gelu_tanh_exp(x);
    }
    let r = gelu_table32(x, &TGELU_TAB32);
    let tail = x.lt(V::splat(GELU_TAIL32));
    if V::any(tail) {
        V::select(tail, gelu_tanh_exp(x), r)
    } else {
        r
    }
}

/// Replaces the lanes of `res` selected by `m` with `f` of the same lanes of `x`.
#[inline(always)]
fn patch_scalar<V: Vf32>(x: V, res: V, m: V::M, f: fn(f32) -> f32) -> V {
    let mut xs = [0f32; 32];
    let mut rs = [0f32; 32];
    let mut ms = [0f32; 32];
    // a pair of AVX-512 vectors is the widest `V`
    debug_assert!(V::LANES <= 32);
    // SAFETY: the buffers hold at least LANES floats.
    unsafe {
        x.store(xs.as_mut_ptr());
        res.store(rs.as_mut_ptr());
        V::select(m, V::splat(1.0), V::splat(0.0)).store(ms.as_mut_ptr());
    }
    for i in 0..V::LANES.min(32) {
        if ms[i] != 0.0 {
            rs[i] = f(xs[i]);
        }
    }
    // SAFETY: as above.
    unsafe { V::load(rs.as_ptr()) }
}

#[inline(always)]
fn sincos<V: Vf32, const COS: bool>(x: V) -> V {
    let a = x.abs();
    let n = (a * V::splat(TWO_OVER_PI)).round();
    let r = n.neg_mul_add(V::splat(PIO2_1), a);
    let r = n.neg_mul_add(V::splat(PIO2_2), r);
    let r = n.neg_mul_add(V::splat(PIO2_3), r);
    let mut q = n.to_int();
    if COS {
        // cos(a) = sin(a + pi/2): one quadrant on.
        q = q.add(V::I::splat(1));
    }
    let r2 = r * r;
    let s = (r2 * r).mul_add(poly(r2, &SIN_P), r);
    let c = r2.mul_add(poly(r2, &COS_Q).mul_add(r2, V::splat(-0.5)), V::splat(1.0));
    let one = V::I::splat(1);
    let res = V::select(V::ieq(q.and(one), one), c, s);
    let mut res = res.xor(V::from_bits(q.and(V::I::splat(2)).shl::<30>()));
    if !COS {
        res = res.xor(x.sign());
    }
    let big = V::mnot(a.le(V::splat(SINCOS_MAX)));
    if V::any(big) {
        res = patch_scalar(x, res, big, if COS { libm::cosf } else { libm::sinf });
    }
    res
}

#[inline(always)]
pub(crate) fn sin<V: Vf32>(x: V) -> V {
    sincos::<V, false>(x)
}

#[inline(always)]
pub(crate) fn cos<V: Vf32>(x: V) -> V {
    sincos::<V, true>(x)
}
