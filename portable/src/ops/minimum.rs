//! `minimum.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Elementwise minimum, broadcast, computed in the promoted dtype (mixed dtypes allowed: Int
//! with Half gives Half) and cast to any out the result casts to. Bool is logical and.
//! NaN propagates: if either element is NaN the result is NaN (unlike `fmin`).
//! The sign of a zero result is unspecified (ATen's vector and scalar paths differ on
//! `minimum(-0.0, 0.0)`); here the first operand wins ties.

use crate::util::arith::{Ctx, Kernel, Num, Rules, arith_tensor_out};
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::minimum.out";

#[derive(Clone, Copy)]
struct Minimum;

impl Kernel for Minimum {
    #[inline(always)]
    fn apply<C: Num>(self, a: C, b: C, _: &Ctx<C>) -> Option<C> {
        Some(a.minimum(b))
    }
}

pub fn minimum_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    arith_tensor_out(&Rules::new(OP), self_, other, out, Minimum)
}

boxed_kernel!(pub fn minimum_out_boxed = OP => minimum_out(self_: &Tensor, other: &Tensor) -> (out));
