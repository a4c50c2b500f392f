//! `avg_pool2d.out(Tensor self, int[2] kernel_size, int[2] stride=[], int[2] padding=0,
//!   bool ceil_mode=False, bool count_include_pad=True, int? divisor_override=None, *,
//!   Tensor(a!) out) -> Tensor(a!)`
//!
//! The mean of every 2-D window of a `[N, C, *spatial]` or unbatched `[C, *spatial]` input:
//! the window of `kernel_size` slides by `stride` (`[]`: the kernel size) over the input
//! padded with zeros by `padding` (at most half the kernel); `ceil_mode` adds a last, partial
//! window while it starts inside the input or its left padding. The sum is divided by
//! `divisor_override` if given (non-zero), else by the window's size counting the padding it
//! covers (`count_include_pad`, never beyond the padded input) or only the input elements.
//! Dtypes: Long and the floating dtypes (Half and BFloat16 accumulate in Float); Long divides truncating, as ATen. The mechanics are in [`crate::util::pool`].

use crate::util::pool::{AVG_POOL2D_DTYPES, avg_pool_out};
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::avg_pool2d.out";

#[allow(clippy::too_many_arguments)]
pub fn avg_pool2d_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    kernel_size: &[i64],
    stride: &[i64],
    padding: &[i64],
    ceil_mode: bool,
    count_include_pad: bool,
    divisor_override: Option<i64>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    avg_pool_out(
        OP,
        2,
        AVG_POOL2D_DTYPES,
        self_,
        kernel_size,
        stride,
        padding,
        ceil_mode,
        count_include_pad,
        divisor_override,
        out,
    )
}

boxed_kernel!(pub fn avg_pool2d_out_boxed = OP => avg_pool2d_out(self_: &Tensor, kernel_size: &[i64], stride: &[i64], padding: &[i64], ceil_mode: bool, count_include_pad: bool, divisor_override: Option<i64>) -> (out));
