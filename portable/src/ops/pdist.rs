//! `_pdist_forward.out(Tensor self, float p=2., *, Tensor(a!) out) -> Tensor(a!)`
//!
//! The p-norm distances between every pair of rows `i < j` of a contiguous 2-D `self`
//! (`[N, M]`), in row-major pair order: `out` has `N (N - 1) / 2` elements (none for N <= 1),
//! Float or Double as `self`. The same distance as `_cdist_forward` (0 counts differing
//! coordinates, inf takes the largest difference), always the direct sum. ATen does not
//! check p; it rejects a non-contiguous `self`.
//!
//! A `self` of more than two dims is taken as ATen's kernel takes it (measured against torch
//! 2.13): with `N = size(0)`, `M = size(1)` and its contiguous memory read as `numel / M`
//! rows of `M` elements, the out holds the first `N (N - 1) / 2` distances of those rows'
//! pairs in row-major pair order (`[3, 2, 4]` gives row 0 against rows 1, 2 and 3). For a 2-D
//! `self` that is the ordinary pdist. Where that memory does not exist (a later dim of size 0
//! with N >= 2 and M > 0), ATen reads past the tensor; etk rejects the call.

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
    if self_.dim() < 2 {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "self")
            .expected_text("a tensor of at least 2 dims ([N, M, ...])")
            .got(Info::Shape(self_.shape())));
    }
    if !matches!(self_.dtype(), ScalarType::Float | ScalarType::Double) {
        return Err(Error::dtype(OP, "self", "Float or Double", self_.dtype()));
    }
    let (n, m) = (self_.size(0), self_.size(1));
    // ATen's is_contiguous: the dims of more than one element in row-major memory order.
    let mut last = None;
    for &d in self_.dim_order().iter().filter(|&&d| self_.size(d) > 1) {
        if last.is_some_and(|l| l > d) {
            return Err(Error::invalid(OP, "self", "a contiguous tensor"));
        }
        last = Some(d);
    }
    if self_.dim() > 2 && self_.numel() == 0 && n > 1 && m > 0 {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "self")
            .expected_text(
                "N * M elements to read as rows (ATen reads past an empty tensor of more \
                 than 2 dims)",
            )
            .got(Info::Shape(self_.shape())));
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
    // Contiguous memory: element (i, c) of the [N, M] rows sits at i M + c whatever the rank.
    let (rs, cs, os) = (m, 1, out.strides()[0]);
    dispatch_float!(self_.dtype(), C => {
        let (x, y) = (Elems::<C>::new(self_), Elems::<C>::new(out));
        // `numel / M` rows (N of them for a 2-D self), their pairs in order, `pairs` of them.
        let rows = self_.numel() / m.max(1);
        let mut k = 0;
        'pairs: for i in 0..rows {
            for j in i + 1..rows {
                if k == pairs {
                    break 'pairs;
                }
                // SAFETY: rows below numel / M and columns below M of `self`'s contiguous
                // memory, k below the pair count; the out overlaps no input.
                let d = distance(m, p, |c| unsafe { x.get(i * rs + c * cs) }, |c| unsafe {
                    x.get(j * rs + c * cs)
                });
                unsafe { y.set(k * os, d) };
                k += 1;
            }
        }
        if k < pairs {
            // M = 0: every distance is 0 (ATen fills the out).
            for k in k..pairs {
                // SAFETY: k below the pair count.
                unsafe { y.set(k * os, C::default()) };
            }
        }
    });
    Ok(())
}

boxed_kernel!(pub fn pdist_forward_out_boxed = OP => pdist_forward_out(self_: &Tensor, p: f64) -> (out));
