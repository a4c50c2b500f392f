//! Moving elements between strided index spaces: the one path behind every shape, copy and
//! view-like op (permute, transpose, expand, select, slice, split, cat, stack, ...).
//!
//! A [`View`] describes elements of one tensor's memory as sizes, element strides (any sign,
//! 0 for a repeated element) and an element offset. Every view-like op builds its view from
//! [`View::of`] with the transforms below, then [`copy_between`] moves the elements into the
//! out (or into a region of the out, itself a `View`). Transforms do no checking of their
//! own: `copy_between` checks that every index of both views lands inside its tensor (one
//! O(rank) test), so a wrong view is an error, never an access out of bounds, and ops only
//! have to get ATen's argument checks right.
//!
//! The walk puts the dims in the destination's memory order, drops size-1 dims and merges
//! dims that step evenly in both views, then hands out runs `(dst, src, len)`: contiguous runs
//! of one dtype are one `copy_nonoverlapping` of `len * element_size` bytes, strided runs move
//! elements by size (1/2/4/8/16 bytes, whatever the dtype), and runs between dtypes convert
//! through the compute type of the source (C++ `static_cast`, as `util::copy` does).

use crate::util::access::Access;
use crate::util::advanced::Advanced;
use crate::util::index::move_elem;
use crate::{dispatch_arith, dispatch_compute};
use etk_core::element::{loader, storer};
use etk_core::iter::CHUNK;
use etk_core::out::{check_dtype, resize_out};
use etk_core::shape::{Dims, MAX_DIM, wrap_dim};
use etk_core::{Error, ErrorKind, Info, Result, Tensor};

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
    fn numel(&self) -> usize {
        self.sizes()
            .iter()
            .fold(1usize, |n, &s| n.saturating_mul(s))
    }
}

/// The elements of `src` that `src_view` describes, moved into the elements of `out` that
/// `dst_view` describes (both views have the same sizes; `dst_view` must not repeat an
/// element). Same dtype: bytes moved as they are, any dtype. Different dtypes: converted as
/// C++ `static_cast` does, for the dtypes with an element type.
pub fn copy_between(
    op: &'static str,
    src_name: &'static str,
    src: &Tensor<'_>,
    src_view: &View,
    out: &mut Tensor<'_>,
    dst_view: &View,
) -> Result<()> {
    let dst = check_between(op, src_name, src, src_view, out, dst_view)?;
    if src_view.numel() == 0 {
        return Ok(());
    }
    let (sd, od) = (src.dtype(), out.dtype());
    let pair = Pair::new(dst_view, src_view);
    if sd == od {
        // SAFETY: both views were checked to stay inside their tensors, whose memory is
        // valid (and, for the out, exclusively borrowed); the boxed entry rejects an out that
        // overlaps an input.
        let moved = unsafe { move_runs(sd.element_size(), dst, src.as_ptr(), |f| pair.walk(f)) };
        if !moved {
            return Err(Error::unsupported_dtype(op, src_name, sd));
        }
        return Ok(());
    }
    if od.is_complex() {
        // SAFETY: as above.
        return unsafe { convert_to_complex(op, src_name, src, out, dst, &pair) };
    }
    // a complex source into a real out: c10's casts (the real part; Bool: either part)
    dispatch_arith!(sd, C => {
        let load = C::loader(sd).ok_or(Error::unsupported_dtype(op, src_name, sd))?;
        let store = C::storer(od).ok_or(Error::unsupported_dtype(op, "out", od))?;
        let (ses, des) = (sd.element_size() as isize, od.element_size() as isize);
        let mut buf = [C::default(); CHUNK];
        // SAFETY: as above; each chunk's elements are offsets the walk yields.
        unsafe {
            pair.walk(|d, s, len, ds, ss| {
                let mut done = 0;
                while done < len {
                    let n = (len - done).min(CHUNK);
                    let k = done as isize;
                    load(src.as_ptr().offset((s + k * ss) * ses), ss, &mut buf[..n]);
                    store(dst.offset((d + k * ds) * des), ds, &buf[..n]);
                    done += n;
                }
            })
        }
        Ok(())
    }, _ => Err(Error::unsupported_dtype(op, src_name, sd)))
}

