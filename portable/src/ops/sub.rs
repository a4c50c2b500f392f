//! `sub.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)`
//! `sub.Scalar_out(Tensor self, Scalar other, Scalar alpha=1, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = self - alpha * other`: ATen's `add` with `-alpha`, so `alpha` follows add's rules and
//! it is `-alpha` that must convert to the result dtype without overflow (on Char tensors
//! `alpha=128` is accepted and `alpha=-128` rejected). `sub.Scalar_out` wants the out to have
//! exactly the result dtype; `sub.out` any dtype the result casts to.
//! Surprising but ATen: any Bool operand is rejected, a Bool Scalar included (`float - True`).

use crate::util::arith::{Axpy, Rules, arith_scalar_out, arith_tensor_out, check_sub_bool};
use crate::util::scalar::neg_scalar;
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
    // `-alpha` has alpha's kind, so add's checks on it are the checks on `alpha`.
    let rules = Rules::new(OP).alpha(neg_scalar(alpha));
    arith_tensor_out(&rules, self_, other, out, Axpy)
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
    let rules = Rules::new(OP_SCALAR).alpha(neg_scalar(alpha)).exact_out();
    arith_scalar_out(&rules, self_, other, out, Axpy)
}

boxed_kernel!(pub fn sub_out_boxed = OP => sub_out(self_: &Tensor, other: &Tensor, alpha: Scalar) -> (out));
boxed_kernel!(pub fn sub_scalar_out_boxed = OP_SCALAR => sub_scalar_out(self_: &Tensor, other: Scalar, alpha: Scalar) -> (out));
