//! `transpose_copy.int_out(Tensor self, int dim0, int dim1, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `self` with dims `dim0` and `dim1` swapped (negative dims count from the end; a zero-dim
//! tensor takes -1 and 0). The out must have `self`'s dtype and takes the transposed shape.

use crate::util::movement::{Mover, Portable, View, dim_arg};
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::transpose_copy.int_out";

pub fn transpose_copy_int_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim0: i64,
    dim1: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    transpose_copy_with(&Portable, self_, dim0, dim1, out)
}

/// The op with its elements moved by `m`.
pub fn transpose_copy_with(
    m: &dyn Mover,
    self_: &Tensor<'_>,
    dim0: i64,
    dim1: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let rank = self_.dim();
    let a = dim_arg(OP, "dim0", dim0, rank)?;
    let b = dim_arg(OP, "dim1", dim1, rank)?;
    let view = if rank == 0 {
        View::of(self_)
    } else {
        View::of(self_).transpose(a, b)
    };
    m.view_into_out(OP, self_, &view, out)
}

boxed_kernel!(pub fn transpose_copy_int_out_boxed = OP => transpose_copy_int_out(self_: &Tensor, dim0: i64, dim1: i64) -> (out));
