//! `alias_copy.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = self` (the copy variant of `alias`):
//! the out must have exactly `self`'s dtype and takes its shape; the values are copied into
//! whatever dim order the out has.

use crate::util::copy::copy_like;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::alias_copy.out";

pub fn alias_copy_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    copy_like(OP, self_, "self", self_, out)
}

boxed_kernel!(pub fn alias_copy_out_boxed = OP => alias_copy_out(self_: &Tensor) -> (out));
