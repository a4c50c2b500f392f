//! The misc family's kernels: activations, selection, fill and copy.

use crate::ops::*;
use etk_core::KernelEntry;

pub const TABLE: &[KernelEntry] = entries![
    clamp::OP => clamp::clamp_out_boxed,
    clamp::OP_TENSOR => clamp::clamp_tensor_out_boxed,
    hardtanh::OP => hardtanh::hardtanh_out_boxed,
    relu::OP => relu::relu_out_boxed,
    elu::OP => elu::elu_out_boxed,
    gelu::OP => gelu::gelu_out_boxed,
    leaky_relu::OP => leaky_relu::leaky_relu_out_boxed,
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
