//! `quantized_decomposed::choose_qparams_per_token_asymmetric.out(Tensor input, ScalarType
//! dtype, *, Tensor(a!) scale_out, Tensor(b!) zero_point_out) -> (Tensor(a!), Tensor(b!))`
//!
//! Per token (last dim), XNNPACK's asymmetric int8 parameters as torch's reference computes
//! them, every step in the input's dtype: `scale = max((max(max, 0) - min(min, 0)) / 255,
//! eps)`, then the zero point from whichever of `-128 - min / scale` and `127 - max / scale`
//! has the smaller error, clamped to [-128, 127] and rounded. The outs have shape
//! `input.shape[:-1] + [1]`: `scale_out` Double, `zero_point_out` Long. `dtype` is not used
//! (the range is always [-128, 127]); a token of no elements has no min.

use crate::util::{check_float, logical_offset, maximum, minimum, round_to};
use etk_core::out::{check_dtype, resize_out};
use etk_core::shape::MAX_DIM;
use etk_core::{Error, KernelContext, Result, ScalarType, Tensor, boxed_kernel};

pub const OP: &str = "quantized_decomposed::choose_qparams_per_token_asymmetric.out";

pub fn choose_qparams_per_token_asymmetric_out(
    _ctx: &mut KernelContext<'_>,
    input: &Tensor<'_>,
    _dtype: ScalarType,
    scale_out: &mut Tensor<'_>,
    zero_point_out: &mut Tensor<'_>,
) -> Result<()> {
    check_float(OP, "input", input.dtype())?;
    check_dtype(OP, "scale_out", scale_out, ScalarType::Double)?;
    check_dtype(OP, "zero_point_out", zero_point_out, ScalarType::Long)?;
    let rank = input.dim();
    if rank == 0 || input.size(rank - 1) == 0 {
        return Err(Error::invalid(
            OP,
            "input",
            "a last dim of at least one element",
        ));
    }
    let n = input.size(rank - 1);
    let mut shape = [0usize; MAX_DIM];
    shape[..rank].copy_from_slice(input.sizes());
    shape[rank - 1] = 1;
    resize_out(OP, scale_out, &shape[..rank]).map_err(|e| Error {
        arg: "scale_out",
        ..e
    })?;
    resize_out(OP, zero_point_out, &shape[..rank]).map_err(|e| Error {
        arg: "zero_point_out",
        ..e
    })?;
    let r = round_to(input.dtype());
    let tokens = input.numel() / n;
    let eps = r(f32::EPSILON as f64);
    let (qmin, qmax) = (-128.0, 127.0);
    let so = scale_out.as_mut_ptr(OP, "scale_out")? as *mut f64;
    let zo = zero_point_out.as_mut_ptr(OP, "zero_point_out")? as *mut i64;
    for t in 0..tokens {
        let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
        for j in 0..n {
            let x = input
                .read::<f64>(logical_offset(input, t * n + j))
                .unwrap_or(f64::NAN);
            lo = minimum(lo, x);
            hi = maximum(hi, x);
        }
        let min_neg = minimum(lo, 0.0);
        let max_pos = maximum(hi, 0.0);
        let scale = r(r(max_pos - min_neg) / 255.0);
        // `clamp(min=eps)`
        let scale = if scale.is_nan() {
            scale
        } else {
            scale.max(eps)
        };
        let dmin = r(min_neg / scale);
        let dmax = r(max_pos / scale);
        let err = r(r(qmin + dmin) + r(qmax + dmax));
        let zp = if err > 0.0 {
            r(qmin - dmin)
        } else {
            r(qmax - dmax)
        };
        let zp = libm::rint(if zp.is_nan() {
            zp
        } else {
            zp.clamp(qmin, qmax)
        });
        // SAFETY: both outs were resized to `tokens` elements; token `t`'s element sits at
        // its logical index's offset.
        unsafe {
            *so.add(logical_offset(scale_out, t)) = scale;
            *zo.add(logical_offset(zero_point_out, t)) = etk_core::element::f64_to_i64_x86(zp);
        }
    }
    Ok(())
}

boxed_kernel!(pub fn choose_qparams_per_token_asymmetric_out_boxed = OP => choose_qparams_per_token_asymmetric_out(
    input: &Tensor, dtype: ScalarType) -> (scale_out, zero_point_out));
