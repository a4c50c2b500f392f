//! The arithmetic of the optimized pointwise ops, written once over [`Simd`] (f32 lanes) and
//! over native integers. Every body computes exactly what the portable kernel computes per
//! element (same operations, same order, no FMA), so results are bit-identical except where an
//! op is documented to use `etk_simd`'s vector math.

use super::frame::{BinaryOp, CompareOp, Int, IntCompare, IntOp, IntUnary, UnaryOp, map_lanes};
use super::half::FloatKind;
use etk_portable::ops::elu::Coefficients;
use etk_simd::{Simd, UnaryFn};

/// `a + b`.
#[derive(Clone, Copy, Debug)]
pub struct Add;
impl BinaryOp for Add {
    #[inline(always)]
    fn apply<S: Simd>(self, s: S, a: S::F32, b: S::F32) -> S::F32 {
        s.add(a, b)
    }
}

/// `a + alpha * b` (multiplied, then added: two roundings, as portable).
#[derive(Clone, Copy, Debug)]
pub struct AddScaled(pub f32);
impl BinaryOp for AddScaled {
    #[inline(always)]
    fn apply<S: Simd>(self, s: S, a: S::F32, b: S::F32) -> S::F32 {
        s.add(a, s.mul(s.splat(self.0), b))
    }
}

/// `a - b`.
#[derive(Clone, Copy, Debug)]
pub struct Sub;
impl BinaryOp for Sub {
    #[inline(always)]
    fn apply<S: Simd>(self, s: S, a: S::F32, b: S::F32) -> S::F32 {
        s.sub(a, b)
    }
}

/// `a * b`.
#[derive(Clone, Copy, Debug)]
pub struct Mul;
impl BinaryOp for Mul {
    #[inline(always)]
    fn apply<S: Simd>(self, s: S, a: S::F32, b: S::F32) -> S::F32 {
        s.mul(a, b)
    }
}

/// `a / b` (IEEE: `x / 0` is ±inf or NaN).
#[derive(Clone, Copy, Debug)]
pub struct Div;
impl BinaryOp for Div {
    const COST: usize = 2;
    #[inline(always)]
    fn apply<S: Simd>(self, s: S, a: S::F32, b: S::F32) -> S::F32 {
        s.div(a, b)
    }
}

/// `x / b` for one divisor `b`: [`Div`]'s quotient, bit for bit, with the division replaced
/// by a multiplication and an FMA correction where that is exact (see [`Simd::div_by`]). A binary op whose second operand is always `b` (the frame
/// still walks it as one value, so the loop is the binary frame's).
#[derive(Clone, Copy, Debug)]
pub struct DivBy {
    b: f32,
    r: f32,
    lo: f32,
    hi: f32,
}
impl DivBy {
    /// For a divisor whose reciprocal is comfortably normal; `None` for the others (zero,
    /// inf, NaN, huge or tiny), which [`Div`] handles.
    pub fn new(b: f32) -> Option<DivBy> {
        // 2^e for a normal exponent
        let pow2 = |e: i32| f32::from_bits(((127 + e) as u32) << 23);
        let m = b.abs();
        if !(pow2(-60)..=pow2(60)).contains(&m) {
            return None;
        }
        // |a| and |a / b| both within [2^-90, 2^120] (with a factor 2 to spare for the
        // rounding of q): the remainder `a - q b` is then exact and nothing overflows.
        let lo = pow2(-90).max(pow2(-89) * m);
        let hi = pow2(120).min(pow2(119) * m);
        Some(DivBy {
            b,
            r: 1.0 / b,
            lo,
            hi,
        })
    }
}
impl BinaryOp for DivBy {
    const COST: usize = 2;
    #[inline(always)]
    fn apply<S: Simd>(self, s: S, a: S::F32, _b: S::F32) -> S::F32 {
        let (b, r) = (s.splat(self.b), s.splat(self.r));
        s.div_by(a, b, r, s.splat(self.lo), s.splat(self.hi))
    }
}

/// `trunc(a / b)` (`div` with rounding_mode "trunc" on Float: one rounding, then exact).
#[derive(Clone, Copy, Debug)]
pub struct DivTrunc;
impl BinaryOp for DivTrunc {
    const COST: usize = 2;
    #[inline(always)]
    fn apply<S: Simd>(self, s: S, a: S::F32, b: S::F32) -> S::F32 {
        s.trunc(s.div(a, b))
    }
}

