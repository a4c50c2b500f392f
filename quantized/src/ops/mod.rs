//! One module per operator; each opens with its schemas.

pub mod choose_qparams;
pub mod dequantize_per_channel;
pub mod dequantize_per_channel_group;
pub mod dequantize_per_tensor;
pub mod embedding_2bit;
pub mod embedding_4bit;
pub mod embedding_byte;
pub mod quantize_per_channel;
pub mod quantize_per_tensor;
