//! `expand_copy.out(Tensor self, SymInt[] size, *, bool implicit=False, Tensor(a!) out) -> Tensor(a!)`
//!
//! `self` repeated along its size-1 dims (and new leading dims) to `size`, trailing dims
//! aligned. `-1` keeps the existing size of a dim (not allowed for a new leading dim); a dim of
//! size other than 1 must keep its size; `size` needs at least `self`'s rank. `implicit`
//! changes nothing. The out must have `self`'s dtype.

use crate::util::movement::{Mover, Portable, View, check_rank, size_arg};
use etk_core::shape::{Dims, MAX_DIM};
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::expand_copy.out";

pub fn expand_copy_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    size: &[i64],
    implicit: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let _ = implicit;
    expand_copy_with(&Portable, self_, size, out)
}

/// The op with its elements moved by `m`.
pub fn expand_copy_with(
    m: &dyn Mover,
    self_: &Tensor<'_>,
    size: &[i64],
    out: &mut Tensor<'_>,
) -> Result<()> {
    let rank = self_.dim();
    if size.len() < rank {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "size")
            .expected(
                "at least as many sizes as self has dims:",
                Info::Int(rank as i64),
            )
            .got(Info::Int(size.len() as i64)));
    }
    check_rank(OP, "size", size.len())?;
    let lead = size.len() - rank;
    let mut target = [0usize; MAX_DIM];
    for (k, &s) in size.iter().enumerate() {
        target[k] = if k >= lead && s == -1 {
            self_.size(k - lead)
        } else {
            size_arg(OP, "size", s)?
        };
        if k >= lead {
            let have = self_.size(k - lead);
            if have != 1 && have != target[k] {
                return Err(Error::new(ErrorKind::InvalidArgument, OP, "size")
                    .expected(
                        "sizes that keep every non-singleton dim of",
                        Info::Shape(self_.shape()),
                    )
                    .got(Info::Shape(Dims::new(&target[..=k]).unwrap_or(Dims::EMPTY))));
            }
        }
    }
    let target = &target[..size.len()];
    if Dims::new(target).and_then(|d| d.product()).is_none() {
        return Err(Error::invalid(
            OP,
            "size",
            "sizes whose product fits in usize",
        ));
    }
    let view = View::of(self_).broadcast_to(target).ok_or(Error::invalid(
        OP,
        "size",
        "a shape self broadcasts to",
    ))?;
    m.view_into_out(OP, self_, &view, out)
}

boxed_kernel!(pub fn expand_copy_out_boxed = OP => expand_copy_out(self_: &Tensor, size: &[i64], implicit: bool) -> (out));
