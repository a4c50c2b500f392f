//! `index_select.out(Tensor self, int dim, Tensor index, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out` is `self` with dim `dim` replaced by the entries `index` names: `out[..., j, ...] =
//! self[..., index[j], ...]`. `index` is a Long or Int vector (or a zero-dim tensor), its
//! values in `[0, self.size(dim))` (no wrapping of negatives, as in ATen); `out` has `self`'s
//! dtype. A zero-dim `self` takes exactly one index, which must be 0. Elements move as bytes,
//! so every dtype is accepted; rows that are contiguous in both tensors move as one block.

use crate::dispatch_esize;
use crate::util::index::{
    IndexReader, bad_esize, check_index_dtype, check_indices, move_elem, strides_of, walk,
};
use etk_core::out::{check_dtype, resize_out};
use etk_core::shape::{Dims, wrap_dim};
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::index_select.out";

pub fn index_select_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: i64,
    index: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    match prepare(self_, dim, index, out)? {
        Some(d) => select(self_, d, index, out),
        None => Ok(()),
    }
}

/// Every check of the op, the out resized: the dim to select along (wrapped), or `None` when
/// the out is empty (nothing to move; the index values are not checked then, as in ATen).
pub fn prepare(
    self_: &Tensor<'_>,
    dim: i64,
    index: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<Option<usize>> {
    let d = wrap_dim(OP, "dim", dim, self_.dim())?;
    check_index_dtype(OP, "index", index)?;
    if index.dim() > 1 {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "index")
            .expected_text("a vector (or zero-dim) index")
            .got(Info::Shape(index.shape())));
    }
    check_dtype(OP, "out", out, self_.dtype())?;
    let n = index.numel();
    let mut sizes = self_.shape();
    if self_.dim() == 0 {
        if n != 1 {
            return Err(Error::new(ErrorKind::InvalidArgument, OP, "index")
                .expected("for a zero-dim self, this many indices:", Info::Int(1))
                .got(Info::Int(n as i64)));
        }
    } else {
        if self_.size(d) == 0 && n > 0 {
            return Err(Error::invalid(OP, "self", "a non-empty dim to select from"));
        }
        sizes.as_mut_slice()[d] = n;
    }
    resize_out(OP, out, &sizes)?;
    if out.numel() == 0 {
        return Ok(None);
    }
    let dim_size = if self_.dim() == 0 { 1 } else { self_.size(d) };
    check_indices(OP, "index", index, dim_size, false)?;
    Ok(Some(d))
}

/// The elements moved, after [`prepare`].
pub fn select(
    self_: &Tensor<'_>,
    d: usize,
    index: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let idx = IndexReader::new(index);
    let (src, dst) = (self_.as_ptr(), out.as_mut_ptr(OP, "out")?);
    let es = self_.element_size();
    if self_.dim() > 0 && self_.is_contiguous() && out.is_contiguous() {
        // [outer, dim, inner] in both: each selected row is one contiguous block.
        let inner: usize = self_.sizes()[d + 1..].iter().product();
        let outer: usize = self_.sizes()[..d].iter().product();
        let (rows_in, rows_out) = (self_.size(d), index.numel());
        let bytes = inner * es;
        for o in 0..outer {
            for j in 0..rows_out {
                let i = idx.get(j) as usize;
                // SAFETY: `i < rows_in` (checked) and `j < rows_out`, so both blocks lie in
                // their tensors; an out never overlaps its input.
                unsafe {
                    core::ptr::copy_nonoverlapping(
                        src.add(((o * rows_in + i) * inner) * es),
                        dst.add(((o * rows_out + j) * inner) * es),
                        bytes,
                    )
                };
            }
        }
        return Ok(());
    }
    let rank = out.dim();
    let mut s = strides_of(self_);
    let self_step = if rank == 0 { 0 } else { s[d] };
    if rank > 0 {
        s[d] = 0;
    }
    let mut pos = [0; etk_core::MAX_DIM];
    if rank > 0 {
        pos[d] = 1;
    }
    let strides = [strides_of(out), s, pos];
    let sizes = Dims::new(out.sizes()).unwrap_or(Dims::EMPTY);
    dispatch_esize!(es, W => {
        walk(&sizes, &strides, 3, |o| {
            let i = idx.get(o[2]) as usize;
            // SAFETY: `i` was checked against the dim; the walk stays within both shapes.
            unsafe { move_elem::<W>(src, o[1] + i * self_step, dst, o[0]) }
        });
        Ok(())
    }, _ => Err(bad_esize(OP, "self", self_.dtype())))
}

boxed_kernel!(pub fn index_select_out_boxed = OP => index_select_out(self_: &Tensor, dim: i64, index: &Tensor) -> (out));
