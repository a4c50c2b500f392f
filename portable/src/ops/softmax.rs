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
use crate::util::moments::ROW_BLOCK;
use crate::util::norm::{Elems, RowDims, check_float, for_each_index};
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
        let (x, y) = (Elems::<C>::new(self_), Elems::<C>::new(out));
        let (xl, yl) = (RowDims::new(&[len], &[si]), RowDims::new(&[len], &[so]));
        for_each_index(self_.sizes(), |k| k != d, [ins, outs], |[oi, oo]| {
            // SAFETY: both lanes run along `dim` from an index within the tensors, which have
            // the same sizes; the out is writable and does not alias the input.
            unsafe { lane::<C>(log, &x, oi, &xl, &y, oo, &yl, len) };
        });
    });
    Ok(())
}

/// One lane: its max (NaN if it holds one), the sum of `exp(x - max)` in order, then the out.
/// Where the out lane is dense memory of the compute type, the exponentials are written there
/// by the sum pass and scaled in place (the same values as computing them again).
///
/// # Safety
/// The lanes lie within their tensors, the out writable and distinct from the input.
#[allow(clippy::too_many_arguments)]
unsafe fn lane<C: Float>(
    log: bool,
    x: &Elems<C>,
    xo: usize,
    xl: &RowDims,
    y: &Elems<C>,
    yo: usize,
    yl: &RowDims,
    len: usize,
) {
    let mut buf = [C::ZERO; ROW_BLOCK];
    let mut max = -C::INFINITY;
    let mut nan = false;
    let mut start = 0;
    while start < len {
        let n = ROW_BLOCK.min(len - start);
        // SAFETY (every access): forwarded from the caller.
        for &v in unsafe { x.row(xo, xl, start, &mut buf[..n]) } {
            nan |= v.is_nan();
            if v > max {
                max = v;
            }
        }
        start += n;
    }
    if nan {
        max = C::NAN;
    }
    let in_place = !log && unsafe { y.row_mut(yo, yl, 0, 0) }.is_some();
    let mut sum = C::ZERO;
    let mut start = 0;
    while start < len {
        let n = ROW_BLOCK.min(len - start);
        let xs = unsafe { x.row(xo, xl, start, &mut buf[..n]) };
        match unsafe { y.row_mut(yo, yl, start, n) }.filter(|_| in_place) {
            Some(ys) => {
                for (e, &v) in ys.iter_mut().zip(xs) {
                    *e = (v - max).exp();
                    sum = sum + *e;
                }
            }
            None => {
                for &v in xs {
                    sum = sum + (v - max).exp();
                }
            }
        }
        start += n;
    }
    // `(x - max) - log(sum)` for log_softmax: subtracting the max first keeps `x - max` exact
    // near the max, where folding `max + log(sum)` into one shift would round at max's scale.
    let (lse, inv) = (sum.ln(), C::ONE / sum);
    let mut out = [C::ZERO; ROW_BLOCK];
    let mut start = 0;
    while start < len {
        let n = ROW_BLOCK.min(len - start);
        if in_place {
            if let Some(ys) = unsafe { y.row_mut(yo, yl, start, n) } {
                for e in ys.iter_mut() {
                    *e = *e * inv;
                }
            }
        } else {
            let xs = unsafe { x.row(xo, xl, start, &mut buf[..n]) };
            for (o, &v) in out.iter_mut().zip(xs) {
                *o = if log {
                    (v - max) - lse
                } else {
                    (v - max).exp() * inv
                };
            }
            unsafe { y.store_row(yo, yl, start, &out[..n]) };
        }
        start += n;
    }
}
