//! Quantization parameters as the ops take them: a per-tensor pair given as tensors, the
//! per-channel vectors along an axis, and the dtype checks of the dequantize ops.

use crate::util::{check_float, check_qparams, check_zero_point_dtype, item, wrap_dim};
use etk_core::out::check_dtype;
use etk_core::{Error, ErrorKind, Info, Result, ScalarType, Tensor};

/// The `.item()`s of one-element `scale` and `zero_point` tensors.
pub fn tensor_qparams(
    op: &'static str,
    scale: &Tensor<'_>,
    zero_point: &Tensor<'_>,
) -> Result<(f64, i64)> {
    crate::util::check_float(op, "scale", scale.dtype())?;
    check_zero_point_dtype(op, "zero_point", zero_point)?;
    Ok((
        item::<f64>(op, "scale", scale)?,
        item::<i64>(op, "zero_point", zero_point)?,
    ))
}

/// The float dtype a dequantize op computes in and the out dtype it requires (`None`: any
/// floating out, which receives the Float result).
pub fn dequant_dtypes(
    op: &'static str,
    out_dtype: Option<ScalarType>,
    out: &Tensor<'_>,
) -> Result<ScalarType> {
    match out_dtype {
        Some(d) => {
            check_float(op, "out_dtype", d)?;
            check_dtype(op, "out", out, d)?;
            Ok(d)
        }
        None => {
            check_float(op, "out", out.dtype())?;
            Ok(ScalarType::Float)
        }
    }
}

/// `input` has the quantized `dtype` and the bounds fit it.
pub fn check_dequant_input(
    op: &'static str,
    input: &Tensor<'_>,
    quant_min: i64,
    quant_max: i64,
    dtype: ScalarType,
) -> Result<()> {
    check_qparams(op, quant_min, quant_max, dtype)?;
    check_dtype(op, "input", input, dtype)
}

/// How an element's memory offset in the input maps to its channel.
#[derive(Clone, Copy)]
pub struct Channels {
    stride: usize,
    size: usize,
    /// One parameter for every channel (broadcast).
    single: bool,
}

impl Channels {
    /// Checks `scales` (and `zero_points`) against `input` and `axis` as torch's reference
    /// does: `scales.view([scales.size(0), 1, ...])` broadcast along `axis`.
    pub fn new(
        op: &'static str,
        input: &Tensor<'_>,
        scales: &Tensor<'_>,
        zero_points: Option<&Tensor<'_>>,
        axis: i64,
    ) -> Result<Channels> {
        let axis = wrap_dim(op, "axis", axis, input.dim())?;
        if scales.dim() == 0 || scales.numel() != scales.size(0) {
            return Err(Error::new(ErrorKind::InvalidArgument, op, "scales")
                .expected_text("a tensor of one value per channel along its first dim")
                .got(Info::Shape(scales.shape())));
        }
        let n = scales.size(0);
        let size = input.size(axis);
        if n != size && n != 1 {
            return Err(Error::new(ErrorKind::InvalidArgument, op, "scales")
                .expected(
                    "one value per channel (or one), channels:",
                    Info::Int(size as i64),
                )
                .got(Info::Int(n as i64)));
        }
        if let Some(zp) = zero_points
            && zp.numel() != n
        {
            return Err(Error::new(ErrorKind::InvalidArgument, op, "zero_points")
                .expected("as many values as scales:", Info::Int(n as i64))
                .got(Info::Shape(zp.shape())));
        }
        Ok(Channels {
            stride: input.strides()[axis],
            size,
            single: n == 1,
        })
    }

    /// The input's stride along the axis (elements), the axis' size, and whether one
    /// parameter serves every channel.
    pub fn layout(&self) -> (usize, usize, bool) {
        (self.stride, self.size, self.single)
    }

    #[inline(always)]
    pub fn of(&self, offset: usize) -> usize {
        if self.single {
            0
        } else {
            (offset / self.stride) % self.size
        }
    }
}
