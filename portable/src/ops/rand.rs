//! `rand.out(SymInt[] size, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! The out, resized to `size`, filled with independent draws uniform on `[0, 1)` from the
//! context's generator (`ctx.rng`). Each draw carries as many random bits as the out's dtype
//! has significand digits, so it is exact in that dtype and never rounds up to 1. Floating
//! dtypes (Half, BFloat16, Float, Double) and complex ones (real and imaginary parts drawn
//! independently), as ATen's `uniform_`; any other dtype is rejected, even for an empty out.

use crate::util::movement::sizes_arg;
use crate::util::random::{digits, fill_parts, real_parts};
use etk_core::out::resize_out;
use etk_core::{Error, KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::rand.out";

pub fn rand_out(ctx: &mut KernelContext<'_>, size: &[i64], out: &mut Tensor<'_>) -> Result<()> {
    let sizes = sizes_arg(OP, "size", size)?;
    let Some((real, _)) = real_parts(out.dtype()) else {
        return Err(Error::dtype(
            OP,
            "out",
            "a floating or complex dtype",
            out.dtype(),
        ));
    };
    resize_out(OP, out, &sizes)?;
    let d = digits(real);
    let mut s = ctx.rng.stream();
    fill_parts(OP, out, |chunk| {
        for v in chunk {
            *v = s.uniform(d);
        }
    })
}

boxed_kernel!(pub fn rand_out_boxed = OP => rand_out(size: &[i64]) -> (out));
