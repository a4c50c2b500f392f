//! The one reduction mechanism every reduction op shares (sum, prod, mean, var, any, amax,
//! max, argmax, ... and cumsum's scan):
//!
//! - [`dim_mask`]: ATen's dim list normalization (wrap negative dims, reject repeats,
//!   `dim=None` and, op by op, `[]` meaning every dim).
//! - [`reduced_shape`]: the out's shape with or without `keepdim`.
//! - [`Reduction`]: for each out element (in the out's memory order) the offset of its lane
//!   in the input, and the walk over that lane's reduced index space in the input's memory
//!   order (any dim order, strides from the tensor), each element with its linear index in
//!   the reduced space as ATen numbers it (row-major over the reduced dims), which is what
//!   argmax/max.dim return.
//! - [`Source`] / [`Sink`]: the input loaded in chunks in the compute type (optionally
//!   rounded through the dtype ATen casts it to first), the outs stored from it.
//! - [`reduce`] / [`reduce2`]: fold every lane, store one or two results per out element.
//! - shared folds: [`sum_chunk`] (pairwise), [`Best`] (max/min with NaN propagation and the
//!   first index on ties); var's moments are in `util::moments`.

use crate::util::access::Access;
use crate::util::dispatch::Arith;
use etk_core::element::{LoadFn, StoreFn};
use etk_core::iter::rounder;
use etk_core::shape::{Dims, MAX_DIM, wrap_dim};
use etk_core::{Compute, Error, ErrorKind, Info, Result, ScalarType, Tensor};

/// Elements loaded per chunk (stack buffers).
pub const CHUNK: usize = 256;

/// The dims a reduction folds, as a bit mask over the input's dims.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DimMask(u32);

impl DimMask {
    pub fn all(rank: usize) -> DimMask {
        DimMask(((1u64 << rank.min(MAX_DIM)) - 1) as u32)
    }
    pub fn none() -> DimMask {
        DimMask(0)
    }
    pub fn contains(self, d: usize) -> bool {
        // Not `d < 32 && self.0 & (1 << d) != 0`: in a loop filtered by it, that form sent
        // LLVM's full loop unroller (rustc 1.95, LLVM 22) into about 15 CPU-minutes on
        // `Reduction::new` alone: most of a release build of this crate.
        (u64::from(self.0) >> d.min(63)) & 1 != 0
    }
}

/// What an explicit empty dim list means for an op.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EmptyDims {
    /// `sum(x, [])`, `amax(x, [])`, `var(x, [])`: every dim.
    All,
    /// `any(x, dim=[])`: no dim (the op is elementwise).
    None,
}

/// ATen's dim list: `None` reduces every dim; each entry is wrapped against `rank` (a zero-dim
/// tensor accepts 0 and -1); a dim named twice is an error.
pub fn dim_mask(
    op: &'static str,
    arg: &'static str,
    dims: Option<&[i64]>,
    rank: usize,
    empty: EmptyDims,
) -> Result<DimMask> {
    let Some(dims) = dims else {
        return Ok(DimMask::all(rank));
    };
    if dims.is_empty() {
        return Ok(match empty {
            EmptyDims::All => DimMask::all(rank),
            EmptyDims::None => DimMask::none(),
        });
    }
    let mut m = 0u32;
    for &d in dims {
        let w = wrap_dim(op, arg, d, rank)?;
        if m & (1 << w) != 0 {
            return Err(Error::new(ErrorKind::InvalidArgument, op, arg)
                .expected_text("each dim at most once; this one appears twice:")
                .got(Info::Int(w as i64)));
        }
        m |= 1 << w;
    }
    Ok(DimMask(m))
}

/// One dim (`int dim`), wrapped.
pub fn one_dim(op: &'static str, arg: &'static str, dim: i64, rank: usize) -> Result<DimMask> {
    dim_mask(op, arg, Some(&[dim]), rank, EmptyDims::All)
}

