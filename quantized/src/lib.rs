//! etk-quantized: the `quantized_decomposed::*` kernels a PT2E-quantized program calls between
//! its float ops, with the semantics of torch's reference ops
//! (`torch.ao.quantization.fx._decomposed`): the same arithmetic in the same dtypes, rounding
//! half to even, and an error (never an abort) for calls that make no sense.
//!
//! `#![no_std]`: rounding comes from `libm`.
#![no_std]

pub mod ops;
pub mod util;

use etk_core::{KernelEntry, entries};
use ops::*;

/// This library's kernels, by full operator name.
pub const TABLE: &[KernelEntry] = entries![
    quantize_per_tensor::OP => quantize_per_tensor::quantize_per_tensor_out_boxed,
    quantize_per_tensor::OP_TENSOR => quantize_per_tensor::quantize_per_tensor_tensor_out_boxed,
    dequantize_per_tensor::OP => dequantize_per_tensor::dequantize_per_tensor_out_boxed,
    dequantize_per_tensor::OP_TENSOR => dequantize_per_tensor::dequantize_per_tensor_tensor_out_boxed,
    quantize_per_channel::OP => quantize_per_channel::quantize_per_channel_out_boxed,
    dequantize_per_channel::OP => dequantize_per_channel::dequantize_per_channel_out_boxed,
    choose_qparams::OP => choose_qparams::choose_qparams_tensor_out_boxed,
    embedding_byte::OP => embedding_byte::embedding_byte_out_boxed,
    embedding_byte::OP_DTYPE => embedding_byte::embedding_byte_dtype_out_boxed,
    embedding_4bit::OP => embedding_4bit::embedding_4bit_out_boxed,
    embedding_4bit::OP_DTYPE => embedding_4bit::embedding_4bit_dtype_out_boxed,
    embedding_2bit::OP => embedding_2bit::embedding_2bit_out_boxed,
    embedding_2bit::OP_DTYPE => embedding_2bit::embedding_2bit_dtype_out_boxed,
    dequantize_per_channel_group::OP => dequantize_per_channel_group::dequantize_per_channel_group_out_boxed,
    quantize_per_channel_group::OP => quantize_per_channel_group::quantize_per_channel_group_out_boxed,
    quantize_per_token::OP => quantize_per_token::quantize_per_token_out_boxed,
    dequantize_per_token::OP => dequantize_per_token::dequantize_per_token_out_boxed,
    choose_qparams_per_token_asymmetric::OP => choose_qparams_per_token_asymmetric::choose_qparams_per_token_asymmetric_out_boxed,
    add::OP => add::add_out_boxed,
    mixed_mm::OP => mixed_mm::mixed_mm_out_boxed,
    mixed_linear::OP => mixed_linear::mixed_linear_out_boxed,
];
