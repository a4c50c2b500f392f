//! The math kernels' view of the one vector layer: [`Vf32`] / [`Vi32`] are the operator-style
//! vocabulary `kernels.rs` is written in, implemented once, generically, by [`Lane`] (one
//! vector of any [`MathSimd`] level) and by [`Pair`] (two vectors interleaved). No per-level
//! code is here: that lives in [`Simd`] and, for what only the math needs (register table
//! lookups, AVX-512's `vscalefps` / `vreduceps` / `vrangeps`), in the [`MathSimd`] extension.
//!
//! Safety invariant (crate-internal): `Lane` values exist, and their methods run, only inside
//! the math drivers, which are reached through a token of their level (so the level is
//! supported); that is what makes conjuring the token in the static methods sound.

use core::ops::{Add, Mul, Sub};

/// 1.5 * 2^23: adding it rounds a float below 2^22 in magnitude to an integer held in the low
/// mantissa bits.
pub(crate) const ROUND_MAGIC: f32 = 12_582_912.0;

/// Lanes of `i32`, used for bit manipulation (exponents, indices, quadrants).
pub(crate) trait Vi32: Copy {
    fn splat(v: i32) -> Self;
    fn add(self, o: Self) -> Self;
    fn sub(self, o: Self) -> Self;
    fn and(self, o: Self) -> Self;
    /// Logical left shift by a constant.
    fn shl<const N: i32>(self) -> Self;
    /// Arithmetic right shift by a constant.
    fn sra<const N: i32>(self) -> Self;
}

/// Lanes of `f32`.
pub(crate) trait Vf32:
    Copy + Add<Output = Self> + Sub<Output = Self> + Mul<Output = Self>
{
    /// A per-lane boolean.
    type M: Copy;
    /// Lanes of `i32` with the same count.
    type I: Vi32;
    const LANES: usize;
    /// Whether [`Vf32::lut32`] is a single instruction (then kernels prefer 32-entry tables).
    const LUT32: bool;
    /// Whether `ldexp` is one instruction (AVX-512's `vscalefps`), so kernels need no cheaper
    /// form for normal results.
    const SCALEF: bool = false;

    fn splat(v: f32) -> Self;
    /// # Safety
    /// `p` must be valid for reading `LANES` floats.
    unsafe fn load(p: *const f32) -> Self;
    /// # Safety
    /// `p` must be valid for writing `LANES` floats.
    unsafe fn store(self, p: *mut f32);

    /// `self * b + c` with one rounding.
    fn mul_add(self, b: Self, c: Self) -> Self;
    /// `c - self * b` with one rounding.
    fn neg_mul_add(self, b: Self, c: Self) -> Self;
    /// `n / d`, within about half an ulp more than correct rounding, for finite normal `d`
    /// (a reciprocal estimate refined by Newton steps, or a true division).
    fn div(self, d: Self) -> Self;
    /// `self / d` correctly rounded (the division instruction): where the divider is fast
    /// enough that [`Vf32::div`]'s estimate and correction cost more.
    fn div_exact(self, d: Self) -> Self;
    /// x86 `min`: returns `o` when either operand is NaN. Put the value whose NaN must survive
    /// second.
    fn min(self, o: Self) -> Self;
    /// x86 `max`: returns `o` when either operand is NaN.
    fn max(self, o: Self) -> Self;
    fn abs(self) -> Self;
    /// `min(|self|, c)` for a non-NaN `c`; NaN lanes of `self` stay NaN.
    #[inline(always)]
    fn abs_min(self, c: Self) -> Self {
        // `min` returns its second operand, the NaN, when `|self|` is NaN. (AVX-512's vrangeps
        // would be one instruction, but it drops quiet NaNs: it serves `abs_min_lossy`.)
        c.min(self.abs())
    }
    /// `min(|self|, c)` for a non-NaN `c`, where a NaN lane may come out as anything (for
    /// callers that multiply by `self` at the end, which restores the NaN).
    fn abs_min_lossy(self, c: Self) -> Self;
    /// The sign bit only (`self & -0.0`).
    fn sign(self) -> Self;
    fn xor(self, o: Self) -> Self;
    fn or(self, o: Self) -> Self;
    /// Round to nearest, ties to even.
    fn round(self) -> Self;

    fn lt(self, o: Self) -> Self::M;
    fn le(self, o: Self) -> Self::M;
    fn gt(self, o: Self) -> Self::M;
    fn ge(self, o: Self) -> Self::M;
    fn eq(self, o: Self) -> Self::M;
    fn is_nan(self) -> Self::M;
    /// `m ? a : b` per lane.
    fn select(m: Self::M, a: Self, b: Self) -> Self;
    fn any(m: Self::M) -> bool;
    fn mand(a: Self::M, b: Self::M) -> Self::M;
    fn mnot(a: Self::M) -> Self::M;
    /// Lanes where `i` equals `o`.
    fn ieq(i: Self::I, o: Self::I) -> Self::M;

    fn to_bits(self) -> Self::I;
    fn from_bits(i: Self::I) -> Self;
    /// Convert to `i32`, rounding to nearest.
    fn to_int(self) -> Self::I;
    fn from_int(i: Self::I) -> Self;

    /// `self * 2^n` for integral `n` in `[-300, 300]`, rounded once: overflow gives ±inf and
    /// results below the normal range are correctly rounded subnormals or zero.
    fn ldexp(self, n: Self) -> Self;
    /// `2^n` for integral `n` in `[-126, 127]`.
    fn pow2(n: Self) -> Self;
    /// `(self - k, k)` with `k = round(self)` (ties to even) as an integer, for `|self| < 2^22`.
    fn split_round(self) -> (Self, Self::I);
    /// `(self - k / 2^B, k)` with `k = round(self * 2^B)` (ties to even), for `B` in `{2, 3}`
    /// and `0 <= self * 2^B < 2^22`; only the low bits of the integer are meaningful.
    fn frac_index<const B: i32>(self) -> (Self, Self::I);
    /// Table lookup by the low 3 bits of `idx`.
    fn lut8(table: &[f32; 8], idx: Self::I) -> Self;
    /// Table lookup by the low 4 bits of `idx`.
    fn lut16(table: &[f32; 16], idx: Self::I) -> Self;
    /// Table lookup by the low 5 bits of `idx`.
    fn lut32(table: &[f32; 32], idx: Self::I) -> Self;
}

