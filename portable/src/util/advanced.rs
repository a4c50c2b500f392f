//! ATen's advanced indexing (`self[indices]` with a `Tensor?[]` list), shared by `index.Tensor`
//! and `index_put`:
//!
//! - the list may be shorter than `self`'s rank (missing entries are `None`, a full slice);
//! - a Long or Int tensor indexes one dim, its values wrapping when negative, out-of-range
//!   values being errors;
//! - a Bool or Byte mask of rank k indexes the next k dims, whose sizes it must have, and
//!   stands for the list of its true positions (row-major), i.e. one 1-D index per dim; a
//!   zero-dim mask indexes nothing and vanishes from the list;
//! - the index tensors broadcast together to a shape B; the result has `self`'s unindexed dims
//!   with B in place of the indexed ones when those are adjacent, and B first otherwise.
//!
//! [`Advanced`] resolves a list against a target tensor's sizes and strides once; the walk then
//! yields, for every position of the result in row-major order, the element offset of the
//! target and the offset of another tensor laid over the result shape (the out of `index`, the
//! broadcast `values` of `index_put`).

use crate::util::index::{IndexReader, strides_of, walk, wrap_index};
use etk_core::shape::{Dims, MAX_DIM};
use etk_core::{Error, ErrorKind, Info, Result, ScalarType, Scratch, Tensor};

#[derive(Clone, Copy)]
enum Operand<'s> {
    /// A Long or Int index into a dim of `size` elements `stride` apart.
    Index {
        reader: IndexReader,
        size: usize,
        stride: usize,
    },
    /// A mask's true positions, as element offsets of the target.
    Mask { offsets: &'s [usize] },
}

/// An index list resolved against a target's sizes and strides.
pub struct Advanced<'s> {
    n: usize,
    operands: [Option<Operand<'s>>; MAX_DIM],
    /// The shape of the indexing result.
    pub result: Dims,
    /// Strides per result dim: the target's (0 on B dims), the other tensor's (set per walk),
    /// then each operand's position.
    strides: [[usize; MAX_DIM]; MAX_DIM + 2],
}

fn too_many(op: &'static str, rank: usize, got: usize) -> Error {
    Error::new(ErrorKind::InvalidArgument, op, "indices")
        .expected(
            "at most one index per dim of self, rank",
            Info::Int(rank as i64),
        )
        .got(Info::Int(got as i64))
}

/// The indexing result would have more than `MAX_DIM` dims.
fn result_too_large(op: &'static str, got: usize) -> Error {
    Error::new(ErrorKind::InvalidArgument, op, "indices")
        .expected("a result of rank at most", Info::Int(MAX_DIM as i64))
        .got(Info::Int(got as i64))
}

/// Fails unless every index tensor is Long, Int, Byte or Bool.
pub fn check_index_dtypes(op: &'static str, indices: &[Option<Tensor<'_>>]) -> Result<()> {
    for t in indices.iter().flatten() {
        if !matches!(
            t.dtype(),
            ScalarType::Long | ScalarType::Int | ScalarType::Byte | ScalarType::Bool
        ) {
            return Err(Error::dtype(
                op,
                "indices",
                "Long, Int, Byte or Bool index tensors",
                t.dtype(),
            ));
        }
    }
    Ok(())
}

/// Calls `f(mask_offset, target_offset)` for every element of `mask`, placed over the target's
/// dims `first..first + mask.dim()` (row-major order).
fn walk_mask(
    mask: &Tensor<'_>,
    first: usize,
    target_strides: &[usize],
    mut f: impl FnMut(usize, usize),
) {
    let mut ts = [0usize; MAX_DIM];
    ts[..mask.dim()].copy_from_slice(&target_strides[first..first + mask.dim()]);
    walk(mask.sizes(), &[strides_of(mask), ts], 2, |o| f(o[0], o[1]));
}

/// Whether mask element `off` (memory order) is set; Bool and Byte are one byte each.
#[inline(always)]
fn mask_at(mask: &Tensor<'_>, off: usize) -> bool {
    // SAFETY: callers pass offsets the walk produced within the mask.
    unsafe { *mask.as_ptr().add(off) != 0 }
}

