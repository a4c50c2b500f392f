//! The shape rules and the walk that `gather`, `scatter`, `scatter_add` and `scatter_reduce`
//! share (ATen's `ScatterGatherChecks.h` and `cpu_scatter_gather_base_kernel`).
//!
//! Every position `p` of `index` names one element of a *target* (the out of scatter, the
//! `self` of gather) at `p` with dim `dim` replaced by `index[p]`, and one element of an
//! *other* tensor at `p` itself (the out of gather, the `src` of scatter). Zero-dim tensors
//! count as `[1]`; index sizes may be smaller than the target's in every dim but `dim`, and
//! smaller than `src`'s in every dim.

use crate::util::index::{Geometry, IndexReader, check_index_dtype, check_indices, walk};
use etk_core::shape::MAX_DIM;
use etk_core::{Error, ErrorKind, Info, Result, ScalarType, Tensor};

fn size_mismatch(
    op: &'static str,
    arg: &'static str,
    dim: usize,
    bound: usize,
    got: usize,
) -> Error {
    let _ = dim;
    Error::new(ErrorKind::InvalidArgument, op, arg)
        .expected(
            "index sizes no larger than this (per dim):",
            Info::Int(bound as i64),
        )
        .got(Info::Int(got as i64))
}

fn check_rank(op: &'static str, target: &Tensor<'_>, index: &Tensor<'_>) -> Result<()> {
    if target.dim().max(1) != index.dim().max(1) {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "index")
            .expected("the rank of self,", Info::Int(target.dim() as i64))
            .got(Info::Int(index.dim() as i64)));
    }
    Ok(())
}

/// Fails unless `t` is a dtype the scatter/gather kernels take: ATen has them for every dtype
/// but the barebones unsigned ones and ComplexHalf.
pub fn check_scatter_dtype(op: &'static str, arg: &'static str, t: ScalarType) -> Result<()> {
    if matches!(
        t,
        ScalarType::UInt16 | ScalarType::UInt32 | ScalarType::UInt64 | ScalarType::ComplexHalf
    ) {
        return Err(Error::dtype(
            op,
            arg,
            "a dtype other than UInt16/32/64 and ComplexHalf",
            t,
        ));
    }
    Ok(())
}

/// gather's checks (`dim` already wrapped): an empty index is never checked further; else it
/// is Long or Int, of `self`'s rank, no larger than `self` outside `dim`, its values in range.
pub fn check_gather(
    op: &'static str,
    self_: &Tensor<'_>,
    dim: usize,
    index: &Tensor<'_>,
) -> Result<()> {
    check_scatter_dtype(op, "self", self_.dtype())?;
    if index.numel() == 0 {
        return Ok(());
    }
    check_index_dtype(op, "index", index)?;
    check_rank(op, self_, index)?;
    let (s, i) = (Geometry::of(self_), Geometry::of(index));
    for d in 0..s.rank {
        if d != dim && i.sizes[d] > s.sizes[d] {
            return Err(size_mismatch(op, "index", d, s.sizes[d], i.sizes[d]));
        }
    }
    check_indices(op, "index", index, s.sizes[dim], false)
}

