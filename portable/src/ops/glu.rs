//! `glu.out(Tensor self, int dim=-1, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! The gated linear unit: `self` is split in two halves `a`, `b` along `dim` (whose size must
//! be even), and `out = a * sigmoid(b)`, of `self`'s shape with `dim` halved. Floating dtypes
//! only (Half, BFloat16, Float, Double), zero-dim inputs rejected, as ATen. Computed as ATen's
//! CPU kernel does, `a * (1 / (1 + exp(-b)))` (two roundings, not one division) in `self`'s
//! dtype (Float for Half/BFloat16), rounded to `self`'s dtype, then cast to the out's dtype
//! (any floating dtype the result can be cast to): a Float input into a Double out holds Float
//! values. Any dim order.

use crate::dispatch_float;
use crate::util::dispatch::Float;
use crate::util::norm::{Elems, check_float, for_each_index};
use etk_core::element::round_trip;
use etk_core::out::check_can_cast;
use etk_core::shape::wrap_dim;
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::glu.out";

pub fn glu_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    check_float(OP, "self", self_)?;
    if self_.dim() == 0 {
        return Err(Error::invalid(
            OP,
            "self",
            "a tensor of rank at least 1 (glu halves a dim)",
        ));
    }
    let d = wrap_dim(OP, "dim", dim, self_.dim())?;
    let n = self_.size(d);
    if !n.is_multiple_of(2) {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "self")
            .expected_text("an even size along `dim`")
            .got(Info::Int(n as i64)));
    }
    check_can_cast(OP, self_.dtype(), out)?;
    if !out.dtype().is_floating_point() {
        return Err(Error::unsupported_dtype(OP, "out", out.dtype()));
    }
    let mut sizes = self_.shape();
    sizes.as_mut_slice()[d] = n / 2;
    out.resize(OP, "out", sizes.as_slice())?;
    out.as_mut_ptr(OP, "out")?;
    let half = n / 2 * self_.strides()[d];
    let dt = self_.dtype();
    dispatch_float!(dt, C => {
        let (x, y) = (Elems::<C>::new(self_), Elems::<C>::new(out));
        for_each_index(sizes.as_slice(), |_| true, [self_.strides(), out.strides()], |[xo, yo]| {
            // SAFETY: `xo` indexes the first half of `self` and `xo + half` the same element of
            // the second; `yo` is an element of the out, which overlaps no input.
            unsafe {
                let (a, b) = (x.get(xo), x.get(xo + half));
                y.set(yo, round_trip(a * (C::ONE / (C::ONE + (-b).exp())), dt));
            }
        });
    });
    Ok(())
}

boxed_kernel!(pub fn glu_out_boxed = OP => glu_out(self_: &Tensor, dim: i64) -> (out));
