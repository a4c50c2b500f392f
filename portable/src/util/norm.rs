//! Mechanics shared by the normalization family (softmax, layer norm, batch norm): walking
//! every index of a chosen set of dims over several tensors at once, reading and writing a row
//! (some dims in logical order) in the compute type, in place where its memory already holds
//! compute values, and the float-dtype checks these ops share.
//!
//! Kernels address tensors by logical index through their own strides, so every dim order is
//! handled by the same code (the out may have a different dim order from the input).

use etk_core::element::{LoadFn, StoreFn, loader, storer};
use etk_core::{Compute, Dims, Error, ErrorKind, Info, MAX_DIM, Result, ScalarType, Tensor};

/// Calls `f` with the element offsets (one per stride set) of every index over the dims `d`
/// for which `take(d)`, the other dims held at 0. Nothing is called when a taken dim is empty.
/// Every offset stays within its tensor: strides of a tensor are only combined with indices
/// below its sizes (a tensor whose dim has size 1 where `sizes` has more passes stride 0).
pub fn for_each_index<const N: usize>(
    sizes: &[usize],
    take: impl Fn(usize) -> bool,
    strides: [&[usize]; N],
    mut f: impl FnMut([usize; N]),
) {
    let mut dims = [0usize; MAX_DIM];
    let mut nd = 0;
    for (d, &s) in sizes.iter().enumerate() {
        if take(d) {
            if s == 0 {
                return;
            }
            dims[nd] = d;
            nd += 1;
        }
    }
    let mut idx = [0usize; MAX_DIM];
    let mut off = [0usize; N];
    loop {
        f(off);
        let mut k = nd;
        loop {
            if k == 0 {
                return;
            }
            k -= 1;
            let d = dims[k];
            idx[k] += 1;
            if idx[k] < sizes[d] {
                for j in 0..N {
                    off[j] += strides[j][d];
                }
                break;
            }
            for j in 0..N {
                off[j] -= strides[j][d] * (sizes[d] - 1);
            }
            idx[k] = 0;
        }
    }
}

/// The elements of some dims of a tensor (a layer norm's row, a group), in logical
/// (row-major) order, as strided runs: size-1 dims dropped and adjacent dims merged where the
/// strides allow, so a contiguous row is one run.
#[derive(Clone, Copy, Debug)]
pub struct RowDims {
    ndim: usize,
    sizes: [usize; MAX_DIM],
    strides: [usize; MAX_DIM],
}

impl RowDims {
    /// The row of `sizes` with `strides` (outermost first).
    pub fn new(sizes: &[usize], strides: &[usize]) -> RowDims {
        let mut r = RowDims {
            ndim: 0,
            sizes: [0; MAX_DIM],
            strides: [0; MAX_DIM],
        };
        for (&n, &s) in sizes.iter().zip(strides) {
            if n == 1 {
                continue;
            }
            let k = r.ndim;
            if k > 0 && r.strides[k - 1] == s * n {
                r.sizes[k - 1] *= n;
                r.strides[k - 1] = s;
            } else {
                r.sizes[k] = n;
                r.strides[k] = s;
                r.ndim += 1;
            }
        }
        r
    }

    /// Whether the row is one run of adjacent elements.
    #[inline]
    pub fn is_dense(&self) -> bool {
        self.ndim == 0 || (self.ndim == 1 && self.strides[0] == 1)
    }

    /// Calls `f(offset, stride, count)` for the runs covering the row's logical elements
    /// `start..start + len` (offsets in elements from the row's first element).
    pub fn runs(&self, start: usize, len: usize, mut f: impl FnMut(usize, usize, usize)) {
        if len == 0 {
            return;
        }
        if self.ndim == 0 {
            f(0, 1, len);
            return;
        }
        let last = self.ndim - 1;
        let mut idx = [0usize; MAX_DIM];
        let mut rem = start;
        let mut off = 0;
        for d in (0..self.ndim).rev() {
            idx[d] = rem % self.sizes[d];
            rem /= self.sizes[d];
            off += idx[d] * self.strides[d];
        }
        let mut left = len;
        loop {
            let n = (self.sizes[last] - idx[last]).min(left);
            f(off, self.strides[last], n);
            left -= n;
            if left == 0 {
                return;
            }
            off -= idx[last] * self.strides[last];
            idx[last] = 0;
            let mut d = last;
            loop {
                // `left > 0` keeps the walk inside the row: some outer index still steps.
                d -= 1;
                idx[d] += 1;
                off += self.strides[d];
                if idx[d] < self.sizes[d] {
                    break;
                }
                off -= self.strides[d] * self.sizes[d];
                idx[d] = 0;
            }
        }
    }
}

