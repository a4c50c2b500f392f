//! `roll.out(Tensor self, SymInt[1] shifts, int[1] dims=[], *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Elements shifted along `dims` by `shifts` (one per dim), wrapping around: `out[(i + shift)
//! mod n] = self[i]`. A dim named twice is rolled twice. Without `dims`, `self` is rolled as one
//! flat row-major sequence by the single shift. `shifts` must not be empty; `self` must have a
//! dim unless `dims` is empty. The out must have `self`'s dtype and takes its shape.

use crate::util::movement::{View, copy_between, copy_flat_range, dim_arg};
use etk_core::out::{check_dtype, resize_out};
use etk_core::shape::MAX_DIM;
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::roll.out";

pub fn roll_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    shifts: &[i64],
    dims: &[i64],
    out: &mut Tensor<'_>,
) -> Result<()> {
    if shifts.is_empty() {
        return Err(Error::invalid(OP, "shifts", "at least one shift"));
    }
    let flat = dims.is_empty() && shifts.len() == 1;
    if !flat && dims.len() != shifts.len() {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "dims")
            .expected("one dim per shift:", Info::Int(shifts.len() as i64))
            .got(Info::Int(dims.len() as i64)));
    }
    let rank = self_.dim();
    if !flat && rank == 0 {
        return Err(Error::invalid(OP, "dims", "no dims for a zero-dim tensor"));
    }
    // the shift of each dim, in [0, n).
    let mut shift = [0usize; MAX_DIM];
    for (&d, &s) in dims.iter().zip(shifts) {
        let w = dim_arg(OP, "dims", d, rank)?;
        let n = self_.size(w) as i128;
        if n > 0 {
            shift[w] = ((shift[w] as i128 + s as i128).rem_euclid(n)) as usize;
        }
    }
    check_dtype(OP, "out", out, self_.dtype())?;
    resize_out(OP, out, self_.sizes())?;
    if flat {
        let n = self_.numel();
        if n == 0 {
            return Ok(());
        }
        let s = (shifts[0] as i128).rem_euclid(n as i128) as usize;
        copy_flat_range(OP, "self", self_, 0, out, s, n - s)?;
        return copy_flat_range(OP, "self", self_, n - s, out, 0, s);
    }
    // every combination of the two halves of each rolled dim is one block move.
    let rolled: usize = (0..rank).filter(|&d| shift[d] != 0).count();
    let (src, dst) = (View::of(self_), View::of(out));
    for combo in 0..1usize << rolled {
        let (mut sv, mut dv, mut bit) = (src, dst, 0);
        for d in (0..rank).filter(|&d| shift[d] != 0) {
            let (n, s) = (self_.size(d), shift[d]);
            if combo >> bit & 1 == 0 {
                sv = sv.slice(d, 0, n - s, 1);
                dv = dv.slice(d, s, n - s, 1);
            } else {
                sv = sv.slice(d, n - s, s, 1);
                dv = dv.slice(d, 0, s, 1);
            }
            bit += 1;
        }
        copy_between(OP, "self", self_, &sv, out, &dv)?;
    }
    Ok(())
}

boxed_kernel!(pub fn roll_out_boxed = OP => roll_out(self_: &Tensor, shifts: &[i64], dims: &[i64]) -> (out));
