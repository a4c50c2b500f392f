//! Pooling along output columns, for outs whose rows are contiguous.
//!
//! Output column `ow` reads input columns `ow * sw + kw * dw - pw`; with `t = kw * dw - pw =
//! q * sw + r` (`0 <= r < sw`) that is column `ow + q` of phase `r`, the input row's elements
//! `r, r + sw, r + 2 sw, ...`. Each input row a plane's output rows read is copied once into a
//! ring of scratch rows as f32, split into its `sw` phases and padded on both sides with a fill
//! that changes no result (`-inf` for a max: never greater, never NaN; `+0` for a sum: `s + 0 ==
//! s` for every sum, which is never `-0` as it starts from `+0`). Then every tap of every lane
//! is one unit-stride vector load, taps in portable's order (rows, then columns) with the same
//! operation per lane as portable's loop, so results are portable's bit for bit. The indices of
//! a max: the tap's `ih * W + kw * dw - pw` is selected per lane with the value, and `ow * sw`
//! added at the end.

use super::{Planes, iota, store_i64};
use etk_simd::{Element, Simd};

/// The geometry of a 2-D pooling call: sizes, and per spatial dim (height, width) the kernel,
/// stride, padding and dilation.
#[derive(Clone, Copy, Debug)]
pub struct Geom {
    pub n: usize,
    pub c: usize,
    pub h: usize,
    pub w: usize,
    pub oh: usize,
    pub ow: usize,
    pub k: [usize; 2],
    pub s: [usize; 2],
    pub p: [usize; 2],
    pub d: [usize; 2],
}

impl Geom {
    /// The input rows a window of output row `oh` reads: `(first kernel row, first input row,
    /// count)`, rows `first + i * dh` for `i < count`.
    #[inline]
    pub fn rows_of(&self, oh: usize) -> (usize, usize, usize) {
        let start = (oh * self.s[0]) as isize - self.p[0] as isize;
        let dh = self.d[0] as isize;
        let k0 = if start < 0 {
            ((-start + dh - 1) / dh) as usize
        } else {
            0
        };
        let first = start + (k0 as isize) * dh;
        let mut count = 0;
        while k0 + count < self.k[0] && first + (count as isize) * dh < self.h as isize {
            count += 1;
        }
        (k0, first.max(0) as usize, count)
    }
}

/// The most phases (column stride) the rows kernel takes.
pub const MAX_PHASES: usize = 16;

/// Where the phase rows of one input row lie: phase `r` at `r * len`, column `j` (from
/// `jmin`) at `j - jmin`; tap `kw` at `(r, q)`.
#[derive(Clone, Copy, Debug)]
pub struct Phases {
    pub jmin: isize,
    pub len: usize,
    /// The fill of padded columns.
    pub fill: f32,
    /// Per phase, the part `[a, b)` that holds input columns (the rest is fill).
    pub runs: [(usize, usize); MAX_PHASES],
}

impl Phases {
    /// `None` past [`MAX_PHASES`].
    pub fn new(g: &Geom, fill: f32) -> Option<Phases> {
        if g.s[1] > MAX_PHASES {
            return None;
        }
        let sw = g.s[1] as isize;
        let t_first = -(g.p[1] as isize);
        let t_last = ((g.k[1] - 1) * g.d[1]) as isize - g.p[1] as isize;
        let jmin = t_first.div_euclid(sw);
        let jmax = (g.ow as isize - 1) + t_last.div_euclid(sw);
        let len = (jmax - jmin + 1) as usize;
        let mut runs = [(0, 0); MAX_PHASES];
        for (r, run) in runs.iter_mut().enumerate().take(g.s[1]) {
            // columns j (from 0, as `jmin <= 0`) with j sw + r < w
            let hi = ((g.w as isize - r as isize + sw - 1) / sw).clamp(0, jmin + len as isize);
            *run = ((-jmin) as usize, (hi - jmin).max(-jmin) as usize);
        }
        Some(Phases {
            jmin,
            len,
            fill,
            runs,
        })
    }

    /// Floats of one input row's phases, and room for a vector's loads past their end (so
    /// that every load of an output row is a whole vector).
    pub fn row_floats(&self, g: &Geom) -> usize {
        self.len * g.s[1] + etk_simd::MAX_LANES
    }

