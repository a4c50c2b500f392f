//! `unfold_copy.out(Tensor self, int dimension, int size, int step, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Every window of `size` elements along `dimension`, windows `step` apart: that dim holds the
//! window index (`(n - size) / step + 1` windows) and a last dim of `size` is appended. `size`
//! is in `[0, n]` and `step` positive; a zero-dim `self` counts as one element and gives a
//! 1-D out of `size` elements. The out must have `self`'s dtype.

use crate::util::movement::{View, check_rank, dim_arg, view_into_out};
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::unfold_copy.out";

pub fn unfold_copy_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dimension: i64,
    size: i64,
    step: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let d = dim_arg(OP, "dimension", dimension, self_.dim())?;
    let n = if self_.dim() == 0 { 1 } else { self_.size(d) };
    if size < 0 || size as u64 > n as u64 {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "size")
            .expected("a window size in [0, n], n =", Info::Int(n as i64))
            .got(Info::Int(size)));
    }
    if step <= 0 {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "step")
            .expected_text("a positive step")
            .got(Info::Int(step)));
    }
    let view = if self_.dim() == 0 {
        View::of(self_).insert_dim(0).slice(0, 0, size as usize, 1)
    } else {
        check_rank(OP, "self", self_.dim() + 1)?;
        let step = usize::try_from(step).unwrap_or(usize::MAX);
        View::of(self_).unfold(d, size as usize, step)
    };
    view_into_out(OP, self_, &view, out)
}

boxed_kernel!(pub fn unfold_copy_out_boxed = OP => unfold_copy_out(self_: &Tensor, dimension: i64, size: i64, step: i64) -> (out));
