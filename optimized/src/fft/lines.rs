//! The lines of a tensor through a [`Plan`]: one *stage* transforms every line along one dim,
//! reading from one strided array and writing to another (the input, a row-major scratch
//! array or the out), a block of lines at a time, the blocks split over the context's threads.
//!
//! The real transforms pair lines: two real lines `x`, `y` are one complex line `z = x + i y`,
//! whose transform gives both spectra, `X[k] = (Z[k] + conj Z[n-k]) / 2` and
//! `Y[k] = (Z[k] - conj Z[n-k]) / 2i`; the other way, two Hermitian half-spectra make
//! `Z = X + i Y`, whose inverse transform is `x + i y`. A block thus holds `2 LANES` real lines.

use super::{Plan, Real, transform};
use etk_core::context::Parallel;
use etk_core::shape::MAX_DIM;
use etk_core::{Result, Scratch, Work};
use etk_simd::{Kernel, Level, MAX_LANES, Simd, dispatch};

/// An array a stage reads or writes: its first value and, per dim, the distance between
/// neighbours in values of `R` (a complex element is two values, the real part first).
#[derive(Clone, Copy)]
pub struct Side<R> {
    pub ptr: *mut R,
    pub strides: [isize; MAX_DIM],
}

impl<R> Side<R> {
    /// `ptr` with `strides` in elements of `parts` values each.
    pub fn new(ptr: *mut R, strides: &[usize], parts: usize) -> Side<R> {
        let mut s = [0; MAX_DIM];
        for (d, &st) in s.iter_mut().zip(strides) {
            *d = (st * parts) as isize;
        }
        Side { ptr, strides: s }
    }

    /// A row-major array of `sizes` at `ptr`.
    pub fn row_major(ptr: *mut R, sizes: &[usize], parts: usize) -> Side<R> {
        let mut st = [0usize; MAX_DIM];
        let mut acc = 1;
        for d in (0..sizes.len()).rev() {
            st[d] = acc;
            acc *= sizes[d];
        }
        Side::new(ptr, &st[..sizes.len()], parts)
    }
}

/// What a stage reads and writes per line.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Complex lines to complex lines.
    Complex,
    /// Real lines to the first `count` entries of their spectra.
    R2c { count: usize },
    /// The first `n/2 + 1` entries of Hermitian spectra to real lines of the plan's length.
    C2r,
}

/// One stage: every line along `dim` of an array of `sizes` (the sizes of the read side; the
/// written side has the same sizes but along `dim`).
pub struct Stage<'a, R> {
    pub sizes: &'a [usize],
    pub dim: usize,
    pub kind: Kind,
    pub src: Side<R>,
    pub dst: Side<R>,
    /// The factor every written value is multiplied by.
    pub scale: f64,
}

// SAFETY: the pointers are the kernel's arrays; the tasks of a stage write disjoint lines.
unsafe impl<R> Send for Stage<'_, R> {}
unsafe impl<R> Sync for Stage<'_, R> {}

