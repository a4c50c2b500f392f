//! `rsub.Scalar_out(Tensor self, Scalar other, Scalar alpha=1, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = other - alpha * self`: ATen's `sub(other, self, alpha)` with `other` a wrapped
//! number, so the dtype rules are `sub`'s (Bool operands rejected, `-alpha` converted to the
//! result dtype with c10's overflow check) and the out must have exactly the result dtype
//! (a generated out wrapper). `other` is cast to the result dtype like a wrapped number
//! (`rsub(int8, 300)` computes with 44).

use crate::util::arith::{Ctx, Kernel, Num, OnComplex, Rules, arith_scalar_out, check_sub_bool};
use crate::util::complex::Complex;
use crate::util::dispatch::Float;
use crate::util::scalar::neg_scalar;
use etk_core::{KernelContext, Result, Scalar, ScalarType, Tensor, boxed_kernel};

pub const OP: &str = "aten::rsub.Scalar_out";

/// `b + alpha * a` (`alpha` is the kernel's parameter): add's `Axpy` with the operands
/// swapped, `a` being `self` and `b` the Scalar `other`.
#[derive(Clone, Copy)]
struct SwappedAxpy;

impl Kernel for SwappedAxpy {
    const COMPLEX: OnComplex = OnComplex::All;
    fn apply_complex<T: Float>(
        self,
        a: Complex<T>,
        b: Complex<T>,
        cx: &Ctx<Complex<T>>,
    ) -> Complex<T> {
        b + (cx.round)(cx.param * a)
    }
    #[inline(always)]
    fn apply<C: Num>(self, a: C, b: C, cx: &Ctx<C>) -> Option<C> {
        Some(b.wrapping_add(cx.param.wrapping_mul(a)))
    }
}

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
    let rules = Rules::new(OP).alpha(neg_scalar(alpha)).exact_out();
    arith_scalar_out(&rules, self_, other, out, SwappedAxpy)
}

boxed_kernel!(pub fn rsub_scalar_out_boxed = OP => rsub_scalar_out(self_: &Tensor, other: Scalar, alpha: Scalar) -> (out));
