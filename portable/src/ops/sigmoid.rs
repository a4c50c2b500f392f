//! `sigmoid.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Elementwise logistic function `1 / (1 + exp(-x))`: 0 at -inf, 1 at +inf.
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

pub const OP: &str = "aten::sigmoid.out";

pub fn sigmoid_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    unary_float_or_complex_op(
        OP,
        self_,
        out,
        sigmoid::<f32>,
        sigmoid::<f64>,
        complex_sigmoid::<f32>,
        complex_sigmoid::<f64>,
    )
}

/// `1 / (1 + exp(-x))`, the formula ATen's CPU kernel evaluates.
fn sigmoid<F: Float>(x: F) -> F {
    F::ONE / (F::ONE + (-x).exp())
}

/// `1 / (1 + exp(-z))` in c10's complex arithmetic with glibc's `cexp`, as ATen evaluates it.
fn complex_sigmoid<F: Part>(z: Complex<F>) -> Complex<F> {
    let one = Complex::new(F::ONE, F::ZERO);
    one / (one + complex_math::exp(-z))
}

boxed_kernel!(pub fn sigmoid_out_boxed = OP => sigmoid_out(self_: &Tensor) -> (out));