/// `maximum`: NaN if either is NaN, else `a < b ? b : a`.
#[derive(Clone, Copy, Debug)]
pub struct Max;
impl BinaryOp for Max {
    #[inline(always)]
    fn apply<S: Simd>(self, s: S, a: S::F32, b: S::F32) -> S::F32 {
        let m = s.select(s.lt(a, b), b, a);
        let m = s.select(s.is_nan(b), b, m);
        s.select(s.is_nan(a), a, m)
    }
}

/// `minimum`: NaN if either is NaN, else `b < a ? b : a`.
#[derive(Clone, Copy, Debug)]
pub struct Min;
impl BinaryOp for Min {
    #[inline(always)]
    fn apply<S: Simd>(self, s: S, a: S::F32, b: S::F32) -> S::F32 {
        let m = s.select(s.lt(b, a), b, a);
        let m = s.select(s.is_nan(b), b, m);
        s.select(s.is_nan(a), a, m)
    }
}

/// The six comparisons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

/// A comparison as a [`CompareOp`] / [`IntCompare`] body: `C` is the [`Cmp`] as a number so
/// each comparison compiles to its own loop.
#[derive(Clone, Copy, Debug)]
pub struct Compare<const C: u8>;

impl Cmp {
    pub const fn code(self) -> u8 {
        self as u8
    }

    /// The comparison whose [`Cmp::code`] is `c`.
    pub const fn of_code(c: u8) -> Cmp {
        match c {
            0 => Cmp::Eq,
            1 => Cmp::Ne,
            2 => Cmp::Lt,
            3 => Cmp::Le,
            4 => Cmp::Gt,
            _ => Cmp::Ge,
        }
    }
}

impl<const C: u8> CompareOp for Compare<C> {
    #[inline(always)]
    fn apply<S: Simd>(self, s: S, a: S::F32, b: S::F32) -> S::Mask {
        match C {
            0 => s.eq(a, b),
            1 => s.ne(a, b),
            2 => s.lt(a, b),
            3 => s.le(a, b),
            4 => s.lt(b, a),
            _ => s.le(b, a),
        }
    }
}

impl<const C: u8> IntCompare for Compare<C> {
    #[inline(always)]
    fn apply<T: Int>(self, a: T, b: T) -> bool {
        match C {
            0 => a == b,
            1 => a != b,
            2 => a < b,
            3 => a <= b,
            4 => a > b,
            _ => a >= b,
        }
    }
}

/// Integer `a + b`, `a - b` and `a + c * b`, wrapping (as portable's i64 arithmetic truncated
/// to the dtype). Three ops rather than one with a branch on `c`, which the compiler would
/// either keep in the loop or answer by compiling the loop three times.
#[derive(Clone, Copy, Debug)]
pub struct IAdd;
impl IntOp for IAdd {
    #[inline(always)]
    fn apply<T: Int>(self, a: T, b: T) -> T {
        a.wadd(b)
    }
}

#[derive(Clone, Copy, Debug)]
pub struct ISub;
impl IntOp for ISub {
    #[inline(always)]
    fn apply<T: Int>(self, a: T, b: T) -> T {
        a.wsub(b)
    }
}

#[derive(Clone, Copy, Debug)]
pub struct IAddScaled(pub i64);
impl IntOp for IAddScaled {
    #[inline(always)]
    fn apply<T: Int>(self, a: T, b: T) -> T {
        a.wadd(T::trunc(self.0).wmul(b))
    }
}

/// Integer `a * b`, wrapping.
#[derive(Clone, Copy, Debug)]
pub struct IMul;
impl IntOp for IMul {
    #[inline(always)]
    fn apply<T: Int>(self, a: T, b: T) -> T {
        a.wmul(b)
    }
}

/// Integer maximum / minimum.
#[derive(Clone, Copy, Debug)]
pub struct IMax;
impl IntOp for IMax {
    #[inline(always)]
    fn apply<T: Int>(self, a: T, b: T) -> T {
        if a < b { b } else { a }
    }
}

#[derive(Clone, Copy, Debug)]
pub struct IMin;
impl IntOp for IMin {
    #[inline(always)]
    fn apply<T: Int>(self, a: T, b: T) -> T {
        if b < a { b } else { a }
    }
}

