//! `quantized_decomposed::quantize_per_channel.out(Tensor input, Tensor scales, Tensor
//! zero_points, int axis, int quant_min, int quant_max, ScalarType dtype, *, Tensor(a!) out)
//! -> Tensor(a!)`
//!
//! Per channel `c` along `axis`: `out = clamp(round(input * (1 / scales[c])) + zero_points[c],
//! quant_min, quant_max).to(dtype)`, as torch's reference computes it on tensors: `1 / scales`
//! is rounded to the scales' dtype, the product is taken in Float (Double when the scales are
//! Double), and integer zero points are converted to that type (floating ones: the sum is in
//! the promotion of the two). `scales` holds one value
//! per channel (or one for all), `zero_points` as many; a negative `axis` counts from the end.

use crate::util::qparams::Channels;
use crate::util::{
    Real, check_float, check_qparams, check_quantize_input, check_real, clamp, map_offsets, param,
    round_to, rounder32,
};
use etk_core::out::check_dtype;
use etk_core::{KernelContext, Result, ScalarType, Tensor, boxed_kernel, promote_types};

pub const OP: &str = "quantized_decomposed::quantize_per_channel.out";

#[allow(clippy::too_many_arguments)]
pub fn quantize_per_channel_out(
    _ctx: &mut KernelContext<'_>,
    input: &Tensor<'_>,
    scales: &Tensor<'_>,
    zero_points: &Tensor<'_>,
    axis: i64,
    quant_min: i64,
    quant_max: i64,
    dtype: ScalarType,
    out: &mut Tensor<'_>,
) -> Result<()> {
    check_quantize_input(OP, "input", input)?;
    check_float(OP, "scales", scales.dtype())?;
    check_real(OP, "zero_points", zero_points.dtype())?;
    check_qparams(OP, quant_min, quant_max, dtype)?;
    check_dtype(OP, "out", out, dtype)?;
    let ch = Channels::new(OP, input, scales, Some(zero_points), axis)?;
    if zero_points.dtype().is_floating_point() {
        return quantize_float_zero_points(
            input,
            scales,
            zero_points,
            ch,
            quant_min,
            quant_max,
            out,
        );
    }
    if scales.dtype() == ScalarType::Double {
        quantize_channels::<f64>(
            input,
            scales,
            zero_points,
            ch,
            quant_min,
            quant_max,
            |s| 1.0 / s,
            out,
        )
    } else {
        let r = rounder32(scales.dtype());
        quantize_channels::<f32>(
            input,
            scales,
            zero_points,
            ch,
            quant_min,
            quant_max,
            |s| r(1.0 / s),
            out,
        )
    }
}

/// The quantization of `input` with per-group parameters: `group.of(offset)` indexes
/// `scales` and `zero_points`; `recip` is `1 / scale` rounded as torch stores it.
#[allow(clippy::too_many_arguments)]
fn quantize_channels<P: Real>(
    input: &Tensor<'_>,
    scales: &Tensor<'_>,
    zero_points: &Tensor<'_>,
    ch: Channels,
    quant_min: i64,
    quant_max: i64,
    recip: impl Fn(P) -> P,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let (lo, hi) = (P::of_i64(quant_min), P::of_i64(quant_max));
    let mut last = (usize::MAX, P::ZERO, P::ZERO);
    map_offsets::<f32, P>(OP, "input", input, out, |offset, x| {
        let c = ch.of(offset);
        if c != last.0 {
            last = (
                c,
                recip(param::<P>(scales, c)),
                P::of_i64(param::<i64>(zero_points, c)),
            );
        }
        clamp((P::of_f64(x as f64) * last.1).rint() + last.2, lo, hi)
    })
}

/// As `quantize_channels`, for floating zero points: the sum (and the clamp) is in the
/// promotion of the product's dtype and theirs.
fn quantize_float_zero_points(
    input: &Tensor<'_>,
    scales: &Tensor<'_>,
    zero_points: &Tensor<'_>,
    ch: Channels,
    quant_min: i64,
    quant_max: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let sdt = scales.dtype();
    let prod = promote_types(ScalarType::Float, sdt).unwrap_or(ScalarType::Float);
    let sum = promote_types(prod, zero_points.dtype()).unwrap_or(prod);
    let (rs, rp, rf) = (round_to(sdt), round_to(prod), round_to(sum));
    let (lo, hi) = (rf(quant_min as f64), rf(quant_max as f64));
    let mut last = (usize::MAX, 0.0, 0.0);
    map_offsets::<f64, f64>(OP, "input", input, out, |offset, x| {
        let c = ch.of(offset);
        if c != last.0 {
            last = (
                c,
                rs(1.0 / param::<f64>(scales, c)),
                rf(param::<f64>(zero_points, c)),
            );
        }
        clamp(rf(libm::rint(rp(x * last.1)) + last.2), lo, hi)
    })
}

boxed_kernel!(pub fn quantize_per_channel_out_boxed = OP => quantize_per_channel_out(
    input: &Tensor, scales: &Tensor, zero_points: &Tensor, axis: i64, quant_min: i64, quant_max: i64,
    dtype: ScalarType) -> (out));
