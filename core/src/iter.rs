//! The strided/broadcast iteration every pointwise kernel shares.
//!
//! A [`Plan`] is made once per call: the operands' strides are broadcast to the out's shape,
//! put in the out's memory order (so the out is written sequentially), size-1 dims dropped and
//! adjacent dims merged wherever every operand allows. What remains is classified by shape:
//! one contiguous run (all operands dense in the same order), runs where some operands have
//! stride 0 (scalar or row broadcast), or general strides walked with an odometer. The inner
//! loop always sees a run `(offsets, strides, len)`; [`map1`]/[`map2`]/[`map3`] cut runs into
//! chunks, convert each operand's chunk into a compute-type slice, apply the operation to the
//! slices and store the result converted to the out's dtype.

use crate::dims::MAX_DIM;
use crate::dtype::ScalarType;
use crate::element::{Compute, Element, LoadFn, StoreFn, loader, storer};
use crate::error::{Error, ErrorKind, Info, Result};
use crate::tensor::Tensor;

/// Operands a plan can walk together: the out and up to three inputs.
pub const MAX_OPERANDS: usize = 4;

/// Elements converted per chunk; small enough for stack buffers, large enough to amortize the
/// per-chunk dispatch.
pub const CHUNK: usize = 256;

/// How the operands of a plan are laid out relative to each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Every operand is one dense run in the same order (strides 1).
    Contiguous,
    /// One run per outer index, but some operands repeat (stride 0) or step differently.
    Strided,
}

/// A walk over the out's elements in memory order with the inputs broadcast alongside.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    n_operands: usize,
    ndim: usize,
    /// Iteration sizes, outermost first.
    sizes: [usize; MAX_DIM],
    /// Per operand (out first), element strides matching `sizes`.
    strides: [[isize; MAX_DIM]; MAX_OPERANDS],
    numel: usize,
    pub layout: Layout,
}

impl Plan {
    /// Plans a walk of `out` with `inputs` broadcast to its shape. Each input must broadcast to
    /// the out's sizes (an error otherwise, naming the input by `names`).
    pub fn new(
        op: &'static str,
        out: &Tensor<'_>,
        inputs: &[(&'static str, &Tensor<'_>)],
    ) -> Result<Plan> {
        let mut all: [Option<(&'static str, &Tensor<'_>)>; MAX_OPERANDS] = [None; MAX_OPERANDS];
        if inputs.len() >= MAX_OPERANDS {
            return Err(too_many(op));
        }
        for (a, &i) in all.iter_mut().zip(inputs) {
            *a = Some(i);
        }
        Plan::with_values(op, out, &all[..inputs.len()])
    }

    /// As [`Plan::new`], where a `None` input is a value rather than a tensor (a Scalar, or a
    /// number an op computed): it gets stride 0 everywhere, and offset 0 in every run.
    pub fn with_values(
        op: &'static str,
        out: &Tensor<'_>,
        inputs: &[Option<(&'static str, &Tensor<'_>)>],
    ) -> Result<Plan> {
        let n_operands = inputs.len() + 1;
        if n_operands > MAX_OPERANDS {
            return Err(too_many(op));
        }
        let rank = out.dim();
        let mut sizes = [0usize; MAX_DIM];
        let mut strides = [[0isize; MAX_DIM]; MAX_OPERANDS];
        let mut ndim = 0;
        for &d in out.dim_order() {
            let n = out.size(d);
            if n == 1 {
                continue;
            }
            sizes[ndim] = n;
            strides[0][ndim] = out.strides()[d] as isize;
            for (k, &(name, t)) in inputs
                .iter()
                .enumerate()
                .filter_map(|(k, i)| Some((k, i.as_ref()?)))
            {
                let r = t.dim();
                if r > rank {
                    return Err(broadcast_error(op, name, t, out));
                }
                strides[k + 1][ndim] = if d + r < rank {
                    0
                } else {
                    let td = d + r - rank;
                    match t.size(td) {
                        1 => 0,
                        s if s == n => t.strides()[td] as isize,
                        _ => return Err(broadcast_error(op, name, t, out)),
                    }
                };
            }
            ndim += 1;
        }
        // inputs must broadcast on the dims dropped above too.
        for &(name, t) in inputs.iter().flatten() {
            let r = t.dim();
            if r > rank
                || (0..r).any(|i| {
                    let s = t.size(i);
                    s != 1 && s != out.size(i + rank - r)
                })
            {
                return Err(broadcast_error(op, name, t, out));
            }
        }
        // merge dim i into dim i-1 wherever every operand steps evenly across both. No product
        // here overflows: a non-zero stride of an operand times its own size at that dim is at
        // most that tensor's extent, which a view keeps within isize (see `Tensor`).
        let mut m = 0;
        for i in 0..ndim {
            if m > 0
                && (0..n_operands).all(|k| strides[k][m - 1] == strides[k][i] * sizes[i] as isize)
            {
                sizes[m - 1] *= sizes[i];
                for s in strides.iter_mut().take(n_operands) {
                    s[m - 1] = s[i];
                }
            } else {
                sizes[m] = sizes[i];
                for s in strides.iter_mut().take(n_operands) {
                    s[m] = s[i];
                }
                m += 1;
            }
        }
        let ndim = m;
        let contiguous = ndim <= 1 && (0..n_operands).all(|k| ndim == 0 || strides[k][0] == 1);
        Ok(Plan {
            n_operands,
            ndim,
            sizes,
            strides,
            numel: out.numel(),
            layout: if contiguous {
                Layout::Contiguous
            } else {
                Layout::Strided
            },
        })
    }

