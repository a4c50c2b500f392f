//! `flip.out(Tensor self, int[] dims, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `self` with the order of elements reversed along each of `dims` (negative dims count from
//! the end; each dim at most once; no dims is a copy). The out must have `self`'s dtype.
//! Every dtype; ComplexHalf only while the dim innermost in memory is not flipped (as ATen).

use crate::util::movement::{View, dim_arg, view_into_out};
use etk_core::shape::MAX_DIM;
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, ScalarType, Tensor, boxed_kernel};

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
    // ATen reverses the innermost dim (in memory) with a typed kernel that has no ComplexHalf
    // instance, and moves the other flips as a copy: so it rejects exactly these calls.
    let innermost = self_.dim_order().iter().rev().find(|&&d| self_.size(d) > 1);
    let flips_innermost = self_.numel() > 0 && innermost.is_some_and(|&d| seen[d]);
    if self_.dtype() == ScalarType::ComplexHalf && flips_innermost {
        return Err(Error::dtype(
            OP,
            "self",
            "a dtype other than ComplexHalf when the innermost dim is flipped (ATen has no \
             ComplexHalf kernel for it)",
            self_.dtype(),
        ));
    }
    view_into_out(OP, self_, &view, out)
}

boxed_kernel!(pub fn flip_out_boxed = OP => flip_out(self_: &Tensor, dims: &[i64]) -> (out));
