//! `pixel_shuffle.out(Tensor self, int upscale_factor, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Portable's kernel (`etk_portable::ops::pixel_shuffle`: its checks, its views) with portable's
//! two views moved by the movement engine (tiles of `W` by `r`).

use crate::movement::Engine;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::ops::pixel_shuffle::pixel_shuffle_with;

pub const OP: &str = etk_portable::ops::pixel_shuffle::OP;

pub fn pixel_shuffle_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    upscale_factor: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    pixel_shuffle_with(&Engine::new(ctx), self_, upscale_factor, out)
}

boxed_kernel!(pub fn pixel_shuffle_out_boxed = OP => pixel_shuffle_out(self_: &Tensor, upscale_factor: i64) -> (out));