/// scatter's checks (`dim` already wrapped): `src` (if any) has `self`'s dtype; an empty
/// index is never checked further; else it is Long or Int, of `self`'s rank, no larger than
/// `self` outside `dim`, of `src`'s rank and no larger than `src` anywhere, its values in range.
pub fn check_scatter(
    op: &'static str,
    self_: &Tensor<'_>,
    dim: usize,
    index: &Tensor<'_>,
    src: Option<&Tensor<'_>>,
) -> Result<()> {
    check_scatter_dtype(op, "self", self_.dtype())?;
    if let Some(src) = src
        && src.dtype() != self_.dtype()
    {
        return Err(Error::new(ErrorKind::InvalidType, op, "src")
            .expected("self's dtype", Info::Dtype(self_.dtype()))
            .got(Info::Dtype(src.dtype())));
    }
    if index.numel() == 0 {
        return Ok(());
    }
    check_index_dtype(op, "index", index)?;
    check_rank(op, self_, index)?;
    let (s, i) = (Geometry::of(self_), Geometry::of(index));
    for d in 0..s.rank {
        if d != dim && i.sizes[d] > s.sizes[d] {
            return Err(size_mismatch(op, "index", d, s.sizes[d], i.sizes[d]));
        }
    }
    if let Some(src) = src {
        if src.dim().max(1) != s.rank {
            return Err(Error::new(ErrorKind::InvalidArgument, op, "src")
                .expected("the rank of index,", Info::Int(index.dim() as i64))
                .got(Info::Int(src.dim() as i64)));
        }
        let g = Geometry::of(src);
        for d in 0..s.rank {
            if i.sizes[d] > g.sizes[d] {
                return Err(size_mismatch(op, "src", d, g.sizes[d], i.sizes[d]));
            }
        }
    }
    check_indices(op, "index", index, s.sizes[dim], false)
}

/// Calls `f(target_offset, other_offset)` for every position of `index` (checked by
/// [`check_gather`] or [`check_scatter`]), offsets in elements: the target element at the
/// position with `dim` replaced by the index value, and the `other` element at the position
/// (0 when there is no other tensor).
pub fn for_each_pair(
    target: &Tensor<'_>,
    dim: usize,
    index: &Tensor<'_>,
    other: Option<&Tensor<'_>>,
    mut f: impl FnMut(usize, usize),
) {
    let t = Geometry::of(target);
    let i = Geometry::of(index);
    let step = t.strides[dim];
    let mut ts = t.strides;
    ts[dim] = 0;
    let mut os = [0usize; MAX_DIM];
    if let Some(o) = other {
        let g = Geometry::of(o);
        os[..i.rank].copy_from_slice(&g.strides[..i.rank]);
        if o.dim() == 0 {
            os = [0; MAX_DIM];
        }
    }
    if target.dim() == 0 {
        ts = [0; MAX_DIM];
    }
    let mut is = i.strides;
    if index.dim() == 0 {
        is = [0; MAX_DIM];
    }
    let r = IndexReader::new(index);
    walk(i.sizes(), &[ts, is, os], 3, |o| {
        let v = r.get(o[1]) as usize;
        f(o[0] + v * step, o[2]);
    });
}

/// How `scatter_add` and `scatter_reduce` combine an out element with a `src` element.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reduce {
    Sum,
    Prod,
    Mean,
    Max,
    Min,
}

impl Reduce {
    /// `scatter_reduce`'s `reduce` argument (`max`/`min` are accepted as `amax`/`amin`).
    pub fn parse(op: &'static str, s: &str) -> Result<Reduce> {
        Ok(match s {
            "sum" => Reduce::Sum,
            "prod" => Reduce::Prod,
            "mean" => Reduce::Mean,
            "amax" | "max" => Reduce::Max,
            "amin" | "min" => Reduce::Min,
            _ => {
                return Err(Error::invalid(
                    op,
                    "reduce",
                    "one of sum, prod, mean, amax, amin",
                ));
            }
        })
    }
}

/// Arithmetic the scatter reductions need on a compute type.
pub trait ReduceMath: crate::util::dispatch::Arith + crate::util::access::Access {
    /// The start of a reduction that excludes `self` (`include_self=False`).
    fn identity(r: Reduce, dtype: ScalarType) -> Self;
    fn is_nan(self) -> bool;
    /// `a / n` as ATen's mean finishes: floor division for integers, true division else.
    fn mean(a: Self, n: i64) -> Self;
}

impl ReduceMath for i64 {
    fn identity(r: Reduce, dtype: ScalarType) -> Self {
        let (lo, hi) = match dtype {
            ScalarType::Bool => (0, 1),
            d => crate::util::scalar::int_range(d),
        };
        match r {
            Reduce::Sum | Reduce::Mean => 0,
            Reduce::Prod => 1,
            Reduce::Max => lo,
            Reduce::Min => hi,
        }
    }
    fn is_nan(self) -> bool {
        false
    }
    fn mean(a: Self, n: i64) -> Self {
        // n >= 1; i64::MIN / -1 cannot happen.
        a.div_euclid(n)
    }
}

