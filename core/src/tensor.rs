//! The tensor view: dtype, sizes, dim order, strides derived from the two, and a pointer to
//! memory the caller owns.
//!
//! Metadata lives inline (rank at most `MAX_DIM`), so making a view allocates nothing. A view
//! is read-only unless it was made from exclusive memory; kernels take inputs as `&Tensor` and
//! outs as `&mut Tensor`, and writing through a read-only view is an error, not undefined
//! behaviour. Strides are always those of a dense tensor in its dim order, so the elements
//! occupy exactly `numel * element_size` bytes from the data pointer.
//!
//! Every view's extent (the product of its sizes with size-0 dims counted as 1, in bytes) is at
//! most `isize::MAX`: a view that would exceed it cannot be made, nor can an out be resized to
//! one. Strides are products of sizes, so every stride, every `stride * size` and every offset
//! computed from one tensor's own sizes fits in `isize` and in `usize`, zero-element tensors
//! with huge dims included; arithmetic that mixes in other numbers (user ints, several tensors'
//! sizes) must still be checked.

use crate::dims::{Dims, MAX_DIM};
use crate::dtype::ScalarType;
use crate::element::{Compute, Element};
use crate::error::{Error, ErrorKind, Info, Result};
use crate::shape;
use core::cell::UnsafeCell;
use core::marker::PhantomData;

/// Whether an out may be resized by a kernel (ExecuTorch's `TensorShapeDynamism`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShapeDynamism {
    /// The shape must already be the result's shape.
    Static,
    /// The kernel may resize it to any shape that fits its capacity.
    DynamicBound,
    /// As `DynamicBound`: etk never reallocates, so capacity still bounds it.
    DynamicUnbound,
}

/// A dense tensor over caller-owned memory.
///
/// The scalars come first and the sizes, dim order and strides follow packed by rank (`rank`
/// sizes, then `rank` dim-order entries, then `rank` strides): a call on a rank-2 view reads
/// its first two cache lines, not one line per 16-entry array. A runtime keeps one view per
/// argument of every instruction; a thousand instructions' views that spread over all their
/// arrays outgrew the L2 cache, and every call then waited on memory.
#[repr(C)]
pub struct Tensor<'a> {
    data: *mut u8,
    numel: usize,
    capacity: usize,
    dtype: ScalarType,
    rank: u8,
    writable: bool,
    dynamism: ShapeDynamism,
    meta: Meta,
    _memory: PhantomData<&'a UnsafeCell<[u8]>>,
}

/// Sizes, dim order and strides packed by rank (see [`Tensor`]).
#[derive(Clone, Copy)]
struct Meta([usize; 3 * MAX_DIM]);

impl Meta {
    /// `sizes`, `dim_order` and `strides` (each of `r = sizes.len() <= MAX_DIM` entries).
    #[inline]
    fn new(sizes: &[usize], dim_order: &[usize], strides: &[usize]) -> Meta {
        let r = sizes.len();
        let mut m = [0; 3 * MAX_DIM];
        m[..r].copy_from_slice(sizes);
        m[r..2 * r].copy_from_slice(dim_order);
        m[2 * r..3 * r].copy_from_slice(strides);
        Meta(m)
    }
}

// SAFETY: a `Tensor` is a view like `&[u8]` (read-only) or `&mut [u8]` (writable); writes need
// `&mut Tensor`, so sharing `&Tensor` across threads only ever reads.
unsafe impl Send for Tensor<'_> {}
unsafe impl Sync for Tensor<'_> {}

const TENSOR_OP: &str = "etk::Tensor";

