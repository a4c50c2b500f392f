//! `select_copy.int_out(Tensor self, int dim, SymInt index, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Portable's kernel (`etk_portable::ops::select_copy`: its checks, its views) with the selected
//! slice moved by the movement engine.

use crate::movement::Engine;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::ops::select_copy::select_copy_with;

pub const OP: &str = etk_portable::ops::select_copy::OP;

pub fn select_copy_int_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: i64,
    index: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    select_copy_with(&Engine::new(ctx), self_, dim, index, out)
}

boxed_kernel!(pub fn select_copy_int_out_boxed = OP => select_copy_int_out(self_: &Tensor, dim: i64, index: i64) -> (out));
