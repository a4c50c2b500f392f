//! `max_pool2d_with_indices.out(Tensor self, int[2] kernel_size, int[2] stride=[], int[2] padding=0,
//!   int[2] dilation=1, bool ceil_mode=False, *, Tensor(a!) out, Tensor(b!) indices) -> (Tensor(a!), Tensor(b!))`
//!
//! Float, Half and BFloat16 on the vector layer (`crate::pool`), any window, any dim order of
//! the input and of each out: along output columns when the outs' rows are contiguous, along
//! channels otherwise. ATen's rule per lane (a value that is greater or NaN is taken: the
//! first maximum in scan order, the last NaN) and the index of the tap taken, so that values
//! and indices are portable's exactly. Portable's checks run first; the integer dtypes and
//! Double, planes of more than `i32::MAX` elements and calls without scratch run portable's
//! kernel.

use crate::pool::pooling::{Pool, pool2d};
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::ops::max_pool2d_with_indices as portable;
use etk_portable::util::pool::{max_pool_prepare, max_pool_run};

pub const OP: &str = portable::OP;

#[allow(clippy::too_many_arguments)]
pub fn max_pool2d_with_indices_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    kernel_size: &[i64],
    stride: &[i64],
    padding: &[i64],
    dilation: &[i64],
    ceil_mode: bool,
    out: &mut Tensor<'_>,
    indices: &mut Tensor<'_>,
) -> Result<()> {
    let p = max_pool_prepare(
        OP,
        2,
        self_,
        kernel_size,
        stride,
        padding,
        dilation,
        ceil_mode,
        out,
        indices,
    )?;
    let pool = Pool::Max(&p.window);
    // SAFETY: prepared above: the outs have the pooled shape and are writable and disjoint.
    unsafe {
        if pool2d(ctx, pool, &p.layout, self_, out, Some(indices)) {
            return Ok(());
        }
        max_pool_run(OP, &p, self_, out, indices)
    }
}

boxed_kernel!(pub fn max_pool2d_with_indices_out_boxed = OP => max_pool2d_with_indices_out(self_: &Tensor, kernel_size: &[i64], stride: &[i64], padding: &[i64], dilation: &[i64], ceil_mode: bool) -> (out, indices));
