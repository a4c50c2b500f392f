//! `clamp.out(Tensor self, Scalar? min=None, Scalar? max=None, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = min(max(self, min), max)` with Scalar bounds on the pointwise frame for Float, Half,
//! BFloat16 (in f32) and the integer dtypes when the result keeps `self`'s dtype, the out has it
//! and the layout is one the frame accelerates: the bounds converted as portable converts them, and
//! each element clamped as portable's `clamp_value` does (bit-identical: NaN stays, `-0.0` stays
//! `-0.0`, `max` wins when `min > max`). A NaN bound, a bound that does not convert (an error),
//! other dtypes and layouts: portable.
//!
//! `clamp.Tensor_out(Tensor self, Tensor? min=None, Tensor? max=None, *, Tensor(a!) out)`
//! when `self`, the bounds and the out all have one of those dtypes: `maximum(self, min)` into
//! the out, then `minimum(out, max)` in place — the same selections as portable's
//! `clamp_value`, NaN propagating from any operand (ATen's clamp on tensors is exactly
//! maximum then minimum). Mixed dtypes, a bound overlapping the out, other layouts: portable.

use crate::pointwise::bodies::{IMax, IMin, Max, Min};
use crate::pointwise::entry::{arith, clamp_scalar, is_fast};
use crate::pointwise::frame::BinaryOp;
use crate::pointwise::walk::{Ptr, split};
use crate::pointwise::{Kernel, Operand, Simd, dispatch};
use etk_core::{KernelContext, Result, Scalar, ScalarType, Tensor, boxed_kernel};
use etk_portable::ops::clamp as portable;
use etk_portable::util::pointwise::resize_to_broadcast;

pub const OP: &str = "aten::clamp.out";
pub const OP_TENSOR: &str = "aten::clamp.Tensor_out";

pub fn clamp_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    min: Option<Scalar>,
    max: Option<Scalar>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let (lo, hi) = (min.map(|s| ("min", s)), max.map(|s| ("max", s)));
    match clamp_scalar(ctx, OP, self_, lo, hi, out) {
        Some(r) => r,
        None => portable::clamp_out(ctx, self_, min, max, out),
    }
}

pub fn clamp_tensor_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    min: Option<&Tensor<'_>>,
    max: Option<&Tensor<'_>>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    match clamp_tensor_fast(ctx, self_, min, max, out) {
        Some(r) => r,
        None => portable::clamp_tensor_out(ctx, self_, min, max, out),
    }
}

/// The frame's clamp with tensor bounds, or `None` (nothing written) for portable.
fn clamp_tensor_fast(
    ctx: &KernelContext<'_>,
    self_: &Tensor<'_>,
    min: Option<&Tensor<'_>>,
    max: Option<&Tensor<'_>>,
    out: &mut Tensor<'_>,
) -> Option<Result<()>> {
    let dtype = self_.dtype();
    let bounds = || min.iter().chain(max.iter());
    if !is_fast(dtype)
        || out.dtype() != dtype
        || (min.is_none() && max.is_none())
        || bounds().any(|b| b.dtype() != dtype || b.overlaps(out))
    {
        return None;
    }
    let mut inputs = [("self", self_); 3];
    let mut n = 1;
    for (name, b) in [("min", min), ("max", max)] {
        if let Some(b) = b {
            inputs[n] = (name, b);
            n += 1;
        }
    }
    if let Err(e) = resize_to_broadcast(OP_TENSOR, out, &inputs[..n]) {
        return Some(Err(e));
    }
    let x = Operand::Tensor(self_);
    let Some(hi) = max else {
        // min only (checked above)
        let lo = Operand::Tensor(min?);
        return arith(ctx, dtype, Max, Some(IMax), x, lo, out).then_some(Ok(()));
    };
    let Some(lo) = min else {
        return arith(ctx, dtype, Min, Some(IMin), x, Operand::Tensor(hi), out).then_some(Ok(()));
    };
    if dtype == ScalarType::Float && dense_alike(&[self_, lo, hi], out) {
        return Some(clamp_dense_f32(ctx, self_, lo, hi, out));
    }
    if !arith(ctx, dtype, Max, Some(IMax), x, Operand::Tensor(lo), out) {
        return None;
    }
    // SAFETY: a read-only view of the out's own elements, read by the second pass at the
    // positions it writes (the frames allow an input that is exactly the out).
    let partial = unsafe {
        Tensor::from_raw_parts(
            dtype,
            out.sizes(),
            out.dim_order(),
            out.as_ptr() as *mut u8,
            out.capacity(),
            false,
        )
    };
    let partial = partial.ok()?;
    // Declining here leaves `maximum(self, min)` in the out; portable then computes
    // `clamp(self, min, max)` afresh (equal, should `self` be the out: clamping is idempotent).
    arith(
        ctx,
        dtype,
        Min,
        Some(IMin),
        Operand::Tensor(&partial),
        Operand::Tensor(hi),
        out,
    )
    .then_some(Ok(()))
}

/// Whether every tensor has the out's sizes and dim order (so the same layout, element for
/// element, in memory order).
fn dense_alike(ts: &[&Tensor<'_>], out: &Tensor<'_>) -> bool {
    ts.iter()
        .all(|t| t.sizes() == out.sizes() && t.dim_order() == out.dim_order())
}

/// `min(max(x, lo), hi)` in one pass over same-layout Float tensors, with the bodies of
/// `maximum` and `minimum` (so the result is the two passes', bit for bit).
fn clamp_dense_f32(
    ctx: &KernelContext<'_>,
    x: &Tensor<'_>,
    lo: &Tensor<'_>,
    hi: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let o = Ptr(out.as_mut_ptr(OP_TENSOR, "out")?);
    let ins = [x, lo, hi].map(|t| Ptr(t.as_ptr() as *mut u8));
    let level = etk_simd::level();
    split(ctx, out.numel(), 1, &|start, end| {
        dispatch(
            level,
            ClampDense {
                ins,
                out: o,
                start,
                end,
            },
        )
    });
    Ok(())
}

/// Elements `[start, end)` of [`clamp_dense_f32`].
struct ClampDense {
    ins: [Ptr; 3],
    out: Ptr,
    start: usize,
    end: usize,
}

impl Kernel for ClampDense {
    type Output = ();
    #[inline(always)]
    fn run<S: Simd>(self, s: S) {
        let [x, lo, hi] = self.ins.map(|p| p.0 as *const f32);
        let o = self.out.0 as *mut f32;
        let mut i = self.start;
        // SAFETY: `[start, end)` lies within every (same-sized) tensor; the out's range is this
        // task's alone.
        unsafe {
            while i + S::LANES <= self.end {
                let m = Max.apply(s, s.load(x.add(i)), s.load(lo.add(i)));
                s.store(o.add(i), Min.apply(s, m, s.load(hi.add(i))));
                i += S::LANES;
            }
            if i < self.end {
                let n = self.end - i;
                let m = Max.apply(s, s.load_n(x.add(i), n), s.load_n(lo.add(i), n));
                s.store_n(o.add(i), n, Min.apply(s, m, s.load_n(hi.add(i), n)));
            }
        }
    }
}

boxed_kernel!(pub fn clamp_tensor_out_boxed = OP_TENSOR => clamp_tensor_out(self_: &Tensor, min: Option<&Tensor>, max: Option<&Tensor>) -> (out));
boxed_kernel!(pub fn clamp_out_boxed = OP => clamp_out(self_: &Tensor, min: Option<Scalar>, max: Option<Scalar>) -> (out));
