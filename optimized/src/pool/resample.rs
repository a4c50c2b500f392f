//! Bilinear resampling (`upsample_bilinear2d`) on the vector layer, in portable's arithmetic:
//! out `[n, c, y, x]` is `wh0 * top + wh1 * bottom` with `top = ww0 * in[h0, w0] + ww1 * in[h0,
//! w1]` (and `bottom` on row `h1`), every product and sum rounded in f32 in that order, taps and
//! weights from portable's `linear_taps`. `top` depends on the input row and the output column
//! only, so:
//! - along output columns (an out with contiguous rows): each input row's horizontal pass is
//!   computed once per plane (two gathers per vector) into a ring of two rows, and every output
//!   row is one vertical pass of unit-stride loads;
//! - along channels (input and out channels-last): four contiguous loads per output position.

use super::{Planes, task_range, tasks};
use core::marker::PhantomData;
use etk_core::{KernelContext, ScalarType, Tensor, Work, bf16, f16};
use etk_portable::util::resample::{area_pixel_scale, linear_taps};
use etk_simd::{Element, Simd};

/// The taps of one axis per output index: input indices `i0`, `i1` and weights `w0`, `w1`.
#[derive(Clone, Copy)]
pub struct Axis<'a> {
    pub i0: &'a [i32],
    pub i1: &'a [i32],
    pub w0: &'a [f32],
    pub w1: &'a [f32],
}

/// Sizes of a resampling call: batch, channels, input and output height and width.
#[derive(Clone, Copy, Debug)]
pub struct Sizes {
    pub n: usize,
    pub c: usize,
    pub ih: usize,
    pub iw: usize,
    pub oh: usize,
    pub ow: usize,
}

/// Along output columns: planes `[p0, p1)`, with this task's scratch (an f32 input row, two
/// horizontal rows).
pub struct ColumnsTask<'a> {
    pub sz: Sizes,
    pub x: Planes,
    pub y: Planes,
    pub rows: Axis<'a>,
    pub cols: Axis<'a>,
    /// `iw` floats: an input row converted to f32 (unused for contiguous Float rows).
    pub row: *mut f32,
    /// `2 * ow` floats: the horizontal passes of two input rows.
    pub hbuf: *mut f32,
    pub planes: (usize, usize),
}

