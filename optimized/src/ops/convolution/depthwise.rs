//! The depthwise convolution (`groups == C_in == C_out`): every channel convolved with its
//! own kernel by a direct kernel written once over the vector layer (`etk_simd::Simd`, every
//! level, Scalar included), the taps summed in portable's order with one multiply and one add
//! each (no FMA), so that the results are portable's bit for bit.
//!
//! - Channels-last input and out: one vector of channels per output position, the weight
//!   transposed to `[tap, channel]` in scratch.
//! - Otherwise along output columns: each input plane is copied, zero-padded, into scratch,
//!   and every output row is one pass of register sums over all taps. Portable skips the
//!   padding; adding `0 * w = +-0` instead leaves every sum unchanged as long as the weights
//!   are finite (checked). With infinite or NaN weights, a plane too large, or no scratch:
//!   the columns that every tap reads inside the input in runs, the edges column by column.

use super::{Conv, OP, gather};
use crate::gemm::Isa;
use etk_core::Scratch;
use etk_simd::{Kernel, Simd};

/// Kernel widths whose tap ranges the depthwise kernel keeps on the stack (wider kernels
/// take its column-by-column path).
const RANGES: usize = 16;
/// The largest zero-padded input plane (floats) the depthwise kernel copies into scratch.
const PLANE: usize = 1 << 20;
/// Taps the depthwise kernel sums in registers before it stores a partial sum.
const MAX_TAPS: usize = 32;

/// Depthwise: every channel convolved with its own kernel, the taps accumulated in
/// portable's order into the out, then the bias. Channels-last (input and out) vectorizes
/// along channels with the weight transposed into scratch; otherwise along output columns.
///
/// # Safety
/// As in [`convolution_out_isa`]; one input and one output channel per group.
pub(super) unsafe fn depthwise(scratch: &mut Scratch<'_>, isa: Isa, c: &Conv<'_>) {
    let ch = c.geo.groups;
    let taps = c.kh * c.kw;
    let nhwc = c.xs[1] == 1 && c.ys[1] == 1;
    // runs shorter than an AVX-512 vector fill AVX2's
    let isa = if (if nhwc { ch } else { c.ow }) < 16 {
        isa.at_most(etk_simd::Isa::Avx2)
    } else {
        isa
    };
    scratch.scope(|s| {
        let wt = match taps.checked_add(1).and_then(|t| t.checked_mul(ch)) {
            Some(len) if nhwc => s.alloc_for_overwrite::<f32>(OP, len).ok(),
            _ => None,
        };
        // SAFETY: as the caller vouches.
        unsafe {
            if wt.is_none()
                && let Some((ph, pw)) = padded_plane(c)
                && let Ok(plane) = s.alloc_for_overwrite::<f32>(OP, ph * pw)
            {
                return dw_run(isa, c, Buf::Plane(plane.as_mut_ptr(), pw));
            }
            match wt {
                Some(wt) => {
                    for t in 0..taps {
                        for k in 0..ch {
                            let off = k * c.ws[0] + (t / c.kw) * c.ws[2] + (t % c.kw) * c.ws[3];
                            wt[t * ch + k] = *c.w.add(off);
                        }
                    }
                    for k in 0..ch {
                        wt[taps * ch + k] = c.b.map_or(0.0, |(b, bs)| *b.add(k * bs));
                    }
                    dw_run(isa, c, Buf::Nhwc(wt));
                }
                None => dw_run(isa, c, Buf::None),
            }
        }
    })
}

/// The depthwise kernel's scratch.
#[derive(Clone, Copy)]
enum Buf<'a> {
    None,
    /// Channels-last: the weight transposed to `[tap, channel]`, then the bias.
    Nhwc(&'a [f32]),
    /// Room for one input plane zero-padded on every side, rows of the given length.
    Plane(*mut f32, usize),
}