/// The checks of [`copy_between`] (and of any engine with its contract, see [`Mover`]): the
/// views have the same sizes and stay inside their tensors, and the out is writable. Returns
/// the out's data pointer.
pub fn check_between(
    op: &'static str,
    src_name: &'static str,
    src: &Tensor<'_>,
    src_view: &View,
    out: &mut Tensor<'_>,
    dst_view: &View,
) -> Result<*mut u8> {
    if src_view.sizes() != dst_view.sizes() {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "out")
            .expected("a region of shape", Info::Shape(src_view.shape()))
            .got(Info::Shape(dst_view.shape())));
    }
    if !src_view.fits(src.numel()) {
        return Err(Error::invalid(
            op,
            src_name,
            "a view that stays inside the tensor's elements",
        ));
    }
    if !dst_view.fits(out.numel()) {
        return Err(Error::invalid(
            op,
            "out",
            "a region that stays inside the out's elements",
        ));
    }
    out.as_mut_ptr(op, "out")
}

/// The conversions into a complex out (C++'s `static_cast` to `c10::complex`): a complex
/// source converts part by part, a real one becomes the real part with a zero imaginary part.
/// Each part goes through the compute type of the source's part dtype.
///
/// # Safety
/// `pair` walks offsets inside `src` and inside `out`, whose data pointer is `dst`.
unsafe fn convert_to_complex(
    op: &'static str,
    src_name: &'static str,
    src: &Tensor<'_>,
    out: &Tensor<'_>,
    dst: *mut u8,
    pair: &Pair,
) -> Result<()> {
    let (sd, od) = (src.dtype(), out.dtype());
    let (sp, dp) = (sd.to_real(), od.to_real());
    // a complex element is two parts; `parts` of them are read from the source
    let (parts, s_step) = if sd.is_complex() { (2, 2) } else { (1, 1) };
    dispatch_compute!(sp, C => {
        let load = loader::<C>(sp).ok_or(Error::unsupported_dtype(op, src_name, sd))?;
        let store = storer::<C>(dp).ok_or(Error::unsupported_dtype(op, "out", od))?;
        let (ses, des) = (sd.element_size() as isize, od.element_size() as isize);
        let (sps, dps) = (sp.element_size() as isize, dp.element_size() as isize);
        let mut buf = [C::default(); CHUNK];
        let zeros = [C::default(); CHUNK];
        // SAFETY: each chunk's elements are offsets the walk yields inside both tensors; a
        // part `p` of an element lies `p` part sizes after the element's start.
        unsafe {
            pair.walk(|d, s, len, ds, ss| {
                let mut done = 0;
                while done < len {
                    let n = (len - done).min(CHUNK);
                    let k = done as isize;
                    let (s0, d0) = ((s + k * ss) * ses, (d + k * ds) * des);
                    for p in 0..2isize {
                        let part = if p < parts {
                            load(src.as_ptr().offset(s0 + p * sps), s_step * ss, &mut buf[..n]);
                            &buf[..n]
                        } else {
                            &zeros[..n]
                        };
                        store(dst.offset(d0 + p * dps), 2 * ds, part);
                    }
                    done += n;
                }
            })
        }
        Ok(())
    }, _ => Err(Error::unsupported_dtype(op, src_name, sd)))
}

/// `src` (every element) moved into the region `dst_view` of `out`.
pub fn copy_into(
    op: &'static str,
    src_name: &'static str,
    src: &Tensor<'_>,
    out: &mut Tensor<'_>,
    dst_view: &View,
) -> Result<()> {
    copy_between(op, src_name, src, &View::of(src), out, dst_view)
}

/// The elements `view` describes of `src`, moved into `out` (already of the view's shape).
pub fn copy_view(
    op: &'static str,
    src_name: &'static str,
    src: &Tensor<'_>,
    view: &View,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let dst = View::of(out);
    copy_between(op, src_name, src, view, out, &dst)
}

/// `src`'s elements in row-major order moved into `out`'s elements in row-major order: a
/// reshape (`view_copy`). The two must have the same number of elements.
pub fn copy_flat(
    op: &'static str,
    src_name: &'static str,
    src: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    if src.numel() != out.numel() {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "out")
            .expected("as many elements as", Info::Shape(src.shape()))
            .got(Info::Shape(out.shape())));
    }
    copy_flat_range(op, src_name, src, 0, out, 0, src.numel())
}

