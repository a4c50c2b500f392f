//! Pooling along channels: for every output position, `LANES` channels at a time, each tap one
//! vector (a contiguous load when channels are the inner dim, NHWC; a gather otherwise), in
//! portable's scan order with portable's operation per lane, so the results are portable's bit
//! for bit. Outs whose channels are not contiguous are written element by element.

use super::rows::{Geom, Reduce};
use super::{Planes, store_i64};
use etk_simd::{Element, MAX_LANES, Simd};

/// The input positions a window reads along one dim: `a, a + step, ... < b`, and the count
/// its average divides by.
#[derive(Clone, Copy, Debug, Default)]
pub struct Span {
    pub a: usize,
    pub b: usize,
    pub step: usize,
    pub count: i64,
}

/// Spans stored as four i64 each (scratch holds plain data).
#[derive(Clone, Copy)]
pub struct Spans<'a>(pub &'a [i64]);

impl Spans<'_> {
    #[inline(always)]
    pub fn get(&self, i: usize) -> Span {
        let v = &self.0[4 * i..4 * i + 4];
        Span {
            a: v[0] as usize,
            b: v[1] as usize,
            step: v[2] as usize,
            count: v[3],
        }
    }

    /// Writes span `i` into `buf`.
    pub fn set(buf: &mut [i64], i: usize, sp: Span) {
        buf[4 * i..4 * i + 4].copy_from_slice(&[
            sp.a as i64,
            sp.b as i64,
            sp.step as i64,
            sp.count,
        ]);
    }
}

/// One task of the channels kernel: output rows `[u0, u1)` of all batches (`u = n * OH + oh`).
pub struct ChannelsTask<'a> {
    pub g: &'a Geom,
    pub reduce: Reduce,
    pub x: Planes,
    pub y: Planes,
    pub ind: Option<Planes>,
    pub hs: Spans<'a>,
    pub ws: Spans<'a>,
    pub units: (usize, usize),
}

/// Channel vectors computed together: independent chains of taps.
const BLOCK: usize = 4;

impl ChannelsTask<'_> {
    /// # Safety
    /// The tensors are the checked call's: `x` of `g`'s input sizes, `y` / `ind` of its output
    /// sizes, writable and disjoint; the spans lie inside the input; when channels are not
    /// contiguous, `LANES` times the channel stride fits in `i32`.
    #[inline(always)]
    pub unsafe fn run<S: Simd, E: Element>(&self, s: S) {
        let g = self.g;
        let lanes = S::LANES;
        for u in self.units.0..self.units.1 {
            let (n, oh) = (u / g.oh, u % g.oh);
            for ow in 0..g.ow {
                let mut c0 = 0;
                while c0 < g.c {
                    let nv = (g.c - c0).div_ceil(lanes).min(BLOCK);
                    // SAFETY: the caller's contract.
                    unsafe {
                        match nv {
                            BLOCK => self.block::<S, E, BLOCK>(s, n, oh, ow, c0),
                            3 => self.block::<S, E, 3>(s, n, oh, ow, c0),
                            2 => self.block::<S, E, 2>(s, n, oh, ow, c0),
                            _ => self.block::<S, E, 1>(s, n, oh, ow, c0),
                        }
                    }
                    c0 += nv * lanes;
                }
            }
        }
    }

    /// Channels `c0 ..` (`V` vectors, the last may be partial) of output position `(n, oh,
    /// ow)`.
    ///
    /// # Safety
    /// As [`ChannelsTask::run`].
    #[inline(always)]
    unsafe fn block<S: Simd, E: Element, const V: usize>(
        &self,
        s: S,
        n: usize,
        oh: usize,
        ow: usize,
        c0: usize,
    ) {
        let g = self.g;
        let lanes = S::LANES;
        let x = self.x.base::<E>() as *const E;
        let xc = self.x.st[1];
        let (hs, ws) = (self.hs.get(oh), self.ws.get(ow));
        let m = |j: usize| (g.c - c0 - j * lanes).min(lanes);
        // the block's first channel at input position `(ih, iw)`
        let at = |ih: usize, iw: usize| x.wrapping_add(self.x.at(n, c0, ih, iw));
        let step = lanes * xc;
        let mut v = [s.zero(); V];
        let mut idx = [s.splat_i32(0); V];
        match self.reduce {
            Reduce::Max => {
                v = [s.splat(f32::NEG_INFINITY); V];
                idx = [s.splat_i32((hs.a * g.w + ws.a) as i32); V];
                for ih in (hs.a..hs.b).step_by(hs.step) {
                    for iw in (ws.a..ws.b).step_by(ws.step) {
                        let p = at(ih, iw);
                        let tap = s.splat_i32((ih * g.w + iw) as i32);
                        for j in 0..V {
                            // SAFETY: channels of the block at a position of the window.
                            let x = unsafe { load::<S, E>(s, p.add(j * step), xc, m(j)) };
                            let take = s.mask_or(s.gt(x, v[j]), s.is_nan(x));
                            v[j] = s.select(take, x, v[j]);
                            idx[j] = s.select_i32(take, tap, idx[j]);
                        }
                    }
                }
            }
            r => {
                for ih in hs.a..hs.b {
                    for iw in ws.a..ws.b {
                        let p = at(ih, iw);
                        for (j, v) in v.iter_mut().enumerate() {
                            // SAFETY: as above.
                            *v = s.add(*v, unsafe { load::<S, E>(s, p.add(j * step), xc, m(j)) });
                        }
                    }
                }
                let d = match r {
                    Reduce::SumBy(d) => [s.splat(d), s.splat(1.0)],
                    Reduce::SumByEach(..) => [s.splat(hs.count as f32), s.splat(ws.count as f32)],
                    _ => [
                        s.splat(hs.count.saturating_mul(ws.count) as f32),
                        s.splat(1.0),
                    ],
                };
                for v in &mut v {
                    *v = s.div(*v, d[0]);
                    if matches!(r, Reduce::SumByEach(..)) {
                        *v = s.div(*v, d[1]);
                    }
                }
            }
        }
        for j in 0..V {
            let c = c0 + j * lanes;
            // SAFETY: channels `c .. c + m(j)` of output position `(n, oh, ow)`.
            unsafe {
                store::<S, E>(s, &self.y, self.y.at(n, c, oh, ow), m(j), v[j]);
                if let Some(ind) = self.ind {
                    store_idx(s, &ind, ind.at(n, c, oh, ow), m(j), idx[j]);
                }
            }
        }
    }
}

