//! `rsqrt.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Elementwise `1 / sqrt(x)`: `rsqrt(-0.0) = -inf`, `rsqrt(+inf) = 0`, NaN below 0.
//!
//! Integer and Bool inputs compute in Float (ATen's default dtype); Half and BFloat16 compute
//! in f32 and round once. The out may be any floating dtype (a Double result into a Half out is
//! accepted); integral and Bool outs are rejected.

use crate::util::dispatch::Float;
use crate::util::unary::unary_float_op;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::rsqrt.out";

pub fn rsqrt_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    unary_float_op(OP, self_, out, rsqrt::<f32>, rsqrt::<f64>)
}

/// `1 / sqrt(x)`, as ATen computes it (a division after a correctly rounded square root).
fn rsqrt<F: Float>(x: F) -> F {
    F::ONE / x.sqrt()
}

boxed_kernel!(pub fn rsqrt_out_boxed = OP => rsqrt_out(self_: &Tensor) -> (out));
