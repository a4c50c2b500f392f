//! `_embedding_bag.out(Tensor weight, Tensor indices, Tensor offsets,
//!   bool scale_grad_by_freq=False, int mode=0, bool sparse=False,
//!   Tensor? per_sample_weights=None, bool include_last_offset=False, int padding_idx=-1,
//!   *, Tensor(a!) out0, Tensor(b!) out1, Tensor(c!) out2, Tensor(d!) out3)`
//!
//! Reduces bags of rows of the 2-D `weight` table (Half, BFloat16, Float, Double): 1-D
//! `indices` (`n` of them) are cut into bags by the 1-D `offsets`, bag `b` starting at
//! `offsets[b]`; both are integers (or Bool) whose promoted dtype, that of out1..out3, must be
//! Int or Long; `mode` 0 sums each bag (optionally weighting index `j` by
//! `per_sample_weights[j]`), 1 takes its mean, 2 its per-column max. With
//! `include_last_offset`, the last offset closes the last bag instead of opening one. Rows
//! equal to `padding_idx` (when it is non-negative; it is not wrapped) are left out.
//!
//! The four outs are ATen's CPU kernel's, quirks included:
//! * `out0 [bags, D]`: the reduction, an empty bag gives zeros; the mean divides by
//!   `max(bag_size, 1)` converted to the weight's dtype (Half/BFloat16 sums are rounded to
//!   their dtype before that division, as ATen does), accumulation is in Float for
//!   Half/BFloat16. The max keeps the first of equal values and skips NaN after the first.
//! * `out1`: offset2bag, the bag of each index (`#{k : offsets[k] <= j} - 1` over the bag-
//!   opening offsets); empty `[0]` where ATen's fast sum path skips it.
//! * `out2 [bags]`: bag_size (offset differences, the last bag counted to `n` even when the
//!   last offset says otherwise, minus padded rows) for mean and max; zeros for sum.
//! * `out3`: max: `[bags, D]` the row each max came from (0 for an empty bag); otherwise a copy
//!   of `out2`.
//!
//! ATen takes one of two paths, and they differ. Its fast path (sum or mean of a Float, Half
//! or BFloat16 table with unit column stride and a negative `padding_idx`) reads bag `b` as
//! `[offsets[b], offsets[b+1])`, so with `include_last_offset` the indices past the last
//! offset are dropped, decreasing offsets are undefined (rejected here) and only indices
//! inside bags are range-checked. Its other path (Double, padding, max) bags by offset2bag: every index
//! belongs to a bag (the offsets act sorted) and every index is checked. Both are followed here.
//! 2-D `indices` `[B, k]` are taken as ATen takes them: `B` is the index count for the offsets,
//! offset2bag and bag_size, while the fast path reads all `B * k` elements in memory order as
//! one list (so bags run over the flat list, the last to its end). Off the fast path ATen
//! rejects them (sum, mean) or reads out of bounds (max): rejected here.
//! Offsets must start at 0 and lie in `[0, n]` — except the closing offset of
//! `include_last_offset`, which only the fast path reads (it must not be below the last bag's
//! start there). Rejected where ATen has no defined result: decreasing offsets on the fast path
//! (it reads memory it never wrote), indices with no bag to go to on the offset2bag path (ATen
//! writes out of bounds); and 2-D offsets.
//! `scale_grad_by_freq` and `sparse` only change the backward pass.

use crate::util::index::check_outs_disjoint;
use etk_core::element::{LoadFn, loader, round_trip, storer};
use etk_core::out::check_dtype;
use etk_core::promote::promote_types;
use etk_core::{
    Compute, Error, ErrorKind, Info, KernelContext, Result, ScalarType, Tensor, boxed_kernel,
};

pub const OP: &str = "aten::_embedding_bag.out";

const SUM: i64 = 0;
const MEAN: i64 = 1;
const MAX: i64 = 2;

