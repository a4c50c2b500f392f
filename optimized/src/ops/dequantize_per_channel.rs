//! `quantized_decomposed::dequantize_per_channel.out(Tensor input, Tensor scales, Tensor?
//! zero_points, int axis, int quant_min, int quant_max, ScalarType dtype, *, ScalarType?
//! out_dtype=None, Tensor(a!) out) -> Tensor(a!)`
//!
//! Per channel `c` along `axis`: `out = ((input - zero_points[c]) * scales[c]).to(out_dtype)`
//! as the reference (`etk_quantized`) computes it, vectorized (`crate::quantized`) where its
//! arithmetic is exactly f32's: Byte, Char or Short inputs with Int / Long zero points (or
//! none) of magnitude at most 2^23 (so `input - zero_points[c]` is exact in f32), Float scales
//! (Half / BFloat16 scales: Byte and Char inputs, the product rounded to them), into a Float,
//! Half or BFloat16 out of the input's memory order (any axis, any dim order) at AVX2 and
//! above. Everything else — Int inputs, narrow or floating zero points (torch wraps or
//! promotes them), Double, other layouts — is the reference kernel, whose checks also run
//! first here.

use crate::pointwise::half::FloatKind;
use crate::quantized::lanes::{QKind, dispatch};
use crate::quantized::{Axis, Dequantize, QSrc, Round, level, same_layout};
use etk_core::out::resize_out;
use etk_core::{KernelContext, Result, ScalarType, Tensor, boxed_kernel};
use etk_quantized::ops::dequantize_per_channel as reference;
use etk_quantized::util::qparams::{Channels, check_dequant_input, dequant_dtypes};
use etk_quantized::util::{check_float, check_real, param};

pub const OP: &str = reference::OP;

/// The largest zero point whose difference with any Short input is exact in f32.
const MAX_ZERO_POINT: i64 = 1 << 23;

#[allow(clippy::too_many_arguments)]
pub fn dequantize_per_channel_out(
    ctx: &mut KernelContext<'_>,
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
    let q = (axis, quant_min, quant_max, dtype, out_dtype);
    match fast(input, scales, zero_points, q, out) {
        Some(r) => r,
        None => reference::dequantize_per_channel_out(
            ctx,
            input,
            scales,
            zero_points,
            axis,
            quant_min,
            quant_max,
            dtype,
            out_dtype,
            out,
        ),
    }
}

type Args = (i64, i64, i64, ScalarType, Option<ScalarType>);

/// The vector path, or `None` (nothing written) for the reference.
fn fast(
    input: &Tensor<'_>,
    scales: &Tensor<'_>,
    zero_points: Option<&Tensor<'_>>,
    (axis, quant_min, quant_max, dtype, out_dtype): Args,
    out: &mut Tensor<'_>,
) -> Option<Result<()>> {
    let isa = level()?;
    // UInt16 has no vector kind yet (`QKind::of` is None): the reference kernel.
    let src_kind = QKind::of(dtype)?;
    let checked = (|| {
        check_dequant_input(OP, input, quant_min, quant_max, dtype)?;
        check_float(OP, "scales", scales.dtype())?;
        if let Some(zp) = zero_points {
            check_real(OP, "zero_points", zp.dtype())?;
        }
        dequant_dtypes(OP, out_dtype, out)?;
        Channels::new(OP, input, scales, zero_points, axis)
    })();
    let ch = match checked {
        Ok(ch) => ch,
        Err(e) => return Some(Err(e)),
    };
    let round = Round::of(scales.dtype())?;
    let dst_kind = FloatKind::of(out.dtype())?;
    let narrow_input = matches!(src_kind, QKind::U8 | QKind::I8);
    if src_kind == QKind::I32 || (round != Round::F32 && !narrow_input) {
        return None;
    }
    if let Some(zp) = zero_points {
        if !matches!(zp.dtype(), ScalarType::Int | ScalarType::Long) {
            return None;
        }
        let small =
            (0..zp.numel()).all(|c| param::<i64>(zp, c).unsigned_abs() <= MAX_ZERO_POINT as u64);
        if !small {
            return None;
        }
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
    let params = |c| {
        let zp = zero_points.map_or(0, |z| param::<i64>(z, c));
        (param::<f32>(scales, c), zp as f32)
    };
    let k = Dequantize {
        src: input.as_ptr(),
        src_kind: QSrc::Q(src_kind),
        dst,
        dst_kind,
        axis,
        params: &params,
        round,
    };
    dispatch(isa, k).map(Ok)
}

boxed_kernel!(pub fn dequantize_per_channel_out_boxed = OP => dequantize_per_channel_out(
    input: &Tensor, scales: &Tensor, zero_points: Option<&Tensor>, axis: i64, quant_min: i64, quant_max: i64,
    dtype: ScalarType, out_dtype: Option<ScalarType>) -> (out));
