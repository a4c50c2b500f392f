//! The real FFTs (on `crate::fft`; other dtypes and lengths go to portable inside each kernel).

use crate::ops::{fft_c2r, fft_r2c};
use etk_core::KernelEntry;

pub const TABLE: &[KernelEntry] = &[
    KernelEntry {
        name: fft_r2c::OP,
        kernel: fft_r2c::fft_r2c_out_boxed,
    },
    KernelEntry {
        name: fft_c2r::OP,
        kernel: fft_c2r::fft_c2r_out_boxed,
    },
];
