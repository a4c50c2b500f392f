//! `ones.out(SymInt[] size, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! The out, resized to `size` (non-negative sizes), every element 1 in the out's dtype
//! (any dtype).

use crate::util::copy::fill_scalar;
use crate::util::movement::sizes_arg;
use etk_core::out::resize_out;
use etk_core::{KernelContext, Result, Scalar, Tensor, boxed_kernel};

pub const OP: &str = "aten::ones.out";

pub fn ones_out(_ctx: &mut KernelContext<'_>, size: &[i64], out: &mut Tensor<'_>) -> Result<()> {
    let sizes = sizes_arg(OP, "size", size)?;
    resize_out(OP, out, &sizes)?;
    fill_scalar(OP, &Scalar::Int(1), false, out)
}

boxed_kernel!(pub fn ones_out_boxed = OP => ones_out(size: &[i64]) -> (out));
