//! `log2.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Elementwise base-2 logarithm: `log2(±0) = -inf`, NaN below 0.
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

pub const OP: &str = "aten::log2.out";

pub fn log2_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    unary_float_or_complex_op(
        OP,
        self_,
        out,
        Float::log2,
        Float::log2,
        complex_log2::<f32>,
        complex_log2::<f64>,
    )
}

/// `log(z) / ln 2` per part (ATen's vectorized complex log2).
fn complex_log2<F: Part>(z: Complex<F>) -> Complex<F> {
    let l = complex_math::log(z);
    let k = F::from_f64(core::f64::consts::LN_2);
    Complex::new(l.re / k, l.im / k)
}

boxed_kernel!(pub fn log2_out_boxed = OP => log2_out(self_: &Tensor) -> (out));
