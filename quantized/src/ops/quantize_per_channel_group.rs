//! `quantized_decomposed::quantize_per_channel_group.out(Tensor input, Tensor scales, Tensor
//! zero_points, int quant_min, int quant_max, ScalarType dtype, int group_size, *,
//! Tensor(a!) out) -> Tensor(a!)`
//!
//! Group-wise quantization of a 2-D tensor (torch's reference functional schema plus an out):
//! every `group_size` consecutive elements of a row share `scales[g]` and `zero_points[g]`;
//! `out = input.mul(1 / scales[g]).add(zero_points[g]).round().clamp(quant_min,
//! quant_max).to(dtype)`. As in torch: `group_size` above 1 dividing the row length (past the
//! row with one scale per row: the row), no NaN in the input, and the bounds are not checked
//! against `dtype`.

use crate::util::groups::{groups, quantize_add_round};
use crate::util::{any_nan, check_float, check_real, logical_index};
use etk_core::out::check_dtype;
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, ScalarType, Tensor, boxed_kernel};

pub const OP: &str = "quantized_decomposed::quantize_per_channel_group.out";

#[allow(clippy::too_many_arguments)]
pub fn quantize_per_channel_group_out(
    _ctx: &mut KernelContext<'_>,
    input: &Tensor<'_>,
    scales: &Tensor<'_>,
    zero_points: &Tensor<'_>,
    quant_min: i64,
    quant_max: i64,
    dtype: ScalarType,
    group_size: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    check_float(OP, "input", input.dtype())?;
    check_float(OP, "scales", scales.dtype())?;
    check_real(OP, "zero_points", zero_points.dtype())?;
    if dtype != ScalarType::UInt16 {
        check_real(OP, "dtype", dtype)?;
    }
    check_dtype(OP, "out", out, dtype)?;
    if input.dim() != 2 {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "input")
            .expected_text("a 2-D tensor")
            .got(Info::Shape(input.shape())));
    }
    let (gs, _) = groups(
        OP,
        input.size(0),
        input.size(1),
        scales,
        Some(zero_points),
        group_size,
    )?;
    if any_nan(input) {
        return Err(Error::invalid(OP, "input", "a tensor without NaN"));
    }
    quantize_add_round(
        OP,
        input,
        scales,
        zero_points,
        |o| logical_index(input, o) / gs,
        quant_min,
        quant_max,
        out,
    )
}

boxed_kernel!(pub fn quantize_per_channel_group_out_boxed = OP => quantize_per_channel_group_out(
    input: &Tensor, scales: &Tensor, zero_points: &Tensor, quant_min: i64, quant_max: i64,
    dtype: ScalarType, group_size: i64) -> (out));