/// The out shape: reduced dims dropped, or kept with size 1.
pub fn reduced_shape(sizes: &[usize], mask: DimMask, keepdim: bool) -> Dims {
    let mut out = Dims::EMPTY;
    for (d, &s) in sizes.iter().enumerate() {
        if !mask.contains(d) {
            out.push(s);
        } else if keepdim {
            out.push(1);
        }
    }
    out
}

/// ATen's check for reductions without an identity (max, amax, argmax, ...): an empty input
/// needs the dims named (`specified`), and no reduced dim may have size 0.
pub fn check_nonempty(
    op: &'static str,
    self_: &Tensor<'_>,
    mask: DimMask,
    specified: bool,
) -> Result<()> {
    if self_.numel() != 0 {
        return Ok(());
    }
    if !specified {
        return Err(Error::invalid(
            op,
            "dim",
            "a reduction dim to be specified for an input with no elements",
        ));
    }
    for d in 0..self_.dim() {
        if mask.contains(d) && self_.size(d) == 0 {
            return Err(Error::new(ErrorKind::InvalidArgument, op, "dim")
                .expected_text("a reduction dim of non-zero size; dim")
                .got(Info::Int(d as i64)));
        }
    }
    Ok(())
}

/// `dtype=` given: the out must have exactly that dtype (ATen: "Expected out tensor to have
/// dtype ...").
pub fn check_out_is(op: &'static str, out: &Tensor<'_>, want: ScalarType) -> Result<()> {
    if out.dtype() != want {
        return Err(Error::new(ErrorKind::InvalidType, op, "out")
            .expected("dtype", Info::Dtype(want))
            .got(Info::Dtype(out.dtype())));
    }
    Ok(())
}

/// The walk of a reduction: outer dims (kept, in the first out's memory order) and inner
/// dims (reduced, in the input's memory order, adjacent ones merged).
#[derive(Clone, Copy, Debug)]
pub struct Reduction {
    n_outer: usize,
    o_sizes: [usize; MAX_DIM],
    o_in: [usize; MAX_DIM],
    o_out: [[usize; MAX_DIM]; 2],
    n_inner: usize,
    i_sizes: [usize; MAX_DIM],
    i_in: [usize; MAX_DIM],
    i_idx: [usize; MAX_DIM],
    out_numel: usize,
    reduced_numel: usize,
}

