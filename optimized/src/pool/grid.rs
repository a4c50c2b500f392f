//! `grid_sampler_2d` on the vector layer, bilinear and nearest with every padding mode, in
//! portable's arithmetic: each coordinate and weight computed as portable's `Axis` does, every
//! operation in f32 and (Half, BFloat16) rounded to the dtype after it, taps outside the input
//! reading 0, the four products summed in portable's order. Lanes are `LANES` consecutive
//! points of an output row (their grid coordinates gathered); then
//! - channels-last input and out: per point, `LANES` channels at a time, one contiguous load
//!   per tap;
//! - otherwise: per channel, one gather per tap over the row's points.

use super::{Planes, task_range, tasks};
use core::marker::PhantomData;
use etk_core::{KernelContext, ScalarType, Tensor, Work, bf16, f16};
use etk_portable::ops::grid_sampler_2d::{Interp, Mode, Padding};
use etk_simd::{Element, MAX_LANES, Simd};

/// One spatial axis: portable's `Axis` constants, rounded to the dtype.
#[derive(Clone, Copy, Debug)]
struct GridAxis {
    size: f32,
    scaling: f32,
    max_val: f32,
    twice_span: f32,
    align_corners: bool,
    padding: Padding,
}

impl GridAxis {
    fn new<E: Element>(size: usize, align_corners: bool, padding: Padding) -> GridAxis {
        let r = |v: f64| E::from_f32(v as f32).to_f32();
        let n = size as f64;
        let (scaling, twice_span) = if align_corners {
            ((n - 1.0) / 2.0, (n - 1.0) * 2.0)
        } else {
            (n / 2.0, n * 2.0)
        };
        GridAxis {
            size: size as f32,
            scaling: r(scaling),
            max_val: r(n - 1.0),
            twice_span: r(twice_span),
            align_corners,
            padding,
        }
    }

    #[inline(always)]
    fn unnormalize<S: Simd, E: Element>(&self, s: S, x: S::F32) -> S::F32 {
        let v = E::round(
            s,
            s.mul(E::round(s, s.add(x, s.splat(1.0))), s.splat(self.scaling)),
        );
        if self.align_corners {
            v
        } else {
            E::round(s, s.sub(v, s.splat(0.5)))
        }
    }

    /// Portable's `clip`: NaN and negatives to 0, then at most `max_val`.
    #[inline(always)]
    fn clip<S: Simd>(&self, s: S, x: S::F32) -> S::F32 {
        let zero = s.zero();
        let x = s.select(s.mask_or(s.is_nan(x), s.lt(x, zero)), zero, x);
        let m = s.splat(self.max_val);
        s.select(s.lt(m, x), m, x)
    }

    #[inline(always)]
    fn reflect<S: Simd, E: Element>(&self, s: S, x: S::F32) -> S::F32 {
        if self.twice_span == 0.0 {
            return s.zero();
        }
        let (half, span) = (s.splat(0.5), s.splat(self.twice_span));
        let abs_in = if self.align_corners {
            s.abs(x)
        } else {
            s.abs(E::round(s, s.add(x, half)))
        };
        let flips = s.trunc(E::round(s, s.div(abs_in, span)));
        let extra = E::round(s, s.sub(abs_in, E::round(s, s.mul(flips, span))));
        let other = E::round(s, s.sub(span, extra));
        let m = s.select(s.lt(other, extra), other, extra);
        if self.align_corners {
            m
        } else {
            E::round(s, s.sub(m, half))
        }
    }

    #[inline(always)]
    fn pad<S: Simd, E: Element>(&self, s: S, x: S::F32) -> S::F32 {
        match self.padding {
            Padding::Zeros => x,
            Padding::Border => self.clip(s, x),
            Padding::Reflection => self.clip(s, self.reflect::<S, E>(s, x)),
        }
    }

    /// Whether integral coordinate `i` reads the input, and its index (0 where it does not).
    #[inline(always)]
    fn index<S: Simd>(&self, s: S, i: S::F32) -> (S::Mask, S::I32) {
        let ok = s.mask_and(s.ge(i, s.zero()), s.lt(i, s.splat(self.size)));
        (ok, s.to_i32_trunc(s.select(ok, i, s.zero())))
    }
}

/// The taps of `LANES` points: element offsets in a plane (0 where the tap reads nothing),
/// whether each reads the input, and the weights (bilinear: `nw, ne, sw, se`; nearest: the
/// first only).
struct Taps<S: Simd> {
    off: [S::I32; 4],
    ok: [S::Mask; 4],
    w: [S::F32; 4],
}

