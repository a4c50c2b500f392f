//! `_softmax.out(Tensor self, int dim, bool half_to_float, *, Tensor(a!) out) -> Tensor(a!)`
//! `_log_softmax.out(Tensor self, int dim, bool half_to_float, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Along `dim`: `softmax(x)_i = exp(x_i - m) / sum_j exp(x_j - m)` and
//! `log_softmax(x)_i = (x_i - m) - log(sum_j exp(x_j - m))`, with `m` the lane's maximum
//! (subtracting it keeps `exp` from overflowing; a lane holding `+inf` gives NaN, as in ATen).
//! Floating dtypes only; the out has the input's dtype and shape. Half and BFloat16 compute in
//! Float and round once. `half_to_float` is rejected, as ATen's CPU kernel does. A zero-dim
//! input is one lane of one element. Any dim order for the input and the out.

use crate::dispatch_float;
use crate::util::dispatch::Float;
use crate::util::norm::{Lane, check_float, for_each_index};
use etk_core::out::{check_dtype, resize_out};
use etk_core::shape::wrap_dim;
use etk_core::{Error, KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::_softmax.out";
pub const OP_LOG: &str = "aten::_log_softmax.out";

pub fn softmax_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: i64,
    half_to_float: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    run(OP, false, self_, dim, half_to_float, out)
}

pub fn log_softmax_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: i64,
    half_to_float: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    run(OP_LOG, true, self_, dim, half_to_float, out)
}

boxed_kernel!(pub fn softmax_out_boxed = OP => softmax_out(self_: &Tensor, dim: i64, half_to_float: bool) -> (out));
boxed_kernel!(pub fn log_softmax_out_boxed = OP_LOG => log_softmax_out(self_: &Tensor, dim: i64, half_to_float: bool) -> (out));

fn run(
    op: &'static str,
    log: bool,
    self_: &Tensor<'_>,
    dim: i64,
    half_to_float: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    if half_to_float {
        return Err(Error::invalid(
            op,
            "half_to_float",
            "false (ATen's CPU kernel has no half-to-float conversion)",
        ));
    }
    let d = wrap_dim(op, "dim", dim, self_.dim())?;
    check_dtype(op, "out", out, self_.dtype())?;
    check_float(op, "self", self_)?;
    resize_out(op, out, self_.sizes())?;
    out.as_mut_ptr(op, "out")?;
    let rank = self_.dim();
    let (len, si, so) = if rank == 0 {
        (1, 0, 0)
    } else {
        (self_.size(d), self_.strides()[d], out.strides()[d])
    };
    if self_.numel() == 0 {
        // The other dims can still be huge: walking them for empty lanes would take forever.
        return Ok(());
    }
    let (ins, outs) = (self_.strides(), out.strides());
    dispatch_float!(self_.dtype(), C => {
        for_each_index(self_.sizes(), |k| k != d, [ins, outs], |[oi, oo]| {
            let src = Lane::<C>::new(self_, oi, si, len);
            let dst = Lane::<C>::new(out, oo, so, len);
            // SAFETY: both lanes run along `dim` from an index within the tensors, which have
            // the same sizes; the out is writable and does not alias the input.
            unsafe { lane::<C>(log, &src, &dst) };
        });
    });
    Ok(())
}

/// # Safety
/// As [`Lane::read`] and [`Lane::write`].
unsafe fn lane<C: Float>(log: bool, src: &Lane<C>, dst: &Lane<C>) {
    let mut max = -C::INFINITY;
    let mut nan = false;
    // SAFETY (every lane access): forwarded from the caller.
    unsafe {
        src.read(|_, xs| {
            for &x in xs {
                nan |= x.is_nan();
                if x > max {
                    max = x;
                }
            }
        })
    };
    if nan {
        max = C::NAN;
    }
    let mut sum = C::ZERO;
    unsafe {
        src.read(|_, xs| {
            for &x in xs {
                sum = sum + (x - max).exp();
            }
        })
    };
    if log {
        // `(x - max) - log(sum)`: subtracting the max first keeps `x - max` exact near the
        // max, where folding `max + log(sum)` into one shift would round at `max`'s scale.
        let lse = sum.ln();
        unsafe {
            src.read(|start, xs| {
                dst.write_at(start, xs.len(), |ys| {
                    for (y, &x) in ys.iter_mut().zip(xs) {
                        *y = (x - max) - lse;
                    }
                })
            })
        };
    } else {
        let inv = C::ONE / sum;
        unsafe {
            src.read(|start, xs| {
                dst.write_at(start, xs.len(), |ys| {
                    for (y, &x) in ys.iter_mut().zip(xs) {
                        *y = (x - max).exp() * inv;
                    }
                })
            })
        };
    }
}
