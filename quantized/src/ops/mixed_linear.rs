//! `quantized_decomposed::mixed_linear.out(Tensor input, Tensor weight, Tensor weight_scales,
//! Tensor? weight_zero_points, ScalarType? dtype=None, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = input @ (weight * scales).T` for a float `[m, n]` input and an int8 `[p, n]` weight
//! with one scale per weight row (`[p]`) or per group of columns (`[p, groups]`, groups of
//! `g = ceil(n / groups)` columns), as ExecuTorch's kernel computes it (torch has no reference;
//! like it, group `k` of row `j` reads scale `j * ceil(n / g) + k` of the flattened scales,
//! which differs from `[j, k]` when `groups` does not divide `n` evenly):
//! per group, `psum += input[i, k] * weight[j, k]` (the product in the input's dtype), then
//! `sum += psum * scale`, both sums in the out's dtype (Float or Half; `dtype` when given must
//! be the out's). Zero points are not supported (ExecuTorch rejects them too).

use crate::util::mixed::{check_mixed_common, check_rank};
use crate::util::{logical_offset, round_to};
use etk_core::element::storer;
use etk_core::out::{check_dtype, resize_out};
use etk_core::{
    Error, ErrorKind, Info, KernelContext, Result, ScalarType, Tensor, boxed_kernel, promote_types,
};

pub const OP: &str = "quantized_decomposed::mixed_linear.out";

pub fn mixed_linear_out(
    _ctx: &mut KernelContext<'_>,
    input: &Tensor<'_>,
    weight: &Tensor<'_>,
    weight_scales: &Tensor<'_>,
    weight_zero_points: Option<&Tensor<'_>>,
    dtype: Option<ScalarType>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    check_mixed_common(OP, input, weight, weight_scales, weight_zero_points)?;
    check_rank(OP, "weight_scales", weight_scales, &[1, 2])?;
    if let Some(d) = dtype {
        if !matches!(d, ScalarType::Float | ScalarType::Half) {
            return Err(Error::dtype(OP, "dtype", "Float or Half", d));
        }
        check_dtype(OP, "out", out, d)?;
    } else if !matches!(
        out.dtype(),
        ScalarType::Float | ScalarType::Half | ScalarType::Double
    ) {
        return Err(Error::dtype(OP, "out", "a floating dtype", out.dtype()));
    }
    let (m, n, p) = (input.size(0), input.size(1), weight.size(0));
    if weight.size(1) != n {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "weight")
            .expected("columns matching input's:", Info::Int(n as i64))
            .got(Info::Shape(weight.shape())));
    }
    if weight_scales.size(0) != p {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "weight_scales")
            .expected("one row per weight row:", Info::Int(p as i64))
            .got(Info::Shape(weight_scales.shape())));
    }
    let g = if weight_scales.dim() == 2 {
        let c = weight_scales.size(1);
        if c == 0 {
            return Err(Error::invalid(
                OP,
                "weight_scales",
                "at least one group per row",
            ));
        }
        n.div_ceil(c)
    } else {
        n
    };
    let n_over_g = if g == 0 { 0 } else { n.div_ceil(g) };
    if weight_scales.dim() == 2 && weight_scales.size(1) < n_over_g {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "weight_scales")
            .expected("groups per row:", Info::Int(n_over_g as i64))
            .got(Info::Shape(weight_scales.shape())));
    }
    resize_out(OP, out, &[m, p])?;
    // C++'s arithmetic on c10::Half: Half op Half rounds to Half, Half op float is float, and
    // `Half += float` converts the float to Half first.
    let (ru, rt) = (round_to(input.dtype()), round_to(out.dtype()));
    let rp = round_to(promote_types(input.dtype(), out.dtype()).unwrap_or(ScalarType::Float));
    let store =
        storer::<f64>(out.dtype()).ok_or(Error::unsupported_dtype(OP, "out", out.dtype()))?;
    let dst = out.as_mut_ptr(OP, "out")?;
    let esz = out.element_size();
    for i in 0..m {
        for j in 0..p {
            let mut sum = 0.0;
            let mut k = 0;
            while k < n {
                let mut psum = 0.0;
                for k2 in k..(k + g).min(n) {
                    let x = input
                        .read::<f64>(logical_offset(input, i * n + k2))
                        .unwrap_or(0.0);
                    let y = weight
                        .read::<f64>(logical_offset(weight, j * n + k2))
                        .unwrap_or(0.0);
                    psum = rt(psum + rt(ru(x * y)));
                }
                let s = weight_scales
                    .read::<f64>(logical_offset(weight_scales, j * n_over_g + k / g))
                    .unwrap_or(0.0);
                sum = rt(sum + rt(rp(psum * s)));
                k += g;
            }
            // SAFETY: the out was resized to [m, p]; (i, j) lies within it.
            unsafe { store(dst.add(logical_offset(out, i * p + j) * esz), 1, &[sum]) };
        }
    }
    Ok(())
}

boxed_kernel!(pub fn mixed_linear_out_boxed = OP => mixed_linear_out(
    input: &Tensor, weight: &Tensor, weight_scales: &Tensor, weight_zero_points: Option<&Tensor>,
    dtype: Option<ScalarType>) -> (out));