/// Two vectors processed as one, every operation issued for both halves side by side.
///
/// The kernels are long dependency chains (a table lookup feeding a Horner polynomial); one
/// vector per loop iteration leaves the out-of-order window too small to overlap iterations on
/// cores with a small FP scheduler (Zen 3 runs AVX2 erf at about 37 cycles per vector, a third
/// of its throughput bound). Interleaving two independent chains at the instruction level
/// roughly halves that without touching the kernels.
#[derive(Clone, Copy)]
pub(crate) struct Pair<V>(pub(crate) V, pub(crate) V);

impl<I: Vi32> Vi32 for Pair<I> {
    #[inline(always)]
    fn splat(v: i32) -> Self {
        Pair(I::splat(v), I::splat(v))
    }
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        Pair(self.0.add(o.0), self.1.add(o.1))
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        Pair(self.0.sub(o.0), self.1.sub(o.1))
    }
    #[inline(always)]
    fn and(self, o: Self) -> Self {
        Pair(self.0.and(o.0), self.1.and(o.1))
    }
    #[inline(always)]
    fn shl<const N: i32>(self) -> Self {
        Pair(self.0.shl::<N>(), self.1.shl::<N>())
    }
    #[inline(always)]
    fn sra<const N: i32>(self) -> Self {
        Pair(self.0.sra::<N>(), self.1.sra::<N>())
    }
}

impl<V: Vf32> Add for Pair<V> {
    type Output = Self;
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        Pair(self.0 + o.0, self.1 + o.1)
    }
}

impl<V: Vf32> Sub for Pair<V> {
    type Output = Self;
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        Pair(self.0 - o.0, self.1 - o.1)
    }
}

impl<V: Vf32> Mul for Pair<V> {
    type Output = Self;
    #[inline(always)]
    fn mul(self, o: Self) -> Self {
        Pair(self.0 * o.0, self.1 * o.1)
    }
}

