//! `slice_scatter.out(Tensor self, Tensor src, int dim=0, SymInt? start=None, SymInt? end=None, SymInt step=1, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = self` with `out.slice(dim, start, end, step) = src`. The slice is `slice_copy`'s
//! (bounds clamped, positive step); `src` must have exactly its shape and is converted to
//! `self`'s dtype (C++ `static_cast`); the out must have `self`'s dtype and takes its shape.

use crate::ops::select_scatter::scatter;
use crate::ops::slice_copy::clamp_slice;
use crate::util::movement::{View, dim_arg};
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, Tensor, boxed_kernel};

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
    if self_.dim() == 0 {
        return Err(Error::invalid(OP, "self", "a tensor with at least one dim"));
    }
    if step <= 0 {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "step")
            .expected_text("a positive step")
            .got(Info::Int(step)));
    }
    let d = dim_arg(OP, "dim", dim, self_.dim())?;
    let (s, len) = clamp_slice(self_.size(d), start, end, step as u64);
    let step = step as usize;
    scatter(OP, self_, src, |t| View::of(t).slice(d, s, len, step), out)
}

boxed_kernel!(pub fn slice_scatter_out_boxed = OP => slice_scatter_out(self_: &Tensor, src: &Tensor, dim: i64, start: Option<i64>, end: Option<i64>, step: i64) -> (out));
