//! The resample family's kernels: constant padding, pixel shuffling, upsampling, grid
//! sampling and col2im.

use crate::ops::*;
use etk_core::KernelEntry;

pub const TABLE: &[KernelEntry] = entries![
    _upsample_bilinear2d_aa::OP => _upsample_bilinear2d_aa::_upsample_bilinear2d_aa_out_boxed,
    col2im::OP => col2im::col2im_out_boxed,
    constant_pad_nd::OP => constant_pad_nd::constant_pad_nd_out_boxed,
    pixel_shuffle::OP => pixel_shuffle::pixel_shuffle_out_boxed,
    pixel_unshuffle::OP => pixel_unshuffle::pixel_unshuffle_out_boxed,
    upsample_nearest2d::OP => upsample_nearest2d::upsample_nearest2d_vec_out_boxed,
    grid_sampler_2d::OP => grid_sampler_2d::grid_sampler_2d_out_boxed,
    upsample_bilinear2d::OP => upsample_bilinear2d::upsample_bilinear2d_vec_out_boxed,
];
