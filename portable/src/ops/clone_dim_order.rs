//! `dim_order_ops::_clone_dim_order.out(Tensor self, *, bool non_blocking=False, int[]? dim_order=None, Tensor(a!) out) -> Tensor(a!)`
//!
//! ExecuTorch's `clone` with the memory format spelled as a dim order: `out = self`, exactly
//! `self`'s dtype, `self`'s shape. `dim_order` (the contiguous or the channels-last order of
//! `self`'s rank) is the layout the out must already have; without it the out must be laid out
//! as `self`. `non_blocking` changes nothing on CPU.

use crate::util::copy::check_out_dim_order;
use crate::util::movement::{Mover, Portable};
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "dim_order_ops::_clone_dim_order.out";

pub fn clone_dim_order_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    non_blocking: bool,
    dim_order: Option<&[i64]>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let _ = non_blocking;
    clone_dim_order_with(&Portable, self_, dim_order, out)
}

/// The op with its elements moved by `m`.
pub fn clone_dim_order_with(
    m: &dyn Mover,
    self_: &Tensor<'_>,
    dim_order: Option<&[i64]>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    check_out_dim_order(OP, dim_order, self_.dim(), Some(self_), out)?;
    m.copy_like(OP, self_, "self", self_, out)
}

boxed_kernel!(pub fn clone_dim_order_out_boxed = OP => clone_dim_order_out(self_: &Tensor, non_blocking: bool, dim_order: Option<&[i64]>) -> (out));
