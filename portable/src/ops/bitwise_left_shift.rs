//! `bitwise_left_shift.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)`
//! `bitwise_left_shift.Tensor_Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = self << other`, broadcast, on integral (not Bool) operands cast to their common dtype.
//! The result has the common dtype and is cast to the out, which must accept it (`can_cast`).
//! A Scalar shift is cast to the common dtype first (`int8 << 260` shifts by `4`).
//! Surprising but ATen: a shift that is negative or at least the common dtype's width gives 0
//! (`int64 << 64 == 0`, `int8 << -1 == 0`), where C leaves it undefined; bits shifted past the
//! width are dropped (`int8 5 << 7 == -128`).

use crate::util::compare::{integral_scalar_out, integral_tensor_out};
use etk_core::{KernelContext, Result, Scalar, Tensor, boxed_kernel};

pub const OP_TENSOR: &str = "aten::bitwise_left_shift.Tensor_out";
pub const OP_TENSOR_SCALAR: &str = "aten::bitwise_left_shift.Tensor_Scalar_out";

/// `x << s` for values of a `bits`-wide integral dtype held in i64.
#[inline(always)]
fn shl(x: i64, s: i64, bits: u32) -> i64 {
    if s < 0 || s >= bits as i64 {
        0
    } else {
        // `s < 64` here; shifting the unsigned bits drops the overflow as ATen does.
        ((x as u64) << s) as i64
    }
}

pub fn bitwise_left_shift_tensor_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    integral_tensor_out(OP_TENSOR, self_, other, out, false, shl)
}

pub fn bitwise_left_shift_tensor_scalar_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    integral_scalar_out(OP_TENSOR_SCALAR, self_, other, out, false, shl)
}

boxed_kernel!(pub fn bitwise_left_shift_tensor_out_boxed = OP_TENSOR => bitwise_left_shift_tensor_out(self_: &Tensor, other: &Tensor) -> (out));
boxed_kernel!(pub fn bitwise_left_shift_tensor_scalar_out_boxed = OP_TENSOR_SCALAR => bitwise_left_shift_tensor_scalar_out(self_: &Tensor, other: Scalar) -> (out));
