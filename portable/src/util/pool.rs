//! The pooling kernels behind `max_pool{2,3}d_with_indices`, `avg_pool{2,3}d`,
//! `_adaptive_avg_pool{2,3}d` and `max_pool2d_with_indices_backward`, written once for one to
//! three spatial dims (2-D pools see a leading spatial dim of size 1).
//!
//! An input is `[N, C, *spatial]` or unbatched `[C, *spatial]` (then `N = 1`); every (batch,
//! channel) plane is pooled on its own. Tensors are addressed by logical index through their
//! own strides, so any dim order (channels-last included) is read, and the outs are written in
//! whatever dim order they have. The window arithmetic (output sizes, `ceil_mode`, padding,
//! dilation, adaptive windows) lives in [`crate::util::window`]. Elements are loaded into the
//! compute type (`i64`, `f32`, `f64`) through the dtype's load/store thunks, so each kernel is
//! compiled once per compute type: Half and BFloat16 accumulate in Float and round once.
//!
//! Each op is split in two: `*_prepare` runs every check and resizes the outs (so that
//! etk-optimized, which calls it first, rejects exactly what this library rejects), `*_run`
//! computes. The walks load the taps of a window row with one call of the dtype's load thunk
//! (not one per element) and update the running maximum without branches: both cost more than
//! the arithmetic on a reference kernel's data (a data-dependent branch mispredicts half the
//! time on random values).

use crate::dispatch_compute;
use crate::util::dispatch::Arith;
use crate::util::index::check_outs_disjoint;
use crate::util::window::{MAX_SPATIAL, PoolWindow, adaptive_window};
use etk_core::element::{LoadFn, StoreFn, loader, round_trip, storer};
use etk_core::out::check_dtype;
use etk_core::{Compute, Dims, Error, ErrorKind, Info, MAX_DIM, Result, ScalarType, Tensor};

/// The compute-type operations pooling needs beyond [`Arith`].
pub trait PoolNum: Compute + Arith {
    fn is_nan(self) -> bool;
    fn from_count(n: i64) -> Self;
    /// Integer division truncates (and wraps on `MIN / -1`), as ATen's `int64_t` division.
    fn div(self, d: Self) -> Self;
}

impl PoolNum for i64 {
    fn is_nan(self) -> bool {
        false
    }
    fn from_count(n: i64) -> Self {
        n
    }
    fn div(self, d: Self) -> Self {
        if d == 0 { 0 } else { self.wrapping_div(d) }
    }
}

macro_rules! float_pool {
    ($t:ty) => {
        impl PoolNum for $t {
            fn is_nan(self) -> bool {
                self != self
            }
            fn from_count(n: i64) -> Self {
                n as $t
            }
            fn div(self, d: Self) -> Self {
                self / d
            }
        }
    };
}
float_pool!(f32);
float_pool!(f64);

const MAX_POOL_DTYPES: &[ScalarType] = &[
    ScalarType::Byte,
    ScalarType::Char,
    ScalarType::Short,
    ScalarType::Int,
    ScalarType::Long,
    ScalarType::Half,
    ScalarType::BFloat16,
    ScalarType::Float,
    ScalarType::Double,
];
const FLOATS: &[ScalarType] = &[
    ScalarType::Half,
    ScalarType::BFloat16,
    ScalarType::Float,
    ScalarType::Double,
];
/// `avg_pool2d`: floating dtypes and Long.
pub const AVG_POOL2D_DTYPES: &[ScalarType] = &[
    ScalarType::Long,
    ScalarType::Half,
    ScalarType::BFloat16,
    ScalarType::Float,
    ScalarType::Double,
];
/// `avg_pool3d`: Float, Double and Long (ATen has no reduced-float kernel).
pub const AVG_POOL3D_DTYPES: &[ScalarType] =
    &[ScalarType::Long, ScalarType::Float, ScalarType::Double];

fn check_dtype_in(
    op: &'static str,
    t: &Tensor<'_>,
    accepted: &[ScalarType],
    what: &'static str,
) -> Result<()> {
    if !accepted.contains(&t.dtype()) {
        return Err(Error::dtype(op, "self", what, t.dtype()));
    }
    Ok(())
}

