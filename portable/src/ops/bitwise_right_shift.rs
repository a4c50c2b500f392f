//! `bitwise_right_shift.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)`
//! `bitwise_right_shift.Tensor_Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = self >> other`, broadcast, on integral (not Bool) operands cast to their common dtype:
//! an arithmetic shift (the sign is kept). The result has the common dtype and is cast to the
//! out, which must accept it (`can_cast`). A Scalar shift is cast to the common dtype first.
//! Surprising but ATen: a shift that is negative or at least the common dtype's width gives
//! the sign fill (`-5 >> 100 == -1`, `5 >> -1 == 0`, `uint8 200 >> 9 == 0`), where C leaves it
//! undefined.

use crate::util::compare::{integral_scalar_out, integral_tensor_out};
use etk_core::{KernelContext, Result, Scalar, Tensor, boxed_kernel};

pub const OP_TENSOR: &str = "aten::bitwise_right_shift.Tensor_out";
pub const OP_TENSOR_SCALAR: &str = "aten::bitwise_right_shift.Tensor_Scalar_out";

/// `x >> s` for values of a `bits`-wide integral dtype held in i64.
#[inline(always)]
fn shr(x: i64, s: i64, bits: u32) -> i64 {
    if s < 0 || s >= bits as i64 {
        if x < 0 { -1 } else { 0 }
    } else {
        x >> s
    }
}

pub fn bitwise_right_shift_tensor_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    integral_tensor_out(OP_TENSOR, self_, other, out, false, shr)
}

pub fn bitwise_right_shift_tensor_scalar_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    integral_scalar_out(OP_TENSOR_SCALAR, self_, other, out, false, shr)
}

boxed_kernel!(pub fn bitwise_right_shift_tensor_out_boxed = OP_TENSOR => bitwise_right_shift_tensor_out(self_: &Tensor, other: &Tensor) -> (out));
boxed_kernel!(pub fn bitwise_right_shift_tensor_scalar_out_boxed = OP_TENSOR_SCALAR => bitwise_right_shift_tensor_scalar_out(self_: &Tensor, other: Scalar) -> (out));
