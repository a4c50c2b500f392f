//! `quantized_decomposed::quantize_per_token.out(Tensor input, Tensor scales, Tensor
//! zero_points, int quant_min, int quant_max, ScalarType dtype, *, Tensor(a!) out) ->
//! Tensor(a!)`
//!
//! Every token (the elements along the last dim at one index of the others) has its own scale
//! and zero point: `out = input.mul(1 / scales).add(zero_points).round().clamp(quant_min,
//! quant_max).to(dtype)`, with `scales` and `zero_points` shaped `[..., 1]` (one per token) and
//! each step in the dtype torch's tensor ops give it (note the zero point is added before
//! rounding, unlike the per-tensor and per-channel ops).

use crate::util::{
    check_float, check_qparams, check_real, clamp, logical_index, map_offsets, param, round_to,
};
use etk_core::out::check_dtype;
use etk_core::{
    Error, ErrorKind, Info, KernelContext, Result, ScalarType, Tensor, boxed_kernel, promote_types,
};

pub const OP: &str = "quantized_decomposed::quantize_per_token.out";

/// The number of elements per token, after checking that `scales` (and `zero_points`) hold
/// one value per token and broadcast against `input` as `[..., 1]`.
pub(crate) fn token_len(
    op: &'static str,
    input: &Tensor<'_>,
    scales: &Tensor<'_>,
    zero_points: &Tensor<'_>,
) -> Result<usize> {
    if input.dim() == 0 {
        return Err(Error::invalid(
            op,
            "input",
            "a tensor with at least one dim",
        ));
    }
    let rank = input.dim();
    let n = input.size(rank - 1);
    let tokens = input.sizes()[..rank - 1].iter().product::<usize>();
    for (arg, t) in [("scales", scales), ("zero_points", zero_points)] {
        let r = t.dim();
        let fits = t.numel() == tokens
            && r <= rank
            && (r == 0 || t.size(r - 1) == 1 || (n == 1 && t.size(r - 1) == 1))
            && (0..r.saturating_sub(1)).all(|k| t.size(k) == input.size(rank - r + k));
        if !fits {
            return Err(Error::new(ErrorKind::InvalidArgument, op, arg)
                .expected(
                    "one value per token, shaped [..., 1]; tokens:",
                    Info::Int(tokens as i64),
                )
                .got(Info::Shape(t.shape())));
        }
    }
    Ok(n)
}

/// `input.mul(1 / scales[g]).add(zero_points[g]).round().clamp(lo, hi)` with `g =
/// group(offset)`, each step rounded to the dtype torch's promotion gives it, stored in `out`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn quantize_add_round(
    op: &'static str,
    input: &Tensor<'_>,
    scales: &Tensor<'_>,
    zero_points: &Tensor<'_>,
    group: impl Fn(usize) -> usize,
    quant_min: i64,
    quant_max: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let sdt = scales.dtype();
    let prod = promote_types(input.dtype(), sdt).unwrap_or(ScalarType::Float);
    let sum = promote_types(prod, zero_points.dtype()).unwrap_or(prod);
    let (rs, rp, rf) = (round_to(sdt), round_to(prod), round_to(sum));
    let (lo, hi) = (rf(quant_min as f64), rf(quant_max as f64));
    let mut last = (usize::MAX, 0.0, 0.0);
    map_offsets::<f64, f64>(op, "input", input, out, |o, x| {
        let g = group(o);
        if g != last.0 {
            last = (
                g,
                rs(1.0 / param::<f64>(scales, g)),
                rf(param::<f64>(zero_points, g)),
            );
        }
        let v = libm::rint(rf(rp(x * last.1) + last.2));
        clamp(v, lo, hi)
    })
}

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