/// `Pair(f(a.0, b.0, ...), f(a.1, b.1, ...))` for the methods of `Vf32` that map lane-wise.
macro_rules! pair_map {
    ($($name:ident($($arg:ident),*);)*) => {$(
        #[inline(always)]
        fn $name(self $(, $arg: Self)*) -> Self {
            Pair(self.0.$name($($arg.0),*), self.1.$name($($arg.1),*))
        }
    )*};
}

/// Likewise for the comparisons, which return a mask per half.
macro_rules! pair_cmp {
    ($($name:ident),*) => {$(
        #[inline(always)]
        fn $name(self, o: Self) -> Self::M {
            Pair(self.0.$name(o.0), self.1.$name(o.1))
        }
    )*};
}

impl<V: Vf32> Vf32 for Pair<V> {
    type M = Pair<V::M>;
    type I = Pair<V::I>;
    const LANES: usize = 2 * V::LANES;
    const LUT32: bool = V::LUT32;
    const SCALEF: bool = V::SCALEF;

    #[inline(always)]
    fn splat(v: f32) -> Self {
        Pair(V::splat(v), V::splat(v))
    }
    #[inline(always)]
    unsafe fn load(p: *const f32) -> Self {
        // SAFETY: `p` is valid for `2 * V::LANES` floats.
        unsafe { Pair(V::load(p), V::load(p.add(V::LANES))) }
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut f32) {
        // SAFETY: as `load`.
        unsafe {
            self.0.store(p);
            self.1.store(p.add(V::LANES));
        }
    }
    pair_map! {
        mul_add(b, c);
        neg_mul_add(b, c);
        div(d);
        div_exact(d);
        min(o);
        max(o);
        abs();
        abs_min(c);
        abs_min_lossy(c);
        sign();
        xor(o);
        or(o);
        round();
        ldexp(n);
    }
    pair_cmp!(lt, le, gt, ge, eq);
    #[inline(always)]
    fn is_nan(self) -> Self::M {
        Pair(self.0.is_nan(), self.1.is_nan())
    }
    #[inline(always)]
    fn select(m: Self::M, a: Self, b: Self) -> Self {
        Pair(V::select(m.0, a.0, b.0), V::select(m.1, a.1, b.1))
    }
    #[inline(always)]
    fn any(m: Self::M) -> bool {
        V::any(m.0) || V::any(m.1)
    }
    #[inline(always)]
    fn mand(a: Self::M, b: Self::M) -> Self::M {
        Pair(V::mand(a.0, b.0), V::mand(a.1, b.1))
    }
    #[inline(always)]
    fn mnot(a: Self::M) -> Self::M {
        Pair(V::mnot(a.0), V::mnot(a.1))
    }
    #[inline(always)]
    fn ieq(i: Self::I, o: Self::I) -> Self::M {
        Pair(V::ieq(i.0, o.0), V::ieq(i.1, o.1))
    }
    #[inline(always)]
    fn to_bits(self) -> Self::I {
        Pair(self.0.to_bits(), self.1.to_bits())
    }
    #[inline(always)]
    fn from_bits(i: Self::I) -> Self {
        Pair(V::from_bits(i.0), V::from_bits(i.1))
    }
    #[inline(always)]
    fn to_int(self) -> Self::I {
        Pair(self.0.to_int(), self.1.to_int())
    }
    #[inline(always)]
    fn from_int(i: Self::I) -> Self {
        Pair(V::from_int(i.0), V::from_int(i.1))
    }
    #[inline(always)]
    fn pow2(n: Self) -> Self {
        Pair(V::pow2(n.0), V::pow2(n.1))
    }
    #[inline(always)]
    fn split_round(self) -> (Self, Self::I) {
        let (a, i) = self.0.split_round();
        let (b, j) = self.1.split_round();
        (Pair(a, b), Pair(i, j))
    }
    #[inline(always)]
    fn frac_index<const B: i32>(self) -> (Self, Self::I) {
        let (a, i) = self.0.frac_index::<B>();
        let (b, j) = self.1.frac_index::<B>();
        (Pair(a, b), Pair(i, j))
    }
    #[inline(always)]
    fn lut8(table: &[f32; 8], idx: Self::I) -> Self {
        Pair(V::lut8(table, idx.0), V::lut8(table, idx.1))
    }
    #[inline(always)]
    fn lut16(table: &[f32; 16], idx: Self::I) -> Self {
        Pair(V::lut16(table, idx.0), V::lut16(table, idx.1))
    }
    #[inline(always)]
    fn lut32(table: &[f32; 32], idx: Self::I) -> Self {
        Pair(V::lut32(table, idx.0), V::lut32(table, idx.1))
    }
}

