//! `split_with_sizes_copy.out(Tensor self, SymInt[] split_sizes, int dim=0, *, Tensor(a!)[] out) -> ()`
//!
//! `self` cut along `dim` into consecutive chunks of the given sizes, chunk `k` into `out[k]`.
//! `self` must have a dim; the sizes must be non-negative and sum to the size of `dim`; there
//! must be one out per size. Each out must have `self`'s dtype and takes its chunk's shape.

use crate::util::movement::{Mover, Portable, View, dim_arg, split_into};
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::split_with_sizes_copy.out";

pub fn split_with_sizes_copy_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    split_sizes: &[i64],
    dim: i64,
    out: &mut [Tensor<'_>],
) -> Result<()> {
    split_with_sizes_copy_with(&Portable, self_, split_sizes, dim, out)
}

/// The op with its elements moved by `m`.
pub fn split_with_sizes_copy_with(
    m: &dyn Mover,
    self_: &Tensor<'_>,
    split_sizes: &[i64],
    dim: i64,
    out: &mut [Tensor<'_>],
) -> Result<()> {
    if self_.dim() == 0 {
        return Err(Error::invalid(OP, "self", "a tensor with at least one dim"));
    }
    let d = dim_arg(OP, "dim", dim, self_.dim())?;
    let size = self_.size(d);
    let mut total = 0usize;
    for &s in split_sizes {
        let s = usize::try_from(s).map_err(|_| {
            Error::new(ErrorKind::InvalidArgument, OP, "split_sizes")
                .expected_text("non-negative split sizes")
                .got(Info::Int(s))
        })?;
        total = total.saturating_add(s);
    }
    if total != size {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "split_sizes")
            .expected(
                "split sizes that sum to the size of dim,",
                Info::Int(size as i64),
            )
            .got(Info::Int(total.min(i64::MAX as usize) as i64)));
    }
    if out.len() != split_sizes.len() {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "out")
            .expected(
                "one out per split size:",
                Info::Int(split_sizes.len() as i64),
            )
            .got(Info::Int(out.len() as i64)));
    }
    let whole = View::of(self_);
    split_into(m, OP, self_, out, |k| {
        let start: usize = split_sizes[..k].iter().map(|&s| s as usize).sum();
        whole.slice(d, start, split_sizes[k] as usize, 1)
    })
}

boxed_kernel!(pub fn split_with_sizes_copy_out_boxed = OP => split_with_sizes_copy_out(self_: &Tensor, split_sizes: &[i64], dim: i64) -> [out]);
