//! `quantized_decomposed::quantize_per_tensor.out(Tensor input, float scale, int zero_point,
//! int quant_min, int quant_max, ScalarType dtype, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `quantized_decomposed::quantize_per_tensor.Tensor_out(Tensor input, Tensor scale, Tensor
//! zero_point, int quant_min, int quant_max, ScalarType dtype, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = clamp(round(input * (1 / scale)) + zero_point, quant_min, quant_max).to(dtype)` as
//! torch's reference computes it: Half / BFloat16 inputs become Float, `1 / scale` is taken in
//! double and rounded to float, everything else is float arithmetic, `round` ties to even. The
//! `Tensor` overload takes one-element `scale` (floating) and `zero_point` (integer) tensors.

use crate::util::qparams::tensor_qparams;
use crate::util::{check_qparams, check_quantize_input, clamp, map_offsets};
use etk_core::out::check_dtype;
use etk_core::{KernelContext, Result, ScalarType, Tensor, boxed_kernel};

pub const OP: &str = "quantized_decomposed::quantize_per_tensor.out";
pub const OP_TENSOR: &str = "quantized_decomposed::quantize_per_tensor.Tensor_out";

#[allow(clippy::too_many_arguments)]
pub fn quantize_per_tensor_out(
    _ctx: &mut KernelContext<'_>,
    input: &Tensor<'_>,
    scale: f64,
    zero_point: i64,
    quant_min: i64,
    quant_max: i64,
    dtype: ScalarType,
    out: &mut Tensor<'_>,
) -> Result<()> {
    quantize(
        OP, input, scale, zero_point, quant_min, quant_max, dtype, out,
    )
}

#[allow(clippy::too_many_arguments)]
pub fn quantize_per_tensor_tensor_out(
    _ctx: &mut KernelContext<'_>,
    input: &Tensor<'_>,
    scale: &Tensor<'_>,
    zero_point: &Tensor<'_>,
    quant_min: i64,
    quant_max: i64,
    dtype: ScalarType,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let (scale, zero_point) = tensor_qparams(OP_TENSOR, scale, zero_point)?;
    quantize(
        OP_TENSOR, input, scale, zero_point, quant_min, quant_max, dtype, out,
    )
}

#[allow(clippy::too_many_arguments)]
fn quantize(
    op: &'static str,
    input: &Tensor<'_>,
    scale: f64,
    zero_point: i64,
    quant_min: i64,
    quant_max: i64,
    dtype: ScalarType,
    out: &mut Tensor<'_>,
) -> Result<()> {
    check_quantize_input(op, "input", input)?;
    check_qparams(op, quant_min, quant_max, dtype)?;
    check_dtype(op, "out", out, dtype)?;
    // torch: `inv_scale = 1.0 / scale` is a Python float; multiplying a float tensor by it
    // converts it to float, as the integer zero point and bounds are.
    let inv = (1.0 / scale) as f32;
    let (zp, lo, hi) = (zero_point as f32, quant_min as f32, quant_max as f32);
    map_offsets::<f32, f32>(op, "input", input, out, |_, x| {
        clamp(libm::rintf(x * inv) + zp, lo, hi)
    })
}

boxed_kernel!(pub fn quantize_per_tensor_out_boxed = OP => quantize_per_tensor_out(
    input: &Tensor, scale: f64, zero_point: i64, quant_min: i64, quant_max: i64, dtype: ScalarType) -> (out));
boxed_kernel!(pub fn quantize_per_tensor_tensor_out_boxed = OP_TENSOR => quantize_per_tensor_tensor_out(
    input: &Tensor, scale: &Tensor, zero_point: &Tensor, quant_min: i64, quant_max: i64, dtype: ScalarType) -> (out));
