//! `embedding.out(Tensor weight, Tensor indices, SymInt padding_idx=-1,
//!   bool scale_grad_by_freq=False, bool sparse=False, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Portable's checks (`etk_portable::ops::embedding::prepare`); when the table's rows, the
//! indices and the out are contiguous, the rows are one prefetching gather
//! (`crate::movement::gather`: a lookup's rows are at random places of a table that is often
//! larger than the caches), split over threads when large. Other layouts: portable's walk.

use crate::movement::gather::{Indices, gather_rows};
use crate::pointwise::walk::Ptr;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::ops::embedding as portable;
use etk_portable::util::index::IndexReader;

pub const OP: &str = portable::OP;

pub fn embedding_out(
    ctx: &mut KernelContext<'_>,
    weight: &Tensor<'_>,
    indices: &Tensor<'_>,
    _padding_idx: i64,
    _scale_grad_by_freq: bool,
    _sparse: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    if !portable::prepare(weight, indices, out)? {
        return Ok(());
    }
    let dim = weight.size(1);
    let rows_dense = dim == 1 || weight.strides()[1] == 1;
    if !rows_dense || !indices.is_contiguous() || !out.is_contiguous() {
        return portable::lookup(weight, indices, out);
    }
    let dst = out.as_mut_ptr(OP, "out")?;
    let w_row = weight.strides()[0];
    let idx = Indices(IndexReader::new(indices));
    let row = |j: usize| idx.at(j) * w_row;
    let src = Ptr(weight.as_ptr() as *mut u8);
    // SAFETY: every index was checked against the table's rows (`prepare`); the out holds one
    // contiguous row of `dim` elements per index; an out never overlaps its input.
    unsafe {
        gather_rows(
            ctx.parallel,
            weight.element_size(),
            Ptr(dst),
            src,
            indices.numel(),
            dim,
            &row,
        )
    };
    Ok(())
}

boxed_kernel!(pub fn embedding_out_boxed = OP => embedding_out(weight: &Tensor, indices: &Tensor, padding_idx: i64, scale_grad_by_freq: bool, sparse: bool) -> (out));