    /// Where tap `kw` of output column 0 lies in a row's phases.
    #[inline]
    pub fn tap(&self, g: &Geom, kw: usize) -> usize {
        let t = (kw * g.d[1]) as isize - g.p[1] as isize;
        let sw = g.s[1] as isize;
        let (q, r) = (t.div_euclid(sw), t.rem_euclid(sw));
        r as usize * self.len + (q - self.jmin) as usize
    }

    /// Copies input row `x[0..w]` (elements `xs` apart) into `dst` as phases: a
    /// contiguous row with one or two phases by vectors (two by [`Simd::unzip`]), the others
    /// through `tmp`. The last vector of a single phase may run past its columns (into its
    /// fill or the row's spare room), which the fill then rewrites.
    ///
    /// # Safety
    /// `w` elements readable at `x`, `xs` apart; `row_floats` floats writable at `dst`, `w`
    /// at `tmp`.
    #[inline(always)]
    pub unsafe fn fill_row<S: Simd, E: Element>(
        &self,
        s: S,
        g: &Geom,
        x: *const E,
        xs: usize,
        dst: *mut f32,
        tmp: *mut f32,
    ) {
        let (sw, w) = (g.s[1], g.w);
        let lanes = S::LANES;
        // SAFETY (all): the caller's contract; runs lie inside the row (`runs`).
        unsafe {
            if xs == 1 && sw == 1 {
                let (a, b) = self.runs[0];
                let mut i = 0;
                while i < b - a {
                    let m = (b - a - i).min(lanes);
                    s.store(dst.add(a + i), E::load_n(s, x.add(i), m));
                    i += m;
                }
            } else if xs == 1 && sw == 2 {
                // phase 0 takes the even columns, phase 1 the odd: `2 LANES` columns a step
                let ((a, b0), (_, b1)) = (self.runs[0], self.runs[1]);
                let (d0, d1) = (dst.add(a), dst.add(self.len + a));
                let mut j = 0;
                while j < b0 - a {
                    let i = 2 * j;
                    let m = w - i;
                    let (va, vb) = if m >= 2 * lanes {
                        (E::load(s, x.add(i)), E::load(s, x.add(i + lanes)))
                    } else {
                        let hi = x.wrapping_add(i + lanes);
                        (
                            E::load_n(s, x.add(i), m.min(lanes)),
                            E::load_n(s, hi, m.saturating_sub(lanes)),
                        )
                    };
                    let (even, odd) = s.unzip(va, vb);
                    let (m0, m1) = (
                        (b0 - a - j).min(lanes),
                        (b1 - a).saturating_sub(j).min(lanes),
                    );
                    if m0 == lanes && m1 == lanes {
                        s.store(d0.add(j), even);
                        s.store(d1.add(j), odd);
                    } else {
                        // exact: phase 0's last vector must not reach into phase 1's columns
                        s.store_n(d0.add(j), m0, even);
                        s.store_n(d1.add(j), m1, odd);
                    }
                    j += lanes;
                }
            } else {
                for i in 0..w {
                    *tmp.add(i) = (*x.add(i * xs)).to_f32();
                }
                for r in 0..sw {
                    let (a, b) = self.runs[r];
                    let (from, to) = (tmp.add(r) as *const f32, dst.add(r * self.len + a));
                    for i in 0..b - a {
                        *to.add(i) = *from.add(i * sw);
                    }
                }
            }
            // the fill around each phase's columns, after the runs that may overwrite it
            for r in 0..sw {
                let (a, b) = self.runs[r];
                let d = core::slice::from_raw_parts_mut(dst.add(r * self.len), self.len);
                d[..a].fill(self.fill);
                d[b..].fill(self.fill);
            }
        }
    }
}

/// A ring of prepared input rows: row `ih` in slot `ih % slots` (`slots` a power of two).
pub struct Ring {
    pub base: *mut f32,
    pub slots: usize,
    pub row: usize,
    pub held: *mut usize,
    /// `w` floats: an input row converted to f32 on its way in.
    pub tmp: *mut f32,
}

impl Ring {
    /// Forgets every row (a new plane).
    ///
    /// # Safety
    /// The ring's memory is this task's.
    pub unsafe fn clear(&self) {
        for i in 0..self.slots {
            // SAFETY: the ring's memory.
            unsafe { *self.held.add(i) = usize::MAX };
        }
    }
}

