//! `squeeze_copy.dim_out(Tensor self, int dim, *, Tensor(a!) out) -> Tensor(a!)`
//! `squeeze_copy.dims_out(Tensor self, int[] dim, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `self` with the named dims removed where their size is 1 (a named dim of another size
//! stays; a zero-dim tensor takes dims -1 and 0 and stays as it is). A dim may be named once.
//! The out must have `self`'s dtype.

use crate::util::movement::{Mover, Portable, View, dim_arg};
use etk_core::shape::MAX_DIM;
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, Tensor, boxed_kernel};

pub const OP_DIM: &str = "aten::squeeze_copy.dim_out";
pub const OP_DIMS: &str = "aten::squeeze_copy.dims_out";

pub fn squeeze_copy_dim_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    squeeze_copy_with(&Portable, OP_DIM, self_, &[dim], out)
}

pub fn squeeze_copy_dims_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: &[i64],
    out: &mut Tensor<'_>,
) -> Result<()> {
    squeeze_copy_with(&Portable, OP_DIMS, self_, dim, out)
}

/// Either overload (`op`) with its elements moved by `m`.
pub fn squeeze_copy_with(
    m: &dyn Mover,
    op: &'static str,
    self_: &Tensor<'_>,
    dims: &[i64],
    out: &mut Tensor<'_>,
) -> Result<()> {
    let rank = self_.dim();
    let mut named = [false; MAX_DIM];
    for &d in dims {
        let w = dim_arg(op, "dim", d, rank)?;
        if rank > 0 && named[w] {
            return Err(Error::new(ErrorKind::InvalidArgument, op, "dim")
                .expected_text("each dim named once")
                .got(Info::Int(d)));
        }
        named[w.min(MAX_DIM - 1)] = true;
    }
    let mut view = View::of(self_);
    for d in (0..rank).rev() {
        if named[d] && self_.size(d) == 1 {
            view = view.remove_dim(d);
        }
    }
    m.view_into_out(op, self_, &view, out)
}

boxed_kernel!(pub fn squeeze_copy_dim_out_boxed = OP_DIM => squeeze_copy_dim_out(self_: &Tensor, dim: i64) -> (out));
boxed_kernel!(pub fn squeeze_copy_dims_out_boxed = OP_DIMS => squeeze_copy_dims_out(self_: &Tensor, dim: &[i64]) -> (out));
