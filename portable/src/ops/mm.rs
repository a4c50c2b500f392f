//! `mm.out(Tensor self, Tensor mat2, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = self @ mat2` for `self` `[M, K]` and `mat2` `[K, N]`; `out` is resized to `[M, N]`.
//! Both inputs and the out must have the same dtype (no promotion); every real dtype but Bool
//! (ATen's CPU kernel has none for Bool). Half and BFloat16 accumulate in float and round once;
//! integers accumulate in their own type, wrapping (computed here in `i64` and truncated on
//! store, which is the same modulo 2^bits). `K = 0` gives zeros. Any dim order, via strides.
//! The product loop is `util::matmul`'s, shared with `bmm`, `addmm` and `linear`.

use crate::util::matmul::{Product, Strided, check_inner, check_rank, check_same_dtype, matmul};
use etk_core::out::{check_dtype, resize_out};
use etk_core::{KernelContext, Result, Scalar, Tensor, boxed_kernel};

pub const OP: &str = "aten::mm.out";

pub fn mm_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    mat2: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    check_mm(OP, self_, mat2, out)?;
    let (m, k, n) = (self_.size(0), self_.size(1), mat2.size(1));
    let out_m = Strided::matrix(out, 0, 1);
    let out_ptr = out.as_mut_ptr(OP, "out")?;
    let p = Product {
        m,
        n,
        k,
        a: Strided::matrix(self_, 0, 1),
        b: Strided::matrix(mat2, 0, 1),
        alpha: Scalar::Int(1),
        addend: None,
    };
    // SAFETY: the operands' strides and sizes come from their views, and the out was resized
    // to `[m, n]` above.
    unsafe { matmul(OP, self_.dtype(), &p, out_ptr, out_m.rs, out_m.cs) }
}

/// ATen's checks for `mm` in its order, then the out's dtype; resizes the out to `[M, N]`.
pub fn check_mm(
    op: &'static str,
    self_: &Tensor<'_>,
    mat2: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    check_rank(op, "self", self_, 2)?;
    check_rank(op, "mat2", mat2, 2)?;
    check_same_dtype(op, "mat2", self_, mat2)?;
    check_inner(op, self_, mat2)?;
    check_dtype(op, "out", out, self_.dtype())?;
    resize_out(op, out, &[self_.size(0), mat2.size(1)])
}

boxed_kernel!(pub fn mm_out_boxed = OP => mm_out(self_: &Tensor, mat2: &Tensor) -> (out));
