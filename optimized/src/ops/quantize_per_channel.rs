//! `quantized_decomposed::quantize_per_channel.out(Tensor input, Tensor scales, Tensor
//! zero_points, int axis, int quant_min, int quant_max, ScalarType dtype, *, Tensor(a!) out)
//! -> Tensor(a!)`
//!
//! Per channel `c` along `axis`: `out = clamp(round(input * (1 / scales[c])) +
//! zero_points[c], quant_min, quant_max)` as the reference (`etk_quantized`) computes it,
//! vectorized (`crate::quantized`: `1 / scales[c]` once per channel, rounded to the scales'
//! dtype as torch stores it) for Float, Half and BFloat16 inputs, Float / Half / BFloat16
//! scales and integer zero points, into an out of the input's memory order (any axis, any dim
//! order) at AVX2 and above. Double scales, floating zero points (computed in other dtypes by
//! torch) and other layouts: the reference kernel, whose checks also run first here.

use crate::pointwise::half::FloatKind;
use crate::quantized::lanes::{QKind, dispatch};
use crate::quantized::{Axis, Quantize, level, same_layout};
use etk_core::out::{check_dtype, resize_out};
use etk_core::{KernelContext, Result, ScalarType, Tensor, boxed_kernel};
use etk_quantized::ops::quantize_per_channel as reference;
use etk_quantized::util::qparams::Channels;
use etk_quantized::util::{
    check_float, check_qparams, check_quantize_input, check_real, param, rounder32,
};

pub const OP: &str = reference::OP;

#[allow(clippy::too_many_arguments)]
pub fn quantize_per_channel_out(
    ctx: &mut KernelContext<'_>,
    input: &Tensor<'_>,
    scales: &Tensor<'_>,
    zero_points: &Tensor<'_>,
    axis: i64,
    quant_min: i64,
    quant_max: i64,
    dtype: ScalarType,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let q = (axis, quant_min, quant_max, dtype);
    match fast(input, scales, zero_points, q, out) {
        Some(r) => r,
        None => reference::quantize_per_channel_out(
            ctx,
            input,
            scales,
            zero_points,
            axis,
            quant_min,
            quant_max,
            dtype,
            out,
        ),
    }
}

/// The vector path, or `None` (nothing written) for the reference.
fn fast(
    input: &Tensor<'_>,
    scales: &Tensor<'_>,
    zero_points: &Tensor<'_>,
    (axis, quant_min, quant_max, dtype): (i64, i64, i64, ScalarType),
    out: &mut Tensor<'_>,
) -> Option<Result<()>> {
    let isa = level()?;
    // UInt16 has no vector kind yet (`QKind::of` is None): the reference kernel.
    let (src_kind, dst_kind) = (FloatKind::of(input.dtype())?, QKind::of(dtype)?);
    let checked = (|| {
        check_quantize_input(OP, "input", input)?;
        check_float(OP, "scales", scales.dtype())?;
        check_real(OP, "zero_points", zero_points.dtype())?;
        check_qparams(OP, quant_min, quant_max, dtype)?;
        check_dtype(OP, "out", out, dtype)?;
        Channels::new(OP, input, scales, Some(zero_points), axis)
    })();
    let ch = match checked {
        Ok(ch) => ch,
        Err(e) => return Some(Err(e)),
    };
    if zero_points.dtype().is_floating_point() || scales.dtype() == ScalarType::Double {
        return None;
    }
    if let Err(e) = resize_out(OP, out, input.sizes()) {
        return Some(Err(e));
    }
    if !same_layout(input, out) {
        return None;
    }
    let dst = match out.as_mut_ptr(OP, "out") {
        Ok(p) => p,
        Err(e) => return Some(Err(e)),
    };
    let (stride, size, single) = ch.layout();
    let n = input.numel();
    let axis = if single {
        Axis::whole(n)
    } else {
        Axis::along(n, stride, size)
    };
    let r = rounder32(scales.dtype());
    let params = |c| {
        (
            r(1.0 / param::<f32>(scales, c)),
            param::<i64>(zero_points, c) as f32,
        )
    };
    let k = Quantize {
        src: input.as_ptr(),
        src_kind,
        dst,
        dst_kind,
        axis,
        params: &params,
        lo: quant_min as f32,
        hi: quant_max as f32,
    };
    dispatch(isa, k).map(Ok)
}

boxed_kernel!(pub fn quantize_per_channel_out_boxed = OP => quantize_per_channel_out(
    input: &Tensor, scales: &Tensor, zero_points: &Tensor, axis: i64, quant_min: i64, quant_max: i64,
    dtype: ScalarType) -> (out));