/// A checked pooling call's sizes, spatial dims padded in front to three (2-D pools have
/// `ins[0] == outs[0] == 1`).
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    /// Spatial dims (2 or 3).
    pub k: usize,
    /// The input's rank: `k + 2` batched, `k + 1` unbatched.
    pub rank: usize,
    /// Batch (1 when unbatched) and channels.
    pub n: usize,
    pub c: usize,
    pub ins: [usize; MAX_SPATIAL],
    pub outs: [usize; MAX_SPATIAL],
}

/// A checked `max_pool` / `avg_pool` call: its window and sizes.
#[derive(Clone, Copy, Debug)]
pub struct Pooling {
    pub window: PoolWindow,
    pub layout: Layout,
}

impl Layout {
    /// `self_` of rank `k + 1` or `k + 2` with no empty dim from `first_nonzero` on.
    fn of(op: &'static str, self_: &Tensor<'_>, k: usize, first_nonzero: usize) -> Result<Layout> {
        let rank = self_.dim();
        if rank != k + 1 && rank != k + 2 {
            return Err(Error::new(ErrorKind::InvalidArgument, op, "self")
                .expected(
                    "an unbatched or batched input of rank",
                    Info::Int(k as i64 + 1),
                )
                .got(Info::Shape(self_.shape())));
        }
        if self_.sizes()[first_nonzero.min(rank)..].contains(&0) {
            return Err(Error::new(ErrorKind::InvalidArgument, op, "self")
                .expected_text("non-empty channel and spatial dims (only a batch may be empty)")
                .got(Info::Shape(self_.shape())));
        }
        let batched = rank == k + 2;
        let mut ins = [1usize; MAX_SPATIAL];
        ins[MAX_SPATIAL - k..].copy_from_slice(&self_.sizes()[rank - k..]);
        Ok(Layout {
            k,
            rank,
            n: if batched { self_.size(0) } else { 1 },
            c: self_.size(rank - k - 1),
            ins,
            outs: [1; MAX_SPATIAL],
        })
    }

    /// The first padded spatial dim that is a real one.
    pub fn off(&self) -> usize {
        MAX_SPATIAL - self.k
    }

    fn out_shape(&self) -> Dims {
        let mut s = [0usize; MAX_DIM];
        let lead = self.rank - self.k;
        if lead == 2 {
            s[0] = self.n;
        }
        s[lead - 1] = self.c;
        s[lead..self.rank].copy_from_slice(&self.outs[self.off()..]);
        Dims::new(&s[..self.rank]).unwrap_or(Dims::EMPTY)
    }

    pub fn in_plane(&self) -> i64 {
        (self.ins[0] * self.ins[1] * self.ins[2]) as i64
    }

    /// Calls `f(n, c, o)` for every output position, in ATen's order.
    fn for_each_out(&self, mut f: impl FnMut(usize, usize, [usize; MAX_SPATIAL])) {
        // An empty out can still have a huge dim (a view's extent counts 0 as 1): walking its
        // other dims would take forever.
        if self.n == 0 || self.c == 0 || self.outs.contains(&0) {
            return;
        }
        for n in 0..self.n {
            for c in 0..self.c {
                for a in 0..self.outs[0] {
                    for b in 0..self.outs[1] {
                        for d in 0..self.outs[2] {
                            f(n, c, [a, b, d]);
                        }
                    }
                }
            }
        }
    }
}

/// A tensor of a pooling call addressed as `[N, C, d0, d1, d2]`.
struct Access<C: Compute> {
    ptr: *mut u8,
    esize: usize,
    n: usize,
    c: usize,
    sp: [usize; MAX_SPATIAL],
    load: Option<LoadFn<C>>,
    store: Option<StoreFn<C>>,
}

