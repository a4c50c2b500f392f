//! `avg_pool2d.out(Tensor self, int[2] kernel_size, int[2] stride=[], int[2] padding=0,
//!   bool ceil_mode=False, bool count_include_pad=True, int? divisor_override=None, *,
//!   Tensor(a!) out) -> Tensor(a!)`
//!
//! Float, Half and BFloat16 on the vector layer (`crate::pool`), any window and dim order:
//! every window summed from 0 in portable's scan order in f32, divided by the same divisor
//! (rounded to f32 from the same integer), rounded once to the dtype, so results are
//! portable's exactly. Portable's checks run first; Long and Double, and calls without
//! scratch, run portable's kernel.

use crate::pool::pooling::{Pool, pool2d};
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::ops::avg_pool2d as portable;
use etk_portable::util::pool::{AVG_POOL2D_DTYPES, avg_pool_prepare, avg_pool_run};

pub const OP: &str = portable::OP;

#[allow(clippy::too_many_arguments)]
pub fn avg_pool2d_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    kernel_size: &[i64],
    stride: &[i64],
    padding: &[i64],
    ceil_mode: bool,
    count_include_pad: bool,
    divisor_override: Option<i64>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let p = avg_pool_prepare(
        OP,
        2,
        AVG_POOL2D_DTYPES,
        self_,
        kernel_size,
        stride,
        padding,
        ceil_mode,
        divisor_override,
        out,
    )?;
    let pool = Pool::Avg {
        window: &p.window,
        count_include_pad,
        divisor_override,
    };
    // SAFETY: prepared above: the out has the pooled shape and is writable.
    unsafe {
        if pool2d(ctx, pool, &p.layout, self_, out, None) {
            return Ok(());
        }
        avg_pool_run(OP, &p, self_, count_include_pad, divisor_override, out)
    }
}

boxed_kernel!(pub fn avg_pool2d_out_boxed = OP => avg_pool2d_out(self_: &Tensor, kernel_size: &[i64], stride: &[i64], padding: &[i64], ceil_mode: bool, count_include_pad: bool, divisor_override: Option<i64>) -> (out));
