//! `index_put.out(Tensor self, Tensor?[] indices, Tensor values, bool accumulate=False, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Portable's kernel (`etk_portable::ops::index_put`: its checks, its copy of `self`, its
//! advanced-indexing walk and its `masked_fill` form) with the runs the walk yields scattered by
//! the movement engine (`crate::movement::gather::Rows`, the out's rows prefetched ahead). With
//! `accumulate`, portable's own loop adds (bit for bit as portable).
//!
//! A KV-cache write (`cache[:, :, pos] = k`: one index tensor, contiguous tensors, `values`
//! of the result's exact shape) takes [`OneIndex`]'s path: `self` copied whole, then one
//! block per index value, with no walk to set up.

use crate::movement::Engine;
use crate::movement::one_index::{OneIndex, copy_block};
use etk_core::out::{check_dtype, resize_out};
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::ops::index_put::{OP as PORTABLE_OP, index_put_with};

pub const OP: &str = etk_portable::ops::index_put::OP;

pub fn index_put_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    indices: &[Option<Tensor<'_>>],
    values: &Tensor<'_>,
    accumulate: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    // Portable's first checks, in its order (it repeats them on the way back).
    check_dtype(PORTABLE_OP, "out", out, self_.dtype())?;
    resize_out(PORTABLE_OP, out, self_.sizes())?;
    if !accumulate && one_index_put(self_, indices, values, out) {
        return Ok(());
    }
    index_put_with(
        &Engine::new(ctx),
        ctx,
        self_,
        indices,
        values,
        accumulate,
        out,
    )
}

/// The put through [`OneIndex`]; `false`, having written nothing, when the call does not have
/// that form (or would be rejected: portable then says why).
fn one_index_put(
    self_: &Tensor<'_>,
    indices: &[Option<Tensor<'_>>],
    values: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> bool {
    let dense = |t: &Tensor<'_>| t.is_contiguous() && t.dtype() == self_.dtype();
    if !(dense(self_) && dense(values) && dense(out) && out.is_writable()) {
        return false;
    }
    let Some(one) = OneIndex::of(self_.sizes(), indices) else {
        return false;
    };
    if one.result(self_.sizes()).as_slice() != values.sizes() {
        return false;
    }
    let es = self_.element_size();
    let block = one.inner * es;
    let (src, v) = (self_.as_ptr(), values.as_ptr());
    let Ok(dst) = out.as_mut_ptr(PORTABLE_OP, "out") else {
        return false;
    };
    // SAFETY: `out` has `self`'s dtype, sizes and (contiguous) layout, and is an out, so apart
    // from `self` and `values` (the boxed entry checks it); every block offset lies within
    // the out (index values checked by `OneIndex::of`) and within `values` (its shape is the
    // result's).
    unsafe {
        core::ptr::copy(src, dst, self_.nbytes());
        one.for_each_block(|t, r| copy_block(v.add(r * es), dst.add(t * es), block));
    }
    true
}

boxed_kernel!(pub fn index_put_out_boxed = OP => index_put_out(self_: &Tensor, indices: &[Option<Tensor>], values: &Tensor, accumulate: bool) -> (out));
