//! `eq.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)`
//! `eq.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = self == other` elementwise with broadcasting: whether `self` is equal to `other`.
//! Both operands are cast to their common dtype (`torch.result_type`) and compared there;
//! the Bool result is written to an out of any dtype (`1` / `0`).
//! NaN compares unequal to everything (`ne` is true for NaN).
//! Surprising but ATen: a Scalar is cast to the common dtype before comparing, so for an int8
//! tensor `300` becomes `44` and for a uint8 tensor `-1` becomes `255`; a Half tensor
//! compares against `0.1` rounded to Half.

use crate::util::compare::{Predicate, compare_scalar_out, compare_tensor_out};
use etk_core::{Compute, KernelContext, Result, Scalar, Tensor, boxed_kernel};

pub const OP_SCALAR: &str = "aten::eq.Scalar_out";
pub const OP_TENSOR: &str = "aten::eq.Tensor_out";

#[derive(Clone, Copy)]
struct Equal;

impl Predicate for Equal {
    const COMPLEX: crate::util::arith::OnComplex = crate::util::arith::OnComplex::All;
    #[inline(always)]
    fn test<C: Compute>(self, a: C, b: C) -> bool {
        a == b
    }
}

pub fn eq_scalar_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    compare_scalar_out(OP_SCALAR, self_, other, out, Equal)
}

pub fn eq_tensor_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    compare_tensor_out(OP_TENSOR, self_, other, out, Equal)
}

boxed_kernel!(pub fn eq_scalar_out_boxed = OP_SCALAR => eq_scalar_out(self_: &Tensor, other: Scalar) -> (out));
boxed_kernel!(pub fn eq_tensor_out_boxed = OP_TENSOR => eq_tensor_out(self_: &Tensor, other: &Tensor) -> (out));
