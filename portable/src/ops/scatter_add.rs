//! `scatter_add.out(Tensor self, int dim, Tensor index, Tensor src, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = self`, then `out[p with dim replaced by index[p]] += src[p]` for every position `p`
//! of `index`, every repeat of an index adding again. Shapes, dtypes and index values are
//! checked as for `scatter.src_out`. Integers wrap; Half and BFloat16 sum in Float (scratch
//! from the context) and round each element once, as ATen 2.13's CPU kernel does.
//!
//! Complex: ComplexFloat/ComplexDouble add in their precision (ComplexHalf: no ATen kernel).

use crate::dispatch_arith;
use crate::util::index::copy_elements;
use crate::util::scatter::{Reduce, check_scatter, needs_float_acc, scatter_reduce_into};
use etk_core::out::{check_dtype, resize_out};
use etk_core::shape::wrap_dim;
use etk_core::{Error, KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::scatter_add.out";

pub fn scatter_add_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: i64,
    index: &Tensor<'_>,
    src: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let d = wrap_dim(OP, "dim", dim, self_.dim())?;
    check_scatter(OP, self_, d, index, Some(src))?;
    check_dtype(OP, "out", out, self_.dtype())?;
    let dt = self_.dtype();
    dispatch_arith!(dt, C => {
        resize_out(OP, out, self_.sizes())?;
        ctx.scratch.scope(|scratch| {
            let acc = if needs_float_acc(dt, Reduce::Sum) && index.numel() > 0 {
                Some(scratch.alloc::<f32>(OP, out.numel())?)
            } else {
                None
            };
            copy_elements(OP, "self", self_, out)?;
            scatter_reduce_into::<C>(OP, out, d, index, src, Reduce::Sum, true, None, acc)
        })
    }, _ => Err(Error::unsupported_dtype(OP, "self", dt)))
}

boxed_kernel!(pub fn scatter_add_out_boxed = OP => scatter_add_out(self_: &Tensor, dim: i64, index: &Tensor, src: &Tensor) -> (out));