/// `len` elements of `src` from row-major position `src_start` moved into `out` from
/// row-major position `dst_start` (same dtype): the flat moves of `roll` without dims.
pub fn copy_flat_range(
    op: &'static str,
    src_name: &'static str,
    src: &Tensor<'_>,
    src_start: usize,
    out: &mut Tensor<'_>,
    dst_start: usize,
    len: usize,
) -> Result<()> {
    let in_range = |start: usize, n: usize| start.checked_add(len).is_some_and(|e| e <= n);
    if src.dtype() != out.dtype()
        || !in_range(src_start, src.numel())
        || !in_range(dst_start, out.numel())
    {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "out")
            .expected(
                "a range of elements of the same dtype inside",
                Info::Shape(src.shape()),
            )
            .got(Info::Shape(out.shape())));
    }
    let dst = out.as_mut_ptr(op, "out")?;
    if len == 0 {
        return Ok(());
    }
    let a = Space::merged(&View::of(out));
    let b = Space::merged(&View::of(src));
    // SAFETY: both spaces are the tensors' own dense layouts and both ranges were checked.
    let moved = unsafe {
        move_runs(src.element_size(), dst, src.as_ptr(), |f| {
            walk(&a, dst_start, &b, src_start, len, f)
        })
    };
    if !moved {
        return Err(Error::unsupported_dtype(op, src_name, src.dtype()));
    }
    Ok(())
}

/// The elements `view` describes of `out` set to zero bits (zero, `false` or `+0.0` in every
/// dtype).
pub fn zero_view(op: &'static str, out: &mut Tensor<'_>, view: &View) -> Result<()> {
    let es = out.element_size() as isize;
    let dst = check_region(op, out, view)?;
    if view.numel() == 0 {
        return Ok(());
    }
    // SAFETY: the view stays inside the out's writable memory.
    unsafe {
        Pair::new(view, view).walk(|d, _, len, ds, _| {
            if ds == 1 {
                core::ptr::write_bytes(dst.offset(d * es), 0, len * es as usize);
            } else {
                for i in 0..len as isize {
                    core::ptr::write_bytes(dst.offset((d + i * ds) * es), 0, es as usize);
                }
            }
        })
    }
    Ok(())
}

/// The elements `view` describes of `out` set to one element's bytes: the first
/// `out.element_size()` bytes of `elem` (a fill that moves bytes, so any dtype, UInt16/32/64
/// and complex included).
pub fn fill_view(
    op: &'static str,
    out: &mut Tensor<'_>,
    view: &View,
    elem: &[u8; 16],
) -> Result<()> {
    let es = out.element_size();
    let dst = check_region(op, out, view)?;
    if view.numel() == 0 {
        return Ok(());
    }
    let pair = Pair::new(view, view);
    // SAFETY (each arm): the view stays inside the out's writable memory; `elem` holds at
    // least `es` bytes.
    unsafe {
        match es {
            1 => pair.walk(|d, _, n, ds, _| fill_run(dst, d, n, ds, elem[0])),
            2 => pair.walk(|d, _, n, ds, _| fill_run(dst, d, n, ds, elem_as::<u16>(elem))),
            4 => pair.walk(|d, _, n, ds, _| fill_run(dst, d, n, ds, elem_as::<u32>(elem))),
            8 => pair.walk(|d, _, n, ds, _| fill_run(dst, d, n, ds, elem_as::<u64>(elem))),
            16 => pair.walk(|d, _, n, ds, _| fill_run(dst, d, n, ds, elem_as::<u128>(elem))),
            _ => return Err(Error::unsupported_dtype(op, "out", out.dtype())),
        }
    }
    Ok(())
}

/// The checks of [`zero_view`] and [`fill_view`]: the region stays inside the out, which is
/// writable. Returns the out's data pointer.
pub fn check_region(op: &'static str, out: &mut Tensor<'_>, view: &View) -> Result<*mut u8> {
    if !view.fits(out.numel()) {
        return Err(Error::invalid(
            op,
            "out",
            "a region that stays inside the out's elements",
        ));
    }
    out.as_mut_ptr(op, "out")
}

