//! `gt.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)`
//! `gt.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = self > other` compared in the common dtype, on the pointwise frame for Float,
//! Half, BFloat16 (in f32, IEEE: NaN compares unequal), Int and Long into a Bool out when the
//! layout is one the frame accelerates. Other out dtypes and everything else: portable.

use crate::pointwise::bodies::{Cmp, Compare};
use crate::pointwise::entry::{compare_scalar, compare_tensors};
use etk_core::{KernelContext, Result, Scalar, Tensor, boxed_kernel};
use etk_portable::ops::gt as portable;

pub const OP_TENSOR: &str = "aten::gt.Tensor_out";
pub const OP_SCALAR: &str = "aten::gt.Scalar_out";

const C: Compare<{ Cmp::Gt.code() }> = Compare;

pub fn gt_tensor_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    match compare_tensors(ctx, OP_TENSOR, C, self_, other, out) {
        Some(r) => r,
        None => portable::gt_tensor_out(ctx, self_, other, out),
    }
}

pub fn gt_scalar_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    match compare_scalar(ctx, OP_SCALAR, C, self_, &other, out) {
        Some(r) => r,
        None => portable::gt_scalar_out(ctx, self_, other, out),
    }
}

boxed_kernel!(pub fn gt_tensor_out_boxed = OP_TENSOR => gt_tensor_out(self_: &Tensor, other: &Tensor) -> (out));
boxed_kernel!(pub fn gt_scalar_out_boxed = OP_SCALAR => gt_scalar_out(self_: &Tensor, other: Scalar) -> (out));
