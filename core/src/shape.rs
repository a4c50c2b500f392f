//! Shape math: broadcasting, strides from sizes and dim order, dim-order helpers.
//!
//! Every size product is checked: a shape whose element count or byte size overflows `usize`
//! is an error, never a wrapped number.

pub use crate::dims::{Dims, MAX_DIM};
use crate::error::{Error, ErrorKind, Info, Result};

/// The number of elements of a shape, `None` on overflow.
pub fn numel(sizes: &[usize]) -> Option<usize> {
    sizes.iter().try_fold(1usize, |acc, &s| acc.checked_mul(s))
}

/// The elements a dense tensor of `sizes` spans once its size-0 dims count as size 1: the
/// product its strides are built from (see [`strides_from_dim_order`]), and so a bound on
/// every `index * stride` sum and every `stride * size` product over it. `None` on overflow.
pub fn extent(sizes: &[usize]) -> Option<usize> {
    sizes
        .iter()
        .try_fold(1usize, |acc, &s| acc.checked_mul(s.max(1)))
}

/// True when a dense tensor of `sizes` with elements of `element_size` bytes has an extent
/// (see [`extent`]) of at most `isize::MAX` bytes. Every tensor view satisfies this, so offset
/// and stride arithmetic over one tensor's sizes, in elements or bytes, `usize` or `isize`,
/// cannot overflow, even for a zero-element tensor with huge dims.
pub fn extent_fits(sizes: &[usize], element_size: usize) -> bool {
    extent(sizes)
        .and_then(|n| n.checked_mul(element_size))
        .is_some_and(|b| b <= isize::MAX as usize)
}

/// The shape ATen broadcasts `shapes` to, aligned at the trailing dimension.
///
/// `arg` names the shape that failed to broadcast (by position in `args`).
pub fn broadcast_shapes(op: &'static str, args: &[(&'static str, &[usize])]) -> Result<Dims> {
    let rank = args.iter().map(|(_, s)| s.len()).max().unwrap_or(0);
    let mut out = Dims::filled(rank, 1);
    if rank > MAX_DIM {
        return Err(Error::new(ErrorKind::InvalidArgument, op, args[0].0)
            .expected_text("rank at most 16")
            .got(Info::Int(rank as i64)));
    }
    for &(name, shape) in args {
        let off = rank - shape.len();
        for (i, &s) in shape.iter().enumerate() {
            let o = &mut out.as_mut_slice()[off + i];
            if *o == 1 {
                *o = s;
            } else if s != 1 && s != *o {
                return Err(Error::new(ErrorKind::InvalidArgument, op, name)
                    .expected("a shape broadcastable to", Info::Shape(out))
                    .got(Info::Shape(Dims::new(shape).unwrap_or(Dims::EMPTY))));
            }
        }
    }
    Ok(out)
}

/// True when `shape` broadcasts to `to` (possibly with fewer dims).
pub fn broadcasts_to(shape: &[usize], to: &[usize]) -> bool {
    if shape.len() > to.len() {
        return false;
    }
    let off = to.len() - shape.len();
    shape
        .iter()
        .zip(&to[off..])
        .all(|(&s, &t)| s == 1 || s == t)
}

/// `[0, 1, ..., n-1]`: the dim order of a contiguous tensor.
pub fn contiguous_dim_order(n: usize) -> Dims {
    let mut d = Dims::filled(n, 0);
    for (i, x) in d.as_mut_slice().iter_mut().enumerate() {
        *x = i;
    }
    d
}

/// `[0, 2, 3, 1]` (4-D) or `[0, 2, 3, 4, 1]` (5-D): channels-last.
pub fn channels_last_dim_order(n: usize) -> Option<Dims> {
    match n {
        4 => Dims::new(&[0, 2, 3, 1]),
        5 => Dims::new(&[0, 2, 3, 4, 1]),
        _ => None,
    }
}

pub fn is_contiguous_dim_order(order: &[usize]) -> bool {
    order.iter().enumerate().all(|(i, &d)| i == d)
}

pub fn is_channels_last_dim_order(order: &[usize]) -> bool {
    matches!(order, [0, 2, 3, 1] | [0, 2, 3, 4, 1])
}

/// True when `order` is a permutation of `0..order.len()`.
pub fn is_valid_dim_order(order: &[usize]) -> bool {
    if order.len() > MAX_DIM {
        return false;
    }
    let mut seen = [false; MAX_DIM];
    for &d in order {
        if d >= order.len() || seen[d] {
            return false;
        }
        seen[d] = true;
    }
    true
}

/// Strides (in elements) of a dense tensor with `sizes` laid out in `dim_order` (outermost
/// first). Size-0 and size-1 dims get the stride they would have if they were larger than one
/// (ATen's convention: treat them as size 1 for the product).
pub fn strides_from_dim_order(sizes: &[usize], dim_order: &[usize]) -> Option<Dims> {
    if sizes.len() != dim_order.len() || !is_valid_dim_order(dim_order) {
        return None;
    }
    let mut strides = Dims::filled(sizes.len(), 0);
    let mut acc = 1usize;
    for &d in dim_order.iter().rev() {
        strides.as_mut_slice()[d] = acc;
        acc = acc.checked_mul(sizes[d].max(1))?;
    }
    Some(strides)
}

/// Normalizes a possibly negative `dim` against `rank` (ATen's `maybe_wrap_dim`); a zero-dim
/// tensor accepts dims -1 and 0.
pub fn wrap_dim(op: &'static str, arg: &'static str, dim: i64, rank: usize) -> Result<usize> {
    let r = rank.max(1) as i64;
    let d = if dim < 0 { dim + r } else { dim };
    if d < 0 || d >= r {
        return Err(Error::new(ErrorKind::InvalidArgument, op, arg)
            .expected("a dim in [-rank, rank) for rank", Info::Int(rank as i64))
            .got(Info::Int(dim)));
    }
    Ok(d as usize)
}
