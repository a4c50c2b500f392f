//! `select_copy.int_out(Tensor self, int dim, SymInt index, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! The slice of `self` at `index` along `dim`, that dim removed. `self` must have a dim;
//! `index` ranges over `[-size, size)`, negative counting from the end. The out must have
//! `self`'s dtype.

use crate::util::movement::{Mover, Portable, View, dim_arg, index_arg};
use etk_core::{Error, KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::select_copy.int_out";

pub fn select_copy_int_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: i64,
    index: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    select_copy_with(&Portable, self_, dim, index, out)
}

/// The op with its elements moved by `m`.
pub fn select_copy_with(
    m: &dyn Mover,
    self_: &Tensor<'_>,
    dim: i64,
    index: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    if self_.dim() == 0 {
        return Err(Error::invalid(OP, "self", "a tensor with at least one dim"));
    }
    let d = dim_arg(OP, "dim", dim, self_.dim())?;
    let i = index_arg(OP, "index", index, self_.size(d))?;
    let view = View::of(self_).select(d, i);
    m.view_into_out(OP, self_, &view, out)
}

boxed_kernel!(pub fn select_copy_int_out_boxed = OP => select_copy_int_out(self_: &Tensor, dim: i64, index: i64) -> (out));