macro_rules! reduce_math_float {
    ($t:ty) => {
        impl ReduceMath for $t {
            fn identity(r: Reduce, _: ScalarType) -> Self {
                match r {
                    Reduce::Sum | Reduce::Mean => 0.0,
                    Reduce::Prod => 1.0,
                    Reduce::Max => <$t>::NEG_INFINITY,
                    Reduce::Min => <$t>::INFINITY,
                }
            }
            fn is_nan(self) -> bool {
                <$t>::is_nan(self)
            }
            fn mean(a: Self, n: i64) -> Self {
                a / n as $t
            }
        }
    };
}
reduce_math_float!(f32);
reduce_math_float!(f64);

macro_rules! reduce_math_complex {
    ($t:ty) => {
        /// Sum, prod and mean only: ATen has no amax/amin for complex (the caller rejects them).
        impl ReduceMath for crate::util::complex::Complex<$t> {
            fn identity(r: Reduce, d: ScalarType) -> Self {
                crate::util::complex::Complex::new(<$t>::identity(r, d), 0.0)
            }
            fn is_nan(self) -> bool {
                crate::util::complex::Complex::is_nan(self)
            }
            fn mean(a: Self, n: i64) -> Self {
                a.div_real(n as $t)
            }
        }
    };
}
reduce_math_complex!(f32);
reduce_math_complex!(f64);

/// One step of a reduction: ATen's `ReduceAdd`, `ReduceMultiply`, `ReduceMaximum` (NaN from
/// either side wins) and `ReduceMinimum`.
#[inline(always)]
pub fn combine<C: ReduceMath>(r: Reduce, a: C, b: C) -> C {
    match r {
        Reduce::Sum | Reduce::Mean => a.wrapping_add(b),
        Reduce::Prod => a.wrapping_mul(b),
        Reduce::Max => {
            if b.is_nan() || a.is_nan() {
                if b.is_nan() { b } else { a }
            } else if b > a {
                b
            } else {
                a
            }
        }
        Reduce::Min => {
            if b.is_nan() || a.is_nan() {
                if b.is_nan() { b } else { a }
            } else if b < a {
                b
            } else {
                a
            }
        }
    }
}

/// Whether [`scatter_reduce_into`] needs a Float accumulator of `out.numel()` entries: ATen
/// sums, multiplies and averages Half and BFloat16 in Float and rounds each element once (a
/// max or min rounds nothing).
pub fn needs_float_acc(dtype: ScalarType, r: Reduce) -> bool {
    matches!(dtype, ScalarType::Half | ScalarType::BFloat16)
        && matches!(r, Reduce::Sum | Reduce::Prod | Reduce::Mean)
}

