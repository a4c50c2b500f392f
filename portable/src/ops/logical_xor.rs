//! `logical_xor.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = self xor other` elementwise with broadcasting: true where exactly one is nonzero (NaN is
//! nonzero, `-0.0` is zero). Any input dtypes: both are first cast to their common dtype (so
//! an int8 tensor with a zero-dim Long `256` sees `0`).
//! Surprising but ATen: the out may have any dtype; it receives `1` / `0` (`1.0` for a Float
//! out).

use crate::util::compare::logical_binary_out;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::logical_xor.out";

pub fn logical_xor_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    logical_binary_out(OP, self_, other, out, |a, b| a != b)
}

boxed_kernel!(pub fn logical_xor_out_boxed = OP => logical_xor_out(self_: &Tensor, other: &Tensor) -> (out));