impl<C: Compute> Access<C> {
    fn new(t: &Tensor<'_>, k: usize) -> Access<C> {
        let (rank, st) = (t.dim(), t.strides());
        let mut sp = [0usize; MAX_SPATIAL];
        sp[MAX_SPATIAL - k..].copy_from_slice(&st[rank - k..]);
        Access {
            ptr: t.as_ptr() as *mut u8,
            esize: t.element_size(),
            n: if rank == k + 2 { st[0] } else { 0 },
            c: st[rank - k - 1],
            sp,
            load: loader::<C>(t.dtype()),
            store: storer::<C>(t.dtype()),
        }
    }

    fn offset(&self, n: usize, c: usize, i: [usize; MAX_SPATIAL]) -> usize {
        n * self.n + c * self.c + i[0] * self.sp[0] + i[1] * self.sp[1] + i[2] * self.sp[2]
    }

    /// # Safety
    /// `off` must be an element of the tensor.
    unsafe fn get(&self, off: usize) -> C {
        let mut v = [C::default()];
        let load = self.load.expect("dtype checked by the kernel");
        // SAFETY: the caller's contract.
        unsafe { load(self.ptr.add(off * self.esize), 1, &mut v) };
        v[0]
    }

    /// The `dst.len()` elements from `off`, `step` positions of the last dim apart.
    ///
    /// # Safety
    /// Every one must be an element of the tensor.
    #[inline]
    unsafe fn run(&self, off: usize, step: usize, dst: &mut [C]) {
        let load = self.load.expect("dtype checked by the kernel");
        // SAFETY: the caller's contract.
        unsafe {
            load(
                self.ptr.add(off * self.esize),
                (step * self.sp[2]) as isize,
                dst,
            )
        };
    }

    /// # Safety
    /// `off` must be an element of a writable tensor no input overlaps.
    unsafe fn set(&self, off: usize, v: C) {
        let store = self.store.expect("dtype checked by the kernel");
        // SAFETY: the caller's contract.
        unsafe { store(self.ptr.add(off * self.esize), 1, &[v]) };
    }

    /// # Safety
    /// As [`Access::set`], on a Long tensor.
    unsafe fn set_i64(&self, off: usize, v: i64) {
        // SAFETY: the caller's contract; the dtype was checked to be Long.
        unsafe { (self.ptr as *mut i64).add(off).write(v) };
    }

    /// # Safety
    /// As [`Access::get`], on a Long tensor.
    unsafe fn get_i64(&self, off: usize) -> i64 {
        // SAFETY: the caller's contract.
        unsafe { (self.ptr as *const i64).add(off).read() }
    }
}

/// The smallest value of an integer dtype (the start of an integer max), `-inf` for floats.
fn lowest<C: PoolNum>(dtype: ScalarType) -> C {
    use ScalarType::*;
    let v = match dtype {
        Byte => 0,
        Char => i8::MIN as i64,
        Short => i16::MIN as i64,
        Int => i32::MIN as i64,
        Long => i64::MIN,
        _ => return C::from_count(-1).div(C::from_count(0)),
    };
    C::from_count(v)
}

/// Taps a window row loads at once (a stack buffer of the compute type).
const RUN: usize = 32;

/// `max_pool{k}d_with_indices.out`: the maximum of every window (the first one in scan order,
/// or the last NaN: ATen takes a value that is greater or NaN) and its flat index within the
/// input plane.
#[allow(clippy::too_many_arguments)]
pub fn max_pool_out(
    op: &'static str,
    k: usize,
    self_: &Tensor<'_>,
    kernel_size: &[i64],
    stride: &[i64],
    padding: &[i64],
    dilation: &[i64],
    ceil_mode: bool,
    out: &mut Tensor<'_>,
    indices: &mut Tensor<'_>,
) -> Result<()> {
    let p = max_pool_prepare(
        op,
        k,
        self_,
        kernel_size,
        stride,
        padding,
        dilation,
        ceil_mode,
        out,
        indices,
    )?;
    // SAFETY: prepared above.
    unsafe { max_pool_run(op, &p, self_, out, indices) }
}

