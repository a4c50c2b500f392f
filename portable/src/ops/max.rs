//! `max.dim_max(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) max, Tensor(b!) max_values) -> (Tensor(a!) values, Tensor(b!) indices)`
//! `max.unary_out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `dim_max`: the largest value along `dim` and its index (the first among equals; NaN wins,
//! first NaN). The values out (`max`) must have `self`'s dtype, the indices out (named
//! `max_values` in the schema) must be Long; a size-0 dim is an error.
//! `unary_out`: the largest element; the out may be any dtype `self` can be cast to, and an
//! empty tensor gives the lowest value of `self`'s dtype (-inf for floats), as ATen does. The
//! value goes into the out as ATen's `fill_` takes a Scalar: an integer that does not fit the
//! out's dtype (300 into Char, 1e300 into Float) is an error; Half and BFloat16 take any value.
//! The kernels, shared with `min`, are [`crate::util::extreme`]'s.
//!
//! Complex inputs are a dtype error (ATen has no complex kernel).

use crate::util::extreme::{extreme_all, extreme_dim};
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP_DIM: &str = "aten::max.dim_max";
pub const OP_UNARY: &str = "aten::max.unary_out";

pub fn max_dim_max(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: i64,
    keepdim: bool,
    max: &mut Tensor<'_>,
    max_values: &mut Tensor<'_>,
) -> Result<()> {
    extreme_dim::<true>(
        OP_DIM,
        ("max", "max_values"),
        self_,
        dim,
        keepdim,
        max,
        max_values,
    )
}

pub fn max_unary_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    extreme_all::<true>(OP_UNARY, self_, out)
}

boxed_kernel!(pub fn max_dim_max_boxed = OP_DIM => max_dim_max(self_: &Tensor, dim: i64, keepdim: bool) -> (max, max_values));
boxed_kernel!(pub fn max_unary_out_boxed = OP_UNARY => max_unary_out(self_: &Tensor) -> (out));
