//! The compare family's kernels: comparisons, bitwise and logical ops.

use crate::ops::*;
use etk_core::KernelEntry;

pub const TABLE: &[KernelEntry] = entries![
    eq::OP_SCALAR => eq::eq_scalar_out_boxed,
    eq::OP_TENSOR => eq::eq_tensor_out_boxed,
    ne::OP_SCALAR => ne::ne_scalar_out_boxed,
    ne::OP_TENSOR => ne::ne_tensor_out_boxed,
    ge::OP_SCALAR => ge::ge_scalar_out_boxed,
    ge::OP_TENSOR => ge::ge_tensor_out_boxed,
    gt::OP_SCALAR => gt::gt_scalar_out_boxed,
    gt::OP_TENSOR => gt::gt_tensor_out_boxed,
    le::OP_SCALAR => le::le_scalar_out_boxed,
    le::OP_TENSOR => le::le_tensor_out_boxed,
    lt::OP_SCALAR => lt::lt_scalar_out_boxed,
    lt::OP_TENSOR => lt::lt_tensor_out_boxed,
    bitwise_and::OP_SCALAR => bitwise_and::bitwise_and_scalar_out_boxed,
    bitwise_and::OP_TENSOR => bitwise_and::bitwise_and_tensor_out_boxed,
    bitwise_or::OP_SCALAR => bitwise_or::bitwise_or_scalar_out_boxed,
    bitwise_or::OP_TENSOR => bitwise_or::bitwise_or_tensor_out_boxed,
    bitwise_xor::OP_SCALAR => bitwise_xor::bitwise_xor_scalar_out_boxed,
    bitwise_xor::OP_TENSOR => bitwise_xor::bitwise_xor_tensor_out_boxed,
    bitwise_not::OP => bitwise_not::bitwise_not_out_boxed,
    bitwise_left_shift::OP_TENSOR => bitwise_left_shift::bitwise_left_shift_tensor_out_boxed,
    bitwise_left_shift::OP_TENSOR_SCALAR => bitwise_left_shift::bitwise_left_shift_tensor_scalar_out_boxed,
    bitwise_right_shift::OP_TENSOR => bitwise_right_shift::bitwise_right_shift_tensor_out_boxed,
    bitwise_right_shift::OP_TENSOR_SCALAR => bitwise_right_shift::bitwise_right_shift_tensor_scalar_out_boxed,
    logical_and::OP => logical_and::logical_and_out_boxed,
    logical_or::OP => logical_or::logical_or_out_boxed,
    logical_xor::OP => logical_xor::logical_xor_out_boxed,
    logical_not::OP => logical_not::logical_not_out_boxed,
];