#[allow(clippy::too_many_arguments)]
pub fn _embedding_bag_out(
    _ctx: &mut KernelContext<'_>,
    weight: &Tensor<'_>,
    indices: &Tensor<'_>,
    offsets: &Tensor<'_>,
    _scale_grad_by_freq: bool,
    mode: i64,
    _sparse: bool,
    per_sample_weights: Option<&Tensor<'_>>,
    include_last_offset: bool,
    padding_idx: i64,
    out0: &mut Tensor<'_>,
    out1: &mut Tensor<'_>,
    out2: &mut Tensor<'_>,
    out3: &mut Tensor<'_>,
) -> Result<()> {
    let plan = check(
        weight,
        indices,
        offsets,
        mode,
        per_sample_weights,
        include_last_offset,
        padding_idx,
    )?;
    for (name, o) in [("out1", &*out1), ("out2", &*out2), ("out3", &*out3)] {
        check_dtype(OP, name, o, plan.index_dtype)?;
        check_outs_disjoint(OP, name, out0, o)?;
    }
    check_dtype(OP, "out0", out0, weight.dtype())?;
    check_outs_disjoint(OP, "out2", out1, out2)?;
    check_outs_disjoint(OP, "out3", out1, out3)?;
    check_outs_disjoint(OP, "out3", out2, out3)?;
    let (nb, dim) = (plan.bags, weight.size(1));
    out0.resize(OP, "out0", &[nb, dim])?;
    let with_o2b = !(plan.fast && mode == SUM);
    out1.resize(OP, "out1", &[if with_o2b { plan.n } else { 0 }])?;
    out2.resize(OP, "out2", &[nb])?;
    if mode == MAX {
        out3.resize(OP, "out3", &[nb, dim])?;
    } else {
        out3.resize(OP, "out3", &[nb])?;
    }
    if with_o2b {
        write_offset2bag(offsets, &plan, out1)?;
    }
    let o2b = Ints::new(out1)?;
    let bag_size = Ints::new(out2)?;
    let maxi = Ints::new(out3)?;
    let bags = Bags {
        idx: Ints::read(indices),
        offsets: Ints::read(offsets),
        o2b,
        plan: &plan,
        padding_idx,
    };
    for b in 0..nb {
        let (start, end) = bags.run(b);
        let mut size = bags.nominal_size(b);
        for j in start..end {
            if bags.idx.at(j) == padding_idx {
                size -= 1;
            }
        }
        // SAFETY: `b < nb`, the size of the 1-D out2.
        unsafe { bag_size.put(b, if mode == SUM { 0 } else { size }) };
        if mode != MAX {
            // SAFETY: as above for out3.
            unsafe { maxi.put(b, if mode == SUM { 0 } else { size }) };
        }
    }
    if dim == 0 || nb == 0 {
        return Ok(());
    }
    let w = Rows::new(weight);
    let dst = out0.as_mut_ptr(OP, "out0")?;
    let (os0, os1) = (out0.strides()[0], out0.strides()[1]);
    if mode == MAX {
        let (ms0, ms1) = (out3.strides()[0], out3.strides()[1]);
        return if weight.dtype() == ScalarType::Double {
            bag_max::<f64>(&bags, &w, dst, (os0, os1), &maxi, (ms0, ms1))
        } else {
            bag_max::<f32>(&bags, &w, dst, (os0, os1), &maxi, (ms0, ms1))
        };
    }
    let psw = per_sample_weights.map(Rows::new);
    if weight.dtype() == ScalarType::Double {
        bag_sum::<f64>(&bags, &w, psw.as_ref(), mode, &bag_size, dst, (os0, os1))
    } else {
        bag_sum::<f32>(&bags, &w, psw.as_ref(), mode, &bag_size, dst, (os0, os1))
    }
}

/// What the checks learnt about a call.
struct Plan {
    /// The dtype of offset2bag, bag_size and max_indices.
    index_dtype: ScalarType,
    /// `indices.size(0)`: the index count of the offsets, offset2bag and bag_size.
    n: usize,
    /// `indices.numel()`: what the fast path reads.
    flat: usize,
    bags: usize,
    /// ATen's fast sum/mean path (bags read from consecutive offsets).
    fast: bool,
}

