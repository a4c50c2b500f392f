//! `native_group_norm.out(Tensor input, Tensor? weight, Tensor? bias, SymInt N, SymInt C,
//!   SymInt HxW, int group, float eps, *, Tensor(a!) out0, Tensor(b!) out1, Tensor(c!) out2)
//!   -> (Tensor(a!), Tensor(b!), Tensor(c!))`
//!
//! Float, Half and BFloat16 inputs (in f32) with the out laid out as the input, on portable's
//! statistics and formulas:
//!
//! - contiguous: each (sample, group) is a row of `C / group * HxW` elements; ATen's moments on
//!   vectors (`norm::moments`), `rstd` in f64, then per channel `x * scale + shift` fused
//!   (`scale = rstd * weight`, `shift = bias - mean * scale`), or `(x - mean) * rstd` without
//!   parameters; groups split over threads.
//! - channels-last: per channel the sums of `x` and `x * x` over the positions, in vector lanes
//!   across channels (each lane in portable's order), added over each group's channels; then
//!   the fused affine per channel across channels; samples split over threads.
//!
//! Fused multiply-adds round once, where portable rounds them through f64 (they differ in the
//! last bit when that lands on a halfway point). Every other call (Double, an out laid out
//! otherwise, empty inputs, more than 512 groups of a channels-last input) runs portable's
//! kernel, which also gives every rejection.

use crate::norm::moments::Moments;
use crate::norm::runs::{Formula, Runs};
use crate::norm::{Shared, accelerated, get_f32, same_layout, set_f32, split};
use etk_core::out::check_dtype;
use etk_core::shape::is_channels_last_dim_order;
use etk_core::{KernelContext, Result, ScalarType, Tensor, boxed_kernel};
use etk_portable::ops::native_group_norm as portable;
use etk_portable::util::norm::param_dtype;
use etk_simd::{Element, Kernel, Level, Simd, dispatch, level};
use half::{bf16, f16};

pub const OP: &str = portable::OP;

/// Groups whose moments are computed before they are normalized.
const BLOCK: usize = 8;
/// Channels handled at a time for a channels-last input.
const CHANNELS: usize = 256;
/// The most groups a channels-last input may have here (their statistics are on the stack).
const GROUPS: usize = 512;

#[allow(clippy::too_many_arguments)]
pub fn native_group_norm_out(
    ctx: &mut KernelContext<'_>,
    input: &Tensor<'_>,
    weight: Option<&Tensor<'_>>,
    bias: Option<&Tensor<'_>>,
    n: i64,
    c: i64,
    hxw: i64,
    group: i64,
    eps: f64,
    out0: &mut Tensor<'_>,
    out1: &mut Tensor<'_>,
    out2: &mut Tensor<'_>,
) -> Result<()> {
    let done = accept(input, weight, bias, [n, c, hxw, group], [out0, out1, out2])
        .is_some_and(|plan| run(ctx, input, weight, bias, eps, plan, out0, out1, out2));
    if done {
        return Ok(());
    }
    portable::native_group_norm_out(
        ctx, input, weight, bias, n, c, hxw, group, eps, out0, out1, out2,
    )
}

boxed_kernel!(pub fn native_group_norm_out_boxed = OP => native_group_norm_out(input: &Tensor, weight: Option<&Tensor>, bias: Option<&Tensor>, n: i64, c: i64, hxw: i64, group: i64, eps: f64) -> (out0, out1, out2));

/// What [`accept`] found.
#[derive(Clone, Copy)]
struct Plan {
    n: usize,
    c: usize,
    hxw: usize,
    g: usize,
    pt: ScalarType,
    channels_last: bool,
}

