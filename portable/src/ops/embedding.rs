//! `embedding.out(Tensor weight, Tensor indices, SymInt padding_idx=-1,
//!   bool scale_grad_by_freq=False, bool sparse=False, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! A table lookup: `out[i..., :] = weight[indices[i...], :]`, with `weight` a 2-D
//! `[num_embeddings, embedding_dim]` table of any dtype and `indices` Long or Int of any shape
//! (zero-dim included), so `out` has shape `indices.shape + [embedding_dim]` and `weight`'s
//! dtype. Every index must lie in `[0, num_embeddings)` (no wrapping of negatives, as ATen).
//! `padding_idx`, `scale_grad_by_freq` and `sparse` only change the backward pass: the forward
//! accepts any value and ignores them, as ATen does. Rows move as bytes: one block per row
//! where the table's and the out's rows are both contiguous.

use crate::dispatch_esize;
use crate::util::index::{
    IndexReader, bad_esize, check_index_dtype, check_indices, move_elem, strides_of, walk,
};
use etk_core::out::check_dtype;
use etk_core::{
    Dims, Error, ErrorKind, Info, KernelContext, MAX_DIM, Result, Tensor, boxed_kernel,
};

pub const OP: &str = "aten::embedding.out";

pub fn embedding_out(
    _ctx: &mut KernelContext<'_>,
    weight: &Tensor<'_>,
    indices: &Tensor<'_>,
    _padding_idx: i64,
    _scale_grad_by_freq: bool,
    _sparse: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    if prepare(weight, indices, out)? {
        lookup(weight, indices, out)?;
    }
    Ok(())
}

/// Every check of the op, the out resized: whether there are rows to move.
pub fn prepare(weight: &Tensor<'_>, indices: &Tensor<'_>, out: &mut Tensor<'_>) -> Result<bool> {
    if weight.dim() != 2 {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "weight")
            .expected_text("a 2-D [num_embeddings, embedding_dim] table")
            .got(Info::Shape(weight.shape())));
    }
    check_index_dtype(OP, "indices", indices)?;
    check_dtype(OP, "out", out, weight.dtype())?;
    let (rows, dim) = (weight.size(0), weight.size(1));
    let mut sizes = indices.shape();
    if !sizes.push(dim) {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "indices")
            .expected("a rank below", Info::Int(MAX_DIM as i64))
            .got(Info::Shape(indices.shape())));
    }
    // ATen checks every index even when the rows are empty.
    check_indices(OP, "indices", indices, rows, false)?;
    out.resize(OP, "out", &sizes)?;
    Ok(out.numel() > 0)
}

/// The rows moved, after the checks above (the out resized and not empty).
pub fn lookup(weight: &Tensor<'_>, indices: &Tensor<'_>, out: &mut Tensor<'_>) -> Result<()> {
    let k = indices.dim();
    let dim = weight.size(1);
    let es = weight.element_size();
    let (w_row, w_col) = (weight.strides()[0], weight.strides()[1]);
    let o_col = out.strides()[k];
    let idx = IndexReader::new(indices);
    let src = weight.as_ptr();
    let dst = out.as_mut_ptr(OP, "out")?;
    // One walk over the index positions: operand 0 is the index tensor, 1 the out row.
    let strides = [strides_of(indices), strides_of(out)];
    let lead = Dims::new(indices.sizes()).unwrap_or(Dims::EMPTY);
    if dim == 1 || (w_col == 1 && o_col == 1) {
        let bytes = dim * es;
        walk(lead.as_slice(), &strides, 2, |o| {
            let r = idx.get(o[0]) as usize;
            // SAFETY: `r < rows` (checked before the out was touched); the row of `dim`
            // contiguous elements lies in each tensor, and an out never overlaps its input.
            unsafe {
                core::ptr::copy_nonoverlapping(src.add(r * w_row * es), dst.add(o[1] * es), bytes)
            };
        });
        return Ok(());
    }
    dispatch_esize!(es, W => {
        walk(lead.as_slice(), &strides, 2, |o| {
            let r = idx.get(o[0]) as usize;
            for j in 0..dim {
                // SAFETY: as above, element by element along strided rows.
                unsafe { move_elem::<W>(src, r * w_row + j * w_col, dst, o[1] + j * o_col) }
            }
        });
        Ok(())
    }, _ => Err(bad_esize(OP, "weight", weight.dtype())))
}

boxed_kernel!(pub fn embedding_out_boxed = OP => embedding_out(weight: &Tensor, indices: &Tensor, padding_idx: i64, scale_grad_by_freq: bool, sparse: bool) -> (out));
