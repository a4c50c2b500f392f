//! Fast Fourier transforms of any smooth length on `etk_simd`'s vector layer, the mechanics
//! behind the optimized `_fft_r2c` and `_fft_c2r`.
//!
//! - A [`Plan`] factors the length into radices 4, 2, 3, 5 and the other primes up to
//!   [`MAX_PRIME`] (a plain DFT butterfly, O(p) per output), and holds every stage's twiddle
//!   factors, computed in f64 from exactly reduced angles and rounded once to the transform's
//!   precision (portable's `Cx::root`). Lengths with a larger prime factor are declined (the
//!   kernels fall back to portable's Bluestein).
//! - A transform runs on a *block* of `S::LANES` lines at once: element `e` of the block is two
//!   vectors (the real parts of every line, then the imaginary parts) at `e * 2 * LANES`, so
//!   every butterfly is vector arithmetic whatever the length and the radix, with no shuffles.
//!   The stages are Stockham's (out of place between two buffers, no bit reversal): the stage
//!   of radix `p` that turns transforms of length `m` into ones of length `m p` computes, for
//!   `s = n / (m p)`, `a < s`, `k < m`, `q < p`,
//!   `out[(k + q m) s + a] = sum_r W_{mp}^{r k} in[k s p + r s + a] W_p^{r q}`
//!   (decimation in time with the natural order at both ends).
//! - [`lines`] gathers lines of a tensor into blocks (two real lines as the real and imaginary
//!   parts of one complex line for the real transforms) and scatters the results.
//!
//! Float transforms run in f32 and Double ones in f64, as ATen's (pocketfft) do; the results
//! differ from portable's (f64 throughout) by the rounding of the f32 arithmetic, within the
//! conformance suite's FFT tolerance.

pub mod lines;

use etk_core::context::bytemuck_like::{AnyBits, Zeroable};
use etk_core::{Result, Scratch};
use etk_portable::util::fft::Cx;
use etk_simd::{Kernel, Level, Simd, dispatch};

/// The largest prime factor a length may have (its butterfly is a plain DFT).
pub const MAX_PRIME: usize = 64;

/// The most stages a plan has (a length of `usize` has at most 64 prime factors).
const MAX_STAGES: usize = 64;

/// The precision of a transform: `f32` on `S::F32` lanes, `f64` on `S::F64` lanes (both
/// `S::LANES` wide).
#[allow(clippy::missing_safety_doc)]
pub trait Real:
    Copy
    + Default
    + Send
    + Sync
    + Zeroable
    + AnyBits
    + core::ops::Add<Output = Self>
    + core::ops::Sub<Output = Self>
    + core::ops::Mul<Output = Self>
    + 'static
{
    type V<S: Simd>: Copy;
    fn from_f64(x: f64) -> Self;
    fn splat<S: Simd>(s: S, x: Self) -> Self::V<S>;
    unsafe fn load<S: Simd>(s: S, p: *const Self) -> Self::V<S>;
    unsafe fn store<S: Simd>(s: S, p: *mut Self, v: Self::V<S>);
    fn vadd<S: Simd>(s: S, a: Self::V<S>, b: Self::V<S>) -> Self::V<S>;
    fn vsub<S: Simd>(s: S, a: Self::V<S>, b: Self::V<S>) -> Self::V<S>;
    fn vmul<S: Simd>(s: S, a: Self::V<S>, b: Self::V<S>) -> Self::V<S>;
}