/// Fails unless `t` is a floating dtype (Half, BFloat16, Float, Double).
pub fn check_float(op: &'static str, arg: &'static str, t: &Tensor<'_>) -> Result<()> {
    match t.dtype() {
        ScalarType::Half | ScalarType::BFloat16 | ScalarType::Float | ScalarType::Double => Ok(()),
        d => Err(Error::dtype(
            op,
            arg,
            "a floating dtype (Half, BFloat16, Float or Double)",
            d,
        )),
    }
}

/// ATen's CPU rule for the parameters of a norm (weight, bias, running stats), given as
/// optional tensors in schema order: they all share the first one's dtype; that dtype is
/// either the input's or, for a Half/BFloat16 input, Float ("mixed dtype"). Returns the
/// parameters' dtype (the input's when none is given), which is also the dtype of the
/// statistics the op returns.
pub fn param_dtype(
    op: &'static str,
    input: &Tensor<'_>,
    params: &[(&'static str, Option<&Tensor<'_>>)],
) -> Result<ScalarType> {
    let first = params.iter().find_map(|(_, p)| p.map(|p| p.dtype()));
    let Some(pt) = first else {
        return Ok(input.dtype());
    };
    let mixed = pt != input.dtype();
    for (name, p) in params {
        let Some(p) = p else { continue };
        if mixed && p.dtype() != ScalarType::Float {
            return Err(Error::dtype(
                op,
                name,
                "Float parameters for a Half/BFloat16 input (mixed dtype)",
                p.dtype(),
            ));
        }
        if p.dtype() != pt {
            return Err(Error::new(ErrorKind::InvalidType, op, name)
                .expected("the dtype of the other parameters,", Info::Dtype(pt))
                .got(Info::Dtype(p.dtype())));
        }
    }
    if mixed && !crate::util::dispatch::is_reduced_float(input.dtype()) {
        return Err(Error::new(ErrorKind::InvalidType, op, params[0].0)
            .expected(
                "parameters of the input's dtype",
                Info::Dtype(input.dtype()),
            )
            .got(Info::Dtype(pt)));
    }
    Ok(pt)
}

/// Fails unless `t` has exactly `sizes`.
pub fn check_shape(
    op: &'static str,
    arg: &'static str,
    t: &Tensor<'_>,
    sizes: &[usize],
) -> Result<()> {
    if t.sizes() != sizes {
        return Err(Error::new(ErrorKind::InvalidArgument, op, arg)
            .expected(
                "shape",
                Info::Shape(Dims::new(sizes).unwrap_or(Dims::EMPTY)),
            )
            .got(Info::Shape(t.shape())));
    }
    Ok(())
}

/// Element access to one tensor by element offset, converting to and from `C`; for kernels
/// that visit elements in an order no lane follows (the normalized region of a layer norm).
#[derive(Clone, Copy)]
pub struct Elems<C: Compute> {
    ptr: *mut u8,
    esize: usize,
    load: Option<LoadFn<C>>,
    store: Option<StoreFn<C>>,
    /// The tensor's elements are `C` values (Float for `f32`, Double for `f64`).
    native: bool,
}

impl<C: Compute> Elems<C> {
    pub fn new(t: &Tensor<'_>) -> Elems<C> {
        Elems {
            ptr: t.as_ptr() as *mut u8,
            esize: t.element_size(),
            load: loader::<C>(t.dtype()),
            store: storer::<C>(t.dtype()),
            native: t.dtype() == C::DTYPE,
        }
    }

