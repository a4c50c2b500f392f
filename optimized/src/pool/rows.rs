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

use super::{Lane, Planes, iota, store_i64};
use etk_simd::Simd;

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

/// Where the phase rows of one input row lie: phase `r` at `r * len`, column `j` (from
/// `jmin`) at `j - jmin`; tap `kw` at `(r, q)`.
#[derive(Clone, Copy, Debug)]
pub struct Phases {
    pub jmin: isize,
    pub len: usize,
    /// The fill of padded columns.
    pub fill: f32,
}

impl Phases {
    pub fn new(g: &Geom, fill: f32) -> Phases {
        let sw = g.s[1] as isize;
        let t_first = -(g.p[1] as isize);
        let t_last = ((g.k[1] - 1) * g.d[1]) as isize - g.p[1] as isize;
        let jmin = t_first.div_euclid(sw);
        let jmax = (g.ow as isize - 1) + t_last.div_euclid(sw);
        Phases {
            jmin,
            len: (jmax - jmin + 1) as usize,
            fill,
        }
    }

    /// Floats of one input row's phases.
    pub fn row_floats(&self, g: &Geom) -> usize {
        self.len * g.s[1]
    }

    /// Where tap `kw` of output column 0 lies in a row's phases.
    #[inline]
    pub fn tap(&self, g: &Geom, kw: usize) -> usize {
        let t = (kw * g.d[1]) as isize - g.p[1] as isize;
        let sw = g.s[1] as isize;
        let (q, r) = (t.div_euclid(sw), t.rem_euclid(sw));
        r as usize * self.len + (q - self.jmin) as usize
    }

    /// Copies input row `x[0..w]` (elements `xs` apart) into `dst` as phases, through `tmp`
    /// (`w` floats) unless the row is contiguous Float.
    ///
    /// # Safety
    /// `w` elements readable at `x`, `xs` apart; `row_floats` floats writable at `dst`, `w`
    /// at `tmp`.
    #[inline(always)]
    pub unsafe fn fill_row<S: Simd, E: Lane>(
        &self,
        s: S,
        g: &Geom,
        x: *const E,
        xs: usize,
        dst: *mut f32,
        tmp: *mut f32,
    ) {
        let (sw, w) = (g.s[1], g.w);
        // SAFETY: the caller's contract.
        let src = unsafe { as_f32_row(s, x, xs, w, tmp) };
        for r in 0..sw {
            // SAFETY: phase `r` of the row.
            let d = unsafe { core::slice::from_raw_parts_mut(dst.add(r * self.len), self.len) };
            // columns j (from 0, as `jmin <= 0`) with j sw + r < w
            let hi = ((w as isize - r as isize + sw as isize - 1) / sw as isize)
                .clamp(0, self.jmin + self.len as isize);
            let (a, b) = ((-self.jmin) as usize, (hi - self.jmin) as usize);
            d[..a].fill(self.fill);
            d[b..].fill(self.fill);
            let run = &mut d[a..b];
            if run.is_empty() {
                continue;
            }
            let from = &src[r..];
            match sw {
                1 => run.copy_from_slice(&from[..run.len()]),
                2 => {
                    // pairs, so that the loop vectorizes as an interleaved load
                    let full = run.len().min(from.len() / 2);
                    for (o, p) in run[..full].iter_mut().zip(from.chunks_exact(2)) {
                        *o = p[0];
                    }
                    if full < run.len() {
                        run[full] = from[2 * full];
                    }
                }
                _ => {
                    for (i, o) in run.iter_mut().enumerate() {
                        *o = from[i * sw];
                    }
                }
            }
        }
    }
}

