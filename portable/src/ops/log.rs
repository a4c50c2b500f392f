//! `log.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Elementwise natural logarithm: `log(±0) = -inf`, NaN below 0.
//!
//! Integer and Bool inputs compute in Float (ATen's default dtype); Half and BFloat16 compute
//! in f32 and round once. The out may be any floating dtype (a Double result into a Half out is
//! accepted); integral and Bool outs are rejected.
//! ComplexFloat and ComplexDouble compute into a complex out; ComplexHalf is rejected.

use crate::util::complex::{Complex, Part};
use crate::util::complex_math;
use crate::util::dispatch::Float;
use crate::util::unary::unary_float_or_complex_op;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::log.out";

pub fn log_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    unary_float_or_complex_op(
        OP,
        self_,
        out,
        Float::ln,
        Float::ln,
        complex_log::<f32>,
        complex_log::<f64>,
    )
}

/// glibc's `clog` (ATen's `std::log`).
fn complex_log<F: Part>(z: Complex<F>) -> Complex<F> {
    complex_math::log(z)
}

boxed_kernel!(pub fn log_out_boxed = OP => log_out(self_: &Tensor) -> (out));