impl Real for f32 {
    type V<S: Simd> = S::F32;
    #[inline(always)]
    fn from_f64(x: f64) -> f32 {
        x as f32
    }
    #[inline(always)]
    fn splat<S: Simd>(s: S, x: f32) -> S::F32 {
        s.splat(x)
    }
    #[inline(always)]
    unsafe fn load<S: Simd>(s: S, p: *const f32) -> S::F32 {
        // SAFETY: the caller's.
        unsafe { s.load(p) }
    }
    #[inline(always)]
    unsafe fn store<S: Simd>(s: S, p: *mut f32, v: S::F32) {
        // SAFETY: the caller's.
        unsafe { s.store(p, v) }
    }
    #[inline(always)]
    fn vadd<S: Simd>(s: S, a: S::F32, b: S::F32) -> S::F32 {
        s.add(a, b)
    }
    #[inline(always)]
    fn vsub<S: Simd>(s: S, a: S::F32, b: S::F32) -> S::F32 {
        s.sub(a, b)
    }
    #[inline(always)]
    fn vmul<S: Simd>(s: S, a: S::F32, b: S::F32) -> S::F32 {
        s.mul(a, b)
    }
}

impl Real for f64 {
    type V<S: Simd> = S::F64;
    #[inline(always)]
    fn from_f64(x: f64) -> f64 {
        x
    }
    #[inline(always)]
    fn splat<S: Simd>(s: S, x: f64) -> S::F64 {
        s.splat_f64(x)
    }
    #[inline(always)]
    unsafe fn load<S: Simd>(s: S, p: *const f64) -> S::F64 {
        // SAFETY: the caller's.
        unsafe { s.load_f64(p) }
    }
    #[inline(always)]
    unsafe fn store<S: Simd>(s: S, p: *mut f64, v: S::F64) {
        // SAFETY: the caller's.
        unsafe { s.store_f64(p, v) }
    }
    #[inline(always)]
    fn vadd<S: Simd>(s: S, a: S::F64, b: S::F64) -> S::F64 {
        s.add_f64(a, b)
    }
    #[inline(always)]
    fn vsub<S: Simd>(s: S, a: S::F64, b: S::F64) -> S::F64 {
        s.sub_f64(a, b)
    }
    #[inline(always)]
    fn vmul<S: Simd>(s: S, a: S::F64, b: S::F64) -> S::F64 {
        s.mul_f64(a, b)
    }
}

/// Lines per block at `level` (`S::LANES`).
pub fn lanes(level: Level) -> usize {
    struct Lanes;
    impl Kernel for Lanes {
        type Output = usize;
        fn run<S: Simd>(self, _: S) -> usize {
            S::LANES
        }
    }
    dispatch(level, Lanes)
}

/// An upper bound of the scratch bytes a transform over dims of `lengths` (one stage each, of
/// values of `real_size` bytes) takes on `threads` threads at `level`, with an intermediate
/// array of `data` bytes; `None` on overflow.
pub fn scratch_bytes(
    level: Level,
    threads: usize,
    lengths: impl Iterator<Item = usize>,
    data: usize,
    real_size: usize,
) -> Option<usize> {
    let lanes = lanes(level);
    let mut values = 0usize;
    for n in lengths {
        // the plan's table (twiddles and plain-DFT roots: at most 4n values) and the tasks'
        // blocks, each allocation padded to 64 bytes
        let table = n.checked_mul(4)?.checked_add(64)?;
        let room = lines::task_room(n, lanes).checked_mul(threads.max(1))?;
        values = values
            .checked_add(table)?
            .checked_add(room)?
            .checked_add(64)?;
    }
    values
        .checked_mul(real_size)?
        .checked_add(data)?
        .checked_add(64)
}

/// One stage: radix `p`, turning transforms of length `m` into ones of length `m p`; its
/// twiddles `W_{mp}^{r k}` (`0 < r < p`, `k < m`) at `tw + 2 (k (p - 1) + r - 1)` and, for a
/// plain-DFT radix, `cos, sin(2 pi j / p)` at `roots + 2 j`.
#[derive(Clone, Copy, Default)]
struct Stage {
    p: usize,
    m: usize,
    tw: usize,
    roots: usize,
}

/// A transform of one length and direction, ready to run on any number of blocks.
pub struct Plan<'s, R: Real> {
    n: usize,
    inverse: bool,
    stages: [Stage; MAX_STAGES],
    count: usize,
    /// The twiddles and roots of every stage (real and imaginary parts interleaved).
    table: &'s [R],
    /// The largest plain-DFT radix (0 if none): its block needs that many elements of room.
    generic: usize,
}