impl ColumnsTask<'_> {
    /// # Safety
    /// The tensors are the checked call's (`y` with unit column stride, writable, disjoint
    /// from `x`); the taps lie inside the input; the buffers are this task's.
    #[inline(always)]
    pub unsafe fn run<S: Simd, E: Element>(&self, s: S) {
        let sz = self.sz;
        let x = self.x.base::<E>() as *const E;
        let y = self.y.base::<E>();
        for plane in self.planes.0..self.planes.1 {
            let (n, c) = (plane / sz.c, plane % sz.c);
            let mut held = [usize::MAX; 2];
            for oy in 0..sz.oh {
                let (h0, h1) = (self.rows.i0[oy] as usize, self.rows.i1[oy] as usize);
                // SAFETY: rows of the plane; the task's buffers.
                let (top, bottom) = unsafe {
                    let plane = x.add(self.x.at(n, c, 0, 0));
                    (
                        self.pass::<S, E>(s, &mut held, plane, h0),
                        self.pass::<S, E>(s, &mut held, plane, h1),
                    )
                };
                let (wh0, wh1) = (s.splat(self.rows.w0[oy]), s.splat(self.rows.w1[oy]));
                // SAFETY: output row `oy` of the plane.
                let out = unsafe { y.add(self.y.at(n, c, oy, 0)) };
                let mut o = 0;
                while o < sz.ow {
                    let m = (sz.ow - o).min(S::LANES);
                    // SAFETY: columns `o .. o + m` of the rows.
                    unsafe {
                        let (t, b) = if m == S::LANES {
                            (s.load(top.add(o)), s.load(bottom.add(o)))
                        } else {
                            (s.load_n(top.add(o), m), s.load_n(bottom.add(o), m))
                        };
                        let v = s.add(s.mul(wh0, t), s.mul(wh1, b));
                        if m == S::LANES {
                            E::store(s, out.add(o), v);
                        } else {
                            E::store_n(s, out.add(o), m, v);
                        }
                    }
                    o += m;
                }
            }
        }
    }

    /// The horizontal pass of input row `ih` of `plane`, computed unless `held` says a slot
    /// holds it.
    ///
    /// # Safety
    /// `plane` is a plane of the input; the buffers are this task's.
    #[inline(always)]
    unsafe fn pass<S: Simd, E: Element>(
        &self,
        s: S,
        held: &mut [usize; 2],
        plane: *const E,
        ih: usize,
    ) -> *const f32 {
        let (iw, xw) = (self.sz.iw, self.x.st[3]);
        let slot = ih % 2;
        // SAFETY: the caller's contract.
        unsafe {
            let dst = self.hbuf.add(slot * self.sz.ow);
            if held[slot] != ih {
                let src = plane.add(ih * self.x.st[2]);
                let src = if E::IS_F32 && xw == 1 {
                    src as *const f32
                } else if xw == 1 {
                    let mut i = 0;
                    while i < iw {
                        let m = (iw - i).min(S::LANES);
                        s.store_n(self.row.add(i), m, E::load_n(s, src.add(i), m));
                        i += m;
                    }
                    self.row as *const f32
                } else {
                    for i in 0..iw {
                        *self.row.add(i) = (*src.add(i * xw)).to_f32();
                    }
                    self.row as *const f32
                };
                self.horizontal(s, src, dst);
                held[slot] = ih;
            }
            dst
        }
    }

    /// `dst[x] = ww0[x] * src[w0[x]] + ww1[x] * src[w1[x]]` for every output column.
    ///
    /// # Safety
    /// `src` holds the `iw` floats of an input row, `dst` room for `ow`.
    #[inline(always)]
    unsafe fn horizontal<S: Simd>(&self, s: S, src: *const f32, dst: *mut f32) {
        let a = self.cols;
        let mut o = 0;
        while o < self.sz.ow {
            let m = (self.sz.ow - o).min(S::LANES);
            // SAFETY: entries `o .. o + m` of the tables (the tail's indices read as 0, a
            // column of the row) and of `dst`.
            unsafe {
                let (i0, i1) = (
                    s.load_i32_n(a.i0.as_ptr().add(o), m),
                    s.load_i32_n(a.i1.as_ptr().add(o), m),
                );
                let (w0, w1) = (
                    s.load_n(a.w0.as_ptr().add(o), m),
                    s.load_n(a.w1.as_ptr().add(o), m),
                );
                let v = s.add(s.mul(w0, s.gather(src, i0)), s.mul(w1, s.gather(src, i1)));
                s.store_n(dst.add(o), m, v);
            }
            o += m;
        }
    }
}

/// Along channels: output rows `[u0, u1)` of all batches (`u = n * OH + y`), input and out
/// channels-last.
pub struct ChannelsTask<'a> {
    pub sz: Sizes,
    pub x: Planes,
    pub y: Planes,
    pub rows: Axis<'a>,
    pub cols: Axis<'a>,
    pub units: (usize, usize),
}

