//! `permute_copy.out(Tensor self, int[] dims, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out[i_dims[0], ..., i_dims[n-1]] = self[i_0, ..., i_n-1]`: dim `k` of the out is dim
//! `dims[k]` of `self`. `dims` must name every dim of `self` once (negative dims count from the
//! end); the out must have `self`'s dtype and takes the permuted shape, in the caller's dim
//! order.

use crate::util::movement::{Mover, Portable, View, dim_arg};
use etk_core::shape::MAX_DIM;
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::permute_copy.out";

pub fn permute_copy_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dims: &[i64],
    out: &mut Tensor<'_>,
) -> Result<()> {
    permute_copy_with(&Portable, self_, dims, out)
}

/// The op with its elements moved by `m`.
pub fn permute_copy_with(
    m: &dyn Mover,
    self_: &Tensor<'_>,
    dims: &[i64],
    out: &mut Tensor<'_>,
) -> Result<()> {
    let rank = self_.dim();
    if dims.len() != rank {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "dims")
            .expected("one entry per dim of self:", Info::Int(rank as i64))
            .got(Info::Int(dims.len() as i64)));
    }
    let mut perm = [0usize; MAX_DIM];
    let mut seen = [false; MAX_DIM];
    for (p, &d) in perm.iter_mut().zip(dims) {
        let w = dim_arg(OP, "dims", d, rank)?;
        if seen[w] {
            return Err(Error::new(ErrorKind::InvalidArgument, OP, "dims")
                .expected_text("each dim once")
                .got(Info::Int(d)));
        }
        seen[w] = true;
        *p = w;
    }
    let view = View::of(self_).permute(&perm[..rank]);
    m.view_into_out(OP, self_, &view, out)
}

boxed_kernel!(pub fn permute_copy_out_boxed = OP => permute_copy_out(self_: &Tensor, dims: &[i64]) -> (out));