    pub fn numel(&self) -> usize {
        self.numel
    }

    /// Calls `f(offsets, strides, len)` for every inner run; offsets and strides are in
    /// elements, out first.
    pub fn for_each_run(
        &self,
        mut f: impl FnMut(&[isize; MAX_OPERANDS], &[isize; MAX_OPERANDS], usize),
    ) {
        let mut inner = [0isize; MAX_OPERANDS];
        for (k, s) in inner.iter_mut().enumerate().take(self.n_operands) {
            *s = self.inner_stride(k);
        }
        self.for_each_run_in(0, self.numel, |offsets, len| f(offsets, &inner, len));
    }

    /// The number of dims left after dropping size-1 dims and merging.
    pub fn ndim(&self) -> usize {
        self.ndim
    }

    /// The step of operand `k` (the out is 0) along the innermost dim, in elements (0 for a
    /// broadcast operand or a value; 0 when no dim is left).
    pub fn inner_stride(&self, k: usize) -> isize {
        if self.ndim == 0 || k >= self.n_operands {
            0
        } else {
            self.strides[k][self.ndim - 1]
        }
    }

    /// The length of the innermost runs (1 when no dim is left).
    pub fn run_len(&self) -> usize {
        if self.ndim == 0 {
            1
        } else {
            self.sizes[self.ndim - 1]
        }
    }

    /// Calls `f(offsets, len)` for the runs covering out elements `[start, end)` in the out's
    /// memory order (offsets in elements, out first); a run may be cut at `start` and `end`.
    /// This is how work is split into contiguous blocks of the out, over threads.
    #[inline(always)]
    pub fn for_each_run_in(
        &self,
        start: usize,
        end: usize,
        mut f: impl FnMut(&[isize; MAX_OPERANDS], usize),
    ) {
        // `inline(always)`: callers' bodies are compiled for their SIMD level only where they
        // are inlined into a `#[target_feature]` function, through this closure too.
        self.for_each_rows_in(
            start,
            end,
            #[inline(always)]
            |offsets, len, rows, row_steps| {
                for r in 0..rows as isize {
                    let mut o = *offsets;
                    for (x, step) in o.iter_mut().zip(row_steps) {
                        *x += r * step;
                    }
                    f(&o, len);
                }
            },
        );
    }

