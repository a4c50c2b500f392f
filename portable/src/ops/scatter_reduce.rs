//! `scatter_reduce.two_out(Tensor self, int dim, Tensor index, Tensor src, str reduce, *, bool include_self=True, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = self`, then every element named by a position `p` of `index` (`p` with dim `dim`
//! replaced by `index[p]`) is reduced with all the `src[p]` that name it: `sum`, `prod`,
//! `mean`, `amax` or `amin` (`max`/`min` are accepted too, as in ATen). With
//! `include_self=False` the element's own value does not take part (elements no index names
//! keep `self`'s value). `mean` divides by the number of values reduced, with floor division
//! for integers; it is not defined for Bool. `amax`/`amin` propagate NaN. Shapes, dtypes and
//! index values are checked as for `scatter.src_out`. Half and BFloat16 sum, multiply and
//! average in Float, each element rounded once (a mean divides the rounded sum), as ATen's
//! CPU kernel does. The count `mean` needs and that Float accumulator come from the context's
//! scratch memory.
//!
//! Complex: sum, prod and mean on ComplexFloat/ComplexDouble; amax/amin are dtype errors
//! (ATen has no complex kernel for them).

use crate::dispatch_arith;
use crate::util::index::copy_elements;
use crate::util::scatter::{Reduce, check_scatter, needs_float_acc, scatter_reduce_into};
use etk_core::out::{check_dtype, resize_out};
use etk_core::shape::wrap_dim;
use etk_core::{Error, KernelContext, Result, ScalarType, Tensor, boxed_kernel};

pub const OP: &str = "aten::scatter_reduce.two_out";

#[allow(clippy::too_many_arguments)]
pub fn scatter_reduce_two_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: i64,
    index: &Tensor<'_>,
    src: &Tensor<'_>,
    reduce: &str,
    include_self: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let r = Reduce::parse(OP, reduce)?;
    let d = wrap_dim(OP, "dim", dim, self_.dim())?;
    check_scatter(OP, self_, d, index, Some(src))?;
    check_dtype(OP, "out", out, self_.dtype())?;
    let dt = self_.dtype();
    if r == Reduce::Mean && dt == ScalarType::Bool {
        return Err(Error::dtype(
            OP,
            "self",
            "a non-Bool dtype for reduce=mean",
            dt,
        ));
    }
    if dt.is_complex() && matches!(r, Reduce::Max | Reduce::Min) {
        return Err(Error::dtype(
            OP,
            "self",
            "a real dtype for reduce=amax/amin (complex numbers are not ordered)",
            dt,
        ));
    }
    dispatch_arith!(dt, C => {
        resize_out(OP, out, self_.sizes())?;
        ctx.scratch.scope(|scratch| {
            let counts = if r == Reduce::Mean && index.numel() > 0 {
                Some(scratch.alloc::<i64>(OP, out.numel())?)
            } else {
                None
            };
            let acc = if needs_float_acc(dt, r) && index.numel() > 0 {
                Some(scratch.alloc::<f32>(OP, out.numel())?)
            } else {
                None
            };
            copy_elements(OP, "self", self_, out)?;
            if index.numel() == 0 {
                return Ok(());
            }
            scatter_reduce_into::<C>(OP, out, d, index, src, r, include_self, counts, acc)
        })
    }, _ => Err(Error::unsupported_dtype(OP, "self", dt)))
}

boxed_kernel!(pub fn scatter_reduce_two_out_boxed = OP => scatter_reduce_two_out(self_: &Tensor, dim: i64, index: &Tensor, src: &Tensor, reduce: &str, include_self: bool) -> (out));
