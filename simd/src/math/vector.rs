//! The vector abstraction the math kernels are written against, once, generically.
//!
//! `Vf32` is implemented by a 16-lane AVX-512 type and an 8-lane AVX2 type. Every method is
//! `#[inline(always)]` and compiles to one or a few instructions once it is inlined into a
//! `#[target_feature]` kernel.
//!
//! Safety invariant (crate-internal): values of the implementing types exist, and their methods
//! run, only inside kernels that are called after run-time detection of the ISA they need.
//! Nothing here is exported.

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
    #[inline(always)]
    fn abs_min_lossy(self, c: Self) -> Self {
        self.abs_min(c)
    }
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
    #[inline(always)]
    fn ldexp(self, n: Self) -> Self {
        // Two exact power-of-two factors, each within the normal range: only the second
        // multiplication rounds, so overflow and gradual underflow come out right.
        let k = n.to_int();
        let k1 = k.sra::<1>();
        let k2 = k.sub(k1);
        let bias = Self::I::splat(127);
        let s1 = Self::from_bits(k1.add(bias).shl::<23>());
        let s2 = Self::from_bits(k2.add(bias).shl::<23>());
        self * s1 * s2
    }
    /// `2^n` for integral `n` in `[-126, 127]`.
    #[inline(always)]
    fn pow2(n: Self) -> Self {
        Self::from_bits(n.to_int().add(Self::I::splat(127)).shl::<23>())
    }
    /// `(self - k, k)` with `k = round(self)` (ties to even) as an integer, for `|self| < 2^22`.
    #[inline(always)]
    fn split_round(self) -> (Self, Self::I) {
        let magic = Self::splat(ROUND_MAGIC);
        let m = self + magic;
        let k = m - magic;
        // The low 22 bits of `m` hold `k` (two's complement); only low bits are used.
        (self - k, m.to_bits())
    }
    /// `(self - k / 2^S, k)` with `k = round(self * 2^S)` (ties to even), for `S` in `{2, 3}`
    /// and `0 <= self * 2^S < 2^22`; only the low bits of the integer are meaningful.
    #[inline(always)]
    fn frac_index<const S: i32>(self) -> (Self, Self::I) {
        let scale = (1 << S) as f32;
        let magic = Self::splat(ROUND_MAGIC);
        let m = self.mul_add(Self::splat(scale), magic);
        let k = m - magic;
        (k.neg_mul_add(Self::splat(1.0 / scale), self), m.to_bits())
    }
    /// Table lookup by the low 3 bits of `idx`.
    fn lut8(table: &[f32; 8], idx: Self::I) -> Self;
    /// Table lookup by the low 4 bits of `idx`.
    fn lut16(table: &[f32; 16], idx: Self::I) -> Self;
    /// Table lookup by the low 5 bits of `idx` (here two 16-entry lookups and a select, for
    /// levels whose kernels do not use it: `LUT32` false).
    #[inline(always)]
    fn lut32(table: &[f32; 32], idx: Self::I) -> Self {
        let (lo, hi) = table.split_at(16);
        let a = Self::lut16(lo.try_into().unwrap_or(&[0.0; 16]), idx);
        let b = Self::lut16(hi.try_into().unwrap_or(&[0.0; 16]), idx);
        let bit4 = Self::I::splat(16);
        Self::select(Self::ieq(idx.and(bit4), bit4), b, a)
    }
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
    fn frac_index<const S: i32>(self) -> (Self, Self::I) {
        let (a, i) = self.0.frac_index::<S>();
        let (b, j) = self.1.frac_index::<S>();
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
