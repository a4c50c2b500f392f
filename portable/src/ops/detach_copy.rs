//! `detach_copy.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = self` (detaching is an autograd notion; here it is a copy):
//! the out must have exactly `self`'s dtype and takes its shape; the values are copied into
//! whatever dim order the out has.

use crate::util::copy::copy_like;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::detach_copy.out";

pub fn detach_copy_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    copy_like(OP, self_, "self", self_, out)
}

boxed_kernel!(pub fn detach_copy_out_boxed = OP => detach_copy_out(self_: &Tensor) -> (out));
