//! `_conj_physical.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! The complex conjugate: the imaginary part negated (its sign bit flipped, NaN included, as
//! negation does). A real tensor is copied unchanged. The out must have exactly `self`'s
//! dtype and takes its shape.

use crate::util::movement::{View, view_into_out};
use etk_core::{KernelContext, Result, ScalarType, Tensor, boxed_kernel};

pub const OP: &str = "aten::_conj_physical.out";

pub fn conj_physical_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    view_into_out(OP, self_, &View::of(self_), out)?;
    // the imaginary part is the second half of each element: flip its top (sign) bit.
    let half = match out.dtype() {
        ScalarType::ComplexHalf => 2,
        ScalarType::ComplexFloat => 4,
        ScalarType::ComplexDouble => 8,
        _ => return Ok(()),
    };
    let (n, es) = (out.numel(), out.element_size());
    let dst = out.as_mut_ptr(OP, "out")?;
    // SAFETY: the out's `n` elements of `es` bytes are its writable memory; every element's
    // imaginary sign byte is the last byte of the element (little-endian components).
    let bytes = unsafe { core::slice::from_raw_parts_mut(dst, n * es) };
    for e in bytes.chunks_exact_mut(es) {
        e[half + half - 1] ^= 0x80;
    }
    Ok(())
}

boxed_kernel!(pub fn conj_physical_out_boxed = OP => conj_physical_out(self_: &Tensor) -> (out));