/// The padded plane's height and width, when the kernel can use one: every weight finite
/// (so that the padding's zeros add `+-0`, which leaves every sum as portable's, which skips
/// them) and at most `PLANE` floats.
fn padded_plane(c: &Conv<'_>) -> Option<(usize, usize)> {
    let g = c.geo;
    let (ph, pw) = (g.padding[1] as usize, g.padding[2] as usize);
    let h = ph.checked_mul(2)?.checked_add(c.geo.ins[1])?;
    let w = pw.checked_mul(2)?.checked_add(c.iw)?;
    if h.checked_mul(w)? > PLANE {
        return None;
    }
    for k in 0..g.groups {
        for th in 0..c.kh {
            for tw in 0..c.kw {
                // SAFETY: indices within the weight's sizes.
                let v = unsafe { *c.w.add(k * c.ws[0] + th * c.ws[2] + tw * c.ws[3]) };
                if !v.is_finite() {
                    return None;
                }
            }
        }
    }
    Some((h, w))
}

/// # Safety
/// As [`depthwise`]; `buf` as [`Buf`] says, for this call.
unsafe fn dw_run(isa: Isa, c: &Conv<'_>, buf: Buf<'_>) {
    etk_simd::dispatch(isa, Depthwise { c, buf })
}

/// The depthwise kernel at a level. Only built by [`dw_run`], whose caller vouches for `c` and
/// `buf`.
struct Depthwise<'a, 'g> {
    c: &'a Conv<'g>,
    buf: Buf<'a>,
}

impl Kernel for Depthwise<'_, '_> {
    type Output = ();
    #[inline(always)]
    fn run<L: Simd>(self, l: L) {
        // SAFETY: as `dw_run`'s caller vouches.
        unsafe { dw_body(SimdAxpy(l), self.c, self.buf) }
    }
}

/// `y[i * ys] += x[i * xs] * w` for `i < len`, one multiply then one add (no FMA), as
/// portable sums; `axpy_v` with a contiguous run of weights.
trait Axpy: Copy {
    /// `y[j * ys] = sum_t x_t[j * step] * w_t (+ b)` for `j < len`, over `taps` `(x_t,
    /// w_t)` in order, the sum starting from 0 or (`acc`) from `y[j * ys]`.
    ///
    /// # Safety
    /// The ranges valid, `y` disjoint from the others.
    #[allow(clippy::too_many_arguments)]
    unsafe fn taps(
        self,
        y: *mut f32,
        ys: usize,
        taps: &[(*const f32, f32)],
        step: usize,
        acc: bool,
        b: Option<f32>,
        len: usize,
    );
    /// # Safety
    /// The ranges valid and contiguous, `y` disjoint from the others.
    unsafe fn axpy_v(self, y: *mut f32, x: *const f32, w: *const f32, len: usize);
}

#[derive(Clone, Copy)]
struct ScalarAxpy;

impl Axpy for ScalarAxpy {
    #[inline(always)]
    unsafe fn taps(
        self,
        y: *mut f32,
        ys: usize,
        taps: &[(*const f32, f32)],
        step: usize,
        acc: bool,
        b: Option<f32>,
        len: usize,
    ) {
        for j in 0..len {
            // SAFETY: as the caller vouches.
            unsafe {
                let y = y.add(j * ys);
                let mut a = if acc { *y } else { 0.0 };
                for &(x, w) in taps {
                    a += *x.add(j * step) * w;
                }
                *y = b.map_or(a, |b| a + b);
            }
        }
    }
    #[inline(always)]
    unsafe fn axpy_v(self, y: *mut f32, x: *const f32, w: *const f32, len: usize) {
        for i in 0..len {
            // SAFETY: as the caller vouches.
            unsafe { *y.add(i) += *x.add(i) * *w.add(i) };
        }
    }
}

/// Whole vectors of the level over contiguous runs, then the rest as [`ScalarAxpy`] (IEEE
/// multiply and add round the same at every width).
#[derive(Clone, Copy)]
struct SimdAxpy<L>(L);

