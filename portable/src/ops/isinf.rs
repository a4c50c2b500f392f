//! `isinf.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Elementwise test for ±infinity. Every dtype is accepted (integers and Bool are never
//! infinite); the out must be Bool.

use crate::util::unary::unary_predicate_op;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::isinf.out";

pub fn isinf_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    unary_predicate_op(OP, self_, out, f64::is_infinite)
}

boxed_kernel!(pub fn isinf_out_boxed = OP => isinf_out(self_: &Tensor) -> (out));
