//! The walk every move here is planned by: two views of the same sizes as [`Space`]s (size-1
//! dims dropped, even dims merged) walked together in runs, and the run movers that copy or
//! fill one run by element size, whatever the dtype.

use super::view::View;
use etk_core::Tensor;
use etk_core::shape::MAX_DIM;

/// The first `size_of::<T>()` bytes of `elem` as a `T` (`T` at most 16 bytes, any bits valid).
pub(super) fn elem_as<T: Copy>(elem: &[u8; 16]) -> T {
    // SAFETY: callers use integer types of at most 16 bytes, for which any bits are valid.
    unsafe { (elem.as_ptr() as *const T).read_unaligned() }
}

/// Writes `v` to `len` elements from `dst + d`, `ds` elements apart.
///
/// # Safety
/// Every element addressed must lie inside the out.
#[inline(always)]
pub(super) unsafe fn fill_run<T: Copy>(dst: *mut u8, d: isize, len: usize, ds: isize, v: T) {
    let dst = dst as *mut T;
    for i in 0..len as isize {
        // SAFETY: as the caller guarantees; unaligned because a 16-byte complex element is
        // only 8-byte aligned.
        unsafe { dst.offset(d + i * ds).write_unaligned(v) };
    }
}

/// Hands `walk` a run mover for elements of `es` bytes (moved as such, whatever their dtype);
/// `false` for an element size no dtype has.
///
/// # Safety
/// Every run `walk` yields must address elements inside the two tensors, which must not
/// overlap.
pub(super) unsafe fn move_runs(
    es: usize,
    dst: *mut u8,
    src: *const u8,
    walk: impl FnOnce(&mut dyn FnMut(isize, isize, usize, isize, isize)),
) -> bool {
    // SAFETY (each arm): as the caller guarantees.
    match es {
        1 => walk(&mut |d, s, n, ds, ss| unsafe { move_run::<u8>(dst, src, d, s, n, ds, ss) }),
        2 => walk(&mut |d, s, n, ds, ss| unsafe { move_run::<u16>(dst, src, d, s, n, ds, ss) }),
        4 => walk(&mut |d, s, n, ds, ss| unsafe { move_run::<u32>(dst, src, d, s, n, ds, ss) }),
        8 => walk(&mut |d, s, n, ds, ss| unsafe { move_run::<u64>(dst, src, d, s, n, ds, ss) }),
        16 => walk(&mut |d, s, n, ds, ss| unsafe { move_run::<u128>(dst, src, d, s, n, ds, ss) }),
        _ => return false,
    }
    true
}

/// Moves `len` elements of type `T` from `src + s + i * ss` to `dst + d + i * ds` (offsets in
/// elements): one `copy_nonoverlapping` when both are contiguous.
///
/// # Safety
/// Every element addressed must lie inside its tensor; the two tensors must not overlap.
#[inline(always)]
unsafe fn move_run<T: Copy>(
    dst: *mut u8,
    src: *const u8,
    d: isize,
    s: isize,
    len: usize,
    ds: isize,
    ss: isize,
) {
    let (dst, src) = (dst as *mut T, src as *const T);
    unsafe {
        if ds == 1 && ss == 1 {
            core::ptr::copy_nonoverlapping(src.offset(s), dst.offset(d), len);
        } else {
            for i in 0..len as isize {
                *dst.offset(d + i * ds) = *src.offset(s + i * ss);
            }
        }
    }
}

/// One index space walked in row-major order: sizes and strides after dropping size-1 dims
/// and merging dims that step evenly.
#[derive(Clone, Copy, Debug)]
pub struct Space {
    ndim: usize,
    sizes: [usize; MAX_DIM],
    strides: [isize; MAX_DIM],
    offset: isize,
}

impl Space {
    /// The dims (at least one: a space of one element has one dim of size 1).
    pub fn dim(&self) -> usize {
        self.ndim
    }