impl ChannelsTask<'_> {
    /// # Safety
    /// As [`ColumnsTask::run`], with unit channel strides.
    #[inline(always)]
    pub unsafe fn run<S: Simd, E: Element>(&self, s: S) {
        let sz = self.sz;
        let x = self.x.base::<E>() as *const E;
        let y = self.y.base::<E>();
        for u in self.units.0..self.units.1 {
            let (n, oy) = (u / sz.oh, u % sz.oh);
            let (h0, h1) = (self.rows.i0[oy] as usize, self.rows.i1[oy] as usize);
            let (wh0, wh1) = (s.splat(self.rows.w0[oy]), s.splat(self.rows.w1[oy]));
            for ox in 0..sz.ow {
                let (w0, w1) = (self.cols.i0[ox] as usize, self.cols.i1[ox] as usize);
                let (ww0, ww1) = (s.splat(self.cols.w0[ox]), s.splat(self.cols.w1[ox]));
                let mut c0 = 0;
                while c0 < sz.c {
                    let m = (sz.c - c0).min(S::LANES);
                    // SAFETY: channels `c0 .. c0 + m` of the four taps and the output position.
                    unsafe {
                        let at = |h: usize, w: usize| x.add(self.x.at(n, c0, h, w));
                        let (a, b) = (
                            load_c::<S, E>(s, at(h0, w0), m),
                            load_c::<S, E>(s, at(h0, w1), m),
                        );
                        let top = s.add(s.mul(ww0, a), s.mul(ww1, b));
                        let (a, b) = (
                            load_c::<S, E>(s, at(h1, w0), m),
                            load_c::<S, E>(s, at(h1, w1), m),
                        );
                        let bottom = s.add(s.mul(ww0, a), s.mul(ww1, b));
                        let v = s.add(s.mul(wh0, top), s.mul(wh1, bottom));
                        let p = y.add(self.y.at(n, c0, oy, ox));
                        if m == S::LANES {
                            E::store(s, p, v);
                        } else {
                            E::store_n(s, p, m, v);
                        }
                    }
                    c0 += m;
                }
            }
        }
    }
}

/// `m <= LANES` contiguous elements at `p`.
///
/// # Safety
/// Those elements readable.
#[inline(always)]
unsafe fn load_c<S: Simd, E: Element>(s: S, p: *const E, m: usize) -> S::F32 {
    // SAFETY: the caller's contract.
    unsafe {
        if m == S::LANES {
            E::load(s, p)
        } else {
            E::load_n(s, p, m)
        }
    }
}

/// A resampling task with its element type, for [`etk_simd::dispatch`].
pub enum BilinearKernel<'a, E> {
    Columns(ColumnsTask<'a>, core::marker::PhantomData<E>),
    Channels(ChannelsTask<'a>, core::marker::PhantomData<E>),
}

impl<E: Element> etk_simd::Kernel for BilinearKernel<'_, E> {
    type Output = ();
    #[inline(always)]
    fn run<S: Simd>(self, s: S) {
        // SAFETY: built by `upsample_bilinear2d` from a checked call (see the tasks' `run`).
        unsafe {
            match self {
                BilinearKernel::Columns(t, _) => t.run::<S, E>(s),
                BilinearKernel::Channels(t, _) => t.run::<S, E>(s),
            }
        }
    }
}