/// Every check of [`max_pool_out`], and the outs resized to the pooled shape.
#[allow(clippy::too_many_arguments)]
pub fn max_pool_prepare(
    op: &'static str,
    k: usize,
    self_: &Tensor<'_>,
    kernel_size: &[i64],
    stride: &[i64],
    padding: &[i64],
    dilation: &[i64],
    ceil_mode: bool,
    out: &mut Tensor<'_>,
    indices: &mut Tensor<'_>,
) -> Result<Pooling> {
    let w = PoolWindow::new(op, k, kernel_size, stride, padding, dilation, ceil_mode)?;
    let first = if self_.dim() == k + 2 { 1 } else { 0 };
    let mut l = Layout::of(op, self_, k, first)?;
    l.outs = pool_outs(op, &w, &l)?;
    check_dtype_in(
        op,
        self_,
        MAX_POOL_DTYPES,
        "a real dtype other than Bool and UInt16/32/64",
    )?;
    check_dtype(op, "out", out, self_.dtype())?;
    check_dtype(op, "indices", indices, ScalarType::Long)?;
    check_outs_disjoint(op, "indices", out, indices)?;
    let shape = l.out_shape();
    out.resize(op, "out", shape.as_slice())?;
    indices.resize(op, "indices", shape.as_slice())?;
    out.as_mut_ptr(op, "out")?;
    indices.as_mut_ptr(op, "indices")?;
    Ok(Pooling {
        window: w,
        layout: l,
    })
}

/// The computation of [`max_pool_out`].
///
/// # Safety
/// `p` comes from [`max_pool_prepare`] on these tensors.
pub unsafe fn max_pool_run(
    op: &'static str,
    p: &Pooling,
    self_: &Tensor<'_>,
    out: &Tensor<'_>,
    indices: &Tensor<'_>,
) -> Result<()> {
    dispatch_compute!(self_.dtype(), C => {
        // SAFETY: the outs were resized to the checked output shape and are writable.
        unsafe { max_run::<C>(&p.window, &p.layout, self_, out, indices) };
        Ok(())
    }, _ => Err(Error::unsupported_dtype(op, "self", self_.dtype())))
}

fn pool_outs(op: &'static str, w: &PoolWindow, l: &Layout) -> Result<[usize; MAX_SPATIAL]> {
    let o = w.out_sizes(op, &l.ins[l.off()..])?;
    let mut outs = [1usize; MAX_SPATIAL];
    outs[l.off()..].copy_from_slice(&o[..l.k]);
    Ok(outs)
}

/// # Safety
/// `l` and `w` come from the checks on `self_`; `out` and `indices` have `l`'s output shape.
unsafe fn max_run<C: PoolNum>(
    w: &PoolWindow,
    l: &Layout,
    self_: &Tensor<'_>,
    out: &Tensor<'_>,
    indices: &Tensor<'_>,
) {
    let (x, y, ind) = (
        Access::<C>::new(self_, l.k),
        Access::<C>::new(out, l.k),
        Access::<C>::new(indices, l.k),
    );
    let start_val = lowest::<C>(self_.dtype());
    let off = l.off();
    let (w1, w2) = (l.ins[1] as i64, l.ins[2] as i64);
    let mut buf = [C::default(); RUN];
    l.for_each_out(|n, c, o| {
        // (first tap, end, step) per padded dim
        let mut t = [(0i64, 1i64, 1i64); MAX_SPATIAL];
        for i in 0..l.k {
            t[off + i] = w.max_taps(i, o[off + i], l.ins[off + i]);
        }
        let flat = |a: i64, b: i64, d: i64| {
            a.wrapping_mul(w1)
                .wrapping_add(b)
                .wrapping_mul(w2)
                .wrapping_add(d)
        };
        let (d0, d1, step) = t[2];
        let mut best = start_val;
        let mut best_i = flat(t[0].0, t[1].0, d0);
        let mut a = t[0].0;
        while a < t[0].1 {
            let mut b = t[1].0;
            while b < t[1].1 {
                let mut d = d0;
                while d < d1 {
                    // All three are in `[0, input)`: starts were moved past the padding and
                    // ends clipped to the input.
                    let len = ((d1 - d + step - 1) / step).min(RUN as i64) as usize;
                    let pos = [a as usize, b as usize, d as usize];
                    // SAFETY: the `len` taps from `pos`, `step` apart, are inside the plane.
                    unsafe { x.run(x.offset(n, c, pos), step as usize, &mut buf[..len]) };
                    let mut i = flat(a, b, d);
                    for &v in &buf[..len] {
                        // `|`, not `||`: one select, no branch on the data.
                        let take = (v > best) | v.is_nan();
                        best = if take { v } else { best };
                        best_i = if take { i } else { best_i };
                        i = i.wrapping_add(step);
                    }
                    d += len as i64 * step;
                }
                b += t[1].2;
            }
            a += t[0].2;
        }
        // SAFETY: `o` is an output position; the outs have the output shape.
        unsafe {
            y.set(y.offset(n, c, o), best);
            ind.set_i64(ind.offset(n, c, o), best_i);
        }
    });
}

