//! The convolution kernels: the forward convolution (every variant ATen's `convolution` takes)
//! and its backward.

use crate::ops::*;
use etk_core::KernelEntry;

pub const TABLE: &[KernelEntry] = entries![
    convolution::OP => convolution::convolution_out_boxed,
    convolution_backward::OP => convolution_backward::convolution_backward_out_boxed,
];
