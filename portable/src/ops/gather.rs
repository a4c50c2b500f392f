//! `gather.out(Tensor self, int dim, Tensor index, *, bool sparse_grad=False, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out[p] = self[p with dim replaced by index[p]]` for every position `p` of `index`; `out`
//! takes `index`'s shape and must have `self`'s dtype. `index` is Long or Int, of `self`'s
//! rank (zero-dim counting as `[1]`), no larger than `self` outside `dim`, its values in
//! `[0, self.size(dim))`; an empty index is not checked further. `sparse_grad` changes nothing
//! in the forward result. Elements move as bytes, in any dim order of any of the tensors.

use crate::dispatch_esize;
use crate::util::index::{bad_esize, move_elem};
use crate::util::scatter::{check_gather, for_each_pair};
use etk_core::out::{check_dtype, resize_out};
use etk_core::shape::wrap_dim;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::gather.out";

pub fn gather_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: i64,
    index: &Tensor<'_>,
    sparse_grad: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let _ = sparse_grad;
    let d = wrap_dim(OP, "dim", dim, self_.dim())?;
    check_dtype(OP, "out", out, self_.dtype())?;
    check_gather(OP, self_, d, index)?;
    resize_out(OP, out, index.sizes())?;
    let (src, dst) = (self_.as_ptr(), out.as_mut_ptr(OP, "out")?);
    if index.numel() == 0 {
        return Ok(());
    }
    let o = out.view();
    dispatch_esize!(self_.element_size(), W => {
        for_each_pair(self_, d, index, Some(&o), |s, t| {
            // SAFETY: the index values were checked against the dim and the index fits in
            // `self` outside it; `t` walks the out, which has the index's shape.
            unsafe { move_elem::<W>(src, s, dst, t) }
        });
        Ok(())
    }, _ => Err(bad_esize(OP, "self", self_.dtype())))
}

boxed_kernel!(pub fn gather_out_boxed = OP => gather_out(self_: &Tensor, dim: i64, index: &Tensor, sparse_grad: bool) -> (out));
