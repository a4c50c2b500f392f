//! `quantized_decomposed::dequantize_per_tensor.out(Tensor input, float scale, int zero_point,
//! int quant_min, int quant_max, ScalarType dtype, *, ScalarType? out_dtype=None,
//! Tensor(a!) out) -> Tensor(a!)`
//!
//! `quantized_decomposed::dequantize_per_tensor.Tensor_out(Tensor input, Tensor scale, Tensor
//! zero_point, int quant_min, int quant_max, ScalarType dtype, *, ScalarType? out_dtype=None,
//! Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = (input.to(out_dtype) - zero_point) * scale` as the reference (`etk_quantized`)
//! computes it (each step rounded to `out_dtype` when that is Half or BFloat16), vectorized
//! (`crate::quantized`) for every quantized input into a Float, Half or BFloat16 out of the
//! input's memory order at AVX2 and above. Double (as `out_dtype` or out) and other layouts:
//! the reference kernel, whose checks also run first here, in its order.

use crate::pointwise::half::FloatKind;
use crate::quantized::lanes::{QKind, dispatch};
use crate::quantized::{Axis, Dequantize, QSrc, Round, level, same_layout};
use etk_core::out::resize_out;
use etk_core::{KernelContext, Result, ScalarType, Tensor, boxed_kernel};
use etk_quantized::ops::dequantize_per_tensor as reference;
use etk_quantized::util::qparams::{check_dequant_input, dequant_dtypes, tensor_qparams};

pub const OP: &str = reference::OP;
pub const OP_TENSOR: &str = reference::OP_TENSOR;

#[allow(clippy::too_many_arguments)]
pub fn dequantize_per_tensor_out(
    ctx: &mut KernelContext<'_>,
    input: &Tensor<'_>,
    scale: f64,
    zero_point: i64,
    quant_min: i64,
    quant_max: i64,
    dtype: ScalarType,
    out_dtype: Option<ScalarType>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let q = (scale, zero_point, quant_min, quant_max, dtype, out_dtype);
    match fast(OP, input, q, out) {
        Some(r) => r,
        None => reference::dequantize_per_tensor_out(
            ctx, input, scale, zero_point, quant_min, quant_max, dtype, out_dtype, out,
        ),
    }
}

#[allow(clippy::too_many_arguments)]
pub fn dequantize_per_tensor_tensor_out(
    ctx: &mut KernelContext<'_>,
    input: &Tensor<'_>,
    scale: &Tensor<'_>,
    zero_point: &Tensor<'_>,
    quant_min: i64,
    quant_max: i64,
    dtype: ScalarType,
    out_dtype: Option<ScalarType>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let (s, z) = tensor_qparams(OP_TENSOR, scale, zero_point)?;
    match fast(
        OP_TENSOR,
        input,
        (s, z, quant_min, quant_max, dtype, out_dtype),
        out,
    ) {
        Some(r) => r,
        None => reference::dequantize_per_tensor_tensor_out(
            ctx, input, scale, zero_point, quant_min, quant_max, dtype, out_dtype, out,
        ),
    }
}

type Args = (f64, i64, i64, i64, ScalarType, Option<ScalarType>);

/// The vector path, or `None` (nothing written) for the reference.
fn fast(
    op: &'static str,
    input: &Tensor<'_>,
    (scale, zero_point, quant_min, quant_max, dtype, out_dtype): Args,
    out: &mut Tensor<'_>,
) -> Option<Result<()>> {
    let isa = level()?;
    // UInt16 has no vector kind yet (`QKind::of` is None): the reference kernel.
    let src_kind = QKind::of(dtype)?;
    let checked = (|| {
        check_dequant_input(op, input, quant_min, quant_max, dtype)?;
        dequant_dtypes(op, out_dtype, out)
    })();
    let compute = match checked {
        Ok(c) => c,
        Err(e) => return Some(Err(e)),
    };
    let (round, dst_kind) = (Round::of(compute)?, FloatKind::of(out.dtype())?);
    if let Err(e) = resize_out(op, out, input.sizes()) {
        return Some(Err(e));
    }
    if !same_layout(input, out) {
        return None;
    }
    let dst = match out.as_mut_ptr(op, "out") {
        Ok(p) => p,
        Err(e) => return Some(Err(e)),
    };
    let params = |_| (scale as f32, zero_point as f32);
    let k = Dequantize {
        src: input.as_ptr(),
        src_kind: QSrc::Q(src_kind),
        dst,
        dst_kind,
        axis: Axis::whole(input.numel()),
        params: &params,
        round,
    };
    dispatch(isa, k).map(Ok)
}

boxed_kernel!(pub fn dequantize_per_tensor_out_boxed = OP => dequantize_per_tensor_out(
    input: &Tensor, scale: f64, zero_point: i64, quant_min: i64, quant_max: i64, dtype: ScalarType,
    out_dtype: Option<ScalarType>) -> (out));
boxed_kernel!(pub fn dequantize_per_tensor_tensor_out_boxed = OP_TENSOR => dequantize_per_tensor_tensor_out(
    input: &Tensor, scale: &Tensor, zero_point: &Tensor, quant_min: i64, quant_max: i64, dtype: ScalarType,
    out_dtype: Option<ScalarType>) -> (out));
