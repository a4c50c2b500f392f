//! `searchsorted.Tensor_out(Tensor sorted_sequence, Tensor self, *, bool out_int32=False, bool right=False, str? side=None, Tensor? sorter=None, Tensor(a!) out) -> Tensor(a!)`
//!
//! For every element of `self`, the position in `sorted_sequence` where it would be inserted:
//! the first position whose value is not less than it (`right` or `side="right"`: greater than
//! it), found by ATen's exact bisection (so NaN, which no comparison holds for, goes to the
//! end, and unsorted sequences give ATen's answers). `sorted_sequence` is 1-D (one sequence for
//! all) or has `self`'s rank with the same leading dims (one sequence per row); a zero-dim
//! `self` needs a 1-D sequence. `sorter` (Long, the sequence's shape) gives the sequence's
//! order when it is not sorted. Both inputs are compared in their promoted dtype; Bool and the
//! barebones unsigned dtypes are rejected, as in ATen. `out` is Int with `out_int32`, else
//! Long, and takes `self`'s shape.

use crate::util::search::search;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::searchsorted.Tensor_out";

#[allow(clippy::too_many_arguments)]
pub fn searchsorted_tensor_out(
    _ctx: &mut KernelContext<'_>,
    sorted_sequence: &Tensor<'_>,
    self_: &Tensor<'_>,
    out_int32: bool,
    right: bool,
    side: Option<&str>,
    sorter: Option<&Tensor<'_>>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    search(
        OP,
        sorted_sequence,
        self_,
        out_int32,
        right,
        side,
        sorter,
        out,
    )
}

boxed_kernel!(pub fn searchsorted_tensor_out_boxed = OP => searchsorted_tensor_out(sorted_sequence: &Tensor, self_: &Tensor, out_int32: bool, right: bool, side: Option<&str>, sorter: Option<&Tensor>) -> (out));
