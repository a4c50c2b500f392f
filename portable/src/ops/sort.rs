//! `sort.values(Tensor self, int dim=-1, bool descending=False, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)`
//! `sort.values_stable(Tensor self, *, bool? stable, int dim=-1, bool descending=False, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)`
//!
//! `self` sorted along `dim` (ascending, or descending), with the original positions in
//! `indices`. NaN is the largest value; equal values (`-0.0` and `0.0` too) keep their order:
//! the sort is always stable, as ATen's is with `stable=True` (without it ATen leaves the
//! order of equal values unspecified: its short rows come out stable, its long rows need not).
//! `values` must have `self`'s dtype and `indices` must be Long; both take `self`'s shape, in
//! any dim order.
//! Every real dtype, Bool and the barebones unsigned ones (UInt16/32/64) included, as in
//! ATen; complex dtypes are rejected (as in ATen). Each row is sorted in the context's scratch
//! memory (a stable merge sort).

use crate::dispatch_compute;
use crate::util::index::check_outs_disjoint;
use crate::util::sort::{resize_indices, sort_rows};
use etk_core::out::check_dtype;
use etk_core::shape::wrap_dim;
use etk_core::{Error, KernelContext, Result, ScalarType, Tensor, boxed_kernel};

pub const OP: &str = "aten::sort.values";
pub const OP_STABLE: &str = "aten::sort.values_stable";

pub fn sort_values(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: i64,
    descending: bool,
    values: &mut Tensor<'_>,
    indices: &mut Tensor<'_>,
) -> Result<()> {
    sort_impl(OP, ctx, self_, dim, descending, values, indices)
}

pub fn sort_values_stable(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    stable: Option<bool>,
    dim: i64,
    descending: bool,
    values: &mut Tensor<'_>,
    indices: &mut Tensor<'_>,
) -> Result<()> {
    let _ = stable;
    sort_impl(OP_STABLE, ctx, self_, dim, descending, values, indices)
}

fn sort_impl(
    op: &'static str,
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: i64,
    descending: bool,
    values: &mut Tensor<'_>,
    indices: &mut Tensor<'_>,
) -> Result<()> {
    let d = wrap_dim(op, "dim", dim, self_.dim())?;
    let dt = self_.dtype();
    if dt.is_complex() {
        return Err(Error::dtype(
            op,
            "self",
            "a real dtype (no complex sort)",
            dt,
        ));
    }
    check_dtype(op, "values", values, dt)?;
    check_dtype(op, "indices", indices, ScalarType::Long)?;
    check_outs_disjoint(op, "indices", values, indices)?;
    let n = if self_.dim() == 0 { 1 } else { self_.size(d) };
    // The unsigned dtypes sort as i64 keys (see `util::sort`).
    let dispatched = if dt.is_barebones_unsigned() {
        ScalarType::Long
    } else {
        dt
    };
    dispatch_compute!(dispatched, C => {
        values.resize(op, "values", self_.sizes())?;
        resize_indices(op, indices, self_.sizes())?;
        ctx.scratch.scope(|s| sort_rows::<C>(op, s, self_, d, descending, n, values, indices))
    }, _ => Err(Error::unsupported_dtype(op, "self", dt)))
}

boxed_kernel!(pub fn sort_values_boxed = OP => sort_values(self_: &Tensor, dim: i64, descending: bool) -> (values, indices));
boxed_kernel!(pub fn sort_values_stable_boxed = OP_STABLE => sort_values_stable(self_: &Tensor, stable: Option<bool>, dim: i64, descending: bool) -> (values, indices));
