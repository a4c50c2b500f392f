//! `neg.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Elementwise negation: `neg(0.0) == -0.0`.
//! Integers wrap: `neg(i64::MIN) == i64::MIN`, and unsigned Byte wraps modulo 256
//! (`neg(200u8) == 56`). Bool is rejected ("use `~` or `logical_not()`").
//!
//! The result keeps the input's dtype and the out must have exactly that dtype (ATen's
//! `unary_op` iterator does not cast: a Float input into a Double out is rejected).
//! Complex: both parts negated (every complex dtype).

use crate::util::dispatch::Float;
use crate::util::unary::{unary_complex_keep_dtype_op, unary_keep_dtype_op};
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::neg.out";

pub fn neg_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    if self_.dtype().is_complex() {
        return unary_complex_keep_dtype_op(OP, self_, out, |z| -z, |z| -z);
    }
    unary_keep_dtype_op(
        OP,
        self_,
        out,
        false,
        i64::wrapping_neg,
        neg::<f32>,
        neg::<f64>,
    )
}

fn neg<F: Float>(x: F) -> F {
    -x
}

boxed_kernel!(pub fn neg_out_boxed = OP => neg_out(self_: &Tensor) -> (out));
