//! Batch norm's affine `x * alpha[c] + beta[c]` over a region of the out, and what follows it
//! in the chain (a clamp; the add of a residual, then a clamp) on each vector while it is in
//! registers: the same instructions on the same values as the steps one after the other, so
//! the same bits, without storing and reloading the values in between.

use super::step::{Bin, Src, Step, Un};
use crate::pointwise::UnaryOp;
use crate::pointwise::bodies::{Add, Clamp};
use crate::pointwise::frame::BinaryOp;
use etk_simd::{MAX_LANES, Simd};

/// Batch norm's parameters per channel. Each list is followed by its first `MAX_LANES` values
/// again (repeating when there are fewer channels than lanes), so where the channels follow
/// one another in memory (channels-last, `inner == 1`) the parameters of the vector starting
/// at channel `ch` are one load at `ch`, for any `ch` below the channel count.
#[derive(Clone, Debug)]
pub(super) struct Channels {
    alpha: Vec<f32>,
    beta: Vec<f32>,
    channels: usize,
    /// Elements one channel's run spans in memory (1: the channels follow one another).
    inner: usize,
}

impl Channels {
    pub(super) fn new(alpha: &[f32], beta: &[f32], inner: usize) -> Channels {
        let channels = alpha.len();
        let wrapped = |v: &[f32]| -> Vec<f32> {
            if v.is_empty() {
                return Vec::new();
            }
            (0..v.len() + MAX_LANES).map(|i| v[i % v.len()]).collect()
        };
        Channels {
            alpha: wrapped(alpha),
            beta: wrapped(beta),
            channels,
            inner: inner.max(1),
        }
    }

    /// The parameters of the channel holding element `o` of the out.
    pub(super) fn at(&self, o: usize) -> (f32, f32) {
        let ch = o / self.inner % self.channels;
        (self.alpha[ch], self.beta[ch])
    }

    pub(super) fn inner(&self) -> usize {
        self.inner
    }
}

/// A program that is batch norm's affine, then at most the add of an operand laid out as the
/// out, then at most a clamp: it runs in one pass, in registers.
#[derive(Clone, Copy, Debug)]
pub(super) struct Pass {
    pub x: Src,
    /// The add's other operand, and whether it is the add's first argument.
    pub add: Option<(Src, bool)>,
    pub clamp: Option<Clamp>,
}

impl Pass {
    /// The pass the steps are, if they are one.
    pub(super) fn find(steps: &[Step]) -> Option<Pass> {
        let elements = |s: &Src| matches!(s, Src::Out | Src::Same(_));
        let Some(Step::Affine { x, .. }) = steps.first() else {
            return None;
        };
        if !elements(x) {
            return None;
        }
        let mut pass = Pass {
            x: *x,
            add: None,
            clamp: None,
        };
        let mut k = 1;
        if let Some(Step::Binary(Bin::Add, a, b)) = steps.get(k) {
            let at0 = Src::Step(0);
            pass.add = Some(match (*a == at0, *b == at0) {
                (true, false) if elements(b) => (*b, false),
                (false, true) if elements(a) => (*a, true),
                _ => return None,
            });
            k += 1;
        }
        if let Some(Step::Unary(Un::Clamp(c), x)) = steps.get(k) {
            if *x != Src::Step((k - 1) as u8) {
                return None;
            }
            pass.clamp = Some(*c);
            k += 1;
        }
        (k == steps.len()).then_some(pass)
    }
}

/// What follows the affine on each vector.
pub(super) trait After: Copy {
    /// `y`: the affine's result for the `m` elements from `i` (relative to the region).
    ///
    /// # Safety
    /// The operands the value reads hold elements `i..i + m`.
    unsafe fn lanes<S: Simd>(self, s: S, y: S::F32, i: usize, m: usize) -> S::F32;
}

/// Nothing: the affine is the last step.
#[derive(Clone, Copy)]
pub(super) struct Alone;

impl After for Alone {
    #[inline(always)]
    unsafe fn lanes<S: Simd>(self, _: S, y: S::F32, _: usize, _: usize) -> S::F32 {
        y
    }
}

impl After for Clamp {
    #[inline(always)]
    unsafe fn lanes<S: Simd>(self, s: S, y: S::F32, _: usize, _: usize) -> S::F32 {
        UnaryOp::lanes(self, s, y)
    }
}

/// The add of an operand at the same offsets as the region (`first`: the operand is the
/// add's first argument), then `then`.
#[derive(Clone, Copy)]
pub(super) struct AddThen<C> {
    pub other: *const f32,
    pub first: bool,
    pub then: C,
}

impl<C: After> After for AddThen<C> {
    #[inline(always)]
    unsafe fn lanes<S: Simd>(self, s: S, y: S::F32, i: usize, m: usize) -> S::F32 {
        // SAFETY: the caller's.
        let r = unsafe { load(s, self.other.add(i), m) };
        let v = if self.first {
            Add.apply(s, r, y)
        } else {
            Add.apply(s, y, r)
        };
        // SAFETY: the caller's.
        unsafe { self.then.lanes(s, v, i, m) }
    }
}

