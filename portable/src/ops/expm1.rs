//! `expm1.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Elementwise `e^x - 1`, accurate near 0 (`expm1(-0.0) == -0.0`).
//!
//! Integer and Bool inputs compute in Float (ATen's default dtype); Half and BFloat16 compute
//! in f32 and round once. The out may be any floating dtype (a Double result into a Half out is
//! accepted); integral and Bool outs are rejected.
//! ComplexFloat and ComplexDouble compute into a complex out; ComplexHalf is rejected.

use crate::util::complex::Complex;
use crate::util::dispatch::Float;
use crate::util::unary::unary_float_or_complex_op;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::expm1.out";

pub fn expm1_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    unary_float_or_complex_op(
        OP,
        self_,
        out,
        Float::expm1,
        Float::expm1,
        complex_expm1::<f32>,
        complex_expm1::<f64>,
    )
}

/// c10's complex `expm1`: `(expm1(x) cos y - 2 sin²(y/2), e^x sin y)`, no cancellation near 0.
fn complex_expm1<F: Float>(z: Complex<F>) -> Complex<F> {
    let (x, y) = (z.re, z.im);
    let a = (y * F::from_f64(0.5)).sin();
    let two = F::from_f64(2.0);
    Complex::new(x.expm1() * y.cos() - two * a * a, x.exp() * y.sin())
}

boxed_kernel!(pub fn expm1_out_boxed = OP => expm1_out(self_: &Tensor) -> (out));