/// `etk_simd`'s vector math over a run (≤ 2–4 ULP, see `etk_simd::math`).
#[derive(Clone, Copy, Debug)]
pub struct Math(pub UnaryFn);
impl UnaryOp for Math {
    const COST: usize = 8;
    const LANEWISE: bool = false;
    #[inline(always)]
    unsafe fn run<S: Simd>(self, s: S, x: *const f32, out: *mut f32, n: usize) {
        // SAFETY: the frame's pointers are valid for `n` floats and do not overlap.
        unsafe { s.unary_run(self.0, x, out, n) }
    }
    #[inline(always)]
    unsafe fn run_half<S: Simd>(
        self,
        s: S,
        kind: FloatKind,
        x: *const u8,
        out: *mut u8,
        n: usize,
    ) -> bool {
        match kind {
            // SAFETY: the frame's pointers are valid for `n` elements and do not overlap.
            FloatKind::F16 => unsafe {
                s.unary_run_f16(self.0, x as *const u16, out as *mut u16, n)
            },
            // BFloat16 fused was slower (see `run_f16` in etk-simd's math/mod.rs).
            FloatKind::Bf16 | FloatKind::F32 => return false,
        }
        true
    }
}

/// `gelu(approximate="none")` as portable's Float kernel computes it at the extremes:
/// `etk_simd`'s `x Φ(x)`, except `+inf` gives NaN and values above `f32::MAX / 2` overflow to
/// `+inf` (portable evaluates `x * (1 + erf(x / √2)) * 0.5`).
#[derive(Clone, Copy, Debug)]
pub struct GeluErf;
impl UnaryOp for GeluErf {
    const COST: usize = 8;
    const LANEWISE: bool = false;
    #[inline(always)]
    unsafe fn run_half<S: Simd>(
        self,
        s: S,
        kind: FloatKind,
        x: *const u8,
        out: *mut u8,
        n: usize,
    ) -> bool {
        // SAFETY: as `Math::run_half`; `x` and `out` do not overlap.
        unsafe {
            if !Math(UnaryFn::GeluErf).run_half(s, kind, x, out, n) {
                return false;
            }
            GeluErf::fix_f16(
                core::slice::from_raw_parts(x as *const u16, n),
                core::slice::from_raw_parts_mut(out as *mut u16, n),
            );
        }
        true
    }
    #[inline(always)]
    unsafe fn run<S: Simd>(self, s: S, x: *const f32, out: *mut f32, n: usize) {
        // One pass, the extremes fixed in registers: two vectors at a time, whose kernels the
        // core overlaps (a separate fix-up pass over the out cost a fifth of the call).
        let big = s.splat(f32::MAX / 2.0);
        let inf = s.splat(f32::INFINITY);
        let nan = s.splat(f32::NAN);
        // SAFETY: the frame's pointers are valid for `n` floats and do not overlap.
        unsafe {
            map_lanes(
                s,
                x,
                out,
                n,
                #[inline(always)]
                |v| {
                    let y = s.unary(UnaryFn::GeluErf, v);
                    // +inf is above f32::MAX / 2 too; neither occurs in practice.
                    let huge = s.lt(big, v);
                    if !s.any(huge) {
                        return y;
                    }
                    let y = s.select(huge, inf, y);
                    s.select(s.eq(v, inf), nan, y)
                },
            )
        }
    }
}

/// `elu` as portable computes it: `x < 0 ? expm1(x * input_scale) * (alpha * scale) :
/// x * scale` (zeros take the second branch, as in ATen), with `etk_simd`'s expm1.
#[derive(Clone, Copy, Debug)]
pub struct Elu(pub Coefficients<f32>);
impl UnaryOp for Elu {
    const COST: usize = 8;
    const LANEWISE: bool = false;
    #[inline(always)]
    unsafe fn run<S: Simd>(self, s: S, x: *const f32, out: *mut f32, n: usize) {
        let (neg, pos, ipt) = (
            s.splat(self.0.negcoef),
            s.splat(self.0.poscoef),
            s.splat(self.0.negiptcoef),
        );
        let zero = s.splat(0.0);
        // One pass, two vectors at a time (see `GeluErf::run`).
        // SAFETY: the frame's pointers are valid for `n` floats and do not overlap.
        unsafe {
            map_lanes(
                s,
                x,
                out,
                n,
                #[inline(always)]
                |v| {
                    let e = s.unary(UnaryFn::Expm1, s.mul(v, ipt));
                    s.select(s.lt(v, zero), s.mul(e, neg), s.mul(v, pos))
                },
            )
        }
    }
}

impl GeluErf {
    /// The fix-up of [`GeluErf`] on Half bits: `+inf` gives NaN (no Half value is above
    /// `f32::MAX / 2`).
    fn fix_f16(x: &[u16], out: &mut [u16]) {
        // a store on every element, so that the loop is vectorized.
        for (o, &x) in out.iter_mut().zip(x) {
            *o = if x == 0x7c00 { 0x7e00 } else { *o };
        }
    }
}

