//! `split_with_sizes_copy.out(Tensor self, SymInt[] split_sizes, int dim=0, *, Tensor(a!)[] out) -> ()`
//!
//! Portable's kernel (`etk_portable::ops::split_with_sizes_copy`: its checks, its views) with each
//! chunk moved by the movement engine.

use crate::movement::Engine;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::ops::split_with_sizes_copy::split_with_sizes_copy_with;

pub const OP: &str = etk_portable::ops::split_with_sizes_copy::OP;

pub fn split_with_sizes_copy_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    split_sizes: &[i64],
    dim: i64,
    out: &mut [Tensor<'_>],
) -> Result<()> {
    split_with_sizes_copy_with(&Engine::new(ctx), self_, split_sizes, dim, out)
}

boxed_kernel!(pub fn split_with_sizes_copy_out_boxed = OP => split_with_sizes_copy_out(self_: &Tensor, split_sizes: &[i64], dim: i64) -> [out]);
