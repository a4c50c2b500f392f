//! `elu.out(Tensor self, Scalar alpha=1, Scalar scale=1, Scalar input_scale=1, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = self < 0 ? expm1(self * input_scale) * (alpha * scale) : self * scale`, floating
//! dtypes only (Half and BFloat16 compute in Float), the out of exactly `self`'s dtype. The
//! coefficients are converted to the compute type with c10's overflow check (`alpha=1e39` on a
//! Float or Half tensor is an error).
//! Surprising but ATen: zeros take the `self * scale` branch, so `elu(0, alpha=inf) == 0`.

use crate::dispatch_float;
use crate::util::dispatch::Float;
use crate::util::pointwise::each1;
use crate::util::scalar::scalar_to_checked;
use crate::util::unary::float_activation_prologue;
use etk_core::iter::{arg, map1};
use etk_core::{KernelContext, Result, Scalar, ScalarType, Tensor, boxed_kernel};

pub const OP: &str = "aten::elu.out";

pub fn elu_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    alpha: Scalar,
    scale: Scalar,
    input_scale: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let opmath = float_activation_prologue(OP, self_, out)?;
    dispatch_float!(opmath, C => {
        let Coefficients { negcoef, poscoef, negiptcoef } =
            coefficients::<C>(opmath, &alpha, &scale, &input_scale)?;
        let elu = |x: C| {
            if x < C::ZERO {
                Float::expm1(x * negiptcoef) * negcoef
            } else {
                x * poscoef
            }
        };
        map1::<C, C>(OP, out, None, arg("self", self_), each1(elu))
    })
}

/// `elu`'s coefficients in the compute type: `alpha * scale` for negative inputs, `scale`, and
/// `input_scale`.
#[derive(Clone, Copy, Debug)]
pub struct Coefficients<C> {
    pub negcoef: C,
    pub poscoef: C,
    pub negiptcoef: C,
}

/// The coefficients converted to `opmath` (Float or Double) with c10's overflow check.
pub fn coefficients<C: Float>(
    opmath: ScalarType,
    alpha: &Scalar,
    scale: &Scalar,
    input_scale: &Scalar,
) -> Result<Coefficients<C>> {
    let alpha: C = scalar_to_checked(OP, "alpha", alpha, opmath)?;
    let poscoef: C = scalar_to_checked(OP, "scale", scale, opmath)?;
    let negiptcoef: C = scalar_to_checked(OP, "input_scale", input_scale, opmath)?;
    Ok(Coefficients {
        negcoef: alpha * poscoef,
        poscoef,
        negiptcoef,
    })
}

boxed_kernel!(pub fn elu_out_boxed = OP => elu_out(self_: &Tensor, alpha: Scalar, scale: Scalar, input_scale: Scalar) -> (out));