/// `dst = after(x * alpha[c] + beta[c])` over the `n` elements from offset `o` of the out.
///
/// # Safety
/// `x` and `dst` hold `n` floats, as do the operands `after` reads; `dst` is `x` itself or
/// apart from it, and from the operands (each vector is loaded before it is stored).
#[inline(always)]
pub(super) unsafe fn pass<S: Simd, A: After>(
    s: S,
    params: &Channels,
    x: *const f32,
    o: usize,
    dst: *mut f32,
    n: usize,
    after: A,
) {
    let (l, c, inner) = (S::LANES, params.channels, params.inner);
    if c == 0 {
        return;
    }
    if inner == 1 {
        let (alpha, beta) = (params.alpha.as_ptr(), params.beta.as_ptr());
        // the channel of the vector's first element; a vector later it is `advance` further
        let (mut ch, advance) = (o % c, l % c);
        let mut i = 0;
        while i < n {
            let m = l.min(n - i);
            // SAFETY: `ch < c` and the lists hold `c + MAX_LANES` floats; the rest the
            // caller's.
            unsafe {
                let (a, b) = (load(s, alpha.add(ch), m), load(s, beta.add(ch), m));
                vector(s, x, (a, b), dst, i, m, after);
            }
            ch += advance;
            if ch >= c {
                ch -= c;
            }
            i += m;
        }
        return;
    }
    let mut i = 0;
    while i < n {
        let at = o + i;
        let run_end = i + (inner - at % inner).min(n - i);
        let ch = at / inner % c;
        let (a, b) = (s.splat(params.alpha[ch]), s.splat(params.beta[ch]));
        while i + l <= run_end {
            // SAFETY: the caller's, on elements below `run_end <= n`.
            unsafe { vector(s, x, (a, b), dst, i, l, after) };
            i += l;
        }
        if i < run_end {
            // SAFETY: as above.
            unsafe { vector(s, x, (a, b), dst, i, run_end - i, after) };
            i = run_end;
        }
    }
}

/// The `m <= LANES` elements from `i`.
///
/// # Safety
/// As [`pass`], for elements `i..i + m`.
#[inline(always)]
unsafe fn vector<S: Simd, A: After>(
    s: S,
    x: *const f32,
    (a, b): (S::F32, S::F32),
    dst: *mut f32,
    i: usize,
    m: usize,
    after: A,
) {
    // SAFETY: the caller's.
    unsafe {
        let y = s.add(s.mul(load(s, x.add(i), m), a), b);
        let y = after.lanes(s, y, i, m);
        if m == S::LANES {
            s.store(dst.add(i), y)
        } else {
            s.store_n(dst.add(i), m, y)
        }
    }
}

/// `m <= LANES` floats from `p`.
///
/// # Safety
/// `p` holds `m` floats.
#[inline(always)]
unsafe fn load<S: Simd>(s: S, p: *const f32, m: usize) -> S::F32 {
    // SAFETY: the caller's.
    unsafe {
        if m == S::LANES {
            s.load(p)
        } else {
            s.load_n(p, m)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use etk_simd::{Kernel, Level};

    struct Case<'a> {
        params: &'a Channels,
        x: &'a [f32],
        r: &'a [f32],
        out: &'a mut [f32],
        o: usize,
    }

    impl Kernel for Case<'_> {
        type Output = ();
        fn run<S: Simd>(self, s: S) {
            let n = self.out.len();
            let c = Clamp { lo: -0.5, hi: 1.0 };
            let then = AddThen {
                other: self.r.as_ptr(),
                first: self.o % 2 == 1,
                then: c,
            };
            let (x, dst) = (self.x.as_ptr(), self.out.as_mut_ptr());
            // SAFETY: every slice holds `n` floats.
            unsafe { pass(s, self.params, x, self.o, dst, n, then) };
        }
    }

    #[test]
    fn every_region_start_and_channel_count_at_every_level() {
        for &level in Level::available_levels() {
            for c in [1, 2, 3, 5, 16, 17, 33] {
                for inner in [1, 2, 7, 40] {
                    let alpha: Vec<f32> = (0..c).map(|i| 0.5 + i as f32 * 0.25).collect();
                    let beta: Vec<f32> = (0..c).map(|i| i as f32 * -0.125).collect();
                    let params = Channels::new(&alpha, &beta, inner);
                    for (o, n) in [(0, 1), (1, 37), (c + 2, 16), (inner * c - 1, 70), (3, 0)] {
                        let x: Vec<f32> = (0..n).map(|i| (i as f32 * 0.37).sin()).collect();
                        let r: Vec<f32> = (0..n).map(|i| (i as f32 * 0.11).cos()).collect();
                        let mut out = vec![f32::NAN; n];
                        let case = Case {
                            params: &params,
                            x: &x,
                            r: &r,
                            out: &mut out,
                            o,
                        };
                        etk_simd::dispatch(level, case);
                        for i in 0..n {
                            let ch = (o + i) / inner % c;
                            let y = x[i] * alpha[ch] + beta[ch];
                            // (either side: the same sum)
                            let y = y + r[i];
                            let want = y.clamp(-0.5, 1.0);
                            assert_eq!(out[i], want, "{level:?} c {c} inner {inner} o {o} i {i}");
                        }
                    }
                }
            }
        }
    }
}
