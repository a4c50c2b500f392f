//! `empty.out(SymInt[] size, *, MemoryFormat? memory_format=None, Tensor(a!) out) -> Tensor(a!)`
//!
//! The out resized to `size` (non-negative sizes), any dtype. As ATen, a memory format (even
//! `preserve`) is rejected with an out. The values of an empty tensor are unspecified; etk
//! writes zeros, so a result never depends on what the memory held before (ATen leaves an out
//! that needed no resize untouched).

use crate::util::movement::sizes_arg;
use etk_core::evalue::MemoryFormat;
use etk_core::out::resize_out;
use etk_core::{Error, KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::empty.out";

pub fn empty_out(
    _ctx: &mut KernelContext<'_>,
    size: &[i64],
    memory_format: Option<MemoryFormat>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    if memory_format.is_some() {
        return Err(Error::invalid(
            OP,
            "memory_format",
            "None: a memory format with an out",
        ));
    }
    let sizes = sizes_arg(OP, "size", size)?;
    resize_out(OP, out, &sizes)?;
    let n = out.nbytes();
    let dst = out.as_mut_ptr(OP, "out")?;
    // SAFETY: the out's elements occupy `nbytes` bytes of its writable memory.
    unsafe { core::ptr::write_bytes(dst, 0, n) };
    Ok(())
}

boxed_kernel!(pub fn empty_out_boxed = OP => empty_out(size: &[i64], memory_format: Option<MemoryFormat>) -> (out));
