//! `squeeze_copy.dim_out(Tensor self, int dim, *, Tensor(a!) out) -> Tensor(a!)`
//! `squeeze_copy.dims_out(Tensor self, int[] dim, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Portable's kernel (`etk_portable::ops::squeeze_copy`: its checks, its views) with the elements
//! moved by the movement engine (one run for a contiguous pair).

use crate::movement::Engine;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::ops::squeeze_copy::squeeze_copy_with;

pub const OP_DIM: &str = etk_portable::ops::squeeze_copy::OP_DIM;
pub const OP_DIMS: &str = etk_portable::ops::squeeze_copy::OP_DIMS;

pub fn squeeze_copy_dim_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    squeeze_copy_with(&Engine::new(ctx), OP_DIM, self_, &[dim], out)
}

pub fn squeeze_copy_dims_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: &[i64],
    out: &mut Tensor<'_>,
) -> Result<()> {
    squeeze_copy_with(&Engine::new(ctx), OP_DIMS, self_, dim, out)
}

boxed_kernel!(pub fn squeeze_copy_dim_out_boxed = OP_DIM => squeeze_copy_dim_out(self_: &Tensor, dim: i64) -> (out));
boxed_kernel!(pub fn squeeze_copy_dims_out_boxed = OP_DIMS => squeeze_copy_dims_out(self_: &Tensor, dim: &[i64]) -> (out));
