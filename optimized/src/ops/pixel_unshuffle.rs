//! `pixel_unshuffle.out(Tensor self, int downscale_factor, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Portable's kernel (`etk_portable::ops::pixel_unshuffle`: its checks, its views) with portable's
//! two views moved by the movement engine (tiles of `r` by `W`).

use crate::movement::Engine;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::ops::pixel_unshuffle::pixel_unshuffle_with;

pub const OP: &str = etk_portable::ops::pixel_unshuffle::OP;

pub fn pixel_unshuffle_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    downscale_factor: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    pixel_unshuffle_with(&Engine::new(ctx), self_, downscale_factor, out)
}

boxed_kernel!(pub fn pixel_unshuffle_out_boxed = OP => pixel_unshuffle_out(self_: &Tensor, downscale_factor: i64) -> (out));