/// The radices of `n`, fours first, in `out`; `None` when a prime factor exceeds
/// [`MAX_PRIME`].
fn factor(mut n: usize, out: &mut [usize; MAX_STAGES]) -> Option<usize> {
    let mut k = 0;
    while n.is_multiple_of(4) {
        out[k] = 4;
        k += 1;
        n /= 4;
    }
    let mut p = 2;
    while n > 1 {
        if p > MAX_PRIME {
            return None;
        }
        while n.is_multiple_of(p) {
            out[k] = p;
            k += 1;
            n /= p;
        }
        p += 1;
    }
    Some(k)
}

/// Whether [`Plan::new`] takes a length.
pub fn supported(n: usize) -> bool {
    n >= 1 && factor(n, &mut [0; MAX_STAGES]).is_some()
}

impl<'s, R: Real> Plan<'s, R> {
    /// The plan of length `n >= 1` (a [`supported`] one), its tables from `scratch`.
    pub fn new(
        op: &'static str,
        scratch: &'s Scratch<'_>,
        n: usize,
        inverse: bool,
    ) -> Result<Plan<'s, R>> {
        let mut radices = [0; MAX_STAGES];
        let count = factor(n, &mut radices).unwrap_or(0);
        let mut stages = [Stage::default(); MAX_STAGES];
        let mut len = 2 * n.saturating_sub(1);
        let mut generic = 0;
        for &p in &radices[..count] {
            if !matches!(p, 2..=5) {
                len += 2 * p;
                generic = generic.max(p);
            }
        }
        let table = scratch.alloc_for_overwrite::<R>(op, len)?;
        let root = |num: usize, den: usize| {
            let w = Cx::root(num % den, den);
            if inverse { w.conj() } else { w }
        };
        let (mut m, mut at) = (1, 0);
        for (st, &p) in stages.iter_mut().zip(&radices[..count]) {
            st.p = p;
            st.m = m;
            st.tw = at;
            for k in 0..m {
                for r in 1..p {
                    let w = root(r * k, m * p);
                    table[at] = R::from_f64(w.re);
                    table[at + 1] = R::from_f64(w.im);
                    at += 2;
                }
            }
            if !matches!(p, 2..=5) {
                st.roots = at;
                for j in 0..p {
                    // cos and sin of the positive angle: the butterfly applies the direction
                    let w = Cx::root(j, p);
                    table[at] = R::from_f64(w.re);
                    table[at + 1] = R::from_f64(-w.im);
                    at += 2;
                }
            }
            m *= p;
        }
        Ok(Plan {
            n,
            inverse,
            stages,
            count,
            table,
            generic,
        })
    }

    /// The length.
    pub fn length(&self) -> usize {
        self.n
    }

    /// Elements (of `2 LANES` values) a block buffer of this plan needs: the line, and room for
    /// a plain-DFT butterfly's sums and differences.
    pub fn block_elems(&self) -> usize {
        self.n.max(self.generic)
    }
}

/// `LANES` complex numbers: the real parts and the imaginary parts.
#[derive(Clone, Copy)]
struct Cv<V> {
    re: V,
    im: V,
}

#[inline(always)]
fn cadd<S: Simd, R: Real>(s: S, a: Cv<R::V<S>>, b: Cv<R::V<S>>) -> Cv<R::V<S>> {
    Cv {
        re: R::vadd(s, a.re, b.re),
        im: R::vadd(s, a.im, b.im),
    }
}

#[inline(always)]
fn csub<S: Simd, R: Real>(s: S, a: Cv<R::V<S>>, b: Cv<R::V<S>>) -> Cv<R::V<S>> {
    Cv {
        re: R::vsub(s, a.re, b.re),
        im: R::vsub(s, a.im, b.im),
    }
}

