//! `unbind_copy.int_out(Tensor self, int dim=0, *, Tensor(a!)[] out) -> ()`
//!
//! `self.select(dim, k)` into `out[k]` for every index `k` of `dim`. `self` must have a dim and
//! there must be one out per index (none for a dim of size 0). Each out must have `self`'s
//! dtype and takes the shape of `self` without `dim`.

use crate::util::movement::{Portable, View, dim_arg, split_into};
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::unbind_copy.int_out";

pub fn unbind_copy_int_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: i64,
    out: &mut [Tensor<'_>],
) -> Result<()> {
    if self_.dim() == 0 {
        return Err(Error::invalid(OP, "self", "a tensor with at least one dim"));
    }
    let d = dim_arg(OP, "dim", dim, self_.dim())?;
    if out.len() != self_.size(d) {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "out")
            .expected("one out per index of dim:", Info::Int(self_.size(d) as i64))
            .got(Info::Int(out.len() as i64)));
    }
    let whole = View::of(self_);
    split_into(&Portable, OP, self_, out, |k| whole.select(d, k))
}

boxed_kernel!(pub fn unbind_copy_int_out_boxed = OP => unbind_copy_int_out(self_: &Tensor, dim: i64) -> [out]);