/// Computes `out` (resized to `[N, C, OH, OW]`, non-empty) as the bilinear resampling of
/// `input` on the vector layer; `false` (nothing written) when it leaves the call to portable:
/// other dtypes, an out whose rows and channels are both strided, too little scratch.
///
/// # Safety
/// `input` and `out` are a checked call's (`out` writable, disjoint from `input`).
pub unsafe fn bilinear(
    ctx: &mut KernelContext<'_>,
    input: &Tensor<'_>,
    out: &Tensor<'_>,
    align_corners: bool,
    scales: [Option<f64>; 2],
) -> bool {
    let dtype = input.dtype();
    if !matches!(
        dtype,
        ScalarType::Float | ScalarType::Half | ScalarType::BFloat16
    ) {
        return false;
    }
    let (x, y) = (Planes::new(input), Planes::new(out));
    let o = out.sizes();
    let sz = Sizes {
        n: o[0],
        c: o[1],
        ih: input.size(2),
        iw: input.size(3),
        oh: o[2],
        ow: o[3],
    };
    let channels = x.st[1] == 1 && y.st[1] == 1;
    if !channels && y.st[3] != 1 {
        return false;
    }
    let level = etk_simd::level();
    let units = if channels { sz.n * sz.oh } else { sz.n * sz.c };
    let es = dtype.element_size();
    let outs = sz.n * sz.c * sz.oh * sz.ow;
    let work = Work {
        flops: outs * if channels { 6 } else { 3 },
        bytes: (sz.n * sz.c * sz.ih * sz.iw + outs) * es,
    };
    let n_tasks = tasks(ctx, units, work);
    let par = ctx.parallel;
    ctx.scratch.scope(|sc| {
        let axis = |size: usize, input: usize, scale: Option<f64>| {
            let (i0, i1, w0, w1) = (
                sc.alloc_for_overwrite::<i32>("upsample", size).ok()?,
                sc.alloc_for_overwrite::<i32>("upsample", size).ok()?,
                sc.alloc_for_overwrite::<f32>("upsample", size).ok()?,
                sc.alloc_for_overwrite::<f32>("upsample", size).ok()?,
            );
            let sc: f32 = area_pixel_scale(input, size, align_corners, scale);
            for o in 0..size {
                let (a, b, wa, wb) = linear_taps(sc, o, input, size, align_corners);
                (i0[o], i1[o], w0[o], w1[o]) = (a as i32, b as i32, wa, wb);
            }
            Some(Axis {
                i0: &*i0,
                i1: &*i1,
                w0: &*w0,
                w1: &*w1,
            })
        };
        let (Some(rows), Some(cols)) =
            (axis(sz.oh, sz.ih, scales[0]), axis(sz.ow, sz.iw, scales[1]))
        else {
            return false;
        };
        let per_task = sz.iw + 2 * sz.ow;
        let Ok(buf) = sc
            .alloc_for_overwrite::<f32>("upsample", if channels { 0 } else { n_tasks * per_task })
        else {
            return false;
        };
        let buf = buf.as_mut_ptr() as usize;
        let task = |i: usize| {
            let range = task_range(i, n_tasks, units);
            let job = Job {
                sz,
                x,
                y,
                rows,
                cols,
                // this task's part of the buffer
                buf: (buf as *mut f32).wrapping_add(i * per_task),
                range,
                channels,
            };
            match dtype {
                ScalarType::Half => job.go::<f16>(level),
                ScalarType::BFloat16 => etk_simd::dispatch_bf16(level, job.kernel::<bf16>()),
                _ => job.go::<f32>(level),
            }
        };
        if n_tasks == 1 {
            task(0);
        } else {
            par.run(n_tasks, &task);
        }
        true
    })
}

/// One task of [`bilinear`], before its element type is chosen.
struct Job<'a> {
    sz: Sizes,
    x: Planes,
    y: Planes,
    rows: Axis<'a>,
    cols: Axis<'a>,
    /// `iw + 2 ow` floats of scratch (columns only).
    buf: *mut f32,
    range: (usize, usize),
    channels: bool,
}

impl<'a> Job<'a> {
    fn kernel<E: Element>(self) -> BilinearKernel<'a, E> {
        if self.channels {
            return BilinearKernel::Channels(
                ChannelsTask {
                    sz: self.sz,
                    x: self.x,
                    y: self.y,
                    rows: self.rows,
                    cols: self.cols,
                    units: self.range,
                },
                PhantomData,
            );
        }
        BilinearKernel::Columns(
            ColumnsTask {
                sz: self.sz,
                x: self.x,
                y: self.y,
                rows: self.rows,
                cols: self.cols,
                row: self.buf,
                hbuf: self.buf.wrapping_add(self.sz.iw),
                planes: self.range,
            },
            PhantomData,
        )
    }

    fn go<E: Element>(self, level: etk_simd::Level) {
        etk_simd::dispatch(level, self.kernel::<E>())
    }
}