/// One task: output rows `[u0, u1)` of all batches (`u = n * OH + y`).
pub struct GridTask {
    x: Planes,
    y: Planes,
    /// The grid's base and strides `[n, h, w, coordinate]`.
    grid: *const u8,
    gs: [usize; 4],
    sizes: [usize; 4],
    ax_w: GridAxis,
    ax_h: GridAxis,
    interp: Interp,
    channels_last: bool,
    units: (usize, usize),
}

// SAFETY: tasks only read the input and the grid and write disjoint rows of the out; the call
// outlives them.
unsafe impl Send for GridTask {}
unsafe impl Sync for GridTask {}

impl GridTask {
    /// # Safety
    /// The tensors are a checked call's (`y` writable, disjoint from the others); a plane's
    /// offsets and `LANES` grid strides fit in `i32`.
    #[inline(always)]
    unsafe fn run<S: Simd, E: Element>(&self, s: S) {
        let [_, _, oh, ow] = self.sizes;
        let g = self.grid as *const E;
        for u in self.units.0..self.units.1 {
            let (n, yy) = (u / oh, u % oh);
            let mut x0 = 0;
            while x0 < ow {
                let m = (ow - x0).min(S::LANES);
                // SAFETY: points `x0 .. x0 + m` of grid row `(n, yy)`.
                let (gx, gy) = unsafe {
                    let p = g.add(n * self.gs[0] + yy * self.gs[1] + x0 * self.gs[2]);
                    (
                        E::gather(s, p, self.gs[2], m),
                        E::gather(s, p.add(self.gs[3]), self.gs[2], m),
                    )
                };
                let taps = self.taps::<S, E>(s, gx, gy);
                // SAFETY: the caller's contract.
                unsafe {
                    if self.channels_last {
                        self.along_channels::<S, E>(s, &taps, n, yy, x0, m)
                    } else {
                        self.along_points::<S, E>(s, &taps, n, yy, x0, m)
                    }
                }
                x0 += m;
            }
        }
    }

    #[inline(always)]
    fn taps<S: Simd, E: Element>(&self, s: S, gx: S::F32, gy: S::F32) -> Taps<S> {
        let (aw, ah) = (&self.ax_w, &self.ax_h);
        let x = aw.pad::<S, E>(s, aw.unnormalize::<S, E>(s, gx));
        let y = ah.pad::<S, E>(s, ah.unnormalize::<S, E>(s, gy));
        let one = s.splat(1.0);
        if self.interp == Interp::Nearest {
            let (off, ok) = self.tap(s, ah.index(s, s.round(y)), aw.index(s, s.round(x)));
            return Taps {
                off: [off; 4],
                ok: [ok; 4],
                w: [one; 4],
            };
        }
        let (x_w, y_n) = (s.floor(x), s.floor(y));
        let w = E::round(s, s.sub(x, x_w));
        let e = E::round(s, s.sub(one, w));
        let nn = E::round(s, s.sub(y, y_n));
        let ss = E::round(s, s.sub(one, nn));
        let (x_e, y_s) = (s.add(x_w, one), s.add(y_n, one));
        let (iw, ie) = (aw.index(s, x_w), aw.index(s, x_e));
        let (inn, is) = (ah.index(s, y_n), ah.index(s, y_s));
        let (nw, ne) = (self.tap(s, inn, iw), self.tap(s, inn, ie));
        let (sw, se) = (self.tap(s, is, iw), self.tap(s, is, ie));
        Taps {
            off: [nw.0, ne.0, sw.0, se.0],
            ok: [nw.1, ne.1, sw.1, se.1],
            w: [
                E::round(s, s.mul(ss, e)),
                E::round(s, s.mul(ss, w)),
                E::round(s, s.mul(nn, e)),
                E::round(s, s.mul(nn, w)),
            ],
        }
    }

    /// The offset of tap `(y, x)` in a plane (0 where it reads nothing) and whether it reads.
    #[inline(always)]
    fn tap<S: Simd>(
        &self,
        s: S,
        (oky, iy): (S::Mask, S::I32),
        (okx, ix): (S::Mask, S::I32),
    ) -> (S::I32, S::Mask) {
        let ok = s.mask_and(oky, okx);
        let (hs, ws) = (
            s.splat_i32(self.x.st[2] as i32),
            s.splat_i32(self.x.st[3] as i32),
        );
        let off = s.add_i32(s.mul_i32(iy, hs), s.mul_i32(ix, ws));
        (s.select_i32(ok, off, s.splat_i32(0)), ok)
    }

