//! `leaky_relu.out(Tensor self, Scalar negative_slope=0.01, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = self > 0 ? self : self * negative_slope`, floating dtypes only (Half and BFloat16
//! compute in Float), the out of exactly `self`'s dtype. The slope is converted to the compute
//! type with c10's overflow check. Zeros take the `self * negative_slope` branch, so a negative
//! slope turns `0.0` into `-0.0`.

use crate::dispatch_float;
use crate::util::dispatch::Float;
use crate::util::pointwise::each1;
use crate::util::scalar::scalar_to_checked;
use crate::util::unary::float_activation_prologue;
use etk_core::iter::{arg, map1};
use etk_core::{KernelContext, Result, Scalar, Tensor, boxed_kernel};

pub const OP: &str = "aten::leaky_relu.out";

pub fn leaky_relu_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    negative_slope: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let opmath = float_activation_prologue(OP, self_, out)?;
    dispatch_float!(opmath, C => {
        let slope: C = scalar_to_checked(OP, "negative_slope", &negative_slope, opmath)?;
        let leaky_relu = |x: C| if x > C::ZERO { x } else { x * slope };
        map1::<C, C>(OP, out, None, arg("self", self_), each1(leaky_relu))
    })
}

boxed_kernel!(pub fn leaky_relu_out_boxed = OP => leaky_relu_out(self_: &Tensor, negative_slope: Scalar) -> (out));