/// `avg_pool{k}d.out`: the sum of every window divided by `divisor_override`, or by the
/// window's size counting the padding it covers (`count_include_pad`) or not.
#[allow(clippy::too_many_arguments)]
pub fn avg_pool_out(
    op: &'static str,
    k: usize,
    accepted: &[ScalarType],
    self_: &Tensor<'_>,
    kernel_size: &[i64],
    stride: &[i64],
    padding: &[i64],
    ceil_mode: bool,
    count_include_pad: bool,
    divisor_override: Option<i64>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let p = avg_pool_prepare(
        op,
        k,
        accepted,
        self_,
        kernel_size,
        stride,
        padding,
        ceil_mode,
        divisor_override,
        out,
    )?;
    // SAFETY: prepared above.
    unsafe { avg_pool_run(op, &p, self_, count_include_pad, divisor_override, out) }
}

/// Every check of [`avg_pool_out`], and the out resized to the pooled shape.
#[allow(clippy::too_many_arguments)]
pub fn avg_pool_prepare(
    op: &'static str,
    k: usize,
    accepted: &[ScalarType],
    self_: &Tensor<'_>,
    kernel_size: &[i64],
    stride: &[i64],
    padding: &[i64],
    ceil_mode: bool,
    divisor_override: Option<i64>,
    out: &mut Tensor<'_>,
) -> Result<Pooling> {
    let w = PoolWindow::new(op, k, kernel_size, stride, padding, &[1], ceil_mode)?;
    if divisor_override == Some(0) {
        return Err(Error::invalid(op, "divisor_override", "a non-zero divisor"));
    }
    let first = if self_.dim() == k + 2 { 1 } else { 0 };
    let mut l = Layout::of(op, self_, k, first)?;
    l.outs = pool_outs(op, &w, &l)?;
    check_dtype_in(
        op,
        self_,
        accepted,
        "a dtype ATen averages (floating or Long)",
    )?;
    check_dtype(op, "out", out, self_.dtype())?;
    out.resize(op, "out", l.out_shape().as_slice())?;
    out.as_mut_ptr(op, "out")?;
    Ok(Pooling {
        window: w,
        layout: l,
    })
}

/// The computation of [`avg_pool_out`].
///
/// # Safety
/// `p` comes from [`avg_pool_prepare`] on these tensors.
pub unsafe fn avg_pool_run(
    op: &'static str,
    p: &Pooling,
    self_: &Tensor<'_>,
    count_include_pad: bool,
    divisor_override: Option<i64>,
    out: &Tensor<'_>,
) -> Result<()> {
    let (w, l) = (&p.window, &p.layout);
    dispatch_compute!(self_.dtype(), C => {
        // SAFETY: the out was resized to the checked output shape and is writable.
        unsafe { avg_run::<C>(w, l, self_, out, count_include_pad, divisor_override) };
        Ok(())
    }, _ => Err(Error::unsupported_dtype(op, "self", self_.dtype())))
}

