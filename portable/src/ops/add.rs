//! `add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)`
//! `add.Scalar_out(Tensor self, Scalar other, Scalar alpha=1, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = self + alpha * other`, broadcast, computed in the promoted dtype of the operands and
//! cast to the out. `add.out` accepts any out the result can be cast to; `add.Scalar_out` is
//! ATen's generated out wrapper of a composite op and wants the out to have exactly the result
//! dtype. `alpha` must not be floating for integral or Bool results nor Bool for non-Bool
//! results, and is converted to the result dtype with c10's overflow check (`alpha=300` on Char
//! tensors is an error); the Scalar `other` is cast like a wrapped number (Char + 300 wraps).
//! Surprising but ATen: Bool + Bool is logical or (`True + True == True`).

use crate::util::arith_helpers::{Ctx, Kernel, Num, Operand, Spec, binary_map};
use crate::util::pointwise::{common_dtype, common_dtype_scalar, resize_to_broadcast};
use etk_core::boxed_kernel;
use etk_core::iter::arg;
use etk_core::out::{check_can_cast, check_dtype, resize_out};
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, Scalar, ScalarType, Tensor};

pub const OP: &str = "aten::add.out";
pub const OP_SCALAR: &str = "aten::add.Scalar_out";

/// ATen's `alpha_check`: a Bool alpha only for Bool results, a floating alpha only for
/// floating results.
pub(crate) fn check_alpha(op: &'static str, common: ScalarType, alpha: &Scalar) -> Result<()> {
    if alpha.is_bool() && common != ScalarType::Bool {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "alpha")
            .expected_text("a non-Bool alpha (Boolean alpha only for Bool results)")
            .got(Info::Dtype(common)));
    }
    if !common.is_floating_point() && alpha.is_floating_point() {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "alpha")
            .expected_text("an integral alpha for integral tensors")
            .got(Info::Dtype(common)));
    }
    Ok(())
}

/// `a + alpha * b` (the Scalar parameter of the spec is `alpha`), wrapping for integers.
#[derive(Clone, Copy)]
pub(crate) struct Axpy;

impl Kernel for Axpy {
    #[inline(always)]
    fn apply<C: Num>(self, a: C, b: C, cx: &Ctx<C>) -> Option<C> {
        Some(a.wrapping_add(cx.param.wrapping_mul(b)))
    }
}

pub fn add_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: &Tensor<'_>,
    alpha: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let common = common_dtype(OP, self_, other)?;
    check_alpha(OP, common, &alpha)?;
    check_can_cast(OP, common, out)?;
    resize_to_broadcast(OP, out, &[("self", self_), ("other", other)])?;
    binary_map(
        &Spec::new(OP, common).param("alpha", alpha),
        out,
        Operand::Tensor(arg("self", self_).via(common)),
        Operand::Tensor(arg("other", other).via(common)),
        Axpy,
    )
}

pub fn add_scalar_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: Scalar,
    alpha: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let common = common_dtype_scalar(OP_SCALAR, self_, &other)?;
    check_alpha(OP_SCALAR, common, &alpha)?;
    check_dtype(OP_SCALAR, "out", out, common)?;
    resize_out(OP_SCALAR, out, self_.sizes())?;
    binary_map(
        &Spec::new(OP_SCALAR, common).param("alpha", alpha),
        out,
        Operand::Tensor(arg("self", self_).via(common)),
        Operand::Scalar(other),
        Axpy,
    )
}

boxed_kernel!(pub fn add_out_boxed = OP => add_out(self_: &Tensor, other: &Tensor, alpha: Scalar) -> (out));
boxed_kernel!(pub fn add_scalar_out_boxed = OP_SCALAR => add_scalar_out(self_: &Tensor, other: Scalar, alpha: Scalar) -> (out));
