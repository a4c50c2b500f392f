//! `quantized_decomposed::quantize_per_token.out(Tensor input, Tensor scales, Tensor
//! zero_points, int quant_min, int quant_max, ScalarType dtype, *, Tensor(a!) out) ->
//! Tensor(a!)`
//!
//! Every token (the elements along the last dim at one index of the others) has its own scale
//! and zero point: `out = input.mul(1 / scales).add(zero_points).round().clamp(quant_min,
//! quant_max).to(dtype)`, with `scales` and `zero_points` shaped `[..., 1]` (one per token) and
//! each step in the dtype torch's tensor ops give it (note the zero point is added before
//! rounding, unlike the per-tensor and per-channel ops).

use crate::util::groups::{quantize_add_round, token_len};
use crate::util::{check_float, check_qparams, check_real, logical_index};
use etk_core::out::check_dtype;
use etk_core::{KernelContext, Result, ScalarType, Tensor, boxed_kernel};

pub const OP: &str = "quantized_decomposed::quantize_per_token.out";

#[allow(clippy::too_many_arguments)]
pub fn quantize_per_token_out(
    _ctx: &mut KernelContext<'_>,
    input: &Tensor<'_>,
    scales: &Tensor<'_>,
    zero_points: &Tensor<'_>,
    quant_min: i64,
    quant_max: i64,
    dtype: ScalarType,
    out: &mut Tensor<'_>,
) -> Result<()> {
    check_float(OP, "input", input.dtype())?;
    check_float(OP, "scales", scales.dtype())?;
    check_real(OP, "zero_points", zero_points.dtype())?;
    check_qparams(OP, quant_min, quant_max, dtype)?;
    check_dtype(OP, "out", out, dtype)?;
    let n = token_len(OP, input, scales, zero_points)?;
    quantize_add_round(
        OP,
        input,
        scales,
        zero_points,
        |o| logical_index(input, o) / n.max(1),
        quant_min,
        quant_max,
        out,
    )
}

boxed_kernel!(pub fn quantize_per_token_out_boxed = OP => quantize_per_token_out(
    input: &Tensor, scales: &Tensor, zero_points: &Tensor, quant_min: i64, quant_max: i64,
    dtype: ScalarType) -> (out));
