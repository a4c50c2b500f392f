//! `pixel_shuffle.out(Tensor self, int upscale_factor, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Rearranges `[*, C*r*r, H, W]` into `[*, C, H*r, W*r]` (`r = upscale_factor`): out element
//! `[.., c, h*r + i, w*r + j]` is self element `[.., c*r*r + i*r + j, h, w]`. ATen's rules,
//! checked in torch 2.13: rank at least 3 (any number of batch dims, any of them 0), `r > 0`,
//! `r*r` must not overflow and must divide the channel count. Every dtype but UInt16/32/64 and
//! ComplexHalf (which ATen accepts only for an empty input); the out has `self`'s dtype, takes the shuffled shape and may have any dim order.
//!
//! It is a view and a copy: `self` seen as `[*, C, r, r, H, W]`, permuted to
//! `[*, C, H, r, W, r]`, moved into the out seen with the same sizes. The views are built here
//! once for both directions (`util::shuffle`); `pixel_unshuffle` is the same pair swapped.

use crate::util::movement::{Mover, Portable, View};
use crate::util::shuffle::{check_common, shuffle_views};
use etk_core::out::{check_dtype, resize_out};
use etk_core::shape::MAX_DIM;
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::pixel_shuffle.out";

pub fn pixel_shuffle_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    upscale_factor: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    pixel_shuffle_with(&Portable, self_, upscale_factor, out)
}

/// The op with its elements moved by `m`.
pub fn pixel_shuffle_with(
    m: &dyn Mover,
    self_: &Tensor<'_>,
    upscale_factor: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let r = check_common(OP, "upscale_factor", self_, upscale_factor)?;
    let rank = self_.dim();
    let (c, h, w) = (
        self_.size(rank - 3),
        self_.size(rank - 2),
        self_.size(rank - 1),
    );
    let rr = r.checked_mul(r).ok_or_else(|| {
        Error::new(ErrorKind::InvalidArgument, OP, "upscale_factor")
            .expected_text("a factor whose square does not overflow")
            .got(Info::Int(upscale_factor))
    })?;
    if c % rr != 0 {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "self")
            .expected(
                "a channel count divisible by upscale_factor^2 =",
                Info::Int(rr as i64),
            )
            .got(Info::Int(c as i64)));
    }
    let (oh, ow) = match (h.checked_mul(r), w.checked_mul(r)) {
        (Some(a), Some(b)) => (a, b),
        _ => {
            return Err(Error::new(ErrorKind::InvalidArgument, OP, "upscale_factor")
                .expected_text("an out size that fits in memory")
                .got(Info::Int(upscale_factor)));
        }
    };
    let mut sizes = [0usize; MAX_DIM];
    sizes[..rank].copy_from_slice(self_.sizes());
    sizes[rank - 3] = c / rr;
    sizes[rank - 2] = oh;
    sizes[rank - 1] = ow;
    check_dtype(OP, "out", out, self_.dtype())?;
    resize_out(OP, out, &sizes[..rank])?;
    // Both as `[*, C, H, r, W, r]`: the big tensor's (H, r) and (W, r) dims interleave.
    let (src, dst) = shuffle_views(self_, &View::of(out), r, true);
    m.copy_between(OP, "self", self_, &src, out, &dst)
}

boxed_kernel!(pub fn pixel_shuffle_out_boxed = OP => pixel_shuffle_out(self_: &Tensor, upscale_factor: i64) -> (out));
