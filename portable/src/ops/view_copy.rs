//! `view_copy.out(Tensor self, SymInt[] size, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `self`'s elements, in row-major order, reshaped to `size`. One entry may be `-1`, inferred
//! from the element count (an error when the other sizes multiply to 0, where it would be
//! ambiguous); other entries must be non-negative and the product must equal `self`'s element
//! count. The out must have `self`'s dtype; its dim order is the caller's.

use crate::util::movement::{Mover, Portable, check_rank};
use etk_core::out::{check_dtype, resize_out};
use etk_core::shape::{Dims, MAX_DIM};
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::view_copy.out";

pub fn view_copy_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    size: &[i64],
    out: &mut Tensor<'_>,
) -> Result<()> {
    view_copy_with(&Portable, self_, size, out)
}

/// The op with its elements moved by `m`.
pub fn view_copy_with(
    m: &dyn Mover,
    self_: &Tensor<'_>,
    size: &[i64],
    out: &mut Tensor<'_>,
) -> Result<()> {
    let shape = infer_size(OP, "size", size, self_.numel())?;
    check_dtype(OP, "out", out, self_.dtype())?;
    resize_out(OP, out, &shape)?;
    m.copy_flat(OP, "self", self_, out)
}

/// ATen's `infer_size`: `size` with its one `-1` replaced so the product is `numel`.
pub fn infer_size(op: &'static str, arg: &'static str, size: &[i64], numel: usize) -> Result<Dims> {
    check_rank(op, arg, size.len())?;
    let mut d = [0usize; MAX_DIM];
    let mut infer = None;
    let mut product = 1usize;
    for (k, &s) in size.iter().enumerate() {
        if s == -1 {
            if infer.is_some() {
                return Err(Error::invalid(op, arg, "at most one -1 (inferred) size"));
            }
            infer = Some(k);
        } else if s < 0 {
            return Err(Error::new(ErrorKind::InvalidArgument, op, arg)
                .expected_text("sizes >= -1")
                .got(Info::Int(s)));
        } else {
            d[k] = s as usize;
            product = product.saturating_mul(d[k]);
        }
    }
    let bad = |e: &'static str| {
        Error::new(ErrorKind::InvalidArgument, op, arg)
            .expected(e, Info::Int(numel as i64))
            .got(Info::Shape(Dims::from_i64(size).unwrap_or(Dims::EMPTY)))
    };
    match infer {
        Some(k) => {
            if product == 0 || !numel.is_multiple_of(product) {
                return Err(bad("a shape (with an unambiguous -1) for element count"));
            }
            d[k] = numel / product;
        }
        None if product != numel => return Err(bad("a shape with element count")),
        None => {}
    }
    Ok(Dims::new(&d[..size.len()]).unwrap_or(Dims::EMPTY))
}

boxed_kernel!(pub fn view_copy_out_boxed = OP => view_copy_out(self_: &Tensor, size: &[i64]) -> (out));