/// `out` (already a copy of `self`, checked by [`check_scatter`]) reduced with `src` at the
/// positions `index` names: without `include_self` each named element first takes the
/// reduction's identity; `Mean` then divides by the count of values reduced (`self`'s
/// included). `counts` is scratch of `out.numel()` entries, needed for `Mean` only; `acc`
/// is scratch of `out.numel()` Floats, given exactly when [`needs_float_acc`] says so: then
/// every element is reduced in Float and rounded once (ATen 2.13's CPU kernel), and a mean
/// divides the rounded sum. Otherwise each step loads and stores the element.
#[allow(clippy::too_many_arguments)]
pub fn scatter_reduce_into<C: ReduceMath>(
    op: &'static str,
    out: &mut Tensor<'_>,
    dim: usize,
    index: &Tensor<'_>,
    src: &Tensor<'_>,
    r: Reduce,
    include_self: bool,
    counts: Option<&mut [i64]>,
    acc: Option<&mut [f32]>,
) -> Result<()> {
    if let Some(acc) = acc {
        return reduce_in_float(op, out, dim, index, src, r, include_self, counts, acc);
    }
    let dt = out.dtype();
    let load = C::loader(dt).ok_or(Error::unsupported_dtype(op, "self", dt))?;
    let store = C::storer(dt).ok_or(Error::unsupported_dtype(op, "self", dt))?;
    let es = out.element_size();
    let dst = out.as_mut_ptr(op, "out")?;
    let s = src.as_ptr();
    let o = out.view();
    let get = |p: *const u8, off: usize| {
        let mut v = [C::default()];
        // SAFETY: callers pass offsets within the tensor `p` belongs to.
        unsafe { load(p.add(off * es), 1, &mut v) };
        v[0]
    };
    let put = |off: usize, v: C| {
        // SAFETY: `off` is an element of the out.
        unsafe { store(dst.add(off * es), 1, &[v]) };
    };
    if !include_self {
        let id = C::identity(r, dt);
        for_each_pair(&o, dim, index, None, |t, _| put(t, id));
    }
    let mut counts = counts;
    if let Some(c) = counts.as_deref_mut() {
        c.fill(if include_self { 1 } else { 0 });
    }
    for_each_pair(&o, dim, index, Some(src), |t, i| {
        let v = combine(r, get(dst, t), get(s, i));
        put(t, v);
        if let Some(c) = counts.as_deref_mut() {
            // Offsets are in memory order; the count only has to follow the same element.
            c[t] += 1;
        }
    });
    if let Some(c) = counts {
        for (off, &n) in c.iter().enumerate() {
            if n > 1 {
                put(off, C::mean(get(dst, off), n));
            }
        }
    }
    Ok(())
}

/// [`scatter_reduce_into`] for Half and BFloat16 sums, products and means: the out's elements
/// in `acc` (its memory order) as Float, reduced there, each stored once; a mean then divides
/// the stored (rounded) sum, as ATen does.
#[allow(clippy::too_many_arguments)]
fn reduce_in_float(
    op: &'static str,
    out: &mut Tensor<'_>,
    dim: usize,
    index: &Tensor<'_>,
    src: &Tensor<'_>,
    r: Reduce,
    include_self: bool,
    counts: Option<&mut [i64]>,
    acc: &mut [f32],
) -> Result<()> {
    let dt = out.dtype();
    let load =
        etk_core::element::loader::<f32>(dt).ok_or(Error::unsupported_dtype(op, "self", dt))?;
    let store =
        etk_core::element::storer::<f32>(dt).ok_or(Error::unsupported_dtype(op, "self", dt))?;
    let n = out.numel();
    let (es, ss) = (out.element_size(), src.element_size());
    let dst = out.as_mut_ptr(op, "out")?;
    let acc = &mut acc[..n];
    // SAFETY: the out's `n` elements lie at `dst` in memory order.
    unsafe { load(dst, 1, acc) };
    let o = out.view();
    if !include_self {
        let id = f32::identity(r, dt);
        for_each_pair(&o, dim, index, None, |t, _| acc[t] = id);
    }
    let mut counts = counts;
    if let Some(c) = counts.as_deref_mut() {
        c.fill(if include_self { 1 } else { 0 });
    }
    let s = src.as_ptr();
    for_each_pair(&o, dim, index, Some(src), |t, i| {
        let mut v = [0.0f32];
        // SAFETY: `i` is an element of `src`, which has the out's dtype.
        unsafe { load(s.add(i * ss), 1, &mut v) };
        acc[t] = combine(r, acc[t], v[0]);
        if let Some(c) = counts.as_deref_mut() {
            c[t] += 1;
        }
    });
    // SAFETY: as the load above.
    unsafe { store(dst, 1, acc) };
    if let Some(c) = counts {
        for (off, &k) in c.iter().enumerate() {
            if k > 1 {
                let mut v = [0.0f32];
                // SAFETY: `off < n`, an element of the out.
                unsafe {
                    load(dst.add(off * es), 1, &mut v);
                    store(dst.add(off * es), 1, &[f32::mean(v[0], k)]);
                }
            }
        }
    }
    Ok(())
}
