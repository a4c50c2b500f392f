//! An owned, 64-byte-aligned tensor for tests, benchmarks and applications (never used inside
//! kernels).

use crate::dims::Dims;
use crate::dtype::ScalarType;
use crate::element::{Compute, Element, loader, storer};
use crate::error::{Error, Result};
use crate::shape;
use crate::tensor::{ShapeDynamism, Tensor};
use alloc::vec;
use alloc::vec::Vec;

#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Block([u8; 64]);

/// A tensor that owns its memory, 64-byte aligned, in any dim order.
pub struct OwnedTensor {
    dtype: ScalarType,
    sizes: Dims,
    dim_order: Dims,
    dynamism: ShapeDynamism,
    buf: Vec<Block>,
    capacity: usize,
}

impl OwnedTensor {
    /// Zeros with `sizes`, contiguous.
    pub fn zeros(dtype: ScalarType, sizes: &[usize]) -> Result<OwnedTensor> {
        let order = shape::contiguous_dim_order(sizes.len());
        Self::with_capacity(dtype, sizes, &order, 0)
    }

    /// Zeros with `sizes` in `dim_order`, with room for at least `capacity_elems` elements.
    pub fn with_capacity(
        dtype: ScalarType,
        sizes: &[usize],
        dim_order: &[usize],
        capacity_elems: usize,
    ) -> Result<OwnedTensor> {
        let invalid = |what| Error::invalid("etk::OwnedTensor", "sizes", what);
        let (Some(sizes_d), Some(order_d)) = (Dims::new(sizes), Dims::new(dim_order)) else {
            return Err(invalid("rank at most 16"));
        };
        shape::strides_from_dim_order(sizes, dim_order)
            .ok_or(invalid("a dim order that is a permutation of 0..rank"))?;
        if !shape::extent_fits(sizes, dtype.element_size()) {
            return Err(invalid("sizes whose extent fits in isize bytes"));
        }
        let bytes = shape::numel(sizes)
            .map(|n| n.max(capacity_elems))
            .and_then(|n| n.checked_mul(dtype.element_size()))
            .filter(|&b| b <= isize::MAX as usize / 2)
            .ok_or(invalid("a byte size that can be allocated"))?;
        Ok(OwnedTensor {
            dtype,
            sizes: sizes_d,
            dim_order: order_d,
            dynamism: ShapeDynamism::Static,
            buf: vec![Block([0; 64]); bytes.div_ceil(64)],
            capacity: bytes,
        })
    }

    /// A tensor holding `values` given in logical (row-major) order, laid out in `dim_order`.
    pub fn from_logical<T: Element>(
        values: &[T],
        sizes: &[usize],
        dim_order: &[usize],
    ) -> Result<OwnedTensor> {
        let mut t = Self::with_capacity(T::DTYPE, sizes, dim_order, 0)?;
        let n = values.len().min(t.numel());
        let strides = shape::strides_from_dim_order(sizes, dim_order).unwrap_or(Dims::EMPTY);
        let data = t.bytes_mut().as_mut_ptr() as *mut T;
        for (i, &v) in values[..n].iter().enumerate() {
            let off = logical_to_offset(i, sizes, &strides);
            // SAFETY: `off < numel` for a dense layout, within the buffer.
            unsafe { *data.add(off) = v };
        }
        Ok(t)
    }

    /// A contiguous tensor holding `values`.
    pub fn from_slice<T: Element>(values: &[T], sizes: &[usize]) -> Result<OwnedTensor> {
        Self::from_logical(values, sizes, &shape::contiguous_dim_order(sizes.len()))
    }

    /// Lets kernels resize it within its capacity.
    pub fn dynamic(mut self) -> OwnedTensor {
        self.dynamism = ShapeDynamism::DynamicBound;
        self
    }

    pub fn dtype(&self) -> ScalarType {
        self.dtype
    }
    pub fn sizes(&self) -> &[usize] {
        &self.sizes
    }
    pub fn numel(&self) -> usize {
        shape::numel(&self.sizes).unwrap_or(0)
    }

    fn bytes_mut(&mut self) -> &mut [u8] {
        let p = self.buf.as_mut_ptr() as *mut u8;
        // SAFETY: the blocks are `capacity` (rounded up to 64) initialized bytes.
        unsafe { core::slice::from_raw_parts_mut(p, self.capacity) }
    }

    fn bytes(&self) -> &[u8] {
        // SAFETY: as `bytes_mut`.
        unsafe { core::slice::from_raw_parts(self.buf.as_ptr() as *const u8, self.capacity) }
    }

    /// A read-only view.
    pub fn view(&self) -> Tensor<'_> {
        Tensor::from_bytes(self.dtype, self.bytes(), &self.sizes, &self.dim_order)
            .expect("validated at construction")
            .with_dynamism(self.dynamism)
    }

    /// A writable view (resizable if the tensor is dynamic). Resizes through the view are
    /// not reflected back: read the result through the view.
    pub fn view_mut(&mut self) -> Result<Tensor<'_>> {
        let (dtype, sizes, order, dynamism) =
            (self.dtype, self.sizes, self.dim_order, self.dynamism);
        Ok(
            Tensor::from_bytes_mut(dtype, self.bytes_mut(), &sizes, &order)?
                .with_dynamism(dynamism),
        )
    }

    /// Adopts the shape (and dim order) a kernel gave a view of this tensor.
    pub fn set_layout(&mut self, view_sizes: &[usize], view_dim_order: &[usize]) {
        if let (Some(s), Some(d)) = (Dims::new(view_sizes), Dims::new(view_dim_order)) {
            self.sizes = s;
            self.dim_order = d;
        }
    }

    /// The values in logical (row-major) order converted to `C`.
    pub fn to_logical<C: Compute>(&self) -> Vec<C> {
        let view = self.view();
        let Some(load) = loader::<C>(self.dtype) else {
            return Vec::new();
        };
        let n = view.numel();
        let mut out = vec![C::default(); n];
        for (i, o) in out.iter_mut().enumerate() {
            let off = logical_to_offset(i, view.sizes(), view.strides());
            // SAFETY: `off < numel`.
            unsafe {
                load(
                    view.as_ptr().add(off * view.element_size()),
                    1,
                    core::slice::from_mut(o),
                )
            };
        }
        out
    }

    /// Overwrites every element (in logical order) with `values` converted from `C`.
    pub fn fill_logical<C: Compute>(&mut self, values: &[C]) {
        let Some(store) = storer::<C>(self.dtype) else {
            return;
        };
        let (sizes, order) = (self.sizes, self.dim_order);
        let Some(strides) = shape::strides_from_dim_order(&sizes, &order) else {
            return;
        };
        let es = self.dtype.element_size();
        let n = values.len().min(self.numel());
        let p = self.bytes_mut().as_mut_ptr();
        for (i, v) in values[..n].iter().enumerate() {
            let off = logical_to_offset(i, &sizes, &strides);
            // SAFETY: `off < numel`.
            unsafe { store(p.add(off * es), 1, core::slice::from_ref(v)) };
        }
    }
}

/// The memory offset of the `i`-th element in logical (row-major) order.
pub fn logical_to_offset(mut i: usize, sizes: &[usize], strides: &[usize]) -> usize {
    let mut off = 0;
    for d in (0..sizes.len()).rev() {
        let s = sizes[d].max(1);
        off += (i % s) * strides[d];
        i /= s;
    }
    off
}
