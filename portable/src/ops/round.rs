//! `round.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//! `round.decimals_out(Tensor self, *, int decimals, Tensor(a!) out) -> Tensor(a!)`
//!
//! Elementwise rounding to the nearest integer, ties to even (`round(2.5) == 2`,
//! `round(-0.5) == -0.0`); ±inf and NaN unchanged. The result keeps the input's dtype and the
//! out must have exactly that dtype. `round.out` returns integers unchanged and rejects Bool.
//!
//! `round.decimals_out` rounds to `decimals` decimal places the way ATen's CPU kernel does:
//! with `p = 10^|decimals|` in the op-math type (f32 for Half/BFloat16/Float, f64 for Double),
//! `rint(x * p) / p`, or `rint(x / p) * p` for negative `decimals`.
//! Surprising but ATen: `round.decimals_out` rejects integral inputs even for `decimals = 0`,
//! and once `p` overflows the op-math type (`decimals >= 39` on Float) every result is NaN.

use crate::util::dispatch::Float;
use crate::util::pointwise::{check_supported, each1};
use crate::util::unary::unary_keep_dtype_op;
use etk_core::iter::{arg, map1};
use etk_core::out::{check_dtype, resize_out};
use etk_core::{Error, KernelContext, Result, ScalarType, Tensor, boxed_kernel};

pub const OP: &str = "aten::round.out";
pub const OP_DECIMALS: &str = "aten::round.decimals_out";

pub fn round_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    unary_keep_dtype_op(
        OP,
        self_,
        out,
        false,
        |x| x,
        Float::round_even,
        Float::round_even,
    )
}

pub fn round_decimals_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    decimals: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let dtype = self_.dtype();
    crate::util::complex::reject_complex(OP_DECIMALS, "self", dtype)?;
    check_supported(OP_DECIMALS, "self", dtype)?;
    if !dtype.is_floating_point() {
        return Err(Error::dtype(
            OP_DECIMALS,
            "self",
            "a floating dtype (Half, BFloat16, Float or Double)",
            dtype,
        ));
    }
    check_dtype(OP_DECIMALS, "out", out, dtype)?;
    resize_out(OP_DECIMALS, out, self_.sizes())?;
    // ATen: `static_cast<opmath_t>(std::pow(10, |decimals|))`, a double power narrowed.
    let pow10 = libm::pow(10.0, decimals.unsigned_abs() as f64);
    let negative = decimals < 0;
    let a = arg("self", self_);
    if dtype == ScalarType::Double {
        map1::<f64, f64>(
            OP_DECIMALS,
            out,
            None,
            a,
            each1(|x| round_decimals(x, pow10, negative)),
        )
    } else {
        let p = pow10 as f32;
        map1::<f32, f32>(
            OP_DECIMALS,
            out,
            None,
            a,
            each1(|x| round_decimals(x, p, negative)),
        )
    }
}

/// `x` rounded (ties to even) to a multiple of `1 / p`, or of `p` when `negative`.
#[inline(always)]
fn round_decimals<F: Float>(x: F, p: F, negative: bool) -> F {
    if negative {
        (x / p).round_even() * p
    } else {
        (x * p).round_even() / p
    }
}

boxed_kernel!(pub fn round_out_boxed = OP => round_out(self_: &Tensor) -> (out));
boxed_kernel!(pub fn round_decimals_out_boxed = OP_DECIMALS => round_decimals_out(self_: &Tensor, decimals: i64) -> (out));
