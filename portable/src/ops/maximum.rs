//! `maximum.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Elementwise maximum, broadcast, computed in the promoted dtype (mixed dtypes allowed: Int
//! with Half gives Half) and cast to any out the result casts to. Bool is logical or.
//! NaN propagates: if either element is NaN the result is NaN (unlike `fmax`).
//! The sign of a zero result is unspecified (ATen's vector and scalar paths differ on
//! `maximum(-0.0, 0.0)`); here the first operand wins ties.

use crate::util::arith_helpers::{Ctx, Kernel, Num, Operand, Spec, binary_map};
use crate::util::pointwise::{common_dtype, resize_to_broadcast};
use etk_core::iter::arg;
use etk_core::out::check_can_cast;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::maximum.out";

#[derive(Clone, Copy)]
struct Maximum;

impl Kernel for Maximum {
    #[inline(always)]
    fn apply<C: Num>(self, a: C, b: C, _: &Ctx<C>) -> Option<C> {
        Some(a.maximum(b))
    }
}

pub fn maximum_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let common = common_dtype(OP, self_, other)?;
    check_can_cast(OP, common, out)?;
    resize_to_broadcast(OP, out, &[("self", self_), ("other", other)])?;
    binary_map(
        &Spec::new(OP, common),
        out,
        Operand::Tensor(arg("self", self_).via(common)),
        Operand::Tensor(arg("other", other).via(common)),
        Maximum,
    )
}

boxed_kernel!(pub fn maximum_out_boxed = OP => maximum_out(self_: &Tensor, other: &Tensor) -> (out));
