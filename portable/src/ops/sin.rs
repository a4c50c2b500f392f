//! `sin.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Elementwise sine. Integer and Bool inputs compute in Float (ATen's default dtype); the out
//! may be any dtype the result casts to (floating, not integral).

use crate::util::dispatch::Float;
use crate::util::pointwise::unary_float_op;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::sin.out";

pub fn sin_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    unary_float_op(OP, self_, out, Float::sin, Float::sin)
}

boxed_kernel!(pub fn sin_out_boxed = OP => sin_out(self_: &Tensor) -> (out));
