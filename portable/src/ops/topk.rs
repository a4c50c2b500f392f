//! `topk.values(Tensor self, SymInt k, int dim=-1, bool largest=True, bool sorted=True, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)`
//!
//! The `k` largest (or smallest) elements of `self` along `dim`, with their positions: `values`
//! (`self`'s dtype) and `indices` (Long) take `self`'s shape with `dim` of size `k`, in any dim
//! order. `k` must be in `[0, self.size(dim)]` (a zero-dim `self` gives its element for `k` 0 or 1). NaN counts as the largest value. The result is
//! always in sorted order, which is also a valid answer for `sorted=False` (ATen leaves the
//! order unspecified then). Among equal values the earlier position comes first (ATen's
//! selection order among ties is unspecified). Bool, complex and the barebones unsigned dtypes
//! (UInt16/32/64) are rejected, as in ATen's CPU kernel. Rows are sorted in scratch memory.

use crate::dispatch_compute;
use crate::util::index::check_outs_disjoint;
use crate::util::sort::{resize_indices, sort_rows};
use etk_core::out::check_dtype;
use etk_core::shape::wrap_dim;
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, ScalarType, Tensor, boxed_kernel};

pub const OP: &str = "aten::topk.values";

#[allow(clippy::too_many_arguments)]
pub fn topk_values(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    k: i64,
    dim: i64,
    largest: bool,
    sorted: bool,
    values: &mut Tensor<'_>,
    indices: &mut Tensor<'_>,
) -> Result<()> {
    let _ = sorted;
    let d = wrap_dim(OP, "dim", dim, self_.dim())?;
    let dt = self_.dtype();
    if dt == ScalarType::Bool || dt.is_complex() || dt.is_barebones_unsigned() {
        return Err(Error::dtype(
            OP,
            "self",
            "a real dtype but Bool and UInt16/32/64",
            dt,
        ));
    }
    let n = if self_.dim() == 0 { 1 } else { self_.size(d) };
    if k < 0 || k as u64 > n as u64 {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "k")
            .expected("k in [0, size of dim], size", Info::Int(n as i64))
            .got(Info::Int(k)));
    }
    let k = k as usize;
    check_dtype(OP, "values", values, dt)?;
    check_dtype(OP, "indices", indices, ScalarType::Long)?;
    check_outs_disjoint(OP, "indices", values, indices)?;
    let mut shape = self_.shape();
    if self_.dim() > 0 {
        shape.as_mut_slice()[d] = k;
    }
    dispatch_compute!(dt, C => {
        values.resize(OP, "values", &shape)?;
        resize_indices(OP, indices, &shape)?;
        // A zero-dim self keeps its one element even for k = 0, as ATen does.
        let keep = if self_.dim() == 0 { 1 } else { k };
        ctx.scratch.scope(|s| sort_rows::<C>(OP, s, self_, d, largest, keep, values, indices))
    }, _ => Err(Error::unsupported_dtype(OP, "self", dt)))
}

boxed_kernel!(pub fn topk_values_boxed = OP => topk_values(self_: &Tensor, k: i64, dim: i64, largest: bool, sorted: bool) -> (values, indices));
