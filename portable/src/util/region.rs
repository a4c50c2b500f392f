//! Regions of a tensor written or read by the slice and scatter ops: the bounds of a slice as
//! ATen clamps them, and the contract of the `*_scatter.out` ops.

use crate::util::movement::{View, copy_between, copy_view, dim_arg};
use etk_core::out::{check_dtype, resize_out};
use etk_core::{Error, ErrorKind, Info, Result, Tensor};

/// The elements a slice takes along one dim of `self`, as ATen bounds them.
pub struct Slice {
    pub dim: usize,
    pub start: usize,
    pub len: usize,
    pub step: usize,
}

impl Slice {
    /// `slice(self, dim, start, end, step)`'s arguments checked for `op`: `self` has a dim,
    /// `step` is positive, `dim` wraps. Negative `start` / `end` count from the end, then both
    /// are clamped into `[0, size]` (`end` at least `start`).
    pub fn of(
        op: &'static str,
        self_: &Tensor<'_>,
        dim: i64,
        start: Option<i64>,
        end: Option<i64>,
        step: i64,
    ) -> Result<Slice> {
        if self_.dim() == 0 {
            return Err(Error::invalid(op, "self", "a tensor with at least one dim"));
        }
        if step <= 0 {
            return Err(Error::new(ErrorKind::InvalidArgument, op, "step")
                .expected_text("a positive step")
                .got(Info::Int(step)));
        }
        let d = dim_arg(op, "dim", dim, self_.dim())?;
        let n = self_.size(d) as i64;
        let wrap = |v: i64| if v < 0 { v.saturating_add(n) } else { v };
        let s = wrap(start.unwrap_or(0)).clamp(0, n);
        let e = wrap(end.unwrap_or(i64::MAX)).clamp(s, n);
        let len = ((e - s) as u64).div_ceil(step as u64);
        Ok(Slice {
            dim: d,
            start: s as usize,
            len: len as usize,
            step: step as usize,
        })
    }
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