#[inline(always)]
fn cmul<S: Simd, R: Real>(s: S, a: Cv<R::V<S>>, w: Cv<R::V<S>>) -> Cv<R::V<S>> {
    Cv {
        re: R::vsub(s, R::vmul(s, a.re, w.re), R::vmul(s, a.im, w.im)),
        im: R::vadd(s, R::vmul(s, a.re, w.im), R::vmul(s, a.im, w.re)),
    }
}

/// Two outputs of a butterfly.
type Pair<S, R> = (Cv<<R as Real>::V<S>>, Cv<<R as Real>::V<S>>);

/// `(a - i e, a + i e)`: the outputs `q` and `p - q` of a forward butterfly whose `q`-th
/// output is `a + i sigma e` (`sigma = -1`); swapped for the inverse (`sigma = 1`).
#[inline(always)]
fn pair<S: Simd, R: Real>(s: S, a: Cv<R::V<S>>, e: Cv<R::V<S>>, inverse: bool) -> Pair<S, R> {
    let minus = Cv {
        re: R::vadd(s, a.re, e.im),
        im: R::vsub(s, a.im, e.re),
    };
    let plus = Cv {
        re: R::vsub(s, a.re, e.im),
        im: R::vadd(s, a.im, e.re),
    };
    if inverse {
        (plus, minus)
    } else {
        (minus, plus)
    }
}

#[inline(always)]
fn scale<S: Simd, R: Real>(s: S, c: R::V<S>, a: Cv<R::V<S>>) -> Cv<R::V<S>> {
    Cv {
        re: R::vmul(s, c, a.re),
        im: R::vmul(s, c, a.im),
    }
}

#[inline(always)]
fn splat<S: Simd, R: Real>(s: S, x: f64) -> R::V<S> {
    R::splat(s, R::from_f64(x))
}

/// The DFT of `t` (2 to 5 entries) in place.
#[inline(always)]
fn butterfly<S: Simd, R: Real>(s: S, t: &mut [Cv<R::V<S>>], inverse: bool) {
    // (no closures around vector code: they would be compiled without the level's features)
    match t.len() {
        2 => {
            let (a, b) = (t[0], t[1]);
            t[0] = cadd::<S, R>(s, a, b);
            t[1] = csub::<S, R>(s, a, b);
        }
        3 => {
            // cos(2 pi / 3) = -1/2, sin(2 pi / 3) = sqrt(3) / 2
            let sum = cadd::<S, R>(s, t[1], t[2]);
            let a = csub::<S, R>(s, t[0], scale::<S, R>(s, splat::<S, R>(s, 0.5), sum));
            let e = scale::<S, R>(
                s,
                splat::<S, R>(s, 0.866_025_403_784_438_6),
                csub::<S, R>(s, t[1], t[2]),
            );
            t[0] = cadd::<S, R>(s, t[0], sum);
            (t[1], t[2]) = pair::<S, R>(s, a, e, inverse);
        }
        4 => {
            let u0 = cadd::<S, R>(s, t[0], t[2]);
            let u1 = csub::<S, R>(s, t[0], t[2]);
            let v0 = cadd::<S, R>(s, t[1], t[3]);
            let v1 = csub::<S, R>(s, t[1], t[3]);
            t[0] = cadd::<S, R>(s, u0, v0);
            t[2] = csub::<S, R>(s, u0, v0);
            (t[1], t[3]) = pair::<S, R>(s, u1, v1, inverse);
        }
        _ => {
            // c1, s1 = cos, sin(2 pi / 5); c2, s2 = cos, sin(4 pi / 5)
            let c1 = splat::<S, R>(s, 0.309_016_994_374_947_45);
            let s1 = splat::<S, R>(s, 0.951_056_516_295_153_5);
            let c2 = splat::<S, R>(s, -0.809_016_994_374_947_5);
            let s2 = splat::<S, R>(s, 0.587_785_252_292_473_1);
            let p1 = cadd::<S, R>(s, t[1], t[4]);
            let d1 = csub::<S, R>(s, t[1], t[4]);
            let p2 = cadd::<S, R>(s, t[2], t[3]);
            let d2 = csub::<S, R>(s, t[2], t[3]);
            let lin1 = cadd::<S, R>(s, scale::<S, R>(s, c1, p1), scale::<S, R>(s, c2, p2));
            let lin2 = cadd::<S, R>(s, scale::<S, R>(s, c2, p1), scale::<S, R>(s, c1, p2));
            let a1 = cadd::<S, R>(s, t[0], lin1);
            let a2 = cadd::<S, R>(s, t[0], lin2);
            let e1 = cadd::<S, R>(s, scale::<S, R>(s, s1, d1), scale::<S, R>(s, s2, d2));
            let e2 = csub::<S, R>(s, scale::<S, R>(s, s2, d1), scale::<S, R>(s, s1, d2));
            t[0] = cadd::<S, R>(s, t[0], cadd::<S, R>(s, p1, p2));
            (t[1], t[4]) = pair::<S, R>(s, a1, e1, inverse);
            (t[2], t[3]) = pair::<S, R>(s, a2, e2, inverse);
        }
    }
}

