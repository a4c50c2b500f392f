//! `view_as_real_copy.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! A complex tensor's parts as a real tensor with one more trailing dim of size 2 (real,
//! imaginary): `self` of shape `[...]` gives `[..., 2]`. A byte copy: `self` is read as its
//! real dtype with that trailing dim (the parts of an element are adjacent in memory), then
//! moved into the out. As ATen: `self` must be complex and the out must have exactly its real
//! dtype (ComplexHalf -> Half, ComplexFloat -> Float, ComplexDouble -> Double).

use crate::util::movement::{View, check_rank, view_into_out};
use etk_core::shape::{Dims, MAX_DIM};
use etk_core::{Error, KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::view_as_real_copy.out";

pub fn view_as_real_copy_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let dt = self_.dtype();
    if !dt.is_complex() {
        return Err(Error::dtype(OP, "self", "a complex dtype", dt));
    }
    let rank = self_.dim() + 1;
    check_rank(OP, "self", rank)?;
    let parts = real_parts(self_)?;
    view_into_out(OP, &parts, &View::of(&parts), out)
}

/// `t` (complex) read as its real dtype with a trailing dim of 2, in `t`'s dim order.
fn real_parts<'a>(t: &Tensor<'a>) -> Result<Tensor<'a>> {
    let mut sizes = Dims::new(t.sizes()).unwrap_or(Dims::EMPTY);
    let mut order = Dims::new(t.dim_order()).unwrap_or(Dims::EMPTY);
    // the caller checked that one more dim fits in MAX_DIM
    debug_assert!(t.dim() < MAX_DIM);
    sizes.push(2);
    order.push(t.dim());
    // SAFETY: the same bytes as `t` (its `nbytes`, read-only, alive for 'a): each complex
    // element is two adjacent parts, so the real tensor of `sizes` in `order` (the trailing
    // dim innermost) covers exactly `t`'s elements; a part's alignment divides the element's.
    unsafe {
        Tensor::from_raw_parts(
            t.dtype().to_real(),
            &sizes,
            &order,
            t.as_ptr() as *mut u8,
            t.nbytes(),
            false,
        )
    }
}

boxed_kernel!(pub fn view_as_real_copy_out_boxed = OP => view_as_real_copy_out(self_: &Tensor) -> (out));
