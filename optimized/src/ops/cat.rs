//! `cat.out(Tensor[] tensors, int dim=0, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Portable's kernel (`etk_portable::ops::cat`: its checks, its views) with each tensor moved into
//! its region of the out by the movement engine (converted by portable when its dtype differs from
//! the out's).

use crate::movement::Engine;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::ops::cat::cat_with;

pub const OP: &str = etk_portable::ops::cat::OP;

pub fn cat_out(
    ctx: &mut KernelContext<'_>,
    tensors: &[Tensor<'_>],
    dim: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    cat_with(&Engine::new(ctx), tensors, dim, out)
}

boxed_kernel!(pub fn cat_out_boxed = OP => cat_out(tensors: &[Tensor], dim: i64) -> (out));
