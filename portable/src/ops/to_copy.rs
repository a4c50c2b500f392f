//! `_to_copy.out(Tensor self, *, bool non_blocking=False, MemoryFormat? memory_format=None, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = self` converted to the out's dtype (any dtype to any dtype, as C++ `static_cast`:
//! floats truncate toward zero into integers and wrap through int64, anything non-zero or NaN
//! is true, Double rounds to Half and BFloat16 through Float). The out takes `self`'s shape; its
//! dim order is the caller's (`memory_format` only chooses a layout, and as in ATen
//! `channels_last` requires rank 4, `channels_last_3d` rank 5). `non_blocking` changes nothing
//! on CPU.

use crate::util::copy::{check_memory_format, copy_cast};
use etk_core::evalue::MemoryFormat;
use etk_core::out::resize_out;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::_to_copy.out";

pub fn to_copy_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    non_blocking: bool,
    memory_format: Option<MemoryFormat>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let _ = non_blocking;
    check_memory_format(OP, memory_format, self_.dim())?;
    resize_out(OP, out, self_.sizes())?;
    copy_cast(OP, "self", self_, out)
}

boxed_kernel!(pub fn to_copy_out_boxed = OP => to_copy_out(self_: &Tensor, non_blocking: bool, memory_format: Option<MemoryFormat>) -> (out));
