//! `full_like.out(Tensor self, Scalar fill_value, *, MemoryFormat? memory_format=None, Tensor(a!) out) -> Tensor(a!)`
//!
//! The out, resized to `self`'s shape, every element `fill_value` converted to the out's dtype
//! (any dtype; `self`'s dtype and values play no part) with c10's overflow check, as
//! `full.out`. The memory format only chooses a layout, which the caller already gave; as in
//! ATen, `channels_last` requires rank 4 and `channels_last_3d` rank 5.

use crate::util::copy::{check_memory_format, fill_scalar};
use etk_core::evalue::MemoryFormat;
use etk_core::out::resize_out;
use etk_core::{KernelContext, Result, Scalar, Tensor, boxed_kernel};

pub const OP: &str = "aten::full_like.out";

pub fn full_like_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    fill_value: Scalar,
    memory_format: Option<MemoryFormat>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    check_memory_format(OP, memory_format, self_.dim())?;
    resize_out(OP, out, self_.sizes())?;
    fill_scalar(OP, &fill_value, true, out)
}

boxed_kernel!(pub fn full_like_out_boxed = OP => full_like_out(self_: &Tensor, fill_value: Scalar, memory_format: Option<MemoryFormat>) -> (out));
