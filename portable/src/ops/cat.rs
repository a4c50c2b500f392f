//! `cat.out(Tensor[] tensors, int dim=0, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! The tensors joined along `dim`. As ATen:
//! - the list must not be empty and no tensor may be zero-dim;
//! - legacy empty tensors (1-D of size 0) are skipped: they take no part in the shape checks
//!   and add nothing, and `dim` is wrapped against the first other tensor (not at all when
//!   every tensor is such an empty one, the out then being `[0]`);
//! - every other tensor has the same rank and the same sizes except along `dim`;
//! - the out dtype is any dtype the promoted dtype of all tensors (skipped ones included) can
//!   be cast to; each tensor is converted as C++ `static_cast` does.
//!
//! The out's dim order is the caller's.

use crate::util::movement::{Mover, Portable, View, dim_arg};
use crate::util::pointwise::promoted_of_list;
use etk_core::out::{check_can_cast, resize_out};
use etk_core::shape::{Dims, MAX_DIM};
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::cat.out";

pub fn cat_out(
    _ctx: &mut KernelContext<'_>,
    tensors: &[Tensor<'_>],
    dim: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    cat_with(&Portable, tensors, dim, out)
}

/// The op with its elements moved (and converted) by `m`.
pub fn cat_with(
    m: &dyn Mover,
    tensors: &[Tensor<'_>],
    dim: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let (shape, d) = cat_shape(OP, tensors, dim)?;
    check_can_cast(OP, promoted_of_list(OP, tensors)?, out)?;
    resize_out(OP, out, &shape)?;
    let Some(d) = d else { return Ok(()) };
    let whole = View::of(out);
    let mut at = 0;
    for t in tensors.iter().filter(|t| !is_legacy_empty(t)) {
        let n = t.size(d);
        m.copy_into(OP, "tensors", t, out, &whole.slice(d, at, n, 1))?;
        at += n;
    }
    Ok(())
}

/// A 1-D tensor of size 0, which `cat` skips.
pub fn is_legacy_empty(t: &Tensor<'_>) -> bool {
    t.dim() == 1 && t.size(0) == 0
}

/// The out shape of `cat` and the wrapped dim (`None` when every tensor is skipped).
fn cat_shape(op: &'static str, tensors: &[Tensor<'_>], dim: i64) -> Result<(Dims, Option<usize>)> {
    if tensors.is_empty() {
        return Err(Error::invalid(op, "tensors", "a non-empty list of tensors"));
    }
    if let Some(k) = tensors.iter().position(|t| t.dim() == 0) {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "tensors")
            .expected_text("tensors with at least one dim; a zero-dim tensor at position")
            .got(Info::Int(k as i64)));
    }
    let Some(first) = tensors.iter().find(|t| !is_legacy_empty(t)) else {
        return Ok((Dims::filled(1, 0), None));
    };
    let rank = first.dim();
    let d = dim_arg(op, "dim", dim, rank)?;
    let mut shape = first.shape();
    shape.as_mut_slice()[d] = 0;
    for t in tensors.iter().filter(|t| !is_legacy_empty(t)) {
        if t.dim() != rank {
            return Err(Error::new(ErrorKind::InvalidArgument, op, "tensors")
                .expected(
                    "tensors of the same rank as the first,",
                    Info::Int(rank as i64),
                )
                .got(Info::Shape(t.shape())));
        }
        if (0..rank).any(|k| k != d && t.size(k) != first.size(k)) {
            return Err(Error::new(ErrorKind::InvalidArgument, op, "tensors")
                .expected(
                    "sizes equal except along dim; first tensor",
                    Info::Shape(first.shape()),
                )
                .got(Info::Shape(t.shape())));
        }
        let s = &mut shape.as_mut_slice()[d];
        *s = s.checked_add(t.size(d)).ok_or(Error::invalid(
            op,
            "tensors",
            "a result size that fits in usize",
        ))?;
    }
    debug_assert!(rank <= MAX_DIM);
    Ok((shape, Some(d)))
}

boxed_kernel!(pub fn cat_out_boxed = OP => cat_out(tensors: &[Tensor], dim: i64) -> (out));
