//! `constant_pad_nd.out(Tensor self, SymInt[] pad, Scalar value=0, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Portable's kernel (`etk_portable::ops::constant_pad_nd`: its checks, its views) with the out
//! filled and the input moved into its region by the movement engine.

use crate::movement::Engine;
use etk_core::{KernelContext, Result, Scalar, Tensor, boxed_kernel};
use etk_portable::ops::constant_pad_nd::constant_pad_nd_with;

pub const OP: &str = etk_portable::ops::constant_pad_nd::OP;

pub fn constant_pad_nd_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    pad: &[i64],
    value: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    constant_pad_nd_with(&Engine::new(ctx), self_, pad, value, out)
}

boxed_kernel!(pub fn constant_pad_nd_out_boxed = OP => constant_pad_nd_out(self_: &Tensor, pad: &[i64], value: Scalar) -> (out));
