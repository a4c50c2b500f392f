//! A [`View`]: elements of one tensor's memory as sizes, strides and an offset, with the
//! transforms the view-like ops build theirs from. Transforms check nothing themselves;
//! [`copy_between`](super::moves::copy_between) checks that a view stays inside its tensor.

use etk_core::Tensor;
use etk_core::shape::{Dims, MAX_DIM};

/// Elements of one tensor's memory: element `index` lies at
/// `offset + sum(index[d] * strides[d])` elements from the data pointer.
#[derive(Clone, Copy, Debug)]
pub struct View {
    ndim: usize,
    sizes: [usize; MAX_DIM],
    strides: [isize; MAX_DIM],
    offset: isize,
}

impl View {
    /// Every element of `t`, by logical index.
    pub fn of(t: &Tensor<'_>) -> View {
        let mut v = View {
            ndim: t.dim(),
            sizes: [0; MAX_DIM],
            strides: [0; MAX_DIM],
            offset: 0,
        };
        for d in 0..t.dim() {
            v.sizes[d] = t.size(d);
            // a view's strides are those of a dense tensor whose extent fits in isize.
            v.strides[d] = t.strides()[d] as isize;
        }
        v
    }

    /// A view with arbitrary sizes, strides and offset (as_strided); [`copy_between`] rejects
    /// it if it reaches outside its tensor.
    pub fn strided(sizes: &[usize], strides: &[isize], offset: isize) -> Option<View> {
        if sizes.len() > MAX_DIM || sizes.len() != strides.len() {
            return None;
        }
        let mut v = View {
            ndim: sizes.len(),
            sizes: [0; MAX_DIM],
            strides: [0; MAX_DIM],
            offset,
        };
        v.sizes[..sizes.len()].copy_from_slice(sizes);
        v.strides[..sizes.len()].copy_from_slice(strides);
        Some(v)
    }

    pub fn dim(&self) -> usize {
        self.ndim
    }

    pub fn sizes(&self) -> &[usize] {
        &self.sizes[..self.ndim]
    }

    pub fn strides(&self) -> &[isize] {
        &self.strides[..self.ndim]
    }

    /// The element offset of index `[0, ..., 0]` from the data pointer.
    pub fn offset(&self) -> isize {
        self.offset
    }

    /// The sizes as `Dims`, for resizing outs and error reports.
    pub fn shape(&self) -> Dims {
        Dims::new(self.sizes()).unwrap_or(Dims::EMPTY)
    }

    /// Dims reordered: dim `i` of the result is dim `perm[i]` (a permutation of `0..rank`).
    pub fn permute(mut self, perm: &[usize]) -> View {
        let (sizes, strides) = (self.sizes, self.strides);
        for (i, &p) in perm.iter().enumerate().take(self.ndim) {
            self.sizes[i] = sizes[p];
            self.strides[i] = strides[p];
        }
        self
    }

    /// Dims `a` and `b` swapped.
    pub fn transpose(mut self, a: usize, b: usize) -> View {
        self.sizes.swap(a, b);
        self.strides.swap(a, b);
        self
    }

    /// Dim `dim` fixed at `index` and removed.
    pub fn select(mut self, dim: usize, index: usize) -> View {
        self.offset = self
            .offset
            .wrapping_add((index as isize).wrapping_mul(self.strides[dim]));
        self.remove_dim(dim)
    }

    /// `len` elements of dim `dim` from `start`, `step` apart.
    pub fn slice(mut self, dim: usize, start: usize, len: usize, step: usize) -> View {
        self.offset = self
            .offset
            .wrapping_add((start as isize).wrapping_mul(self.strides[dim]));
        self.sizes[dim] = len;
        self.strides[dim] = self.strides[dim].wrapping_mul(step as isize);
        self
    }

    /// Dim `dim` walked backwards.
    pub fn flip(mut self, dim: usize) -> View {
        let last = self.sizes[dim].saturating_sub(1) as isize;
        self.offset = self
            .offset
            .wrapping_add(last.wrapping_mul(self.strides[dim]));
        self.strides[dim] = self.strides[dim].wrapping_neg();
        self
    }