impl<R: Real> Stage<'_, R> {
    fn lines(&self) -> usize {
        let all: usize = self.sizes.iter().product();
        all / self.sizes[self.dim]
    }

    /// The offsets of line `li` (row-major over the other dims) in the read and written arrays.
    fn offsets(&self, mut li: usize) -> (isize, isize) {
        let (mut so, mut dof) = (0, 0);
        for k in (0..self.sizes.len()).rev() {
            if k == self.dim {
                continue;
            }
            let i = li % self.sizes[k];
            li /= self.sizes[k];
            so += i as isize * self.src.strides[k];
            dof += i as isize * self.dst.strides[k];
        }
        (so, dof)
    }

    /// Runs the stage with `plan` (of the line length) at `level`, on `parallel`'s threads
    /// when the work deserves it, each task's blocks in its own region of `scratch`.
    pub fn run(
        &self,
        op: &'static str,
        parallel: &dyn Parallel,
        scratch: &Scratch<'_>,
        plan: &Plan<'_, R>,
        level: Level,
    ) -> Result<()> {
        let lines = self.lines();
        let n = plan.length();
        let per_line = 5 * n * (usize::BITS - n.leading_zeros()) as usize;
        let work = Work {
            flops: lines * per_line,
            bytes: lines * n * 4 * core::mem::size_of::<R>(),
        };
        let room = task_room(plan.block_elems(), super::lanes(level));
        // several tasks per thread only as far as the scratch holds their buffers
        let fits =
            scratch.remaining().saturating_sub(64) / (room * core::mem::size_of::<R>()).max(1);
        let tasks = work
            .tasks(parallel.num_threads())
            .min(parallel.num_threads().max(fits))
            .min(lines.div_ceil(2 * MAX_LANES));
        let bufs = scratch.alloc_for_overwrite::<R>(op, tasks * room)?;
        let per_task = lines.div_ceil(tasks);
        let bufs = Bufs(bufs.as_mut_ptr());
        let task = |t: usize| {
            let bufs = &bufs;
            let start = t * per_task;
            let end = (start + per_task).min(lines);
            // SAFETY: task `t`'s region of `bufs`, `room` values.
            let b = unsafe { bufs.0.add(t * room) };
            dispatch(
                level,
                Blocks {
                    stage: self,
                    plan,
                    start,
                    end,
                    buf: b,
                },
            );
        };
        if tasks == 1 {
            task(0);
        } else {
            parallel.run(tasks, &task);
        }
        Ok(())
    }
}

/// Values of scratch one task needs for blocks of `elems` elements of `lanes` lines: two block
/// buffers and the plain-DFT room, the next task's region 64-byte aligned.
pub fn task_room(elems: usize, lanes: usize) -> usize {
    (3 * elems * 2 * lanes).next_multiple_of(64)
}

struct Bufs<R>(*mut R);
// SAFETY: each task uses its own region.
unsafe impl<R> Sync for Bufs<R> {}
unsafe impl<R> Send for Bufs<R> {}

/// The lines `start..end` of a stage, in blocks.
struct Blocks<'a, 'p, R: Real> {
    stage: &'a Stage<'a, R>,
    plan: &'a Plan<'p, R>,
    start: usize,
    end: usize,
    buf: *mut R,
}

impl<R: Real> Kernel for Blocks<'_, '_, R> {
    type Output = ();

    #[inline(always)]
    fn run<S: Simd>(self, s: S) {
        let st = self.stage;
        let n = self.plan.length();
        let room = self.plan.block_elems() * 2 * S::LANES;
        let a = self.buf;
        // SAFETY: the task's region holds three blocks of `room` values.
        let (b, tmp) = unsafe { (a.add(room), a.add(2 * room)) };
        let per_block = match st.kind {
            Kind::Complex => S::LANES,
            _ => 2 * S::LANES,
        };
        let mut li = self.start;
        while li < self.end {
            let count = (self.end - li).min(per_block);
            let mut offs = [(0isize, 0isize); 2 * MAX_LANES];
            for (j, o) in offs[..count].iter_mut().enumerate() {
                *o = st.offsets(li + j);
            }
            let offs = &offs[..count];
            // SAFETY: the offsets are those of lines of the stage's arrays; the block buffers
            // hold `n` elements of `2 LANES` values.
            unsafe {
                gather::<S, R>(st, n, offs, a);
                let res = transform::<S, R>(s, self.plan, a, b, tmp);
                if let Kind::R2c { count } = st.kind {
                    // the two spectra in vectors, into the two other buffers
                    let x = if res == a { b } else { a };
                    split::<S, R>(s, res, n, count, R::from_f64(0.5 * st.scale), x, tmp);
                    scatter_pairs::<S, R>(st, count, offs, x, tmp);
                } else {
                    scatter::<S, R>(st, n, offs, res);
                }
            }
            li += count;
        }
    }
}

