//! `elu.out(Tensor self, Scalar alpha=1, Scalar scale=1, Scalar input_scale=1, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = self < 0 ? expm1(self * input_scale) * (alpha * scale) : self * scale`, floating
//! dtypes only (Half and BFloat16 compute in Float), the out of exactly `self`'s dtype. The
//! coefficients are converted to the compute type with c10's overflow check (`alpha=1e39` on a
//! Float or Half tensor is an error).
//! Surprising but ATen: zeros take the `self * scale` branch, so `elu(0, alpha=inf) == 0`.

use crate::dispatch_float;
use crate::util::dispatch::Float;
use crate::util::misc_helpers::scalar_to_checked;
use etk_core::iter::{arg, map1};
use etk_core::out::{check_dtype, resize_out};
use etk_core::{Error, KernelContext, Result, Scalar, ScalarType, Tensor, boxed_kernel};

pub const OP: &str = "aten::elu.out";

/// Checks shared by the floating activations (elu, gelu, leaky_relu): `self` floating, the out
/// of its dtype and shape. Returns the dtype the coefficients convert to (Float or Double).
pub(crate) fn float_activation_prologue(
    op: &'static str,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<ScalarType> {
    let st = self_.dtype();
    if !st.is_floating_point() {
        return Err(Error::dtype(op, "self", "a floating dtype", st));
    }
    check_dtype(op, "out", out, st)?;
    resize_out(op, out, self_.sizes())?;
    Ok(if st == ScalarType::Double {
        ScalarType::Double
    } else {
        ScalarType::Float
    })
}

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
        let alpha: C = scalar_to_checked(OP, "alpha", &alpha, opmath)?;
        let poscoef: C = scalar_to_checked(OP, "scale", &scale, opmath)?;
        let negiptcoef: C = scalar_to_checked(OP, "input_scale", &input_scale, opmath)?;
        let negcoef = alpha * poscoef;
        map1::<C, C>(OP, out, None, arg("self", self_), |x, o| {
            for (o, &x) in o.iter_mut().zip(x) {
                *o = if x < C::ZERO {
                    Float::expm1(x * negiptcoef) * negcoef
                } else {
                    x * poscoef
                };
            }
        })
    })
}

boxed_kernel!(pub fn elu_out_boxed = OP => elu_out(self_: &Tensor, alpha: Scalar, scale: Scalar, input_scale: Scalar) -> (out));
