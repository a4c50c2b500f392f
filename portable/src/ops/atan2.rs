//! `atan2.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = atan2(self, other)`: the angle of the point `(other, self)`, in `[-pi, pi]`,
//! broadcast. Integer and Bool operands promote to Float; Half and BFloat16 compute in f32 and
//! round once. The out may be any floating dtype (integral and Bool outs are rejected).
//! Signed zeros and infinities follow C's `atan2` (`atan2(0.0, -0.0) == pi`).

use crate::dispatch_float;
use crate::util::dispatch::Float;
use crate::util::pointwise::{common_dtype, each2, float_dtype, resize_to_broadcast};
use etk_core::iter::{arg, map2};
use etk_core::out::check_can_cast;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::atan2.out";

pub fn atan2_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let common = float_dtype(common_dtype(OP, self_, other)?);
    crate::util::complex::reject_complex(OP, "self", common)?;
    check_can_cast(OP, common, out)?;
    resize_to_broadcast(OP, out, &[("self", self_), ("other", other)])?;
    let (a, b) = (
        arg("self", self_).via(common),
        arg("other", other).via(common),
    );
    dispatch_float!(common, C => {
        map2::<C, C, C>(OP, out, Some(common), a, b, each2(<C as Float>::atan2))
    })
}

boxed_kernel!(pub fn atan2_out_boxed = OP => atan2_out(self_: &Tensor, other: &Tensor) -> (out));
