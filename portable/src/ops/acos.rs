//! `acos.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Elementwise arc cosine; NaN outside [-1, 1].
//!
//! Integer and Bool inputs compute in Float (ATen's default dtype); Half and BFloat16 compute
//! in f32 and round once. The out may be any floating dtype (a Double result into a Half out is
//! accepted); integral and Bool outs are rejected.
//!
//! ComplexFloat and ComplexDouble compute glibc's complex function (ATen's `std::acos`) with
//! glibc's special values into a complex out; ComplexHalf is rejected.

use crate::util::complex_math;
use crate::util::dispatch::Float;
use crate::util::unary::unary_float_or_complex_op;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::acos.out";

pub fn acos_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    unary_float_or_complex_op(
        OP,
        self_,
        out,
        Float::acos,
        Float::acos,
        complex_math::acos,
        complex_math::acos,
    )
}

boxed_kernel!(pub fn acos_out_boxed = OP => acos_out(self_: &Tensor) -> (out));
