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
use crate::util::{
    check_float, check_real, check_uint16_zero_points, map_offsets, param, round_to,
};
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

/// `((input - zero_points[g]) * scales[g]).to(to)` with `g = group(offset)` (a logical index
/// into the parameter tensors), in the dtypes torch's tensor ops use: the difference in the
/// promotion of the input's and the zero points' dtypes (integers wrap; a floating zero point
/// makes it floating), the product in its promotion with the scales' dtype. `via_float`: the
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
    let d = Dequant::new(input.dtype(), scales, zero_points);
    let narrow = round_to(if via_float { ScalarType::Float } else { to });
    let mut last = (usize::MAX, 0.0, 0i64, 0.0);
    map_offsets::<i64, f64>(op, "input", input, out, |o, q| {
        let g = group(o);
        if g != last.0 {
            last = d.params(g);
        }
        narrow(d.value(q, last.1, last.2, last.3))
    })
}

/// The dequantization of one element, with torch's dtypes for each step.
#[derive(Clone, Copy)]
pub(crate) struct Dequant<'t, 'a> {
    scales: &'t Tensor<'a>,
    zero_points: Option<&'t Tensor<'a>>,
    /// The dtype of `input - zero_points`.
    diff: ScalarType,
    diff_round: fn(f64) -> f64,
    prod_round: fn(f64) -> f64,
}

impl<'t, 'a> Dequant<'t, 'a> {
    pub(crate) fn new(
        input: ScalarType,
        scales: &'t Tensor<'a>,
        zero_points: Option<&'t Tensor<'a>>,
    ) -> Self {
        let diff = zero_points
            .and_then(|z| promote_types(input, z.dtype()))
            .unwrap_or(input);
        let prod = promote_types(diff, scales.dtype()).unwrap_or(ScalarType::Float);
        Dequant {
            scales,
            zero_points,
            diff,
            diff_round: round_to(diff),
            prod_round: round_to(prod),
        }
    }

    /// `(g, scale, integer zero point, floating zero point)` of parameter group `g`.
    pub(crate) fn params(&self, g: usize) -> (usize, f64, i64, f64) {
        let (zi, zf) = match self.zero_points {
            Some(z) if z.dtype().is_floating_point() => (0, param::<f64>(z, g)),
            Some(z) => (param::<i64>(z, g), 0.0),
            None => (0, 0.0),
        };
        (g, param::<f64>(self.scales, g), zi, zf)
    }

    #[inline(always)]
    pub(crate) fn value(&self, q: i64, s: f64, zi: i64, zf: f64) -> f64 {
        let d = if self.diff.is_floating_point() {
            (self.diff_round)((self.diff_round)(q as f64) - zf)
        } else {
            round_trip(q.wrapping_sub(zi), self.diff) as f64
        };
        let r = self.prod_round;
        r(r(d) * s)
    }
}

boxed_kernel!(pub fn dequantize_per_channel_out_boxed = OP => dequantize_per_channel_out(
    input: &Tensor, scales: &Tensor, zero_points: Option<&Tensor>, axis: i64, quant_min: i64, quant_max: i64,
    dtype: ScalarType, out_dtype: Option<ScalarType>) -> (out));
