//! `unsqueeze_copy.out(Tensor self, int dim, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `self` with a size-1 dim inserted at `dim`, which ranges over `[-rank-1, rank]` (negative
//! counts from the end of the result). The out must have `self`'s dtype.

use crate::util::movement::{Mover, Portable, View, check_rank, dim_arg};
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::unsqueeze_copy.out";

pub fn unsqueeze_copy_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    unsqueeze_copy_with(&Portable, self_, dim, out)
}

/// The op with its elements moved by `m`.
pub fn unsqueeze_copy_with(
    m: &dyn Mover,
    self_: &Tensor<'_>,
    dim: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let rank = self_.dim() + 1;
    let d = dim_arg(OP, "dim", dim, rank)?;
    check_rank(OP, "self", rank)?;
    let view = View::of(self_).insert_dim(d);
    m.view_into_out(OP, self_, &view, out)
}

boxed_kernel!(pub fn unsqueeze_copy_out_boxed = OP => unsqueeze_copy_out(self_: &Tensor, dim: i64) -> (out));