impl Reduction {
    /// Plans reducing `input` over `mask` into `outs` (one or two), which the caller has
    /// resized to the reduced shape (with or without keepdim) or, for a scan, to the input's
    /// shape (the scanned dim is then not walked here).
    pub fn new(
        op: &'static str,
        input: &Tensor<'_>,
        mask: DimMask,
        outs: &[&Tensor<'_>],
    ) -> Result<Reduction> {
        let rank = input.dim();
        if outs.is_empty() || outs.len() > 2 {
            return Err(Error::invalid(op, "out", "one or two outs"));
        }
        let mut kept = [0usize; MAX_DIM];
        let mut n_kept = 0;
        for d in (0..rank).filter(|&d| !mask.contains(d)) {
            kept[n_kept] = d;
            n_kept += 1;
        }
        // out dim -> input dim, for both out ranks
        let in_dim = |out: &Tensor<'_>, j: usize| -> Option<usize> {
            if out.dim() == rank {
                (!mask.contains(j)).then_some(j)
            } else {
                Some(kept[j])
            }
        };
        for out in outs {
            if out.dim() != rank && out.dim() != n_kept {
                return Err(Error::new(ErrorKind::InvalidArgument, op, "out")
                    .expected("an out of rank", Info::Int(n_kept as i64))
                    .got(Info::Int(out.dim() as i64)));
            }
        }
        let first = outs[0];
        let mut p = Reduction {
            n_outer: 0,
            o_sizes: [0; MAX_DIM],
            o_in: [0; MAX_DIM],
            o_out: [[0; MAX_DIM]; 2],
            n_inner: 0,
            i_sizes: [0; MAX_DIM],
            i_in: [0; MAX_DIM],
            i_idx: [0; MAX_DIM],
            out_numel: first.numel(),
            reduced_numel: 1,
        };
        for &j in first.dim_order() {
            let Some(d) = in_dim(first, j) else { continue };
            let n = input.size(d);
            if n == 1 {
                continue;
            }
            p.o_sizes[p.n_outer] = n;
            p.o_in[p.n_outer] = input.strides()[d];
            for (k, out) in outs.iter().enumerate() {
                // the same input dim in each out
                let jo = if out.dim() == rank {
                    d
                } else {
                    kept[..n_kept].iter().position(|&x| x == d).unwrap_or(0)
                };
                if out.size(jo) != n {
                    return Err(Error::new(ErrorKind::InvalidArgument, op, "out")
                        .expected(
                            "the reduced shape; size along a kept dim",
                            Info::Int(n as i64),
                        )
                        .got(Info::Shape(out.shape())));
                }
                p.o_out[k][p.n_outer] = out.strides()[jo];
            }
            p.n_outer += 1;
        }
        // logical strides of the reduced index space (row-major over the reduced dims)
        let mut lstride = [0usize; MAX_DIM];
        let mut acc = 1usize;
        for d in (0..rank).rev().filter(|&d| mask.contains(d)) {
            lstride[d] = acc;
            acc *= input.size(d);
        }
        p.reduced_numel = if rank == 0 { 1 } else { acc };
        for &d in input.dim_order() {
            if !mask.contains(d) || input.size(d) == 1 {
                continue;
            }
            let (n, s, l) = (input.size(d), input.strides()[d], lstride[d]);
            let m = p.n_inner;
            if m > 0 && p.i_in[m - 1] == s * n && p.i_idx[m - 1] == l * n {
                p.i_sizes[m - 1] *= n;
                p.i_in[m - 1] = s;
                p.i_idx[m - 1] = l;
            } else {
                p.i_sizes[m] = n;
                p.i_in[m] = s;
                p.i_idx[m] = l;
                p.n_inner += 1;
            }
        }
        Ok(p)
    }

    /// The input stride of the innermost reduced dim (1 for lanes of one element).
    pub fn inner_stride(&self) -> usize {
        if self.n_inner == 0 {
            1
        } else {
            self.i_in[self.n_inner - 1]
        }
    }

    /// Elements per lane.
    pub fn reduced_numel(&self) -> usize {
        self.reduced_numel
    }

    /// Whether every lane is walked in increasing reduced index (the reduced dims lie in
    /// memory in their logical order), so that the first element met among equals is the
    /// first by index.
    pub fn walks_in_index_order(&self) -> bool {
        (1..self.n_inner).all(|k| self.i_idx[k - 1] >= self.i_idx[k] * self.i_sizes[k])
    }

    /// Calls `f(input offset, [out offsets])` for every out element, in the first out's
    /// memory order (offsets in elements).
    pub fn for_each_out(&self, mut f: impl FnMut(usize, [usize; 2])) {
        self.for_each_out_row(|base, o, count, step, o_step| {
            for k in 0..count {
                f(
                    base + k * step,
                    [o[0] + k * o_step[0], o[1] + k * o_step[1]],
                );
            }
        });
    }

