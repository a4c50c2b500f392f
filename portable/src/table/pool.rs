//! The pooling family's kernels: max, average and adaptive average pooling (2-D and 3-D) and
//! the max-pooling gradient.

use crate::ops::*;
use etk_core::KernelEntry;

pub const TABLE: &[KernelEntry] = entries![
    max_pool2d_with_indices::OP => max_pool2d_with_indices::max_pool2d_with_indices_out_boxed,
    max_pool3d_with_indices::OP => max_pool3d_with_indices::max_pool3d_with_indices_out_boxed,
    avg_pool2d::OP => avg_pool2d::avg_pool2d_out_boxed,
    avg_pool3d::OP => avg_pool3d::avg_pool3d_out_boxed,
    adaptive_avg_pool2d::OP => adaptive_avg_pool2d::adaptive_avg_pool2d_out_boxed,
    adaptive_avg_pool3d::OP => adaptive_avg_pool3d::adaptive_avg_pool3d_out_boxed,
    max_pool2d_with_indices_backward::OP => max_pool2d_with_indices_backward::max_pool2d_with_indices_backward_grad_input_boxed,
];