/// Row `x[0..w]` (elements `xs` apart) as contiguous f32: in place for contiguous Float, else
/// converted into `tmp`.
///
/// # Safety
/// `w` elements readable at `x`, `xs` apart; `w` floats writable at `tmp`.
#[inline(always)]
unsafe fn as_f32_row<'a, S: Simd, E: Lane>(
    s: S,
    x: *const E,
    xs: usize,
    w: usize,
    tmp: *mut f32,
) -> &'a [f32] {
    // SAFETY: the caller's contract.
    unsafe {
        if xs == 1 && E::DTYPE == etk_core::ScalarType::Float {
            return core::slice::from_raw_parts(x as *const f32, w);
        }
        if xs == 1 {
            let mut i = 0;
            while i + S::LANES <= w {
                s.store(tmp.add(i), E::load(s, x.add(i)));
                i += S::LANES;
            }
            if i < w {
                s.store_n(tmp.add(i), w - i, E::load_n(s, x.add(i), w - i));
            }
        } else {
            for i in 0..w {
                *tmp.add(i) = (*x.add(i * xs)).to_f32();
            }
        }
        core::slice::from_raw_parts(tmp, w)
    }
}

/// A ring of prepared input rows: row `ih` in slot `ih % slots`.
pub struct Ring {
    pub base: *mut f32,
    pub slots: usize,
    pub row: usize,
    pub held: *mut usize,
    /// `w` floats: an input row converted to f32 on its way in.
    pub tmp: *mut f32,
}

impl Ring {
    /// The phases of input row `ih` of the plane at `x` (row stride `xh`, column stride `xw`),
    /// copied in unless the ring holds them.
    ///
    /// # Safety
    /// The ring's memory is this task's; `x` is a plane of `g`.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)] // the plane's geometry, as the callers hold it
    pub unsafe fn row<S: Simd, E: Lane>(
        &self,
        s: S,
        g: &Geom,
        ph: &Phases,
        x: *const E,
        xh: usize,
        xw: usize,
        ih: usize,
    ) -> *const f32 {
        let slot = ih % self.slots;
        // SAFETY: the ring's memory, as the caller vouches.
        unsafe {
            let dst = self.base.add(slot * self.row);
            if *self.held.add(slot) != ih {
                ph.fill_row(s, g, x.add(ih * xh), xw, dst, self.tmp);
                *self.held.add(slot) = ih;
            }
            dst
        }
    }

    /// Forgets every row (a new plane).
    ///
    /// # Safety
    /// As [`Ring::row`].
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

impl RowsTask<'_> {
    /// # Safety
    /// The tensors are the checked call's: `x` of `g`'s input sizes, `y` / `ind` of its
    /// output sizes with unit column strides, writable and disjoint; the ring is this task's.
    #[inline(always)]
    pub unsafe fn run<S: Simd, E: Lane>(&self, s: S) {
        let g = self.g;
        let (x, y) = (self.x.base::<E>() as *const E, self.y.base::<E>());
        let taps: [usize; 64] =
            core::array::from_fn(|kw| if kw < g.k[1] { self.ph.tap(g, kw) } else { 0 });
        for plane in self.planes.0..self.planes.1 {
            let (n, c) = (plane / g.c, plane % g.c);
            // SAFETY: the caller's contract.
            unsafe {
                self.ring.clear();
                let xp = x.add(self.x.at(n, c, 0, 0));
                for oh in 0..g.oh {
                    let (_, first, count) = g.rows_of(oh);
                    let mut rows = [core::ptr::null::<f32>(); 64];
                    for (i, r) in rows.iter_mut().enumerate().take(count) {
                        *r = self.ring.row::<S, E>(
                            s,
                            g,
                            self.ph,
                            xp,
                            self.x.st[2],
                            self.x.st[3],
                            first + i * g.d[0],
                        );
                    }
                    let rows = &rows[..count];
                    let yr = y.add(self.y.at(n, c, oh, 0));
                    match (self.reduce, self.ind) {
                        (Reduce::Max, Some(ind)) => {
                            let ir = ind.base::<i64>().add(ind.at(n, c, oh, 0));
                            self.max_row::<S, E>(s, rows, &taps, first, yr, ir)
                        }
                        _ => self.sum_row::<S, E>(s, rows, &taps, oh, yr),
                    }
                }
            }
        }
    }