    /// The row elements `start..start + buf.len()` of the row at element offset `base`: the
    /// tensor's own memory where the row is one dense run of `C` values, else loaded into `buf`.
    ///
    /// # Safety
    /// The row's elements must lie within the tensor, which nothing writes while the slice
    /// lives.
    #[inline]
    pub unsafe fn row<'b>(
        &self,
        base: usize,
        row: &RowDims,
        start: usize,
        buf: &'b mut [C],
    ) -> &'b [C] {
        if self.native && row.is_dense() {
            // SAFETY: forwarded from the caller; the memory holds `C` values (`native`).
            return unsafe {
                core::slice::from_raw_parts((self.ptr as *const C).add(base + start), buf.len())
            };
        }
        // SAFETY: forwarded from the caller.
        unsafe { self.load_row(base, row, start, buf) };
        buf
    }

    /// The out memory of the row elements `start..start + len` where it is one dense run of
    /// `C` values (the caller writes the values in place), else `None` (the caller fills a
    /// buffer and calls [`Elems::store_row`]).
    ///
    /// # Safety
    /// The row's elements must lie within a writable tensor that no input overlaps and that
    /// nothing else accesses while the slice lives.
    #[inline]
    pub unsafe fn row_mut<'b>(
        &self,
        base: usize,
        row: &RowDims,
        start: usize,
        len: usize,
    ) -> Option<&'b mut [C]> {
        // SAFETY: forwarded from the caller; the memory holds `C` values (`native`).
        (self.native && row.is_dense()).then(|| unsafe {
            core::slice::from_raw_parts_mut((self.ptr as *mut C).add(base + start), len)
        })
    }

    /// # Safety
    /// `off` must be an element offset within the tensor.
    #[inline]
    pub unsafe fn get(&self, off: usize) -> C {
        let mut v = [C::default()];
        let load = self.load.expect("dtype checked by the kernel");
        // SAFETY: forwarded from the caller.
        unsafe { load(self.ptr.add(off * self.esize), 1, &mut v) };
        v[0]
    }

    /// Loads the row elements `start..start + dst.len()` of the row at element offset `base`.
    ///
    /// # Safety
    /// The row's elements must lie within the tensor.
    pub unsafe fn load_row(&self, base: usize, row: &RowDims, start: usize, dst: &mut [C]) {
        let load = self.load.expect("dtype checked by the kernel");
        let mut k = 0;
        row.runs(start, dst.len(), |off, stride, n| {
            // SAFETY: forwarded from the caller.
            unsafe {
                load(
                    self.ptr.add((base + off) * self.esize),
                    stride as isize,
                    &mut dst[k..k + n],
                )
            };
            k += n;
        });
    }

    /// Stores `src` into the row elements `start..start + src.len()` of the row at `base`.
    ///
    /// # Safety
    /// The row's elements must lie within a writable tensor that no input overlaps.
    pub unsafe fn store_row(&self, base: usize, row: &RowDims, start: usize, src: &[C]) {
        let store = self.store.expect("dtype checked by the kernel");
        let mut k = 0;
        row.runs(start, src.len(), |off, stride, n| {
            // SAFETY: forwarded from the caller.
            unsafe {
                store(
                    self.ptr.add((base + off) * self.esize),
                    stride as isize,
                    &src[k..k + n],
                )
            };
            k += n;
        });
    }

    /// # Safety
    /// `off` must be an element offset within a writable tensor that no input overlaps.
    #[inline]
    pub unsafe fn set(&self, off: usize, v: C) {
        let store = self.store.expect("dtype checked by the kernel");
        // SAFETY: forwarded from the caller.
        unsafe { store(self.ptr.add(off * self.esize), 1, &[v]) };
    }
}

/// The element offset in a tensor of strides `to` of the element at memory offset `m` of a
/// dense tensor (no gaps: contiguous, channels-last or any dim order) of `sizes` and strides
/// `from`. For kernels that walk an input in memory order and write an out of another layout.
#[inline]
pub fn dense_to_strided(m: usize, sizes: &[usize], from: &[usize], to: &[usize]) -> usize {
    let mut o = 0;
    for d in 0..sizes.len() {
        if sizes[d] > 1 {
            o += (m / from[d]) % sizes[d] * to[d];
        }
    }
    o
}
