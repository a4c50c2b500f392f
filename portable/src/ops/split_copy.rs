//! `split_copy.Tensor_out(Tensor self, SymInt split_size, int dim=0, *, Tensor(a!)[] out) -> ()`
//!
//! `self` cut along `dim` into chunks of `split_size` (the last one shorter), chunk `k` into
//! `out[k]`. `self` must have a dim; `split_size` must be non-negative, and 0 only for a dim
//! of size 0 (one empty chunk). There must be exactly one out per chunk.
//! Surprising but ATen: each chunk goes in with `copy_` semantics, not as a `*_copy.out`
//! result: outs are not resized, a chunk is broadcast to its out's shape and converted to its
//! dtype (`static_cast`); an out the chunk does not broadcast to is an error.

use crate::util::movement::{Mover, Portable, View, dim_arg};
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::split_copy.Tensor_out";

pub fn split_copy_tensor_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    split_size: i64,
    dim: i64,
    out: &mut [Tensor<'_>],
) -> Result<()> {
    split_copy_with(&Portable, self_, split_size, dim, out)
}

/// The op with its elements moved (and converted) by `m`.
pub fn split_copy_with(
    m: &dyn Mover,
    self_: &Tensor<'_>,
    split_size: i64,
    dim: i64,
    out: &mut [Tensor<'_>],
) -> Result<()> {
    if self_.dim() == 0 {
        return Err(Error::invalid(OP, "self", "a tensor with at least one dim"));
    }
    if split_size < 0 {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "split_size")
            .expected_text("a non-negative split size")
            .got(Info::Int(split_size)));
    }
    let d = dim_arg(OP, "dim", dim, self_.dim())?;
    let size = self_.size(d);
    if split_size == 0 && size != 0 {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "split_size")
            .expected(
                "a positive split size for a dim of size",
                Info::Int(size as i64),
            )
            .got(Info::Int(0)));
    }
    let split = usize::try_from(split_size).unwrap_or(usize::MAX);
    let chunks = if split >= size {
        1
    } else {
        size.div_ceil(split)
    };
    if out.len() != chunks {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "out")
            .expected("one out per chunk:", Info::Int(chunks as i64))
            .got(Info::Int(out.len() as i64)));
    }
    let whole = View::of(self_);
    // every out is checked before any is written.
    for (k, o) in out.iter().enumerate() {
        chunk_view(&whole, d, k, split, size, o)?;
    }
    for (k, o) in out.iter_mut().enumerate() {
        let v = chunk_view(&whole, d, k, split, size, o)?;
        let dst = View::of(o);
        m.copy_between(OP, "self", self_, &v, o, &dst)?;
    }
    Ok(())
}

/// Chunk `k` broadcast to the shape of `o` (an error if it does not broadcast).
fn chunk_view(
    whole: &View,
    d: usize,
    k: usize,
    split: usize,
    size: usize,
    o: &Tensor<'_>,
) -> Result<View> {
    let start = (k * split).min(size);
    let len = split.min(size - start);
    whole.slice(d, start, len, 1).broadcast_to(o.sizes()).ok_or(
        Error::new(ErrorKind::InvalidArgument, OP, "out")
            .expected_text("outs each chunk broadcasts to")
            .got(Info::Shape(o.shape())),
    )
}

boxed_kernel!(pub fn split_copy_tensor_out_boxed = OP => split_copy_tensor_out(self_: &Tensor, split_size: i64, dim: i64) -> [out]);
