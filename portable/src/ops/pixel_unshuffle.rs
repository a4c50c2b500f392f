//! `pixel_unshuffle.out(Tensor self, int downscale_factor, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! The inverse of `pixel_shuffle`: `[*, C, H*r, W*r]` into `[*, C*r*r, H, W]`
//! (`r = downscale_factor`), out element `[.., c*r*r + i*r + j, h, w]` being self element
//! `[.., c, h*r + i, w*r + j]`. ATen's rules, checked in torch 2.13: rank at least 3, `r > 0`,
//! `r` divides both H and W (a factor larger than them fails). Then, surprisingly, an empty
//! input gives an out of the input's own shape (ATen returns `self.clone()` there, unlike
//! `pixel_shuffle`). Dtypes, out and dim orders as `pixel_shuffle`, whose views this reuses
//! with the roles swapped.

use crate::util::movement::{Mover, Portable, View};
use crate::util::shuffle::{check_common, shuffle_views};
use etk_core::out::{check_dtype, resize_out};
use etk_core::shape::MAX_DIM;
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::pixel_unshuffle.out";

pub fn pixel_unshuffle_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    downscale_factor: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    pixel_unshuffle_with(&Portable, self_, downscale_factor, out)
}

/// The op with its elements moved by `m`.
pub fn pixel_unshuffle_with(
    m: &dyn Mover,
    self_: &Tensor<'_>,
    downscale_factor: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let r = check_common(OP, "downscale_factor", self_, downscale_factor)?;
    let rank = self_.dim();
    let (c, h, w) = (
        self_.size(rank - 3),
        self_.size(rank - 2),
        self_.size(rank - 1),
    );
    for (n, what) in [(h, "a height divisible by"), (w, "a width divisible by")] {
        if n % r != 0 {
            return Err(Error::new(ErrorKind::InvalidArgument, OP, "self")
                .expected(what, Info::Int(downscale_factor))
                .got(Info::Int(n as i64)));
        }
    }
    if self_.numel() == 0 {
        check_dtype(OP, "out", out, self_.dtype())?;
        return resize_out(OP, out, self_.sizes());
    }
    // Non-empty and r divides H and W: C*r*r is at most C*H*W.
    let oc = c
        .checked_mul(r)
        .and_then(|v| v.checked_mul(r))
        .ok_or_else(|| {
            Error::new(ErrorKind::InvalidArgument, OP, "downscale_factor")
                .expected_text("an out channel count that fits in memory")
                .got(Info::Int(downscale_factor))
        })?;
    let mut sizes = [0usize; MAX_DIM];
    sizes[..rank].copy_from_slice(self_.sizes());
    sizes[rank - 3] = oc;
    sizes[rank - 2] = h / r;
    sizes[rank - 1] = w / r;
    check_dtype(OP, "out", out, self_.dtype())?;
    resize_out(OP, out, &sizes[..rank])?;
    // The out is the small (channel-rich) tensor here; its views are written from its shape.
    let big = View::of(self_);
    let (dst, src) = {
        let out_ro = out.view();
        shuffle_views(&out_ro, &big, r, true)
    };
    m.copy_between(OP, "self", self_, &src, out, &dst)
}

boxed_kernel!(pub fn pixel_unshuffle_out_boxed = OP => pixel_unshuffle_out(self_: &Tensor, downscale_factor: i64) -> (out));
