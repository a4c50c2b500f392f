//! `bitwise_or.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)`
//! `bitwise_or.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = self | other`: bitwise or with broadcasting, on integral and Bool operands
//! (logical or for Bool). The operands are cast to their common dtype, the result has that
//! dtype and is cast to the out, which must accept it (`can_cast`: an Int result may go to
//! an int8 or a Float out, not to a Bool one). Floating operands, Scalars included, are
//! rejected. A Scalar is cast to the common dtype first (`int8 | 300` uses `44`).
//! Surprising but ATen: a Bool tensor with an Int Scalar computes in Long, so its out may not
//! be Bool.

use crate::util::compare::{integral_scalar_out, integral_tensor_out};
use etk_core::{KernelContext, Result, Scalar, Tensor, boxed_kernel};

pub const OP_TENSOR: &str = "aten::bitwise_or.Tensor_out";
pub const OP_SCALAR: &str = "aten::bitwise_or.Scalar_out";

#[inline(always)]
fn or(x: i64, y: i64, _bits: u32) -> i64 {
    x | y
}

pub fn bitwise_or_tensor_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    integral_tensor_out(OP_TENSOR, self_, other, out, true, or)
}

pub fn bitwise_or_scalar_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    integral_scalar_out(OP_SCALAR, self_, other, out, true, or)
}

boxed_kernel!(pub fn bitwise_or_tensor_out_boxed = OP_TENSOR => bitwise_or_tensor_out(self_: &Tensor, other: &Tensor) -> (out));
boxed_kernel!(pub fn bitwise_or_scalar_out_boxed = OP_SCALAR => bitwise_or_scalar_out(self_: &Tensor, other: Scalar) -> (out));
