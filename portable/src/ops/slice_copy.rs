//! `slice_copy.Tensor_out(Tensor self, int dim=0, SymInt? start=None, SymInt? end=None, SymInt step=1, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Elements `start, start + step, ...` below `end` along `dim`. As ATen: negative `start` and
//! `end` count from the end, then both are clamped into `[0, size]` (`end` at least `start`),
//! so out-of-range bounds give a shorter or empty slice rather than an error; `None` means the
//! whole dim. `step` must be positive and `self` must have a dim. The out must have `self`'s
//! dtype.

use crate::util::movement::{Mover, Portable, View};
use crate::util::region::Slice;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

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

boxed_kernel!(pub fn slice_copy_tensor_out_boxed = OP => slice_copy_tensor_out(self_: &Tensor, dim: i64, start: Option<i64>, end: Option<i64>, step: i64) -> (out));