/// The elements of a line in tiles: a block's lines are gathered and scattered a tile at a
/// time, so that the block's part stays in L1 while every line is read or written.
fn tiles(n: usize) -> impl Iterator<Item = core::ops::Range<usize>> {
    const TILE: usize = 16;
    (0..n).step_by(TILE).map(move |e| e..(e + TILE).min(n))
}

/// Fills block `blk` with the lines at `offs` of the stage's read side (zeros in lanes without
/// a line).
///
/// # Safety
/// The offsets are lines of the read side; `blk` holds `n` elements.
#[inline(always)]
unsafe fn gather<S: Simd, R: Real>(
    st: &Stage<'_, R>,
    n: usize,
    offs: &[(isize, isize)],
    blk: *mut R,
) {
    let l = S::LANES;
    let sd = st.src.strides[st.dim];
    let zero = R::default();
    // SAFETY (every access): `blk` element `e < n`, lane `< l`; the read side's lines are
    // `n` (or `n/2 + 1` for `C2r`) elements along `dim`.
    unsafe {
        match st.kind {
            Kind::Complex => {
                for lane in 0..l {
                    let Some(&(so, _)) = offs.get(lane) else {
                        for e in 0..n {
                            *blk.add(e * 2 * l + lane) = zero;
                            *blk.add(e * 2 * l + l + lane) = zero;
                        }
                        continue;
                    };
                    let p = st.src.ptr.offset(so);
                    for e in 0..n {
                        let q = p.offset(e as isize * sd);
                        *blk.add(e * 2 * l + lane) = *q;
                        *blk.add(e * 2 * l + l + lane) = *q.add(1);
                    }
                }
            }
            Kind::R2c { .. } => {
                for es in tiles(n) {
                    for slot in 0..2 * l {
                        let (lane, part) = (slot / 2, slot % 2);
                        let dst = blk.add(part * l + lane);
                        match offs.get(slot) {
                            Some(&(so, _)) => {
                                let p = st.src.ptr.offset(so);
                                for e in es.clone() {
                                    *dst.add(e * 2 * l) = *p.offset(e as isize * sd);
                                }
                            }
                            None => {
                                for e in es.clone() {
                                    *dst.add(e * 2 * l) = zero;
                                }
                            }
                        }
                    }
                }
            }
            Kind::C2r => {
                // Z = X + i Y, each extended by X[n - k] = conj X[k], the imaginary parts of
                // X[0] and X[n/2] ignored (as ATen's, which takes the real part of the
                // Hermitian-extended line's transform)
                for (es, lane) in tiles(n).flat_map(|es| (0..l).map(move |lane| (es.clone(), lane)))
                {
                    let line = |j: usize| offs.get(2 * lane + j).map(|o| st.src.ptr.offset(o.0));
                    let (px, py) = (line(0), line(1));
                    let at = |p: Option<*mut R>, e: usize| -> (R, R) {
                        let Some(p) = p else {
                            return (zero, zero);
                        };
                        let k = if 2 * e <= n { e } else { n - e };
                        let q = p.offset(k as isize * sd);
                        let (re, im) = (*q, *q.add(1));
                        if e == 0 || 2 * e == n {
                            (re, zero)
                        } else if 2 * e < n {
                            (re, im)
                        } else {
                            (re, zero - im)
                        }
                    };
                    for e in es {
                        let (xr, xi) = at(px, e);
                        let (yr, yi) = at(py, e);
                        *blk.add(e * 2 * l + lane) = xr - yi;
                        *blk.add(e * 2 * l + l + lane) = xi + yr;
                    }
                }
            }
        }
    }
}

