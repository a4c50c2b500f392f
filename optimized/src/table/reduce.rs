//! The reductions (on `crate::reduce`; other dtypes go to portable inside each kernel).

use crate::ops::{amax, amin, any, argmax, argmin, mean, sum, var, var_mean};
use etk_core::KernelEntry;

pub const TABLE: &[KernelEntry] = &[
    KernelEntry {
        name: sum::OP,
        kernel: sum::sum_intlist_out_boxed,
    },
    KernelEntry {
        name: mean::OP,
        kernel: mean::mean_out_boxed,
    },
    KernelEntry {
        name: mean::OP_DTYPE,
        kernel: mean::mean_dtype_out_boxed,
    },
    KernelEntry {
        name: amax::OP,
        kernel: amax::amax_out_boxed,
    },
    KernelEntry {
        name: amin::OP,
        kernel: amin::amin_out_boxed,
    },
    KernelEntry {
        name: argmax::OP,
        kernel: argmax::argmax_out_boxed,
    },
    KernelEntry {
        name: argmin::OP,
        kernel: argmin::argmin_out_boxed,
    },
    KernelEntry {
        name: var::OP_CORRECTION,
        kernel: var::var_correction_out_boxed,
    },
    KernelEntry {
        name: var::OP,
        kernel: var::var_out_boxed,
    },
    KernelEntry {
        name: var_mean::OP,
        kernel: var_mean::var_mean_correction_out_boxed,
    },
    KernelEntry {
        name: any::OP_ALL,
        kernel: any::any_all_out_boxed,
    },
    KernelEntry {
        name: any::OP_DIMS,
        kernel: any::any_dims_out_boxed,
    },
    KernelEntry {
        name: any::OP,
        kernel: any::any_out_boxed,
    },
];
