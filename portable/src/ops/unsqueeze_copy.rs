//! `unsqueeze_copy.out(Tensor self, int dim, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `self` with a size-1 dim inserted at `dim`, which ranges over `[-rank-1, rank]` (negative
//! counts from the end of the result). The out must have `self`'s dtype.

use crate::util::movement::{View, check_rank, dim_arg, view_into_out};
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::unsqueeze_copy.out";

pub fn unsqueeze_copy_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let rank = self_.dim() + 1;
    let d = dim_arg(OP, "dim", dim, rank)?;
    check_rank(OP, "self", rank)?;
    let view = View::of(self_).insert_dim(d);
    view_into_out(OP, self_, &view, out)
}

boxed_kernel!(pub fn unsqueeze_copy_out_boxed = OP => unsqueeze_copy_out(self_: &Tensor, dim: i64) -> (out));
