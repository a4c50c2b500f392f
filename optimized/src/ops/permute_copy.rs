//! `permute_copy.out(Tensor self, int[] dims, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Portable's kernel (`etk_portable::ops::permute_copy`: its checks, its views) with the
//! permutation's elements moved by the movement engine (a transpose of the dims it moves, in tiles,
//! when the out's innermost dim is strided in `self`).

use crate::movement::Engine;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::ops::permute_copy::permute_copy_with;

pub const OP: &str = etk_portable::ops::permute_copy::OP;

pub fn permute_copy_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dims: &[i64],
    out: &mut Tensor<'_>,
) -> Result<()> {
    permute_copy_with(&Engine::new(ctx), self_, dims, out)
}

boxed_kernel!(pub fn permute_copy_out_boxed = OP => permute_copy_out(self_: &Tensor, dims: &[i64]) -> (out));
