//! `quantized_decomposed::dequantize_per_tensor.out(Tensor input, float scale, int zero_point,
//! int quant_min, int quant_max, ScalarType dtype, *, ScalarType? out_dtype=None,
//! Tensor(a!) out) -> Tensor(a!)`
//!
//! `quantized_decomposed::dequantize_per_tensor.Tensor_out(Tensor input, Tensor scale, Tensor
//! zero_point, int quant_min, int quant_max, ScalarType dtype, *, ScalarType? out_dtype=None,
//! Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = (input.to(out_dtype) - zero_point) * scale`, as torch's reference computes it: each
//! step is an op on an `out_dtype` tensor, so Half and BFloat16 round after the conversion,
//! the subtraction and the product (each computed in float); Double computes in double.
//! `input` must have `dtype`; `out_dtype` defaults to Float (an out of another floating dtype
//! then receives the Float result converted).

use crate::util::qparams::{check_dequant_input, dequant_dtypes, tensor_qparams};
use crate::util::{Real, map_offsets, rounder32};
use etk_core::{KernelContext, Result, ScalarType, Tensor, boxed_kernel};

pub const OP: &str = "quantized_decomposed::dequantize_per_tensor.out";
pub const OP_TENSOR: &str = "quantized_decomposed::dequantize_per_tensor.Tensor_out";

#[allow(clippy::too_many_arguments)]
pub fn dequantize_per_tensor_out(
    _ctx: &mut KernelContext<'_>,
    input: &Tensor<'_>,
    scale: f64,
    zero_point: i64,
    quant_min: i64,
    quant_max: i64,
    dtype: ScalarType,
    out_dtype: Option<ScalarType>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    dequantize(
        OP, input, scale, zero_point, quant_min, quant_max, dtype, out_dtype, out,
    )
}

#[allow(clippy::too_many_arguments)]
pub fn dequantize_per_tensor_tensor_out(
    _ctx: &mut KernelContext<'_>,
    input: &Tensor<'_>,
    scale: &Tensor<'_>,
    zero_point: &Tensor<'_>,
    quant_min: i64,
    quant_max: i64,
    dtype: ScalarType,
    out_dtype: Option<ScalarType>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let (scale, zero_point) = tensor_qparams(OP_TENSOR, scale, zero_point)?;
    dequantize(
        OP_TENSOR, input, scale, zero_point, quant_min, quant_max, dtype, out_dtype, out,
    )
}

#[allow(clippy::too_many_arguments)]
fn dequantize(
    op: &'static str,
    input: &Tensor<'_>,
    scale: f64,
    zero_point: i64,
    quant_min: i64,
    quant_max: i64,
    dtype: ScalarType,
    out_dtype: Option<ScalarType>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    check_dequant_input(op, input, quant_min, quant_max, dtype)?;
    let compute = dequant_dtypes(op, out_dtype, out)?;
    if compute == ScalarType::Double {
        let (zp, s) = (zero_point as f64, scale);
        return map_offsets::<i64, f64>(op, "input", input, out, |_, q| (q as f64 - zp) * s);
    }
    let r = rounder32(compute);
    let (zp, s) = (f32::of_i64(zero_point), scale as f32);
    map_offsets::<i64, f32>(op, "input", input, out, |_, q| r(r(r(q as f32) - zp) * s))
}

boxed_kernel!(pub fn dequantize_per_tensor_out_boxed = OP => dequantize_per_tensor_out(
    input: &Tensor, scale: f64, zero_point: i64, quant_min: i64, quant_max: i64, dtype: ScalarType,
    out_dtype: Option<ScalarType>) -> (out));
boxed_kernel!(pub fn dequantize_per_tensor_tensor_out_boxed = OP_TENSOR => dequantize_per_tensor_tensor_out(
    input: &Tensor, scale: &Tensor, zero_point: &Tensor, quant_min: i64, quant_max: i64, dtype: ScalarType,
    out_dtype: Option<ScalarType>) -> (out));
