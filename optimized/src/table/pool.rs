//! The pooling and resampling family's optimized kernels (on `crate::pool`; other dtypes and
//! layouts fall back to portable inside each kernel).

use crate::ops::{
    _adaptive_avg_pool2d, avg_pool2d, grid_sampler_2d, max_pool2d_with_indices, upsample_bilinear2d,
};
use etk_core::KernelEntry;

pub const TABLE: &[KernelEntry] = &[
    KernelEntry {
        name: max_pool2d_with_indices::OP,
        kernel: max_pool2d_with_indices::max_pool2d_with_indices_out_boxed,
    },
    KernelEntry {
        name: avg_pool2d::OP,
        kernel: avg_pool2d::avg_pool2d_out_boxed,
    },
    KernelEntry {
        name: _adaptive_avg_pool2d::OP,
        kernel: _adaptive_avg_pool2d::adaptive_avg_pool2d_out_boxed,
    },
    KernelEntry {
        name: upsample_bilinear2d::OP,
        kernel: upsample_bilinear2d::upsample_bilinear2d_vec_out_boxed,
    },
    KernelEntry {
        name: grid_sampler_2d::OP,
        kernel: grid_sampler_2d::grid_sampler_2d_out_boxed,
    },
];
