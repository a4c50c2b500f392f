//! `fill.Scalar_out(Tensor self, Scalar value, *, Tensor(a!) out) -> Tensor(a!)`
//! `fill.Tensor_out(Tensor self, Tensor value, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out` takes `self`'s shape and exactly its dtype, every element set to `value`.
//! A Scalar value converts as ATen's `Scalar::to` does, with c10's overflow check (filling an
//! Int8 tensor with 300 is an error, even an empty one); a Tensor value must be zero-dim and
//! converts as a copy does (`static_cast`, no check: 300.0 into Int8 is 44).
//! Surprising but ATen: a one-element Half or BFloat16 tensor takes an overflowing Scalar
//! without error (it becomes ±inf): ATen's one-element fast path skips the check for them.
//!
//! A complex out takes `(value, 0)`, range-checked as its part dtype (also `full`, `zeros`, ...).

use crate::util::copy::{copy_like, fill_scalar};
use crate::util::dispatch::is_reduced_float;
use etk_core::out::{check_dtype, resize_out};
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, Scalar, Tensor, boxed_kernel};

pub const OP_SCALAR: &str = "aten::fill.Scalar_out";
pub const OP_TENSOR: &str = "aten::fill.Tensor_out";

pub fn fill_scalar_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    value: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let st = self_.dtype();
    check_dtype(OP_SCALAR, "out", out, st)?;
    resize_out(OP_SCALAR, out, self_.sizes())?;
    let fast_path_unchecked = self_.numel() == 1 && is_reduced_float(st);
    fill_scalar(OP_SCALAR, &value, !fast_path_unchecked, out)
}

pub fn fill_tensor_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    value: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    if value.dim() != 0 {
        return Err(Error::new(ErrorKind::InvalidArgument, OP_TENSOR, "value")
            .expected_text("a zero-dim value tensor")
            .got(Info::Shape(value.shape())));
    }
    copy_like(OP_TENSOR, self_, "value", value, out)
}

boxed_kernel!(pub fn fill_scalar_out_boxed = OP_SCALAR => fill_scalar_out(self_: &Tensor, value: Scalar) -> (out));
boxed_kernel!(pub fn fill_tensor_out_boxed = OP_TENSOR => fill_tensor_out(self_: &Tensor, value: &Tensor) -> (out));
