//! `narrow_copy.out(Tensor self, int dim, SymInt start, SymInt length, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `length` elements of `dim` from `start` (negative counts from the end; `start` ranges over
//! `[-size, size]`), an error past the end, unlike `slice`'s clamping. `self` must have a dim;
//! the out must have `self`'s dtype.

use crate::util::movement::{View, dim_arg, view_into_out};
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::narrow_copy.out";

pub fn narrow_copy_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: i64,
    start: i64,
    length: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    if self_.dim() == 0 {
        return Err(Error::invalid(OP, "self", "a tensor with at least one dim"));
    }
    let d = dim_arg(OP, "dim", dim, self_.dim())?;
    let n = self_.size(d) as i64;
    if start < -n || start > n {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "start")
            .expected("a start in [-size, size] for size", Info::Int(n))
            .got(Info::Int(start)));
    }
    let s = if start < 0 { start + n } else { start };
    if length < 0 || length > n - s {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "length")
            .expected("a length that ends inside the dim; room", Info::Int(n - s))
            .got(Info::Int(length)));
    }
    let view = View::of(self_).slice(d, s as usize, length as usize, 1);
    view_into_out(OP, self_, &view, out)
}

boxed_kernel!(pub fn narrow_copy_out_boxed = OP => narrow_copy_out(self_: &Tensor, dim: i64, start: i64, length: i64) -> (out));
