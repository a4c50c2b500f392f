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
//! `shift = bias[c] - mean * scale` (ATen's formula). Floating dtypes, Half/BFloat16 computed
//! in Float; `weight` and `bias` (`[C]`) share the input's dtype or, for a Half/BFloat16 input,
//! Float, which is also the statistics' dtype. A group of zero elements has mean 0, rstd NaN.

use crate::dispatch_float;
use crate::util::dispatch::Float;
use crate::util::norm::{Elems, check_float, dense_to_strided, moments, param_dtype, rstd};
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
    let total = n.checked_mul(c).and_then(|v| v.checked_mul(hxw));
    if total != Some(input.numel()) {
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

    let d = c / g; // channels per group
    // Memory offset of (sample, channel, position) in the input's layout.
    let at = |ni: usize, ci: usize, s: usize| {
        if channels_last {
            (ni * hxw + s) * c + ci
        } else {
            (ni * c + ci) * hxw + s
        }
    };
    let (sizes, xs, ys) = (input.sizes(), input.strides(), out0.strides());
    dispatch_float!(input.dtype(), C => {
        let (x, y) = (Elems::<C>::new(input), Elems::<C>::new(out0));
        let (m, r) = (Elems::<C>::new(out1), Elems::<C>::new(out2));
        let w = weight.map(|w| (Elems::<C>::new(w), w.strides()[0]));
        let b = bias.map(|b| (Elems::<C>::new(b), b.strides()[0]));
        for ni in 0..n {
            for gi in 0..g {
                let chans = gi * d..(gi + 1) * d;
                let group_elems = |f: &mut dyn FnMut(usize)| {
                    for ci in chans.clone() {
                        for s in 0..hxw {
                            f(at(ni, ci, s));
                        }
                    }
                };
                // SAFETY (every access): `at` stays below N * C * HxW = input.numel() in a
                // dense layout; parameter offsets are below C; the out offsets come from
                // `dense_to_strided` (the same logical element) or are below [N, group].
                let (mean, var) = moments(d * hxw, |f| group_elems(&mut |o| f(unsafe { x.get(o) })));
                let rs = rstd(var, eps);
                for ci in chans.clone() {
                    let scale = w.map_or(rs, |(w, ws)| rs * unsafe { w.get(ci * ws) });
                    let shift = b.map_or(C::ZERO, |(b, bs)| unsafe { b.get(ci * bs) }) - mean * scale;
                    for s in 0..hxw {
                        let o = at(ni, ci, s);
                        unsafe { y.set(dense_to_strided(o, sizes, xs, ys), x.get(o) * scale + shift) };
                    }
                }
                unsafe {
                    m.set(ni * out1.strides()[0] + gi * out1.strides()[1], mean);
                    r.set(ni * out2.strides()[0] + gi * out2.strides()[1], rs);
                }
            }
        }
    });
    Ok(())
}

boxed_kernel!(pub fn native_group_norm_out_boxed = OP => native_group_norm_out(input: &Tensor, weight: Option<&Tensor>, bias: Option<&Tensor>, n: i64, c: i64, hxw: i64, group: i64, eps: f64) -> (out0, out1, out2));