    /// As [`Reduction::for_each_out`], a row of the innermost kept dim at a time:
    /// `f(input offset, [out offsets], count, input step, [out steps])` covers the `count`
    /// out elements at those offsets plus `k` steps.
    pub fn for_each_out_row(&self, mut f: impl FnMut(usize, [usize; 2], usize, usize, [usize; 2])) {
        if self.out_numel == 0 {
            return;
        }
        if self.n_outer == 0 {
            f(0, [0, 0], 1, 0, [0, 0]);
            return;
        }
        let n = self.n_outer - 1;
        let (count, step) = (self.o_sizes[n], self.o_in[n]);
        let o_step = [self.o_out[0][n], self.o_out[1][n]];
        let mut idx = [0usize; MAX_DIM];
        let (mut off_in, mut off_out) = (0usize, [0usize; 2]);
        loop {
            f(off_in, off_out, count, step, o_step);
            let mut d = n;
            loop {
                if d == 0 {
                    return;
                }
                d -= 1;
                idx[d] += 1;
                off_in += self.o_in[d];
                off_out[0] += self.o_out[0][d];
                off_out[1] += self.o_out[1][d];
                if idx[d] < self.o_sizes[d] {
                    break;
                }
                off_in -= self.o_in[d] * idx[d];
                off_out[0] -= self.o_out[0][d] * idx[d];
                off_out[1] -= self.o_out[1][d] * idx[d];
                idx[d] = 0;
            }
        }
    }

    /// Calls `f(offset, stride, len, first index, index step)` for the runs of the lane that
    /// starts at input offset `base`: `len` elements `stride` apart in memory whose reduced
    /// linear indices are `first + i * step`. An empty lane has no runs.
    pub fn for_each_run(&self, base: usize, mut f: impl FnMut(usize, usize, usize, usize, usize)) {
        if self.reduced_numel == 0 {
            return;
        }
        if self.n_inner == 0 {
            f(base, 1, 1, 0, 1);
            return;
        }
        let last = self.n_inner - 1;
        let (len, stride, step) = (self.i_sizes[last], self.i_in[last], self.i_idx[last]);
        let mut idx = [0usize; MAX_DIM];
        let (mut off, mut li) = (base, 0usize);
        loop {
            f(off, stride, len, li, step);
            let mut d = last;
            loop {
                if d == 0 {
                    return;
                }
                d -= 1;
                idx[d] += 1;
                off += self.i_in[d];
                li += self.i_idx[d];
                if idx[d] < self.i_sizes[d] {
                    break;
                }
                off -= self.i_in[d] * idx[d];
                li -= self.i_idx[d] * idx[d];
                idx[d] = 0;
            }
        }
    }
}

/// An input read in the compute type `C`, optionally rounded through the dtype ATen casts it
/// to before reducing (`sum(x_float, out=int)` truncates every element first).
pub struct Source<C: Access> {
    ptr: *const u8,
    esize: usize,
    load: LoadFn<C>,
    round: Option<fn(&mut [C])>,
}

impl<C: Access> Source<C> {
    pub fn new(
        op: &'static str,
        name: &'static str,
        t: &Tensor<'_>,
        via: Option<ScalarType>,
    ) -> Result<Self> {
        Ok(Source {
            ptr: t.as_ptr(),
            esize: t.element_size(),
            load: C::loader(t.dtype()).ok_or(Error::unsupported_dtype(op, name, t.dtype()))?,
            round: rounder::<C>(t.dtype(), via),
        })
    }

    /// Calls `f(values, first index, index step)` on the chunks of the lane at `base`.
    pub fn lane(&self, plan: &Reduction, base: usize, mut f: impl FnMut(&[C], usize, usize)) {
        let mut buf = [C::default(); CHUNK];
        plan.for_each_run(base, |off, stride, len, first, step| {
            let mut s = 0;
            while s < len {
                let n = (len - s).min(CHUNK);
                // SAFETY: the plan's offsets lie within the tensor the source was made from.
                unsafe {
                    (self.load)(
                        self.ptr.add((off + s * stride) * self.esize),
                        stride as isize,
                        &mut buf[..n],
                    )
                };
                if let Some(r) = self.round {
                    r(&mut buf[..n]);
                }
                f(&buf[..n], first + s * step, step);
                s += n;
            }
        });
    }