/// The divisor of an average-pooling window with taps `t` (`(start, end, padded length)` per
/// padded dim, as [`PoolWindow::avg_taps`] gives): `divisor_override`, or the window's size
/// counting the padding it covers (`count_include_pad`) or not.
pub fn avg_divisor(
    t: &[(usize, usize, usize); MAX_SPATIAL],
    count_include_pad: bool,
    divisor_override: Option<i64>,
) -> i64 {
    let count = |f: fn(&(usize, usize, usize)) -> usize| {
        t.iter()
            .map(f)
            .fold(1i64, |p, v| p.saturating_mul(v as i64))
    };
    divisor_override.unwrap_or_else(|| {
        if count_include_pad {
            count(|&(_, _, padded)| padded)
        } else {
            count(|&(a, b, _)| b - a)
        }
    })
}

/// The sum of the window `t` (`(start, end)` per padded dim) of plane `(n, c)` of `x`, in scan
/// order from 0, each partial sum passed through `step`.
///
/// # Safety
/// The window lies inside the input.
#[inline]
unsafe fn window_sum<C: PoolNum>(
    x: &Access<C>,
    n: usize,
    c: usize,
    t: [(usize, usize); MAX_SPATIAL],
    buf: &mut [C; RUN],
    step: impl Fn(C) -> C,
) -> C {
    let mut sum = C::default();
    for a in t[0].0..t[0].1 {
        for b in t[1].0..t[1].1 {
            let mut d = t[2].0;
            while d < t[2].1 {
                let len = (t[2].1 - d).min(RUN);
                // SAFETY: the caller's contract.
                unsafe { x.run(x.offset(n, c, [a, b, d]), 1, &mut buf[..len]) };
                for &v in &buf[..len] {
                    sum = step(sum.wrapping_add(v));
                }
                d += len;
            }
        }
    }
    sum
}

/// # Safety
/// As [`max_run`].
unsafe fn avg_run<C: PoolNum>(
    w: &PoolWindow,
    l: &Layout,
    self_: &Tensor<'_>,
    out: &Tensor<'_>,
    count_include_pad: bool,
    divisor_override: Option<i64>,
) {
    let (x, y) = (Access::<C>::new(self_, l.k), Access::<C>::new(out, l.k));
    let off = l.off();
    let mut buf = [C::default(); RUN];
    l.for_each_out(|n, c, o| {
        let mut t = [(0usize, 1usize, 1usize); MAX_SPATIAL];
        for i in 0..l.k {
            t[off + i] = w.avg_taps(i, o[off + i], l.ins[off + i]);
        }
        let yo = y.offset(n, c, o);
        if t.iter().any(|&(a, b, _)| a >= b) {
            // SAFETY: `o` is an output position.
            unsafe { y.set(yo, C::default()) };
            return;
        }
        let range = t.map(|(a, b, _)| (a, b));
        // SAFETY: the taps are clipped to the input.
        let sum = unsafe { window_sum(&x, n, c, range, &mut buf, |v| v) };
        let divisor = avg_divisor(&t, count_include_pad, divisor_override);
        // SAFETY: `o` is an output position.
        unsafe { y.set(yo, sum.div(C::from_count(divisor))) };
    });
}

/// `_adaptive_avg_pool{k}d.out`: output position `o` of `out` averages the input window
/// `[floor(o in / out), ceil((o + 1) in / out))` of every spatial dim; the sum is divided by
/// each dim's window length in turn (ATen's `sum / kh / kw`). The 3-D op sums and divides in
/// the input's dtype, rounding Half and BFloat16 at every step (ATen's
/// `adaptive_avg_pool3d_out_frame` accumulates in `scalar_t`); the 2-D op accumulates in
/// Float and rounds once.
pub fn adaptive_avg_pool_out(
    op: &'static str,
    k: usize,
    self_: &Tensor<'_>,
    output_size: &[i64],
    out: &mut Tensor<'_>,
) -> Result<()> {
    let l = adaptive_avg_pool_prepare(op, k, self_, output_size, out)?;
    // SAFETY: prepared above.
    unsafe { adaptive_avg_pool_run(op, &l, self_, out) }
}

