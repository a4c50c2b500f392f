//! The pixel shuffle geometry both directions share: ATen's checks and the pair of views that
//! put the same element at the same index in the small and the big tensor.

use crate::util::movement::View;
use etk_core::shape::MAX_DIM;
use etk_core::{Error, ErrorKind, Info, Result, ScalarType, Tensor};

/// ATen's checks shared by both directions: rank >= 3, a positive factor, a dtype it
/// dispatches, and a result rank that fits the views below (two more dims than `self`).
pub(crate) fn check_common(
    op: &'static str,
    factor_name: &'static str,
    self_: &Tensor<'_>,
    factor: i64,
) -> Result<usize> {
    if self_.dim() < 3 {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "self")
            .expected("a tensor of rank at least", Info::Int(3))
            .got(Info::Int(self_.dim() as i64)));
    }
    if self_.dim() + 2 > MAX_DIM {
        return Err(Error::new(ErrorKind::NotImplemented, op, "self")
            .expected("a tensor of rank at most", Info::Int(MAX_DIM as i64 - 2))
            .got(Info::Int(self_.dim() as i64)));
    }
    if factor <= 0 {
        return Err(Error::new(ErrorKind::InvalidArgument, op, factor_name)
            .expected_text("a positive factor")
            .got(Info::Int(factor)));
    }
    use ScalarType::*;
    // ATen dispatches on the dtype only when there are elements to move.
    if self_.numel() > 0 && matches!(self_.dtype(), UInt16 | UInt32 | UInt64 | ComplexHalf) {
        return Err(Error::dtype(
            op,
            "self",
            "a dtype ATen shuffles (not UInt16/32/64 or ComplexHalf)",
            self_.dtype(),
        ));
    }
    // usize::try_from cannot fail for a positive i64 on the 64-bit targets etk runs on; saturate
    // elsewhere (the divisibility checks then fail).
    Ok(usize::try_from(factor).unwrap_or(usize::MAX))
}

/// The views of `small` (`[*, C*r*r, H, W]`) and of `big` (`[*, C, H*r, W*r]`) that put the
/// same element at the same index: both `[*, C, H, r, W, r]`. Returns `(small, big)` views when
/// `small_first`, else `(big, small)`. Sizes come from `small`; `big` must already have the
/// matching shape (the out was resized, or the input was checked).
pub(crate) fn shuffle_views(
    small: &Tensor<'_>,
    big: &View,
    r: usize,
    small_first: bool,
) -> (View, View) {
    let rank = small.dim();
    let lead = rank - 3;
    // `r * r` divides the channel count (checked by the callers) unless that count is 0.
    let c = small.size(lead) / r.saturating_mul(r);
    let (h, w) = (small.size(lead + 1), small.size(lead + 2));
    let s = small.strides();
    let b = big.strides();
    let ri = r as isize;
    let mut sizes = [0usize; MAX_DIM];
    let mut ss = [0isize; MAX_DIM];
    let mut bs = [0isize; MAX_DIM];
    for d in 0..lead {
        sizes[d] = small.size(d);
        ss[d] = s[d] as isize;
        bs[d] = b[d];
    }
    let (sc, sh, sw) = (s[lead] as isize, s[lead + 1] as isize, s[lead + 2] as isize);
    let (bc, bh, bw) = (b[lead], b[lead + 1], b[lead + 2]);
    // [C, H, r(i), W, r(j)]: small channel c*r*r + i*r + j at (h, w); big (c, h*r + i, w*r + j).
    let tail = [
        (c, sc.wrapping_mul(ri).wrapping_mul(ri), bc),
        (h, sh, bh.wrapping_mul(ri)),
        (r, sc.wrapping_mul(ri), bh),
        (w, sw, bw.wrapping_mul(ri)),
        (r, sc, bw),
    ];
    for (k, &(n, a, z)) in tail.iter().enumerate() {
        sizes[lead + k] = n;
        ss[lead + k] = a;
        bs[lead + k] = z;
    }
    let n = lead + 5;
    // Rank was checked to fit; both views have the same sizes.
    let sv = View::strided(&sizes[..n], &ss[..n], 0).expect("rank checked");
    let bv = View::strided(&sizes[..n], &bs[..n], 0).expect("rank checked");
    if small_first { (sv, bv) } else { (bv, sv) }
}
