//! `mul.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)`
//! `mul.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = self * other`, broadcast, computed in the promoted dtype (integers wrap, Bool is
//! logical and) and cast to the out. `mul.out` accepts any out the result casts to;
//! `mul.Scalar_out` (a generated out wrapper) wants exactly the result dtype.
//! Surprising but ATen: for Half/BFloat16 results with a one-element `other` (a Scalar
//! included), ATen multiplies in f32 by `other`'s own value, not by `other` rounded to
//! Half/BFloat16 (`half * 0.1` uses 0.1f, not 0.0999755859375).

use crate::util::arith_helpers::{
    Ctx, Kernel, Num, Operand, Spec, binary_map, other_is_cpu_scalar,
};
use crate::util::pointwise::{common_dtype, common_dtype_scalar, resize_to_broadcast};
use etk_core::iter::arg;
use etk_core::out::{check_can_cast, check_dtype, resize_out};
use etk_core::{KernelContext, Result, Scalar, ScalarType, Tensor, boxed_kernel};

pub const OP: &str = "aten::mul.out";
pub const OP_SCALAR: &str = "aten::mul.Scalar_out";

#[derive(Clone, Copy)]
struct Mul;

impl Kernel for Mul {
    #[inline(always)]
    fn apply<C: Num>(self, a: C, b: C, _: &Ctx<C>) -> Option<C> {
        Some(a.wrapping_mul(b))
    }
}

pub fn mul_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let common = common_dtype(OP, self_, other)?;
    check_can_cast(OP, common, out)?;
    resize_to_broadcast(OP, out, &[("self", self_), ("other", other)])?;
    let b = if other_is_cpu_scalar(common, other) {
        arg("other", other)
    } else {
        arg("other", other).via(common)
    };
    binary_map(
        &Spec::new(OP, common),
        out,
        Operand::Tensor(arg("self", self_).via(common)),
        Operand::Tensor(b),
        Mul,
    )
}

pub fn mul_scalar_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let common = common_dtype_scalar(OP_SCALAR, self_, &other)?;
    check_dtype(OP_SCALAR, "out", out, common)?;
    resize_out(OP_SCALAR, out, self_.sizes())?;
    binary_map(
        &Spec::new(OP_SCALAR, common),
        out,
        Operand::Tensor(arg("self", self_).via(common)),
        scalar_operand(common, other),
        Mul,
    )
}

/// A Scalar `other` of `mul`/`div`: its own value on the Half/BFloat16 fast path, else cast to
/// the common dtype like any wrapped number.
pub(crate) fn scalar_operand(common: ScalarType, other: Scalar) -> Operand<'static, 'static> {
    if matches!(common, ScalarType::Half | ScalarType::BFloat16) {
        Operand::ScalarValue(other)
    } else {
        Operand::Scalar(other)
    }
}

boxed_kernel!(pub fn mul_out_boxed = OP => mul_out(self_: &Tensor, other: &Tensor) -> (out));
boxed_kernel!(pub fn mul_scalar_out_boxed = OP_SCALAR => mul_scalar_out(self_: &Tensor, other: Scalar) -> (out));