/// The plan, when every check of portable's kernel passes for these arguments (before the
/// outs are resized) and the input is one this kernel computes.
fn accept(
    input: &Tensor<'_>,
    weight: Option<&Tensor<'_>>,
    bias: Option<&Tensor<'_>>,
    [n, c, hxw, group]: [i64; 4],
    outs: [&Tensor<'_>; 3],
) -> Option<Plan> {
    if n < 0 || c < 0 || hxw < 0 || group <= 0 || c % group != 0 {
        return None;
    }
    let (n, c, hxw, g) = (n as usize, c as usize, hxw as usize, group as usize);
    let total = n.checked_mul(c).and_then(|v| v.checked_mul(hxw));
    if !accelerated(input.dtype()) || input.numel() == 0 || total != Some(input.numel()) {
        return None;
    }
    let params_fit = [weight, bias]
        .iter()
        .flatten()
        .all(|p| p.dim() == 1 && p.numel() == c);
    let channels_last = !input.is_contiguous() && is_channels_last_dim_order(input.dim_order());
    if !params_fit || !(input.is_contiguous() || channels_last) || (channels_last && g > GROUPS) {
        return None;
    }
    let pt = param_dtype(OP, input, &[("weight", weight), ("bias", bias)]).ok()?;
    let dtypes = outs
        .iter()
        .zip([input.dtype(), pt, pt])
        .all(|(t, d)| check_dtype(OP, "out", t, d).is_ok());
    dtypes.then_some(Plan {
        n,
        c,
        hxw,
        g,
        pt,
        channels_last,
    })
}

/// Resizes the outs and normalizes; `false` (nothing written) for a call portable should run.
#[allow(clippy::too_many_arguments)]
fn run(
    ctx: &mut KernelContext<'_>,
    input: &Tensor<'_>,
    weight: Option<&Tensor<'_>>,
    bias: Option<&Tensor<'_>>,
    eps: f64,
    plan: Plan,
    out0: &mut Tensor<'_>,
    out1: &mut Tensor<'_>,
    out2: &mut Tensor<'_>,
) -> bool {
    let resized = out0.resize(OP, "out0", input.sizes()).is_ok()
        && out1.resize(OP, "out1", &[plan.n, plan.g]).is_ok()
        && out2.resize(OP, "out2", &[plan.n, plan.g]).is_ok();
    if !resized || !same_layout(input, out0) {
        return false;
    }
    let (Ok(y), Ok(mean), Ok(rstd)) = (
        out0.as_mut_ptr(OP, "out0"),
        out1.as_mut_ptr(OP, "out1"),
        out2.as_mut_ptr(OP, "out2"),
    ) else {
        return false;
    };
    let job = Shared(Groups {
        x: input.as_ptr(),
        y,
        plan,
        weight,
        bias,
        eps,
        stats: (mean, rstd, [out1.strides()[0], out1.strides()[1]]),
        stats2: [out2.strides()[0], out2.strides()[1]],
    });
    let levels = (level(), level().at_most_lanes(8));
    let dtype = input.dtype();
    let (items, cost) = if plan.channels_last {
        (plan.n, plan.c * plan.hxw * 8)
    } else {
        (plan.n * plan.g, plan.c / plan.g * plan.hxw * 8)
    };
    split(ctx.parallel, items, cost, &|start, end| {
        let job = job.get();
        // SAFETY: items `start..end` (samples or groups) lie within the tensors.
        unsafe {
            match dtype {
                ScalarType::Float => job.items::<f32>(levels, start, end),
                ScalarType::Half => job.items::<f16>(levels, start, end),
                _ => job.items::<bf16>(levels, start, end),
            }
        }
    });
    true
}

/// One call.
struct Groups<'a, 't> {
    x: *const u8,
    y: *mut u8,
    plan: Plan,
    weight: Option<&'a Tensor<'t>>,
    bias: Option<&'a Tensor<'t>>,
    eps: f64,
    /// out1 and out2's data and out1's strides.
    stats: (*mut u8, *mut u8, [usize; 2]),
    /// out2's strides.
    stats2: [usize; 2],
}

/// `1 / sqrt(max(var, 0) + eps)` in f64, rounded (portable's `rstd_f64`; a NaN variance stays).
fn rstd_f64(var: f32, eps: f64) -> f32 {
    let v = var as f64;
    let v = if v < 0.0 { 0.0 } else { v };
    (1.0 / (v + eps).sqrt()) as f32
}

impl Groups<'_, '_> {
    /// Channel `ci`'s `(scale, shift)` for a group's `mean` and `rstd` (portable's formula).
    fn affine(&self, ci: usize, mean: f32, rs: f32) -> (f32, f32) {
        // SAFETY: `ci < C`, the parameters' length.
        let param = |p: Option<&Tensor<'_>>, none: f32| {
            p.map_or(none, |p| unsafe { get_f32(p, ci * p.strides()[0]) })
        };
        let scale = rs * param(self.weight, 1.0);
        (scale, -scale * mean + param(self.bias, 0.0))
    }

    /// Writes group `gi` of sample `ni`'s statistics.
    ///
    /// # Safety
    /// `ni < N`, `gi < group`.
    unsafe fn set_stats(&self, ni: usize, gi: usize, mean: f32, rs: f32) {
        let (m, r, ms) = self.stats;
        let rs_ = self.stats2;
        // SAFETY: the caller's.
        unsafe {
            set_f32(m, self.plan.pt, ni * ms[0] + gi * ms[1], mean);
            set_f32(r, self.plan.pt, ni * rs_[0] + gi * rs_[1], rs);
        }
    }

    /// Items `start..end`: groups (contiguous) or samples (channels-last).
    ///
    /// # Safety
    /// The items lie within the tensors.
    unsafe fn items<E: Element>(&self, (full, narrow): (Level, Level), start: usize, end: usize) {
        let Plan { c, hxw, g, .. } = self.plan;
        let d = c / g;
        let (x, y) = (self.x.cast::<E>(), self.y.cast::<E>());
        if self.plan.channels_last {
            for ni in start..end {
                // SAFETY: sample `ni` lies within the tensors.
                unsafe { self.sample::<E>(full, ni) };
            }
            return;
        }
        let affine = self.weight.is_some() || self.bias.is_some();
        let mut first = start;
        while first < end {
            let count = BLOCK.min(end - first);
            let mut st = [(0f32, 0f32); BLOCK];
            let len = d * hxw;
            dispatch(
                narrow,
                Moments {
                    // SAFETY: groups `first..first + count` lie within the input.
                    x: unsafe { x.add(first * len) },
                    stride: len,
                    len,
                    stats: &mut st[..count],
                },
            );
            for (k, &(mean, var)) in st[..count].iter().enumerate() {
                let (ni, gi) = ((first + k) / g, (first + k) % g);
                let rs = rstd_f64(var, self.eps);
                // SAFETY: `ni < N`, `gi < group`.
                unsafe { self.set_stats(ni, gi, mean, rs) };
                for ci in gi * d..(gi + 1) * d {
                    let formula = if affine {
                        let (scale, shift) = self.affine(ci, mean, rs);
                        Formula::Affine(scale, shift)
                    } else {
                        Formula::Centered(mean, rs)
                    };
                    let at = (ni * c + ci) * hxw;
                    let run = Runs {
                        // SAFETY: channel `ci` of sample `ni` lies within the tensors.
                        x: unsafe { x.add(at) },
                        y: unsafe { y.add(at) },
                        len: hxw,
                        rows: 1,
                        stride: 0,
                        formula,
                    };
                    dispatch(full, run);
                }
            }
            first += count;
        }
    }

    /// Sample `ni` of a channels-last input: `[HxW, C]` in memory.
    ///
    /// # Safety
    /// The sample lies within the tensors.
    unsafe fn sample<E: Element>(&self, lv: Level, ni: usize) {
        let Plan { c, hxw, g, .. } = self.plan;
        let d = c / g;
        let at = ni * hxw * c;
        // SAFETY: the caller's.
        let (x, y) = unsafe { (self.x.cast::<E>().add(at), self.y.cast::<E>().add(at)) };
        // per group: the sums of x and x * x over its channels, in channel order
        let mut sums = [(0f32, 0f32); GROUPS];
        let mut c0 = 0;
        while c0 < c {
            let n = CHANNELS.min(c - c0);
            let mut cs = [0f32; CHANNELS];
            let mut csq = [0f32; CHANNELS];
            dispatch(
                lv,
                ChannelSums {
                    // SAFETY: channels `c0..c0 + n` of every position of the sample.
                    x: unsafe { x.add(c0) },
                    len: n,
                    rows: hxw,
                    stride: c,
                    sum: &mut cs[..n],
                    sum_sq: &mut csq[..n],
                },
            );
            for i in 0..n {
                let s = &mut sums[(c0 + i) / d];
                s.0 += cs[i];
                s.1 += csq[i];
            }
            c0 += n;
        }
        let mut stats = [(0f32, 0f32); GROUPS];
        let inv = 1.0 / (d * hxw) as f32;
        for gi in 0..g {
            let (sum, sq) = sums[gi];
            let mean = sum * inv;
            let var = sq * inv - mean * mean;
            let rs = rstd_f64(var, self.eps);
            stats[gi] = (mean, rs);
            // SAFETY: `ni < N`, `gi < group`.
            unsafe { self.set_stats(ni, gi, mean, rs) };
        }
        let mut c0 = 0;
        while c0 < c {
            let n = CHANNELS.min(c - c0);
            let mut scale = [0f32; CHANNELS];
            let mut shift = [0f32; CHANNELS];
            for i in 0..n {
                let (mean, rs) = stats[(c0 + i) / d];
                (scale[i], shift[i]) = self.affine(c0 + i, mean, rs);
            }
            let run = Runs {
                // SAFETY: channels `c0..c0 + n` of every position of the sample.
                x: unsafe { x.add(c0) },
                y: unsafe { y.add(c0) },
                len: n,
                rows: hxw,
                stride: c,
                formula: Formula::PerElement(&scale[..n], &shift[..n]),
            };
            dispatch(lv, run);
            c0 += n;
        }
    }
}

