//! `dim_order_ops::_clone_dim_order.out(Tensor self, *, bool non_blocking=False, int[]? dim_order=None, Tensor(a!) out) -> Tensor(a!)`
//!
//! Portable's kernel (`etk_portable::ops::clone_dim_order`: its checks, its views) with the copy
//! made by the movement engine (one run when the layouts agree, tiles between contiguous and
//! channels-last).

use crate::movement::Engine;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::ops::clone_dim_order::clone_dim_order_with;

pub const OP: &str = etk_portable::ops::clone_dim_order::OP;

pub fn clone_dim_order_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    non_blocking: bool,
    dim_order: Option<&[i64]>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let _ = non_blocking;
    clone_dim_order_with(&Engine::new(ctx), self_, dim_order, out)
}

boxed_kernel!(pub fn clone_dim_order_out_boxed = OP => clone_dim_order_out(self_: &Tensor, non_blocking: bool, dim_order: Option<&[i64]>) -> (out));