/// The packed metadata, rank and element count of a view of `sizes` in `dim_order`.
fn layout(dtype: ScalarType, sizes: &[usize], dim_order: &[usize]) -> Result<(Meta, u8, usize)> {
    let bad_rank = || {
        Error::new(ErrorKind::InvalidArgument, TENSOR_OP, "sizes")
            .expected("rank at most", Info::Int(MAX_DIM as i64))
            .got(Info::Int(sizes.len() as i64))
    };
    let s = Dims::new(sizes).ok_or_else(bad_rank)?;
    let d = Dims::new(dim_order).ok_or_else(bad_rank)?;
    let strides = shape::strides_from_dim_order(sizes, dim_order).ok_or(
        Error::new(ErrorKind::InvalidArgument, TENSOR_OP, "dim_order")
            .expected(
                "a permutation of 0..rank, rank",
                Info::Int(sizes.len() as i64),
            )
            .got(Info::Shape(d)),
    )?;
    // The extent bound (which also bounds numel) is what keeps every stride, offset and
    // `stride * size` product of every kernel within `isize`.
    let numel = shape::numel(sizes)
        .filter(|_| shape::extent_fits(sizes, dtype.element_size()))
        .ok_or(
            Error::new(ErrorKind::InvalidArgument, TENSOR_OP, "sizes")
                .expected_text("sizes whose extent (size-0 dims counted as 1) fits in isize bytes")
                .got(Info::Shape(s)),
        )?;
    Ok((Meta::new(sizes, dim_order, &strides), s.len() as u8, numel))
}

