//! `rsqrt.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Elementwise `1 / sqrt(x)`: `rsqrt(-0.0) = -inf`, `rsqrt(+inf) = 0`, NaN below 0.
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

pub const OP: &str = "aten::rsqrt.out";

pub fn rsqrt_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    unary_float_or_complex_op(
        OP,
        self_,
        out,
        rsqrt::<f32>,
        rsqrt::<f64>,
        complex_rsqrt::<f32>,
        complex_rsqrt::<f64>,
    )
}

/// `1 / sqrt(x)`, as ATen computes it (a division after a correctly rounded square root).
fn rsqrt<F: Float>(x: F) -> F {
    F::ONE / x.sqrt()
}

/// `1 / sqrt(z)`: c10's division of glibc's `csqrt` (ATen's complex rsqrt, vectorized or not).
fn complex_rsqrt<F: Part>(z: Complex<F>) -> Complex<F> {
    Complex::new(F::ONE, F::ZERO) / complex_math::sqrt(z)
}

boxed_kernel!(pub fn rsqrt_out_boxed = OP => rsqrt_out(self_: &Tensor) -> (out));