    /// As [`Source::lane`] for the `w <= LANES` lanes at `base`, `base + 1`, ...: `f(lane,
    /// values, first index, index step)` gets each lane's chunks (the same chunks, in the same
    /// order, as [`Source::lane`] gives it), read a row of `w` adjacent elements at a time so
    /// that lanes sharing cache lines load them once. For reductions over an outer dim.
    pub fn lanes_adjacent(
        &self,
        plan: &Reduction,
        base: usize,
        w: usize,
        mut f: impl FnMut(usize, &[C], usize, usize),
    ) {
        let mut cols = [[C::default(); CHUNK]; LANES];
        let mut row = [C::default(); LANES];
        plan.for_each_run(base, |off, stride, len, first, step| {
            let mut s = 0;
            while s < len {
                let n = (len - s).min(CHUNK);
                for i in 0..n {
                    let row = &mut row[..w];
                    // SAFETY: the lanes' offsets lie within the tensor the source was made from.
                    unsafe {
                        (self.load)(self.ptr.add((off + (s + i) * stride) * self.esize), 1, row)
                    };
                    if let Some(r) = self.round {
                        r(row);
                    }
                    for (c, &v) in cols.iter_mut().zip(row.iter()) {
                        c[i] = v;
                    }
                }
                for (j, c) in cols.iter().enumerate().take(w) {
                    f(j, &c[..n], first + s * step, step);
                }
                s += n;
            }
        });
    }

    /// The element at `offset` (a scan reads its dim itself).
    ///
    /// # Safety
    /// `offset` must be an element of the tensor.
    pub unsafe fn get(&self, offset: usize) -> C {
        let mut v = [C::default()];
        unsafe { (self.load)(self.ptr.add(offset * self.esize), 1, &mut v) };
        if let Some(r) = self.round {
            r(&mut v);
        }
        v[0]
    }
}

/// An out written from the compute type `C`.
pub struct Sink<C: Access> {
    ptr: *mut u8,
    esize: usize,
    store: StoreFn<C>,
    round: Option<fn(&mut [C])>,
}

impl<C: Access> Sink<C> {
    /// `via`: the dtype ATen computes the result in before casting it to the out's dtype.
    pub fn new(
        op: &'static str,
        arg: &'static str,
        t: &mut Tensor<'_>,
        via: Option<ScalarType>,
    ) -> Result<Self> {
        Ok(Sink {
            esize: t.element_size(),
            store: C::storer(t.dtype()).ok_or(Error::unsupported_dtype(op, arg, t.dtype()))?,
            round: rounder::<C>(t.dtype(), via),
            ptr: t.as_mut_ptr(op, arg)?,
        })
    }

    /// # Safety
    /// `offset` must be an element of the out.
    pub unsafe fn put(&self, offset: usize, v: C) {
        let mut v = [v];
        if let Some(r) = self.round {
            r(&mut v);
        }
        unsafe { (self.store)(self.ptr.add(offset * self.esize), 1, &v) };
    }
}

/// Lanes read side by side by [`Source::lanes_adjacent`].
pub const LANES: usize = 8;

/// Folds every lane of `src` from `init` (`fold(acc, values, first index, index step)`, chunk
/// by chunk) and hands `emit(out offsets, acc)` the result of each, in the out's memory order.
/// Adjacent lanes of a reduction over an outer dim (lanes strided in memory, neighbours one
/// element apart) are read [`LANES`] at a time; each lane still sees the same chunks in the
/// same order.
fn fold_lanes<C: Access, A: Copy>(
    plan: &Reduction,
    src: &Source<C>,
    init: A,
    mut fold: impl FnMut(&mut A, &[C], usize, usize),
    mut emit: impl FnMut([usize; 2], A),
) {
    // (the column buffers hold LANES chunks: at most 16 KiB of 8-byte values)
    let side_by_side = plan.inner_stride() != 1 && core::mem::size_of::<C>() <= 8;
    plan.for_each_out_row(|base, o, count, step, o_step| {
        let at = |k: usize| [o[0] + k * o_step[0], o[1] + k * o_step[1]];
        let mut k = 0;
        if side_by_side && step == 1 {
            while count - k >= 2 {
                let w = LANES.min(count - k);
                let mut acc = [init; LANES];
                src.lanes_adjacent(plan, base + k, w, |j, v, first, s| {
                    fold(&mut acc[j], v, first, s)
                });
                for (j, &a) in acc.iter().enumerate().take(w) {
                    emit(at(k + j), a);
                }
                k += w;
            }
        }
        for k in k..count {
            let mut acc = init;
            src.lane(plan, base + k * step, |v, first, s| {
                fold(&mut acc, v, first, s)
            });
            emit(at(k), acc);
        }
    });
}

