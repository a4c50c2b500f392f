//! `sign.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Elementwise sign: -1, 0 or 1 in the input's dtype.
//! Surprising but ATen: `sign(NaN) == 0` and `sign(-0.0) == +0.0` (it computes
//! `(0 < x) - (x < 0)`). Bool is accepted and is the identity.
//!
//! The result keeps the input's dtype and the out must have exactly that dtype (ATen's
//! `unary_op` iterator does not cast: a Float input into a Double out is rejected).

use crate::util::dispatch::Float;
use crate::util::unary::unary_keep_dtype_op;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::sign.out";

pub fn sign_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    unary_keep_dtype_op(OP, self_, out, true, i64::signum, sign::<f32>, sign::<f64>)
}

/// `(0 < x) - (x < 0)`: NaN and ±0 give +0.
fn sign<F: Float>(x: F) -> F {
    if x > F::ZERO {
        F::ONE
    } else if x < F::ZERO {
        -F::ONE
    } else {
        F::ZERO
    }
}

boxed_kernel!(pub fn sign_out_boxed = OP => sign_out(self_: &Tensor) -> (out));
