//! `t_copy.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! The transpose of a matrix: `self` must have at most 2 dims; 0-D and 1-D tensors are copied
//! as they are. The out must have `self`'s dtype and takes the transposed shape.

use crate::util::movement::{Mover, Portable, View};
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::t_copy.out";

pub fn t_copy_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    t_copy_with(&Portable, self_, out)
}

/// The op with its elements moved by `m`.
pub fn t_copy_with(m: &dyn Mover, self_: &Tensor<'_>, out: &mut Tensor<'_>) -> Result<()> {
    if self_.dim() > 2 {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "self")
            .expected_text("a tensor with at most 2 dims")
            .got(Info::Shape(self_.shape())));
    }
    let view = if self_.dim() == 2 {
        View::of(self_).transpose(0, 1)
    } else {
        View::of(self_)
    };
    m.view_into_out(OP, self_, &view, out)
}

boxed_kernel!(pub fn t_copy_out_boxed = OP => t_copy_out(self_: &Tensor) -> (out));