#[allow(clippy::too_many_arguments)]
fn check(
    weight: &Tensor<'_>,
    indices: &Tensor<'_>,
    offsets: &Tensor<'_>,
    mode: i64,
    psw: Option<&Tensor<'_>>,
    include_last_offset: bool,
    padding_idx: i64,
) -> Result<Plan> {
    if !(SUM..=MAX).contains(&mode) {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "mode")
            .expected_text("0 (sum), 1 (mean) or 2 (max)")
            .got(Info::Int(mode)));
    }
    if weight.dim() != 2 {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "weight")
            .expected_text("a 2-D [num_embeddings, embedding_dim] table")
            .got(Info::Shape(weight.shape())));
    }
    let wdt = weight.dtype();
    if !matches!(
        wdt,
        ScalarType::Half | ScalarType::BFloat16 | ScalarType::Float | ScalarType::Double
    ) {
        return Err(Error::dtype(
            OP,
            "weight",
            "Half, BFloat16, Float or Double",
            wdt,
        ));
    }
    // ATen converts both to their promoted type, which must be Int or Long.
    let index_dtype = match promote_types(indices.dtype(), offsets.dtype()) {
        Some(d @ (ScalarType::Int | ScalarType::Long)) => d,
        _ => {
            let bad = if matches!(indices.dtype(), ScalarType::Int | ScalarType::Long) {
                ("offsets", offsets.dtype())
            } else {
                ("indices", indices.dtype())
            };
            return Err(Error::dtype(
                OP,
                bad.0,
                "integer indices and offsets promoting to Long or Int",
                bad.1,
            ));
        }
    };
    if !(1..=2).contains(&indices.dim()) {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "indices")
            .expected_text("a 1-D (or, on ATen's fast path, 2-D) tensor")
            .got(Info::Shape(indices.shape())));
    }
    if offsets.dim() != 1 {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "offsets")
            .expected_text("a 1-D tensor")
            .got(Info::Shape(offsets.shape())));
    }
    // ATen takes `indices.size(0)` as the index count for the offsets, offset2bag and
    // bag_size, but its fast path reads all the elements (2-D indices: rows of a flat list).
    let (n, flat) = (indices.size(0), indices.numel());
    if let Some(p) = psw {
        if mode != SUM {
            return Err(
                Error::new(ErrorKind::InvalidArgument, OP, "per_sample_weights")
                    .expected_text("None unless mode is 0 (sum)")
                    .got(Info::Int(mode)),
            );
        }
        check_dtype(OP, "per_sample_weights", p, wdt)?;
        if p.dim() != 1 || p.numel() != flat {
            return Err(
                Error::new(ErrorKind::InvalidArgument, OP, "per_sample_weights")
                    .expected(
                        "a 1-D tensor with one weight per index, of length",
                        Info::Int(flat as i64),
                    )
                    .got(Info::Shape(p.shape())),
            );
        }
    }
    let m = offsets.numel();
    if include_last_offset && m == 0 {
        return Err(Error::invalid(
            OP,
            "offsets",
            "at least one offset with include_last_offset",
        ));
    }
    let off = Ints::read(offsets);
    if m > 0 && off.at(0) != 0 {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "offsets")
            .expected_text("offsets[0] == 0")
            .got(Info::Int(off.at(0))));
    }
    for k in 0..m {
        let o = off.at(k);
        // The closing offset of include_last_offset is only checked against the end (ATen's
        // offset2bag path never reads it; its fast path rejects it below when it is negative).
        let closing = include_last_offset && k + 1 == m;
        if (o < 0 && !closing) || o > n as i64 {
            return Err(Error::new(ErrorKind::InvalidArgument, OP, "offsets")
                .expected(
                    "offsets in [0, len(indices)] for len(indices)",
                    Info::Int(n as i64),
                )
                .got(Info::Int(o)));
        }
    }
    let bags = m - include_last_offset as usize;
    let fast = mode != MAX
        && wdt != ScalarType::Double
        && (weight.size(1) <= 1 || weight.strides()[1] == 1)
        && padding_idx < 0;
    let rows = weight.size(0);
    let idx = Ints::read(indices);
    let bad_index = |j: usize| {
        let v = idx.at(j);
        if v < 0 || v >= rows as i64 {
            return Err(Error::new(ErrorKind::InvalidArgument, OP, "indices")
                .expected(
                    "indices in [0, num_embeddings) for num_embeddings",
                    Info::Int(rows as i64),
                )
                .got(Info::Int(v)));
        }
        Ok(())
    };
    if fast {
        for b in 0..bags {
            let start = off.at(b);
            let end = if b + 1 < m {
                off.at(b + 1)
            } else {
                flat as i64
            };
            if end < start {
                return Err(Error::new(ErrorKind::InvalidArgument, OP, "offsets")
                    .expected(
                        "non-decreasing offsets on this path, offsets[b + 1] >=",
                        Info::Int(start),
                    )
                    .got(Info::Int(end)));
            }
            if end > flat as i64 {
                return Err(Error::new(ErrorKind::InvalidArgument, OP, "offsets")
                    .expected(
                        "offsets within the indices' elements (ATen reads past them)",
                        Info::Int(flat as i64),
                    )
                    .got(Info::Int(end)));
            }
            // both in [0, flat] now
            let (start, end) = (start as usize, end as usize);
            for j in start..end {
                bad_index(j)?;
            }
        }
    } else {
        if indices.dim() == 2 {
            return Err(Error::new(ErrorKind::InvalidArgument, OP, "indices")
                .expected_text(
                    "1-D indices off ATen's fast path (ATen rejects 2-D ones there, or reads \
                     past offset2bag in max mode)",
                )
                .got(Info::Shape(indices.shape())));
        }
        if bags == 0 && n > 0 {
            return Err(Error::invalid(
                OP,
                "offsets",
                "at least one bag for the indices to go to (ATen writes out of bounds)",
            ));
        }
        for j in 0..n {
            bad_index(j)?;
        }
    }
    Ok(Plan {
        index_dtype,
        n,
        flat,
        bags,
        fast,
    })
}

