//! `logical_not.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = !self`: true where the input is zero (`-0.0` is zero, NaN is not). Any input dtype.
//! Surprising but ATen: the out may have any dtype; it receives `1` / `0` (`1.0` for a Float
//! out).

use crate::util::compare::logical_unary_out;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::logical_not.out";

pub fn logical_not_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    logical_unary_out(OP, self_, out, |a| !a)
}

boxed_kernel!(pub fn logical_not_out_boxed = OP => logical_not_out(self_: &Tensor) -> (out));
