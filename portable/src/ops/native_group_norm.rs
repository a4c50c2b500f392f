//! `native_group_norm.out(Tensor input, Tensor? weight, Tensor? bias, SymInt N, SymInt C,
//!   SymInt HxW, int group, float eps, *, Tensor(a!) out0, Tensor(b!) out1, Tensor(c!) out2)
//!   -> (Tensor(a!), Tensor(b!), Tensor(c!))`
//!
//! Group normalization: `input` is read as `N` samples of `C` channels of `HxW` positions
//! (`input.numel()` must be `N * C * HxW`; its memory is contiguous `[N, C, HxW]` or, for a
//! channels-last 4-D / 5-D input, `[N, HxW, C]`: ATen rejects other layouts). The channels
//! split into `group` groups of `C / group`; each (sample, group) gets `mean` and
//! `rstd = 1 / sqrt(var + eps)` (biased variance), returned in `out1` / `out2` of shape
//! `[N, group]`, and `out0 = x * scale + shift` per channel with `scale = rstd * weight[c]`,
//! `shift = bias[c] - mean * scale` (ATen's formula; `(x - mean) * rstd` for a contiguous input
//! without parameters). Floating dtypes, Half/BFloat16 computed in Float; `weight` and `bias`
//! (`[C]`) share the input's dtype or, for a Half/BFloat16 input, Float, which is also the
//! statistics' dtype. A group of zero elements has mean 0, rstd NaN; with `HxW = 0` no channel
//! is walked, whatever `C` says.
//!
//! The statistics follow ATen's two kernels, which treat infinities differently: a contiguous
//! input uses `RowwiseMoments` over each group (`util::moments::row_moments`: a group holding an
//! infinity has mean NaN, but for an infinity ATen's column merge leaves last, and rstd NaN); a
//! channels-last input sums `x` and `x * x` (mean inf, rstd NaN). `rstd` is computed in f64
//! from the variance clamped at 0, as ATen does, and rounded.

use crate::dispatch_float;
use crate::util::dispatch::Float;
use crate::util::moments::{ROW_BLOCK, RowFloat, RowShape, row_moments};
use crate::util::norm::{Elems, RowDims, check_float, dense_to_strided, param_dtype};
use etk_core::out::check_dtype;
use etk_core::shape::is_channels_last_dim_order;
use etk_core::{Dims, Error, ErrorKind, Info, KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::native_group_norm.out";

fn size_arg(arg: &'static str, v: i64) -> Result<usize> {
    usize::try_from(v).map_err(|_| {
        Error::new(ErrorKind::InvalidArgument, OP, arg)
            .expected_text("a non-negative size")
            .got(Info::Int(v))
    })
}

fn check_param(arg: &'static str, p: Option<&Tensor<'_>>, c: usize) -> Result<()> {
    match p {
        Some(p) if p.dim() != 1 || p.numel() != c => {
            Err(Error::new(ErrorKind::InvalidArgument, OP, arg)
                .expected("a vector of C elements, C =", Info::Int(c as i64))
                .got(Info::Shape(p.shape())))
        }
        _ => Ok(()),
    }
}

#[allow(clippy::too_many_arguments)]
pub fn native_group_norm_out(
    _ctx: &mut KernelContext<'_>,
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
    let (n, c, hxw) = (size_arg("N", n)?, size_arg("C", c)?, size_arg("HxW", hxw)?);
    if group <= 0 {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "group")
            .expected_text("a positive number of groups")
            .got(Info::Int(group)));
    }
    let g = usize::try_from(group).unwrap_or(usize::MAX);
    if c % g != 0 {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "group")
            .expected("a divisor of the channel count C =", Info::Int(c as i64))
            .got(Info::Int(group)));
    }
    check_param("weight", weight, c)?;
    check_param("bias", bias, c)?;
    check_float(OP, "input", input)?;
    let pt = param_dtype(OP, input, &[("weight", weight), ("bias", bias)])?;
    // ATen's `X.numel() == N * C * HxW`, in int64 arithmetic.
    let total = (n as i64).wrapping_mul(c as i64).wrapping_mul(hxw as i64);
    if total != input.numel() as i64 {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "input")
            .expected_text("N * C * HxW elements")
            .got(Info::Shape(input.shape())));
    }
    let channels_last = !input.is_contiguous() && is_channels_last_dim_order(input.dim_order());
    if !input.is_contiguous() && !channels_last {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "input")
            .expected_text("a contiguous or channels-last (4-D / 5-D) input")
            .got(Info::Shape(
                Dims::new(input.dim_order()).unwrap_or(Dims::EMPTY),
            )));
    }
    check_dtype(OP, "out0", out0, input.dtype())?;
    check_dtype(OP, "out1", out1, pt)?;
    check_dtype(OP, "out2", out2, pt)?;
    out0.resize(OP, "out0", input.sizes())?;
    out1.resize(OP, "out1", &[n, g])?;
    out2.resize(OP, "out2", &[n, g])?;
    out0.as_mut_ptr(OP, "out0")?;
    out1.as_mut_ptr(OP, "out1")?;
    out2.as_mut_ptr(OP, "out2")?;

    // ATen's check passes when the int64 product wraps to the element count; with elements,
    // the product must really be it (ATen would read past the input), so every group's
    // `d * HxW` elements lie within the input.
    if input.numel() != 0 && n.checked_mul(c).and_then(|v| v.checked_mul(hxw)).is_none() {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "input")
            .expected_text("N * C * HxW elements without overflow")
            .got(Info::Shape(input.shape())));
    }
    let d = c / g; // channels per group
    // Without elements every group is empty (mean 0, rstd NaN), however large `C` and `HxW`.
    let (d_hxw, hxw) = if input.numel() == 0 {
        (0, 0)
    } else {
        (d * hxw, hxw)
    };
    let shape = RowShape::of(input.dtype());
    let same_layout = out0.strides() == input.strides();
    let (sizes, xs, ys) = (input.sizes(), input.strides(), out0.strides());
    let stats = [out1.strides(), out2.strides()];
    dispatch_float!(input.dtype(), C => {
        let (x, y) = (Elems::<C>::new(input), Elems::<C>::new(out0));
        let (m, r) = (Elems::<C>::new(out1), Elems::<C>::new(out2));
        let w = weight.map(|w| (Elems::<C>::new(w), w.strides()[0]));
        let b = bias.map(|b| (Elems::<C>::new(b), b.strides()[0]));
        // SAFETY (every access): offsets are below N * C * HxW = input.numel() in the
        // input's dense layout (the out's through `dense_to_strided`, the same logical
        // element), below C for the parameters and below [N, group] for the statistics.
        let param = |p: &Option<(Elems<C>, usize)>, ci: usize, none: C| {
            p.as_ref().map_or(none, |(e, s)| unsafe { e.get(ci * s) })
        };
        for ni in 0..n {
            for gi in 0..g {
                let (mean, rs) = if d_hxw == 0 {
                    (C::ZERO, C::NAN)
                } else if channels_last {
                    let (mean, var) = channels_last_moments(&x, c, hxw, (ni * hxw * c, gi * d, d));
                    (mean, rstd_f64(var, eps))
                } else {
                    let base = (ni * c + gi * d) * hxw;
                    let row = RowDims::new(&[d_hxw], &[1]);
                    let (mean, var) = row_moments::<C>(d_hxw, shape, |start, buf| unsafe {
                        x.row(base, &row, start, buf)
                    });
                    (mean, rstd_f64(var, eps))
                };
                unsafe {
                    m.set(ni * stats[0][0] + gi * stats[0][1], mean);
                    r.set(ni * stats[1][0] + gi * stats[1][1], rs);
                }
                if hxw == 0 {
                    // no element to write: never walk the channels (C may be huge)
                    continue;
                }
                for ci in gi * d..(gi + 1) * d {
                    let affine = (weight.is_some() || bias.is_some() || channels_last)
                        .then(|| {
                            let scale = rs * param(&w, ci, C::ONE);
                            (scale, -scale * mean + param(&b, ci, C::ZERO))
                        });
                    // the channel's positions: one run, or every C-th element
                    let (base, step) = if channels_last {
                        (ni * hxw * c + ci, c)
                    } else {
                        ((ni * c + ci) * hxw, 1)
                    };
                    let row = RowDims::new(&[hxw], &[step]);
                    let mut start = 0;
                    while start < hxw {
                        let len = ROW_BLOCK.min(hxw - start);
                        let mut v = [C::ZERO; ROW_BLOCK];
                        let v = &mut v[..len];
                        unsafe { x.load_row(base, &row, start, v) };
                        for e in v.iter_mut() {
                            *e = match affine {
                                Some((scale, shift)) => scale * *e + shift,
                                None => (*e - mean) * rs,
                            };
                        }
                        if same_layout {
                            unsafe { y.store_row(base, &row, start, v) };
                        } else {
                            for (k, &e) in v.iter().enumerate() {
                                let o = base + (start + k) * step;
                                unsafe { y.set(dense_to_strided(o, sizes, xs, ys), e) };
                            }
                        }
                        start += len;
                    }
                }
            }
        }
    });
    Ok(())
}

