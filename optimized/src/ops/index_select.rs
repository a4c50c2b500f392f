//! `index_select.out(Tensor self, int dim, Tensor index, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Portable's checks (`etk_portable::ops::index_select::prepare`); when `self` and the out are
//! both contiguous, `[outer, dim, inner]` in both, each selected row of `inner` elements is one
//! run of a prefetching gather (`crate::movement::gather`), split over threads when large. Other
//! layouts (and a zero-dim `self`): portable's walk.

use crate::movement::gather::{Indices, gather_rows};
use crate::pointwise::walk::Ptr;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::ops::index_select as portable;
use etk_portable::util::index::IndexReader;

pub const OP: &str = portable::OP;

pub fn index_select_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: i64,
    index: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let Some(d) = portable::prepare(self_, dim, index, out)? else {
        return Ok(());
    };
    if self_.dim() == 0 || !self_.is_contiguous() || !out.is_contiguous() {
        return portable::select(self_, d, index, out);
    }
    let dst = out.as_mut_ptr(OP, "out")?;
    let sizes = self_.sizes();
    let (outer, inner) = (
        sizes[..d].iter().product::<usize>(),
        sizes[d + 1..].iter().product::<usize>(),
    );
    let (rows_in, rows_out) = (sizes[d], index.numel());
    let idx = Indices(IndexReader::new(index));
    let row = |u: usize| ((u / rows_out) * rows_in + idx.at(u % rows_out)) * inner;
    let src = Ptr(self_.as_ptr() as *mut u8);
    // SAFETY: every index was checked against the dim (`prepare`), so each row lies in `self`;
    // the out holds `outer * rows_out` rows; an out never overlaps its input.
    unsafe {
        gather_rows(
            ctx.parallel,
            self_.element_size(),
            Ptr(dst),
            src,
            outer * rows_out,
            inner,
            &row,
        )
    };
    Ok(())
}

boxed_kernel!(pub fn index_select_out_boxed = OP => index_select_out(self_: &Tensor, dim: i64, index: &Tensor) -> (out));
