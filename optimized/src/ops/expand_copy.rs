//! `expand_copy.out(Tensor self, SymInt[] size, *, bool implicit=False, Tensor(a!) out) -> Tensor(a!)`
//!
//! Portable's kernel (`etk_portable::ops::expand_copy`: its checks, its views) with the broadcast
//! view moved by the movement engine (repeated elements written as runs).

use crate::movement::Engine;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::ops::expand_copy::expand_copy_with;

pub const OP: &str = etk_portable::ops::expand_copy::OP;

pub fn expand_copy_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    size: &[i64],
    implicit: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let _ = implicit;
    expand_copy_with(&Engine::new(ctx), self_, size, out)
}

boxed_kernel!(pub fn expand_copy_out_boxed = OP => expand_copy_out(self_: &Tensor, size: &[i64], implicit: bool) -> (out));
