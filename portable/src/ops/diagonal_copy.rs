//! `diagonal_copy.out(Tensor self, int offset=0, int dim1=0, int dim2=1, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! The diagonal of the matrices spanned by `dim1` and `dim2` (distinct dims), `offset` above
//! the main diagonal (below when negative): both dims removed and the diagonal appended as the
//! last dim, empty when the offset passes the matrix. The out must have `self`'s dtype.

use crate::util::movement::{View, dim_arg, view_into_out};
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::diagonal_copy.out";

pub fn diagonal_copy_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    offset: i64,
    dim1: i64,
    dim2: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let a = dim_arg(OP, "dim1", dim1, self_.dim())?;
    let b = dim_arg(OP, "dim2", dim2, self_.dim())?;
    if a == b {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "dim2")
            .expected("a dim other than dim1,", Info::Int(a as i64))
            .got(Info::Int(dim2)));
    }
    let view = View::of(self_).diagonal(offset, a, b);
    view_into_out(OP, self_, &view, out)
}

boxed_kernel!(pub fn diagonal_copy_out_boxed = OP => diagonal_copy_out(self_: &Tensor, offset: i64, dim1: i64, dim2: i64) -> (out));
