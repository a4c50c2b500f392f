//! `grid_sampler_2d.out(Tensor input, Tensor grid, int interpolation_mode, int padding_mode, bool align_corners, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Float, Half and BFloat16, bilinear and nearest with every padding mode, on the vector layer
//! (`crate::pool::grid`): portable's coordinate arithmetic and sums in its order, each
//! operation rounded to the dtype as portable does, so results are portable's exactly; any dim
//! order (channels-last input and out along channels, the rest along a row's points).
//! Portable's checks run first; bicubic, Double and planes whose offsets pass `i32` run
//! portable's kernel.

use crate::pool::grid::grid_sample;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::ops::grid_sampler_2d as portable;
use portable::{grid_sampler_2d_prepare, grid_sampler_2d_run};

pub const OP: &str = portable::OP;

pub fn grid_sampler_2d_out(
    ctx: &mut KernelContext<'_>,
    input: &Tensor<'_>,
    grid: &Tensor<'_>,
    interpolation_mode: i64,
    padding_mode: i64,
    align_corners: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let mode = grid_sampler_2d_prepare(input, grid, interpolation_mode, padding_mode, out)?;
    if out.numel() == 0 {
        return Ok(());
    }
    out.as_mut_ptr(OP, "out")?;
    // SAFETY: prepared above: the out has the sampled shape and is writable.
    if unsafe { grid_sample(ctx, input, grid, mode, align_corners, out) } {
        return Ok(());
    }
    grid_sampler_2d_run(input, grid, mode, align_corners, out)
}

boxed_kernel!(pub fn grid_sampler_2d_out_boxed = OP => grid_sampler_2d_out(input: &Tensor, grid: &Tensor, interpolation_mode: i64, padding_mode: i64, align_corners: bool) -> (out));