/// Loads block element `e` of `base`.
///
/// # Safety
/// `base` holds element `e` (`2 LANES` values from `e * 2 LANES`).
#[inline(always)]
unsafe fn get<S: Simd, R: Real>(s: S, base: *const R, e: usize) -> Cv<R::V<S>> {
    // SAFETY: the caller's.
    unsafe {
        let p = base.add(e * 2 * S::LANES);
        Cv {
            re: R::load(s, p),
            im: R::load(s, p.add(S::LANES)),
        }
    }
}

/// Stores block element `e` of `base`.
///
/// # Safety
/// As [`get`], writable.
#[inline(always)]
unsafe fn put<S: Simd, R: Real>(s: S, base: *mut R, e: usize, v: Cv<R::V<S>>) {
    // SAFETY: the caller's.
    unsafe {
        let p = base.add(e * 2 * S::LANES);
        R::store(s, p, v.re);
        R::store(s, p.add(S::LANES), v.im);
    }
}

/// The twiddle `j` of a stage's table at `tw`, splatted.
#[inline(always)]
fn twiddle<S: Simd, R: Real>(s: S, table: &[R], at: usize) -> Cv<R::V<S>> {
    Cv {
        re: R::splat(s, table[at]),
        im: R::splat(s, table[at + 1]),
    }
}

/// One stage of radix `P` (2 to 5) from block `src` to block `dst`.
///
/// # Safety
/// `src` and `dst` hold the plan's `n` elements each and do not overlap.
#[inline(always)]
unsafe fn stage_small<S: Simd, R: Real, const P: usize>(
    s: S,
    plan: &Plan<'_, R>,
    st: Stage,
    src: *const R,
    dst: *mut R,
) {
    let m = st.m;
    let sa = plan.n / (m * P);
    let one = Cv {
        re: R::splat(s, R::from_f64(1.0)),
        im: R::splat(s, R::from_f64(0.0)),
    };
    for k in 0..m {
        let mut w = [one; P];
        for (r, wr) in w.iter_mut().enumerate().skip(1) {
            *wr = twiddle::<S, R>(s, plan.table, st.tw + 2 * (k * (P - 1) + r - 1));
        }
        for a in 0..sa {
            let mut t = [one; P];
            for (r, tr) in t.iter_mut().enumerate() {
                // SAFETY: `k s P + r s + a < n`.
                *tr = unsafe { get::<S, R>(s, src, k * sa * P + r * sa + a) };
                if k > 0 && r > 0 {
                    *tr = cmul::<S, R>(s, *tr, w[r]);
                }
            }
            butterfly::<S, R>(s, &mut t[..], plan.inverse);
            for (q, tq) in t.iter().enumerate() {
                // SAFETY: `(k + q m) s + a < n`.
                unsafe { put::<S, R>(s, dst, (k + q * m) * sa + a, *tq) };
            }
        }
    }
}

