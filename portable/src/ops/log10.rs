//! `log10.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Elementwise base-10 logarithm: `log10(±0) = -inf`, NaN below 0.
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

pub const OP: &str = "aten::log10.out";

pub fn log10_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    unary_float_or_complex_op(
        OP,
        self_,
        out,
        Float::log10,
        Float::log10,
        complex_log10::<f32>,
        complex_log10::<f64>,
    )
}

/// `log(z) / ln 10` per part (libstdc++'s `log10` of a complex).
fn complex_log10<F: Part>(z: Complex<F>) -> Complex<F> {
    let l = complex_math::log(z);
    let k = F::from_f64(core::f64::consts::LN_10);
    Complex::new(l.re / k, l.im / k)
}

boxed_kernel!(pub fn log10_out_boxed = OP => log10_out(self_: &Tensor) -> (out));
