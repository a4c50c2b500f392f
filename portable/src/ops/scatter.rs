//! `scatter.src_out(Tensor self, int dim, Tensor index, Tensor src, *, Tensor(a!) out) -> Tensor(a!)`
//! `scatter.value_out(Tensor self, int dim, Tensor index, Scalar value, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = self`, then `out[p with dim replaced by index[p]] = src[p]` (or `value`) for every
//! position `p` of `index`. The out must have `self`'s dtype and takes its shape; `src` must
//! have `self`'s dtype too. `index` is Long or Int, of `self`'s rank, no larger than `self`
//! outside `dim` and no larger than `src` anywhere, its values in `[0, self.size(dim))`; an
//! empty index leaves `out = self` unchecked. Where several positions name one element, the
//! last one in `index`'s row-major order wins (ATen's serial loop; ATen documents the order as
//! unspecified). `value` converts to the dtype as `Scalar::to` does, with c10's overflow check
//! (only when the index is not empty); a complex element takes it as its real part. Every dtype
//! but the barebones unsigned ones and ComplexHalf (which ATen has no kernel for).

use crate::dispatch_esize;
use crate::util::index::{bad_esize, copy_elements, move_elem, scalar_bytes};
use crate::util::scatter::{check_scatter, for_each_pair};
use etk_core::out::{check_dtype, resize_out};
use etk_core::shape::wrap_dim;
use etk_core::{KernelContext, Result, Scalar, Tensor, boxed_kernel};

pub const OP_SRC: &str = "aten::scatter.src_out";
pub const OP_VALUE: &str = "aten::scatter.value_out";

pub fn scatter_src_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: i64,
    index: &Tensor<'_>,
    src: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    const OP: &str = OP_SRC;
    let d = wrap_dim(OP, "dim", dim, self_.dim())?;
    check_scatter(OP, self_, d, index, Some(src))?;
    check_dtype(OP, "out", out, self_.dtype())?;
    resize_out(OP, out, self_.sizes())?;
    copy_elements(OP, "self", self_, out)?;
    if index.numel() == 0 {
        return Ok(());
    }
    let (s, dst) = (src.as_ptr(), out.as_mut_ptr(OP, "out")?);
    let o = out.view();
    dispatch_esize!(self_.element_size(), W => {
        for_each_pair(&o, d, index, Some(src), |t, i| {
            // SAFETY: checked index values and sizes keep both offsets in their tensors.
            unsafe { move_elem::<W>(s, i, dst, t) }
        });
        Ok(())
    }, _ => Err(bad_esize(OP, "self", self_.dtype())))
}

pub fn scatter_value_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: i64,
    index: &Tensor<'_>,
    value: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    const OP: &str = OP_VALUE;
    let d = wrap_dim(OP, "dim", dim, self_.dim())?;
    check_scatter(OP, self_, d, index, None)?;
    check_dtype(OP, "out", out, self_.dtype())?;
    let dt = self_.dtype();
    // The value's bytes in the dtype: stored once, then moved like any element.
    let mut bytes = [0u8; 16];
    if index.numel() > 0 {
        scalar_bytes(OP, "value", &value, dt, &mut bytes)?;
    }
    resize_out(OP, out, self_.sizes())?;
    copy_elements(OP, "self", self_, out)?;
    if index.numel() == 0 {
        return Ok(());
    }
    let dst = out.as_mut_ptr(OP, "out")?;
    let o = out.view();
    dispatch_esize!(self_.element_size(), W => {
        for_each_pair(&o, d, index, None, |t, _| {
            // SAFETY: checked index values keep the offset in the out; `bytes` holds 16.
            unsafe { move_elem::<W>(bytes.as_ptr(), 0, dst, t) }
        });
        Ok(())
    }, _ => Err(bad_esize(OP, "self", dt)))
}

boxed_kernel!(pub fn scatter_src_out_boxed = OP_SRC => scatter_src_out(self_: &Tensor, dim: i64, index: &Tensor, src: &Tensor) -> (out));
boxed_kernel!(pub fn scatter_value_out_boxed = OP_VALUE => scatter_value_out(self_: &Tensor, dim: i64, index: &Tensor, value: Scalar) -> (out));