/// Folds every lane of `src` (from `init`, chunk by chunk: `fold(acc, values, first index,
/// index step)`) and stores `finish(acc)` in the out element.
pub fn reduce<C: Access, A: Copy, O: Access>(
    plan: &Reduction,
    src: &Source<C>,
    out: &Sink<O>,
    init: A,
    fold: impl FnMut(&mut A, &[C], usize, usize),
    mut finish: impl FnMut(A) -> O,
) {
    fold_lanes(plan, src, init, fold, |o, acc| {
        // SAFETY: the plan's out offsets lie within the out.
        unsafe { out.put(o[0], finish(acc)) };
    });
}

/// As [`reduce`], with two results per lane stored in two outs (max.dim, var_mean).
pub fn reduce2<C: Access, A: Copy, O1: Access, O2: Access>(
    plan: &Reduction,
    src: &Source<C>,
    outs: (&Sink<O1>, &Sink<O2>),
    init: A,
    fold: impl FnMut(&mut A, &[C], usize, usize),
    mut finish: impl FnMut(A) -> (O1, O2),
) {
    fold_lanes(plan, src, init, fold, |o, acc| {
        let (a, b) = finish(acc);
        // SAFETY: the plan's out offsets lie within each out.
        unsafe {
            outs.0.put(o[0], a);
            outs.1.put(o[1], b);
        }
    });
}

/// `sum`/`prod` into a Bool out: ATen casts the input to Bool (`x != 0`, NaN true) and adds
/// (`any`) or multiplies (`all`) in Bool; an empty lane gives false (sum) or true (prod).
pub fn reduce_bool(
    op: &'static str,
    plan: &Reduction,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
    product: bool,
) -> Result<()> {
    let src = Source::<bool>::new(op, "self", self_, None)?;
    let sink = Sink::<bool>::new(op, "out", out, None)?;
    if product {
        reduce(
            plan,
            &src,
            &sink,
            true,
            |a, v, _, _| *a = *a && v.iter().all(|&x| x),
            |a| a,
        );
    } else {
        reduce(
            plan,
            &src,
            &sink,
            false,
            |a, v, _, _| *a = *a || v.iter().any(|&x| x),
            |a| a,
        );
    }
    Ok(())
}

/// The sum of a chunk, pairwise for floats (error growing with log n, as ATen's cascade sum),
/// wrapping for integers.
pub fn sum_chunk<C: Arith>(v: &[C]) -> C {
    if v.len() <= 8 {
        let mut s = C::default();
        for &x in v {
            s = s.wrapping_add(x);
        }
        return s;
    }
    let (a, b) = v.split_at(v.len() / 2);
    sum_chunk(a).wrapping_add(sum_chunk(b))
}

/// Values that may be NaN (which wins in max/min reductions).
pub trait MaybeNan: Compute {
    fn is_nan(self) -> bool;
}
impl MaybeNan for i64 {
    fn is_nan(self) -> bool {
        false
    }
}
impl MaybeNan for f32 {
    fn is_nan(self) -> bool {
        f32::is_nan(self)
    }
}
impl MaybeNan for f64 {
    fn is_nan(self) -> bool {
        f64::is_nan(self)
    }
}

