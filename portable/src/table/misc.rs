//! The misc family's kernels: activations, selection, fill and copy.

#[allow(unused_imports)]
use crate::ops::*;
use etk_core::KernelEntry;

pub const TABLE: &[KernelEntry] = &[
    KernelEntry {
        name: clamp::OP,
        kernel: clamp::clamp_out_boxed,
    },
    KernelEntry {
        name: clamp::OP_TENSOR,
        kernel: clamp::clamp_tensor_out_boxed,
    },
    KernelEntry {
        name: hardtanh::OP,
        kernel: hardtanh::hardtanh_out_boxed,
    },
    KernelEntry {
        name: relu::OP,
        kernel: relu::relu_out_boxed,
    },
    KernelEntry {
        name: elu::OP,
        kernel: elu::elu_out_boxed,
    },
    KernelEntry {
        name: gelu::OP,
        kernel: gelu::gelu_out_boxed,
    },
    KernelEntry {
        name: leaky_relu::OP,
        kernel: leaky_relu::leaky_relu_out_boxed,
    },
    KernelEntry {
        name: where_::OP,
        kernel: where_::where_self_out_boxed,
    },
    KernelEntry {
        name: masked_fill::OP,
        kernel: masked_fill::masked_fill_scalar_out_boxed,
    },
    KernelEntry {
        name: fill::OP_SCALAR,
        kernel: fill::fill_scalar_out_boxed,
    },
    KernelEntry {
        name: fill::OP_TENSOR,
        kernel: fill::fill_tensor_out_boxed,
    },
    KernelEntry {
        name: clone::OP,
        kernel: clone::clone_out_boxed,
    },
    KernelEntry {
        name: to_copy::OP,
        kernel: to_copy::to_copy_out_boxed,
    },
    KernelEntry {
        name: copy::OP,
        kernel: copy::copy_out_boxed,
    },
    KernelEntry {
        name: copy::OP_INPLACE,
        kernel: copy::copy_inplace_boxed,
    },
    KernelEntry {
        name: detach_copy::OP,
        kernel: detach_copy::detach_copy_out_boxed,
    },
    KernelEntry {
        name: lift_fresh_copy::OP,
        kernel: lift_fresh_copy::lift_fresh_copy_out_boxed,
    },
    KernelEntry {
        name: alias_copy::OP,
        kernel: alias_copy::alias_copy_out_boxed,
    },
    KernelEntry {
        name: scalar_tensor::OP,
        kernel: scalar_tensor::scalar_tensor_out_boxed,
    },
];