/// The spectra of the real lines paired in the transformed block `z`, times `h` (half the
/// scale): `X[k] = (Z[k] + conj Z[n-k])`, element `k` of `x`, and `Y[k] = (Z[k] - conj Z[n-k]) / i`,
/// element `k` of `y`, for `k < count`.
///
/// # Safety
/// `z` holds `n` elements, `x` and `y` `count` each; none overlap.
#[inline(always)]
unsafe fn split<S: Simd, R: Real>(
    s: S,
    z: *const R,
    n: usize,
    count: usize,
    h: R,
    x: *mut R,
    y: *mut R,
) {
    let l = S::LANES;
    let h = R::splat(s, h);
    for k in 0..count {
        let j = (n - k % n) % n;
        // SAFETY: elements `k`, `j < n` of `z`, `k < count` of `x` and `y`.
        unsafe {
            let (zr, zi) = (
                R::load(s, z.add(2 * k * l)),
                R::load(s, z.add(2 * k * l + l)),
            );
            let (wr, wi) = (
                R::load(s, z.add(2 * j * l)),
                R::load(s, z.add(2 * j * l + l)),
            );
            R::store(s, x.add(2 * k * l), R::vmul(s, h, R::vadd(s, zr, wr)));
            R::store(s, x.add(2 * k * l + l), R::vmul(s, h, R::vsub(s, zi, wi)));
            R::store(s, y.add(2 * k * l), R::vmul(s, h, R::vadd(s, zi, wi)));
            R::store(s, y.add(2 * k * l + l), R::vmul(s, h, R::vsub(s, wr, zr)));
        }
    }
}

/// Writes the spectra `x` (of the even lines at `offs`) and `y` (the odd ones), `count`
/// elements each, to the stage's written side.
///
/// # Safety
/// The offsets are lines of the written side, of `count` elements along the stage's dim.
#[inline(always)]
unsafe fn scatter_pairs<S: Simd, R: Real>(
    st: &Stage<'_, R>,
    count: usize,
    offs: &[(isize, isize)],
    x: *const R,
    y: *const R,
) {
    let l = S::LANES;
    let dd = st.dst.strides[st.dim];
    for (ks, (slot, &(_, dof))) in
        tiles(count).flat_map(|ks| offs.iter().enumerate().map(move |o| (ks.clone(), o)))
    {
        let (lane, src) = (slot / 2, if slot % 2 == 0 { x } else { y });
        // SAFETY: `count` elements of the line and of `src`.
        unsafe {
            let p = st.dst.ptr.offset(dof);
            for k in ks {
                let q = p.offset(k as isize * dd);
                *q = *src.add(2 * k * l + lane);
                *q.add(1) = *src.add(2 * k * l + l + lane);
            }
        }
    }
}

/// Writes the transformed block `res` to the lines at `offs` of the stage's written side,
/// scaled.
///
/// # Safety
/// The offsets are lines of the written side; `res` holds `n` elements.
#[inline(always)]
unsafe fn scatter<S: Simd, R: Real>(
    st: &Stage<'_, R>,
    n: usize,
    offs: &[(isize, isize)],
    res: *const R,
) {
    let l = S::LANES;
    let dd = st.dst.strides[st.dim];
    // SAFETY (every access): `res` element `e < n`, lane `< l`; the written side's lines are
    // `count` (R2c), `n` (the others) elements along `dim`.
    unsafe {
        match st.kind {
            Kind::Complex => {
                let c = R::from_f64(st.scale);
                for (lane, &(_, dof)) in offs.iter().enumerate() {
                    let p = st.dst.ptr.offset(dof);
                    for e in 0..n {
                        let q = p.offset(e as isize * dd);
                        *q = c * *res.add(e * 2 * l + lane);
                        *q.add(1) = c * *res.add(e * 2 * l + l + lane);
                    }
                }
            }
            // `Blocks::run` writes those with `scatter_pairs`
            Kind::R2c { .. } => {}
            Kind::C2r => {
                let c = R::from_f64(st.scale);
                for es in tiles(n) {
                    for (slot, &(_, dof)) in offs.iter().enumerate() {
                        let (lane, part) = (slot / 2, slot % 2);
                        let p = st.dst.ptr.offset(dof);
                        for e in es.clone() {
                            *p.offset(e as isize * dd) = c * *res.add(e * 2 * l + part * l + lane);
                        }
                    }
                }
            }
        }
    }
}