    pub fn sizes(&self) -> &[usize] {
        &self.sizes[..self.ndim]
    }

    /// Element strides.
    pub fn strides(&self) -> &[isize] {
        &self.strides[..self.ndim]
    }

    /// The element offset of the first element.
    pub fn offset(&self) -> isize {
        self.offset
    }

    pub(super) fn merged(v: &View) -> Space {
        let mut s = Space {
            ndim: 0,
            sizes: [0; MAX_DIM],
            strides: [0; MAX_DIM],
            offset: v.offset(),
        };
        for d in 0..v.dim() {
            s.push(v.sizes()[d], v.strides()[d]);
        }
        s.finish()
    }

    fn push(&mut self, n: usize, stride: isize) {
        if n == 1 {
            return;
        }
        let m = self.ndim;
        if m > 0 && self.strides[m - 1] == stride.wrapping_mul(n as isize) {
            self.sizes[m - 1] *= n;
            self.strides[m - 1] = stride;
        } else {
            self.sizes[m] = n;
            self.strides[m] = stride;
            self.ndim += 1;
        }
    }

    /// A space with no dims left walks as one element.
    fn finish(mut self) -> Space {
        if self.ndim == 0 {
            self.sizes[0] = 1;
            self.strides[0] = 0;
            self.ndim = 1;
        }
        self
    }
}

/// Two views of the same sizes, dims in the destination's memory order (largest destination
/// stride first), size-1 dims dropped and dims merged where both step evenly: how every copy
/// here is planned (an optimized engine classifies the same pair).
#[derive(Clone, Copy, Debug)]
pub struct Pair {
    pub dst: Space,
    pub src: Space,
}

impl Pair {
    pub fn new(dst: &View, src: &View) -> Pair {
        let mut order = [0usize; MAX_DIM];
        let mut n = 0;
        for d in 0..dst.dim() {
            if dst.sizes()[d] != 1 {
                order[n] = d;
                n += 1;
            }
        }
        // insertion sort, stable: by destination stride, largest first.
        for i in 1..n {
            let mut j = i;
            while j > 0
                && dst.strides()[order[j - 1]].unsigned_abs()
                    < dst.strides()[order[j]].unsigned_abs()
            {
                order.swap(j - 1, j);
                j -= 1;
            }
        }
        let empty = |offset| Space {
            ndim: 0,
            sizes: [0; MAX_DIM],
            strides: [0; MAX_DIM],
            offset,
        };
        let (mut a, mut b) = (empty(dst.offset()), empty(src.offset()));
        for &d in &order[..n] {
            let sz = dst.sizes()[d];
            let m = a.ndim;
            if m > 0
                && a.strides[m - 1] == dst.strides()[d].wrapping_mul(sz as isize)
                && b.strides[m - 1] == src.strides()[d].wrapping_mul(sz as isize)
            {
                a.sizes[m - 1] *= sz;
                b.sizes[m - 1] *= sz;
                a.strides[m - 1] = dst.strides()[d];
                b.strides[m - 1] = src.strides()[d];
            } else {
                a.sizes[m] = sz;
                b.sizes[m] = sz;
                a.strides[m] = dst.strides()[d];
                b.strides[m] = src.strides()[d];
                a.ndim += 1;
                b.ndim += 1;
            }
        }
        Pair {
            dst: a.finish(),
            src: b.finish(),
        }
    }

    /// The element count.
    pub fn numel(&self) -> usize {
        self.dst.sizes().iter().product()
    }

    /// # Safety
    /// As [`walk`].
    pub(super) unsafe fn walk(&self, f: impl FnMut(isize, isize, usize, isize, isize)) {
        unsafe { walk(&self.dst, 0, &self.src, 0, self.numel(), f) }
    }

