//! `as_strided_copy.out(Tensor self, SymInt[] size, SymInt[] stride, SymInt? storage_offset=None, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! The elements of `self`'s memory (its storage: the elements in memory order, whatever its
//! dim order) at `storage_offset + sum(index[d] * stride[d])`, in the shape `size`. `size` and
//! `stride` have one entry per dim, none negative; `storage_offset` (default 0) is
//! non-negative. As ATen, every element reached must lie inside the storage (an empty result
//! reaches none, so any offset goes). The out must have `self`'s dtype.

use crate::util::movement::{View, check_rank, size_arg, view_into_out};
use etk_core::shape::MAX_DIM;
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::as_strided_copy.out";

pub fn as_strided_copy_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    size: &[i64],
    stride: &[i64],
    storage_offset: Option<i64>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    if size.len() != stride.len() {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "stride")
            .expected("one stride per size:", Info::Int(size.len() as i64))
            .got(Info::Int(stride.len() as i64)));
    }
    check_rank(OP, "size", size.len())?;
    let (mut sizes, mut strides) = ([0usize; MAX_DIM], [0isize; MAX_DIM]);
    for k in 0..size.len() {
        sizes[k] = size_arg(OP, "size", size[k])?;
        strides[k] = isize::try_from(size_arg(OP, "stride", stride[k])?)
            .map_err(|_| Error::invalid(OP, "stride", "strides that fit in isize"))?;
    }
    let offset = storage_offset.unwrap_or(0);
    let offset = isize::try_from(size_arg(OP, "storage_offset", offset)?)
        .map_err(|_| Error::invalid(OP, "storage_offset", "an offset that fits in isize"))?;
    let n = size.len();
    let view = View::strided(&sizes[..n], &strides[..n], offset).ok_or(Error::invalid(
        OP,
        "size",
        "a size of rank at most 16",
    ))?;
    if !view.fits(self_.numel()) {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "stride")
            .expected(
                "sizes, strides and offset that stay inside self's elements:",
                Info::Int(self_.numel() as i64),
            )
            .got(Info::Shape(view.shape())));
    }
    view_into_out(OP, self_, &view, out)
}

boxed_kernel!(pub fn as_strided_copy_out_boxed = OP => as_strided_copy_out(self_: &Tensor, size: &[i64], stride: &[i64], storage_offset: Option<i64>) -> (out));
