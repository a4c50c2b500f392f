//! Depthwise convolution (`groups == C_in == C_out`) with channels-last input and out, in
//! Float, Half and BFloat16, written once on the vector layer (`etk_simd::Simd`, every level):
//! one vector of channels per output position, summed over the taps in registers.
//!
//! Each output vector is portable's sum — from zero, one multiply then one add per tap (no
//! FMA), the taps in `(kh, kw)` order and those in the padding skipped, then the bias — so the
//! results are portable's bit for bit (Half and BFloat16 widened exactly, rounded once).
//! Positions whose taps all lie inside the input (the interior of a row) go four at a time,
//! four independent sums sharing each weight load; the edges one at a time. The weight is
//! transposed to `[tap, channel]` Float in scratch, with the bias after it. Rows of output
//! positions are split over the threads when the call is large.

use super::{Conv, OP, Shared, tasks_for};
use crate::fused::hook::OutHook;
use crate::gemm::{Dt, Isa};
use etk_core::KernelContext;
use etk_simd::{Element, Kernel, Simd, dispatch};

/// Positions summed at once in the interior of a row.
const UNROLL: usize = 4;

/// The depthwise convolution of `c` when its input and out are channels-last; `false` (nothing
/// written) when they are not or the scratch cannot hold the transposed weight.
///
/// # Safety
/// As in `convolution_out_isa`; `c` is depthwise.
pub(super) unsafe fn depthwise_nhwc(
    ctx: &mut KernelContext<'_>,
    isa: Isa,
    c: &Conv<'_>,
    hook: Option<OutHook<'_>>,
) -> bool {
    let g = c.geo;
    let ch = g.groups;
    if c.xs[1] != 1 || c.ys[1] != 1 {
        return false;
    }
    let taps = c.kh * c.kw;
    let par = ctx.parallel;
    let rows = g.n * c.oh;
    let macs = [rows, c.ow, ch, taps]
        .iter()
        .fold(1usize, |a, &v| a.saturating_mul(v));
    ctx.scratch.scope(|s| {
        let Some(len) = taps.checked_add(1).and_then(|t| t.checked_mul(ch)) else {
            return false;
        };
        let Ok(wt) = s.alloc_for_overwrite::<f32>(OP, len) else {
            return false;
        };
        // SAFETY: every tap of every channel is an element of the weight; channel `k` of
        // the bias.
        unsafe {
            for t in 0..taps {
                for k in 0..ch {
                    let off = k * c.ws[0] + (t / c.kw) * c.ws[2] + (t % c.kw) * c.ws[3];
                    wt[t * ch + k] = super::elements::read(c.dt, c.wb(off));
                }
            }
            for k in 0..ch {
                wt[taps * ch + k] = match c.b {
                    Some((bp, bs)) => {
                        super::elements::read(c.dt, (bp as *const u8).add(k * bs * c.es()))
                    }
                    None => 0.0,
                };
            }
        }
        let nt = tasks_for(macs, par).min(rows);
        let shared = Shared((c, &*wt));
        let body = |t: usize| {
            let &(c, wt) = shared.get();
            let (r0, r1) = (t * rows / nt, (t + 1) * rows / nt);
            match hook {
                None => dispatch(isa, Rows { c, wt, r0, r1 }),
                // each output row handed over as soon as it is summed (the out's pixels
                // dense: `Runs::Pixels`)
                Some(h) => {
                    for r in r0..r1 {
                        dispatch(
                            isa,
                            Rows {
                                c,
                                wt,
                                r0: r,
                                r1: r + 1,
                            },
                        );
                        h.done(c.out_at(r / c.oh, 0, r % c.oh * c.ow), c.ow * ch);
                    }
                }
            }
        };
        if nt <= 1 {
            body(0);
        } else {
            par.run(nt, &body);
        }
        true
    })
}

/// Output rows `r0..r1` (over image and row) of the convolution.
struct Rows<'a, 'g> {
    c: &'a Conv<'g>,
    /// `[tap, channel]` weights, then the bias.
    wt: &'a [f32],
    r0: usize,
    r1: usize,
}

impl Kernel for Rows<'_, '_> {
    type Output = ();

    #[inline(always)]
    fn run<S: Simd>(self, s: S) {
        // SAFETY: `depthwise_nhwc`'s caller vouches for `c`; positions are checked by
        // `in_h`, `in_w` and `w_range`.
        unsafe { rows(s, self.c, self.wt, self.r0, self.r1) }
    }
}