    /// A size-1 dim inserted at `dim` (`dim <= rank < MAX_DIM`).
    pub fn insert_dim(mut self, dim: usize) -> View {
        for d in (dim..self.ndim).rev() {
            self.sizes[d + 1] = self.sizes[d];
            self.strides[d + 1] = self.strides[d];
        }
        self.sizes[dim] = 1;
        self.strides[dim] = 0;
        self.ndim += 1;
        self
    }

    /// Dim `dim` removed (its index fixed at 0).
    pub fn remove_dim(mut self, dim: usize) -> View {
        for d in dim + 1..self.ndim {
            self.sizes[d - 1] = self.sizes[d];
            self.strides[d - 1] = self.strides[d];
        }
        self.ndim -= 1;
        self
    }

    /// The diagonal of dims `a` and `b` (distinct), `offset` above the main one (below when
    /// negative): both dims removed and the diagonal appended as the last dim.
    pub fn diagonal(self, offset: i64, a: usize, b: usize) -> View {
        let (na, nb) = (self.sizes[a] as i128, self.sizes[b] as i128);
        let off = offset as i128;
        let len = if off >= 0 {
            na.min(nb - off)
        } else {
            (na + off).min(nb)
        }
        .max(0) as usize;
        let (sa, sb) = (self.strides[a], self.strides[b]);
        let mut v = self;
        if len > 0 {
            // |offset| < the dim's size here, so the step stays inside the tensor.
            let start = if off >= 0 {
                (offset as isize).wrapping_mul(sb)
            } else {
                (offset as isize).wrapping_neg().wrapping_mul(sa)
            };
            v.offset = v.offset.wrapping_add(start);
        }
        let v = v.remove_dim(a.max(b)).remove_dim(a.min(b));
        let mut v = v.insert_dim(v.ndim);
        v.sizes[v.ndim - 1] = len;
        v.strides[v.ndim - 1] = sa.wrapping_add(sb);
        v
    }

    /// Windows of `size` elements, `step` apart, along dim `dim` (`size <=` the dim's size,
    /// `step > 0`): the dim holds the window index and a last dim of `size` is appended.
    pub fn unfold(self, dim: usize, size: usize, step: usize) -> View {
        let stride = self.strides[dim];
        let mut v = self;
        v.sizes[dim] = (v.sizes[dim] - size) / step + 1;
        v.strides[dim] = stride.wrapping_mul(step as isize);
        let mut v = v.insert_dim(v.ndim);
        v.sizes[v.ndim - 1] = size;
        v.strides[v.ndim - 1] = stride;
        v
    }

    /// The view broadcast to `sizes` (trailing dims aligned; new and size-1 dims repeat with
    /// stride 0). `None` unless it broadcasts.
    pub fn broadcast_to(self, sizes: &[usize]) -> Option<View> {
        if sizes.len() > MAX_DIM || sizes.len() < self.ndim {
            return None;
        }
        let lead = sizes.len() - self.ndim;
        let mut v = View {
            ndim: sizes.len(),
            sizes: [0; MAX_DIM],
            strides: [0; MAX_DIM],
            offset: self.offset,
        };
        for (d, &n) in sizes.iter().enumerate() {
            v.sizes[d] = n;
            if d >= lead {
                let (s, st) = (self.sizes[d - lead], self.strides[d - lead]);
                if s == n {
                    v.strides[d] = st;
                } else if s != 1 {
                    return None;
                }
            }
        }
        Some(v)
    }

    /// The smallest and largest element offsets the view reaches, `None` when it reaches none
    /// (a size is 0).
    fn extent(&self) -> Option<(i128, i128)> {
        let (mut lo, mut hi) = (self.offset as i128, self.offset as i128);
        for d in 0..self.ndim {
            let n = self.sizes[d] as i128;
            if n == 0 {
                return None;
            }
            let reach = (n - 1) * self.strides[d] as i128;
            if reach < 0 {
                lo += reach;
            } else {
                hi += reach;
            }
        }
        Some((lo, hi))
    }

    /// True when every element the view reaches lies among `numel` elements.
    pub fn fits(&self, numel: usize) -> bool {
        match self.extent() {
            None => true,
            Some((lo, hi)) => lo >= 0 && hi < numel as i128,
        }
    }

    /// The element count, saturating (an as_strided view may describe more elements than
    /// fit in usize; it never reaches a copy, which needs an out of its shape).
    pub(super) fn numel(&self) -> usize {
        self.sizes()
            .iter()
            .fold(1usize, |n, &s| n.saturating_mul(s))
    }
}
