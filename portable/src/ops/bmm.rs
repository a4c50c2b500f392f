//! `bmm.out(Tensor self, Tensor mat2, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! A batch of matrix products: `out[b] = self[b] @ mat2[b]` for `self` `[B, M, K]` and `mat2`
//! `[B, K, N]`; `out` is resized to `[B, M, N]`. Dtypes as `mm` (same dtype everywhere, no
//! Bool, Half/BFloat16 accumulated in float, integers wrapping). Any dim order, via strides.

use crate::util::matmul::{Product, Strided, check_rank, check_same_dtype, matmul};
use etk_core::out::{check_dtype, resize_out};
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, Scalar, Tensor, boxed_kernel};

pub const OP: &str = "aten::bmm.out";

pub fn bmm_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    mat2: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    check_bmm(OP, self_, mat2, out)?;
    let (batch, m, k, n) = (self_.size(0), self_.size(1), self_.size(2), mat2.size(2));
    let esize = self_.element_size();
    let (a, b, o) = (
        Strided::matrix(self_, 1, 2),
        Strided::matrix(mat2, 1, 2),
        Strided::matrix(out, 1, 2),
    );
    let out_ptr = out.as_mut_ptr(OP, "out")?;
    // A zero-element out may still have a huge batch dim: nothing to compute, and its loop
    // alone would take minutes.
    if out.numel() == 0 {
        return Ok(());
    }
    for i in 0..batch {
        let p = Product {
            m,
            n,
            k,
            a: a.advance(i * self_.strides()[0], esize),
            b: b.advance(i * mat2.strides()[0], esize),
            alpha: Scalar::Int(1),
            addend: None,
        };
        let out_i = out_ptr.wrapping_add(i * out.strides()[0] * esize);
        // SAFETY: batch `i` of each operand lies within its view; the out was resized above.
        unsafe { matmul(OP, self_.dtype(), &p, out_i, o.rs, o.cs)? };
    }
    Ok(())
}

/// ATen's checks for `bmm` in its order (shapes, out dtype, operand dtypes); resizes the out
/// to `[B, M, N]`.
pub fn check_bmm(
    op: &'static str,
    self_: &Tensor<'_>,
    mat2: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    check_rank(op, "self", self_, 3)?;
    check_rank(op, "mat2", mat2, 3)?;
    let (batch, m, k, n) = (self_.size(0), self_.size(1), self_.size(2), mat2.size(2));
    if mat2.size(0) != batch || mat2.size(1) != k {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "mat2")
            .expected(
                "[B, K, N] matching self's batch and inner sizes; self",
                Info::Shape(self_.shape()),
            )
            .got(Info::Shape(mat2.shape())));
    }
    check_dtype(op, "out", out, self_.dtype())?;
    check_same_dtype(op, "mat2", self_, mat2)?;
    resize_out(op, out, &[batch, m, n])
}

boxed_kernel!(pub fn bmm_out_boxed = OP => bmm_out(self_: &Tensor, mat2: &Tensor) -> (out));
