//! `_to_copy.out(Tensor self, *, bool non_blocking=False, MemoryFormat? memory_format=None, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = self` converted to the out's dtype (C++ `static_cast`, as portable), on the pointwise
//! frame when one side is Float, Half or BFloat16 and the other any of those, an integer dtype
//! or Bool, and the two share a layout: Half / BFloat16 through `etk_simd`'s bulk conversion
//! (round to nearest even, once), floats into integers truncated through int64. Same-dtype
//! copies (a memcpy in portable), Double and other layouts: portable.

use crate::pointwise::cast;
use etk_core::evalue::MemoryFormat;
use etk_core::out::resize_out;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::ops::to_copy as portable;
use etk_portable::util::copy::check_memory_format;

pub const OP: &str = "aten::_to_copy.out";

pub fn to_copy_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    non_blocking: bool,
    memory_format: Option<MemoryFormat>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    if check_memory_format(OP, memory_format, self_.dim()).is_ok() {
        resize_out(OP, out, self_.sizes())?;
        if cast(ctx, self_, out) {
            return Ok(());
        }
    }
    portable::to_copy_out(ctx, self_, non_blocking, memory_format, out)
}

boxed_kernel!(pub fn to_copy_out_boxed = OP => to_copy_out(self_: &Tensor, non_blocking: bool, memory_format: Option<MemoryFormat>) -> (out));
