//! `gelu.out(Tensor self, *, str approximate="none", Tensor(a!) out) -> Tensor(a!)`
//!
//! `approximate="none"`: `out = self * 0.5 * (1 + erf(self / sqrt(2)))`;
//! `approximate="tanh"`: `out = 0.5 * self * (1 + tanh(sqrt(2/pi) * (self + 0.044715 * self^3)))`.
//! Floating dtypes only (Half and BFloat16 compute in Float), the out of exactly `self`'s
//! dtype; any other `approximate` string is an error.
//! Surprising but ATen (2.13): `gelu(-inf)` is NaN in both modes, and with `"none"` so is
//! `gelu(+inf)` for Float, Half and BFloat16, whose kernel also computes `self * (1 + erf) * 0.5`
//! in that order, so values above `f32::MAX / 2` overflow to `inf`; Double gives `+inf` and
//! `f64::MAX` there.

use crate::dispatch_float;
use crate::util::dispatch::Float;
use crate::util::pointwise::each1;
use crate::util::unary::float_activation_prologue;
use core::f64::consts::{FRAC_1_SQRT_2, FRAC_2_SQRT_PI, SQRT_2};
use etk_core::iter::{arg, map1};
use etk_core::{Error, KernelContext, Result, ScalarType, Tensor, boxed_kernel};

pub const OP: &str = "aten::gelu.out";

pub fn gelu_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    approximate: &str,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let tanh = match approximate {
        "none" => false,
        "tanh" => true,
        _ => return Err(Error::invalid(OP, "approximate", "\"none\" or \"tanh\"")),
    };
    let opmath = float_activation_prologue(OP, self_, out)?;
    let float_quirks = opmath == ScalarType::Float;
    dispatch_float!(opmath, C => {
        let half = C::from_f64(0.5);
        if tanh {
            let beta = C::from_f64(SQRT_2 * FRAC_2_SQRT_PI * 0.5);
            let kappa = C::from_f64(0.044715);
            let gelu = |x: C| {
                let inner = beta * (x + kappa * (x * x * x));
                half * x * (C::ONE + Float::tanh(inner))
            };
            map1::<C, C>(OP, out, None, arg("self", self_), each1(gelu))
        } else {
            let alpha = C::from_f64(FRAC_1_SQRT_2);
            let gelu = |x: C| {
                if !float_quirks {
                    x * half * (C::ONE + Float::erf(x * alpha))
                } else if x == C::INFINITY {
                    C::NAN
                } else {
                    x * (C::ONE + Float::erf(x * alpha)) * half
                }
            };
            map1::<C, C>(OP, out, None, arg("self", self_), each1(gelu))
        }
    })
}

boxed_kernel!(pub fn gelu_out_boxed = OP => gelu_out(self_: &Tensor, approximate: &str) -> (out));
