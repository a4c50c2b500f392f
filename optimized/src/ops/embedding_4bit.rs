//! `quantized_decomposed::embedding_4bit.out(Tensor weight, Tensor weight_scales, Tensor?
//! weight_zero_points, int weight_quant_min, int weight_quant_max, Tensor indices, *,
//! Tensor(a!) out) -> Tensor(a!)`
//!
//! `quantized_decomposed::embedding_4bit.dtype_out(Tensor weight, Tensor weight_scales, Tensor?
//! weight_zero_points, int weight_quant_min, int weight_quant_max, Tensor indices, ScalarType?
//! dtype=None, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out[*i, :] = dequantize(weight[indices[*i], :])`: the 4-bit rows of `weight` (Byte or
//! Char, `[rows, packed columns]`) dequantized with one scale (and optional zero point, of the
//! scales' dtype) per row or per group of columns, in the scales' dtype (`.dtype_out`: in
//! `dtype`, the scales' dtype when None). Every index must lie in `[0, rows)`. Packing and
//! arithmetic: `etk_quantized::util::embedding`; the vector path and what it covers:
//! `crate::quantized::embedding`.

use etk_core::{KernelContext, Result, ScalarType, Tensor, boxed_kernel};
use etk_quantized::ops::embedding_4bit as reference;
use etk_quantized::util::embedding::Embedding;

pub const OP: &str = reference::OP;
pub const OP_DTYPE: &str = reference::OP_DTYPE;

#[allow(clippy::too_many_arguments)]
pub fn embedding_4bit_out(
    _ctx: &mut KernelContext<'_>,
    weight: &Tensor<'_>,
    weight_scales: &Tensor<'_>,
    weight_zero_points: Option<&Tensor<'_>>,
    weight_quant_min: i64,
    weight_quant_max: i64,
    indices: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let e = Embedding {
        op: OP,
        bits: 4,
        weight,
        weight_scales,
        weight_zero_points,
        weight_quant_min,
        weight_quant_max,
        indices,
        dtype: None,
    };
    crate::quantized::embedding::run(&e, out)
}

#[allow(clippy::too_many_arguments)]
pub fn embedding_4bit_dtype_out(
    _ctx: &mut KernelContext<'_>,
    weight: &Tensor<'_>,
    weight_scales: &Tensor<'_>,
    weight_zero_points: Option<&Tensor<'_>>,
    weight_quant_min: i64,
    weight_quant_max: i64,
    indices: &Tensor<'_>,
    dtype: Option<ScalarType>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let e = Embedding {
        op: OP_DTYPE,
        bits: 4,
        weight,
        weight_scales,
        weight_zero_points,
        weight_quant_min,
        weight_quant_max,
        indices,
        dtype,
    };
    crate::quantized::embedding::run(&e, out)
}

boxed_kernel!(pub fn embedding_4bit_out_boxed = OP => embedding_4bit_out(
    weight: &Tensor, weight_scales: &Tensor, weight_zero_points: Option<&Tensor>, weight_quant_min: i64,
    weight_quant_max: i64, indices: &Tensor) -> (out));
boxed_kernel!(pub fn embedding_4bit_dtype_out_boxed = OP_DTYPE => embedding_4bit_dtype_out(
    weight: &Tensor, weight_scales: &Tensor, weight_zero_points: Option<&Tensor>, weight_quant_min: i64,
    weight_quant_max: i64, indices: &Tensor, dtype: Option<ScalarType>) -> (out));
