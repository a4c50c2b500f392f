//! `dim_order_ops::_empty_dim_order.out(int[] size, *, int[]? dim_order=None, Tensor(a!) out) -> Tensor(a!)`
//!
//! ExecuTorch's `empty` with the memory format spelled as a dim order: the out is resized to
//! `size` (non-negative sizes) and keeps its dtype. `dim_order` (the contiguous or the
//! channels-last order of `size`'s rank) is the layout the out must already have; without it
//! the out must be contiguous.
//! The values of an empty tensor are unspecified; etk writes zeros, so a result never depends
//! on what the memory held before (ATen leaves an out that needed no resize untouched).

use crate::util::copy::check_out_dim_order;
use crate::util::movement::sizes_arg;
use etk_core::out::resize_out;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "dim_order_ops::_empty_dim_order.out";

pub fn empty_dim_order_out(
    _ctx: &mut KernelContext<'_>,
    size: &[i64],
    dim_order: Option<&[i64]>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let sizes = sizes_arg(OP, "size", size)?;
    let sizes = sizes.as_slice();
    if out.dim() != sizes.len() {
        // a resize to another rank makes the out contiguous; check the order it will have.
        resize_out(OP, out, sizes)?;
        check_out_dim_order(OP, dim_order, sizes.len(), None, out)?;
    } else {
        check_out_dim_order(OP, dim_order, sizes.len(), None, out)?;
        resize_out(OP, out, sizes)?;
    }
    let n = out.nbytes();
    let dst = out.as_mut_ptr(OP, "out")?;
    // SAFETY: the out's elements occupy `nbytes` bytes of its writable memory.
    unsafe { core::ptr::write_bytes(dst, 0, n) };
    Ok(())
}

boxed_kernel!(pub fn empty_dim_order_out_boxed = OP => empty_dim_order_out(size: &[i64], dim_order: Option<&[i64]>) -> (out));
