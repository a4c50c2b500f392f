//! `masked_scatter.out(Tensor self, Tensor mask, Tensor source, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out` is `self` and `mask` broadcast together, with the positions where `mask` is true
//! (in row-major order) taking `source`'s elements one after the other (in `source`'s
//! row-major order, whatever its shape). `source` must have `self`'s dtype and at least as
//! many elements as the mask has true positions; the mask must be Bool; the out has `self`'s
//! dtype. Elements move as bytes; any dim order.

use crate::dispatch_esize;
use crate::util::index::{Cursor, bad_esize, expand_strides, move_elem, strides_of, walk};
use etk_core::out::{check_dtype, resize_out};
use etk_core::shape::broadcast_shapes;
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, ScalarType, Tensor, boxed_kernel};

pub const OP: &str = "aten::masked_scatter.out";

pub fn masked_scatter_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    mask: &Tensor<'_>,
    source: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    if mask.dtype() != ScalarType::Bool {
        return Err(Error::dtype(OP, "mask", "a Bool mask", mask.dtype()));
    }
    if source.dtype() != self_.dtype() {
        return Err(Error::new(ErrorKind::InvalidType, OP, "source")
            .expected("self's dtype", Info::Dtype(self_.dtype()))
            .got(Info::Dtype(source.dtype())));
    }
    check_dtype(OP, "out", out, self_.dtype())?;
    if matches!(
        self_.dtype(),
        ScalarType::UInt16 | ScalarType::UInt32 | ScalarType::UInt64 | ScalarType::ComplexHalf
    ) {
        return Err(Error::dtype(
            OP,
            "self",
            "a dtype other than UInt16/32/64 and ComplexHalf",
            self_.dtype(),
        ));
    }
    let shape = broadcast_shapes(OP, &[("self", self_.sizes()), ("mask", mask.sizes())])?;
    let ms = [expand_strides(mask, &shape)];
    let m = mask.as_ptr();
    let mut count = 0usize;
    // SAFETY: offsets come from the walk over the broadcast shape, within the mask.
    walk(&shape, &ms, 1, |o| {
        count += usize::from(unsafe { *m.add(o[0]) } != 0)
    });
    if source.numel() < count {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "source")
            .expected(
                "at least as many elements as true mask positions:",
                Info::Int(count as i64),
            )
            .got(Info::Int(source.numel() as i64)));
    }
    resize_out(OP, out, &shape)?;
    let st = [strides_of(out), expand_strides(self_, &shape), ms[0]];
    let (s, src, dst) = (self_.as_ptr(), source.as_ptr(), out.as_mut_ptr(OP, "out")?);
    let mut cur = Cursor::new(source);
    dispatch_esize!(self_.element_size(), W => {
        walk(&shape, &st, 3, |o| {
            // SAFETY: offsets stay within their tensors; the cursor takes at most `count`
            // (<= source.numel()) steps.
            unsafe {
                if *m.add(o[2]) != 0 {
                    move_elem::<W>(src, cur.next_offset(), dst, o[0]);
                } else {
                    move_elem::<W>(s, o[1], dst, o[0]);
                }
            }
        });
        Ok(())
    }, _ => Err(bad_esize(OP, "self", self_.dtype())))
}

boxed_kernel!(pub fn masked_scatter_out_boxed = OP => masked_scatter_out(self_: &Tensor, mask: &Tensor, source: &Tensor) -> (out));
