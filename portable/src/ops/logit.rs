//! `logit.out(Tensor self, float? eps=None, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Elementwise `log(z / (1 - z))`, where `z = self` clamped to `[eps, 1 - eps]` when `eps` is
//! given and not negative (`x < lo ? lo : x > hi ? hi : x`, so NaN stays NaN and for
//! `eps > 0.5` every value becomes `eps` or `1 - eps`). Without clamping, `logit(0) = -inf`,
//! `logit(1) = inf` and values outside [0, 1] give NaN. Integer and Bool inputs compute in
//! Float; the out may be any floating dtype.
//!
//! `eps` is first converted to the computation's dtype (so for Half a tiny negative `eps`
//! rounds to -0.0 and clamps). Surprising but ATen: on Half and BFloat16 the kernel rounds
//! after every step (`1 - z`, the division and the log), not once.

use crate::util::dispatch::{Float, identity, reduced_rounder};
use crate::util::pointwise::{check_supported, each1, float_dtype};
use etk_core::iter::{arg, map1};
use etk_core::out::{check_can_cast, resize_out};
use etk_core::{KernelContext, Result, ScalarType, Tensor, boxed_kernel};

pub const OP: &str = "aten::logit.out";

pub fn logit_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    eps: Option<f64>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    crate::util::complex::reject_complex(OP, "self", self_.dtype())?;
    check_supported(OP, "self", self_.dtype())?;
    let common = float_dtype(self_.dtype());
    check_can_cast(OP, common, out)?;
    resize_out(OP, out, self_.sizes())?;
    let a = arg("self", self_);
    if common == ScalarType::Double {
        let bounds = clamp_bounds(eps, identity);
        let f = each1(|x| logit(x, bounds, identity));
        map1::<f64, f64>(OP, out, Some(common), a, f)
    } else {
        // Half and BFloat16 round every intermediate; Float's rounder is the identity.
        let r = reduced_rounder(common);
        let bounds = clamp_bounds(eps.map(|e| e as f32), r);
        map1::<f32, f32>(OP, out, Some(common), a, each1(|x| logit(x, bounds, r)))
    }
}

/// `(lo, hi) = (eps, 1 - eps)` in the computation's dtype, or `None` (no clamping) when `eps`
/// is absent or negative after conversion.
fn clamp_bounds<F: Float>(eps: Option<F>, round: impl Fn(F) -> F) -> Option<(F, F)> {
    let lo = round(eps?);
    if lo < F::ZERO {
        return None;
    }
    Some((lo, round(F::ONE - lo)))
}

/// `log(z / (1 - z))` with `z` clamped to `bounds`, `round` applied after each step.
#[inline(always)]
fn logit<F: Float>(x: F, bounds: Option<(F, F)>, round: impl Fn(F) -> F) -> F {
    let z = match bounds {
        Some((lo, _)) if x < lo => lo,
        Some((_, hi)) if x > hi => hi,
        _ => x,
    };
    round(z / round(F::ONE - z)).ln()
}

boxed_kernel!(pub fn logit_out_boxed = OP => logit_out(self_: &Tensor, eps: Option<f64>) -> (out));
