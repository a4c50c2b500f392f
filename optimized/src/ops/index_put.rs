//! `index_put.out(Tensor self, Tensor?[] indices, Tensor values, bool accumulate=False, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Portable's kernel (`etk_portable::ops::index_put`: its checks, its copy of `self`, its
//! advanced-indexing walk and its `masked_fill` form) with the runs the walk yields scattered by
//! the movement engine (`crate::movement::gather::Rows`, the out's rows prefetched ahead). With
//! `accumulate`, portable's own loop adds (bit for bit as portable).

use crate::movement::Engine;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::ops::index_put::index_put_with;

pub const OP: &str = etk_portable::ops::index_put::OP;

pub fn index_put_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    indices: &[Option<Tensor<'_>>],
    values: &Tensor<'_>,
    accumulate: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    index_put_with(
        &Engine::new(ctx),
        ctx,
        self_,
        indices,
        values,
        accumulate,
        out,
    )
}

boxed_kernel!(pub fn index_put_out_boxed = OP => index_put_out(self_: &Tensor, indices: &[Option<Tensor>], values: &Tensor, accumulate: bool) -> (out));
