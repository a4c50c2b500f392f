//! `_native_batch_norm_legit_no_training.out(Tensor input, Tensor? weight, Tensor? bias,
//!   Tensor running_mean, Tensor running_var, float momentum, float eps, *, Tensor(a!) out0,
//!   Tensor(b!) out1, Tensor(c!) out2) -> (Tensor(a!), Tensor(b!), Tensor(c!))`
//!
//! Inference batch norm as a per-channel affine, `out0 = x * alpha + beta` with portable's
//! `alpha = weight / sqrt(running_var + eps)` and `beta = bias - running_mean * alpha` in f32
//! (the product and the sum rounded separately), so the result is portable's bit for bit.
//! Float, Half and BFloat16 inputs, any dim order (the out laid out as the input): the input
//! is `[outer, C, inner]` in memory; with `inner > 1` each `(outer, channel)` run of `inner`
//! elements is one scalar affine over vectors, with `inner == 1` (channels-last) each run of
//! `C` channels takes the per-channel vectors. Runs are split over threads when there are
//! enough elements. Every other call (Double, an out laid out otherwise, empty inputs) runs
//! portable's kernel, which also gives every rejection.

use crate::norm::runs::{Formula, Runs};
use crate::norm::{Shared, accelerated, around, get_f32, same_layout, split};
use etk_core::out::check_dtype;
use etk_core::{KernelContext, Result, ScalarType, Tensor, boxed_kernel};
use etk_portable::ops::native_batch_norm as portable;
use etk_portable::util::norm::param_dtype;
use etk_simd::{Element, Level, dispatch, level};
use half::{bf16, f16};

pub const OP: &str = portable::OP;

/// Channels whose `alpha` and `beta` are computed at a time for a channels-last input.
const CHANNELS: usize = 256;

#[allow(clippy::too_many_arguments)]
pub fn native_batch_norm_legit_no_training_out(
    ctx: &mut KernelContext<'_>,
    input: &Tensor<'_>,
    weight: Option<&Tensor<'_>>,
    bias: Option<&Tensor<'_>>,
    running_mean: &Tensor<'_>,
    running_var: &Tensor<'_>,
    momentum: f64,
    eps: f64,
    out0: &mut Tensor<'_>,
    out1: &mut Tensor<'_>,
    out2: &mut Tensor<'_>,
) -> Result<()> {
    let params = Params {
        weight,
        bias,
        mean: running_mean,
        var: running_var,
        eps: eps as f32,
    };
    if accept(input, &params, out0, out1, out2) && run(ctx, input, &params, out0, out1, out2) {
        return Ok(());
    }
    portable::native_batch_norm_legit_no_training_out(
        ctx,
        input,
        weight,
        bias,
        running_mean,
        running_var,
        momentum,
        eps,
        out0,
        out1,
        out2,
    )
}

boxed_kernel!(pub fn native_batch_norm_legit_no_training_out_boxed = OP => native_batch_norm_legit_no_training_out(input: &Tensor, weight: Option<&Tensor>, bias: Option<&Tensor>, running_mean: &Tensor, running_var: &Tensor, momentum: f64, eps: f64) -> (out0, out1, out2));

/// The per-channel parameters.
struct Params<'p, 't> {
    weight: Option<&'p Tensor<'t>>,
    bias: Option<&'p Tensor<'t>>,
    mean: &'p Tensor<'t>,
    var: &'p Tensor<'t>,
    eps: f32,
}

impl Params<'_, '_> {
    /// Channel `c`'s `(alpha, beta)`, as portable computes them.
    ///
    /// # Safety
    /// `c` below the channel count (which every parameter has).
    #[inline]
    unsafe fn affine(&self, c: usize) -> (f32, f32) {
        // SAFETY: the caller's; the parameters are 1-D.
        let at = |t: &Tensor<'_>| unsafe { get_f32(t, c * t.strides()[0]) };
        let invstd = 1.0 / (at(self.var) + self.eps).sqrt();
        let alpha = self.weight.map_or(1.0, at) * invstd;
        let beta = self.bias.map_or(0.0, at) - at(self.mean) * alpha;
        (alpha, beta)
    }
}

