//! The optimized reductions (`ops::{sum, mean, amax, amin, argmax, argmin, var, var_mean,
//! any}`): one plan of the walk ([`Plan`]) and, per family, vector kernels for its two shapes.
//!
//! A dense tensor's innermost dim (stride 1) is either reduced or kept, which decides the walk:
//!
//! - [`Walk::Rows`] (the reduced dims innermost: `sum(x, -1)`): each out element folds rows of
//!   contiguous elements, lanes across the row, then one horizontal step.
//! - [`Walk::Columns`] (the reduced dims outer: `mean(x, 0)`): a tile of adjacent out elements
//!   is accumulated as whole vectors, row after row of the input, each row read in memory order.
//!
//! Every other dim (kept ones around the lanes, reduced ones around the rows, in any dim
//! order) is walked by the plan's odometers, so every layout takes one of the two.
//!
//! Each op runs portable's argument checks first (`etk_portable::ops::*::*_prepare`), so
//! rejections stay portable's, then takes the call here when the dtypes are ones a family
//! accelerates, else runs portable's reduction. Out elements are split over threads (the
//! units of [`Plan::units`]) when `KernelContext::tasks_for` finds the call long enough.

pub mod any;
pub mod extreme;
pub mod moments;
pub mod sum;

use etk_core::{KernelContext, MAX_DIM, ScalarType, Tensor, Work};
use etk_portable::util::reduce::DimMask;

pub use crate::norm::Shared;

/// One dim of the walk: its size, its stride in the input and in the out (kept dims) or in the
/// reduced index space (reduced dims), in elements.
#[derive(Clone, Copy, Debug, Default)]
pub struct Dim {
    pub size: usize,
    pub stride: usize,
    pub other: usize,
}

/// Which way lanes lie in memory (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Walk {
    /// Lanes are rows of `Plan::run_len` contiguous elements (and the reduced dims around them).
    Rows,
    /// Adjacent out elements read adjacent input elements: `Plan::width` of them per row.
    Columns,
}

/// Out elements of a column tile (the accumulators of a tile live on the stack).
pub const TILE: usize = 512;

/// The walk of one reduction: the input's dims of more than one element split into kept and
/// reduced ones, each sorted outermost first by input stride, adjacent ones merged.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    kept: [Dim; MAX_DIM],
    n_kept: usize,
    red: [Dim; MAX_DIM],
    n_red: usize,
    pub walk: Walk,
    /// Elements per lane.
    pub lane_len: usize,
    /// Whether a lane is walked in increasing reduced index (what argmax's index and the first
    /// of equal values need).
    pub index_order: bool,
    out_numel: usize,
}

impl Plan {
    /// The plan for reducing the non-empty `input` over `mask` into `out` (already resized to
    /// the reduced shape); `None` for an empty input (portable's). `by_index`: reduced dims
    /// merge only where their reduced indices also run on (argmax's index); otherwise
    /// wherever memory does (a sum's order is free).
    pub fn new(
        input: &Tensor<'_>,
        mask: DimMask,
        out: &Tensor<'_>,
        by_index: bool,
    ) -> Option<Plan> {
        if input.numel() == 0 || out.numel() == 0 {
            return None;
        }
        let rank = input.dim();
        let keepdim = out.dim() == rank;
        let mut kept = [Dim::default(); MAX_DIM];
        let mut red = [Dim::default(); MAX_DIM];
        let (mut n_kept, mut n_red, mut out_dim, mut lstride) = (0, 0, 0, 1);
        let mut lstrides = [0usize; MAX_DIM];
        for d in (0..rank).rev().filter(|&d| mask.contains(d)) {
            lstrides[d] = lstride;
            lstride *= input.size(d);
        }
        for (d, &other) in lstrides.iter().enumerate().take(rank) {
            let (size, stride) = (input.size(d), input.strides()[d]);
            if mask.contains(d) {
                if keepdim {
                    out_dim += 1;
                }
                if size > 1 {
                    red[n_red] = Dim {
                        size,
                        stride,
                        other,
                    };
                    n_red += 1;
                }
                continue;
            }
            if size > 1 {
                kept[n_kept] = Dim {
                    size,
                    stride,
                    other: out.strides()[out_dim],
                };
                n_kept += 1;
            }
            out_dim += 1;
        }
        let by_stride = |a: &Dim, b: &Dim| b.stride.cmp(&a.stride);
        kept[..n_kept].sort_unstable_by(by_stride);
        red[..n_red].sort_unstable_by(by_stride);
        let index_order = red[..n_red].windows(2).all(|w| w[0].other > w[1].other);
        let n_kept = merge(&mut kept[..n_kept], true);
        let n_red = merge(&mut red[..n_red], by_index);
        let walk = if n_kept == 0 || (n_red > 0 && red[n_red - 1].stride == 1) {
            Walk::Rows
        } else {
            Walk::Columns
        };
        Some(Plan {
            kept,
            n_kept,
            red,
            n_red,
            walk,
            lane_len: red[..n_red].iter().map(|d| d.size).product(),
            index_order,
            out_numel: out.numel(),
        })
    }

