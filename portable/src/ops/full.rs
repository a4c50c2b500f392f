//! `full.out(SymInt[] size, Scalar fill_value, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! The out, resized to `size` (non-negative sizes), every element `fill_value` converted to the
//! out's dtype (any dtype) with c10's overflow check: 300 into Int8, `1e10` into Half and NaN
//! into an integer dtype are errors, even for an empty out; Bool takes any value.

use crate::util::copy::fill_scalar;
use crate::util::movement::sizes_arg;
use etk_core::out::resize_out;
use etk_core::{KernelContext, Result, Scalar, Tensor, boxed_kernel};

pub const OP: &str = "aten::full.out";

pub fn full_out(
    _ctx: &mut KernelContext<'_>,
    size: &[i64],
    fill_value: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let sizes = sizes_arg(OP, "size", size)?;
    resize_out(OP, out, &sizes)?;
    fill_scalar(OP, &fill_value, true, out)
}

boxed_kernel!(pub fn full_out_boxed = OP => full_out(size: &[i64], fill_value: Scalar) -> (out));