    /// One output row of a max.
    #[inline(always)]
    unsafe fn max_row<S: Simd, E: Lane>(
        &self,
        s: S,
        rows: &[*const f32],
        taps: &[usize; 64],
        first: usize,
        y: *mut E,
        ind: *mut i64,
    ) {
        let g = self.g;
        let (w, sw, dh) = (g.w as i32, g.s[1] as i32, g.d[0]);
        let kw = g.k[1];
        let tap_col = |k: usize| ((k * g.d[1]) as i32).wrapping_sub(g.p[1] as i32);
        let mut ow0 = 0;
        while ow0 < g.ow {
            let m = (g.ow - ow0).min(S::LANES);
            let full = m == S::LANES;
            let mut best = s.splat(f32::NEG_INFINITY);
            // SAFETY (all loads and stores): columns `ow0 .. ow0 + m` of the phases and the
            // out row.
            let mut cidx = unsafe {
                s.add_i32(
                    s.splat_i32((first as i32).wrapping_mul(w)),
                    s.load_i32_n(self.col.as_ptr().add(ow0), m),
                )
            };
            for (i, &row) in rows.iter().enumerate() {
                let ih = (first + i * dh) as i32;
                for (k, &t) in taps.iter().enumerate().take(kw) {
                    let p = unsafe { row.add(t + ow0) };
                    let v = unsafe { if full { s.load(p) } else { s.load_n(p, m) } };
                    let take = s.mask_or(s.gt(v, best), s.is_nan(v));
                    best = s.select(take, v, best);
                    let i = ih.wrapping_mul(w).wrapping_add(tap_col(k));
                    cidx = s.select_i32(take, s.splat_i32(i), cidx);
                }
            }
            let cols = s.mul_i32(s.add_i32(s.splat_i32(ow0 as i32), iota(s)), s.splat_i32(sw));
            unsafe {
                if full {
                    E::store(s, y.add(ow0), best);
                } else {
                    E::store_n(s, y.add(ow0), m, best);
                }
                store_i64(s, ind.add(ow0), m, s.add_i32(cidx, cols));
            }
            ow0 += m;
        }
    }

    /// One output row of an average.
    #[inline(always)]
    unsafe fn sum_row<S: Simd, E: Lane>(
        &self,
        s: S,
        rows: &[*const f32],
        taps: &[usize; 64],
        oh: usize,
        y: *mut E,
    ) {
        let g = self.g;
        let kw = g.k[1];
        let mut ow0 = 0;
        while ow0 < g.ow {
            let m = (g.ow - ow0).min(S::LANES);
            let full = m == S::LANES;
            let mut sum = s.zero();
            for &row in rows {
                for &t in taps.iter().take(kw) {
                    // SAFETY: columns `ow0 .. ow0 + m` of the phases.
                    let p = unsafe { row.add(t + ow0) };
                    let v = unsafe { if full { s.load(p) } else { s.load_n(p, m) } };
                    sum = s.add(sum, v);
                }
            }
            let v = match self.reduce {
                Reduce::SumBy(d) => s.div(sum, s.splat(d)),
                Reduce::SumByEach(dh, dw) => s.div(s.div(sum, s.splat(dh)), s.splat(dw)),
                _ => {
                    // SAFETY: `ow0 .. ow0 + m` of the column counts.
                    let wc = unsafe { s.load_i32_n(self.col.as_ptr().add(ow0), m) };
                    let count = s.mul_i32(s.splat_i32(self.hcount[oh]), wc);
                    // the tail's lanes divide 0 by 0: never stored
                    s.div(sum, s.from_i32(count))
                }
            };
            // SAFETY: columns `ow0 .. ow0 + m` of the out row.
            unsafe {
                if full {
                    E::store(s, y.add(ow0), v);
                } else {
                    E::store_n(s, y.add(ow0), m, v);
                }
            }
            ow0 += m;
        }
    }
}

/// A [`RowsTask`] with its element type, for [`etk_simd::dispatch`].
pub struct RowsKernel<'a, E> {
    pub task: RowsTask<'a>,
    pub elem: core::marker::PhantomData<E>,
}

impl<E: Lane> etk_simd::Kernel for RowsKernel<'_, E> {
    type Output = ();
    #[inline(always)]
    fn run<S: Simd>(self, s: S) {
        // SAFETY: built by the pooling entries from a checked call (see `RowsTask::run`).
        unsafe { self.task.run::<S, E>(s) }
    }
}
