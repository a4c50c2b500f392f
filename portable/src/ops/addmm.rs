//! `addmm.out(Tensor self, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = beta * self + alpha * (mat1 @ mat2)` for `mat1` `[M, K]`, `mat2` `[K, N]`, with
//! `self` broadcast to `[M, N]` (a bias `[N]`, a column `[M, 1]`, a scalar, or a full matrix);
//! `out` is resized to `[M, N]`. All three inputs and the out have one dtype (no promotion, no
//! Bool). `beta` and `alpha` are taken in the type ATen computes in (Float for Half, BFloat16
//! and Float; Double; the integer type itself, so `1.5` acts as `1` on integers) and must fit
//! it. BLAS conventions: `beta == 0` ignores `self` (NaN there does not propagate),
//! `alpha == 0` or `K == 0` ignores the product. Half/BFloat16 compute in float and round once.

use etk_core::{KernelContext, Result, Scalar, Tensor, boxed_kernel};

/// The product behind `addmm` (also `linear`'s with a bias) and ATen's checks for it, in
/// `util::matmul`.
pub use crate::util::matmul::{addmm_impl, check_addmm};

pub const OP: &str = "aten::addmm.out";

#[allow(clippy::too_many_arguments)]
pub fn addmm_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    mat1: &Tensor<'_>,
    mat2: &Tensor<'_>,
    beta: Scalar,
    alpha: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    addmm_impl(OP, self_, mat1, mat2, beta, alpha, out)
}

boxed_kernel!(pub fn addmm_out_boxed = OP => addmm_out(self_: &Tensor, mat1: &Tensor, mat2: &Tensor, beta: Scalar, alpha: Scalar) -> (out));
