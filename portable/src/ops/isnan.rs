//! `isnan.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Elementwise test for NaN (`self != self`). Every dtype is accepted (integers and Bool are
//! never NaN); the out must be Bool.

use crate::util::unary::unary_predicate_op;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::isnan.out";

pub fn isnan_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    unary_predicate_op(OP, self_, out, f64::is_nan)
}

boxed_kernel!(pub fn isnan_out_boxed = OP => isnan_out(self_: &Tensor) -> (out));