/// Every check of [`adaptive_avg_pool_out`], and the out resized to `output_size`.
pub fn adaptive_avg_pool_prepare(
    op: &'static str,
    k: usize,
    self_: &Tensor<'_>,
    output_size: &[i64],
    out: &mut Tensor<'_>,
) -> Result<Layout> {
    if output_size.len() != k {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "output_size")
            .expected("one size per spatial dim:", Info::Int(k as i64))
            .got(Info::Int(output_size.len() as i64)));
    }
    if let Some(&bad) = output_size.iter().find(|&&s| s < 0) {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "output_size")
            .expected_text("non-negative sizes")
            .got(Info::Int(bad)));
    }
    // ATen requires non-empty spatial dims; the 3-D op also non-empty channels of a batched
    // input (dims from 1 on).
    let rank = self_.dim();
    let first = if k == 3 { 1 } else { rank.saturating_sub(k) };
    let mut l = Layout::of(op, self_, k, first)?;
    let off = l.off();
    for (o, &s) in l.outs[off..].iter_mut().zip(output_size) {
        *o = usize::try_from(s)
            .ok()
            .filter(|&v| v <= isize::MAX as usize)
            .ok_or(Error::invalid(op, "output_size", "sizes that fit in isize"))?;
    }
    check_dtype_in(op, self_, FLOATS, "a floating dtype")?;
    check_dtype(op, "out", out, self_.dtype())?;
    let shape = l.out_shape();
    if shape.product().is_none() {
        return Err(Error::invalid(
            op,
            "output_size",
            "an output whose size fits",
        ));
    }
    out.resize(op, "out", shape.as_slice())?;
    out.as_mut_ptr(op, "out")?;
    Ok(l)
}

/// The computation of [`adaptive_avg_pool_out`].
///
/// # Safety
/// `l` comes from [`adaptive_avg_pool_prepare`] on these tensors.
pub unsafe fn adaptive_avg_pool_run(
    op: &'static str,
    l: &Layout,
    self_: &Tensor<'_>,
    out: &Tensor<'_>,
) -> Result<()> {
    dispatch_compute!(self_.dtype(), C => {
        // SAFETY: the out was resized to the checked output shape and is writable.
        unsafe { adaptive_run::<C>(l, self_, out, l.k == 3) };
        Ok(())
    }, _ => Err(Error::unsupported_dtype(op, "self", self_.dtype())))
}

/// # Safety
/// As [`max_run`].
unsafe fn adaptive_run<C: PoolNum>(
    l: &Layout,
    self_: &Tensor<'_>,
    out: &Tensor<'_>,
    round_each_step: bool,
) {
    let (x, y) = (Access::<C>::new(self_, l.k), Access::<C>::new(out, l.k));
    let dtype = self_.dtype();
    let step = |v: C| {
        if round_each_step {
            round_trip(v, dtype)
        } else {
            v
        }
    };
    let mut buf = [C::default(); RUN];
    l.for_each_out(|n, c, o| {
        let mut t = [(0usize, 1usize); MAX_SPATIAL];
        for (i, ti) in t.iter_mut().enumerate() {
            *ti = adaptive_window(o[i], l.outs[i], l.ins[i]);
        }
        // SAFETY: adaptive windows lie inside the input.
        let mut sum = unsafe { window_sum(&x, n, c, t, &mut buf, step) };
        for &(a, b) in &t[l.off()..] {
            sum = step(sum.div(C::from_count((b - a) as i64)));
        }
        // SAFETY: `o` is an output position.
        unsafe { y.set(y.offset(n, c, o), sum) };
    });
}

