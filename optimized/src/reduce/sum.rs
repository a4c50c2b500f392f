//! `sum` and `mean` of Float, Half and BFloat16 in f32 lanes, rounded once into the out.
//!
//! The order of the additions is not portable's (pairwise chunks of 256, then in sequence), so
//! results differ from it in the last bits; the error stays as small: rows are summed in four
//! vector accumulators over blocks of at most `64 * 4` vectors, and the blocks' sums meet in a
//! binary cascade (a row of `n` elements has at most `64 + log2(n)` roundings on any element's
//! path); columns add four rows pairwise into a block tile, 64 rows a block, blocks into a
//! total.

use super::{Plan, Shared, TILE, Walk, put_f32, split};
use crate::with_f32_elem;
use core::mem::MaybeUninit;
use etk_core::{KernelContext, ScalarType, Tensor};
use etk_portable::util::reduce::DimMask;
use etk_simd::{Element, Kernel, Simd, dispatch, level};

/// Vectors each of the four accumulators of a row takes before its block is closed.
const BLOCK_VECTORS: usize = 64;
/// Rows a column block adds before it joins the total.
const BLOCK_ROWS: usize = 64;
/// Levels of the cascade of blocks (a lane of up to 2^48 blocks).
const DEPTH: usize = 48;

/// Whether `sum` (into `out`) computes exactly what these kernels do: the input cast to the
/// out's dtype without rounding (the same dtype, or Half/BFloat16 widened into Float).
pub fn sum_takes(input: ScalarType, out: ScalarType) -> bool {
    use ScalarType::*;
    super::f32_family(out) && (input == out || (out == Float && matches!(input, Half | BFloat16)))
}

/// Whether `mean` into `out` is computed here: any of the three into any of the three (ATen
/// casts the input to Float, sums, divides and rounds once).
pub fn mean_takes(input: ScalarType, out: ScalarType) -> bool {
    super::f32_family(input) && super::f32_family(out)
}

/// `out = sum (or mean) of self over mask`; `false` (nothing written) for a call portable runs.
pub fn sum_mean(
    ctx: &KernelContext<'_>,
    self_: &Tensor<'_>,
    mask: DimMask,
    out: &mut Tensor<'_>,
    mean: bool,
) -> bool {
    let (dt, odt) = (self_.dtype(), out.dtype());
    let takes = if mean {
        mean_takes(dt, odt)
    } else {
        sum_takes(dt, odt)
    };
    let Some(plan) = Plan::new(self_, mask, out, false).filter(|_| takes) else {
        return false;
    };
    let Ok(o) = out.as_mut_ptr("sum", "out") else {
        return false;
    };
    let (x, o) = (Shared(self_.as_ptr()), Shared(o));
    let scale = mean.then_some(plan.lane_len as f64 as f32);
    let lvl = level();
    let work = plan.work(self_.element_size());
    split(ctx, &plan, work, &|start, end| {
        with_f32_elem!(dt, E => dispatch(lvl, SumKernel::<E> {
            plan: &plan,
            x: x.get().cast(),
            out: o,
            dtype: odt,
            start,
            end,
            count: scale,
        }))
    });
    true
}

/// Units `start..end` of a sum or mean.
struct SumKernel<'a, E> {
    plan: &'a Plan,
    x: *const E,
    out: Shared<*mut u8>,
    dtype: ScalarType,
    start: usize,
    end: usize,
    /// The count a mean divides by.
    count: Option<f32>,
}

