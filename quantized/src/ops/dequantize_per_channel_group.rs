//! `quantized_decomposed::dequantize_per_channel_group.out(Tensor input, Tensor scales,
//! Tensor? zero_points, int quant_min, int quant_max, ScalarType dtype, int group_size,
//! ScalarType output_dtype, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Group-wise dequantization of a 2-D tensor (torch's reference functional schema plus an
//! out): every `group_size` consecutive elements of a row share `scales[g]` and
//! `zero_points[g]`, `g` counting groups in row-major order;
//! `out = ((input - zero_points[g]) * scales[g]).to(output_dtype)` with the dtypes of torch's
//! tensor ops. As in torch,
//! `group_size` must exceed 1 and divide the row length (a group size past the row with one
//! scale per row means the whole row), and `quant_min`, `quant_max` and `dtype` are not used.

use crate::util::groups::{dequantize_groups, groups};
use crate::util::{
    check_float, check_quantized_dtype, check_real, check_uint16_zero_points, logical_index,
};
use etk_core::out::check_dtype;
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, ScalarType, Tensor, boxed_kernel};

pub const OP: &str = "quantized_decomposed::dequantize_per_channel_group.out";

#[allow(clippy::too_many_arguments)]
pub fn dequantize_per_channel_group_out(
    _ctx: &mut KernelContext<'_>,
    input: &Tensor<'_>,
    scales: &Tensor<'_>,
    zero_points: Option<&Tensor<'_>>,
    _quant_min: i64,
    _quant_max: i64,
    _dtype: ScalarType,
    group_size: i64,
    output_dtype: ScalarType,
    out: &mut Tensor<'_>,
) -> Result<()> {
    check_quantized_dtype(OP, "input", input)?;
    check_uint16_zero_points(OP, input.dtype(), zero_points, true)?;
    check_float(OP, "scales", scales.dtype())?;
    if let Some(z) = zero_points {
        check_real(OP, "zero_points", z.dtype())?;
    }
    check_float(OP, "output_dtype", output_dtype)?;
    check_dtype(OP, "out", out, output_dtype)?;
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
        zero_points,
        group_size,
    )?;
    dequantize_groups(
        OP,
        input,
        scales,
        zero_points,
        |o| logical_index(input, o) / gs,
        output_dtype,
        false,
        out,
    )
}

boxed_kernel!(pub fn dequantize_per_channel_group_out_boxed = OP => dequantize_per_channel_group_out(
    input: &Tensor, scales: &Tensor, zero_points: Option<&Tensor>, quant_min: i64, quant_max: i64,
    dtype: ScalarType, group_size: i64, output_dtype: ScalarType) -> (out));
