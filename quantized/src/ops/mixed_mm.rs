//! `quantized_decomposed::mixed_mm.out(Tensor input, Tensor weight, Tensor weight_scales,
//! Tensor? weight_zero_points, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out[i, j] = sum_k input[i, k] * weight[k, j] * weight_scales[k]`: a float `[m, n]` input
//! times an int8 `[n, p]` weight with one scale per weight row, as ExecuTorch's kernel
//! computes it (torch has no reference): input, scales and out share one dtype (Float or
//! Half), and every product and partial sum is rounded to it, in order of `k`. Zero points
//! are not supported (ExecuTorch rejects them too).

use crate::util::mixed::{check_mixed_common, check_rank};
use crate::util::{logical_offset, round_to};
use etk_core::element::storer;
use etk_core::out::{check_dtype, resize_out};
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "quantized_decomposed::mixed_mm.out";

pub fn mixed_mm_out(
    _ctx: &mut KernelContext<'_>,
    input: &Tensor<'_>,
    weight: &Tensor<'_>,
    weight_scales: &Tensor<'_>,
    weight_zero_points: Option<&Tensor<'_>>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    check_mixed_common(OP, input, weight, weight_scales, weight_zero_points)?;
    check_rank(OP, "weight_scales", weight_scales, &[1])?;
    check_dtype(OP, "out", out, input.dtype())?;
    let (m, n, p) = (input.size(0), input.size(1), weight.size(1));
    if weight.size(0) != n {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "weight")
            .expected("rows matching input's columns:", Info::Int(n as i64))
            .got(Info::Shape(weight.shape())));
    }
    if weight_scales.size(0) != n {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "weight_scales")
            .expected("one scale per weight row:", Info::Int(n as i64))
            .got(Info::Shape(weight_scales.shape())));
    }
    resize_out(OP, out, &[m, p])?;
    let r = round_to(input.dtype());
    let store =
        storer::<f64>(out.dtype()).ok_or(Error::unsupported_dtype(OP, "out", out.dtype()))?;
    let dst = out.as_mut_ptr(OP, "out")?;
    let esz = out.element_size();
    for i in 0..m {
        for j in 0..p {
            let mut sum = 0.0;
            for k in 0..n {
                let x = input
                    .read::<f64>(logical_offset(input, i * n + k))
                    .unwrap_or(0.0);
                let y = weight
                    .read::<f64>(logical_offset(weight, k * p + j))
                    .unwrap_or(0.0);
                let s = weight_scales
                    .read::<f64>(logical_offset(weight_scales, k))
                    .unwrap_or(0.0);
                sum = r(sum + r(r(x * y) * s));
            }
            // SAFETY: the out was resized to [m, p]; (i, j) lies within it.
            unsafe { store(dst.add(logical_offset(out, i * p + j) * esz), 1, &[sum]) };
        }
    }
    Ok(())
}

boxed_kernel!(pub fn mixed_mm_out_boxed = OP => mixed_mm_out(
    input: &Tensor, weight: &Tensor, weight_scales: &Tensor, weight_zero_points: Option<&Tensor>) -> (out));