    /// As [`Plan::for_each_run_in`], with whole runs that follow each other along the next
    /// outer dim handed over together: `f(offsets, len, rows, row_steps)` covers the `rows` runs
    /// at `offsets + r * row_steps` (per operand, in elements) for `r < rows`. A run cut at
    /// `start` or `end` comes alone (`rows == 1`), as does every run of a plan with one dim.
    /// Kernels whose runs are short use it to set up once per block instead of once per run.
    #[inline(always)]
    pub fn for_each_rows_in(
        &self,
        start: usize,
        end: usize,
        mut f: impl FnMut(&[isize; MAX_OPERANDS], usize, usize, &[isize; MAX_OPERANDS]),
    ) {
        let end = end.min(self.numel);
        if start >= end {
            return;
        }
        // Fewer than two dims are walked as `[1, len]` (`[1, 1]` for none), so that `f` has a
        // single call site: it is inlined, SIMD body and all, and once is enough code.
        let (mut sizes, mut strides, ndim) = (self.sizes, self.strides, self.ndim.max(2));
        if self.ndim < 2 {
            let len = if self.ndim == 1 { self.sizes[0] } else { 1 };
            sizes[..2].copy_from_slice(&[1, len]);
            for (k, st) in strides.iter_mut().enumerate() {
                let inner = if self.ndim == 1 {
                    self.strides[k][0]
                } else {
                    0
                };
                st[..2].copy_from_slice(&[0, inner]);
            }
        }
        let last = ndim - 1;
        let row_dim = last - 1;
        let len = sizes[last];
        let mut row_steps = [0isize; MAX_OPERANDS];
        for (k, r) in row_steps.iter_mut().enumerate().take(self.n_operands) {
            *r = strides[k][row_dim];
        }
        let mut index = [0usize; MAX_DIM];
        let mut rem = start;
        for d in (0..ndim).rev() {
            index[d] = rem % sizes[d];
            rem /= sizes[d];
        }
        let mut offsets = [0isize; MAX_OPERANDS];
        for (k, o) in offsets.iter_mut().enumerate().take(self.n_operands) {
            *o = (0..ndim).map(|d| index[d] as isize * strides[k][d]).sum();
        }
        let mut pos = start;
        loop {
            let (n, rows) = if index[last] == 0 && end - pos >= len {
                let whole = (end - pos) / len;
                (len, (sizes[row_dim] - index[row_dim]).min(whole))
            } else {
                ((len - index[last]).min(end - pos), 1)
            };
            f(&offsets, n, rows, &row_steps);
            pos += n * rows;
            if pos >= end {
                return;
            }
            // back to the start of the run, `rows` steps along the row dim, then the carries.
            for (k, o) in offsets.iter_mut().enumerate().take(self.n_operands) {
                *o += rows as isize * row_steps[k] - index[last] as isize * strides[k][last];
            }
            index[last] = 0;
            index[row_dim] += rows;
            let mut d = row_dim;
            while index[d] >= sizes[d] {
                for (k, o) in offsets.iter_mut().enumerate().take(self.n_operands) {
                    *o -= strides[k][d] * sizes[d] as isize;
                }
                index[d] = 0;
                if d == 0 {
                    return;
                }
                d -= 1;
                index[d] += 1;
                for (k, o) in offsets.iter_mut().enumerate().take(self.n_operands) {
                    *o += strides[k][d];
                }
            }
        }
    }
}

fn too_many(op: &'static str) -> Error {
    Error::invalid(op, "inputs", "at most three inputs per pointwise plan")
}

fn broadcast_error(
    op: &'static str,
    name: &'static str,
    t: &Tensor<'_>,
    out: &Tensor<'_>,
) -> Error {
    Error::new(ErrorKind::InvalidArgument, op, name)
        .expected("a shape broadcastable to", Info::Shape(out.shape()))
        .got(Info::Shape(t.shape()))
}

fn load_fn<C: Compute>(op: &'static str, name: &'static str, t: &Tensor<'_>) -> Result<LoadFn<C>> {
    loader::<C>(t.dtype()).ok_or(Error::unsupported_dtype(op, name, t.dtype()))
}

fn store_fn<C: Compute>(op: &'static str, t: &Tensor<'_>) -> Result<StoreFn<C>> {
    storer::<C>(t.dtype()).ok_or(Error::unsupported_dtype(op, "out", t.dtype()))
}

/// An input of a pointwise map: a tensor, the name of its argument, and optionally the dtype
/// ATen converts it to before computing (the op's common dtype).
#[derive(Clone, Copy)]
pub struct Arg<'t, 'a> {
    pub name: &'static str,
    pub tensor: &'t Tensor<'a>,
    pub via: Option<ScalarType>,
}

/// An input named `name`, loaded straight into the compute type.
pub fn arg<'t, 'a>(name: &'static str, tensor: &'t Tensor<'a>) -> Arg<'t, 'a> {
    Arg {
        name,
        tensor,
        via: None,
    }
}

impl<'t, 'a> Arg<'t, 'a> {
    /// Converts each element to `dtype` first, as ATen does when it casts inputs to the
    /// common dtype (an Int promoted to Half rounds to Half before any arithmetic).
    pub fn via(mut self, dtype: ScalarType) -> Self {
        self.via = Some(dtype);
        self
    }
}

