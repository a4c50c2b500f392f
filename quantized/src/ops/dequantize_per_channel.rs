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

use crate::ops::dequantize_per_tensor::{check_dequant_input, dequant_dtypes};
use crate::ops::quantize_per_channel::Channels;
use crate::util::{check_float, check_zero_point_dtype, map_offsets, param, rounder32};
use etk_core::element::round_trip;
use etk_core::{KernelContext, Result, ScalarType, Tensor, boxed_kernel, promote_types};

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
    if let Some(zp) = zero_points {
        check_zero_point_dtype(OP, "zero_points", zp)?;
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

/// `((input - zero_points[g]) * scales[g]).to(to)` with `g = group(offset)`; `via_float`: the
/// result is Float first (an out_dtype of None), then whatever dtype the out has.
#[allow(clippy::too_many_arguments)]
pub(crate) fn dequantize_groups(
    op: &'static str,
    input: &Tensor<'_>,
    scales: &Tensor<'_>,
    zero_points: Option<&Tensor<'_>>,
    group: impl Fn(usize) -> usize,
    to: ScalarType,
    via_float: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let diff_dtype = match zero_points {
        Some(zp) => promote_types(input.dtype(), zp.dtype()).unwrap_or(ScalarType::Long),
        None => input.dtype(),
    };
    let narrow = |v: f64| {
        if via_float || to != ScalarType::Double {
            v as f32 as f64
        } else {
            v
        }
    };
    if scales.dtype() == ScalarType::Double {
        return map_offsets::<i64, f64>(op, "input", input, out, |o, q| {
            let g = group(o);
            let d = match zero_points {
                Some(zp) => round_trip(q.wrapping_sub(param::<i64>(zp, g)), diff_dtype),
                None => q,
            };
            narrow(d as f64 * param::<f64>(scales, g))
        });
    }
    let r = rounder32(scales.dtype());
    map_offsets::<i64, f64>(op, "input", input, out, |o, q| {
        let g = group(o);
        let d = match zero_points {
            Some(zp) => round_trip(q.wrapping_sub(param::<i64>(zp, g)), diff_dtype),
            None => q,
        };
        r(r(d as f32) * param::<f32>(scales, g)) as f64
    })
}

boxed_kernel!(pub fn dequantize_per_channel_out_boxed = OP => dequantize_per_channel_out(
    input: &Tensor, scales: &Tensor, zero_points: Option<&Tensor>, axis: i64, quant_min: i64, quant_max: i64,
    dtype: ScalarType, out_dtype: Option<ScalarType>) -> (out));