/// Square root within 1 ulp (correctly rounded below AVX-512), as ATen's Float kernel.
#[derive(Clone, Copy, Debug)]
pub struct Sqrt;
impl UnaryOp for Sqrt {
    const COST: usize = 2;
    const LANEWISE: bool = true;
    #[inline(always)]
    fn lanes<S: Simd>(self, s: S, v: S::F32) -> S::F32 {
        s.sqrt_1ulp(v)
    }
}

/// `1 / sqrt(x)` within 1.5 ulp (below AVX-512: a correctly rounded square root, then a
/// division, as portable).
#[derive(Clone, Copy, Debug)]
pub struct Rsqrt;
impl UnaryOp for Rsqrt {
    const COST: usize = 3;
    const LANEWISE: bool = true;
    #[inline(always)]
    fn lanes<S: Simd>(self, s: S, v: S::F32) -> S::F32 {
        s.rsqrt_1ulp(v)
    }
}

/// `-x` (and integer wrapping negation).
#[derive(Clone, Copy, Debug)]
pub struct Neg;
impl UnaryOp for Neg {
    const LANEWISE: bool = true;
    #[inline(always)]
    fn lanes<S: Simd>(self, s: S, v: S::F32) -> S::F32 {
        s.neg(v)
    }
}
impl IntUnary for Neg {
    #[inline(always)]
    fn apply<T: Int>(self, x: T) -> T {
        x.wneg()
    }
}

/// `|x|` (and integer wrapping absolute value).
#[derive(Clone, Copy, Debug)]
pub struct Abs;
impl UnaryOp for Abs {
    const LANEWISE: bool = true;
    #[inline(always)]
    fn lanes<S: Simd>(self, s: S, v: S::F32) -> S::F32 {
        s.abs(v)
    }
}
impl IntUnary for Abs {
    #[inline(always)]
    fn apply<T: Int>(self, x: T) -> T {
        x.wabs()
    }
}

/// `min(max(x, lo), hi)` as portable's `clamp_value`: `y = x < lo ? lo : x`, then
/// `hi < y ? hi : y` (NaN `x` stays, `-0.0` clamped by `0.0` stays `-0.0`). Those are exactly
/// x86's `maxps(lo, x)` and `minps(hi, y)` ([`Simd::max`], [`Simd::min`] at every level): one
/// instruction each instead of a compare and a blend.
#[derive(Clone, Copy, Debug)]
pub struct Clamp {
    pub lo: f32,
    pub hi: f32,
}
impl UnaryOp for Clamp {
    const LANEWISE: bool = true;
    #[inline(always)]
    fn lanes<S: Simd>(self, s: S, v: S::F32) -> S::F32 {
        s.min(s.splat(self.hi), s.max(s.splat(self.lo), v))
    }
}

/// `x > 0 ? x : x * slope` (`leaky_relu`).
#[derive(Clone, Copy, Debug)]
pub struct LeakyRelu(pub f32);
impl UnaryOp for LeakyRelu {
    const LANEWISE: bool = true;
    #[inline(always)]
    fn lanes<S: Simd>(self, s: S, v: S::F32) -> S::F32 {
        s.select(s.lt(s.zero(), v), v, s.mul(v, s.splat(self.0)))
    }
}

/// [`Clamp`] without an upper bound (`relu`, `clamp(min=)`): `x < lo ? lo : x`.
#[derive(Clone, Copy, Debug)]
pub struct ClampMin(pub f32);
impl UnaryOp for ClampMin {
    const LANEWISE: bool = true;
    #[inline(always)]
    fn lanes<S: Simd>(self, s: S, v: S::F32) -> S::F32 {
        s.max(s.splat(self.0), v)
    }
}

/// Integer clamp, as [`Clamp`].
#[derive(Clone, Copy, Debug)]
pub struct IClamp {
    pub lo: i64,
    pub hi: i64,
}
impl IntUnary for IClamp {
    #[inline(always)]
    fn apply<T: Int>(self, x: T) -> T {
        // absent bounds are i64::MIN / MAX, which become the dtype's own limits; given bounds
        // fit the dtype (portable checks them), so they stay. Comparing in the dtype keeps the
        // loop at its vector width.
        let lo = T::trunc(self.lo.max(T::MIN));
        let hi = T::trunc(self.hi.min(T::MAX));
        x.max(lo).min(hi)
    }
}