    /// The kept dims, outermost first.
    pub fn kept(&self) -> &[Dim] {
        &self.kept[..self.n_kept]
    }

    /// The reduced dims, outermost first (their `other` is the stride in the reduced index).
    pub fn reduced(&self) -> &[Dim] {
        &self.red[..self.n_red]
    }

    /// Rows: elements per contiguous run of a lane.
    pub fn run_len(&self) -> usize {
        self.reduced().last().map_or(1, |d| d.size)
    }

    /// Rows: the reduced dims around the runs.
    pub fn run_dims(&self) -> &[Dim] {
        &self.red[..self.n_red.saturating_sub(1)]
    }

    /// Columns: out elements per row (the innermost kept dim), and their stride in the out.
    pub fn width(&self) -> (usize, usize) {
        let d = self.kept[self.n_kept - 1];
        (d.size, d.other)
    }

    /// The units tasks take: out elements (Rows), or column tiles of each outer kept index
    /// (Columns).
    pub fn units(&self) -> usize {
        match self.walk {
            Walk::Rows => self.out_numel,
            Walk::Columns => {
                let outer: usize = self.kept[..self.n_kept - 1]
                    .iter()
                    .map(|d| d.size)
                    .product();
                outer * self.width().0.div_ceil(TILE)
            }
        }
    }

    /// Rows: `(input offset, out offset)` of every lane of units `start..end`.
    #[inline(always)]
    pub fn lanes(&self, start: usize, end: usize) -> Odometer<'_> {
        Odometer::new(self.kept(), start, end)
    }

    /// Rows: the input offset of every run of the lane at `base`, in memory order (`.0` of
    /// each item).
    #[inline(always)]
    pub fn runs(&self, base: usize) -> Odometer<'_> {
        Odometer::new(self.run_dims(), 0, usize::MAX).from(base)
    }

    /// Columns: the tiles of units `start..end`.
    #[inline(always)]
    pub fn tiles(&self, start: usize, end: usize) -> Tiles<'_> {
        let (width, o_step) = self.width();
        let per = width.div_ceil(TILE);
        Tiles {
            outer: Odometer::new(
                &self.kept[..self.n_kept - 1],
                start / per,
                end.div_ceil(per),
            ),
            base: (0, 0),
            unit0: 0,
            next_unit0: start - start % per,
            t: per,
            per,
            start,
            end,
            width,
            o_step,
        }
    }

    /// Columns: the input offset (`.0`) of the row of every reduced index, in memory order.
    #[inline(always)]
    pub fn rows(&self) -> Odometer<'_> {
        Odometer::new(self.reduced(), 0, usize::MAX)
    }

    /// The work of the call: one step per input element, `bytes` per element read.
    pub fn work(&self, bytes: usize) -> Work {
        let n = self.out_numel.saturating_mul(self.lane_len);
        Work {
            flops: n,
            bytes: n.saturating_mul(bytes),
        }
    }
}

/// Merges each dim into the one outside it where they tile memory (and, with `other`, the out
/// or the reduced index) as one; returns the count left.
fn merge(dims: &mut [Dim], other: bool) -> usize {
    let mut n = 0;
    for i in 0..dims.len() {
        let d = dims[i];
        if n > 0 {
            let o = &mut dims[n - 1];
            if o.stride == d.stride * d.size && (!other || o.other == d.other * d.size) {
                o.size *= d.size;
                o.stride = d.stride;
                o.other = d.other;
                continue;
            }
        }
        dims[n] = d;
        n += 1;
    }
    n
}

/// The row-major indices `start..end` (clamped) of some dims, as `(input offset, other offset)`
/// (an iterator of plain loops, so that kernels walk with it inside their level's code).
#[derive(Clone, Debug)]
pub struct Odometer<'a> {
    dims: &'a [Dim],
    idx: [usize; MAX_DIM],
    at: (usize, usize),
    left: usize,
}

impl<'a> Odometer<'a> {
    #[inline(always)]
    fn new(dims: &'a [Dim], start: usize, end: usize) -> Self {
        let total: usize = dims.iter().map(|d| d.size).product();
        let end = end.min(total);
        let mut o = Odometer {
            dims,
            idx: [0; MAX_DIM],
            at: (0, 0),
            left: end.saturating_sub(start),
        };
        let mut rest = start;
        for (k, d) in dims.iter().enumerate().rev() {
            o.idx[k] = rest % d.size;
            rest /= d.size;
            o.at.0 += o.idx[k] * d.stride;
            o.at.1 += o.idx[k] * d.other;
        }
        o
    }

