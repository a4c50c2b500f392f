//! One module per operator; each opens with its schemas.

pub mod add;
pub mod choose_qparams;
pub mod choose_qparams_per_token_asymmetric;
pub mod dequantize_per_channel;
pub mod dequantize_per_channel_group;
pub mod dequantize_per_tensor;
pub mod dequantize_per_token;
pub mod embedding_2bit;
pub mod embedding_4bit;
pub mod embedding_byte;
pub mod mixed_linear;
pub mod mixed_mm;
pub mod quantize_per_channel;
pub mod quantize_per_channel_group;
pub mod quantize_per_tensor;
pub mod quantize_per_token;
