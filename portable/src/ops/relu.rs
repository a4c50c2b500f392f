//! `relu.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = max(self, 0)` in `self`'s dtype (the out must have exactly that dtype); Bool is
//! rejected. NaN stays NaN and `-0.0` stays `-0.0` (ATen computes `clamp_min(self, 0)`).

use crate::util::clamp::clamp_scalar_impl;
use crate::util::pointwise::reject_bool;
use etk_core::{KernelContext, Result, Scalar, Tensor, boxed_kernel};

pub const OP: &str = "aten::relu.out";

pub fn relu_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    reject_bool(OP, "self", self_.dtype())?;
    // an Int zero never promotes: the result keeps self's dtype.
    clamp_scalar_impl(OP, self_, Some(("self", Scalar::Int(0))), None, out)
}

boxed_kernel!(pub fn relu_out_boxed = OP => relu_out(self_: &Tensor) -> (out));