/// Per element of a run of `len` channels, the sums over `rows` positions (`stride` elements
/// apart) of `x` and of `x * x` (fused), each in position order.
struct ChannelSums<'a, E> {
    x: *const E,
    len: usize,
    rows: usize,
    stride: usize,
    sum: &'a mut [f32],
    sum_sq: &'a mut [f32],
}

/// Vectors of channels summed at once (register-resident accumulators).
const SUM_VECTORS: usize = 4;

impl<E: Element> Kernel for ChannelSums<'_, E> {
    type Output = ();
    #[inline(always)]
    fn run<S: Simd>(self, s: S) {
        let ChannelSums {
            x,
            len,
            rows,
            stride,
            sum,
            sum_sq,
        } = self;
        let mut i = 0;
        while i < len {
            let width = (SUM_VECTORS * S::LANES).min(len - i);
            let nv = width.div_ceil(S::LANES);
            let lanes = |j: usize| S::LANES.min(width - j * S::LANES);
            let mut cs = [s.zero(); SUM_VECTORS];
            let mut csq = [s.zero(); SUM_VECTORS];
            for r in 0..rows {
                for j in 0..nv {
                    // SAFETY: channels `i..i + width` of position `r` (the caller's).
                    let v = unsafe {
                        let p = x.add(r * stride + i + j * S::LANES);
                        let n = lanes(j);
                        if n == S::LANES {
                            E::load(s, p)
                        } else {
                            E::load_n(s, p, n)
                        }
                    };
                    cs[j] = s.add(cs[j], v);
                    csq[j] = s.add(csq[j], s.mul(v, v));
                }
            }
            for j in 0..nv {
                let at = i + j * S::LANES;
                // SAFETY: `lanes(j)` floats of each sum from `at`, within `len`.
                unsafe {
                    s.store_n(sum.as_mut_ptr().add(at), lanes(j), cs[j]);
                    s.store_n(sum_sq.as_mut_ptr().add(at), lanes(j), csq[j]);
                }
            }
            i += width;
        }
    }
}
