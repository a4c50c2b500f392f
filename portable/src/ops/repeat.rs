//! `repeat.out(Tensor self, SymInt[] repeats, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `self` tiled `repeats[d]` times along each dim, `self` first given leading size-1 dims up
//! to `repeats`' length (which must be at least `self`'s rank); repeats are non-negative. The
//! out must have `self`'s dtype and takes shape `sizes[d] * repeats[d]`.
//!
//! Each out dim of size `r * s` is walked as two dims `[r, s]` (the source repeating with
//! stride 0 along `r`); where that would pass `MAX_DIM` dims, the leading dims' repeats are
//! walked one block at a time instead.

use crate::util::movement::{View, check_rank, copy_between, size_arg};
use etk_core::out::{check_dtype, resize_out};
use etk_core::shape::MAX_DIM;
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::repeat.out";

pub fn repeat_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    repeats: &[i64],
    out: &mut Tensor<'_>,
) -> Result<()> {
    let rank = repeats.len();
    if rank < self_.dim() {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "repeats")
            .expected(
                "at least one repeat per dim of self:",
                Info::Int(self_.dim() as i64),
            )
            .got(Info::Int(rank as i64)));
    }
    check_rank(OP, "repeats", rank)?;
    let lead = rank - self_.dim();
    let mut padded = [1usize; MAX_DIM];
    padded[lead..rank].copy_from_slice(self_.sizes());
    let src = View::of(self_)
        .broadcast_to(&padded[..rank])
        .ok_or(Error::invalid(
            OP,
            "self",
            "a shape that pads to the repeats' rank",
        ))?;
    let (mut r, mut shape) = ([0usize; MAX_DIM], [0usize; MAX_DIM]);
    for k in 0..rank {
        r[k] = size_arg(OP, "repeats", repeats[k])?;
        let s = if k < lead { 1 } else { self_.size(k - lead) };
        shape[k] = s.checked_mul(r[k]).ok_or(Error::invalid(
            OP,
            "repeats",
            "a result size that fits in usize",
        ))?;
    }
    check_dtype(OP, "out", out, self_.dtype())?;
    resize_out(OP, out, &shape[..rank])?;
    if out.numel() == 0 {
        return Ok(());
    }
    let dst = View::of(out);
    // dims [0, looped) have their repeats walked here, the others split into [r, s].
    let split = |from: usize| {
        (from..rank)
            .filter(|&k| r[k] > 1 && src.sizes()[k] > 1)
            .count()
    };
    let mut looped = 0;
    while rank + split(looped) > MAX_DIM {
        looped += 1;
    }
    let mut index = [0usize; MAX_DIM];
    loop {
        let (mut sz, mut ss, mut ds) = ([0usize; MAX_DIM], [0isize; MAX_DIM], [0isize; MAX_DIM]);
        let (mut n, mut dst_off) = (0, 0isize);
        for k in 0..rank {
            let (s, st, dt) = (src.sizes()[k], src.strides()[k], dst.strides()[k]);
            if k < looped {
                dst_off += (index[k] * s) as isize * dt;
            } else if r[k] > 1 && s > 1 {
                sz[n] = r[k];
                ds[n] = s as isize * dt;
                n += 1;
            } else if r[k] > 1 {
                // s == 1: the source element repeats along the whole dim.
                sz[n] = r[k];
                ds[n] = dt;
                n += 1;
                continue;
            }
            sz[n] = s;
            ss[n] = st;
            ds[n] = dt;
            n += 1;
        }
        let sv = View::strided(&sz[..n], &ss[..n], 0).ok_or(Error::invalid(
            OP,
            "repeats",
            "fewer dims",
        ))?;
        let dv = View::strided(&sz[..n], &ds[..n], dst_off).ok_or(Error::invalid(
            OP,
            "repeats",
            "fewer dims",
        ))?;
        copy_between(OP, "self", self_, &sv, out, &dv)?;
        // the next block of the looped dims' repeats.
        let mut k = looped;
        loop {
            if k == 0 {
                return Ok(());
            }
            k -= 1;
            index[k] += 1;
            if index[k] < r[k] {
                break;
            }
            index[k] = 0;
        }
    }
}

boxed_kernel!(pub fn repeat_out_boxed = OP => repeat_out(self_: &Tensor, repeats: &[i64]) -> (out));
