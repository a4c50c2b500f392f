//! `slice_copy.Tensor_out(Tensor self, int dim=0, SymInt? start=None, SymInt? end=None, SymInt step=1, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Elements `start, start + step, ...` below `end` along `dim`. As ATen: negative `start` and
//! `end` count from the end, then both are clamped into `[0, size]` (`end` at least `start`),
//! so out-of-range bounds give a shorter or empty slice rather than an error; `None` means the
//! whole dim. `step` must be positive and `self` must have a dim. The out must have `self`'s
//! dtype.

use crate::util::movement::{Mover, Portable, View, dim_arg};
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::slice_copy.Tensor_out";

pub fn slice_copy_tensor_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: i64,
    start: Option<i64>,
    end: Option<i64>,
    step: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    slice_copy_with(&Portable, self_, dim, start, end, step, out)
}

/// The op with its elements moved by `m`.
pub fn slice_copy_with(
    m: &dyn Mover,
    self_: &Tensor<'_>,
    dim: i64,
    start: Option<i64>,
    end: Option<i64>,
    step: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let slice = Slice::of(OP, self_, dim, start, end, step)?;
    let view = View::of(self_).slice(slice.dim, slice.start, slice.len, slice.step);
    m.view_into_out(OP, self_, &view, out)
}

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

boxed_kernel!(pub fn slice_copy_tensor_out_boxed = OP => slice_copy_tensor_out(self_: &Tensor, dim: i64, start: Option<i64>, end: Option<i64>, step: i64) -> (out));
