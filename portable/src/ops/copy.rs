//! `copy.out(Tensor self, Tensor src, bool non_blocking=False, *, Tensor(a!) out) -> Tensor(a!)`
//! `copy_(Tensor(a!) self, Tensor src, bool non_blocking=False) -> Tensor(a!)`
//!
//! `src` broadcast to `self`'s shape and converted to `self`'s dtype (C++ `static_cast`, as
//! `_to_copy`). `copy.out` writes the result to an out that must have exactly `self`'s dtype
//! and takes its shape (`self`'s values are not used); `copy_` writes it into `self`.
//! Broadcasting is one way: `src` may not be larger than `self` (`[3] <- [2, 3]` is an error,
//! as is a zero-dim `self` with a `[1]` src). `non_blocking` changes nothing on CPU.
//!
//! The boxed `copy_` takes `[self, src, non_blocking, out]` where `out` is `self` again (a
//! writable view of the same tensor, as a runtime passes an in-place op's result); it checks
//! that they are the same tensor and that `src` does not overlap it (`src` being `self` itself
//! is a no-op, as in ATen).

use crate::util::copy::{copy_cast, copy_like};
use etk_core::evalue::out_tensor;
use etk_core::registry::check_arity;
use etk_core::{
    EValue, Error, ErrorKind, FromEValue, Info, KernelContext, Result, Tensor, boxed_kernel,
};

pub const OP: &str = "aten::copy.out";
pub const OP_INPLACE: &str = "aten::copy_";

pub fn copy_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    src: &Tensor<'_>,
    non_blocking: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let _ = non_blocking;
    copy_like(OP, self_, "src", src, out)
}

/// In place: `self = src` broadcast to `self`'s shape, converted to its dtype.
pub fn copy_(
    _ctx: &mut KernelContext<'_>,
    self_: &mut Tensor<'_>,
    src: &Tensor<'_>,
    non_blocking: bool,
) -> Result<()> {
    let _ = non_blocking;
    if src.same_as(self_) {
        // ATen: copying a tensor onto itself is a no-op.
        return Ok(());
    }
    if self_.overlaps(src) {
        return Err(Error::invalid(
            OP_INPLACE,
            "src",
            "a src that does not overlap self",
        ));
    }
    copy_cast(OP_INPLACE, "src", src, self_)
}

/// The boxed `copy_`: `[self, src, non_blocking, out]`, `out` being `self` itself.
pub fn copy_inplace_boxed(ctx: &mut KernelContext<'_>, stack: &mut [EValue<'_>]) -> Result<()> {
    check_arity(OP_INPLACE, stack, 4)?;
    let (ins, outs) = stack.split_at_mut(3);
    let self_: &Tensor<'_> = FromEValue::from_evalue(&ins[0], OP_INPLACE, "self")?;
    let src: &Tensor<'_> = FromEValue::from_evalue(&ins[1], OP_INPLACE, "src")?;
    let non_blocking: bool = FromEValue::from_evalue(&ins[2], OP_INPLACE, "non_blocking")?;
    let out = out_tensor(&mut outs[0], OP_INPLACE, "out")?;
    if !out.same_as(self_) {
        return Err(Error::new(ErrorKind::InvalidProgram, OP_INPLACE, "out")
            .expected_text("the same tensor as self (copy_ writes in place)")
            .got(Info::Shape(out.shape())));
    }
    copy_(ctx, out, src, non_blocking)
}

boxed_kernel!(pub fn copy_out_boxed = OP => copy_out(self_: &Tensor, src: &Tensor, non_blocking: bool) -> (out));