/// One stage of an odd prime radix `p` (a plain DFT over the pairs `r, p - r`), from `src` to
/// `dst`; `tmp` holds `p` elements for the twiddled inputs' sums and differences.
///
/// # Safety
/// As [`stage_small`]; `tmp` holds `p` elements and overlaps neither.
#[inline(always)]
unsafe fn stage_prime<S: Simd, R: Real>(
    s: S,
    plan: &Plan<'_, R>,
    st: Stage,
    src: *const R,
    dst: *mut R,
    tmp: *mut R,
) {
    let (p, m) = (st.p, st.m);
    let h = p / 2;
    let sa = plan.n / (m * p);
    let zero = R::splat(s, R::from_f64(0.0));
    for k in 0..m {
        for a in 0..sa {
            // SAFETY (the loads and stores): indices below `n` in `src` / `dst`, below `p`
            // in `tmp`, as in `stage_small`.
            let at = |r: usize| k * sa * p + r * sa + a;
            let tw = |r: usize| st.tw + 2 * (k * (p - 1) + r - 1);
            let t0 = unsafe { get::<S, R>(s, src, at(0)) };
            let mut y0 = t0;
            for r in 1..=h {
                let mut x = unsafe { get::<S, R>(s, src, at(r)) };
                let mut y = unsafe { get::<S, R>(s, src, at(p - r)) };
                if k > 0 {
                    x = cmul::<S, R>(s, x, twiddle::<S, R>(s, plan.table, tw(r)));
                    y = cmul::<S, R>(s, y, twiddle::<S, R>(s, plan.table, tw(p - r)));
                }
                let sum = cadd::<S, R>(s, x, y);
                y0 = cadd::<S, R>(s, y0, sum);
                unsafe {
                    put::<S, R>(s, tmp, r, sum);
                    put::<S, R>(s, tmp, p - r, csub::<S, R>(s, x, y));
                }
            }
            unsafe { put::<S, R>(s, dst, k * sa + a, y0) };
            for q in 1..=h {
                let mut a_ = t0;
                let mut e = Cv { re: zero, im: zero };
                for r in 1..=h {
                    let j = st.roots + 2 * ((r * q) % p);
                    let (c, sn) = (R::splat(s, plan.table[j]), R::splat(s, plan.table[j + 1]));
                    let (sum, diff) =
                        unsafe { (get::<S, R>(s, tmp, r), get::<S, R>(s, tmp, p - r)) };
                    a_ = cadd::<S, R>(s, a_, scale::<S, R>(s, c, sum));
                    e = cadd::<S, R>(s, e, scale::<S, R>(s, sn, diff));
                }
                let (yq, yp) = pair::<S, R>(s, a_, e, plan.inverse);
                unsafe {
                    put::<S, R>(s, dst, (k + q * m) * sa + a, yq);
                    put::<S, R>(s, dst, (k + (p - q) * m) * sa + a, yp);
                }
            }
        }
    }
}

/// Transforms the block in `a` (the plan's length), using `b` and `tmp` as room; returns the
/// buffer holding the result (`a` or `b`).
///
/// # Safety
/// `a` and `b` hold [`Plan::block_elems`] elements each, `tmp` the plan's largest plain-DFT
/// radix; none overlap.
#[inline(always)]
unsafe fn transform<S: Simd, R: Real>(
    s: S,
    plan: &Plan<'_, R>,
    a: *mut R,
    b: *mut R,
    tmp: *mut R,
) -> *mut R {
    let (mut src, mut dst) = (a, b);
    for &st in &plan.stages[..plan.count] {
        // SAFETY: the caller's.
        unsafe {
            match st.p {
                2 => stage_small::<S, R, 2>(s, plan, st, src, dst),
                3 => stage_small::<S, R, 3>(s, plan, st, src, dst),
                4 => stage_small::<S, R, 4>(s, plan, st, src, dst),
                5 => stage_small::<S, R, 5>(s, plan, st, src, dst),
                _ => stage_prime::<S, R>(s, plan, st, src, dst, tmp),
            }
        }
        core::mem::swap(&mut src, &mut dst);
    }
    src
}