impl<L: Simd> Axpy for SimdAxpy<L> {
    #[inline(always)]
    unsafe fn taps(
        self,
        y: *mut f32,
        ys: usize,
        taps: &[(*const f32, f32)],
        step: usize,
        acc: bool,
        b: Option<f32>,
        len: usize,
    ) {
        let (l, n) = (self.0, L::LANES);
        let mut j = 0;
        // SAFETY: as the caller vouches; vectors end at or before `len`.
        unsafe {
            if ys == 1 && step == 1 {
                while j + n <= len {
                    let mut a = if acc { l.load(y.add(j)) } else { l.splat(0.0) };
                    for &(x, w) in taps {
                        a = l.add(a, l.mul(l.load(x.add(j)), l.splat(w)));
                    }
                    if let Some(b) = b {
                        a = l.add(a, l.splat(b));
                    }
                    l.store(y.add(j), a);
                    j += n;
                }
            }
            // the rest: the taps moved to column `j`
            let mut moved = [(core::ptr::null::<f32>(), 0f32); MAX_TAPS];
            for (m, &(x, w)) in moved.iter_mut().zip(taps) {
                *m = (x.add(j * step), w);
            }
            let rest = &moved[..taps.len()];
            ScalarAxpy.taps(y.add(j * ys), ys, rest, step, acc, b, len - j);
        }
    }
    #[inline(always)]
    unsafe fn axpy_v(self, y: *mut f32, x: *const f32, w: *const f32, len: usize) {
        let (l, n) = (self.0, L::LANES);
        let mut i = 0;
        // SAFETY: as the caller vouches; vectors end at or before `len`.
        unsafe {
            while i + n <= len {
                let v = l.add(l.load(y.add(i)), l.mul(l.load(x.add(i)), l.load(w.add(i))));
                l.store(y.add(i), v);
                i += n;
            }
            ScalarAxpy.axpy_v(y.add(i), x.add(i), w.add(i), len - i);
        }
    }
}