/// What only the math needs from a level, beyond [`Simd`]: register table lookups and the
/// AVX-512 instructions that do a kernel step at once. The defaults are the generic forms.
pub(crate) trait MathSimd: Simd {
    /// Whether [`MathSimd::lut32`] is a single instruction (then kernels prefer 32-entry
    /// tables).
    const LUT32: bool;
    /// Whether `ldexp` is one instruction (AVX-512's `vscalefps`).
    const SCALEF: bool = false;
    /// Whether the slice drivers interleave two vectors ([`Pair`]): for cores whose FP
    /// scheduler is too small to overlap one long chain per iteration.
    const PAIR: bool;

    /// `table[idx & 7]` per lane.
    fn lut8(self, table: &[f32; 8], idx: Self::I32) -> Self::F32;
    /// `table[idx & 15]` per lane.
    fn lut16(self, table: &[f32; 16], idx: Self::I32) -> Self::F32;
    /// `table[idx & 31]` per lane (here two 16-entry lookups and a select, for levels whose
    /// kernels do not use it: `LUT32` false).
    #[inline(always)]
    fn lut32(self, table: &[f32; 32], idx: Self::I32) -> Self::F32 {
        let (lo, hi) = table.split_at(16);
        let a = self.lut16(lo.try_into().unwrap_or(&[0.0; 16]), idx);
        let b = self.lut16(hi.try_into().unwrap_or(&[0.0; 16]), idx);
        let bit4 = self.splat_i32(16);
        self.select(self.eq_i32(self.and_i32(idx, bit4), bit4), b, a)
    }
    /// `n / d` within about half an ulp more than correct rounding, for finite normal `d`.
    #[inline(always)]
    fn div_fast(self, n: Self::F32, d: Self::F32) -> Self::F32 {
        self.div(n, d)
    }
    /// `min(|x|, c)` for a non-NaN `c`, a NaN lane coming out as anything.
    #[inline(always)]
    fn abs_min_lossy(self, x: Self::F32, c: Self::F32) -> Self::F32 {
        // `min` returns its second operand, the NaN, when `|x|` is NaN.
        self.min(c, self.abs(x))
    }
    /// See [`Vf32::ldexp`]: two exact power-of-two factors, each within the normal range, so
    /// only the second multiplication rounds and overflow and gradual underflow come out right.
    #[inline(always)]
    fn ldexp(self, x: Self::F32, n: Self::F32) -> Self::F32 {
        let k = self.to_i32_round(n);
        let k1 = self.sra_i32::<1>(k);
        let k2 = self.sub_i32(k, k1);
        let bias = self.splat_i32(127);
        let s1 = self.from_bits(self.shl_i32::<23>(self.add_i32(k1, bias)));
        let s2 = self.from_bits(self.shl_i32::<23>(self.add_i32(k2, bias)));
        self.mul(self.mul(x, s1), s2)
    }
    /// `2^n` for integral `n` in `[-126, 127]`.
    #[inline(always)]
    fn pow2(self, n: Self::F32) -> Self::F32 {
        let e = self.add_i32(self.to_i32_round(n), self.splat_i32(127));
        self.from_bits(self.shl_i32::<23>(e))
    }
    /// See [`Vf32::split_round`].
    #[inline(always)]
    fn split_round(self, x: Self::F32) -> (Self::F32, Self::I32) {
        let magic = self.splat(ROUND_MAGIC);
        let m = self.add(x, magic);
        let k = self.sub(m, magic);
        // The low 22 bits of `m` hold `k` (two's complement); only low bits are used.
        (self.sub(x, k), self.to_bits(m))
    }
    /// See [`Vf32::frac_index`].
    #[inline(always)]
    fn frac_index<const B: i32>(self, x: Self::F32) -> (Self::F32, Self::I32) {
        let scale = (1 << B) as f32;
        let magic = self.splat(ROUND_MAGIC);
        let m = self.mul_add(x, self.splat(scale), magic);
        let k = self.sub(m, magic);
        (
            self.neg_mul_add(k, self.splat(1.0 / scale), x),
            self.to_bits(m),
        )
    }
}

