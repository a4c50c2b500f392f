//! `add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)`
//! `add.Scalar_out(Tensor self, Scalar other, Scalar alpha=1, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = self + alpha * other`, broadcast, computed in the promoted dtype of the operands and
//! cast to the out (which must accept that dtype). For integral and Bool results `alpha` must
//! not be floating; for Bool results it must be a Bool too.
//! Surprising but ATen: Bool + Bool is logical or (`True + True == True`).

use crate::dispatch_compute;
use crate::util::dispatch::Arith;
use crate::util::pointwise::{common_dtype, common_dtype_scalar, resize_to_broadcast};
use etk_core::iter::{arg, map1, map2};
use etk_core::out::check_can_cast;
use etk_core::{Error, KernelContext, Result, Scalar, ScalarType, Tensor, boxed_kernel};

pub const OP: &str = "aten::add.out";
pub const OP_SCALAR: &str = "aten::add.Scalar_out";

/// ATen's `alpha_check`: the kind of `alpha` must fit the computation's dtype.
pub(crate) fn check_alpha(op: &'static str, common: ScalarType, alpha: &Scalar) -> Result<()> {
    if common == ScalarType::Bool && !alpha.is_bool() {
        return Err(Error::invalid(op, "alpha", "a Bool alpha for Bool tensors"));
    }
    if common.is_integral(true) && alpha.is_floating_point() {
        return Err(Error::invalid(
            op,
            "alpha",
            "an integral alpha for integral tensors",
        ));
    }
    Ok(())
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
    let (a, b) = (
        arg("self", self_).via(common),
        arg("other", other).via(common),
    );
    dispatch_compute!(common, C => {
        let alpha: C = alpha.to_compute();
        map2::<C, C, C>(OP, out, Some(common), a, b, |x, y, o| {
            for ((o, &x), &y) in o.iter_mut().zip(x).zip(y) {
                *o = add(x, alpha, y);
            }
        })
    }, _ => Err(Error::unsupported_dtype(OP, "self", common)))
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
    check_can_cast(OP_SCALAR, common, out)?;
    etk_core::out::resize_out(OP_SCALAR, out, self_.sizes())?;
    dispatch_compute!(common, C => {
        let (alpha, other): (C, C) = (alpha.to_compute(), other.cast_to(common));
        map1::<C, C>(OP_SCALAR, out, Some(common), arg("self", self_).via(common), |x, o| {
            for (o, &x) in o.iter_mut().zip(x) {
                *o = add(x, alpha, other);
            }
        })
    }, _ => Err(Error::unsupported_dtype(OP_SCALAR, "self", common)))
}

/// `x + alpha * y`, wrapping for integers.
#[inline(always)]
fn add<C: Arith>(x: C, alpha: C, y: C) -> C {
    x.wrapping_add(alpha.wrapping_mul(y))
}

boxed_kernel!(pub fn add_out_boxed = OP => add_out(self_: &Tensor, other: &Tensor, alpha: Scalar) -> (out));
boxed_kernel!(pub fn add_scalar_out_boxed = OP_SCALAR => add_scalar_out(self_: &Tensor, other: Scalar, alpha: Scalar) -> (out));
