//! `clone.out(Tensor self, *, MemoryFormat? memory_format=None, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = self`: the out must have exactly `self`'s dtype and takes its shape. The memory
//! format only decides the out's layout, which the caller already chose (the values are
//! copied into whatever dim order the out has); as in ATen, `channels_last` requires a rank-4
//! tensor and `channels_last_3d` a rank-5 one.

use crate::util::copy::check_memory_format;
use crate::util::movement::{Mover, Portable};
use etk_core::evalue::MemoryFormat;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::clone.out";

pub fn clone_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    memory_format: Option<MemoryFormat>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    clone_with(&Portable, self_, memory_format, out)
}

/// The op with its elements moved by `m`.
pub fn clone_with(
    m: &dyn Mover,
    self_: &Tensor<'_>,
    memory_format: Option<MemoryFormat>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    check_memory_format(OP, memory_format, self_.dim())?;
    m.copy_like(OP, self_, "self", self_, out)
}

boxed_kernel!(pub fn clone_out_boxed = OP => clone_out(self_: &Tensor, memory_format: Option<MemoryFormat>) -> (out));