impl<E: Element> Kernel for SumKernel<'_, E> {
    type Output = ();
    #[inline(always)]
    fn run<S: Simd>(self, s: S) {
        let finish = |v: f32| self.count.map_or(v, |n| v / n);
        let (plan, x) = (self.plan, self.x);
        match plan.walk {
            Walk::Rows => {
                let len = plan.run_len();
                let mut lanes = plan.lanes(self.start, self.end);
                if plan.run_dims().is_empty() && len <= RowSum::<S>::BLOCK {
                    // one run per lane: two lanes side by side
                    while let Some((ia, oa)) = lanes.next() {
                        let Some((ib, ob)) = lanes.next() else {
                            // SAFETY: the lane's run lies within the input.
                            let [v, _] = unsafe { sum_pair(s, x.add(ia), x.add(ia), len) };
                            // SAFETY: the plan's out offsets lie within the out.
                            unsafe { put_f32(self.out, self.dtype, oa, finish(v)) };
                            break;
                        };
                        // SAFETY: as above.
                        let [va, vb] = unsafe { sum_pair(s, x.add(ia), x.add(ib), len) };
                        // SAFETY: as above.
                        unsafe {
                            put_f32(self.out, self.dtype, oa, finish(va));
                            put_f32(self.out, self.dtype, ob, finish(vb));
                        }
                    }
                    return;
                }
                let mut levels = levels::<S>();
                for (ib, ob) in lanes {
                    let mut acc = RowSum::<S>::new(s, &mut levels);
                    for (off, _) in plan.runs(ib) {
                        // SAFETY: the plan's runs lie within the input.
                        unsafe { acc.feed(s, x.add(off), len) };
                    }
                    // SAFETY: the plan's out offsets lie within the out.
                    unsafe { put_f32(self.out, self.dtype, ob, finish(acc.total(s))) };
                }
            }
            Walk::Columns => {
                let (_, o_step) = plan.width();
                let mut total = [0f32; TILE];
                let mut block = [0f32; TILE];
                for (ib, ob, j0, j1) in plan.tiles(self.start, self.end) {
                    let w = j1 - j0;
                    let (total, block) = (&mut total[..w], &mut block[..w]);
                    total.fill(0.0);
                    block.fill(0.0);
                    let mut rows = plan.rows();
                    let mut in_block = 0;
                    loop {
                        let (offs, n) = rows.next_batch::<4>();
                        if n == 0 {
                            break;
                        }
                        // SAFETY: each row's `w` columns lie within the input.
                        unsafe { add_rows(s, x.add(ib), &offs, n, block) };
                        in_block += n;
                        if in_block >= BLOCK_ROWS {
                            // SAFETY: both tiles hold `w` floats.
                            unsafe { add_tile(s, total, block) };
                            block.fill(0.0);
                            in_block = 0;
                        }
                    }
                    // SAFETY: as above.
                    unsafe { add_tile(s, total, block) };
                    for (j, &v) in total.iter().enumerate() {
                        // SAFETY: the tile's columns lie within the out.
                        unsafe { put_f32(self.out, self.dtype, ob + j * o_step, finish(v)) };
                    }
                }
            }
        }
    }
}

/// The cascade's levels of a [`RowSum`] (kept outside it, one per kernel call, so that a row's
/// accumulators stay small and in registers).
pub type Levels<S> = [MaybeUninit<<S as Simd>::F32>; DEPTH];

/// Fresh (uninitialized) levels.
#[inline(always)]
pub fn levels<S: Simd>() -> Levels<S> {
    [const { MaybeUninit::uninit() }; DEPTH]
}

/// A row's sum: four vector accumulators over a block, closed blocks in a binary cascade.
pub struct RowSum<'a, S: Simd> {
    acc: [S::F32; 4],
    /// Elements the open block still takes.
    room: usize,
    /// Closed blocks: `levels[k]` holds `2^k` of them where bit `k` of `blocks` is set.
    levels: &'a mut Levels<S>,
    blocks: usize,
}

impl<'a, S: Simd> RowSum<'a, S> {
    const BLOCK: usize = 4 * BLOCK_VECTORS * S::LANES;

    #[inline(always)]
    pub fn new(s: S, levels: &'a mut Levels<S>) -> Self {
        RowSum {
            acc: [s.zero(); 4],
            room: Self::BLOCK,
            levels,
            blocks: 0,
        }
    }

    /// Adds the `len` elements at `x`.
    ///
    /// # Safety
    /// `x` valid for `len` elements.
    #[inline(always)]
    pub unsafe fn feed<E: Element>(&mut self, s: S, mut x: *const E, mut len: usize) {
        loop {
            let n = len.min(self.room);
            let mut acc = self.acc;
            // SAFETY: `n <= len` elements from `x`.
            unsafe {
                sum_run(s, x, n, &mut acc);
                x = x.add(n);
            }
            self.acc = acc;
            len -= n;
            self.room -= n;
            if self.room == 0 {
                self.close(s);
            }
            if len == 0 {
                return;
            }
        }
    }

    /// Moves the open block into the cascade.
    #[inline(always)]
    fn close(&mut self, s: S) {
        let [a, b, c, d] = self.acc;
        let mut v = s.add(s.add(a, b), s.add(c, d));
        let mut k = 0;
        while self.blocks >> k & 1 == 1 {
            // SAFETY: bit `k` set: level `k` holds a sum.
            v = s.add(unsafe { self.levels[k].assume_init() }, v);
            k += 1;
        }
        self.levels[k].write(v);
        self.blocks += 1;
        self.acc = [s.zero(); 4];
        self.room = Self::BLOCK;
    }

    /// The sum of everything fed.
    #[inline(always)]
    pub fn total(mut self, s: S) -> f32 {
        let [a, b, c, d] = self.acc;
        let mut v = s.add(s.add(a, b), s.add(c, d));
        if self.blocks > 0 {
            if self.room < Self::BLOCK {
                self.close(s);
            }
            v = s.zero();
            for k in (0..DEPTH).filter(|&k| self.blocks >> k & 1 == 1) {
                // SAFETY: bit `k` set.
                v = s.add(unsafe { self.levels[k].assume_init() }, v);
            }
        }
        s.reduce_sum(v)
    }
}

