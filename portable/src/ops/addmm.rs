//! `addmm.out(Tensor self, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = beta * self + alpha * (mat1 @ mat2)` for `mat1` `[M, K]`, `mat2` `[K, N]`, with
//! `self` broadcast to `[M, N]` (a bias `[N]`, a column `[M, 1]`, a scalar, or a full matrix);
//! `out` is resized to `[M, N]`. All three inputs and the out have one dtype (no promotion, no
//! Bool). `beta` and `alpha` are taken in the type ATen computes in (Float for Half, BFloat16
//! and Float; Double; the integer type itself, so `1.5` acts as `1` on integers) and must fit
//! it. BLAS conventions: `beta == 0` ignores `self` (NaN there does not propagate),
//! `alpha == 0` or `K == 0` ignores the product. Half/BFloat16 compute in float and round once.

use crate::ops::mm::{Product, Strided, check_inner, check_rank, check_same_dtype, matmul};
use etk_core::out::{check_dtype, resize_out};
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, Scalar, Tensor, boxed_kernel};

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

/// `addmm` under the name `op` (`linear` reaches it for 2-D inputs with a bias).
pub fn addmm_impl(
    op: &'static str,
    self_: &Tensor<'_>,
    mat1: &Tensor<'_>,
    mat2: &Tensor<'_>,
    beta: Scalar,
    alpha: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let (m, n) = check_addmm(op, self_, mat1, mat2, out)?;
    let k = mat1.size(1);
    let d = Strided::expanded(self_, m, n).ok_or_else(|| expand_error(op, self_, m, n))?;
    let o = Strided::matrix(out, 0, 1);
    let out_ptr = out.as_mut_ptr(op, "out")?;
    let p = Product {
        m,
        n,
        k,
        a: Strided::matrix(mat1, 0, 1),
        b: Strided::matrix(mat2, 0, 1),
        alpha,
        addend: Some((d, beta)),
    };
    // SAFETY: operands' strides come from their views; `self` broadcasts to `[m, n]`; the out
    // was resized to `[m, n]`.
    unsafe { matmul(op, mat1.dtype(), &p, out_ptr, o.rs, o.cs) }
}

/// ATen's checks for `addmm` in its order, then the out's dtype and resize; `(M, N)`.
/// `self` broadcasting is checked by the caller (`Strided::expanded`).
pub fn check_addmm(
    op: &'static str,
    self_: &Tensor<'_>,
    mat1: &Tensor<'_>,
    mat2: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<(usize, usize)> {
    check_rank(op, "mat1", mat1, 2)?;
    check_rank(op, "mat2", mat2, 2)?;
    check_inner(op, mat1, mat2)?;
    check_same_dtype(op, "self", mat2, self_)?;
    check_same_dtype(op, "mat1", mat2, mat1)?;
    check_dtype(op, "out", out, mat1.dtype())?;
    let (m, n) = (mat1.size(0), mat2.size(1));
    if Strided::expanded(self_, m, n).is_none() {
        return Err(expand_error(op, self_, m, n));
    }
    resize_out(op, out, &[m, n])?;
    Ok((m, n))
}

fn expand_error(op: &'static str, self_: &Tensor<'_>, m: usize, n: usize) -> Error {
    Error::new(ErrorKind::InvalidArgument, op, "self")
        .expected(
            "a shape that broadcasts to [M, N] =",
            Info::Shape(etk_core::Dims::new(&[m, n]).unwrap_or(etk_core::Dims::EMPTY)),
        )
        .got(Info::Shape(self_.shape()))
}

boxed_kernel!(pub fn addmm_out_boxed = OP => addmm_out(self_: &Tensor, mat1: &Tensor, mat2: &Tensor, beta: Scalar, alpha: Scalar) -> (out));
