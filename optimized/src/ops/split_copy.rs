//! `split_copy.Tensor_out(Tensor self, SymInt split_size, int dim=0, *, Tensor(a!)[] out) -> ()`
//!
//! Portable's kernel (`etk_portable::ops::split_copy`: its checks, its views) with each chunk moved
//! by the movement engine (converted by portable when an out's dtype differs).

use crate::movement::Engine;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::ops::split_copy::split_copy_with;

pub const OP: &str = etk_portable::ops::split_copy::OP;

pub fn split_copy_tensor_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    split_size: i64,
    dim: i64,
    out: &mut [Tensor<'_>],
) -> Result<()> {
    split_copy_with(&Engine::new(ctx), self_, split_size, dim, out)
}

boxed_kernel!(pub fn split_copy_tensor_out_boxed = OP => split_copy_tensor_out(self_: &Tensor, split_size: i64, dim: i64) -> [out]);