/// `acc += ` the `len` elements at `x`, four vectors at a time, the tail masked.
///
/// # Safety
/// `x` valid for `len` elements.
#[inline(always)]
unsafe fn sum_run<S: Simd, E: Element>(s: S, x: *const E, len: usize, acc: &mut [S::F32; 4]) {
    let mut accs = [*acc];
    // SAFETY: the caller's.
    unsafe { sum_runs(s, [x], len, &mut accs) };
    *acc = accs[0];
}

/// [`sum_run`] of `R` rows side by side (more loads in flight than one row's stream gives).
///
/// # Safety
/// Each of `xs` valid for `len` elements.
#[inline(always)]
unsafe fn sum_runs<S: Simd, E: Element, const R: usize>(
    s: S,
    xs: [*const E; R],
    len: usize,
    acc: &mut [[S::F32; 4]; R],
) {
    let l = S::LANES;
    let mut i = 0;
    // SAFETY: full vectors below `len`, then one partial one.
    unsafe {
        while i + 4 * l <= len {
            for (x, acc) in xs.iter().zip(acc.iter_mut()) {
                for (k, a) in acc.iter_mut().enumerate() {
                    *a = s.add(*a, E::load(s, x.add(i + k * l)));
                }
            }
            i += 4 * l;
        }
        while i + l <= len {
            for (x, acc) in xs.iter().zip(acc.iter_mut()) {
                acc[0] = s.add(acc[0], E::load(s, x.add(i)));
            }
            i += l;
        }
        if i < len {
            for (x, acc) in xs.iter().zip(acc.iter_mut()) {
                acc[1] = s.add(acc[1], E::load_n(s, x.add(i), len - i));
            }
        }
    }
}

/// The sums of two rows of `len <= RowSum::BLOCK` elements side by side, as [`RowSum`] gives
/// each.
///
/// # Safety
/// Both valid for `len` elements.
#[inline(always)]
unsafe fn sum_pair<S: Simd, E: Element>(s: S, a: *const E, b: *const E, len: usize) -> [f32; 2] {
    let mut acc = [[s.zero(); 4]; 2];
    // SAFETY: the caller's.
    unsafe { sum_runs(s, [a, b], len, &mut acc) };
    // (no closure around vector code: it would be compiled without the level's features)
    let [[a0, a1, a2, a3], [b0, b1, b2, b3]] = acc;
    [
        s.reduce_sum(s.add(s.add(a0, a1), s.add(a2, a3))),
        s.reduce_sum(s.add(s.add(b0, b1), s.add(b2, b3))),
    ]
}

/// `tile += ` the `n` rows at `x + offs[r]` (`tile.len()` columns each), four rows pairwise.
///
/// # Safety
/// Each row valid for `tile.len()` elements.
#[inline(always)]
unsafe fn add_rows<S: Simd, E: Element>(
    s: S,
    x: *const E,
    offs: &[usize; 4],
    n: usize,
    tile: &mut [f32],
) {
    let (w, l) = (tile.len(), S::LANES);
    let t = tile.as_mut_ptr();
    let mut j = 0;
    // SAFETY: columns below `w` of each row and of the tile.
    unsafe {
        while j + l <= w {
            let v = column_sum::<S, E, true>(s, x, offs, n, j, l);
            s.store(t.add(j), s.add(s.load(t.add(j)), v));
            j += l;
        }
        if j < w {
            let m = w - j;
            let v = column_sum::<S, E, false>(s, x, offs, n, j, m);
            s.store_n(t.add(j), m, s.add(s.load_n(t.add(j), m), v));
        }
    }
}

/// Columns `j..j + m` of the `n <= 4` rows at `x + offs[r]`, added pairwise (`FULL`: `m` is a
/// whole vector).
///
/// # Safety
/// Each row valid for those columns.
#[inline(always)]
unsafe fn column_sum<S: Simd, E: Element, const FULL: bool>(
    s: S,
    x: *const E,
    offs: &[usize; 4],
    n: usize,
    j: usize,
    m: usize,
) -> S::F32 {
    let mut v = [s.zero(); 4];
    for (r, v) in v.iter_mut().enumerate().take(n) {
        // SAFETY: the caller's.
        *v = unsafe {
            let p = x.add(offs[r] + j);
            if FULL {
                E::load(s, p)
            } else {
                E::load_n(s, p, m)
            }
        };
    }
    s.add(s.add(v[0], v[1]), s.add(v[2], v[3]))
}

/// `total += block`.
///
/// # Safety
/// Both of one length.
#[inline(always)]
unsafe fn add_tile<S: Simd>(s: S, total: &mut [f32], block: &[f32]) {
    let (w, l) = (total.len(), S::LANES);
    let (t, b) = (total.as_mut_ptr(), block.as_ptr());
    let mut j = 0;
    // SAFETY: below `w` in both.
    unsafe {
        while j + l <= w {
            s.store(t.add(j), s.add(s.load(t.add(j)), s.load(b.add(j))));
            j += l;
        }
        if j < w {
            let m = w - j;
            s.store_n(
                t.add(j),
                m,
                s.add(s.load_n(t.add(j), m), s.load_n(b.add(j), m)),
            );
        }
    }
}