    /// Portable's sum of the taps' products (`v` the four tap values, 0 where a tap reads
    /// nothing), or the one tap's value for nearest.
    #[inline(always)]
    fn combine<S: Simd, E: Element>(&self, s: S, v: [S::F32; 4], w: &[S::F32; 4]) -> S::F32 {
        if self.interp == Interp::Nearest {
            return v[0];
        }
        let p0 = E::round(s, s.mul(v[0], w[0]));
        let p1 = E::round(s, s.mul(v[1], w[1]));
        let a = E::round(s, s.add(p0, p1));
        let b = E::round(s, s.add(a, E::round(s, s.mul(v[2], w[2]))));
        E::round(s, s.add(b, E::round(s, s.mul(v[3], w[3]))))
    }

    /// Per channel, one gather per tap over the `m` points.
    ///
    /// # Safety
    /// As [`GridTask::run`].
    #[inline(always)]
    unsafe fn along_points<S: Simd, E: Element>(
        &self,
        s: S,
        t: &Taps<S>,
        n: usize,
        yy: usize,
        x0: usize,
        m: usize,
    ) {
        let c = self.sizes[1];
        let (x, y) = (self.x.base::<E>() as *const E, self.y.base::<E>());
        let taps = if self.interp == Interp::Nearest { 1 } else { 4 };
        for ch in 0..c {
            // SAFETY: the plane of `(n, ch)`; the offsets lie in it.
            let plane = unsafe { x.add(self.x.at(n, ch, 0, 0)) };
            let mut v = [s.zero(); 4];
            for (k, v) in v.iter_mut().enumerate().take(taps) {
                // SAFETY: as above.
                let g = unsafe { E::gather_idx(s, plane, t.off[k]) };
                *v = s.select(t.ok[k], g, s.zero());
            }
            let out = self.combine::<S, E>(s, v, &t.w);
            // SAFETY: points `x0 .. x0 + m` of output row `(n, ch, yy)`.
            unsafe { store_row::<S, E>(s, &self.y, y, self.y.at(n, ch, yy, x0), m, out) };
        }
    }

    /// Per point, `LANES` channels at a time, one contiguous load per tap.
    ///
    /// # Safety
    /// As [`GridTask::run`], input and out with unit channel strides.
    #[inline(always)]
    unsafe fn along_channels<S: Simd, E: Element>(
        &self,
        s: S,
        t: &Taps<S>,
        n: usize,
        yy: usize,
        x0: usize,
        m: usize,
    ) {
        let c = self.sizes[1];
        let (x, y) = (self.x.base::<E>() as *const E, self.y.base::<E>());
        let taps = if self.interp == Interp::Nearest { 1 } else { 4 };
        let mut off = [[0i32; MAX_LANES]; 4];
        let mut w = [[0f32; MAX_LANES]; 4];
        let mut ok = [[0u8; MAX_LANES]; 4];
        for k in 0..taps {
            // SAFETY: stack arrays of `MAX_LANES >= LANES` entries.
            unsafe {
                s.store_i32(off[k].as_mut_ptr(), t.off[k]);
                s.store(w[k].as_mut_ptr(), t.w[k]);
                s.store_mask(ok[k].as_mut_ptr(), t.ok[k]);
            }
        }
        // SAFETY: the batch's first plane.
        let base = unsafe { x.add(self.x.at(n, 0, 0, 0)) };
        for p in 0..m {
            let wp = [
                s.splat(w[0][p]),
                s.splat(w[1][p]),
                s.splat(w[2][p]),
                s.splat(w[3][p]),
            ];
            let mut c0 = 0;
            while c0 < c {
                let lanes = (c - c0).min(S::LANES);
                let mut v = [s.zero(); 4];
                for (k, v) in v.iter_mut().enumerate().take(taps) {
                    if ok[k][p] != 0 {
                        // SAFETY: channels `c0 .. c0 + lanes` at an in-range tap.
                        *v = unsafe {
                            let q = base.add(off[k][p] as usize + c0);
                            if lanes == S::LANES {
                                E::load(s, q)
                            } else {
                                E::load_n(s, q, lanes)
                            }
                        };
                    }
                }
                let out = self.combine::<S, E>(s, v, &wp);
                // SAFETY: channels `c0 .. c0 + lanes` of output point `(n, yy, x0 + p)`.
                unsafe {
                    let q = y.add(self.y.at(n, c0, yy, x0 + p));
                    if lanes == S::LANES {
                        E::store(s, q, out)
                    } else {
                        E::store_n(s, q, lanes, out)
                    }
                }
                c0 += lanes;
            }
        }
    }
}