/// # Safety
/// As [`Rows`].
#[inline(always)]
unsafe fn rows<S: Simd>(s: S, c: &Conv<'_>, wt: &[f32], r0: usize, r1: usize) {
    unsafe {
        match c.dt {
            Dt::F32 => rows_of::<S, f32>(s, c, wt, r0, r1),
            Dt::F16 => rows_of::<S, half::f16>(s, c, wt, r0, r1),
            Dt::Bf16 => rows_of::<S, half::bf16>(s, c, wt, r0, r1),
        }
    }
}

/// Kernel heights whose input rows a row of outputs keeps on the stack (taller kernels go
/// position by position).
const MAX_KH: usize = 16;

/// The geometry the loops read, copied out of `Conv` (plain values the compiler keeps in
/// registers).
#[derive(Clone, Copy)]
struct Geo {
    ch: usize,
    kw: usize,
    taps: usize,
    /// Input column step of one output column, and of one tap (elements).
    xw: usize,
    xt: usize,
    /// The out's column step.
    yw: usize,
    bias: bool,
}

/// # Safety
/// As [`Rows`]; `E` is the call's element type.
#[inline(always)]
unsafe fn rows_of<S: Simd, E: Element>(s: S, c: &Conv<'_>, wt: &[f32], r0: usize, r1: usize) {
    let g = c.geo;
    let (x, y) = (c.x as *const E, c.y as *mut E);
    let w = wt.as_ptr();
    let geo = Geo {
        ch: g.groups,
        kw: c.kw,
        taps: c.kh * c.kw,
        xw: g.stride[2] as usize * c.xs[3],
        xt: g.dilation[2] as usize * c.xs[3],
        yw: c.ys[3],
        bias: c.b.is_some(),
    };
    // the output columns every tap of a row reads inside the input, and the input column
    // of the first
    let (mut lo_all, mut hi_all) = (0, c.ow);
    for tw in 0..c.kw {
        let (lo, hi, _) = c.w_range(tw);
        lo_all = lo_all.max(lo);
        hi_all = hi_all.min(hi);
    }
    let hi_all = hi_all.max(lo_all);
    // (used only when the interior is not empty, and then it is a column of the input)
    let iw0 = (lo_all * g.stride[2] as usize).wrapping_sub(g.padding[2] as usize);
    // SAFETY: every index is within its tensor or `wt`.
    unsafe {
        for r in r0..r1 {
            let (n, oh) = (r / c.oh, r % c.oh);
            let yr = y.add(n * c.ys[0] + oh * c.ys[2]);
            // the kernel rows inside the input: (tap row, input row start)
            let mut krows = [(0usize, core::ptr::null::<E>()); MAX_KH];
            let mut nk = 0;
            let fast = c.kh <= MAX_KH;
            if fast {
                for th in 0..c.kh {
                    if let Some(ih) = c.in_h(oh, th) {
                        krows[nk] = (th, x.add(n * c.xs[0] + ih * c.xs[2]));
                        nk += 1;
                    }
                }
            }
            let (lo, hi) = if fast { (lo_all, hi_all) } else { (0, 0) };
            for ow in (0..lo).chain(hi..c.ow) {
                edge::<S, E>(s, c, w, x, yr, n, oh, ow);
            }
            let krows = &krows[..nk];
            let mut ow = lo;
            let mut xoff = iw0.wrapping_mul(c.xs[3]);
            while ow + UNROLL <= hi {
                interior_all::<S, E, UNROLL>(s, geo, krows, xoff, w, yr.add(ow * geo.yw));
                ow += UNROLL;
                xoff = xoff.wrapping_add(UNROLL * geo.xw);
            }
            while ow < hi {
                interior_all::<S, E, 1>(s, geo, krows, xoff, w, yr.add(ow * geo.yw));
                ow += 1;
                xoff = xoff.wrapping_add(geo.xw);
            }
        }
    }
}