/// The thunk that rounds compute values through `dtype`, or `None` where that changes nothing
/// (values coming from `from`, or `C` holding `dtype` exactly).
pub fn rounder<C: Compute>(from: ScalarType, via: Option<ScalarType>) -> Option<fn(&mut [C])> {
    let via = via?;
    if via == from || via == C::DTYPE {
        return None;
    }
    fn round_slice<C: Compute, E: Element>(v: &mut [C]) {
        for x in v {
            *x = C::load::<E>(x.store::<E>());
        }
    }
    crate::match_element!(via, E => Some(round_slice::<C, E> as fn(&mut [C])), _ => None)
}

struct Input<C: Compute> {
    ptr: *const u8,
    esize: isize,
    load: LoadFn<C>,
    round: Option<fn(&mut [C])>,
}

impl<C: Compute> Input<C> {
    fn new(op: &'static str, a: &Arg<'_, '_>) -> Result<Self> {
        Ok(Input {
            ptr: a.tensor.as_ptr(),
            esize: a.tensor.element_size() as isize,
            load: load_fn::<C>(op, a.name, a.tensor)?,
            round: rounder::<C>(a.tensor.dtype(), a.via),
        })
    }

    /// Loads `dst.len()` elements starting `offset` elements in, `stride` apart.
    ///
    /// # Safety
    /// The plan guarantees every offset it yields lies within the tensor.
    #[inline(always)]
    unsafe fn load(&self, offset: isize, stride: isize, dst: &mut [C]) {
        unsafe { (self.load)(self.ptr.offset(offset * self.esize), stride, dst) };
        if let Some(r) = self.round {
            r(dst);
        }
    }
}

struct Output<C: Compute> {
    ptr: *mut u8,
    esize: isize,
    store: StoreFn<C>,
    round: Option<fn(&mut [C])>,
}

impl<C: Compute> Output<C> {
    /// `via`: the dtype ATen computes the result in before casting it to the out's dtype.
    fn new(op: &'static str, t: &mut Tensor<'_>, via: Option<ScalarType>) -> Result<Self> {
        Ok(Output {
            esize: t.element_size() as isize,
            store: store_fn::<C>(op, t)?,
            round: rounder::<C>(t.dtype(), via),
            ptr: t.as_mut_ptr(op, "out")?,
        })
    }

    #[inline(always)]
    unsafe fn store(&self, offset: isize, stride: isize, src: &mut [C]) {
        if let Some(r) = self.round {
            r(src);
        }
        unsafe { (self.store)(self.ptr.offset(offset * self.esize), stride, src) }
    }
}

/// A chunk buffer that sets (to `T::default()`) only the entries a call uses: a call on eight
/// elements clears eight, not [`CHUNK`] per operand (which was most of a small call's time).
struct ChunkBuf<T> {
    b: [core::mem::MaybeUninit<T>; CHUNK],
    init: usize,
}

impl<T: Copy + Default> ChunkBuf<T> {
    #[inline(always)]
    fn new() -> Self {
        ChunkBuf {
            b: [const { core::mem::MaybeUninit::uninit() }; CHUNK],
            init: 0,
        }
    }

    /// The first `n` (at most [`CHUNK`]) entries.
    #[inline(always)]
    fn get(&mut self, n: usize) -> &mut [T] {
        let n = n.min(CHUNK);
        if n > self.init {
            for x in &mut self.b[self.init..n] {
                x.write(T::default());
            }
            self.init = n;
        }
        // SAFETY: the first `init >= n` entries were written above (now or earlier).
        unsafe { core::slice::from_raw_parts_mut(self.b.as_mut_ptr().cast::<T>(), n) }
    }
}

/// Calls `f` on successive chunks `[start, start + n)` of every run of `plan`.
fn for_each_chunk(
    plan: &Plan,
    mut f: impl FnMut(&[isize; MAX_OPERANDS], &[isize; MAX_OPERANDS], usize),
) {
    plan.for_each_run(|offsets, strides, len| {
        let mut start = 0;
        while start < len {
            let n = (len - start).min(CHUNK);
            let mut o = *offsets;
            for (oi, s) in o.iter_mut().zip(strides) {
                *oi += s * start as isize;
            }
            f(&o, strides, n);
            start += n;
        }
    });
}

