//! `abs.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Elementwise absolute value: `abs(-0.0) == 0.0`, NaN stays NaN.
//! Integers wrap as in C++: `abs(i8::MIN) == i8::MIN`. Bool is rejected (ATen has no Bool
//! kernel).
//!
//! The result keeps the input's dtype and the out must have exactly that dtype (ATen's
//! `unary_op` iterator does not cast: a Float input into a Double out is rejected).
//! Complex: the modulus (`hypot`), a real result of the part dtype; the out is either a real
//! dtype that one casts to (ComplexFloat into Half is fine) or exactly the input's complex
//! dtype (`(|z|, 0)`), as ATen's `abs_out`.

use crate::util::dispatch::Float;
use crate::util::unary::{complex_abs_op, unary_keep_dtype_op};
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::abs.out";

pub fn abs_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    if self_.dtype().is_complex() {
        return complex_abs_op(OP, self_, out);
    }
    unary_keep_dtype_op(
        OP,
        self_,
        out,
        false,
        i64::wrapping_abs,
        Float::abs,
        Float::abs,
    )
}

boxed_kernel!(pub fn abs_out_boxed = OP => abs_out(self_: &Tensor) -> (out));