/// `1 / sqrt(max(var, 0) + eps)` in f64, as ATen's group norm computes it (its `eps` stays a
/// double), rounded to the compute type.
fn rstd_f64<C: RowFloat>(var: C, eps: f64) -> C {
    let v = var.to_f64();
    // `std::max(var, 0)` keeps a NaN variance
    let v = if v < 0.0 { 0.0 } else { v };
    C::from_f64(1.0 / (v + eps).sqrt())
}

/// Mean and rstd of one (sample, group) of a channels-last input, as ATen's channels-last
/// kernel: per channel the sums of `x` and `x * x` over the positions, added over the
/// group's channels, then `mean = sum / n` and `var = max(sum_sq / n - mean^2, 0)`, so an
/// infinity gives mean inf and variance NaN. The last argument is (the sample's first
/// element, the group's first channel, channels per group).
fn channels_last_moments<C: RowFloat>(
    x: &Elems<C>,
    c: usize,
    hxw: usize,
    (base, first, d): (usize, usize, usize),
) -> (C, C) {
    let (mut sum, mut sq) = (C::ZERO, C::ZERO);
    for ci in first..first + d {
        let row = RowDims::new(&[hxw], &[c]);
        let (mut cs, mut csq) = (C::ZERO, C::ZERO);
        let mut start = 0;
        while start < hxw {
            let len = ROW_BLOCK.min(hxw - start);
            let mut v = [C::ZERO; ROW_BLOCK];
            // SAFETY: the channel's positions lie within the sample (the caller's layout).
            unsafe { x.load_row(base + ci, &row, start, &mut v[..len]) };
            for &e in &v[..len] {
                cs = cs + e;
                csq = csq + e * e;
            }
            start += len;
        }
        sum = sum + cs;
        sq = sq + csq;
    }
    let s = C::ONE / C::from_count(d * hxw);
    let mean = sum * s;
    let var = sq * s - mean * mean;
    (mean, var)
}

boxed_kernel!(pub fn native_group_norm_out_boxed = OP => native_group_norm_out(input: &Tensor, weight: Option<&Tensor>, bias: Option<&Tensor>, n: i64, c: i64, hxw: i64, group: i64, eps: f64) -> (out0, out1, out2));