/// `out[i] = f(a[i])` elementwise, `a` broadcast to `out`'s shape (which the caller has set).
/// `f` gets chunks of at most [`CHUNK`] elements. `out_via` is the dtype the result is
/// computed in before it is cast to the out's dtype.
pub fn map1<A: Compute, O: Compute>(
    op: &'static str,
    out: &mut Tensor<'_>,
    out_via: Option<ScalarType>,
    a: Arg<'_, '_>,
    mut f: impl FnMut(&[A], &mut [O]),
) -> Result<()> {
    let plan = Plan::new(op, out, &[(a.name, a.tensor)])?;
    let ia = Input::<A>::new(op, &a)?;
    let o = Output::<O>::new(op, out, out_via)?;
    let (mut ba, mut bo) = (ChunkBuf::<A>::new(), ChunkBuf::<O>::new());
    for_each_chunk(&plan, |off, st, n| {
        let (a, out) = (ba.get(n), bo.get(n));
        // SAFETY: the plan yields offsets and strides within each tensor's elements.
        unsafe {
            ia.load(off[1], st[1], a);
            f(a, out);
            o.store(off[0], st[0], out);
        }
    });
    Ok(())
}

/// `out[i] = f(a[i], b[i])` elementwise with broadcasting; see [`map1`].
pub fn map2<A: Compute, B: Compute, O: Compute>(
    op: &'static str,
    out: &mut Tensor<'_>,
    out_via: Option<ScalarType>,
    a: Arg<'_, '_>,
    b: Arg<'_, '_>,
    mut f: impl FnMut(&[A], &[B], &mut [O]),
) -> Result<()> {
    let plan = Plan::new(op, out, &[(a.name, a.tensor), (b.name, b.tensor)])?;
    let ia = Input::<A>::new(op, &a)?;
    let ib = Input::<B>::new(op, &b)?;
    let o = Output::<O>::new(op, out, out_via)?;
    let (mut ba, mut bb) = (ChunkBuf::<A>::new(), ChunkBuf::<B>::new());
    let mut bo = ChunkBuf::<O>::new();
    for_each_chunk(&plan, |off, st, n| {
        let (a, b, out) = (ba.get(n), bb.get(n), bo.get(n));
        // SAFETY: the plan yields offsets and strides within each tensor's elements.
        unsafe {
            ia.load(off[1], st[1], a);
            ib.load(off[2], st[2], b);
            f(a, b, out);
            o.store(off[0], st[0], out);
        }
    });
    Ok(())
}

/// `out[i] = f(a[i], b[i], c[i])` elementwise with broadcasting; see [`map1`].
pub fn map3<A: Compute, B: Compute, C: Compute, O: Compute>(
    op: &'static str,
    out: &mut Tensor<'_>,
    out_via: Option<ScalarType>,
    a: Arg<'_, '_>,
    b: Arg<'_, '_>,
    c: Arg<'_, '_>,
    mut f: impl FnMut(&[A], &[B], &[C], &mut [O]),
) -> Result<()> {
    let plan = Plan::new(
        op,
        out,
        &[(a.name, a.tensor), (b.name, b.tensor), (c.name, c.tensor)],
    )?;
    let ia = Input::<A>::new(op, &a)?;
    let ib = Input::<B>::new(op, &b)?;
    let ic = Input::<C>::new(op, &c)?;
    let o = Output::<O>::new(op, out, out_via)?;
    let (mut ba, mut bb) = (ChunkBuf::<A>::new(), ChunkBuf::<B>::new());
    let (mut bc, mut bo) = (ChunkBuf::<C>::new(), ChunkBuf::<O>::new());
    for_each_chunk(&plan, |off, st, n| {
        let (a, b, c, out) = (ba.get(n), bb.get(n), bc.get(n), bo.get(n));
        // SAFETY: the plan yields offsets and strides within each tensor's elements.
        unsafe {
            ia.load(off[1], st[1], a);
            ib.load(off[2], st[2], b);
            ic.load(off[3], st[3], c);
            f(a, b, c, out);
            o.store(off[0], st[0], out);
        }
    });
    Ok(())
}

/// `out[i] = f()` for every element: fills with values computed per chunk.
pub fn fill<O: Compute>(
    op: &'static str,
    out: &mut Tensor<'_>,
    out_via: Option<ScalarType>,
    mut f: impl FnMut(&mut [O]),
) -> Result<()> {
    let plan = Plan::new(op, out, &[])?;
    let o = Output::<O>::new(op, out, out_via)?;
    let mut bo = ChunkBuf::<O>::new();
    for_each_chunk(&plan, |off, st, n| {
        let out = bo.get(n);
        f(out);
        // SAFETY: the plan yields offsets and strides within the out's elements.
        unsafe { o.store(off[0], st[0], out) };
    });
    Ok(())
}