/// Writes offset2bag as ATen builds it: a count of bag-opening offsets at each position, the
/// first decremented, then a running sum (non-decreasing, so every bag is one run).
fn write_offset2bag(offsets: &Tensor<'_>, plan: &Plan, out1: &mut Tensor<'_>) -> Result<()> {
    let o2b = Ints::new(out1)?;
    let n = plan.n;
    if n == 0 {
        return Ok(());
    }
    let off = Ints::read(offsets);
    for j in 0..n {
        // SAFETY: `j < n`, the size of the 1-D out1 (here and below).
        unsafe { o2b.put(j, 0) };
    }
    for k in 0..plan.bags {
        let o = off.at(k) as usize;
        if o < n {
            // SAFETY: as above.
            unsafe { o2b.put(o, o2b.get(o) + 1) };
        }
    }
    let mut acc = -1i64;
    for j in 0..n {
        // SAFETY: as above.
        unsafe {
            acc += o2b.get(j);
            o2b.put(j, acc);
        }
    }
    Ok(())
}

/// A 1-D integer tensor read as `i64`: an input of any integer dtype (through its loader), or
/// a Long or Int out, which is also written.
struct Ints {
    ptr: *mut u8,
    wide: bool,
    numel: usize,
    esize: usize,
    load: Option<LoadFn<i64>>,
}

impl Ints {
    fn new(t: &mut Tensor<'_>) -> Result<Ints> {
        let wide = t.dtype() == ScalarType::Long;
        let ptr = if t.numel() == 0 {
            core::ptr::null_mut()
        } else {
            t.as_mut_ptr(OP, "out")?
        };
        Ok(Ints {
            ptr,
            wide,
            numel: t.numel(),
            esize: t.element_size(),
            load: None,
        })
    }

    /// A reader over an input the checks accepted (an integer or Bool dtype; 2-D indices are
    /// read in memory order, as ATen reads them).
    fn read(t: &Tensor<'_>) -> Ints {
        Ints {
            ptr: t.as_ptr() as *mut u8,
            wide: false,
            numel: t.numel(),
            esize: t.element_size(),
            load: loader::<i64>(t.dtype()),
        }
    }

    fn len(&self) -> usize {
        self.numel
    }

    /// Input element `off` in memory order; 0 past the end.
    #[inline(always)]
    fn at(&self, off: usize) -> i64 {
        let mut v = [0i64];
        if let (true, Some(load)) = (off < self.numel, self.load) {
            // SAFETY: `off < numel` elements of the tensor's dtype, which `load` reads.
            unsafe { load(self.ptr.add(off * self.esize), 1, &mut v) };
        }
        v[0]
    }

