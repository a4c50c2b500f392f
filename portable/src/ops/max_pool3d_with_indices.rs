//! `max_pool3d_with_indices.out(Tensor self, int[3] kernel_size, int[3] stride=[], int[3] padding=0,
//!   int[3] dilation=1, bool ceil_mode=False, *, Tensor(a!) out, Tensor(b!) indices) -> (Tensor(a!), Tensor(b!))`
//!
//! The maximum of every 3-D window of a `[N, C, *spatial]` or unbatched `[C, *spatial]` input
//! and, in `indices` (Long), where it is: the flat index within its input plane. A window of
//! `kernel_size` taps `dilation` apart slides by `stride` (`[]`: the kernel size) over the
//! input padded by `padding` (at most half the kernel) with `-inf`; `ceil_mode` rounds the
//! output size up as long as the last window starts inside the input or its left padding. NaN
//! wins (the last NaN of a window, in scan order). Every real dtype but Bool and the unsigned
//! 16/32/64-bit ones; the out has the input's dtype. The mechanics are in
//! [`crate::util::pool`].

use crate::util::pool::max_pool_out;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::max_pool3d_with_indices.out";

#[allow(clippy::too_many_arguments)]
pub fn max_pool3d_with_indices_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    kernel_size: &[i64],
    stride: &[i64],
    padding: &[i64],
    dilation: &[i64],
    ceil_mode: bool,
    out: &mut Tensor<'_>,
    indices: &mut Tensor<'_>,
) -> Result<()> {
    max_pool_out(
        OP,
        3,
        self_,
        kernel_size,
        stride,
        padding,
        dilation,
        ceil_mode,
        out,
        indices,
    )
}

boxed_kernel!(pub fn max_pool3d_with_indices_out_boxed = OP => max_pool3d_with_indices_out(self_: &Tensor, kernel_size: &[i64], stride: &[i64], padding: &[i64], dilation: &[i64], ceil_mode: bool) -> (out, indices));