/// The best value of a lane so far and its reduced index: the largest (`MAX`) or smallest,
/// NaN beating every number, the smallest index winning among equals (lanes may be walked in
/// any memory order, so "first" is decided by index, not by arrival).
#[derive(Clone, Copy, Debug)]
pub struct Best<C> {
    pub value: C,
    pub index: usize,
    pub seen: bool,
}

impl<C: MaybeNan> Best<C> {
    pub fn new() -> Self {
        Best {
            value: C::default(),
            index: 0,
            seen: false,
        }
    }

    pub fn fold<const MAX: bool>(&mut self, vals: &[C], first: usize, step: usize) {
        for (k, &x) in vals.iter().enumerate() {
            let i = first + k * step;
            let take = if !self.seen {
                true
            } else if self.value.is_nan() {
                x.is_nan() && i < self.index
            } else if x.is_nan() || (MAX && x > self.value) || (!MAX && x < self.value) {
                true
            } else {
                x == self.value && i < self.index
            };
            if take {
                self.value = x;
                self.index = i;
                self.seen = true;
            }
        }
    }
}

impl<C: MaybeNan> Best<C> {
    /// As [`Best::fold`] for reductions that keep only the value (amax, amin), on a chunk met
    /// in increasing index order after everything folded so far: the first of equal values
    /// is then the first met. Eight interleaved lanes find the chunk's extreme; a chunk holding
    /// NaN, or whose extreme is zero (which of -0.0 and 0.0 came first matters), is walked one
    /// element at a time. `index` is not kept.
    pub fn fold_value<const MAX: bool>(&mut self, vals: &[C]) {
        let better = |x: C, v: C| if MAX { x > v } else { x < v };
        let Some(&first) = vals.first() else {
            return;
        };
        if self.seen && self.value.is_nan() {
            return;
        }
        let mut lanes = [first; 8];
        let mut nans = [false; 8];
        let mut rows = vals.chunks_exact(8);
        for c in &mut rows {
            for l in 0..8 {
                let x = c[l];
                nans[l] |= x.is_nan();
                lanes[l] = if better(x, lanes[l]) { x } else { lanes[l] };
            }
        }
        let mut nan = nans.iter().any(|&b| b);
        let mut m = lanes[0];
        for &x in lanes[1..].iter().chain(rows.remainder()) {
            nan |= x.is_nan();
            if better(x, m) {
                m = x;
            }
        }
        if !nan && m != C::default() {
            if !self.seen || better(m, self.value) {
                self.value = m;
                self.seen = true;
            }
            return;
        }
        for &x in vals {
            if !self.seen {
                (self.value, self.seen) = (x, true);
            } else if self.value.is_nan() {
                return;
            } else if x.is_nan() || better(x, self.value) {
                self.value = x;
            }
        }
    }
}

impl<C: MaybeNan> Default for Best<C> {
    fn default() -> Self {
        Self::new()
    }
}

/// The largest (`max`) or smallest value of `dtype`, in its compute type: the identity ATen
/// gives `max()`/`min()` of an empty tensor (-inf/inf for floats).
pub fn dtype_bound<C: Compute>(dtype: ScalarType, max: bool) -> C {
    use ScalarType::*;
    let v: f64 = match (dtype, max) {
        (Half | BFloat16 | Float | Double, true) => f64::INFINITY,
        (Half | BFloat16 | Float | Double, false) => f64::NEG_INFINITY,
        _ => {
            let (lo, hi): (i64, i64) = match dtype {
                Bool => (0, 1),
                Byte => (0, 255),
                Char => (i8::MIN as i64, i8::MAX as i64),
                Short => (i16::MIN as i64, i16::MAX as i64),
                Int => (i32::MIN as i64, i32::MAX as i64),
                _ => (i64::MIN, i64::MAX),
            };
            return C::load::<i64>(if max { hi } else { lo });
        }
    };
    C::load::<f64>(v)
}
