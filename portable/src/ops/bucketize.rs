//! `bucketize.Tensor_out(Tensor self, Tensor boundaries, *, bool out_int32=False, bool right=False, Tensor(a!) out) -> Tensor(a!)`
//!
//! For every element of `self`, the index of its bucket among the 1-D `boundaries`: the first
//! boundary not less than it (`right`: greater than it). It is `searchsorted` with a 1-D
//! sequence (same bisection, dtypes and out rules).

use crate::util::search::search;
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::bucketize.Tensor_out";

pub fn bucketize_tensor_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    boundaries: &Tensor<'_>,
    out_int32: bool,
    right: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    if boundaries.dim() != 1 {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "boundaries")
            .expected_text("a 1-D tensor")
            .got(Info::Shape(boundaries.shape())));
    }
    search(OP, boundaries, self_, out_int32, right, None, None, out)
}

boxed_kernel!(pub fn bucketize_tensor_out_boxed = OP => bucketize_tensor_out(self_: &Tensor, boundaries: &Tensor, out_int32: bool, right: bool) -> (out));