use crate::vector::Simd;

/// The token of `S`, for the static methods of [`Vf32`].
#[inline(always)]
fn tok<S: Simd>() -> S {
    // SAFETY: the module's invariant: only reached inside a driver entered with a token.
    unsafe { S::assume() }
}

/// One vector of a level, for the math kernels.
pub(crate) struct Lane<S: Simd>(pub(crate) S::F32);
/// Lanes of `i32` of a level.
pub(crate) struct LaneI<S: Simd>(pub(crate) S::I32);

impl<S: Simd> Clone for Lane<S> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}
impl<S: Simd> Copy for Lane<S> {}
impl<S: Simd> Clone for LaneI<S> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}
impl<S: Simd> Copy for LaneI<S> {}

impl<S: Simd> Vi32 for LaneI<S> {
    #[inline(always)]
    fn splat(v: i32) -> Self {
        LaneI(tok::<S>().splat_i32(v))
    }
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        LaneI(tok::<S>().add_i32(self.0, o.0))
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        LaneI(tok::<S>().sub_i32(self.0, o.0))
    }
    #[inline(always)]
    fn and(self, o: Self) -> Self {
        LaneI(tok::<S>().and_i32(self.0, o.0))
    }
    #[inline(always)]
    fn shl<const N: i32>(self) -> Self {
        LaneI(tok::<S>().shl_i32::<N>(self.0))
    }
    #[inline(always)]
    fn sra<const N: i32>(self) -> Self {
        LaneI(tok::<S>().sra_i32::<N>(self.0))
    }
}

impl<S: Simd> Add for Lane<S> {
    type Output = Self;
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        Lane(tok::<S>().add(self.0, o.0))
    }
}

impl<S: Simd> Sub for Lane<S> {
    type Output = Self;
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        Lane(tok::<S>().sub(self.0, o.0))
    }
}

impl<S: Simd> Mul for Lane<S> {
    type Output = Self;
    #[inline(always)]
    fn mul(self, o: Self) -> Self {
        Lane(tok::<S>().mul(self.0, o.0))
    }
}

impl<S: MathSimd> Vf32 for Lane<S> {
    type M = S::Mask;
    type I = LaneI<S>;
    const LANES: usize = S::LANES;
    const LUT32: bool = S::LUT32;
    const SCALEF: bool = S::SCALEF;

