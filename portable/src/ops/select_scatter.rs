//! `select_scatter.out(Tensor self, Tensor src, int dim, SymInt index, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = self` with `out.select(dim, index) = src`. `src` must have exactly the shape of that
//! slice (no broadcasting) and is converted to `self`'s dtype (C++ `static_cast`); the out must
//! have `self`'s dtype and takes its shape. Dim and index as `select_copy`.

use crate::util::movement::{View, copy_between, copy_view, dim_arg, index_arg};
use etk_core::out::{check_dtype, resize_out};
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::select_scatter.out";

pub fn select_scatter_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    src: &Tensor<'_>,
    dim: i64,
    index: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    if self_.dim() == 0 {
        return Err(Error::invalid(OP, "self", "a tensor with at least one dim"));
    }
    let d = dim_arg(OP, "dim", dim, self_.dim())?;
    let i = index_arg(OP, "index", index, self_.size(d))?;
    let region = |t: &Tensor<'_>| View::of(t).select(d, i);
    scatter(OP, self_, src, region, out)
}

/// `out = self` with the region `region(out)` of the out replaced by `src`, which must have
/// the region's shape exactly: the contract of the `*_scatter.out` ops. Every check comes
/// before the first write.
pub fn scatter(
    op: &'static str,
    self_: &Tensor<'_>,
    src: &Tensor<'_>,
    region: impl Fn(&Tensor<'_>) -> View,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let want = region(self_);
    if src.sizes() != want.sizes() {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "src")
            .expected(
                "the shape of the slice it replaces,",
                Info::Shape(want.shape()),
            )
            .got(Info::Shape(src.shape())));
    }
    check_dtype(op, "out", out, self_.dtype())?;
    resize_out(op, out, self_.sizes())?;
    copy_view(op, "self", self_, &View::of(self_), out)?;
    let dst = region(out);
    copy_between(op, "src", src, &View::of(src), out, &dst)
}

boxed_kernel!(pub fn select_scatter_out_boxed = OP => select_scatter_out(self_: &Tensor, src: &Tensor, dim: i64, index: i64) -> (out));