    /// Calls `f(dst_offset, src_offset, len, dst_stride, src_stride)` for the runs covering
    /// elements `[start, end)` of the pair in row-major order (a run may be cut at `start` and
    /// `end`), offsets and strides in elements.
    ///
    /// # Safety
    /// `start <= end <= numel`; `f` may only use each offset as its space's tensor allows.
    pub unsafe fn walk_range(
        &self,
        start: usize,
        end: usize,
        f: impl FnMut(isize, isize, usize, isize, isize),
    ) {
        unsafe { walk(&self.dst, start, &self.src, start, end - start, f) }
    }
}

/// An odometer over a [`Space`]: the index and the element offset it gives.
struct Cursor {
    index: [usize; MAX_DIM],
    offset: isize,
}

impl Cursor {
    /// The cursor at row-major position `pos` (less than the space's element count).
    fn at(s: &Space, mut pos: usize) -> Cursor {
        let mut c = Cursor {
            index: [0; MAX_DIM],
            offset: s.offset,
        };
        for d in (0..s.ndim).rev() {
            c.index[d] = pos % s.sizes[d];
            pos /= s.sizes[d];
            c.offset = c
                .offset
                .wrapping_add((c.index[d] as isize).wrapping_mul(s.strides[d]));
        }
        c
    }

    /// Elements left in the current innermost run.
    fn left(&self, s: &Space) -> usize {
        s.sizes[s.ndim - 1] - self.index[s.ndim - 1]
    }

    /// Moves `n` elements on (`n` at most what is left in the run), carrying into outer dims.
    fn advance(&mut self, s: &Space, n: usize) {
        let mut d = s.ndim - 1;
        self.index[d] += n;
        self.offset = self
            .offset
            .wrapping_add((n as isize).wrapping_mul(s.strides[d]));
        while d > 0 && self.index[d] == s.sizes[d] {
            self.offset = self
                .offset
                .wrapping_sub((s.sizes[d] as isize).wrapping_mul(s.strides[d]));
            self.index[d] = 0;
            d -= 1;
            self.index[d] += 1;
            self.offset = self.offset.wrapping_add(s.strides[d]);
        }
    }
}

/// Walks `total` elements of two spaces in row-major order together, from positions
/// `dst_start` and `src_start`, calling `f(dst_offset, src_offset, len, dst_stride,
/// src_stride)` for each run both can take in one go (runs end where either space's innermost
/// dim ends).
///
/// # Safety
/// Both ranges must lie inside their spaces, and every offset they reach must be a valid
/// element of its tensor for what `f` does with it.
pub(super) unsafe fn walk(
    dst: &Space,
    dst_start: usize,
    src: &Space,
    src_start: usize,
    total: usize,
    mut f: impl FnMut(isize, isize, usize, isize, isize),
) {
    if total == 0 {
        return;
    }
    let (mut a, mut b) = (Cursor::at(dst, dst_start), Cursor::at(src, src_start));
    let (da, db) = (dst.strides()[dst.dim() - 1], src.strides()[src.dim() - 1]);
    let mut pos = 0;
    while pos < total {
        let n = a.left(dst).min(b.left(src)).min(total - pos);
        f(a.offset, b.offset, n, da, db);
        pos += n;
        a.advance(dst, n);
        b.advance(src, n);
    }
}

/// Calls `f(offset, stride, len, position)` for runs covering `out`'s elements in row-major
/// (logical) order: `position` is the row-major index of the run's first element, `offset`
/// and `stride` are in elements. For factories whose values depend on the position.
pub fn for_each_logical_run(out: &Tensor<'_>, mut f: impl FnMut(isize, isize, usize, usize)) {
    if out.numel() == 0 {
        return;
    }
    let s = Space::merged(&View::of(out));
    let mut pos = 0;
    // SAFETY: `f` only receives offsets; the space is the out's own dense layout.
    unsafe {
        walk(&s, 0, &s, 0, out.numel(), |d, _, len, ds, _| {
            f(d, ds, len, pos);
            pos += len;
        })
    }
}
