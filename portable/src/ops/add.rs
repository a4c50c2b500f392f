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

use crate::util::arith::{Axpy, Rules, arith_scalar_out, arith_tensor_out};
use etk_core::{KernelContext, Result, Scalar, Tensor, boxed_kernel};

pub const OP: &str = "aten::add.out";
pub const OP_SCALAR: &str = "aten::add.Scalar_out";

pub fn add_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: &Tensor<'_>,
    alpha: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    arith_tensor_out(&Rules::new(OP).alpha(alpha), self_, other, out, Axpy)
}

pub fn add_scalar_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: Scalar,
    alpha: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let rules = Rules::new(OP_SCALAR).alpha(alpha).exact_out();
    arith_scalar_out(&rules, self_, other, out, Axpy)
}

boxed_kernel!(pub fn add_out_boxed = OP => add_out(self_: &Tensor, other: &Tensor, alpha: Scalar) -> (out));
boxed_kernel!(pub fn add_scalar_out_boxed = OP_SCALAR => add_scalar_out(self_: &Tensor, other: Scalar, alpha: Scalar) -> (out));
