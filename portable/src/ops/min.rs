//! `min.dim_min(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) min, Tensor(b!) min_indices) -> (Tensor(a!) values, Tensor(b!) indices)`
//! `min.unary_out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! The smallest value along `dim` with its index, or of every element; the rules of `max`
//! (the kernels are `max::extreme_dim` and `max::extreme_all`): NaN wins, the first index
//! among equals, an empty `unary_out` gives the highest value of `self`'s dtype (inf for
//! floats).

use crate::util::extreme::{extreme_all, extreme_dim};
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP_DIM: &str = "aten::min.dim_min";
pub const OP_UNARY: &str = "aten::min.unary_out";

pub fn min_dim_min(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: i64,
    keepdim: bool,
    min: &mut Tensor<'_>,
    min_indices: &mut Tensor<'_>,
) -> Result<()> {
    extreme_dim::<false>(
        OP_DIM,
        ("min", "min_indices"),
        self_,
        dim,
        keepdim,
        min,
        min_indices,
    )
}

pub fn min_unary_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    extreme_all::<false>(OP_UNARY, self_, out)
}

boxed_kernel!(pub fn min_dim_min_boxed = OP_DIM => min_dim_min(self_: &Tensor, dim: i64, keepdim: bool) -> (min, min_indices));
boxed_kernel!(pub fn min_unary_out_boxed = OP_UNARY => min_unary_out(self_: &Tensor) -> (out));