/// What a pass of the rows kernel computes.
#[derive(Clone, Copy, Debug)]
pub enum Reduce {
    /// The maximum and its index (`-inf` fill).
    Max,
    /// The sum divided by `divisor_override`.
    SumBy(f32),
    /// The sum divided by the window's count: output row `oh` by `hcount[oh] * wcount[ow]`
    /// (exact in i32).
    SumByCount,
    /// The sum divided by the window's height, then by its width (adaptive pooling).
    SumByEach(f32, f32),
}

/// The widest window (taps per dim) the rows kernel takes.
pub const MAX_TAPS: usize = 16;

/// How many output rows ahead input rows are prepared (see `RowsTask::run`).
pub const AHEAD: usize = 4;

/// Output vectors computed together: independent chains of taps, so that a tap's compare or
/// add does not wait for the previous tap's.
const BLOCK: usize = 4;

/// One task of the rows kernel: planes `[p0, p1)` of `x` pooled into `y` (and `ind`).
pub struct RowsTask<'a> {
    pub g: &'a Geom,
    pub ph: &'a Phases,
    pub reduce: Reduce,
    pub x: Planes,
    pub y: Planes,
    pub ind: Option<Planes>,
    /// Per output column: the first tap's column minus `ow * sw` (max), or the window's
    /// count (sums), as i32.
    pub col: &'a [i32],
    /// Per output row: the window's count (sums).
    pub hcount: &'a [i32],
    pub ring: &'a Ring,
    pub planes: (usize, usize),
}

/// The rows and taps of one output row's windows.
struct Window<'a> {
    /// The prepared input rows, in scan order.
    rows: &'a [*const f32],
    /// Per tap, its place in a prepared row (for output column 0).
    taps: &'a [usize],
    /// Per row, per tap: the tap's input index (`ih * W + kw * dw - pw`, the out column's
    /// `ow * sw` not added), for a max.
    index: &'a [[i32; MAX_TAPS]],
}

