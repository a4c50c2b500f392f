//! `randn.out(SymInt[] size, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! The out, resized to `size`, filled with independent standard normal draws from the
//! context's generator (`ctx.rng`), computed in `f64` and rounded once to the out's dtype.
//! Floating dtypes, and complex ones whose real and imaginary parts are independent normals of
//! variance 1/2 (so that `E|z|^2 = 1`, as ATen's complex `normal_`). As in ATen, an empty out
//! of any dtype is accepted (`normal_` returns before it dispatches on the dtype).

use crate::util::movement::sizes_arg;
use crate::util::random::{fill_parts, normal_pair, real_parts};
use etk_core::out::resize_out;
use etk_core::{Error, KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::randn.out";

pub fn randn_out(ctx: &mut KernelContext<'_>, size: &[i64], out: &mut Tensor<'_>) -> Result<()> {
    let sizes = sizes_arg(OP, "size", size)?;
    resize_out(OP, out, &sizes)?;
    if out.numel() == 0 {
        return Ok(());
    }
    let Some((_, parts)) = real_parts(out.dtype()) else {
        return Err(Error::dtype(
            OP,
            "out",
            "a floating or complex dtype",
            out.dtype(),
        ));
    };
    let std = if parts == 2 {
        core::f64::consts::FRAC_1_SQRT_2
    } else {
        1.0
    };
    let mut s = ctx.rng.stream();
    fill_parts(OP, out, |chunk| {
        for pair in chunk.chunks_mut(2) {
            let (a, b) = normal_pair(&mut s);
            pair[0] = a * std;
            if let Some(v) = pair.get_mut(1) {
                *v = b * std;
            }
        }
    })
}

boxed_kernel!(pub fn randn_out_boxed = OP => randn_out(size: &[i64]) -> (out));
