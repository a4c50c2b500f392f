//! `zeros.out(SymInt[] size, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! The out, resized to `size` (non-negative sizes), every element 0 in the out's dtype
//! (any dtype).

use crate::util::copy::fill_scalar;
use crate::util::movement::sizes_arg;
use etk_core::out::resize_out;
use etk_core::{KernelContext, Result, Scalar, Tensor, boxed_kernel};

pub const OP: &str = "aten::zeros.out";

pub fn zeros_out(_ctx: &mut KernelContext<'_>, size: &[i64], out: &mut Tensor<'_>) -> Result<()> {
    let sizes = sizes_arg(OP, "size", size)?;
    resize_out(OP, out, &sizes)?;
    fill_scalar(OP, &Scalar::Int(0), false, out)
}

boxed_kernel!(pub fn zeros_out_boxed = OP => zeros_out(size: &[i64]) -> (out));
