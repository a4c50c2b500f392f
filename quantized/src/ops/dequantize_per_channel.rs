//! `quantized_decomposed::dequantize_per_channel.out(Tensor input, Tensor scales, Tensor?
//! zero_points, int axis, int quant_min, int quant_max, ScalarType dtype, *, ScalarType?
//! out_dtype=None, Tensor(a!) out) -> Tensor(a!)`
//!
//! Per channel `c` along `axis`: `out = ((input - zero_points[c]) * scales[c]).to(out_dtype)`,
//! as torch's reference computes it on tensors: the difference in the integer type the two
//! promote to (wrapping), the product in the scales' dtype (Half and BFloat16 computed in
//! float and rounded), then one conversion to `out_dtype` (Float when None; an out of another
//! floating dtype then receives the Float result converted). Without zero points,
//! `input * scales[c]`.

use crate::util::groups::dequantize_groups;
use crate::util::qparams::{Channels, check_dequant_input, dequant_dtypes};
use crate::util::{check_float, check_real, check_uint16_zero_points};
use etk_core::{KernelContext, Result, ScalarType, Tensor, boxed_kernel};

pub const OP: &str = "quantized_decomposed::dequantize_per_channel.out";

#[allow(clippy::too_many_arguments)]
pub fn dequantize_per_channel_out(
    _ctx: &mut KernelContext<'_>,
    input: &Tensor<'_>,
    scales: &Tensor<'_>,
    zero_points: Option<&Tensor<'_>>,
    axis: i64,
    quant_min: i64,
    quant_max: i64,
    dtype: ScalarType,
    out_dtype: Option<ScalarType>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    check_dequant_input(OP, input, quant_min, quant_max, dtype)?;
    check_float(OP, "scales", scales.dtype())?;
    check_uint16_zero_points(OP, input.dtype(), zero_points, false)?;
    if let Some(zp) = zero_points {
        check_real(OP, "zero_points", zp.dtype())?;
    }
    let to = dequant_dtypes(OP, out_dtype, out)?;
    let ch = Channels::new(OP, input, scales, zero_points, axis)?;
    dequantize_groups(
        OP,
        input,
        scales,
        zero_points,
        |o| ch.of(o),
        to,
        out_dtype.is_none(),
        out,
    )
}

boxed_kernel!(pub fn dequantize_per_channel_out_boxed = OP => dequantize_per_channel_out(
    input: &Tensor, scales: &Tensor, zero_points: Option<&Tensor>, axis: i64, quant_min: i64, quant_max: i64,
    dtype: ScalarType, out_dtype: Option<ScalarType>) -> (out));
