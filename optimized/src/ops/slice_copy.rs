//! `slice_copy.Tensor_out(Tensor self, int dim=0, SymInt? start=None, SymInt? end=None, SymInt step=1, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Portable's kernel (`etk_portable::ops::slice_copy`: its checks, its views) with the slice moved
//! by the movement engine.

use crate::movement::Engine;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::ops::slice_copy::slice_copy_with;

pub const OP: &str = etk_portable::ops::slice_copy::OP;

pub fn slice_copy_tensor_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: i64,
    start: Option<i64>,
    end: Option<i64>,
    step: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    slice_copy_with(&Engine::new(ctx), self_, dim, start, end, step, out)
}

boxed_kernel!(pub fn slice_copy_tensor_out_boxed = OP => slice_copy_tensor_out(self_: &Tensor, dim: i64, start: Option<i64>, end: Option<i64>, step: i64) -> (out));
