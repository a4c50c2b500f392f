//! `scalar_tensor.out(Scalar s, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! A zero-dim tensor holding `s`, in whatever dtype the out has (the out is resized to `[]`).
//! The value converts as ATen's `Scalar::to` does, with c10's overflow check for the integral
//! dtypes and Float (`scalar_tensor(300)` into Int8 is an error, `2.5` into Int is 2); Bool
//! takes any value (non-zero is true).
//! Surprising but ATen: Half and BFloat16 skip the check, so `1e10` becomes `inf`.

use crate::util::copy::fill_scalar;
use crate::util::dispatch::is_reduced_float;
use etk_core::out::resize_out;
use etk_core::{KernelContext, Result, Scalar, Tensor, boxed_kernel};

pub const OP: &str = "aten::scalar_tensor.out";

pub fn scalar_tensor_out(
    _ctx: &mut KernelContext<'_>,
    s: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    resize_out(OP, out, &[])?;
    let checked = !is_reduced_float(out.dtype());
    fill_scalar(OP, &s, checked, out)
}

boxed_kernel!(pub fn scalar_tensor_out_boxed = OP => scalar_tensor_out(s: Scalar) -> (out));
