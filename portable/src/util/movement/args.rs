//! The dim, index and size arguments of the view-like ops and factories, checked as ATen
//! checks them.

use etk_core::shape::{Dims, MAX_DIM, wrap_dim};
use etk_core::{Error, ErrorKind, Info, Result};

/// A dim of a tensor of rank `rank` (`[-rank, rank)`, a zero-dim tensor taking -1 and 0).
pub fn dim_arg(op: &'static str, arg: &'static str, dim: i64, rank: usize) -> Result<usize> {
    wrap_dim(op, arg, dim, rank)
}

/// An index along a dim of `size` elements, negative counting from the end (`[-size, size)`).
pub fn index_arg(op: &'static str, arg: &'static str, index: i64, size: usize) -> Result<usize> {
    let n = size as i64;
    let i = if index < 0 {
        index.wrapping_add(n)
    } else {
        index
    };
    if i < 0 || i >= n {
        return Err(Error::new(ErrorKind::InvalidArgument, op, arg)
            .expected("an index in [-size, size) for size", Info::Int(n))
            .got(Info::Int(index)));
    }
    Ok(i as usize)
}

/// A size from an `int[]` argument: non-negative.
pub fn size_arg(op: &'static str, arg: &'static str, size: i64) -> Result<usize> {
    usize::try_from(size).map_err(|_| {
        Error::new(ErrorKind::InvalidArgument, op, arg)
            .expected_text("non-negative sizes")
            .got(Info::Int(size))
    })
}

/// Fails unless a result of `rank` dims fits in a tensor.
pub fn check_rank(op: &'static str, arg: &'static str, rank: usize) -> Result<()> {
    if rank > MAX_DIM {
        return Err(Error::new(ErrorKind::InvalidArgument, op, arg)
            .expected("a result of rank at most", Info::Int(MAX_DIM as i64))
            .got(Info::Int(rank as i64)));
    }
    Ok(())
}

/// ATen's `int[] size` of a factory: non-negative sizes of at most `MAX_DIM` dims whose
/// element count fits in usize.
pub fn sizes_arg(op: &'static str, arg: &'static str, size: &[i64]) -> Result<Dims> {
    check_rank(op, arg, size.len())?;
    let mut d = Dims::EMPTY;
    for &s in size {
        d.push(size_arg(op, arg, s)?);
    }
    if d.product().is_none() {
        return Err(Error::new(ErrorKind::InvalidArgument, op, arg)
            .expected_text("sizes whose element count fits in usize")
            .got(Info::Shape(d)));
    }
    Ok(d)
}
