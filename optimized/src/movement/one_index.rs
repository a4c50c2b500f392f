//! The decoder's indexing calls without the advanced-indexing machinery: one Long or Int index
//! tensor at one dim, every other entry of the list `None`, over contiguous tensors
//! (`cos[pos]`, a KV-cache write `cache[:, :, pos] = k`). The result is then
//! `sizes[..dim] ++ index.shape ++ sizes[dim + 1..]`, and every (outer, index element) pair
//! moves one block of the dims after `dim` — a few comparisons of setup instead of portable's
//! per-call walk plan (`etk_portable::util::advanced::Advanced`), whose tables are
//! kilobytes to clear.
//!
//! Anything else — a mask, several index tensors, a strided tensor, an index out of range, an
//! empty result — is left to portable, so rejections stay portable's.

use etk_core::shape::{Dims, MAX_DIM};
use etk_core::{ScalarType, Tensor};
use etk_portable::util::index::IndexReader;

/// One index tensor at dim `dim` of a target of `sizes`, every value in range.
pub struct OneIndex {
    /// The dim the index tensor indexes.
    pub dim: usize,
    /// Elements of the target before `dim` (the outer loop).
    pub outer: usize,
    /// The size of the indexed dim.
    pub size: usize,
    /// Elements of one block: the product of the sizes after `dim`.
    pub inner: usize,
    /// The index tensor's shape (the result's in place of dim `dim`).
    index_shape: Dims,
    reader: IndexReader,
}

impl OneIndex {
    /// The single index of `indices` over a contiguous target of `sizes`, if the list has
    /// that form, the index is contiguous and every value is within `[-size, size)`, and the
    /// result is not empty.
    pub fn of(sizes: &[usize], indices: &[Option<Tensor<'_>>]) -> Option<OneIndex> {
        if indices.len() > sizes.len() {
            return None;
        }
        let mut found = None;
        for (d, t) in indices.iter().enumerate() {
            if let Some(t) = t {
                if found.is_some() {
                    return None;
                }
                found = Some((d, t));
            }
        }
        let (dim, index) = found?;
        if !matches!(index.dtype(), ScalarType::Long | ScalarType::Int)
            || !index.is_contiguous()
            || index.dim() + sizes.len() > MAX_DIM + 1
        {
            return None;
        }
        let outer: usize = sizes[..dim].iter().product();
        let inner: usize = sizes[dim + 1..].iter().product();
        let size = sizes[dim];
        let reader = IndexReader::new(index);
        if outer == 0 || inner == 0 || reader.is_empty() {
            return None;
        }
        let n = size as i64;
        let in_range = (0..reader.len()).all(|k| {
            let v = reader.get(k);
            (-n..n).contains(&v)
        });
        in_range.then_some(OneIndex {
            dim,
            outer,
            size,
            inner,
            index_shape: index.shape(),
            reader,
        })
    }

    /// The shape of `target[indices]` for a target of `sizes`.
    pub fn result(&self, sizes: &[usize]) -> Dims {
        let mut r = Dims::EMPTY;
        for &s in sizes[..self.dim]
            .iter()
            .chain(self.index_shape.as_slice())
            .chain(&sizes[self.dim + 1..])
        {
            // At most `MAX_DIM` dims (checked by `of`).
            r.push(s);
        }
        r
    }

    /// Calls `f(target_block, result_block)` with the element offsets of every block, in the
    /// result's row-major order (the order in which a repeated index's last write wins).
    #[inline]
    pub fn for_each_block(&self, mut f: impl FnMut(usize, usize)) {
        let n = self.reader.len();
        for o in 0..self.outer {
            for k in 0..n {
                let v = self.reader.get(k);
                let w = if v < 0 { v + self.size as i64 } else { v } as usize;
                f((o * self.size + w) * self.inner, (o * n + k) * self.inner);
            }
        }
    }
}

/// Copies `bytes` bytes from `src` to `dst`, which do not overlap: the one- and two-word
/// blocks of small tensors without a call into `memcpy`.
///
/// # Safety
/// Both ranges must be valid for `bytes` bytes and must not overlap.
#[inline(always)]
pub unsafe fn copy_block(src: *const u8, dst: *mut u8, bytes: usize) {
    // SAFETY: the caller's contract; unaligned word accesses within the ranges.
    unsafe {
        match bytes {
            4 => dst
                .cast::<u32>()
                .write_unaligned(src.cast::<u32>().read_unaligned()),
            8 => dst
                .cast::<u64>()
                .write_unaligned(src.cast::<u64>().read_unaligned()),
            _ => core::ptr::copy_nonoverlapping(src, dst, bytes),
        }
    }
}
