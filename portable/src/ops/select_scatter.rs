//! `select_scatter.out(Tensor self, Tensor src, int dim, SymInt index, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = self` with `out.select(dim, index) = src`. `src` must have exactly the shape of that
//! slice (no broadcasting) and is converted to `self`'s dtype (C++ `static_cast`); the out must
//! have `self`'s dtype and takes its shape. Dim and index as `select_copy`.

use crate::util::movement::{View, dim_arg, index_arg};
use crate::util::region::scatter;
use etk_core::{Error, KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::select_scatter.out";

pub fn select_scatter_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    src: &Tensor<'_>,
    dim: i64,
    index: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    if self_.dim() == 0 {
        return Err(Error::invalid(OP, "self", "a tensor with at least one dim"));
    }
    let d = dim_arg(OP, "dim", dim, self_.dim())?;
    let i = index_arg(OP, "index", index, self_.size(d))?;
    let region = |t: &Tensor<'_>| View::of(t).select(d, i);
    scatter(OP, self_, src, region, out)
}

boxed_kernel!(pub fn select_scatter_out_boxed = OP => select_scatter_out(self_: &Tensor, src: &Tensor, dim: i64, index: i64) -> (out));