/// `m` channels at `p`, `xc` apart (`LANES` of them fit in i32 when gathered).
///
/// # Safety
/// Those elements readable.
#[inline(always)]
unsafe fn load<S: Simd, E: Element>(s: S, p: *const E, xc: usize, m: usize) -> S::F32 {
    // SAFETY: the caller's contract.
    unsafe {
        match (xc == 1, m == S::LANES) {
            (true, true) => E::load(s, p),
            (true, false) => E::load_n(s, p, m),
            _ => E::gather(s, p, xc, m),
        }
    }
}

/// `m` lanes of `v` at element `at` of `y`, channels `y.st[1]` apart.
///
/// # Safety
/// Those elements writable.
#[inline(always)]
pub(super) unsafe fn store<S: Simd, E: Element>(s: S, y: &Planes, at: usize, m: usize, v: S::F32) {
    let (p, yc) = (y.base::<E>(), y.st[1]);
    // SAFETY: the caller's contract.
    unsafe {
        match (yc == 1, m == S::LANES) {
            (true, true) => E::store(s, p.add(at), v),
            (true, false) => E::store_n(s, p.add(at), m, v),
            _ => {
                let mut b = [0f32; MAX_LANES];
                s.store(b.as_mut_ptr(), v);
                for (i, &x) in b.iter().enumerate().take(m) {
                    *p.add(at + i * yc) = E::from_f32(x);
                }
            }
        }
    }
}

/// `m` indices at element `at` of the Long `ind`, channels `ind.st[1]` apart.
///
/// # Safety
/// Those elements writable.
#[inline(always)]
unsafe fn store_idx<S: Simd>(s: S, ind: &Planes, at: usize, m: usize, v: S::I32) {
    let (p, ic) = (ind.base::<i64>(), ind.st[1]);
    // SAFETY: the caller's contract.
    unsafe {
        if ic == 1 {
            store_i64(s, p.add(at), m, v);
        } else {
            let mut b = [0i32; MAX_LANES];
            s.store_i32(b.as_mut_ptr(), v);
            for (i, &x) in b.iter().enumerate().take(m) {
                *p.add(at + i * ic) = x as i64;
            }
        }
    }
}

/// A [`ChannelsTask`] with its element type, for [`etk_simd::dispatch`].
pub struct ChannelsKernel<'a, E> {
    pub task: ChannelsTask<'a>,
    pub elem: core::marker::PhantomData<E>,
}

impl<E: Element> etk_simd::Kernel for ChannelsKernel<'_, E> {
    type Output = ();
    #[inline(always)]
    fn run<S: Simd>(self, s: S) {
        // SAFETY: built by the pooling entries from a checked call (see `ChannelsTask::run`).
        unsafe { self.task.run::<S, E>(s) }
    }
}
