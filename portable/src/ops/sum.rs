//! `sum.IntList_out(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)`
//!
//! The sum over `dim` (`None` or `[]`: every dim; negative dims wrap; a repeated dim is an
//! error), the reduced dims dropped or kept with size 1. The out's dtype decides the
//! computation, as in ATen: `self` is cast to it element by element first (a Float input
//! into an Int out truncates each element), integers and Bool accumulate in `i64` and wrap
//! on store, Half/BFloat16/Float accumulate in `f32` (pairwise) and round once, Double in
//! `f64`. Any out dtype is accepted (a Bool out is "any non-zero"); with `dtype=` the out
//! must have exactly that dtype. (The functional op's default is Long for integer and Bool
//! inputs.) Summing over a size-0 dim gives 0.
//!
//! Complex: ComplexFloat/ComplexDouble sum in their own precision (`util::complex`); a complex
//! input into a real out is cast first (its real part; Bool: either part non-zero), as ATen;
//! ComplexHalf is a dtype error (ATen has no kernel).

use crate::dispatch_arith;
use crate::util::reduce::{
    DimMask, EmptyDims, Reduction, Sink, Source, check_out_is, dim_mask, reduce, reduce_bool,
    reduced_shape, sum_chunk,
};
use etk_core::out::resize_out;
use etk_core::{Error, KernelContext, Result, ScalarType, Tensor, boxed_kernel};

pub const OP: &str = "aten::sum.IntList_out";

pub fn sum_intlist_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: Option<&[i64]>,
    keepdim: bool,
    dtype: Option<ScalarType>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let mask = sum_prepare(self_, dim, keepdim, dtype, out)?;
    sum_into(OP, self_, mask, out)
}

/// The argument checks, then the out resized: the dims to reduce. What is left to reject is
/// the out's dtype ([`sum_into`]).
pub fn sum_prepare(
    self_: &Tensor<'_>,
    dim: Option<&[i64]>,
    keepdim: bool,
    dtype: Option<ScalarType>,
    out: &mut Tensor<'_>,
) -> Result<DimMask> {
    if let Some(dt) = dtype {
        check_out_is(OP, out, dt)?;
    }
    let mask = dim_mask(OP, "dim", dim, self_.dim(), EmptyDims::All)?;
    resize_out(OP, out, &reduced_shape(self_.sizes(), mask, keepdim))?;
    Ok(mask)
}

/// `out = sum(self over mask)` computed in the out's dtype (the out already has its shape).
pub fn sum_into(
    op: &'static str,
    self_: &Tensor<'_>,
    mask: DimMask,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let plan = Reduction::new(op, self_, mask, &[out])?;
    let dt = out.dtype();
    if dt == ScalarType::Bool {
        return reduce_bool(op, &plan, self_, out, false);
    }
    if dt == ScalarType::ComplexHalf {
        return Err(Error::dtype(
            op,
            "out",
            "a dtype other than ComplexHalf (ATen has no ComplexHalf kernel)",
            dt,
        ));
    }
    dispatch_arith!(dt, C => {
        let src = Source::<C>::new(op, "self", self_, Some(dt))?;
        let sink = Sink::<C>::new(op, "out", out, None)?;
        reduce(&plan, &src, &sink, C::default(), |acc, v, _, _| {
            *acc = crate::util::dispatch::Arith::wrapping_add(*acc, sum_chunk(v))
        }, |acc| acc);
        Ok(())
    }, _ => Err(Error::unsupported_dtype(op, "out", dt)))
}

boxed_kernel!(pub fn sum_intlist_out_boxed = OP => sum_intlist_out(self_: &Tensor, dim: Option<&[i64]>, keepdim: bool, dtype: Option<ScalarType>) -> (out));