    /// The same walk with input offsets from `base`.
    #[inline(always)]
    fn from(mut self, base: usize) -> Self {
        self.at.0 += base;
        self
    }

    /// The next index, carried into the outer dims.
    #[inline(always)]
    fn step(&mut self) {
        let Some(mut k) = self.dims.len().checked_sub(1) else {
            return;
        };
        loop {
            let d = self.dims[k];
            self.idx[k] += 1;
            self.at.0 += d.stride;
            self.at.1 += d.other;
            if self.idx[k] < d.size || k == 0 {
                return;
            }
            self.at.0 -= d.size * d.stride;
            self.at.1 -= d.size * d.other;
            self.idx[k] = 0;
            k -= 1;
        }
    }

    /// Up to `B` items at once: their input offsets and how many there are.
    #[inline(always)]
    pub fn next_batch<const B: usize>(&mut self) -> ([usize; B], usize) {
        let mut b = [0usize; B];
        let mut n = 0;
        while n < B {
            let Some((o, _)) = self.next() else { break };
            b[n] = o;
            n += 1;
        }
        (b, n)
    }
}

impl Iterator for Odometer<'_> {
    type Item = (usize, usize);
    #[inline(always)]
    fn next(&mut self) -> Option<(usize, usize)> {
        if self.left == 0 {
            return None;
        }
        let r = self.at;
        self.left -= 1;
        if self.left > 0 {
            self.step();
        }
        Some(r)
    }
}

/// Column tiles: `(input offset, out offset, first column, end column)`, the offsets those of
/// the first column.
pub struct Tiles<'a> {
    outer: Odometer<'a>,
    base: (usize, usize),
    /// The unit of tile 0 of the current outer index, and of the next one.
    unit0: usize,
    next_unit0: usize,
    /// The next tile of the current outer index (`per`: fetch the next index).
    t: usize,
    per: usize,
    start: usize,
    end: usize,
    width: usize,
    o_step: usize,
}

impl Iterator for Tiles<'_> {
    type Item = (usize, usize, usize, usize);
    #[inline(always)]
    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if self.t == self.per {
                self.base = self.outer.next()?;
                self.unit0 = self.next_unit0;
                self.next_unit0 += self.per;
                self.t = 0;
            }
            let t = self.t;
            self.t += 1;
            let u = self.unit0 + t;
            if u >= self.start && u < self.end {
                let j0 = t * TILE;
                let (ib, ob) = self.base;
                let j1 = (j0 + TILE).min(self.width);
                return Some((ib + j0, ob + j0 * self.o_step, j0, j1));
            }
        }
    }
}

/// Runs `task(start, end)` over the plan's units: on this thread, or in contiguous blocks over
/// the context's threads when `work` deserves several tasks.
pub fn split(
    ctx: &KernelContext<'_>,
    plan: &Plan,
    work: Work,
    task: &(dyn Fn(usize, usize) + Sync),
) {
    let units = plan.units();
    let n_tasks = ctx.tasks_for(work).min(units);
    if n_tasks <= 1 {
        task(0, units);
        return;
    }
    let block = units.div_ceil(n_tasks);
    ctx.parallel.run(units.div_ceil(block), &|i| {
        let s = i * block;
        task(s, (s + block).min(units));
    });
}

/// Whether the f32 kernels take `dtype` (loaded into f32 lanes through [`etk_simd::Element`]).
pub fn f32_family(dtype: ScalarType) -> bool {
    crate::norm::accelerated(dtype)
}

/// Runs `$body` with `$E` the element type of a Float, Half or BFloat16 `$dtype`.
#[macro_export]
#[doc(hidden)]
macro_rules! with_f32_elem {
    ($dtype:expr, $E:ident => $body:expr) => {
        match $dtype {
            etk_core::ScalarType::Float => {
                type $E = f32;
                $body
            }
            etk_core::ScalarType::Half => {
                type $E = half::f16;
                $body
            }
            _ => {
                type $E = half::bf16;
                $body
            }
        }
    };
}

/// Writes `v` rounded to the out's dtype (Float, Half or BFloat16) at element `i`.
///
/// # Safety
/// `i` within the out, whose dtype is one of the three.
#[inline(always)]
pub unsafe fn put_f32(out: Shared<*mut u8>, dtype: ScalarType, i: usize, v: f32) {
    // SAFETY: the caller's.
    unsafe { crate::norm::set_f32(out.0, dtype, i, v) }
}
