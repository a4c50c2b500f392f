//! `transpose_copy.int_out(Tensor self, int dim0, int dim1, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Portable's kernel (`etk_portable::ops::transpose_copy`: its checks, its views) with the two dims
//! swapped by the movement engine (tiled transposes).

use crate::movement::Engine;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::ops::transpose_copy::transpose_copy_with;

pub const OP: &str = etk_portable::ops::transpose_copy::OP;

pub fn transpose_copy_int_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim0: i64,
    dim1: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    transpose_copy_with(&Engine::new(ctx), self_, dim0, dim1, out)
}

boxed_kernel!(pub fn transpose_copy_int_out_boxed = OP => transpose_copy_int_out(self_: &Tensor, dim0: i64, dim1: i64) -> (out));
