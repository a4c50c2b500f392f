//! `rsub.Scalar_out(Tensor self, Scalar other, Scalar alpha=1, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = other - alpha * self`: ATen's `sub(other, self, alpha)` with `other` a wrapped
//! number, so the dtype rules are `sub`'s (Bool operands rejected, `-alpha` converted to the
//! result dtype with c10's overflow check) and the out must have exactly the result dtype
//! (a generated out wrapper). `other` is cast to the result dtype like a wrapped number
//! (`rsub(int8, 300)` computes with 44).

use crate::ops::add::{Axpy, check_alpha};
use crate::util::arith_helpers::{Operand, Spec, binary_map, check_sub_bool, neg_scalar};
use crate::util::pointwise::common_dtype_scalar;
use etk_core::iter::arg;
use etk_core::out::{check_dtype, resize_out};
use etk_core::{KernelContext, Result, Scalar, ScalarType, Tensor, boxed_kernel};

pub const OP: &str = "aten::rsub.Scalar_out";

pub fn rsub_scalar_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: Scalar,
    alpha: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    check_sub_bool(
        OP,
        ("other", other.is_bool()),
        ("self", self_.dtype() == ScalarType::Bool),
    )?;
    let common = common_dtype_scalar(OP, self_, &other)?;
    check_alpha(OP, common, &alpha)?;
    check_dtype(OP, "out", out, common)?;
    resize_out(OP, out, self_.sizes())?;
    binary_map(
        &Spec::new(OP, common).param("alpha", neg_scalar(alpha)),
        out,
        Operand::Scalar(other),
        Operand::Tensor(arg("self", self_).via(common)),
        Axpy,
    )
}

boxed_kernel!(pub fn rsub_scalar_out_boxed = OP => rsub_scalar_out(self_: &Tensor, other: Scalar, alpha: Scalar) -> (out));
