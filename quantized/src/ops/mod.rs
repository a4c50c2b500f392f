//! One module per operator; each opens with its schemas.

pub mod choose_qparams;
pub mod dequantize_per_channel;
pub mod dequantize_per_tensor;
pub mod quantize_per_channel;
pub mod quantize_per_tensor;