impl<'s> Advanced<'s> {
    /// Resolves `indices` against a target of `sizes` and `strides` (the tensor being read or
    /// written). Mask positions are kept in `scratch`. Index values are checked when the
    /// result is not empty.
    pub fn new(
        op: &'static str,
        sizes: &[usize],
        strides: &[usize],
        indices: &[Option<Tensor<'_>>],
        scratch: &'s Scratch<'_>,
    ) -> Result<Advanced<'s>> {
        let rank = sizes.len();
        if indices.len() > rank {
            return Err(too_many(op, rank, indices.len()));
        }
        check_index_dtypes(op, indices)?;
        // Per expanded dim: the operand indexing it (None for a full slice).
        let mut by_dim: [Option<usize>; MAX_DIM] = [None; MAX_DIM];
        let mut operands: [Option<Operand<'s>>; MAX_DIM] = [None; MAX_DIM];
        let mut shapes = [Dims::EMPTY; MAX_DIM];
        let mut op_strides = [Dims::EMPTY; MAX_DIM];
        let mut n = 0;
        let mut pos = 0;
        for entry in indices {
            // A mask spans as many dims as it has, so `indices` can be no longer than the rank
            // and still index past the last dim.
            let spans = match entry {
                Some(t) if matches!(t.dtype(), ScalarType::Bool | ScalarType::Byte) => t.dim(),
                _ => 1,
            };
            if pos + spans > rank {
                return Err(too_many(op, rank, pos + spans));
            }
            let Some(t) = entry else {
                pos += 1;
                continue;
            };
            if matches!(t.dtype(), ScalarType::Bool | ScalarType::Byte) {
                let k = t.dim();
                for j in 0..k {
                    if t.size(j) != sizes[pos + j] {
                        return Err(Error::new(ErrorKind::InvalidArgument, op, "indices")
                            .expected("a mask with the sizes of the dims it indexes,", {
                                Info::Shape(Dims::new(&sizes[pos..pos + k]).unwrap_or(Dims::EMPTY))
                            })
                            .got(Info::Shape(t.shape())));
                    }
                }
                if k == 0 {
                    continue;
                }
                let mut count = 0usize;
                walk_mask(t, pos, strides, |m, _| count += usize::from(mask_at(t, m)));
                let offsets = scratch.alloc::<usize>(op, count)?;
                let mut i = 0;
                walk_mask(t, pos, strides, |m, off| {
                    if mask_at(t, m) {
                        offsets[i] = off;
                        i += 1;
                    }
                });
                operands[n] = Some(Operand::Mask { offsets });
                shapes[n] = Dims::new(&[count]).unwrap_or(Dims::EMPTY);
                op_strides[n] = Dims::new(&[1]).unwrap_or(Dims::EMPTY);
                for d in by_dim.iter_mut().skip(pos).take(k) {
                    *d = Some(n);
                }
                pos += k;
            } else {
                operands[n] = Some(Operand::Index {
                    reader: IndexReader::new(t),
                    size: sizes[pos],
                    stride: strides[pos],
                });
                shapes[n] = t.shape();
                op_strides[n] = Dims::new(t.strides()).unwrap_or(Dims::EMPTY);
                by_dim[pos] = Some(n);
                pos += 1;
            }
            n += 1;
        }
        if n == 0 {
            return Err(Error::invalid(
                op,
                "indices",
                "at least one index tensor that indexes a dim",
            ));
        }
        // B: the broadcast of the operands' shapes.
        let b_rank = shapes[..n].iter().map(|s| s.len()).max().unwrap_or(0);
        let mut b = Dims::filled(b_rank, 1);
        for s in &shapes[..n] {
            let off = b_rank - s.len();
            for (j, &x) in s.as_slice().iter().enumerate() {
                let cur = &mut b.as_mut_slice()[off + j];
                if *cur == 1 {
                    *cur = x;
                } else if x != 1 && x != *cur {
                    return Err(Error::new(ErrorKind::InvalidArgument, op, "indices")
                        .expected(
                            "index tensors that broadcast together; one has",
                            Info::Shape(*s),
                        )
                        .got(Info::Shape(b)));
                }
            }
        }
        let first = by_dim[..rank].iter().position(|d| d.is_some()).unwrap_or(0);
        let last = by_dim[..rank]
            .iter()
            .rposition(|d| d.is_some())
            .unwrap_or(0);
        let adjacent = by_dim[first..=last].iter().all(|d| d.is_some());
        // The result: unindexed dims of the target, B at `b_at`.
        let mut result = Dims::EMPTY;
        let mut all = [[0usize; MAX_DIM]; MAX_DIM + 2];
        let b_at = if adjacent { first } else { 0 };
        let push_b = |result: &mut Dims, all: &mut [[usize; MAX_DIM]; MAX_DIM + 2]| -> Result<()> {
            let r0 = result.len();
            for j in 0..b_rank {
                if !result.push(b[j]) {
                    return Err(result_too_large(op, r0 + b_rank));
                }
            }
            for k in 0..n {
                let s = &shapes[k];
                let off = b_rank - s.len();
                let st = &op_strides[k];
                for j in 0..s.len() {
                    all[2 + k][r0 + off + j] = if s[j] == 1 { 0 } else { st[j] };
                }
            }
            Ok(())
        };
        let mut placed = false;
        for d in 0..rank {
            if d == b_at && !placed {
                push_b(&mut result, &mut all)?;
                placed = true;
            }
            if by_dim[d].is_none() {
                let at = result.len();
                if !result.push(sizes[d]) {
                    return Err(result_too_large(op, at + 1));
                }
                all[0][at] = strides[d];
            }
        }
        if !placed {
            push_b(&mut result, &mut all)?;
        }
        let a = Advanced {
            n,
            operands,
            result,
            strides: all,
        };
        if result.as_slice().iter().all(|&s| s > 0) {
            for o in a.operands.iter().take(n).flatten() {
                if let Operand::Index { reader, size, .. } = o {
                    for off in 0..reader.len() {
                        wrap_index(op, "indices", reader.get(off), *size, true)?;
                    }
                }
            }
        }
        Ok(a)
    }

    /// Calls `f(target_offset, other_offset)` for every position of the result (row-major),
    /// `other_strides` being the other tensor's strides over the result's dims (0 where it is
    /// broadcast).
    pub fn for_each(&self, other_strides: &[usize; MAX_DIM], f: impl FnMut(usize, usize)) {
        self.walk_dims(&self.result, other_strides, f);
    }

    /// As [`Advanced::for_each`], in runs: `f(target_offset, other_offset, len)` covers `len`
    /// positions that are consecutive elements in both tensors. Where the innermost result dim
    /// is an unindexed dim dense in both, each of its rows is one run (one block copy for a
    /// byte-moving kernel); otherwise every run has length 1.
    pub fn for_each_run(
        &self,
        other_strides: &[usize; MAX_DIM],
        mut f: impl FnMut(usize, usize, usize),
    ) {
        let r = self.result.len();
        let dense_inner = r > 0
            && self.strides[0][r - 1] == 1
            && other_strides[r - 1] == 1
            && (0..self.n).all(|k| self.strides[2 + k][r - 1] == 0);
        if !dense_inner {
            return self.walk_dims(&self.result, other_strides, |t, o| f(t, o, 1));
        }
        let len = self.result[r - 1];
        if len == 0 {
            return;
        }
        self.walk_dims(&self.result.as_slice()[..r - 1], other_strides, |t, o| {
            f(t, o, len)
        });
    }

    /// The walk over the leading `dims` of the result.
    fn walk_dims(
        &self,
        dims: &[usize],
        other_strides: &[usize; MAX_DIM],
        mut f: impl FnMut(usize, usize),
    ) {
        let mut strides = self.strides;
        strides[1] = *other_strides;
        let n = self.n;
        let ops = &self.operands;
        walk(dims, &strides, n + 2, |o| {
            let mut t = o[0];
            for (k, op) in ops.iter().enumerate().take(n) {
                t += match op {
                    Some(Operand::Index {
                        reader,
                        size,
                        stride,
                    }) => {
                        let v = reader.get(o[2 + k]);
                        let w = if v < 0 { v + *size as i64 } else { v };
                        w as usize * stride
                    }
                    Some(Operand::Mask { offsets }) => offsets[o[2 + k]],
                    None => 0,
                };
            }
            f(t, o[1]);
        });
    }
}

/// The strides of `t` over a result shape `result` it broadcasts to (0 on broadcast dims), or
/// an error naming `arg`.
pub fn broadcast_strides(
    op: &'static str,
    arg: &'static str,
    t: &Tensor<'_>,
    result: &[usize],
) -> Result<[usize; MAX_DIM]> {
    let mut s = [0usize; MAX_DIM];
    let bad = || {
        Error::new(ErrorKind::InvalidArgument, op, arg)
            .expected(
                "a shape that broadcasts to the indexing result",
                Info::Shape(Dims::new(result).unwrap_or(Dims::EMPTY)),
            )
            .got(Info::Shape(t.shape()))
    };
    if t.dim() > result.len() {
        return Err(bad());
    }
    let off = result.len() - t.dim();
    for j in 0..t.dim() {
        let (x, r) = (t.size(j), result[off + j]);
        if x == r && x != 1 {
            s[off + j] = t.strides()[j];
        } else if x != 1 {
            return Err(bad());
        }
    }
    Ok(s)
}
