//! `upsample_bilinear2d.vec_out(Tensor input, SymInt[]? output_size, bool align_corners, float[]? scale_factors, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Float, Half and BFloat16 on the vector layer (`crate::pool::resample`), `align_corners`
//! either way, sizes or scale factors: portable's taps and weights (`linear_taps` in f32), its
//! products and sums in its order, rounded once to the dtype, so results are portable's
//! exactly. Channels-last input and out run along channels, an out with contiguous rows along
//! output columns (each input row's horizontal pass computed once). Portable's checks run
//! first (the same calls, in its order); Byte (ATen's fixed-point kernel), Double, other out
//! layouts and calls without scratch run portable's kernel.

use crate::pool::resample::bilinear;
use etk_core::out::{check_dtype, resize_out};
use etk_core::{KernelContext, Result, ScalarType, Tensor, boxed_kernel};
use etk_portable::ops::upsample_bilinear2d as portable;
use etk_portable::util::resample::plan_2d;

pub const OP: &str = portable::OP;

pub fn upsample_bilinear2d_vec_out(
    ctx: &mut KernelContext<'_>,
    input: &Tensor<'_>,
    output_size: Option<&[i64]>,
    align_corners: bool,
    scale_factors: Option<&[f64]>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let fallback = |ctx: &mut KernelContext<'_>, out: &mut Tensor<'_>| {
        portable::upsample_bilinear2d_vec_out(
            ctx,
            input,
            output_size,
            align_corners,
            scale_factors,
            out,
        )
    };
    if !matches!(
        input.dtype(),
        ScalarType::Float | ScalarType::Half | ScalarType::BFloat16
    ) {
        return fallback(ctx, out);
    }
    let plan = plan_2d(OP, input, output_size, scale_factors)?;
    check_dtype(OP, "out", out, input.dtype())?;
    let [oh, ow] = plan.out_hw;
    resize_out(OP, out, &[input.size(0), input.size(1), oh, ow])?;
    if out.numel() == 0 {
        return Ok(());
    }
    out.as_mut_ptr(OP, "out")?;
    // SAFETY: the out was checked and resized above and is writable.
    if unsafe { bilinear(ctx, input, out, align_corners, plan.scales) } {
        return Ok(());
    }
    fallback(ctx, out)
}

boxed_kernel!(pub fn upsample_bilinear2d_vec_out_boxed = OP => upsample_bilinear2d_vec_out(input: &Tensor, output_size: Option<&[i64]>, align_corners: bool, scale_factors: Option<&[f64]>) -> (out));
