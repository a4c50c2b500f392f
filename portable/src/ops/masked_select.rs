//! `masked_select.out(Tensor self, Tensor mask, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! The elements of `self` where `mask` is true, `self` and `mask` broadcast together, in
//! row-major order of the broadcast shape: `out` is 1-D, resized to their count (which must fit
//! its capacity), with `self`'s dtype. The mask must be Bool. Elements move as bytes; any dim
//! order.

use crate::dispatch_esize;
use crate::util::index::{bad_esize, expand_strides, move_elem, walk};
use etk_core::out::{check_dtype, resize_out};
use etk_core::shape::broadcast_shapes;
use etk_core::{Error, KernelContext, Result, ScalarType, Tensor, boxed_kernel};

pub const OP: &str = "aten::masked_select.out";

pub fn masked_select_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    mask: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    if mask.dtype() != ScalarType::Bool {
        return Err(Error::dtype(OP, "mask", "a Bool mask", mask.dtype()));
    }
    check_dtype(OP, "out", out, self_.dtype())?;
    if matches!(
        self_.dtype(),
        ScalarType::UInt16 | ScalarType::UInt32 | ScalarType::UInt64
    ) {
        return Err(Error::dtype(
            OP,
            "self",
            "a dtype other than UInt16/32/64",
            self_.dtype(),
        ));
    }
    let shape = broadcast_shapes(OP, &[("self", self_.sizes()), ("mask", mask.sizes())])?;
    let st = [expand_strides(self_, &shape), expand_strides(mask, &shape)];
    let (s, m) = (self_.as_ptr(), mask.as_ptr());
    let mut count = 0usize;
    // SAFETY: offsets come from the walk over the broadcast shape, within the mask.
    walk(&shape, &st, 2, |o| {
        count += usize::from(unsafe { *m.add(o[1]) } != 0)
    });
    resize_out(OP, out, &[count])?;
    let dst = out.as_mut_ptr(OP, "out")?;
    let step = out.strides().first().copied().unwrap_or(1);
    let mut j = 0usize;
    dispatch_esize!(self_.element_size(), W => {
        walk(&shape, &st, 2, |o| {
            // SAFETY: offsets stay within self and the mask; `j < count` elements of the out.
            unsafe {
                if *m.add(o[1]) != 0 {
                    move_elem::<W>(s, o[0], dst, j * step);
                    j += 1;
                }
            }
        });
        Ok(())
    }, _ => Err(bad_esize(OP, "self", self_.dtype())))
}

boxed_kernel!(pub fn masked_select_out_boxed = OP => masked_select_out(self_: &Tensor, mask: &Tensor) -> (out));
