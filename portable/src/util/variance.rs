//! The variance kernel `var` and `var_mean` share: ATen's std/var dtype check and the
//! reduction into the variance (and mean) outs, real and complex, with the algorithm choice
//! described in `ops/var.rs` (the algorithms themselves are [`crate::util::moments`]).

use crate::dispatch_float;
use crate::util::complex::Complex;
use crate::util::dispatch::{Float, is_reduced_float};
use crate::util::moments::Welford;
use crate::util::reduce::{CHUNK, DimMask, Reduction, Sink, Source, reduce, reduce2, sum_chunk};
use etk_core::element::round_trip;
use etk_core::{Error, ErrorKind, Info, Result, ScalarType, Tensor};

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
    if mean.is_none() && reduces_everything(self_, mask) && !is_reduced_float(out.dtype()) {
        return var_all(op, self_, mask, correction, out);
    }
    let src = Source::<f64>::new(op, "self", self_, Some(out.dtype()))?;
    let fold = |m: &mut Welford, v: &[f64], _: usize, _: usize| m.fold(v);
    match mean {
        None => {
            let plan = Reduction::new(op, self_, mask, &[&*out])?;
            let sink = Sink::<f64>::new(op, "out", out, None)?;
            reduce(&plan, &src, &sink, Welford::default(), fold, |m| {
                m.var(correction)
            });
        }
        Some((name, mean)) => {
            let plan = Reduction::new(op, self_, mask, &[&*out, &*mean])?;
            let vs = Sink::<f64>::new(op, "out0", out, None)?;
            let ms = Sink::<f64>::new(op, name, mean, None)?;
            reduce2(&plan, &src, (&vs, &ms), Welford::default(), fold, |m| {
                (m.var(correction), m.mean())
            });
        }
    }
    Ok(())
}

/// Whether ATen's iterator would reduce every dim it keeps: a non-empty input whose every dim
/// of size above 1 is in `mask` (a single out element).
pub fn reduces_everything(self_: &Tensor<'_>, mask: DimMask) -> bool {
    self_.numel() != 0 && (0..self_.dim()).all(|d| mask.contains(d) || self_.size(d) == 1)
}

/// ATen's `std_var_all`: the mean of the whole input in its own dtype, then the squared
/// deviations from it summed in f64 in memory order; a Float input's variance is rounded to
/// Float before it reaches the out.
fn var_all(
    op: &'static str,
    self_: &Tensor<'_>,
    mask: DimMask,
    correction: f64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    check_var_all_dtype(op, self_)?;
    let dt = self_.dtype();
    let plan = Reduction::new(op, self_, mask, &[&*out])?;
    let n = self_.numel() as f64;
    let sink = Sink::<f64>::new(op, "out", out, None)?;
    dispatch_float!(dt, C => {
        let src = Source::<C>::new(op, "self", self_, None)?;
        let mut sum = C::ZERO;
        plan.for_each_out(|base, _| src.lane(&plan, base, |v, _, _| sum += sum_chunk(v)));
        let mean = (sum / C::from_f64(n)).to_f64();
        let mut sq = 0.0;
        plan.for_each_out(|base, o| {
            src.lane(&plan, base, |v, _, _| {
                for &x in v {
                    let d = x.to_f64() - mean;
                    sq += d * d;
                }
            });
            let d = if n > correction { n - correction } else { 0.0 };
            // SAFETY: the plan's out offset lies within the out.
            unsafe { sink.put(o[0], C::from_f64(sq / d).to_f64()) };
        });
    });
    Ok(())
}

/// `std_var_all` takes Float and Double (a complex input's parts) only: a Half or BFloat16
/// input reduced whole into a Float or Double out is ATen's "Unsupported dtype".
fn check_var_all_dtype(op: &'static str, self_: &Tensor<'_>) -> Result<()> {
    if matches!(
        self_.dtype().to_real(),
        ScalarType::Float | ScalarType::Double
    ) {
        return Ok(());
    }
    Err(Error::dtype(
        op,
        "self",
        "Float or Double (or their complex dtypes) when every dim is reduced into a Float or \
         Double out (ATen's std_var_all)",
        self_.dtype(),
    ))
}

/// ATen's complex variance: the variances of the real and the imaginary parts (each by the
/// rules above, in the out's real dtype `R`), added in `R`; the mean (var_mean) is the
/// complex of the two parts' means.
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
    if mean.is_none() && reduces_everything(self_, mask) && !is_reduced_float(r) {
        return var_complex_all(op, self_, mask, &src, correction, out);
    }
    let fold = |m: &mut (Welford, Welford), v: &[Complex<f64>], _: usize, _: usize| {
        for c in v {
            m.0.push(round_trip(c.re, r));
            m.1.push(round_trip(c.im, r));
        }
    };
    // the sum of two values of `r` is exact in f64, so rounding it once is `r`'s addition
    let var = move |m: &(Welford, Welford)| {
        let part = |x: &Welford| round_trip(x.var(correction), r);
        round_trip(part(&m.0) + part(&m.1), r)
    };
    let init = (Welford::default(), Welford::default());
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
                let part = |x: &Welford| round_trip(x.mean(), r);
                (var(&m), Complex::new(part(&m.0), part(&m.1)))
            });
        }
    }
    Ok(())
}

/// [`var_all`] of the real and the imaginary parts of a ComplexFloat / ComplexDouble input.
fn var_complex_all(
    op: &'static str,
    self_: &Tensor<'_>,
    mask: DimMask,
    src: &Source<Complex<f64>>,
    correction: f64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    check_var_all_dtype(op, self_)?;
    let part_dtype = self_.dtype().to_real();
    let r = out.dtype().to_real();
    let plan = Reduction::new(op, self_, mask, &[&*out])?;
    let n = self_.numel() as f64;
    // each part's mean in the part's dtype, as ATen's mean of `at::real(self)`
    let (mut re, mut im) = (0.0, 0.0);
    plan.for_each_out(|base, _| {
        src.lane(&plan, base, |v, _, _| {
            let (mut a, mut b) = ([0.0; CHUNK], [0.0; CHUNK]);
            for (i, c) in v.iter().enumerate() {
                (a[i], b[i]) = (c.re, c.im);
            }
            re = round_trip(re + sum_chunk(&a[..v.len()]), part_dtype);
            im = round_trip(im + sum_chunk(&b[..v.len()]), part_dtype);
        })
    });
    let (mean_re, mean_im) = (
        round_trip(re / n, part_dtype),
        round_trip(im / n, part_dtype),
    );
    let (mut sq_re, mut sq_im) = (0.0, 0.0);
    let sink = Sink::<f64>::new(op, "out", out, None)?;
    plan.for_each_out(|base, o| {
        src.lane(&plan, base, |v, _, _| {
            for c in v {
                sq_re += (c.re - mean_re) * (c.re - mean_re);
                sq_im += (c.im - mean_im) * (c.im - mean_im);
            }
        });
        let d = if n > correction { n - correction } else { 0.0 };
        let part = |sq: f64| round_trip(round_trip(sq / d, part_dtype), r);
        // SAFETY: the plan's out offset lies within the out.
        unsafe { sink.put(o[0], round_trip(part(sq_re) + part(sq_im), r)) };
    });
    Ok(())
}
