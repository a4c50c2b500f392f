//! `prod.int_out(Tensor self, int dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)`
//! `prod.out(Tensor self, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)`
//!
//! The product over one dim (`int_out`) or every element (`out`). As for `sum`, `self` is cast
//! to the out's dtype first and the product computed in it: integers wrap, Half/BFloat16 round
//! every product to their dtype as ATen's kernel does (so `200 * 100 * 255 * 0` overflows to
//! inf and gives NaN), in the lane's order (ATen's vector loop pairs long contiguous lanes
//! differently, which moves the last bits); a size-0 dim gives 1. `int_out` accepts any out
//! dtype (with `dtype=`, exactly that one); `prod.out` wants exactly `dtype`, or by default
//! Long for integer and Bool inputs and `self`'s dtype otherwise, as ATen checks.
//!
//! Complex: ComplexFloat/ComplexDouble products use c10's complex multiplication; complex into
//! a real out takes the real parts first; ComplexHalf is a dtype error.

use crate::dispatch_arith;
use crate::util::dispatch::{Arith, is_reduced_float, reduced_rounder};
use crate::util::reduce::{
    DimMask, Reduction, Sink, Source, check_out_is, one_dim, reduce, reduce_bool, reduced_shape,
};
use etk_core::out::resize_out;
use etk_core::{Error, KernelContext, Result, ScalarType, Tensor, boxed_kernel};

pub const OP_INT: &str = "aten::prod.int_out";
pub const OP: &str = "aten::prod.out";

pub fn prod_int_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: i64,
    keepdim: bool,
    dtype: Option<ScalarType>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    if let Some(dt) = dtype {
        check_out_is(OP_INT, out, dt)?;
    }
    let mask = one_dim(OP_INT, "dim", dim, self_.dim())?;
    resize_out(OP_INT, out, &reduced_shape(self_.sizes(), mask, keepdim))?;
    prod_into(OP_INT, self_, mask, out)
}

pub fn prod_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dtype: Option<ScalarType>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let want = dtype.unwrap_or(if self_.dtype().is_integral(true) {
        ScalarType::Long
    } else {
        self_.dtype()
    });
    check_out_is(OP, out, want)?;
    resize_out(OP, out, &[])?;
    prod_into(OP, self_, DimMask::all(self_.dim()), out)
}

fn prod_into(
    op: &'static str,
    self_: &Tensor<'_>,
    mask: DimMask,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let plan = Reduction::new(op, self_, mask, &[out])?;
    let dt = out.dtype();
    if dt == ScalarType::Bool {
        return reduce_bool(op, &plan, self_, out, true);
    }
    if dt == ScalarType::ComplexHalf {
        return Err(Error::dtype(
            op,
            "out",
            "a dtype other than ComplexHalf (ATen has no ComplexHalf kernel)",
            dt,
        ));
    }
    if is_reduced_float(dt) {
        // ATen multiplies Half / BFloat16 in their own dtype: every product rounded
        let round = reduced_rounder(dt);
        let src = Source::<f32>::new(op, "self", self_, Some(dt))?;
        let sink = Sink::<f32>::new(op, "out", out, None)?;
        reduce(
            &plan,
            &src,
            &sink,
            1.0,
            |acc, v, _, _| {
                for &x in v {
                    *acc = round(*acc * x);
                }
            },
            |acc| acc,
        );
        return Ok(());
    }
    dispatch_arith!(dt, C => {
        let src = Source::<C>::new(op, "self", self_, Some(dt))?;
        let sink = Sink::<C>::new(op, "out", out, None)?;
        let one: C = etk_core::Compute::load::<i64>(1);
        reduce(&plan, &src, &sink, one, |acc, v, _, _| {
            for &x in v {
                *acc = acc.wrapping_mul(x);
            }
        }, |acc| acc);
        Ok(())
    }, _ => Err(Error::unsupported_dtype(op, "out", dt)))
}

boxed_kernel!(pub fn prod_int_out_boxed = OP_INT => prod_int_out(self_: &Tensor, dim: i64, keepdim: bool, dtype: Option<ScalarType>) -> (out));
boxed_kernel!(pub fn prod_out_boxed = OP => prod_out(self_: &Tensor, dtype: Option<ScalarType>) -> (out));
