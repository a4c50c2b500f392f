//! `addmm.out(Tensor self, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)`
//! on the packed GEMM.
//!
//! Float, Half and BFloat16 run on the GEMM with `self` (broadcast to `[M, N]` by zero strides)
//! as the epilogue's addend: `out = beta * self + alpha * mat1 @ mat2`, computed in f32 and
//! rounded once. `beta` and `alpha` are converted as ATen does (to float, with its overflow
//! check); `beta == 0` ignores `self`, `alpha == 0` the product. Other dtypes: portable.

use super::mm::{mat_mut, mat_ref};
use crate::gemm::{self, Dt, Epilogue, MatRef};
use etk_core::{KernelContext, Result, Scalar, Tensor, boxed_kernel};
use etk_portable::ops::addmm as portable;
use etk_portable::ops::mm::{Strided, opmath_scalar};

pub const OP: &str = portable::OP;

#[allow(clippy::too_many_arguments)]
pub fn addmm_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    mat1: &Tensor<'_>,
    mat2: &Tensor<'_>,
    beta: Scalar,
    alpha: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    addmm_impl(OP, ctx, self_, mat1, mat2, beta, alpha, out)
}

/// `addmm` under the name `op` (`linear` with a 2-D input and a bias reaches it).
#[allow(clippy::too_many_arguments)]
pub(crate) fn addmm_impl(
    op: &'static str,
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    mat1: &Tensor<'_>,
    mat2: &Tensor<'_>,
    beta: Scalar,
    alpha: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let Some(dt) = Dt::of(mat1.dtype()) else {
        return portable::addmm_impl(op, self_, mat1, mat2, beta, alpha, out);
    };
    let (m, n) = portable::check_addmm(op, self_, mat1, mat2, out)?;
    let dtype = mat1.dtype();
    let Some(d) = Strided::expanded(self_, m, n) else {
        // unreachable: check_addmm has checked that `self` broadcasts.
        return portable::addmm_impl(op, self_, mat1, mat2, beta, alpha, out);
    };
    let beta: f32 = opmath_scalar(op, "beta", &beta, dtype)?;
    let alpha: f32 = opmath_scalar(op, "alpha", &alpha, dtype)?;
    // SAFETY: shapes checked; `self` broadcast to [m, n] with zero strides stays within its
    // memory; the out does not overlap the inputs.
    unsafe {
        let addend = MatRef::from_raw(d.ptr, dt, m, n, d.rs as isize, d.cs as isize);
        let a = mat_ref(mat1, dt, 0, 1);
        let b = mat_ref(mat2, dt, 0, 1);
        let c = mat_mut(op, out, dt, 0, 1)?;
        let epi = Epilogue {
            alpha,
            beta,
            addend: Some(addend),
            ..Epilogue::default()
        };
        gemm::gemm(ctx, gemm::isa(), a, b, c, &epi)
    }
}

boxed_kernel!(pub fn addmm_out_boxed = OP => addmm_out(self_: &Tensor, mat1: &Tensor, mat2: &Tensor, beta: Scalar, alpha: Scalar) -> (out));
