//! `stack.out(Tensor[] tensors, int dim=0, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Portable's kernel (`etk_portable::ops::stack`: its checks, its views) with each tensor moved
//! into its slice of the out by the movement engine (converted by portable when its dtype differs
//! from the out's).

use crate::movement::Engine;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::ops::stack::stack_with;

pub const OP: &str = etk_portable::ops::stack::OP;

pub fn stack_out(
    ctx: &mut KernelContext<'_>,
    tensors: &[Tensor<'_>],
    dim: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    stack_with(&Engine::new(ctx), tensors, dim, out)
}

boxed_kernel!(pub fn stack_out_boxed = OP => stack_out(tensors: &[Tensor], dim: i64) -> (out));
