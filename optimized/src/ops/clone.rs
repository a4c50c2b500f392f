//! `clone.out(Tensor self, *, MemoryFormat? memory_format=None, Tensor(a!) out) -> Tensor(a!)`
//!
//! Portable's kernel (`etk_portable::ops::clone`: its checks, its views) with the copy made by the
//! movement engine (one run when the layouts agree, tiles from one dim order into another).

use crate::movement::Engine;
use etk_core::evalue::MemoryFormat;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::ops::clone::clone_with;

pub const OP: &str = etk_portable::ops::clone::OP;

pub fn clone_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    memory_format: Option<MemoryFormat>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    clone_with(&Engine::new(ctx), self_, memory_format, out)
}

boxed_kernel!(pub fn clone_out_boxed = OP => clone_out(self_: &Tensor, memory_format: Option<MemoryFormat>) -> (out));
