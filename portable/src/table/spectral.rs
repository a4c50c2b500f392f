//! The spectral family's kernels: the real FFTs, and `view_as_real_copy` (the complex
//! results' bridge to real tensors).

use crate::ops::*;
use etk_core::KernelEntry;

pub const TABLE: &[KernelEntry] = entries![
    fft_r2c::OP => fft_r2c::fft_r2c_out_boxed,
    fft_c2r::OP => fft_c2r::fft_c2r_out_boxed,
    view_as_real_copy::OP => view_as_real_copy::view_as_real_copy_out_boxed,
];
