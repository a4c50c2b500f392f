//! `unsqueeze_copy.out(Tensor self, int dim, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Portable's kernel (`etk_portable::ops::unsqueeze_copy`: its checks, its views) with the elements
//! moved by the movement engine (one run for a contiguous pair).

use crate::movement::Engine;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::ops::unsqueeze_copy::unsqueeze_copy_with;

pub const OP: &str = etk_portable::ops::unsqueeze_copy::OP;

pub fn unsqueeze_copy_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    unsqueeze_copy_with(&Engine::new(ctx), self_, dim, out)
}

boxed_kernel!(pub fn unsqueeze_copy_out_boxed = OP => unsqueeze_copy_out(self_: &Tensor, dim: i64) -> (out));
