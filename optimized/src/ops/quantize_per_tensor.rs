//! `quantized_decomposed::quantize_per_tensor.out(Tensor input, float scale, int zero_point,
//! int quant_min, int quant_max, ScalarType dtype, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `quantized_decomposed::quantize_per_tensor.Tensor_out(Tensor input, Tensor scale, Tensor
//! zero_point, int quant_min, int quant_max, ScalarType dtype, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = clamp(round(input * (1 / scale)) + zero_point, quant_min, quant_max)` as the
//! reference (`etk_quantized`) computes it, vectorized (`crate::quantized`) for Float, Half
//! and BFloat16 inputs into an out of the input's memory order at AVX2 and above. The
//! reference's checks run first, in its order; anything else is the reference kernel.

use crate::pointwise::half::FloatKind;
use crate::quantized::lanes::{QKind, dispatch};
use crate::quantized::{Axis, Quantize, level, same_layout};
use etk_core::out::{check_dtype, resize_out};
use etk_core::{KernelContext, Result, ScalarType, Tensor, boxed_kernel};
use etk_quantized::ops::quantize_per_tensor as reference;
use etk_quantized::util::qparams::tensor_qparams;
use etk_quantized::util::{check_qparams, check_quantize_input};

pub const OP: &str = reference::OP;
pub const OP_TENSOR: &str = reference::OP_TENSOR;

#[allow(clippy::too_many_arguments)]
pub fn quantize_per_tensor_out(
    ctx: &mut KernelContext<'_>,
    input: &Tensor<'_>,
    scale: f64,
    zero_point: i64,
    quant_min: i64,
    quant_max: i64,
    dtype: ScalarType,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let q = (scale, zero_point, quant_min, quant_max, dtype);
    match fast(OP, input, q, out) {
        Some(r) => r,
        None => reference::quantize_per_tensor_out(
            ctx, input, scale, zero_point, quant_min, quant_max, dtype, out,
        ),
    }
}

#[allow(clippy::too_many_arguments)]
pub fn quantize_per_tensor_tensor_out(
    ctx: &mut KernelContext<'_>,
    input: &Tensor<'_>,
    scale: &Tensor<'_>,
    zero_point: &Tensor<'_>,
    quant_min: i64,
    quant_max: i64,
    dtype: ScalarType,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let (s, z) = tensor_qparams(OP_TENSOR, scale, zero_point)?;
    match fast(OP_TENSOR, input, (s, z, quant_min, quant_max, dtype), out) {
        Some(r) => r,
        None => reference::quantize_per_tensor_tensor_out(
            ctx, input, scale, zero_point, quant_min, quant_max, dtype, out,
        ),
    }
}

/// The vector path, or `None` (nothing written) for the reference.
fn fast(
    op: &'static str,
    input: &Tensor<'_>,
    (scale, zero_point, quant_min, quant_max, dtype): (f64, i64, i64, i64, ScalarType),
    out: &mut Tensor<'_>,
) -> Option<Result<()>> {
    let isa = level()?;
    // UInt16 has no vector kind yet (`QKind::of` is None): the reference kernel.
    let (src_kind, dst_kind) = (FloatKind::of(input.dtype())?, QKind::of(dtype)?);
    let checked = (|| {
        check_quantize_input(op, "input", input)?;
        check_qparams(op, quant_min, quant_max, dtype)?;
        check_dtype(op, "out", out, dtype)?;
        resize_out(op, out, input.sizes())
    })();
    if let Err(e) = checked {
        return Some(Err(e));
    }
    if !same_layout(input, out) {
        return None;
    }
    let dst = match out.as_mut_ptr(op, "out") {
        Ok(p) => p,
        Err(e) => return Some(Err(e)),
    };
    // the reference's `1 / scale` (a double rounded to float) and its f32 zero point.
    let params = |_| ((1.0 / scale) as f32, zero_point as f32);
    let k = Quantize {
        src: input.as_ptr(),
        src_kind,
        dst,
        dst_kind,
        axis: Axis::whole(input.numel()),
        params: &params,
        lo: quant_min as f32,
        hi: quant_max as f32,
    };
    dispatch(isa, k).map(Ok)
}

boxed_kernel!(pub fn quantize_per_tensor_out_boxed = OP => quantize_per_tensor_out(
    input: &Tensor, scale: f64, zero_point: i64, quant_min: i64, quant_max: i64, dtype: ScalarType) -> (out));
boxed_kernel!(pub fn quantize_per_tensor_tensor_out_boxed = OP_TENSOR => quantize_per_tensor_tensor_out(
    input: &Tensor, scale: &Tensor, zero_point: &Tensor, quant_min: i64, quant_max: i64, dtype: ScalarType) -> (out));
