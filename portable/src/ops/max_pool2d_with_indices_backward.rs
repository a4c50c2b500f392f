//! `max_pool2d_with_indices_backward.grad_input(Tensor grad_output, Tensor self, int[2] kernel_size,
//!   int[2] stride, int[2] padding, int[2] dilation, bool ceil_mode, Tensor indices, *,
//!   Tensor(a!) grad_input) -> Tensor(a!)`
//!
//! The gradient of `max_pool2d_with_indices`: `grad_input` (shaped as `self`) is zero except
//! where a window's maximum came from, which receives the sum of the `grad_output` elements
//! whose `indices` entry (a flat index within the input plane) points there. `grad_output` and
//! `indices` must have the shape the forward call with these parameters produces; an index of
//! -1 is skipped (as ATen), any other index outside the plane is an error. Floating dtypes;
//! `grad_output` and `grad_input` share `self`'s dtype, `indices` is Long. The mechanics are
//! in [`crate::util::pool`].

use crate::util::pool::max_pool_backward;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::max_pool2d_with_indices_backward.grad_input";

#[allow(clippy::too_many_arguments)]
pub fn max_pool2d_with_indices_backward_grad_input(
    _ctx: &mut KernelContext<'_>,
    grad_output: &Tensor<'_>,
    self_: &Tensor<'_>,
    kernel_size: &[i64],
    stride: &[i64],
    padding: &[i64],
    dilation: &[i64],
    ceil_mode: bool,
    indices: &Tensor<'_>,
    grad_input: &mut Tensor<'_>,
) -> Result<()> {
    max_pool_backward(
        OP,
        2,
        grad_output,
        self_,
        kernel_size,
        stride,
        padding,
        dilation,
        ceil_mode,
        indices,
        grad_input,
    )
}

boxed_kernel!(pub fn max_pool2d_with_indices_backward_grad_input_boxed = OP => max_pool2d_with_indices_backward_grad_input(grad_output: &Tensor, self_: &Tensor, kernel_size: &[i64], stride: &[i64], padding: &[i64], dilation: &[i64], ceil_mode: bool, indices: &Tensor) -> (grad_input));
