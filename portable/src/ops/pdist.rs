//! `_pdist_forward.out(Tensor self, float p=2., *, Tensor(a!) out) -> Tensor(a!)`
//!
//! The p-norm distances between every pair of rows `i < j` of a contiguous 2-D `self`
//! (`[N, M]`), in row-major pair order: `out` has `N (N - 1) / 2` elements (none for N <= 1),
//! Float or Double as `self`. The same distance as `_cdist_forward` (0 counts differing
//! coordinates, inf takes the largest difference), always the direct sum. ATen does not
//! check p; it rejects a non-contiguous `self`.

use crate::dispatch_float;
use crate::util::dist::distance;
use crate::util::norm::Elems;
use etk_core::out::check_dtype;
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, ScalarType, Tensor, boxed_kernel};

pub const OP: &str = "aten::_pdist_forward.out";

pub fn pdist_forward_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    p: f64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    if self_.dim() != 2 {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "self")
            .expected_text("a 2-D [N, M] tensor")
            .got(Info::Shape(self_.shape())));
    }
    if !matches!(self_.dtype(), ScalarType::Float | ScalarType::Double) {
        return Err(Error::dtype(OP, "self", "Float or Double", self_.dtype()));
    }
    let (n, m) = (self_.size(0), self_.size(1));
    if !self_.is_contiguous() && n > 1 && m > 1 {
        return Err(Error::invalid(OP, "self", "a contiguous tensor"));
    }
    check_dtype(OP, "out", out, self_.dtype())?;
    // n (n - 1) overflows for more than 2^32 rows (of zero columns): an error, not a panic.
    let pairs = n
        .checked_mul(n.saturating_sub(1))
        .map(|v| v / 2)
        .ok_or(Error::invalid(
            OP,
            "self",
            "fewer rows (the pair count overflows)",
        ))?;
    out.resize(OP, "out", &[pairs])?;
    if pairs == 0 {
        return Ok(());
    }
    out.as_mut_ptr(OP, "out")?;
    let (rs, cs, os) = (self_.strides()[0], self_.strides()[1], out.strides()[0]);
    dispatch_float!(self_.dtype(), C => {
        let (x, y) = (Elems::<C>::new(self_), Elems::<C>::new(out));
        let mut k = 0;
        for i in 0..n {
            for j in i + 1..n {
                // SAFETY: rows below N and columns below M of `self`, k below the pair count;
                // the out overlaps no input.
                let d = distance(m, p, |c| unsafe { x.get(i * rs + c * cs) }, |c| unsafe {
                    x.get(j * rs + c * cs)
                });
                unsafe { y.set(k * os, d) };
                k += 1;
            }
        }
    });
    Ok(())
}

boxed_kernel!(pub fn pdist_forward_out_boxed = OP => pdist_forward_out(self_: &Tensor, p: f64) -> (out));
