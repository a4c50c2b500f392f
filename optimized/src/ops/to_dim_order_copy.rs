//! `dim_order_ops::_to_dim_order_copy.out(Tensor self, *, bool non_blocking=False, int[]? dim_order=None, Tensor(a!) out) -> Tensor(a!)`
//!
//! Portable's kernel (`etk_portable::ops::to_dim_order_copy`: its checks, its views) with
//! same-dtype copies by the movement engine (tiles between contiguous and channels-last),
//! conversions in one layout by the pointwise frame's cast, other conversions by portable.

use crate::movement::Engine;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::ops::to_dim_order_copy::to_dim_order_copy_with;

pub const OP: &str = etk_portable::ops::to_dim_order_copy::OP;

pub fn to_dim_order_copy_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    non_blocking: bool,
    dim_order: Option<&[i64]>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let _ = non_blocking;
    to_dim_order_copy_with(&Engine::new(ctx), self_, dim_order, out)
}

boxed_kernel!(pub fn to_dim_order_copy_out_boxed = OP => to_dim_order_copy_out(self_: &Tensor, non_blocking: bool, dim_order: Option<&[i64]>) -> (out));
