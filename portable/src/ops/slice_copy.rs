//! `slice_copy.Tensor_out(Tensor self, int dim=0, SymInt? start=None, SymInt? end=None, SymInt step=1, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Elements `start, start + step, ...` below `end` along `dim`. As ATen: negative `start` and
//! `end` count from the end, then both are clamped into `[0, size]` (`end` at least `start`),
//! so out-of-range bounds give a shorter or empty slice rather than an error; `None` means the
//! whole dim. `step` must be positive and `self` must have a dim. The out must have `self`'s
//! dtype.

use crate::util::movement::{View, dim_arg, view_into_out};
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::slice_copy.Tensor_out";

pub fn slice_copy_tensor_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
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
    let (start, len) = clamp_slice(self_.size(d), start, end, step as u64);
    let view = View::of(self_).slice(d, start, len, step as usize);
    view_into_out(OP, self_, &view, out)
}

/// ATen's slice bounds on a dim of `size`: `(start, len)` after wrapping negative bounds and
/// clamping both into `[0, size]`.
pub fn clamp_slice(size: usize, start: Option<i64>, end: Option<i64>, step: u64) -> (usize, usize) {
    let n = size as i64;
    let wrap = |v: i64| if v < 0 { v.saturating_add(n) } else { v };
    let s = wrap(start.unwrap_or(0)).clamp(0, n);
    let e = wrap(end.unwrap_or(i64::MAX)).clamp(s, n);
    let len = ((e - s) as u64).div_ceil(step);
    (s as usize, len as usize)
}

boxed_kernel!(pub fn slice_copy_tensor_out_boxed = OP => slice_copy_tensor_out(self_: &Tensor, dim: i64, start: Option<i64>, end: Option<i64>, step: i64) -> (out));