/// `m` lanes of `v` at element `at` of `y`, `y.st[3]` apart.
///
/// # Safety
/// Those elements writable.
#[inline(always)]
unsafe fn store_row<S: Simd, E: Element>(
    s: S,
    y: &Planes,
    p: *mut E,
    at: usize,
    m: usize,
    v: S::F32,
) {
    let ys = y.st[3];
    // SAFETY: the caller's contract.
    unsafe {
        match (ys == 1, m == S::LANES) {
            (true, true) => E::store(s, p.add(at), v),
            (true, false) => E::store_n(s, p.add(at), m, v),
            _ => {
                let mut b = [0f32; MAX_LANES];
                s.store(b.as_mut_ptr(), v);
                for (i, &x) in b.iter().enumerate().take(m) {
                    *p.add(at + i * ys) = E::from_f32(x);
                }
            }
        }
    }
}

/// A [`GridTask`] with its element type, for [`etk_simd::dispatch`].
struct GridKernel<'a, E> {
    task: &'a GridTask,
    elem: PhantomData<E>,
}

impl<E: Element> etk_simd::Kernel for GridKernel<'_, E> {
    type Output = ();
    #[inline(always)]
    fn run<S: Simd>(self, s: S) {
        // SAFETY: built by `grid_sample` from a checked call (see `GridTask::run`).
        unsafe { self.task.run::<S, E>(s) }
    }
}

/// Computes a checked `grid_sampler_2d` call (`out` resized, non-empty) on the vector layer;
/// `false` (nothing written) when it leaves the call to portable: Double, bicubic, offsets
/// past `i32`.
///
/// # Safety
/// `input`, `grid` and `out` are the checked call's (`out` writable, disjoint from both).
pub unsafe fn grid_sample(
    ctx: &mut KernelContext<'_>,
    input: &Tensor<'_>,
    grid: &Tensor<'_>,
    mode: Mode,
    align_corners: bool,
    out: &Tensor<'_>,
) -> bool {
    let dtype = input.dtype();
    if mode.interp == Interp::Bicubic
        || !matches!(
            dtype,
            ScalarType::Float | ScalarType::Half | ScalarType::BFloat16
        )
    {
        return false;
    }
    let (x, y) = (Planes::new(input), Planes::new(out));
    let (h, w) = (input.size(2), input.size(3));
    let gst = grid.strides();
    let gs = [gst[0], gst[1], gst[2], gst[3]];
    let plane_span = (h - 1) as u128 * x.st[2] as u128 + (w - 1) as u128 * x.st[3] as u128;
    // sizes past 2^24 are not exact in f32, where portable compares coordinates in f64
    if plane_span > i32::MAX as u128
        || gs[2] as u128 * MAX_LANES as u128 > i32::MAX as u128
        || h.max(w) > 1 << 24
    {
        return false;
    }
    let o = out.sizes();
    let sizes = [o[0], o[1], o[2], o[3]];
    let axes = |f: fn(usize, bool, Padding) -> GridAxis| {
        (
            f(w, align_corners, mode.padding),
            f(h, align_corners, mode.padding),
        )
    };
    let (ax_w, ax_h) = match dtype {
        ScalarType::Half => axes(GridAxis::new::<f16>),
        ScalarType::BFloat16 => axes(GridAxis::new::<bf16>),
        _ => axes(GridAxis::new::<f32>),
    };
    let units = sizes[0] * sizes[2];
    let points = units * sizes[3];
    let es = dtype.element_size();
    let work = Work {
        flops: points * (40 + 12 * sizes[1]),
        bytes: (input.numel() + 2 * points + points * sizes[1]) * es,
    };
    let n_tasks = tasks(ctx, units, work);
    let level = etk_simd::level();
    let task = |i: usize| {
        let t = GridTask {
            x,
            y,
            grid: grid.as_ptr(),
            gs,
            sizes,
            ax_w,
            ax_h,
            interp: mode.interp,
            channels_last: x.st[1] == 1 && y.st[1] == 1,
            units: task_range(i, n_tasks, units),
        };
        match dtype {
            ScalarType::Half => etk_simd::dispatch(
                level,
                GridKernel::<f16> {
                    task: &t,
                    elem: PhantomData,
                },
            ),
            ScalarType::BFloat16 => etk_simd::dispatch_bf16(
                level,
                GridKernel::<bf16> {
                    task: &t,
                    elem: PhantomData,
                },
            ),
            _ => etk_simd::dispatch(
                level,
                GridKernel::<f32> {
                    task: &t,
                    elem: PhantomData,
                },
            ),
        }
    };
    if n_tasks == 1 {
        task(0);
    } else {
        ctx.parallel.run(n_tasks, &task);
    }
    true
}