    /// # Safety
    /// `off` must be an element offset inside the tensor.
    unsafe fn get(&self, off: usize) -> i64 {
        unsafe {
            if self.wide {
                *(self.ptr as *const i64).add(off)
            } else {
                *(self.ptr as *const i32).add(off) as i64
            }
        }
    }

    /// # Safety
    /// `off` must be an element offset inside the tensor. The values stored in Int outs are
    /// counts and positions below `n`, which an Int `indices` tensor bounds.
    unsafe fn put(&self, off: usize, v: i64) {
        unsafe {
            if self.wide {
                *(self.ptr as *mut i64).add(off) = v;
            } else {
                *(self.ptr as *mut i32).add(off) = v as i32;
            }
        }
    }
}

/// A 2-D (or 1-D) floating tensor read element by element in a compute type.
struct Rows {
    ptr: *const u8,
    dtype: ScalarType,
    esize: usize,
    s0: usize,
    s1: usize,
    cols: usize,
}

impl Rows {
    fn new(t: &Tensor<'_>) -> Rows {
        let s = t.strides();
        Rows {
            ptr: t.as_ptr(),
            dtype: t.dtype(),
            esize: t.element_size(),
            s0: s.first().copied().unwrap_or(0),
            s1: s.get(1).copied().unwrap_or(0),
            cols: t.sizes().get(1).copied().unwrap_or(1),
        }
    }

    /// # Safety
    /// `(r, c)` must lie in the tensor; `C` is its dtype's compute type.
    #[inline(always)]
    unsafe fn get<C: Compute>(&self, r: usize, c: usize) -> C {
        let mut v = [C::default()];
        if let Some(load) = loader::<C>(self.dtype) {
            unsafe {
                load(
                    self.ptr.add((r * self.s0 + c * self.s1) * self.esize),
                    1,
                    &mut v,
                )
            };
        }
        v[0]
    }
}

/// The bag runs of one call.
struct Bags<'p> {
    idx: Ints,
    offsets: Ints,
    o2b: Ints,
    plan: &'p Plan,
    padding_idx: i64,
}

