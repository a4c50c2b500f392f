//! `mul.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)`
//! `mul.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = self * other`, broadcast, computed in the promoted dtype (integers wrap, Bool is
//! logical and) and cast to the out. `mul.out` accepts any out the result casts to;
//! `mul.Scalar_out` (a generated out wrapper) wants exactly the result dtype.
//! Surprising but ATen: for Half/BFloat16 results with a one-element `other` (a Scalar
//! included), ATen multiplies in f32 by `other`'s own value, not by `other` rounded to
//! Half/BFloat16 (`half * 0.1` uses 0.1f, not 0.0999755859375).

use crate::util::arith::{Ctx, Kernel, Num, OnComplex, Rules, arith_scalar_out, arith_tensor_out};
use crate::util::complex::Complex;
use crate::util::dispatch::Float;
use etk_core::{KernelContext, Result, Scalar, Tensor, boxed_kernel};

pub const OP: &str = "aten::mul.out";
pub const OP_SCALAR: &str = "aten::mul.Scalar_out";

#[derive(Clone, Copy)]
struct Mul;

impl Kernel for Mul {
    const COMPLEX: OnComplex = OnComplex::All;
    fn apply_complex<T: Float>(
        self,
        a: Complex<T>,
        b: Complex<T>,
        _: &Ctx<Complex<T>>,
    ) -> Complex<T> {
        a * b
    }
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
    arith_tensor_out(&Rules::new(OP).cpu_scalar(), self_, other, out, Mul)
}

pub fn mul_scalar_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let rules = Rules::new(OP_SCALAR).cpu_scalar().exact_out();
    arith_scalar_out(&rules, self_, other, out, Mul)
}

boxed_kernel!(pub fn mul_out_boxed = OP => mul_out(self_: &Tensor, other: &Tensor) -> (out));
boxed_kernel!(pub fn mul_scalar_out_boxed = OP_SCALAR => mul_scalar_out(self_: &Tensor, other: Scalar) -> (out));
