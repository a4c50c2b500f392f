//! `t_copy.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Portable's kernel (`etk_portable::ops::t_copy`: its checks, its views) with the matrix
//! transposed by the movement engine (tiled transposes).

use crate::movement::Engine;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::ops::t_copy::t_copy_with;

pub const OP: &str = etk_portable::ops::t_copy::OP;

pub fn t_copy_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    t_copy_with(&Engine::new(ctx), self_, out)
}

boxed_kernel!(pub fn t_copy_out_boxed = OP => t_copy_out(self_: &Tensor) -> (out));
