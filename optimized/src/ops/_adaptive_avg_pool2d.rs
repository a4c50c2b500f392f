//! `_adaptive_avg_pool2d.out(Tensor self, SymInt[2] output_size, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Float, Half and BFloat16 on the vector layer (`crate::pool`), any dim order: every window
//! summed from 0 in portable's scan order in f32, divided by its height and then by its width
//! as portable, rounded once to the dtype, so results are portable's exactly. Windows that
//! tile the input evenly on a contiguous-row out run along output columns; the others (global
//! pooling among them) along channels. Portable's checks run first; Double and calls without
//! scratch run portable's kernel.

use crate::pool::pooling::{Pool, pool2d};
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::ops::adaptive_avg_pool2d as portable;
use etk_portable::util::pool::{adaptive_avg_pool_prepare, adaptive_avg_pool_run};

pub const OP: &str = portable::OP;

pub fn adaptive_avg_pool2d_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    output_size: &[i64],
    out: &mut Tensor<'_>,
) -> Result<()> {
    let l = adaptive_avg_pool_prepare(OP, 2, self_, output_size, out)?;
    // SAFETY: prepared above: the out has the pooled shape and is writable.
    unsafe {
        if pool2d(ctx, Pool::Adaptive, &l, self_, out, None) {
            return Ok(());
        }
        adaptive_avg_pool_run(OP, &l, self_, out)
    }
}

boxed_kernel!(pub fn adaptive_avg_pool2d_out_boxed = OP => adaptive_avg_pool2d_out(self_: &Tensor, output_size: &[i64]) -> (out));