/// Whether every check of portable's kernel passes for these arguments (before the outs are
/// resized) and the input is one this kernel computes.
fn accept(
    input: &Tensor<'_>,
    p: &Params<'_, '_>,
    out0: &Tensor<'_>,
    out1: &Tensor<'_>,
    out2: &Tensor<'_>,
) -> bool {
    if input.dim() < 2 || !accelerated(input.dtype()) || input.numel() == 0 {
        return false;
    }
    let c = input.size(1);
    let params = [
        ("weight", p.weight),
        ("bias", p.bias),
        ("running_mean", Some(p.mean)),
        ("running_var", Some(p.var)),
    ];
    let Ok(pt) = param_dtype(OP, input, &params) else {
        return false;
    };
    params
        .iter()
        .all(|(_, t)| t.is_none_or(|t| t.sizes() == [c]))
        && [(out0, input.dtype()), (out1, pt), (out2, pt)]
            .iter()
            .all(|(t, d)| check_dtype(OP, "out", t, *d).is_ok())
}

/// Resizes the outs and computes out0; `false` (nothing written) for a call portable should
/// run.
fn run(
    ctx: &mut KernelContext<'_>,
    input: &Tensor<'_>,
    p: &Params<'_, '_>,
    out0: &mut Tensor<'_>,
    out1: &mut Tensor<'_>,
    out2: &mut Tensor<'_>,
) -> bool {
    let resized = out0.resize(OP, "out0", input.sizes()).is_ok()
        && out1.resize(OP, "out1", &[0]).is_ok()
        && out2.resize(OP, "out2", &[0]).is_ok();
    if !resized || !same_layout(input, out0) {
        return false;
    }
    let Ok(y) = out0.as_mut_ptr(OP, "out0") else {
        return false;
    };
    let (outer, c, inner) = around(input, 1);
    let job = Shared(Affine {
        x: input.as_ptr(),
        y,
        c,
        inner,
        params: p,
    });
    let (lv, dtype) = (level(), input.dtype());
    // channels-last: runs of C channels; otherwise runs of `inner` elements per channel
    let (items, per_item) = if inner == 1 {
        (outer, c)
    } else {
        (outer * c, inner)
    };
    split(ctx.parallel, items, per_item, &|start, end| {
        let job = job.get();
        // SAFETY: items `start..end` lie within the input and the out.
        unsafe {
            match dtype {
                ScalarType::Float => job.items::<f32>(lv, start, end),
                ScalarType::Half => job.items::<f16>(lv, start, end),
                _ => job.items::<bf16>(lv, start, end),
            }
        }
    });
    true
}

/// One call: the input and out0 as `[outer, c, inner]` in memory.
struct Affine<'a, 'p, 't> {
    x: *const u8,
    y: *mut u8,
    c: usize,
    inner: usize,
    params: &'a Params<'p, 't>,
}

impl Affine<'_, '_, '_> {
    /// Items `start..end`: runs of `inner` elements of one channel, or (channels-last) rows of
    /// `c` channels.
    ///
    /// # Safety
    /// The items lie within the input and the out.
    unsafe fn items<E: Element>(&self, lv: Level, start: usize, end: usize) {
        let (x, y) = (self.x.cast::<E>(), self.y.cast::<E>());
        if self.inner > 1 {
            for item in start..end {
                // SAFETY: `item % c` is a channel; the run lies within the tensors.
                let (alpha, beta) = unsafe { self.params.affine(item % self.c) };
                let at = item * self.inner;
                let run = Runs {
                    x: unsafe { x.add(at) },
                    y: unsafe { y.add(at) },
                    len: self.inner,
                    rows: 1,
                    stride: 0,
                    formula: Formula::Affine(alpha, beta),
                };
                dispatch(lv, run);
            }
            return;
        }
        let mut alpha = [0f32; CHANNELS];
        let mut beta = [0f32; CHANNELS];
        let mut c0 = 0;
        while c0 < self.c {
            let n = CHANNELS.min(self.c - c0);
            for i in 0..n {
                // SAFETY: `c0 + i < c`.
                (alpha[i], beta[i]) = unsafe { self.params.affine(c0 + i) };
            }
            let at = start * self.c + c0;
            let run = Runs {
                // SAFETY: rows `start..end` of `c` elements lie within the tensors.
                x: unsafe { x.add(at) },
                y: unsafe { y.add(at) },
                len: n,
                rows: end - start,
                stride: self.c,
                formula: Formula::PerElement(&alpha[..n], &beta[..n]),
            };
            dispatch(lv, run);
            c0 += n;
        }
    }
}
