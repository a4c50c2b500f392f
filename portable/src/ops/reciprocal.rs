//! `reciprocal.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Elementwise `1 / x`: `1/±0 = ±inf`; integer 0 gives inf (it computes in Float).
//!
//! Integer and Bool inputs compute in Float (ATen's default dtype); Half and BFloat16 compute
//! in f32 and round once. The out may be any floating dtype (a Double result into a Half out is
//! accepted); integral and Bool outs are rejected. ComplexFloat and ComplexDouble compute
//! `(1 + 0i) / z` with c10's division into a complex out; ComplexHalf is rejected.

use crate::util::complex::Complex;
use crate::util::dispatch::Float;
use crate::util::unary::unary_float_or_complex_op;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::reciprocal.out";

pub fn reciprocal_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    unary_float_or_complex_op(
        OP,
        self_,
        out,
        reciprocal::<f32>,
        reciprocal::<f64>,
        complex_reciprocal::<f32>,
        complex_reciprocal::<f64>,
    )
}

/// `(1 + 0i) / z`, c10's division (ATen's complex reciprocal, vectorized or not).
fn complex_reciprocal<F: Float>(z: Complex<F>) -> Complex<F> {
    Complex::new(F::ONE, F::ZERO) / z
}

/// `1 / x`.
fn reciprocal<F: Float>(x: F) -> F {
    F::ONE / x
}

boxed_kernel!(pub fn reciprocal_out_boxed = OP => reciprocal_out(self_: &Tensor) -> (out));