/// The depthwise loops, the contiguous runs through `ax` (vectors of the level, or scalar).
///
/// # Safety
/// As [`dw_run`].
#[inline(always)]
unsafe fn dw_body<A: Axpy>(ax: A, c: &Conv<'_>, buf: Buf<'_>) {
    let g = c.geo;
    let ch = g.groups;
    // SAFETY: every index is within its tensor (positions checked by `in_h`, `in_w` and
    // `w_range`).
    unsafe {
        if let Buf::Nhwc(wt) = buf {
            // channels-last: one vector of all channels per output position
            let bias = &wt[c.kh * c.kw * ch..];
            for n in 0..g.n {
                for oh in 0..c.oh {
                    for ow in 0..c.ow {
                        let y = c.y.add(n * c.ys[0] + oh * c.ys[2] + ow * c.ys[3]);
                        let y = core::slice::from_raw_parts_mut(y, ch);
                        y.fill(0.0);
                        for th in 0..c.kh {
                            let Some(ih) = c.in_h(oh, th) else { continue };
                            for tw in 0..c.kw {
                                let Some(iw) = c.in_w(ow, tw) else { continue };
                                let x = c.x.add(n * c.xs[0] + ih * c.xs[2] + iw * c.xs[3]);
                                let w = wt[(th * c.kw + tw) * ch..][..ch].as_ptr();
                                ax.axpy_v(y.as_mut_ptr(), x, w, ch);
                            }
                        }
                        if c.b.is_some() {
                            for (y, b) in y.iter_mut().zip(bias) {
                                *y += *b;
                            }
                        }
                    }
                }
            }
            return;
        }
        let step = (g.stride[2] as usize).wrapping_mul(c.xs[3]);
        let sw = g.stride[2] as usize;
        let mut taps = [(core::ptr::null::<f32>(), 0f32); MAX_TAPS];
        if let Buf::Plane(plane, pw) = buf {
            // every tap inside the padded plane: whole rows of vectors
            let (ph0, pw0) = (g.padding[1] as usize, g.padding[2] as usize);
            let (sh, dh, dw) = (
                g.stride[1] as usize,
                g.dilation[1] as usize,
                g.dilation[2] as usize,
            );
            for n in 0..g.n {
                for k in 0..ch {
                    let x = c.x.add(n * c.xs[0] + k * c.xs[1]);
                    let rows = g.ins[1] + 2 * ph0;
                    core::ptr::write_bytes(plane, 0, rows * pw);
                    for ih in 0..g.ins[1] {
                        let d = plane.add((ih + ph0) * pw + pw0);
                        gather(d, x.add(ih * c.xs[2]), c.xs[3], c.iw);
                    }
                    let b = c.b.map(|(b, bs)| *b.add(k * bs));
                    for oh in 0..c.oh {
                        let y = c.y.add(n * c.ys[0] + k * c.ys[1] + oh * c.ys[2]);
                        let (mut nt, mut started) = (0, false);
                        for th in 0..c.kh {
                            let row = plane.add((oh * sh + th * dh) * pw) as *const f32;
                            for tw in 0..c.kw {
                                let w = *c.w.add(k * c.ws[0] + th * c.ws[2] + tw * c.ws[3]);
                                taps[nt] = (row.add(tw * dw), w);
                                nt += 1;
                                if nt == MAX_TAPS {
                                    ax.taps(y, c.ys[3], &taps, sw, started, None, c.ow);
                                    (nt, started) = (0, true);
                                }
                            }
                        }
                        ax.taps(y, c.ys[3], &taps[..nt], sw, started, b, c.ow);
                    }
                }
            }
            return;
        }
        // the column ranges of the taps, computed once (they cost divisions), and the
        // interior columns that every tap reads inside the input
        let mut ranges = [(0, 0, 0); RANGES];
        let (mut lo_all, mut hi_all) = (0, c.ow);
        for (tw, r) in ranges.iter_mut().enumerate().take(c.kw) {
            *r = c.w_range(tw);
            lo_all = lo_all.max(r.0);
            hi_all = hi_all.min(r.1);
        }
        if c.kw > RANGES || lo_all > hi_all {
            (lo_all, hi_all) = (0, 0);
        }
        for n in 0..g.n {
            for k in 0..ch {
                let x = c.x.add(n * c.xs[0] + k * c.xs[1]);
                let b = c.b.map(|(b, bs)| *b.add(k * bs));
                let wk = |th: usize, tw: usize| *c.w.add(k * c.ws[0] + th * c.ws[2] + tw * c.ws[3]);
                for oh in 0..c.oh {
                    let y = c.y.add(n * c.ys[0] + k * c.ys[1] + oh * c.ys[2]);
                    // interior: the taps' runs, in portable's order, MAX_TAPS at a time
                    let (mut nt, mut started) = (0, false);
                    for th in 0..c.kh {
                        let Some(ih) = c.in_h(oh, th) else { continue };
                        for (tw, &(lo, _, iw0)) in ranges.iter().enumerate().take(c.kw) {
                            let iw = iw0 + (lo_all.wrapping_sub(lo)).wrapping_mul(sw);
                            if hi_all > lo_all {
                                taps[nt] = (x.add(ih * c.xs[2] + iw * c.xs[3]), wk(th, tw));
                                nt += 1;
                            }
                            if nt == MAX_TAPS {
                                let y0 = y.add(lo_all * c.ys[3]);
                                ax.taps(y0, c.ys[3], &taps, step, started, None, hi_all - lo_all);
                                (nt, started) = (0, true);
                            }
                        }
                    }
                    let y0 = y.add(lo_all * c.ys[3]);
                    ax.taps(y0, c.ys[3], &taps[..nt], step, started, b, hi_all - lo_all);
                    // the edges, column by column
                    let edges = (0..lo_all).chain(hi_all.max(lo_all)..c.ow);
                    if lo_all == 0 && hi_all >= c.ow {
                        continue;
                    }
                    let mut ihs = [None; RANGES];
                    for (th, ih) in ihs.iter_mut().enumerate().take(c.kh) {
                        *ih = c.in_h(oh, th);
                    }
                    for ow in edges {
                        let mut acc = 0f32;
                        for th in 0..c.kh {
                            let ih = match ihs.get(th) {
                                Some(&ih) => ih,
                                None => c.in_h(oh, th),
                            };
                            let Some(ih) = ih else { continue };
                            for tw in 0..c.kw {
                                let iw = match ranges.get(tw) {
                                    Some(&(lo, hi, iw0)) => {
                                        (lo..hi).contains(&ow).then(|| iw0 + (ow - lo) * sw)
                                    }
                                    None => c.in_w(ow, tw),
                                };
                                let Some(iw) = iw else { continue };
                                acc += *x.add(ih * c.xs[2] + iw * c.xs[3]) * wk(th, tw);
                            }
                        }
                        *y.add(ow * c.ys[3]) = b.map_or(acc, |b| acc + b);
                    }
                }
            }
        }
    }
}
