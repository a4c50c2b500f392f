//! `quantized_decomposed::choose_qparams.Tensor_out(Tensor input, int quant_min, int quant_max,
//! float eps, ScalarType dtype, *, Tensor(a!) scale_out, Tensor(b!) zero_point_out) ->
//! (Tensor(a!), Tensor(b!))`
//!
//! Per-tensor affine parameters as torch's reference (`determine_qparams`) picks them from
//! the input's min and max: `scale = max((max(max, 0) - min(min, 0)) / (quant_max -
//! quant_min), eps)` and `zero_point = clamp(quant_min - round(min(min, 0) / scale),
//! quant_min, quant_max)`. The min/max and the first division are in the input's dtype
//! (Half / BFloat16 rounded), the rest in Float (`eps` is a Float tensor). The outs get shape
//! `[1]`: `scale_out` Double, `zero_point_out` Long. The range must contain 0 and
//! `quant_min < quant_max` (it may exceed `dtype`'s, as in torch, within int32); an empty
//! input has no min.

use crate::util::{check_quantize_input, clamp, maximum, minimum, qrange, rounder32};
use etk_core::element::loader;
use etk_core::out::{check_dtype, resize_out};
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, ScalarType, Tensor, boxed_kernel};

pub const OP: &str = "quantized_decomposed::choose_qparams.Tensor_out";

#[allow(clippy::too_many_arguments)]
pub fn choose_qparams_tensor_out(
    _ctx: &mut KernelContext<'_>,
    input: &Tensor<'_>,
    quant_min: i64,
    quant_max: i64,
    eps: f64,
    dtype: ScalarType,
    scale_out: &mut Tensor<'_>,
    zero_point_out: &mut Tensor<'_>,
) -> Result<()> {
    check_quantize_input(OP, "input", input)?;
    // torch checks only that `dtype` is a quantized dtype, not the bounds against its range
    // (nor does ExecuTorch's kernel); it clamps an Int zero point to them, which fails for
    // bounds past int32.
    qrange(dtype).ok_or(Error::dtype(
        OP,
        "dtype",
        "a quantized dtype (Byte, Char, Short, UInt16 or Int)",
        dtype,
    ))?;
    for (arg, v) in [("quant_min", quant_min), ("quant_max", quant_max)] {
        if i32::try_from(v).is_err() {
            return Err(Error::new(ErrorKind::InvalidArgument, OP, arg)
                .expected_text("a bound that fits in int32 (torch clamps an Int zero point to it)")
                .got(Info::Int(v)));
        }
    }
    if !(quant_min <= 0 && 0 <= quant_max && quant_min < quant_max) {
        return Err(Error::invalid(
            OP,
            "quant_min",
            "a range quant_min < quant_max that includes 0",
        ));
    }
    if input.numel() == 0 {
        return Err(Error::invalid(
            OP,
            "input",
            "a non-empty tensor (its min and max)",
        ));
    }
    check_dtype(OP, "scale_out", scale_out, ScalarType::Double)?;
    check_dtype(OP, "zero_point_out", zero_point_out, ScalarType::Long)?;
    resize_out(OP, scale_out, &[1]).map_err(|e| Error {
        arg: "scale_out",
        ..e
    })?;
    resize_out(OP, zero_point_out, &[1]).map_err(|e| Error {
        arg: "zero_point_out",
        ..e
    })?;
    let (lo, hi) = min_max(input)?;
    let (scale, zp) = affine_qparams(input.dtype(), lo, hi, quant_min, quant_max, eps as f32);
    write1(scale_out, scale)?;
    write1(zero_point_out, zp)
}

/// The min and max of a non-empty tensor's elements (NaN if any is NaN), as f32.
fn min_max(input: &Tensor<'_>) -> Result<(f32, f32)> {
    let load =
        loader::<f32>(input.dtype()).ok_or(Error::unsupported_dtype(OP, "input", input.dtype()))?;
    let (mut lo, mut hi) = (f32::INFINITY, f32::NEG_INFINITY);
    let mut buf = [0f32; 256];
    let n = input.numel();
    let mut done = 0;
    while done < n {
        let k = (n - done).min(buf.len());
        // SAFETY: elements `done..done + k` of the input's memory exist (dense storage).
        unsafe {
            load(
                input.as_ptr().add(done * input.element_size()),
                1,
                &mut buf[..k],
            )
        };
        for &x in &buf[..k] {
            lo = minimum(lo, x);
            hi = maximum(hi, x);
        }
        done += k;
    }
    Ok((lo, hi))
}

/// `determine_qparams` for per-tensor affine quantization.
fn affine_qparams(
    dtype: ScalarType,
    lo: f32,
    hi: f32,
    qmin: i64,
    qmax: i64,
    eps: f32,
) -> (f64, i64) {
    let r = rounder32(dtype);
    let min_neg = minimum(lo, 0.0);
    let max_pos = maximum(hi, 0.0);
    let scale = r(r(max_pos - min_neg) / (qmax - qmin) as f32);
    let scale = maximum(scale, eps);
    let q = libm::rintf(min_neg / scale);
    // `.to(torch.int)`, then `quant_min - zp` in int32 (wrapping), then the clamp.
    let zp = (qmin as i32).wrapping_sub(etk_core::element::f64_to_i32_x86(q as f64)) as i64;
    (
        scale as f64,
        clamp(zp as f64, qmin as f64, qmax as f64) as i64,
    )
}

fn write1<E: etk_core::Element>(t: &mut Tensor<'_>, v: E) -> Result<()> {
    let s = t
        .as_mut_slice::<E>()
        .ok_or(Error::invalid(OP, "out", "a writable out"))?;
    s[0] = v;
    Ok(())
}

boxed_kernel!(pub fn choose_qparams_tensor_out_boxed = OP => choose_qparams_tensor_out(
    input: &Tensor, quant_min: i64, quant_max: i64, eps: f64, dtype: ScalarType) -> (scale_out, zero_point_out));
