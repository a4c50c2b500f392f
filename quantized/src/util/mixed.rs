//! The checks `mixed_mm` and `mixed_linear` share (ranks, dtypes and the weight's quantization
//! parameters).

use etk_core::out::check_dtype;
use etk_core::{Error, ErrorKind, Info, Result, ScalarType, Tensor};

pub(crate) fn check_rank(
    op: &'static str,
    arg: &'static str,
    t: &Tensor<'_>,
    ranks: &[usize],
) -> Result<()> {
    if !ranks.contains(&t.dim()) {
        return Err(Error::new(ErrorKind::InvalidArgument, op, arg)
            .expected("a tensor of rank", Info::Int(ranks[0] as i64))
            .got(Info::Shape(t.shape())));
    }
    Ok(())
}

pub(crate) fn check_mixed_common(
    op: &'static str,
    input: &Tensor<'_>,
    weight: &Tensor<'_>,
    weight_scales: &Tensor<'_>,
    weight_zero_points: Option<&Tensor<'_>>,
) -> Result<()> {
    check_rank(op, "input", input, &[2])?;
    check_rank(op, "weight", weight, &[2])?;
    if !matches!(input.dtype(), ScalarType::Float | ScalarType::Half) {
        return Err(Error::dtype(op, "input", "Float or Half", input.dtype()));
    }
    check_dtype(op, "weight", weight, ScalarType::Char)?;
    check_dtype(op, "weight_scales", weight_scales, input.dtype())?;
    if weight_zero_points.is_some() {
        return Err(
            Error::new(ErrorKind::InvalidArgument, op, "weight_zero_points")
                .expected_text("None (zero points are not supported, as in ExecuTorch)"),
        );
    }
    Ok(())
}
