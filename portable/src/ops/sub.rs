//! `sub.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)`
//! `sub.Scalar_out(Tensor self, Scalar other, Scalar alpha=1, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = self - alpha * other`: ATen's `add` with `-alpha`, so `alpha` follows add's rules and
//! it is `-alpha` that must convert to the result dtype without overflow (on Char tensors
//! `alpha=128` is accepted and `alpha=-128` rejected). `sub.Scalar_out` wants the out to have
//! exactly the result dtype; `sub.out` any dtype the result casts to.
//! Surprising but ATen: any Bool operand is rejected, a Bool Scalar included (`float - True`).

use crate::ops::add::{Axpy, check_alpha};
use crate::util::arith_helpers::{Operand, Spec, binary_map, check_sub_bool, neg_scalar};
use crate::util::pointwise::{common_dtype, common_dtype_scalar, resize_to_broadcast};
use etk_core::iter::arg;
use etk_core::out::{check_can_cast, check_dtype, resize_out};
use etk_core::{KernelContext, Result, Scalar, ScalarType, Tensor, boxed_kernel};

pub const OP: &str = "aten::sub.out";
pub const OP_SCALAR: &str = "aten::sub.Scalar_out";

pub fn sub_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: &Tensor<'_>,
    alpha: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    check_sub_bool(
        OP,
        ("self", self_.dtype() == ScalarType::Bool),
        ("other", other.dtype() == ScalarType::Bool),
    )?;
    let common = common_dtype(OP, self_, other)?;
    check_alpha(OP, common, &alpha)?;
    check_can_cast(OP, common, out)?;
    resize_to_broadcast(OP, out, &[("self", self_), ("other", other)])?;
    binary_map(
        &Spec::new(OP, common).param("alpha", neg_scalar(alpha)),
        out,
        Operand::Tensor(arg("self", self_).via(common)),
        Operand::Tensor(arg("other", other).via(common)),
        Axpy,
    )
}

pub fn sub_scalar_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: Scalar,
    alpha: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    check_sub_bool(
        OP_SCALAR,
        ("self", self_.dtype() == ScalarType::Bool),
        ("other", other.is_bool()),
    )?;
    let common = common_dtype_scalar(OP_SCALAR, self_, &other)?;
    check_alpha(OP_SCALAR, common, &alpha)?;
    check_dtype(OP_SCALAR, "out", out, common)?;
    resize_out(OP_SCALAR, out, self_.sizes())?;
    binary_map(
        &Spec::new(OP_SCALAR, common).param("alpha", neg_scalar(alpha)),
        out,
        Operand::Tensor(arg("self", self_).via(common)),
        Operand::Scalar(other),
        Axpy,
    )
}

boxed_kernel!(pub fn sub_out_boxed = OP => sub_out(self_: &Tensor, other: &Tensor, alpha: Scalar) -> (out));
boxed_kernel!(pub fn sub_scalar_out_boxed = OP_SCALAR => sub_scalar_out(self_: &Tensor, other: Scalar, alpha: Scalar) -> (out));
