//! The copy and fill kernels: clone, the `*_copy` aliases, `_to_copy`, `copy`/`copy_`, fill,
//! `scalar_tensor`, and the selections by mask (`where`, `masked_fill`).

use crate::ops::*;
use etk_core::KernelEntry;

pub const TABLE: &[KernelEntry] = entries![
    where_::OP => where_::where_self_out_boxed,
    masked_fill::OP => masked_fill::masked_fill_scalar_out_boxed,
    fill::OP_SCALAR => fill::fill_scalar_out_boxed,
    fill::OP_TENSOR => fill::fill_tensor_out_boxed,
    clone::OP => clone::clone_out_boxed,
    to_copy::OP => to_copy::to_copy_out_boxed,
    copy::OP => copy::copy_out_boxed,
    copy::OP_INPLACE => copy::copy_inplace_boxed,
    detach_copy::OP => detach_copy::detach_copy_out_boxed,
    lift_fresh_copy::OP => lift_fresh_copy::lift_fresh_copy_out_boxed,
    alias_copy::OP => alias_copy::alias_copy_out_boxed,
    scalar_tensor::OP => scalar_tensor::scalar_tensor_out_boxed,
];