impl RowsTask<'_> {
    /// # Safety
    /// The tensors are the checked call's: `x` of `g`'s input sizes, `y` / `ind` of its
    /// output sizes with unit column strides, writable and disjoint; the ring is this task's;
    /// the window at most [`MAX_TAPS`] per dim.
    #[inline(always)]
    pub unsafe fn run<S: Simd, E: Element>(&self, s: S) {
        let g = self.g;
        let (x, y) = (self.x.base::<E>() as *const E, self.y.base::<E>());
        let (kw, w) = (g.k[1], g.w as i32);
        let mut taps = [0usize; MAX_TAPS];
        let mut tap_col = [0i32; MAX_TAPS];
        for k in 0..kw {
            taps[k] = self.ph.tap(g, k);
            tap_col[k] = (k * g.d[1]) as i32 - g.p[1] as i32;
        }
        let mut rows = [core::ptr::null::<f32>(); MAX_TAPS];
        let mut index = [[0i32; MAX_TAPS]; MAX_TAPS];
        for plane in self.planes.0..self.planes.1 {
            let (n, c) = (plane / g.c, plane % g.c);
            // SAFETY: the caller's contract.
            unsafe {
                self.ring.clear();
                let xp = x.add(self.x.at(n, c, 0, 0));
                // Input rows are prepared `AHEAD` output rows before they are read: read
                // right away, loads that span two of the stores that wrote them wait for
                // those stores to leave the store buffer.
                for oh in 0..g.oh.min(AHEAD) {
                    self.prepare::<S, E>(s, xp, oh);
                }
                for oh in 0..g.oh {
                    if oh + AHEAD < g.oh {
                        self.prepare::<S, E>(s, xp, oh + AHEAD);
                    }
                    let (_, first, count) = g.rows_of(oh);
                    for i in 0..count {
                        let ih = first + i * g.d[0];
                        rows[i] = self.row::<S, E>(s, xp, ih);
                        if self.ind.is_some() {
                            for k in 0..kw {
                                index[i][k] = (ih as i32).wrapping_mul(w).wrapping_add(tap_col[k]);
                            }
                        }
                    }
                    let win = Window {
                        rows: &rows[..count],
                        taps: &taps[..kw],
                        index: &index[..count],
                    };
                    let yr = y.add(self.y.at(n, c, oh, 0));
                    match (self.reduce, self.ind) {
                        (Reduce::Max, Some(ind)) => {
                            let ir = ind.base::<i64>().add(ind.at(n, c, oh, 0));
                            self.max_row::<S, E>(s, &win, first, yr, ir)
                        }
                        _ => self.sum_row::<S, E>(s, &win, oh, yr),
                    }
                }
            }
        }
    }

    /// The phases of input row `ih` of the plane at `xp`, copied into the ring unless it holds
    /// them.
    ///
    /// # Safety
    /// As [`RowsTask::run`]; `xp` a plane of the input.
    #[inline(always)]
    unsafe fn row<S: Simd, E: Element>(&self, s: S, xp: *const E, ih: usize) -> *const f32 {
        let ring = self.ring;
        let slot = ih & (ring.slots - 1);
        // SAFETY: the ring's memory is this task's; row `ih` of the plane.
        unsafe {
            let dst = ring.base.add(slot * ring.row);
            if *ring.held.add(slot) != ih {
                let src = xp.add(ih * self.x.st[2]);
                self.ph
                    .fill_row(s, self.g, src, self.x.st[3], dst, ring.tmp);
                *ring.held.add(slot) = ih;
            }
            dst
        }
    }

    /// Prepares the input rows of output row `oh` of the plane at `xp`.
    ///
    /// # Safety
    /// As [`RowsTask::run`].
    #[inline(always)]
    unsafe fn prepare<S: Simd, E: Element>(&self, s: S, xp: *const E, oh: usize) {
        let g = self.g;
        let (_, first, count) = g.rows_of(oh);
        for i in 0..count {
            let ih = first + i * g.d[0];
            // SAFETY: the caller's contract.
            unsafe { self.row::<S, E>(s, xp, ih) };
        }
    }

    /// One output row of a max, [`BLOCK`] vectors at a time.
    ///
    /// # Safety
    /// As [`RowsTask::run`]; `y` and `ind` the output row's.
    #[inline(always)]
    unsafe fn max_row<S: Simd, E: Element>(
        &self,
        s: S,
        win: &Window<'_>,
        first: usize,
        y: *mut E,
        ind: *mut i64,
    ) {
        let g = self.g;
        let lanes = S::LANES;
        let mut ow0 = 0;
        while ow0 < g.ow {
            let nv = (g.ow - ow0).div_ceil(lanes).min(BLOCK);
            // SAFETY: the caller's contract.
            unsafe {
                match nv {
                    BLOCK => self.max_block::<S, E, BLOCK>(s, win, first, ow0, y, ind),
                    3 => self.max_block::<S, E, 3>(s, win, first, ow0, y, ind),
                    2 => self.max_block::<S, E, 2>(s, win, first, ow0, y, ind),
                    _ => self.max_block::<S, E, 1>(s, win, first, ow0, y, ind),
                }
            }
            ow0 += nv * lanes;
        }
    }

    /// Output columns `ow0 ..` of a max, `V` vectors (the last may be partial).
    ///
    /// # Safety
    /// As [`RowsTask::max_row`].
    #[inline(always)]
    unsafe fn max_block<S: Simd, E: Element, const V: usize>(
        &self,
        s: S,
        win: &Window<'_>,
        first: usize,
        ow0: usize,
        y: *mut E,
        ind: *mut i64,
    ) {
        let g = self.g;
        let lanes = S::LANES;
        let mut best = [s.splat(f32::NEG_INFINITY); V];
        let mut idx = [s.splat_i32(0); V];
        let row0 = s.splat_i32((first as i32).wrapping_mul(g.w as i32));
        for (j, idx) in idx.iter_mut().enumerate() {
            let m = (g.ow - ow0 - j * lanes).min(lanes);
            // SAFETY: entries of the column table.
            *idx = s.add_i32(row0, unsafe {
                s.load_i32_n(self.col.as_ptr().add(ow0 + j * lanes), m)
            });
        }
        for (row, index) in win.rows.iter().zip(win.index) {
            for (&t, &i) in win.taps.iter().zip(index) {
                let tap = s.splat_i32(i);
                // SAFETY: columns of the prepared row (padded past its end).
                let p = unsafe { row.add(t + ow0) };
                for j in 0..V {
                    let v = unsafe { s.load(p.add(j * lanes)) };
                    let take = s.mask_or(s.gt(v, best[j]), s.is_nan(v));
                    best[j] = s.select(take, v, best[j]);
                    idx[j] = s.select_i32(take, tap, idx[j]);
                }
            }
        }
        let sw = s.splat_i32(g.s[1] as i32);
        for j in 0..V {
            let o = ow0 + j * lanes;
            let m = (g.ow - o).min(lanes);
            let cols = s.mul_i32(s.add_i32(s.splat_i32(o as i32), iota(s)), sw);
            // SAFETY: columns `o .. o + m` of the out rows.
            unsafe {
                if m == lanes {
                    E::store(s, y.add(o), best[j]);
                } else {
                    E::store_n(s, y.add(o), m, best[j]);
                }
                store_i64(s, ind.add(o), m, s.add_i32(idx[j], cols));
            }
        }
    }

    /// One output row of an average, [`BLOCK`] vectors at a time.
    ///
    /// # Safety
    /// As [`RowsTask::run`]; `y` the output row's.
    #[inline(always)]
    unsafe fn sum_row<S: Simd, E: Element>(&self, s: S, win: &Window<'_>, oh: usize, y: *mut E) {
        let g = self.g;
        let lanes = S::LANES;
        let mut ow0 = 0;
        while ow0 < g.ow {
            let nv = (g.ow - ow0).div_ceil(lanes).min(BLOCK);
            // SAFETY: the caller's contract.
            unsafe {
                match nv {
                    BLOCK => self.sum_block::<S, E, BLOCK>(s, win, oh, ow0, y),
                    3 => self.sum_block::<S, E, 3>(s, win, oh, ow0, y),
                    2 => self.sum_block::<S, E, 2>(s, win, oh, ow0, y),
                    _ => self.sum_block::<S, E, 1>(s, win, oh, ow0, y),
                }
            }
            ow0 += nv * lanes;
        }
    }

    /// Output columns `ow0 ..` of an average, `V` vectors (the last may be partial).
    ///
    /// # Safety
    /// As [`RowsTask::sum_row`].
    #[inline(always)]
    unsafe fn sum_block<S: Simd, E: Element, const V: usize>(
        &self,
        s: S,
        win: &Window<'_>,
        oh: usize,
        ow0: usize,
        y: *mut E,
    ) {
        let g = self.g;
        let lanes = S::LANES;
        let mut sum = [s.zero(); V];
        for row in win.rows {
            for &t in win.taps {
                // SAFETY: columns of the prepared row (padded past its end).
                let p = unsafe { row.add(t + ow0) };
                for (j, sum) in sum.iter_mut().enumerate() {
                    *sum = s.add(*sum, unsafe { s.load(p.add(j * lanes)) });
                }
            }
        }
        for (j, &sum) in sum.iter().enumerate() {
            let o = ow0 + j * lanes;
            let m = (g.ow - o).min(lanes);
            let v = match self.reduce {
                Reduce::SumBy(d) => s.div(sum, s.splat(d)),
                Reduce::SumByEach(dh, dw) => s.div(s.div(sum, s.splat(dh)), s.splat(dw)),
                _ => {
                    // SAFETY: `o .. o + m` of the column counts.
                    let wc = unsafe { s.load_i32_n(self.col.as_ptr().add(o), m) };
                    let count = s.mul_i32(s.splat_i32(self.hcount[oh]), wc);
                    // the tail's lanes divide by 0: never stored
                    s.div(sum, s.from_i32(count))
                }
            };
            // SAFETY: columns `o .. o + m` of the out row.
            unsafe {
                if m == lanes {
                    E::store(s, y.add(o), v);
                } else {
                    E::store_n(s, y.add(o), m, v);
                }
            }
        }
    }
}

/// A [`RowsTask`] with its element type, for [`etk_simd::dispatch`].
pub struct RowsKernel<'a, E> {
    pub task: RowsTask<'a>,
    pub elem: core::marker::PhantomData<E>,
}

impl<E: Element> etk_simd::Kernel for RowsKernel<'_, E> {
    type Output = ();
    #[inline(always)]
    fn run<S: Simd>(self, s: S) {
        // SAFETY: built by the pooling entries from a checked call (see `RowsTask::run`).
        unsafe { self.task.run::<S, E>(s) }
    }
}
