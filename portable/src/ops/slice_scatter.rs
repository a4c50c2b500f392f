//! `slice_scatter.out(Tensor self, Tensor src, int dim=0, SymInt? start=None, SymInt? end=None, SymInt step=1, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = self` with `out.slice(dim, start, end, step) = src`. The slice is `slice_copy`'s
//! (bounds clamped, positive step); `src` must have exactly its shape and is converted to
//! `self`'s dtype (C++ `static_cast`); the out must have `self`'s dtype and takes its shape.

use crate::util::movement::View;
use crate::util::region::{Slice, scatter};
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::slice_scatter.out";

#[allow(clippy::too_many_arguments)]
pub fn slice_scatter_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    src: &Tensor<'_>,
    dim: i64,
    start: Option<i64>,
    end: Option<i64>,
    step: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let slice = Slice::of(OP, self_, dim, start, end, step)?;
    let Slice {
        dim,
        start,
        len,
        step,
    } = slice;
    scatter(
        OP,
        self_,
        src,
        |t| View::of(t).slice(dim, start, len, step),
        out,
    )
}

boxed_kernel!(pub fn slice_scatter_out_boxed = OP => slice_scatter_out(self_: &Tensor, src: &Tensor, dim: i64, start: Option<i64>, end: Option<i64>, step: i64) -> (out));