/// How the shape and copy ops move elements once their arguments are checked. The ops build
/// their views and call a `Mover`; [`Portable`] is this module's walk (every method's default),
/// and a faster library passes its own engine with the same contract (same checks, same
/// errors, same elements moved) to the ops' `*_with` entry points, so that what is accepted
/// and what is rejected never depends on the engine.
pub trait Mover {
    /// [`copy_between`].
    fn copy_between(
        &self,
        op: &'static str,
        src_name: &'static str,
        src: &Tensor<'_>,
        src_view: &View,
        out: &mut Tensor<'_>,
        dst_view: &View,
    ) -> Result<()> {
        copy_between(op, src_name, src, src_view, out, dst_view)
    }

    /// [`fill_view`].
    fn fill_view(
        &self,
        op: &'static str,
        out: &mut Tensor<'_>,
        view: &View,
        elem: &[u8; 16],
    ) -> Result<()> {
        fill_view(op, out, view, elem)
    }

    /// [`copy_flat`].
    fn copy_flat(
        &self,
        op: &'static str,
        src_name: &'static str,
        src: &Tensor<'_>,
        out: &mut Tensor<'_>,
    ) -> Result<()> {
        copy_flat(op, src_name, src, out)
    }

    /// [`crate::util::copy::copy_cast`].
    fn copy_cast(
        &self,
        op: &'static str,
        src_name: &'static str,
        src: &Tensor<'_>,
        out: &mut Tensor<'_>,
    ) -> Result<()> {
        crate::util::copy::copy_cast(op, src_name, src, out)
    }

    /// [`copy_view`] on this engine.
    fn copy_view(
        &self,
        op: &'static str,
        src_name: &'static str,
        src: &Tensor<'_>,
        view: &View,
        out: &mut Tensor<'_>,
    ) -> Result<()> {
        let dst = View::of(out);
        self.copy_between(op, src_name, src, view, out, &dst)
    }

    /// [`copy_into`] on this engine.
    fn copy_into(
        &self,
        op: &'static str,
        src_name: &'static str,
        src: &Tensor<'_>,
        out: &mut Tensor<'_>,
        dst_view: &View,
    ) -> Result<()> {
        self.copy_between(op, src_name, src, &View::of(src), out, dst_view)
    }

    /// [`view_into_out`] on this engine.
    fn view_into_out(
        &self,
        op: &'static str,
        self_: &Tensor<'_>,
        view: &View,
        out: &mut Tensor<'_>,
    ) -> Result<()> {
        check_dtype(op, "out", out, self_.dtype())?;
        resize_out(op, out, view.sizes())?;
        self.copy_view(op, "self", self_, view, out)
    }

    /// The moves of an advanced-indexing walk (`index.Tensor`, `index_put`): every run
    /// `(target_offset, other_offset, len)` of `adv.for_each_run(other_strides, ..)` moved
    /// from `target` to `other` when `gather`, else from `other` to `target` (offsets in
    /// elements of `es` bytes).
    ///
    /// # Safety
    /// Every run lies inside both tensors (the index values were checked), the written one is
    /// writable and the two do not overlap.
    #[allow(clippy::too_many_arguments)]
    unsafe fn advanced_runs(
        &self,
        adv: &Advanced<'_>,
        other_strides: &[usize; MAX_DIM],
        es: usize,
        target: *mut u8,
        other: *mut u8,
        gather: bool,
    ) {
        let (t0, o0) = (target, other);
        crate::dispatch_esize!(es, W => {
            adv.for_each_run(other_strides, |t, o, len| {
                let (src, s, dst, d) = if gather { (t0, t, o0, o) } else { (o0, o, t0, t) };
                // SAFETY: as the caller guarantees.
                unsafe {
                    if len == 1 {
                        move_elem::<W>(src, s, dst, d)
                    } else {
                        core::ptr::copy_nonoverlapping(src.add(s * es), dst.add(d * es), len * es)
                    }
                }
            })
        }, _ => {})
    }