/// Channels `k0..k0 + m` of `P` output positions from `yp` on, all of whose taps lie inside
/// the input: `P` sums, each weight loaded once.
///
/// # Safety
/// As [`Rows`]; `xoff` is the offset in an input row of the first position's first tap.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
unsafe fn interior<S: Simd, E: Element, const FULL: bool, const P: usize>(
    s: S,
    geo: Geo,
    krows: &[(usize, *const E)],
    xoff: usize,
    w: *const f32,
    yp: *mut E,
    k0: usize,
    m: usize,
) {
    unsafe {
        let mut acc = [s.splat(0.0); P];
        for &(th, row) in krows {
            let mut px = row.add(xoff + k0);
            for tw in 0..geo.kw {
                let wp = w.add((th * geo.kw + tw) * geo.ch + k0);
                let wv = if FULL { s.load(wp) } else { s.load_n(wp, m) };
                for (j, a) in acc.iter_mut().enumerate() {
                    let xv = if FULL {
                        E::load(s, px.add(j * geo.xw))
                    } else {
                        E::load_n(s, px.add(j * geo.xw), m)
                    };
                    *a = s.add(*a, s.mul(xv, wv));
                }
                px = px.add(geo.xt);
            }
        }
        let bp = w.add(geo.taps * geo.ch + k0);
        let b = if FULL { s.load(bp) } else { s.load_n(bp, m) };
        for (j, a) in acc.into_iter().enumerate() {
            let a = if geo.bias { s.add(a, b) } else { a };
            if FULL {
                E::store(s, yp.add(k0 + j * geo.yw), a)
            } else {
                E::store_n(s, yp.add(k0 + j * geo.yw), m, a)
            }
        }
    }
}

/// [`interior`] over every channel.
///
/// # Safety
/// As [`interior`].
#[inline(always)]
unsafe fn interior_all<S: Simd, E: Element, const P: usize>(
    s: S,
    geo: Geo,
    krows: &[(usize, *const E)],
    xoff: usize,
    w: *const f32,
    yp: *mut E,
) {
    let mut k0 = 0;
    unsafe {
        while k0 + S::LANES <= geo.ch {
            interior::<S, E, true, P>(s, geo, krows, xoff, w, yp, k0, S::LANES);
            k0 += S::LANES;
        }
        if k0 < geo.ch {
            interior::<S, E, false, P>(s, geo, krows, xoff, w, yp, k0, geo.ch - k0);
        }
    }
}

/// One output position, some of its taps possibly in the padding (skipped, as portable).
///
/// # Safety
/// As [`Rows`].
#[allow(clippy::too_many_arguments)]
#[inline(always)]
unsafe fn edge<S: Simd, E: Element>(
    s: S,
    c: &Conv<'_>,
    w: *const f32,
    x: *const E,
    yr: *mut E,
    n: usize,
    oh: usize,
    ow: usize,
) {
    let ch = c.geo.groups;
    let taps = c.kh * c.kw;
    unsafe {
        for k0 in (0..ch).step_by(S::LANES) {
            let m = S::LANES.min(ch - k0);
            let mut acc = s.splat(0.0);
            for th in 0..c.kh {
                let Some(ih) = c.in_h(oh, th) else { continue };
                for tw in 0..c.kw {
                    let Some(iw) = c.in_w(ow, tw) else { continue };
                    let xp = x.add(n * c.xs[0] + ih * c.xs[2] + iw * c.xs[3] + k0);
                    let wv = s.load_n_or_all(w.add((th * c.kw + tw) * ch + k0), m);
                    // (no closure: it would not inherit the level's target features)
                    let xv = if m == S::LANES {
                        E::load(s, xp)
                    } else {
                        E::load_n(s, xp, m)
                    };
                    acc = s.add(acc, s.mul(xv, wv));
                }
            }
            if c.b.is_some() {
                acc = s.add(acc, s.load_n_or_all(w.add(taps * ch + k0), m));
            }
            let yp = yr.add(ow * c.ys[3] + k0);
            if m == S::LANES {
                E::store(s, yp, acc);
            } else {
                E::store_n(s, yp, m, acc);
            }
        }
    }
}

/// Float weight loads of `n` lanes.
trait LoadN: Simd {
    /// # Safety
    /// `p` valid for `n` floats.
    #[inline(always)]
    unsafe fn load_n_or_all(self, p: *const f32, n: usize) -> Self::F32 {
        unsafe {
            if n == Self::LANES {
                self.load(p)
            } else {
                self.load_n(p, n)
            }
        }
    }
}

impl<S: Simd> LoadN for S {}
