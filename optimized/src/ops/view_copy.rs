//! `view_copy.out(Tensor self, SymInt[] size, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Portable's kernel (`etk_portable::ops::view_copy`: its checks, its views) with one run when both
//! tensors are contiguous (portable's walk otherwise).

use crate::movement::Engine;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::ops::view_copy::view_copy_with;

pub const OP: &str = etk_portable::ops::view_copy::OP;

pub fn view_copy_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    size: &[i64],
    out: &mut Tensor<'_>,
) -> Result<()> {
    view_copy_with(&Engine::new(ctx), self_, size, out)
}

boxed_kernel!(pub fn view_copy_out_boxed = OP => view_copy_out(self_: &Tensor, size: &[i64]) -> (out));
