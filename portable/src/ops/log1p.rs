//! `log1p.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Elementwise `log(1 + x)`, accurate near 0: `log1p(-1) = -inf`, NaN below -1.
//!
//! Integer and Bool inputs compute in Float (ATen's default dtype); Half and BFloat16 compute
//! in f32 and round once. The out may be any floating dtype (a Double result into a Half out is
//! accepted); integral and Bool outs are rejected.
//! ComplexFloat and ComplexDouble compute into a complex out; ComplexHalf is rejected.

use crate::util::complex::Complex;
use crate::util::dispatch::Float;
use crate::util::unary::unary_float_or_complex_op;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::log1p.out";

pub fn log1p_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    unary_float_or_complex_op(
        OP,
        self_,
        out,
        Float::ln_1p,
        Float::ln_1p,
        complex_log1p::<f32>,
        complex_log1p::<f64>,
    )
}

/// c10's complex `log1p`: `(½ log1p(x(2 + x) + y²), atan2(y, 1 + x))` for `|z| < ½`, else
/// `(ln |1 + z|, atan2(y, 1 + x))`.
fn complex_log1p<F: Float>(z: Complex<F>) -> Complex<F> {
    let (x, y) = (z.re, z.im);
    // ATen (measured): NaN + iNaN whenever a part is NaN, infinities included
    if x.is_nan() || y.is_nan() {
        return Complex::new(F::NAN, F::NAN);
    }
    let theta = y.atan2(x + F::ONE);
    if x.hypot(y) < F::from_f64(0.5) {
        let r = x * (F::from_f64(2.0) + x) + y * y;
        if r == F::ZERO {
            // underflow
            return Complex::new(x, theta);
        }
        return Complex::new(F::from_f64(0.5) * r.ln_1p(), theta);
    }
    Complex::new((x + F::ONE).hypot(y).ln(), theta)
}

boxed_kernel!(pub fn log1p_out_boxed = OP => log1p_out(self_: &Tensor) -> (out));