    #[inline(always)]
    fn splat(v: f32) -> Self {
        Lane(tok::<S>().splat(v))
    }
    #[inline(always)]
    unsafe fn load(p: *const f32) -> Self {
        Lane(unsafe { tok::<S>().load(p) })
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut f32) {
        unsafe { tok::<S>().store(p, self.0) }
    }
    #[inline(always)]
    fn mul_add(self, b: Self, c: Self) -> Self {
        Lane(tok::<S>().mul_add(self.0, b.0, c.0))
    }
    #[inline(always)]
    fn neg_mul_add(self, b: Self, c: Self) -> Self {
        Lane(tok::<S>().neg_mul_add(self.0, b.0, c.0))
    }
    #[inline(always)]
    fn div(self, d: Self) -> Self {
        Lane(tok::<S>().div_fast(self.0, d.0))
    }
    #[inline(always)]
    fn div_exact(self, d: Self) -> Self {
        Lane(tok::<S>().div(self.0, d.0))
    }
    #[inline(always)]
    fn min(self, o: Self) -> Self {
        Lane(tok::<S>().min(self.0, o.0))
    }
    #[inline(always)]
    fn max(self, o: Self) -> Self {
        Lane(tok::<S>().max(self.0, o.0))
    }
    #[inline(always)]
    fn abs(self) -> Self {
        Lane(tok::<S>().abs(self.0))
    }
    #[inline(always)]
    fn abs_min_lossy(self, c: Self) -> Self {
        Lane(tok::<S>().abs_min_lossy(self.0, c.0))
    }
    #[inline(always)]
    fn sign(self) -> Self {
        let s = tok::<S>();
        Lane(s.and(self.0, s.splat(-0.0)))
    }
    #[inline(always)]
    fn xor(self, o: Self) -> Self {
        Lane(tok::<S>().xor(self.0, o.0))
    }
    #[inline(always)]
    fn or(self, o: Self) -> Self {
        Lane(tok::<S>().or(self.0, o.0))
    }
    #[inline(always)]
    fn round(self) -> Self {
        Lane(tok::<S>().round(self.0))
    }
    #[inline(always)]
    fn lt(self, o: Self) -> S::Mask {
        tok::<S>().lt(self.0, o.0)
    }
    #[inline(always)]
    fn le(self, o: Self) -> S::Mask {
        tok::<S>().le(self.0, o.0)
    }
    #[inline(always)]
    fn gt(self, o: Self) -> S::Mask {
        tok::<S>().gt(self.0, o.0)
    }
    #[inline(always)]
    fn ge(self, o: Self) -> S::Mask {
        tok::<S>().ge(self.0, o.0)
    }
    #[inline(always)]
    fn eq(self, o: Self) -> S::Mask {
        tok::<S>().eq(self.0, o.0)
    }
    #[inline(always)]
    fn is_nan(self) -> S::Mask {
        tok::<S>().is_nan(self.0)
    }
    #[inline(always)]
    fn select(m: S::Mask, a: Self, b: Self) -> Self {
        Lane(tok::<S>().select(m, a.0, b.0))
    }
    #[inline(always)]
    fn any(m: S::Mask) -> bool {
        tok::<S>().any(m)
    }
    #[inline(always)]
    fn mand(a: S::Mask, b: S::Mask) -> S::Mask {
        tok::<S>().mask_and(a, b)
    }
    #[inline(always)]
    fn mnot(a: S::Mask) -> S::Mask {
        tok::<S>().mask_not(a)
    }
    #[inline(always)]
    fn ieq(i: LaneI<S>, o: LaneI<S>) -> S::Mask {
        tok::<S>().eq_i32(i.0, o.0)
    }
    #[inline(always)]
    fn to_bits(self) -> LaneI<S> {
        LaneI(tok::<S>().to_bits(self.0))
    }
    #[inline(always)]
    fn from_bits(i: LaneI<S>) -> Self {
        Lane(tok::<S>().from_bits(i.0))
    }
    #[inline(always)]
    fn to_int(self) -> LaneI<S> {
        LaneI(tok::<S>().to_i32_round(self.0))
    }
    #[inline(always)]
    fn from_int(i: LaneI<S>) -> Self {
        Lane(tok::<S>().from_i32(i.0))
    }
    #[inline(always)]
    fn ldexp(self, n: Self) -> Self {
        Lane(tok::<S>().ldexp(self.0, n.0))
    }
    #[inline(always)]
    fn pow2(n: Self) -> Self {
        Lane(tok::<S>().pow2(n.0))
    }
    #[inline(always)]
    fn split_round(self) -> (Self, LaneI<S>) {
        let (a, i) = tok::<S>().split_round(self.0);
        (Lane(a), LaneI(i))
    }
    #[inline(always)]
    fn frac_index<const B: i32>(self) -> (Self, LaneI<S>) {
        let (a, i) = tok::<S>().frac_index::<B>(self.0);
        (Lane(a), LaneI(i))
    }
    #[inline(always)]
    fn lut8(table: &[f32; 8], idx: LaneI<S>) -> Self {
        Lane(tok::<S>().lut8(table, idx.0))
    }
    #[inline(always)]
    fn lut16(table: &[f32; 16], idx: LaneI<S>) -> Self {
        Lane(tok::<S>().lut16(table, idx.0))
    }
    #[inline(always)]
    fn lut32(table: &[f32; 32], idx: LaneI<S>) -> Self {
        Lane(tok::<S>().lut32(table, idx.0))
    }
}
