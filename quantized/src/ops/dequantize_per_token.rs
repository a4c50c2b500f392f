//! `quantized_decomposed::dequantize_per_token.out(Tensor input, Tensor scales, Tensor
//! zero_points, int quant_min, int quant_max, ScalarType dtype, ScalarType output_dtype, *,
//! Tensor(a!) out) -> Tensor(a!)`
//!
//! Per token (see `quantize_per_token`): `out = ((input - zero_points) * scales)
//! .to(output_dtype)` with the dtypes of torch's tensor ops (the difference in the integer
//! promotion, wrapping; the product in the scales' dtype). As in torch's reference,
//! `quant_min`, `quant_max` and `dtype` are not used.

use crate::util::groups::{dequantize_groups, token_len};
use crate::util::{
    check_float, check_quantized_dtype, check_real, check_uint16_zero_points, logical_index,
};
use etk_core::out::check_dtype;
use etk_core::{KernelContext, Result, ScalarType, Tensor, boxed_kernel};

pub const OP: &str = "quantized_decomposed::dequantize_per_token.out";

#[allow(clippy::too_many_arguments)]
pub fn dequantize_per_token_out(
    _ctx: &mut KernelContext<'_>,
    input: &Tensor<'_>,
    scales: &Tensor<'_>,
    zero_points: &Tensor<'_>,
    _quant_min: i64,
    _quant_max: i64,
    _dtype: ScalarType,
    output_dtype: ScalarType,
    out: &mut Tensor<'_>,
) -> Result<()> {
    check_quantized_dtype(OP, "input", input)?;
    check_uint16_zero_points(OP, input.dtype(), Some(zero_points), false)?;
    check_float(OP, "scales", scales.dtype())?;
    check_real(OP, "zero_points", zero_points.dtype())?;
    check_float(OP, "output_dtype", output_dtype)?;
    check_dtype(OP, "out", out, output_dtype)?;
    let n = token_len(OP, input, scales, zero_points)?;
    dequantize_groups(
        OP,
        input,
        scales,
        Some(zero_points),
        |o| logical_index(input, o) / n.max(1),
        output_dtype,
        false,
        out,
    )
}

boxed_kernel!(pub fn dequantize_per_token_out_boxed = OP => dequantize_per_token_out(
    input: &Tensor, scales: &Tensor, zero_points: &Tensor, quant_min: i64, quant_max: i64,
    dtype: ScalarType, output_dtype: ScalarType) -> (out));
