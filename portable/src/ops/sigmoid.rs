//! `sigmoid.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Elementwise logistic function `1 / (1 + exp(-x))`: 0 at -inf, 1 at +inf.
//!
//! Integer and Bool inputs compute in Float (ATen's default dtype); Half and BFloat16 compute
//! in f32 and round once. The out may be any floating dtype (a Double result into a Half out is
//! accepted); integral and Bool outs are rejected.

use crate::util::dispatch::Float;
use crate::util::unary::unary_float_op;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::sigmoid.out";

pub fn sigmoid_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    unary_float_op(OP, self_, out, sigmoid::<f32>, sigmoid::<f64>)
}

/// `1 / (1 + exp(-x))`, the formula ATen's CPU kernel evaluates.
fn sigmoid<F: Float>(x: F) -> F {
    F::ONE / (F::ONE + (-x).exp())
}

boxed_kernel!(pub fn sigmoid_out_boxed = OP => sigmoid_out(self_: &Tensor) -> (out));
