//! `flip.out(Tensor self, int[] dims, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `self` with the order of elements reversed along each of `dims` (negative dims count from
//! the end; each dim at most once; no dims is a copy). The out must have `self`'s dtype.

use crate::util::movement::{View, dim_arg, view_into_out};
use etk_core::shape::MAX_DIM;
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::flip.out";

pub fn flip_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dims: &[i64],
    out: &mut Tensor<'_>,
) -> Result<()> {
    let mut seen = [false; MAX_DIM];
    let mut view = View::of(self_);
    for &d in dims {
        let w = dim_arg(OP, "dims", d, self_.dim())?;
        if seen[w] {
            return Err(Error::new(ErrorKind::InvalidArgument, OP, "dims")
                .expected_text("each dim once")
                .got(Info::Int(d)));
        }
        seen[w] = true;
        if self_.dim() > 0 {
            view = view.flip(w);
        }
    }
    view_into_out(OP, self_, &view, out)
}

boxed_kernel!(pub fn flip_out_boxed = OP => flip_out(self_: &Tensor, dims: &[i64]) -> (out));