/// `max_pool{k}d_with_indices_backward.grad_input`: zeros shaped as `self`, plus every
/// `grad_output` element added at the flat plane index `indices` holds for it (`-1` is
/// skipped, as ATen does; any other index outside the plane is an error). Adds round to the
/// dtype one by one, as ATen's in-place `+=`.
#[allow(clippy::too_many_arguments)]
pub fn max_pool_backward(
    op: &'static str,
    k: usize,
    grad_output: &Tensor<'_>,
    self_: &Tensor<'_>,
    kernel_size: &[i64],
    stride: &[i64],
    padding: &[i64],
    dilation: &[i64],
    ceil_mode: bool,
    indices: &Tensor<'_>,
    grad_input: &mut Tensor<'_>,
) -> Result<()> {
    let w = PoolWindow::new(op, k, kernel_size, stride, padding, dilation, ceil_mode)?;
    let first = if self_.dim() == k + 2 { 1 } else { 0 };
    let mut l = Layout::of(op, self_, k, first)?;
    l.outs = pool_outs(op, &w, &l)?;
    let shape = l.out_shape();
    for (arg, t) in [("grad_output", grad_output), ("indices", indices)] {
        if t.sizes() != shape.as_slice() {
            return Err(Error::new(ErrorKind::InvalidArgument, op, arg)
                .expected("the pooling output's shape", Info::Shape(shape))
                .got(Info::Shape(t.shape())));
        }
    }
    check_dtype_in(op, self_, FLOATS, "a floating dtype")?;
    check_dtype(op, "grad_output", grad_output, self_.dtype())?;
    check_dtype(op, "indices", indices, ScalarType::Long)?;
    check_dtype(op, "grad_input", grad_input, self_.dtype())?;
    let plane = l.in_plane();
    let ind = Access::<f32>::new(indices, k);
    let mut bad = None;
    l.for_each_out(|n, c, o| {
        // SAFETY: `o` is a position of `indices`, which has the output shape.
        let i = unsafe { ind.get_i64(ind.offset(n, c, o)) };
        if i != -1 && !(0..plane).contains(&i) {
            bad = bad.or(Some(i));
        }
    });
    if let Some(i) = bad {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "indices")
            .expected(
                "flat indices within the input plane of size",
                Info::Int(plane),
            )
            .got(Info::Int(i)));
    }
    grad_input.resize(op, "grad_input", self_.sizes())?;
    grad_input.as_mut_ptr(op, "grad_input")?;
    dispatch_compute!(self_.dtype(), C => {
        // SAFETY: `grad_input` has `self`'s shape and is writable; the indices were checked.
        unsafe { backward_run::<C>(&l, grad_output, indices, grad_input) };
        Ok(())
    }, _ => Err(Error::unsupported_dtype(op, "self", self_.dtype())))
}

/// # Safety
/// `grad_input` has the input's shape of `l`, `grad_output` and `indices` its output shape,
/// and every index is `-1` or inside the plane.
unsafe fn backward_run<C: PoolNum>(
    l: &Layout,
    grad_output: &Tensor<'_>,
    indices: &Tensor<'_>,
    grad_input: &Tensor<'_>,
) {
    let (go, ind, gi) = (
        Access::<C>::new(grad_output, l.k),
        Access::<C>::new(indices, l.k),
        Access::<C>::new(grad_input, l.k),
    );
    if l.n == 0 || l.c == 0 || l.ins.contains(&0) {
        return;
    }
    for n in 0..l.n {
        for c in 0..l.c {
            for a in 0..l.ins[0] {
                for b in 0..l.ins[1] {
                    for d in 0..l.ins[2] {
                        // SAFETY: an input position.
                        unsafe { gi.set(gi.offset(n, c, [a, b, d]), C::default()) };
                    }
                }
            }
        }
    }
    let [_, w1, w2] = l.ins;
    l.for_each_out(|n, c, o| {
        // SAFETY: `o` is an output position of `indices` and `grad_output`.
        let i = unsafe { ind.get_i64(ind.offset(n, c, o)) };
        if i < 0 {
            return;
        }
        let i = i as usize;
        let pos = [i / (w1 * w2), i / w2 % w1, i % w2];
        // SAFETY: `i` is inside the plane, so `pos` is an input position.
        unsafe {
            let off = gi.offset(n, c, pos);
            let g = go.get(go.offset(n, c, o));
            gi.set(off, gi.get(off).wrapping_add(g));
        }
    });
}
