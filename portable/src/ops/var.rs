//! `var.correction_out(Tensor self, int[1]? dim=None, *, Scalar? correction=None, bool keepdim=False, Tensor(a!) out) -> Tensor(a!)`
//! `var.out(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! The variance over `dim` (`None` or `[]`: every dim): `sum((x - mean)^2) / max(0, N -
//! correction)`, `correction` 1 by default (`unbiased=False` is 0), so `correction >= N`
//! gives inf (or NaN for a constant lane) and an empty lane NaN, as ATen. Floating and complex
//! inputs only; the out may be any dtype the input's real dtype can be cast to. In `f64`
//! as ATen's CPU kernel does, each chunk two-pass and chunks merged (Chan), rounded once.
//! This file also holds the kernel `var_mean` shares ([`var_into`]).
//!
//! Complex inputs (every complex dtype): ATen's var(real part) + var(imaginary part), each
//! rounded to the out's real dtype and added in it; the out is real (or complex with a zero
//! imaginary part).

use crate::util::complex::Complex;
use crate::util::reduce::{
    CHUNK, DimMask, EmptyDims, Moments, Reduction, Sink, Source, dim_mask, reduce, reduce2,
    reduced_shape,
};
use etk_core::element::round_trip;
use etk_core::out::{check_can_cast, resize_out};
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, Scalar, Tensor, boxed_kernel};

pub const OP_CORRECTION: &str = "aten::var.correction_out";
pub const OP: &str = "aten::var.out";

pub fn var_correction_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: Option<&[i64]>,
    correction: Option<Scalar>,
    keepdim: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let c = correction.map_or(1.0, |s| s.to_f64());
    var_out_impl(OP_CORRECTION, self_, dim, c, keepdim, out)
}

pub fn var_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: Option<&[i64]>,
    unbiased: bool,
    keepdim: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    var_out_impl(
        OP,
        self_,
        dim,
        if unbiased { 1.0 } else { 0.0 },
        keepdim,
        out,
    )
}

fn var_out_impl(
    op: &'static str,
    self_: &Tensor<'_>,
    dim: Option<&[i64]>,
    correction: f64,
    keepdim: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    check_floating(op, self_)?;
    // a complex input's variance is real
    check_can_cast(op, self_.dtype().to_real(), out)?;
    let mask = dim_mask(op, "dim", dim, self_.dim(), EmptyDims::All)?;
    resize_out(op, out, &reduced_shape(self_.sizes(), mask, keepdim))?;
    var_into(op, self_, mask, correction, out, None)
}

/// ATen's std/var check: floating and complex inputs only.
pub fn check_floating(op: &'static str, self_: &Tensor<'_>) -> Result<()> {
    if !self_.dtype().is_floating_point() && !self_.dtype().is_complex() {
        return Err(Error::new(ErrorKind::InvalidType, op, "self")
            .expected_text(
                "a floating or complex dtype (var supports floating and complex types only)",
            )
            .got(Info::Dtype(self_.dtype())));
    }
    Ok(())
}

/// The variance over `mask` into `out` and, if given, the mean into `mean` (both already
/// shaped).
pub fn var_into(
    op: &'static str,
    self_: &Tensor<'_>,
    mask: DimMask,
    correction: f64,
    out: &mut Tensor<'_>,
    mean: Option<(&'static str, &mut Tensor<'_>)>,
) -> Result<()> {
    if self_.dtype().is_complex() {
        return var_complex_into(op, self_, mask, correction, out, mean);
    }
    let src = Source::<f64>::new(op, "self", self_, None)?;
    let fold = |m: &mut Moments, v: &[f64], _: usize, _: usize| m.fold(v);
    match mean {
        None => {
            let plan = Reduction::new(op, self_, mask, &[&*out])?;
            let sink = Sink::<f64>::new(op, "out", out, None)?;
            reduce(&plan, &src, &sink, Moments::default(), fold, |m| {
                m.var(correction)
            });
        }
        Some((name, mean)) => {
            let plan = Reduction::new(op, self_, mask, &[&*out, &*mean])?;
            let vs = Sink::<f64>::new(op, "out0", out, None)?;
            let ms = Sink::<f64>::new(op, name, mean, None)?;
            reduce2(&plan, &src, (&vs, &ms), Moments::default(), fold, |m| {
                let mean = if m.n > 0.0 { m.mean } else { f64::NAN };
                (m.var(correction), mean)
            });
        }
    }
    Ok(())
}

/// ATen's complex variance: the variances of the real and the imaginary parts, each rounded
/// to the real dtype `R` of the out, added in `R`; the mean (var_mean) is the complex of the
/// two parts' means.
fn var_complex_into(
    op: &'static str,
    self_: &Tensor<'_>,
    mask: DimMask,
    correction: f64,
    out: &mut Tensor<'_>,
    mean: Option<(&'static str, &mut Tensor<'_>)>,
) -> Result<()> {
    let r = out.dtype().to_real();
    let src = Source::<Complex<f64>>::new(op, "self", self_, None)?;
    let fold = |m: &mut (Moments, Moments), v: &[Complex<f64>], _: usize, _: usize| {
        let (mut re, mut im) = ([0.0; CHUNK], [0.0; CHUNK]);
        for (i, c) in v.iter().enumerate() {
            (re[i], im[i]) = (c.re, c.im);
        }
        m.0.fold(&re[..v.len()]);
        m.1.fold(&im[..v.len()]);
    };
    // the sum of two values of `r` is exact in f64, so rounding it once is `r`'s addition
    let var = move |m: &(Moments, Moments)| {
        let part = |x: &Moments| round_trip(x.var(correction), r);
        round_trip(part(&m.0) + part(&m.1), r)
    };
    let init = (Moments::default(), Moments::default());
    match mean {
        None => {
            let plan = Reduction::new(op, self_, mask, &[&*out])?;
            let sink = Sink::<f64>::new(op, "out", out, None)?;
            reduce(&plan, &src, &sink, init, fold, |m| var(&m));
        }
        Some((name, mean)) => {
            let plan = Reduction::new(op, self_, mask, &[&*out, &*mean])?;
            let vs = Sink::<f64>::new(op, "out0", out, None)?;
            let ms = Sink::<Complex<f64>>::new(op, name, mean, None)?;
            reduce2(&plan, &src, (&vs, &ms), init, fold, |m| {
                let part = |x: &Moments| {
                    if x.n > 0.0 {
                        round_trip(x.mean, r)
                    } else {
                        f64::NAN
                    }
                };
                (var(&m), Complex::new(part(&m.0), part(&m.1)))
            });
        }
    }
    Ok(())
}

boxed_kernel!(pub fn var_correction_out_boxed = OP_CORRECTION => var_correction_out(self_: &Tensor, dim: Option<&[i64]>, correction: Option<Scalar>, keepdim: bool) -> (out));
boxed_kernel!(pub fn var_out_boxed = OP => var_out(self_: &Tensor, dim: Option<&[i64]>, unbiased: bool, keepdim: bool) -> (out));
