//! `cumsum.out(Tensor self, int dim, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)`
//!
//! Running sums along `dim`; the out takes `self`'s shape. As ATen: `self` is cast to the
//! out's dtype first, integers (and Bool inputs) accumulate in `i64` and wrap on store, a
//! Float or Double out accumulates in `f64` and a Half or BFloat16 one in `f32` (ATen's CPU
//! accumulators), each partial sum rounded once into the out. Any out dtype but Bool (ATen has
//! no Bool cumsum), except for a 0-dim `self` (ATen fills the out with it: `self != 0`) or an
//! empty one (nothing to write); with `dtype=` exactly that one. The scan reuses the
//! reduction walk for every lane and steps along `dim` itself.
//!
//! Complex: ComplexFloat/ComplexDouble accumulate in `complex<double>` (ATen's acc type);
//! complex into a real out takes the real parts first; ComplexHalf is a dtype error.

use crate::util::access::Access;
use crate::util::complex::Complex;
use crate::util::dispatch::{Arith, ComputeClass, compute_class, is_reduced_float};
use crate::util::reduce::{Reduction, Sink, Source, check_out_is, one_dim};
use etk_core::out::resize_out;
use etk_core::shape::wrap_dim;
use etk_core::{Error, KernelContext, Result, ScalarType, Tensor, boxed_kernel};

pub const OP: &str = "aten::cumsum.out";

pub fn cumsum_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: i64,
    dtype: Option<ScalarType>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    if let Some(dt) = dtype {
        check_out_is(OP, out, dt)?;
    }
    let dt = out.dtype();
    let mask = one_dim(OP, "dim", dim, self_.dim())?;
    let d = wrap_dim(OP, "dim", dim, self_.dim())?;
    if dt == ScalarType::Bool && self_.dim() != 0 && self_.numel() != 0 {
        return Err(Error::dtype(
            OP,
            "out",
            "a numeric dtype (ATen has no Bool cumsum)",
            dt,
        ));
    }
    resize_out(OP, out, self_.sizes())?;
    let plan = Reduction::new(OP, self_, mask, &[&*out])?;
    let (len, s_in, s_out) = if self_.dim() == 0 {
        (1, 0, 0)
    } else {
        (self_.size(d), self_.strides()[d], out.strides()[d])
    };
    if dt == ScalarType::ComplexHalf {
        return Err(Error::dtype(
            OP,
            "out",
            "a dtype other than ComplexHalf (ATen has no ComplexHalf cumsum)",
            dt,
        ));
    }
    if dt.is_complex() {
        // complex<float> accumulates in complex<double>, as ATen's acc_type on CPU
        return scan::<Complex<f64>>(self_, out, &plan, len, s_in, s_out);
    }
    if dt == ScalarType::Bool {
        // a 0-dim `self` (an empty one has nothing to write): the fill ATen does
        if self_.numel() != 0 {
            let src = Source::<bool>::new(OP, "self", self_, None)?;
            let sink = Sink::<bool>::new(OP, "out", out, None)?;
            // SAFETY: a 0-dim tensor's only element is at offset 0, in both tensors.
            unsafe { sink.put(0, src.get(0)) };
        }
        return Ok(());
    }
    match compute_class(dt) {
        Some(ComputeClass::Int) => scan::<i64>(self_, out, &plan, len, s_in, s_out),
        Some(_) if is_reduced_float(dt) => scan::<f32>(self_, out, &plan, len, s_in, s_out),
        Some(_) => scan::<f64>(self_, out, &plan, len, s_in, s_out),
        None => Err(Error::unsupported_dtype(OP, "out", dt)),
    }
}

fn scan<C: Access + Arith>(
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
    plan: &Reduction,
    len: usize,
    s_in: usize,
    s_out: usize,
) -> Result<()> {
    let src = Source::<C>::new(OP, "self", self_, Some(out.dtype()))?;
    let sink = Sink::<C>::new(OP, "out", out, None)?;
    plan.for_each_out(|base, o| {
        let mut acc = C::default();
        for i in 0..len {
            // SAFETY: `i < len` along the scanned dim from a lane start of each tensor.
            unsafe {
                acc = acc.wrapping_add(src.get(base + i * s_in));
                sink.put(o[0] + i * s_out, acc);
            }
        }
    });
    Ok(())
}

boxed_kernel!(pub fn cumsum_out_boxed = OP => cumsum_out(self_: &Tensor, dim: i64, dtype: Option<ScalarType>) -> (out));