impl Bags<'_> {
    /// The index positions `[start, end)` that bag `b` reduces on ATen's path for the call.
    fn run(&self, b: usize) -> (usize, usize) {
        let (m, n) = (self.offsets.len(), self.plan.n);
        if self.plan.fast {
            let start = self.offsets.at(b) as usize;
            let end = if b + 1 < m {
                self.offsets.at(b + 1) as usize
            } else {
                self.plan.flat
            };
            return (start, end);
        }
        // offset2bag is non-decreasing: bag b is where it equals b. The offsets' order does
        // not matter, only how many of them lie at or below each position.
        let below = |v: i64| {
            // The first position whose bag is at least `v`, by binary search.
            let (mut lo, mut hi) = (0usize, n);
            while lo < hi {
                let mid = lo + (hi - lo) / 2;
                // SAFETY: `mid < n`, the size of out1 on this path.
                if unsafe { self.o2b.get(mid) } < v {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            lo
        };
        (below(b as i64), below(b as i64 + 1))
    }

    /// Bag `b`'s size from the offsets alone, as ATen's bag_size: the last bag runs to `n`.
    fn nominal_size(&self, b: usize) -> i64 {
        let end = if b + 1 < self.plan.bags {
            self.offsets.at(b + 1)
        } else {
            self.plan.n as i64
        };
        end - self.offsets.at(b)
    }

    /// The row of index position `j`, or `None` for the padding row.
    #[inline(always)]
    fn row(&self, j: usize) -> Option<usize> {
        let r = self.idx.at(j);
        (r != self.padding_idx).then_some(r as usize)
    }
}

trait Acc: Compute + core::ops::Add<Output = Self> + core::ops::Mul<Output = Self> {
    fn div(self, d: Self) -> Self;
    fn from_count(c: i64) -> Self;
    /// The BFloat16 value FBGEMM rounds to: ties away from zero.
    fn round_bf16_ties_away(self) -> Self;
}

impl Acc for f32 {
    fn div(self, d: f32) -> f32 {
        self / d
    }
    fn from_count(c: i64) -> f32 {
        c as f32
    }
    fn round_bf16_ties_away(self) -> f32 {
        if self.is_nan() {
            return self;
        }
        f32::from_bits(self.to_bits().wrapping_add(0x8000) & 0xffff_0000)
    }
}

impl Acc for f64 {
    fn div(self, d: f64) -> f64 {
        self / d
    }
    fn from_count(c: i64) -> f64 {
        c as f64
    }
    fn round_bf16_ties_away(self) -> f64 {
        self
    }
}

/// Sum and mean: each column of each bag accumulated in `C` over the bag's indices in order.
fn bag_sum<C: Acc>(
    bags: &Bags<'_>,
    w: &Rows,
    psw: Option<&Rows>,
    mode: i64,
    bag_size: &Ints,
    dst: *mut u8,
    (os0, os1): (usize, usize),
) -> Result<()> {
    let dt = w.dtype;
    let store = storer::<C>(dt).ok_or(Error::unsupported_dtype(OP, "weight", dt))?;
    let cols = w.cols;
    // ATen's fast path hands BFloat16 bags to FBGEMM, whose Float -> BFloat16 conversion
    // rounds halfway cases away from zero (not to even, as everywhere else).
    let fast_bf16 = bags.plan.fast && dt == ScalarType::BFloat16;
    for b in 0..bags.plan.bags {
        let (start, end) = bags.run(b);
        let denom = if mode == MEAN {
            // SAFETY: `b < bags`, the size of out2.
            let s = unsafe { bag_size.get(b) }.max(1);
            Some(round_trip(C::from_count(s), dt))
        } else {
            None
        };
        for c in 0..cols {
            let mut acc = C::default();
            for j in start..end {
                if let Some(r) = bags.row(j) {
                    // SAFETY: `r` was range-checked, `c < D`, `j < n = len(psw)`.
                    let v: C = unsafe { w.get(r, c) };
                    acc = match psw {
                        Some(p) => acc + v * unsafe { p.get::<C>(j, 0) },
                        None => acc + v,
                    };
                }
            }
            if fast_bf16 {
                acc = C::round_bf16_ties_away(acc);
            }
            if let Some(d) = denom {
                acc = round_trip(acc, dt).div(d);
            }
            // SAFETY: `(b, c)` lies in the `[bags, D]` out0.
            unsafe { store(dst.add((b * os0 + c * os1) * w.esize), 1, &[acc]) };
        }
    }
    Ok(())
}

/// Max: the first non-padding row of a bag, then any strictly greater value, per column.
fn bag_max<C: Acc>(
    bags: &Bags<'_>,
    w: &Rows,
    dst: *mut u8,
    (os0, os1): (usize, usize),
    maxi: &Ints,
    (ms0, ms1): (usize, usize),
) -> Result<()> {
    let dt = w.dtype;
    let store = storer::<C>(dt).ok_or(Error::unsupported_dtype(OP, "weight", dt))?;
    let cols = w.cols;
    for b in 0..bags.plan.bags {
        let (start, end) = bags.run(b);
        for c in 0..cols {
            let mut best: Option<(C, usize)> = None;
            for j in start..end {
                if let Some(r) = bags.row(j) {
                    // SAFETY: `r` was range-checked and `c < D`.
                    let v: C = unsafe { w.get(r, c) };
                    if best.is_none_or(|(m, _)| v > m) {
                        best = Some((v, r));
                    }
                }
            }
            let (v, r) = best.unwrap_or((C::default(), 0));
            // SAFETY: `(b, c)` lies in the `[bags, D]` out0 and out3.
            unsafe {
                store(dst.add((b * os0 + c * os1) * w.esize), 1, &[v]);
                maxi.put(b * ms0 + c * ms1, r as i64);
            }
        }
    }
    Ok(())
}

boxed_kernel!(pub fn _embedding_bag_out_boxed = OP => _embedding_bag_out(weight: &Tensor, indices: &Tensor, offsets: &Tensor, scale_grad_by_freq: bool, mode: i64, sparse: bool, per_sample_weights: Option<&Tensor>, include_last_offset: bool, padding_idx: i64) -> (out0, out1, out2, out3));