    /// [`crate::util::copy::copy_like`] on this engine.
    fn copy_like(
        &self,
        op: &'static str,
        like: &Tensor<'_>,
        src_name: &'static str,
        src: &Tensor<'_>,
        out: &mut Tensor<'_>,
    ) -> Result<()> {
        check_dtype(op, "out", out, like.dtype())?;
        resize_out(op, out, like.sizes())?;
        self.copy_cast(op, src_name, src, out)
    }
}

/// This module's walk: the reference engine.
#[derive(Clone, Copy, Debug, Default)]
pub struct Portable;

impl Mover for Portable {}

/// The first `size_of::<T>()` bytes of `elem` as a `T` (`T` at most 16 bytes, any bits valid).
fn elem_as<T: Copy>(elem: &[u8; 16]) -> T {
    // SAFETY: callers use integer types of at most 16 bytes, for which any bits are valid.
    unsafe { (elem.as_ptr() as *const T).read_unaligned() }
}

/// Writes `v` to `len` elements from `dst + d`, `ds` elements apart.
///
/// # Safety
/// Every element addressed must lie inside the out.
#[inline(always)]
unsafe fn fill_run<T: Copy>(dst: *mut u8, d: isize, len: usize, ds: isize, v: T) {
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
unsafe fn move_runs(
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

    fn merged(v: &View) -> Space {
        let mut s = Space {
            ndim: 0,
            sizes: [0; MAX_DIM],
            strides: [0; MAX_DIM],
            offset: v.offset,
        };
        for d in 0..v.ndim {
            s.push(v.sizes[d], v.strides[d]);
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
        for d in 0..dst.ndim {
            if dst.sizes[d] != 1 {
                order[n] = d;
                n += 1;
            }
        }
        // insertion sort, stable: by destination stride, largest first.
        for i in 1..n {
            let mut j = i;
            while j > 0
                && dst.strides[order[j - 1]].unsigned_abs() < dst.strides[order[j]].unsigned_abs()
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
        let (mut a, mut b) = (empty(dst.offset), empty(src.offset));
        for &d in &order[..n] {
            let sz = dst.sizes[d];
            let m = a.ndim;
            if m > 0
                && a.strides[m - 1] == dst.strides[d].wrapping_mul(sz as isize)
                && b.strides[m - 1] == src.strides[d].wrapping_mul(sz as isize)
            {
                a.sizes[m - 1] *= sz;
                b.sizes[m - 1] *= sz;
                a.strides[m - 1] = dst.strides[d];
                b.strides[m - 1] = src.strides[d];
            } else {
                a.sizes[m] = sz;
                b.sizes[m] = sz;
                a.strides[m] = dst.strides[d];
                b.strides[m] = src.strides[d];
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
    unsafe fn walk(&self, f: impl FnMut(isize, isize, usize, isize, isize)) {
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
unsafe fn walk(
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
    let (da, db) = (dst.strides[dst.ndim - 1], src.strides[src.ndim - 1]);
    let mut pos = 0;
    while pos < total {
        let n = a.left(dst).min(b.left(src)).min(total - pos);
        f(a.offset, b.offset, n, da, db);
        pos += n;
        a.advance(dst, n);
        b.advance(src, n);
    }
}

/// The contract of the `*_copy.out` view ops: the out must have `self`'s dtype, takes the
/// view's shape (its dim order is the caller's), and receives the view's elements.
pub fn view_into_out(
    op: &'static str,
    self_: &Tensor<'_>,
    view: &View,
    out: &mut Tensor<'_>,
) -> Result<()> {
    Portable.view_into_out(op, self_, view, out)
}

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

/// Chunk `k` of `self` (the view `chunk(k)`) into `out[k]`, with `*_copy.out`'s contract for
/// every out: `self`'s dtype, the chunk's shape. Every out is checked and shaped before any is
/// written. `m` moves the elements.
pub fn split_into(
    m: &dyn Mover,
    op: &'static str,
    self_: &Tensor<'_>,
    out: &mut [Tensor<'_>],
    chunk: impl Fn(usize) -> View,
) -> Result<()> {
    for (k, o) in out.iter_mut().enumerate() {
        check_dtype(op, "out", o, self_.dtype())?;
        resize_out(op, o, chunk(k).sizes())?;
    }
    for (k, o) in out.iter_mut().enumerate() {
        m.copy_view(op, "self", self_, &chunk(k), o)?;
    }
    Ok(())
}
