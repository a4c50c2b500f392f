//! The activations' kernels: clamping (clamp, hardtanh, relu), elu, gelu, leaky_relu, glu and
//! (log_)softmax.

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
    glu::OP => glu::glu_out_boxed,
    softmax::OP => softmax::softmax_out_boxed,
    softmax::OP_LOG => softmax::log_softmax_out_boxed,
];
