//! `lt.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)`
//! `lt.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = self < other` elementwise with broadcasting: whether `self` is less than `other`.
//! Both operands are cast to their common dtype (`torch.result_type`) and compared there;
//! the Bool result is written to an out of any dtype (`1` / `0`).
//! Any comparison with NaN is false.
//! Surprising but ATen: a Scalar is cast to the common dtype before comparing, so for an int8
//! tensor `300` becomes `44` and for a uint8 tensor `-1` becomes `255`; a Half tensor
//! compares against `0.1` rounded to Half.

use crate::util::compare::{Predicate, compare_scalar_out, compare_tensor_out};
use etk_core::{Compute, KernelContext, Result, Scalar, Tensor, boxed_kernel};

pub const OP_SCALAR: &str = "aten::lt.Scalar_out";
pub const OP_TENSOR: &str = "aten::lt.Tensor_out";

#[derive(Clone, Copy)]
struct Less;

impl Predicate for Less {
    #[inline(always)]
    fn test<C: Compute>(self, a: C, b: C) -> bool {
        a < b
    }
}

pub fn lt_scalar_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    compare_scalar_out(OP_SCALAR, self_, other, out, Less)
}

pub fn lt_tensor_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    compare_tensor_out(OP_TENSOR, self_, other, out, Less)
}

boxed_kernel!(pub fn lt_scalar_out_boxed = OP_SCALAR => lt_scalar_out(self_: &Tensor, other: Scalar) -> (out));
boxed_kernel!(pub fn lt_tensor_out_boxed = OP_TENSOR => lt_tensor_out(self_: &Tensor, other: &Tensor) -> (out));