impl<'a> Tensor<'a> {
    /// A view over raw memory.
    ///
    /// # Safety
    /// `data` must point to `capacity` bytes that stay valid for `'a`, aligned for `dtype`;
    /// if `writable`, nothing else may access them while the view (or any view made from it
    /// with [`Tensor::view`]) is used to write.
    pub unsafe fn from_raw_parts(
        dtype: ScalarType,
        sizes: &[usize],
        dim_order: &[usize],
        data: *mut u8,
        capacity: usize,
        writable: bool,
    ) -> Result<Tensor<'a>> {
        let (meta, rank, numel) = layout(dtype, sizes, dim_order)?;
        let t = Tensor {
            dtype,
            rank,
            meta,
            numel,
            data,
            capacity,
            writable,
            dynamism: ShapeDynamism::Static,
            _memory: PhantomData,
        };
        if !(data as usize).is_multiple_of(dtype.element_size()) {
            return Err(Error::invalid(
                TENSOR_OP,
                "data",
                "data aligned to the element size",
            ));
        }
        t.check_fits()?;
        Ok(t)
    }

    fn check_fits(&self) -> Result<()> {
        if self.nbytes() > self.capacity {
            return Err(Error::new(ErrorKind::OutOfCapacity, TENSOR_OP, "data")
                .expected("at least this many bytes:", Info::Int(self.nbytes() as i64))
                .got(Info::Int(self.capacity as i64)));
        }
        Ok(())
    }

    /// A read-only contiguous view of `data` with `sizes`.
    pub fn from_slice<T: Element>(data: &'a [T], sizes: &[usize]) -> Result<Tensor<'a>> {
        let order = shape::contiguous_dim_order(sizes.len());
        // SAFETY: the slice is valid and aligned for `T` for `'a`, and the view is read-only.
        unsafe {
            Self::from_raw_parts(
                T::DTYPE,
                sizes,
                &order,
                data.as_ptr() as *mut u8,
                core::mem::size_of_val(data),
                false,
            )
        }
    }

    /// A writable contiguous view of `data` with `sizes` (static shape).
    pub fn from_mut_slice<T: Element>(data: &'a mut [T], sizes: &[usize]) -> Result<Tensor<'a>> {
        let order = shape::contiguous_dim_order(sizes.len());
        // SAFETY: the slice is borrowed exclusively for `'a`.
        unsafe {
            Self::from_raw_parts(
                T::DTYPE,
                sizes,
                &order,
                data.as_mut_ptr() as *mut u8,
                core::mem::size_of_val(data),
                true,
            )
        }
    }

    /// A read-only view of raw bytes (which must be aligned for `dtype`) in `dim_order`.
    pub fn from_bytes(
        dtype: ScalarType,
        data: &'a [u8],
        sizes: &[usize],
        dim_order: &[usize],
    ) -> Result<Tensor<'a>> {
        // SAFETY: the slice is valid for `'a`; alignment is checked; the view is read-only.
        unsafe {
            Self::from_raw_parts(
                dtype,
                sizes,
                dim_order,
                data.as_ptr() as *mut u8,
                data.len(),
                false,
            )
        }
    }

    /// A writable view of raw bytes (which must be aligned for `dtype`) in `dim_order`.
    pub fn from_bytes_mut(
        dtype: ScalarType,
        data: &'a mut [u8],
        sizes: &[usize],
        dim_order: &[usize],
    ) -> Result<Tensor<'a>> {
        // SAFETY: the slice is borrowed exclusively for `'a`; alignment is checked.
        unsafe {
            Self::from_raw_parts(dtype, sizes, dim_order, data.as_mut_ptr(), data.len(), true)
        }
    }

    /// The same memory laid out in another dim order (same sizes, new strides).
    pub fn with_dim_order(mut self, dim_order: &[usize]) -> Result<Tensor<'a>> {
        let (meta, _, _) = layout(self.dtype, self.sizes(), dim_order)?;
        self.meta = meta;
        Ok(self)
    }

    /// A read-only view of `src`'s memory with new `sizes` (the same number of elements),
    /// living as long as `src`'s memory: what ExecuTorch's `et_view` makes of its out. `src`
    /// must be read-only. With `src`'s own sizes the view keeps its dim order; other sizes need
    /// `src`'s memory in row-major order over its non-unit dims and give a contiguous view, so
    /// that the view reads the elements in `src`'s logical order.
    pub fn view_of(src: &Tensor<'a>, sizes: &[usize]) -> Result<Tensor<'a>> {
        if src.writable {
            // A writable view promises its holder exclusive access; a second view of the same
            // memory for `'a` would break that promise.
            return Err(Error::invalid(
                TENSOR_OP,
                "self",
                "a read-only tensor (a writable one cannot be shared)",
            ));
        }
        if sizes == src.sizes() {
            // The same sizes: the same layout, whatever the dim order.
            return Ok(Tensor {
                dtype: src.dtype,
                rank: src.rank,
                meta: src.meta,
                numel: src.numel,
                data: src.data,
                capacity: src.nbytes(),
                writable: false,
                dynamism: ShapeDynamism::Static,
                _memory: PhantomData,
            });
        }
        let mut last = None;
        for &d in src.dim_order().iter().filter(|&&d| src.size(d) != 1) {
            if last.is_some_and(|l| l > d) {
                return Err(Error::invalid(
                    TENSOR_OP,
                    "self",
                    "a tensor whose memory order is row-major (a view of a permuted layout is \
                     not a reshape of its memory)",
                ));
            }
            last = Some(d);
        }
        let order = shape::contiguous_dim_order(sizes.len());
        let (meta, rank, numel) = layout(src.dtype, sizes, &order)?;
        if numel != src.numel {
            return Err(Error::new(ErrorKind::InvalidArgument, TENSOR_OP, "size")
                .expected(
                    "sizes with as many elements as self:",
                    Info::Int(src.numel as i64),
                )
                .got(Info::Shape(Dims::new(sizes).unwrap_or(Dims::EMPTY))));
        }
        // The elements of the new view are exactly the `numel * element_size` bytes `src`
        // covers (both are dense), all within `src`'s capacity and valid for `'a`; the copy is
        // read-only like `src`, so it may coexist with `src` as two `&'a [u8]` do.
        Ok(Tensor {
            dtype: src.dtype,
            rank,
            meta,
            numel,
            data: src.data,
            capacity: src.nbytes(),
            writable: false,
            dynamism: ShapeDynamism::Static,
            _memory: PhantomData,
        })
    }

    /// Marks the view as resizable by kernels within its capacity.
    pub fn with_dynamism(mut self, dynamism: ShapeDynamism) -> Tensor<'a> {
        self.dynamism = dynamism;
        self
    }

    /// Gives up write access for all of `'a`, which makes the view shareable (with
    /// [`Tensor::view_of`]).
    pub fn make_read_only(&mut self) {
        self.writable = false;
    }

    /// A read-only view of the same tensor.
    #[inline]
    pub fn view(&self) -> Tensor<'_> {
        Tensor {
            dtype: self.dtype,
            rank: self.rank,
            meta: self.meta,
            numel: self.numel,
            data: self.data,
            capacity: self.capacity,
            writable: false,
            dynamism: self.dynamism,
            _memory: PhantomData,
        }
    }

    /// A writable view of the same tensor, borrowing it exclusively.
    #[inline]
    pub fn view_mut(&mut self) -> Tensor<'_> {
        Tensor {
            writable: self.writable,
            ..self.view()
        }
    }

    #[inline]
    pub fn dtype(&self) -> ScalarType {
        self.dtype
    }
    #[inline]
    pub fn dim(&self) -> usize {
        self.rank as usize
    }
    #[inline]
    pub fn sizes(&self) -> &[usize] {
        &self.meta.0[..self.dim()]
    }
    /// Sizes as `Dims`, for error reports and shape math.
    #[inline]
    pub fn shape(&self) -> Dims {
        Dims::new(self.sizes()).unwrap_or(Dims::EMPTY)
    }
    #[inline]
    pub fn size(&self, dim: usize) -> usize {
        self.sizes()[dim]
    }
    /// Strides in elements, indexed by logical dim.
    #[inline]
    pub fn strides(&self) -> &[usize] {
        let r = self.dim();
        &self.meta.0[2 * r..3 * r]
    }
    /// The dims from outermost to innermost in memory.
    #[inline]
    pub fn dim_order(&self) -> &[usize] {
        let r = self.dim();
        &self.meta.0[r..2 * r]
    }
    #[inline]
    pub fn numel(&self) -> usize {
        self.numel
    }
    #[inline]
    pub fn element_size(&self) -> usize {
        self.dtype.element_size()
    }
    /// Bytes the elements occupy.
    #[inline]
    pub fn nbytes(&self) -> usize {
        self.numel * self.dtype.element_size()
    }
    /// Bytes available at the data pointer.
    #[inline]
    pub fn capacity(&self) -> usize {
        self.capacity
    }
    #[inline]
    pub fn dynamism(&self) -> ShapeDynamism {
        self.dynamism
    }
    #[inline]
    pub fn is_writable(&self) -> bool {
        self.writable
    }
    #[inline]
    pub fn is_contiguous(&self) -> bool {
        shape::is_contiguous_dim_order(self.dim_order())
    }

    /// The data pointer, for reading.
    #[inline]
    pub fn as_ptr(&self) -> *const u8 {
        self.data
    }

    /// The data pointer, for writing; an error for a read-only view.
    #[inline]
    pub fn as_mut_ptr(&mut self, op: &'static str, arg: &'static str) -> Result<*mut u8> {
        if !self.writable {
            return Err(Error::invalid(op, arg, "a writable tensor"));
        }
        Ok(self.data)
    }

    /// The elements in memory order (the dim order's layout), if `T` is the dtype's element.
    #[inline]
    pub fn as_slice<T: Element>(&self) -> Option<&[T]> {
        if T::DTYPE != self.dtype {
            return None;
        }
        // SAFETY: `numel` elements of `T` fit in `capacity` bytes at an aligned pointer.
        Some(unsafe { core::slice::from_raw_parts(self.data as *const T, self.numel) })
    }

    /// The elements in memory order, mutable, if `T` is the dtype and the view is writable.
    #[inline]
    pub fn as_mut_slice<T: Element>(&mut self) -> Option<&mut [T]> {
        if T::DTYPE != self.dtype || !self.writable {
            return None;
        }
        // SAFETY: as `as_slice`, and the view has exclusive access to its memory.
        Some(unsafe { core::slice::from_raw_parts_mut(self.data as *mut T, self.numel) })
    }

    /// Element offset (in elements from the data pointer) of a logical index.
    pub fn offset_of(&self, index: &[usize]) -> usize {
        index
            .iter()
            .zip(self.strides().iter())
            .map(|(i, s)| i * s)
            .sum()
    }

    /// The single element of a one-element tensor, converted to `C`.
    pub fn item<C: Compute>(&self, op: &'static str, arg: &'static str) -> Result<C> {
        if self.numel != 1 {
            return Err(Error::new(ErrorKind::InvalidArgument, op, arg)
                .expected_text("a tensor with one element")
                .got(Info::Shape(self.shape())));
        }
        self.read::<C>(0)
            .ok_or(Error::unsupported_dtype(op, arg, self.dtype))
    }

    /// Element `offset` (in memory order) converted to `C`; `None` if out of range or the
    /// dtype has no element type.
    pub fn read<C: Compute>(&self, offset: usize) -> Option<C> {
        if offset >= self.numel {
            return None;
        }
        let load = crate::element::loader::<C>(self.dtype)?;
        let mut v = [C::default()];
        // SAFETY: `offset < numel`, so the element lies within the view's memory.
        unsafe { load(self.data.add(offset * self.element_size()), 1, &mut v) };
        Some(v[0])
    }

    /// Changes the shape of an out to `sizes`, as its dynamism and capacity allow. The dim
    /// order is kept when the rank is unchanged, otherwise it becomes contiguous.
    pub fn resize(&mut self, op: &'static str, arg: &'static str, sizes: &[usize]) -> Result<()> {
        if sizes == self.sizes() {
            return Ok(());
        }
        let got = Info::Shape(self.shape());
        let want = Dims::new(sizes).unwrap_or(Dims::EMPTY);
        if self.dynamism == ShapeDynamism::Static {
            return Err(Error::new(ErrorKind::OutOfCapacity, op, arg)
                .expected("a static out of shape", Info::Shape(want))
                .got(got));
        }
        let order = if sizes.len() == self.dim() {
            Dims::new(self.dim_order()).unwrap_or(Dims::EMPTY)
        } else {
            shape::contiguous_dim_order(sizes.len())
        };
        let (meta, rank, numel) = layout(self.dtype, sizes, &order).map_err(|mut e| {
            e.op = op;
            e.arg = arg;
            e
        })?;
        if numel * self.element_size() > self.capacity {
            return Err(Error::new(ErrorKind::OutOfCapacity, op, arg)
                .expected("capacity for shape", Info::Shape(want))
                .got(Info::Int((self.capacity / self.element_size()) as i64)));
        }
        self.meta = meta;
        self.rank = rank;
        self.numel = numel;
        Ok(())
    }

    /// True when the two views' element bytes overlap (empty tensors overlap nothing).
    #[inline]
    pub fn overlaps(&self, other: &Tensor<'_>) -> bool {
        let (a, b) = (self.data as usize, other.data as usize);
        let (na, nb) = (self.nbytes(), other.nbytes());
        na > 0 && nb > 0 && a < b + nb && b < a + na
    }

    /// True when a kernel writing this out could touch `input`'s element bytes: the out's
    /// elements, or all of its capacity when it may be resized (a dynamic out of zero elements
    /// can grow over an input). Empty inputs overlap nothing.
    #[inline]
    pub fn may_write_over(&self, input: &Tensor<'_>) -> bool {
        ranges_overlap(self.data, self.write_reach(), input.data, input.nbytes())
    }

    /// True when two outs could write the same bytes (each as far as [`Tensor::write_reach`]).
    #[inline]
    pub fn outs_may_overlap(&self, other: &Tensor<'_>) -> bool {
        ranges_overlap(
            self.data,
            self.write_reach(),
            other.data,
            other.write_reach(),
        )
    }

    /// The bytes a kernel may write through this view: its elements', or its whole capacity
    /// when it may be resized.
    #[inline]
    pub fn write_reach(&self) -> usize {
        match self.dynamism {
            ShapeDynamism::Static => self.nbytes(),
            _ => self.capacity,
        }
    }

    /// True when both views are the same memory with the same metadata.
    pub fn same_as(&self, other: &Tensor<'_>) -> bool {
        self.data == other.data
            && self.dtype == other.dtype
            && self.sizes() == other.sizes()
            && self.dim_order() == other.dim_order()
    }
}

#[inline]
fn ranges_overlap(a: *mut u8, na: usize, b: *mut u8, nb: usize) -> bool {
    let (a, b) = (a as usize, b as usize);
    na > 0 && nb > 0 && a < b + nb && b < a + na
}

impl core::fmt::Debug for Tensor<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Tensor")
            .field("dtype", &self.dtype)
            .field("sizes", &self.sizes())
            .field("dim_order", &self.dim_order())
            .field("writable", &self.writable)
            .finish()
    }
}
