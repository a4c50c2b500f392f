//! ```text
//! executorch_prim::et_copy_index.tensor(Tensor(a!) copy_to, Tensor copy_from, SymInt index) -> ()
//! ```
//! `copy_to[index] = copy_from`, after resizing `copy_to`'s dim 0 to `index + 1` (ExecuTorch's
//! loop of `map`/`scan` grows the stacked result one slot per iteration). As in ExecuTorch:
//! `index >= 0`, `copy_to` has one more dim than `copy_from` and the same sizes after dim 0,
//! and `copy_to` must be resizable when its dim 0 changes. etk also requires the same dtype
//! (ExecuTorch copies bytes regardless), no overlap between the two, and dim 0 outermost in
//! `copy_to`'s memory unless it holds one slot (so a slot is one block and a resize keeps the
//! others in place); the slot is written in `copy_to`'s dim order whatever `copy_from`'s is.
//! The call's only out is `copy_to` itself, so its stack has three values and no result slot.

use etk_core::iter::Plan;
use etk_core::{
    EValue, Error, ErrorKind, FromEValue, Info, KernelContext, MAX_DIM, Result, Tensor,
    evalue::out_tensor, registry::check_arity,
};

const OP: &str = "executorch_prim::et_copy_index.tensor";

pub fn et_copy_index_tensor(
    _ctx: &mut KernelContext<'_>,
    copy_to: &mut Tensor<'_>,
    copy_from: &Tensor<'_>,
    index: i64,
) -> Result<()> {
    if copy_to.dtype() != copy_from.dtype() {
        return Err(Error::dtype(
            OP,
            "copy_from",
            "the dtype of copy_to",
            copy_from.dtype(),
        ));
    }
    let rank = copy_from.dim();
    if copy_to.dim() != rank + 1 {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "copy_to")
            .expected(
                "a rank one more than copy_from's:",
                Info::Int(rank as i64 + 1),
            )
            .got(Info::Int(copy_to.dim() as i64)));
    }
    if copy_to.sizes()[1..] != *copy_from.sizes() {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "copy_from")
            .expected(
                "the sizes of copy_to after dim 0:",
                Info::Shape(copy_to.shape()),
            )
            .got(Info::Shape(copy_from.shape())));
    }
    let slots = usize::try_from(index)
        .ok()
        .and_then(|i| i.checked_add(1))
        .ok_or(
            Error::new(ErrorKind::InvalidArgument, OP, "index")
                .expected_text("a non-negative index")
                .got(Info::Int(index)),
        )?;
    if copy_to.dim_order()[0] != 0 && slots != 1 {
        return Err(Error::invalid(
            OP,
            "copy_to",
            "dim 0 outermost in memory (in another layout a slot is not one block, and a \
             resize would move the other slots)",
        ));
    }
    if copy_to.may_write_over(copy_from) {
        return Err(Error::invalid(OP, "copy_from", "no overlap with copy_to"));
    }
    copy_to.as_mut_ptr(OP, "copy_to")?;
    let mut sizes = [0usize; MAX_DIM];
    sizes[..rank + 1].copy_from_slice(copy_to.sizes());
    sizes[0] = slots;
    copy_to.resize(OP, "copy_to", &sizes[..rank + 1])?;

    // The slot: `copy_from`'s sizes at `index * stride[0]` of `copy_to`, in copy_to's order
    // without dim 0.
    let es = copy_to.element_size();
    let mut order = [0usize; MAX_DIM];
    for (o, &d) in order
        .iter_mut()
        .zip(copy_to.dim_order().iter().filter(|&&d| d != 0))
    {
        *o = d - 1;
    }
    let base = copy_to.as_mut_ptr(OP, "copy_to")?;
    // SAFETY: `index < size(0)` after the resize, so the slot's `numel * es` bytes start
    // within copy_to's elements; the offset comes from copy_to's own sizes and strides.
    let slot_ptr = unsafe { base.add(index as usize * copy_to.strides()[0] * es) };
    let n = copy_from.nbytes();
    // SAFETY: the slot lies within copy_to's memory, which the writable `copy_to` holds
    // exclusively for the rest of this call; it is aligned like every element.
    let mut slot = unsafe {
        Tensor::from_raw_parts(
            copy_to.dtype(),
            copy_from.sizes(),
            &order[..rank],
            slot_ptr,
            n,
            true,
        )
    }?;
    if slot.dim_order() == copy_from.dim_order() {
        if n > 0 {
            // SAFETY: same dtype, sizes and layout: both span exactly `n` bytes, and they do
            // not overlap (checked above).
            unsafe { core::ptr::copy_nonoverlapping(copy_from.as_ptr(), slot_ptr, n) };
        }
        return Ok(());
    }
    let plan = Plan::new(OP, &slot, &[("copy_from", copy_from)])?;
    let dst = slot.as_mut_ptr(OP, "copy_to")?;
    let src = copy_from.as_ptr();
    plan.for_each_run(|offsets, strides, len| {
        let (mut o, mut i) = (offsets[0], offsets[1]);
        for _ in 0..len {
            // SAFETY: the plan's offsets address elements of the slot and of copy_from, each
            // `es` bytes, within their memory.
            unsafe {
                core::ptr::copy_nonoverlapping(
                    src.offset(i * es as isize),
                    dst.offset(o * es as isize),
                    es,
                )
            };
            o += strides[0];
            i += strides[1];
        }
    });
    Ok(())
}

/// The boxed entry: `[copy_to, copy_from, index]`; `copy_to` is written in place.
pub fn et_copy_index_tensor_boxed(
    ctx: &mut KernelContext<'_>,
    stack: &mut [EValue<'_>],
) -> Result<()> {
    let [copy_to, copy_from, index] = stack else {
        return check_arity(OP, stack, 3);
    };
    let copy_from: &Tensor<'_> = FromEValue::from_evalue(copy_from, OP, "copy_from")?;
    let index: i64 = FromEValue::from_evalue(index, OP, "index")?;
    let copy_to = out_tensor(copy_to, OP, "copy_to")?;
    et_copy_index_tensor(ctx, copy_to, copy_from, index)
}
