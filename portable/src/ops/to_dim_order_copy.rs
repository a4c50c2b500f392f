//! `dim_order_ops::_to_dim_order_copy.out(Tensor self, *, bool non_blocking=False, int[]? dim_order=None, Tensor(a!) out) -> Tensor(a!)`
//!
//! ExecuTorch's `_to_copy` with the memory format spelled as a dim order: `out = self`
//! converted to the out's dtype (any to any, C++ `static_cast`, as `_to_copy.out`), `self`'s
//! shape. `dim_order` (the contiguous or the channels-last order of `self`'s rank) is the
//! layout the out must already have; without it the out must be laid out as `self`.
//! `non_blocking` changes nothing on CPU.

use crate::util::copy::check_out_dim_order;
use crate::util::movement::{Mover, Portable};
use etk_core::out::resize_out;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "dim_order_ops::_to_dim_order_copy.out";

pub fn to_dim_order_copy_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    non_blocking: bool,
    dim_order: Option<&[i64]>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let _ = non_blocking;
    to_dim_order_copy_with(&Portable, self_, dim_order, out)
}

/// The op with its elements moved (and converted) by `m`.
pub fn to_dim_order_copy_with(
    m: &dyn Mover,
    self_: &Tensor<'_>,
    dim_order: Option<&[i64]>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    check_out_dim_order(OP, dim_order, self_.dim(), Some(self_), out)?;
    resize_out(OP, out, self_.sizes())?;
    m.copy_cast(OP, "self", self_, out)
}

boxed_kernel!(pub fn to_dim_order_copy_out_boxed = OP => to_dim_order_copy_out(self_: &Tensor, non_blocking: bool, dim_order: Option<&[i64]>) -> (out));
