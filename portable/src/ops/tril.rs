//! `tril.out(Tensor self, SymInt diagonal=0, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! The lower triangle of the matrices in the last two dims of `self` (at least 2 dims):
//! element `(i, j)` is kept where `j - i <= diagonal`, zero above. The out must have `self`'s
//! dtype and takes its shape.

use crate::util::movement::{View, copy_view, zero_view};
use etk_core::out::{check_dtype, resize_out};
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::tril.out";

pub fn tril_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    diagonal: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let rank = self_.dim();
    if rank < 2 {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "self")
            .expected_text("a tensor with at least 2 dims")
            .got(Info::Shape(self_.shape())));
    }
    check_dtype(OP, "out", out, self_.dtype())?;
    resize_out(OP, out, self_.sizes())?;
    copy_view(OP, "self", self_, &View::of(self_), out)?;
    // Nothing to zero: an empty tensor may still have a huge row dim, whose loop alone would
    // take minutes.
    if out.numel() == 0 {
        return Ok(());
    }
    let (rows, cols) = (self_.size(rank - 2), self_.size(rank - 1));
    let whole = View::of(out);
    for i in 0..rows {
        // row i keeps columns j <= i + diagonal.
        let first = (i as i128 + diagonal as i128 + 1).clamp(0, cols as i128) as usize;
        if first < cols {
            let row = whole
                .select(rank - 2, i)
                .slice(rank - 2, first, cols - first, 1);
            zero_view(OP, out, &row)?;
        }
    }
    Ok(())
}

boxed_kernel!(pub fn tril_out_boxed = OP => tril_out(self_: &Tensor, diagonal: i64) -> (out));
