//! `randperm.out(SymInt n, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! The out, resized to `[n]`, holding a uniformly random permutation of `0..n` drawn from the
//! context's generator (`ctx.rng`): the values `0..n` stored in the out's dtype, then shuffled
//! (Fisher–Yates, unbiased bounded draws). ATen's dtype rules: every integer and floating dtype
//! but Bool and the barebones unsigned ones; `n - 1` must fit an integer dtype, and `n` may be
//! at most `2^digits + 1` for Half, Float and Double (BFloat16 has no such check: large
//! values round, and repeat, as in ATen).

use crate::util::movement::size_arg;
use etk_core::iter::fill;
use etk_core::out::resize_out;
use etk_core::random::Stream;
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, ScalarType, Tensor, boxed_kernel};

pub const OP: &str = "aten::randperm.out";

pub fn randperm_out(ctx: &mut KernelContext<'_>, n: i64, out: &mut Tensor<'_>) -> Result<()> {
    let len = size_arg(OP, "n", n)?;
    let max = max_n(out.dtype()).ok_or_else(|| {
        Error::dtype(
            OP,
            "out",
            "an integer or floating dtype but Bool",
            out.dtype(),
        )
    })?;
    if n > max {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "n")
            .expected(
                "at most (the out dtype's exactly representable range)",
                Info::Int(max),
            )
            .got(Info::Int(n)));
    }
    resize_out(OP, out, &[len])?;
    let mut next = 0i64;
    fill::<i64>(OP, out, None, |chunk| {
        for v in chunk {
            *v = next;
            next += 1;
        }
    })?;
    if len < 2 {
        return Ok(());
    }
    let ptr = out.as_mut_ptr(OP, "out")?;
    let mut s = ctx.rng.stream();
    // The shuffle only moves elements, so it runs on their bytes, by element size.
    // SAFETY: the out is a dense 1-D view of `len` elements, aligned for its dtype, borrowed
    // exclusively through `out`.
    unsafe {
        match out.element_size() {
            1 => shuffle(core::slice::from_raw_parts_mut(ptr, len), &mut s),
            2 => shuffle(
                core::slice::from_raw_parts_mut(ptr as *mut u16, len),
                &mut s,
            ),
            4 => shuffle(
                core::slice::from_raw_parts_mut(ptr as *mut u32, len),
                &mut s,
            ),
            _ => shuffle(
                core::slice::from_raw_parts_mut(ptr as *mut u64, len),
                &mut s,
            ),
        }
    }
    Ok(())
}

/// The largest `n` ATen accepts for an out of `dtype`, or `None` if it rejects the dtype.
fn max_n(dtype: ScalarType) -> Option<i64> {
    use ScalarType::*;
    Some(match dtype {
        Byte => 256,
        Char => 128,
        Short => 1 << 15,
        Int => 1 << 31,
        Long | BFloat16 => i64::MAX,
        Half => (1 << 11) + 1,
        Float => (1 << 24) + 1,
        Double => (1 << 53) + 1,
        _ => return None,
    })
}

/// ATen's shuffle: position `i` takes a uniformly chosen element of `i..`.
fn shuffle<T>(v: &mut [T], s: &mut Stream<'_>) {
    let n = v.len();
    for i in 0..n - 1 {
        let j = i + s.below((n - i) as u64) as usize;
        v.swap(i, j);
    }
}

boxed_kernel!(pub fn randperm_out_boxed = OP => randperm_out(n: i64) -> (out));
