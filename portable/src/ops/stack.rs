//! `stack.out(Tensor[] tensors, int dim=0, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! The tensors joined along a new dim `dim` (in `[-rank-1, rank]`): `out.select(dim, k)` is
//! `tensors[k]`. The list must not be empty and every tensor must have the same shape. The out
//! dtype is any dtype the promoted dtype of the tensors can be cast to (each converted as
//! C++ `static_cast` does); its dim order is the caller's.

use crate::util::movement::{Mover, Portable, View, check_rank, dim_arg};
use crate::util::pointwise::promoted_of_list;
use etk_core::out::{check_can_cast, resize_out};
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::stack.out";

pub fn stack_out(
    _ctx: &mut KernelContext<'_>,
    tensors: &[Tensor<'_>],
    dim: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    stack_with(&Portable, tensors, dim, out)
}

/// The op with its elements moved (and converted) by `m`.
pub fn stack_with(
    m: &dyn Mover,
    tensors: &[Tensor<'_>],
    dim: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let Some(first) = tensors.first() else {
        return Err(Error::invalid(OP, "tensors", "a non-empty list of tensors"));
    };
    if let Some(t) = tensors.iter().find(|t| t.sizes() != first.sizes()) {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "tensors")
            .expected(
                "tensors of the same shape as the first,",
                Info::Shape(first.shape()),
            )
            .got(Info::Shape(t.shape())));
    }
    let rank = first.dim() + 1;
    let d = dim_arg(OP, "dim", dim, rank)?;
    check_rank(OP, "tensors", rank)?;
    check_can_cast(OP, promoted_of_list(OP, tensors)?, out)?;
    let mut full = [0usize; etk_core::MAX_DIM];
    full[..d].copy_from_slice(&first.sizes()[..d]);
    full[d] = tensors.len();
    full[d + 1..rank].copy_from_slice(&first.sizes()[d..]);
    resize_out(OP, out, &full[..rank])?;
    let whole = View::of(out);
    for (k, t) in tensors.iter().enumerate() {
        m.copy_into(OP, "tensors", t, out, &whole.select(d, k))?;
    }
    Ok(())
}

boxed_kernel!(pub fn stack_out_boxed = OP => stack_out(tensors: &[Tensor], dim: i64) -> (out));
