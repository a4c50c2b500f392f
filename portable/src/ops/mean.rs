//! `mean.out(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)`
//! `mean.dtype_out(Tensor self, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)`
//!
//! The mean over `dim` (`None` or `[]`: every dim) or over every element (`dtype_out`). The
//! result dtype is `dtype` or `self`'s, and must be floating (an integer input needs
//! `dtype=`); with `dtype=` the out must have exactly it, otherwise any floating out the
//! result can be cast to. As ATen's CPU kernel: `self` cast to the out's dtype (to Float for a
//! Half/BFloat16 out), summed in its compute type, divided by the count and rounded once
//! into the out; an empty lane gives NaN.
//!
//! Complex: ComplexFloat/ComplexDouble means are the complex sum divided part by part; a
//! complex mean goes into any floating out (its real part), not an integer one; ComplexHalf
//! is a dtype error (ATen has no ComplexHalf sum) unless `dtype=` names a wider complex dtype.

use crate::dispatch_float;
use crate::util::complex::Complex;
use crate::util::dispatch::{Float, is_reduced_float};
use crate::util::reduce::{
    DimMask, EmptyDims, Reduction, Sink, Source, check_out_is, dim_mask, reduce, reduced_shape,
    sum_chunk,
};
use etk_core::out::{check_can_cast, resize_out};
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, ScalarType, Tensor, boxed_kernel};

pub const OP: &str = "aten::mean.out";
pub const OP_DTYPE: &str = "aten::mean.dtype_out";

pub fn mean_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: Option<&[i64]>,
    keepdim: bool,
    dtype: Option<ScalarType>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let mask = mean_prepare(self_, dim, keepdim, dtype, out)?;
    mean_into(OP, self_, mask, out)
}

pub fn mean_dtype_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dtype: Option<ScalarType>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let mask = mean_dtype_prepare(self_, dtype, out)?;
    mean_into(OP_DTYPE, self_, mask, out)
}

/// `mean.out`'s argument checks, then the out resized: the dims to reduce. What is left to
/// reject is the out's dtype ([`mean_into`]).
pub fn mean_prepare(
    self_: &Tensor<'_>,
    dim: Option<&[i64]>,
    keepdim: bool,
    dtype: Option<ScalarType>,
    out: &mut Tensor<'_>,
) -> Result<DimMask> {
    check_mean_dtypes(OP, self_, dtype, out)?;
    let mask = dim_mask(OP, "dim", dim, self_.dim(), EmptyDims::All)?;
    resize_out(OP, out, &reduced_shape(self_.sizes(), mask, keepdim))?;
    Ok(mask)
}

/// As [`mean_prepare`] for `mean.dtype_out` (every dim).
pub fn mean_dtype_prepare(
    self_: &Tensor<'_>,
    dtype: Option<ScalarType>,
    out: &mut Tensor<'_>,
) -> Result<DimMask> {
    check_mean_dtypes(OP_DTYPE, self_, dtype, out)?;
    resize_out(OP_DTYPE, out, &[])?;
    Ok(DimMask::all(self_.dim()))
}

fn check_mean_dtypes(
    op: &'static str,
    self_: &Tensor<'_>,
    dtype: Option<ScalarType>,
    out: &Tensor<'_>,
) -> Result<()> {
    let (arg, result) = match dtype {
        Some(d) => ("dtype", d),
        None => ("self", self_.dtype()),
    };
    if !result.is_floating_point() && !result.is_complex() {
        return Err(Error::new(ErrorKind::InvalidType, op, arg)
            .expected_text("a floating or complex dtype (mean cannot infer an integer result)")
            .got(Info::Dtype(result)));
    }
    match dtype {
        Some(d) => check_out_is(op, out, d),
        // ATen's mean.out takes a complex mean into a floating out (its real part)
        None if result.is_complex() && out.dtype().is_floating_point() => Ok(()),
        None => check_can_cast(op, result, out),
    }
}

/// `out = mean(self over mask)` (the out already has its shape).
pub fn mean_into(
    op: &'static str,
    self_: &Tensor<'_>,
    mask: DimMask,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let plan = Reduction::new(op, self_, mask, &[out])?;
    let dt = out.dtype();
    let n = plan.reduced_numel() as f64;
    if dt == ScalarType::ComplexHalf {
        return Err(Error::dtype(
            op,
            "out",
            "a dtype other than ComplexHalf (ATen has no ComplexHalf sum)",
            dt,
        ));
    }
    if dt.is_complex() {
        return dispatch_float!(dt.to_real(), T => {
            let src = Source::<Complex<T>>::new(op, "self", self_, None)?;
            let sink = Sink::<Complex<T>>::new(op, "out", out, None)?;
            let count = T::from_f64(n);
            reduce(&plan, &src, &sink, Complex::default(), |acc, v, _, _| *acc += sum_chunk(v),
                |acc| acc.div_real(count));
            Ok(())
        });
    }
    if !dt.is_floating_point() {
        return Err(Error::unsupported_dtype(op, "out", dt));
    }
    dispatch_float!(dt, C => {
        // Half/BFloat16 outs: ATen sums into a Float temporary (the input cast to Float, not
        // to the out's dtype), divides, and rounds once into the out.
        let via = if is_reduced_float(dt) { ScalarType::Float } else { dt };
        let src = Source::<C>::new(op, "self", self_, Some(via))?;
        let sink = Sink::<C>::new(op, "out", out, None)?;
        let count = C::from_f64(n);
        reduce(&plan, &src, &sink, C::ZERO, |acc, v, _, _| *acc += sum_chunk(v),
            |acc| acc / count);
        Ok(())
    })
}

boxed_kernel!(pub fn mean_out_boxed = OP => mean_out(self_: &Tensor, dim: Option<&[i64]>, keepdim: bool, dtype: Option<ScalarType>) -> (out));
boxed_kernel!(pub fn mean_dtype_out_boxed = OP_DTYPE => mean_dtype_out(self_: &Tensor, dtype: Option<ScalarType>) -> (out));
