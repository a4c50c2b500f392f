//! Index arithmetic shared by the indexing, scatter/gather, masked and sorting kernels:
//!
//! - [`dispatch_esize!`](crate::dispatch_esize): moving elements as bytes, monomorphized per
//!   element size (1, 2, 4, 8, 16 bytes), never per dtype.
//! - [`check_index_dtype`], [`IndexReader`], [`wrap_index`], [`check_indices`]: index tensors
//!   (Long or Int) read as `i64`, checked against a dim size and wrapped, with ATen's errors.
//! - [`walk`]: an odometer over a shape carrying several operands' element offsets, the one
//!   loop every kernel here iterates an index space with.
//! - [`Geometry`]: a tensor's sizes and strides, with ATen's "a zero-dim tensor is `[1]`"
//!   convention of scatter/gather (`ensure_nonempty_dim`).
//! - [`copy_elements`]: a same-dtype copy between any two layouts of one shape.

use etk_core::shape::MAX_DIM;
use etk_core::{Error, ErrorKind, Info, Result, ScalarType, Tensor};

/// Runs `$body` with `$W` bound to an unsigned integer type as wide as an element of
/// `$esize` bytes (`u8` .. `u128`); elements move as these words, whatever their dtype.
#[macro_export]
macro_rules! dispatch_esize {
    ($esize:expr, $W:ident => $body:expr, _ => $bad:expr) => {
        match $esize {
            1 => {
                type $W = u8;
                $body
            }
            2 => {
                type $W = u16;
                $body
            }
            4 => {
                type $W = u32;
                $body
            }
            8 => {
                type $W = u64;
                $body
            }
            16 => {
                type $W = u128;
                $body
            }
            _ => $bad,
        }
    };
}

/// Copies element `src_off` of `src` to element `dst_off` of `dst`, `W` being the element's
/// width.
///
/// # Safety
/// Both offsets must be elements of their tensors' memory (`dst` writable).
#[inline(always)]
pub unsafe fn move_elem<W: Copy>(src: *const u8, src_off: usize, dst: *mut u8, dst_off: usize) {
    // Unaligned accesses: complex elements are only aligned to their component.
    unsafe {
        let v = (src as *const W).add(src_off).read_unaligned();
        (dst as *mut W).add(dst_off).write_unaligned(v);
    }
}

/// The error for an element size no word covers (no dtype has one).
pub fn bad_esize(op: &'static str, arg: &'static str, dtype: ScalarType) -> Error {
    Error::unsupported_dtype(op, arg, dtype)
}

/// Fails unless `t` holds Long or Int indices (what ATen's index kernels accept).
pub fn check_index_dtype(op: &'static str, arg: &'static str, t: &Tensor<'_>) -> Result<()> {
    match t.dtype() {
        ScalarType::Long | ScalarType::Int => Ok(()),
        d => Err(Error::dtype(op, arg, "Long or Int indices", d)),
    }
}

/// Reads the elements of a Long or Int tensor as `i64`.
#[derive(Clone, Copy)]
pub struct IndexReader {
    ptr: *const u8,
    numel: usize,
    wide: bool,
}

impl IndexReader {
    /// A reader over `t`, which [`check_index_dtype`] accepted.
    pub fn new(t: &Tensor<'_>) -> IndexReader {
        IndexReader {
            ptr: t.as_ptr(),
            numel: t.numel(),
            wide: t.dtype() == ScalarType::Long,
        }
    }

    /// The number of elements.
    pub fn len(&self) -> usize {
        self.numel
    }

    pub fn is_empty(&self) -> bool {
        self.numel == 0
    }

    /// Element `off` (in memory order); 0 past the end, which callers never ask for.
    #[inline(always)]
    pub fn get(&self, off: usize) -> i64 {
        if off >= self.numel {
            return 0;
        }
        // SAFETY: `off < numel` and the tensor holds `numel` aligned elements of its dtype.
        unsafe {
            if self.wide {
                *(self.ptr as *const i64).add(off)
            } else {
                *(self.ptr as *const i32).add(off) as i64
            }
        }
    }
}

/// `v` as an index into a dim of `size`: negative values count from the end when
/// `allow_negative` (advanced indexing), and anything outside the dim is an error.
#[inline(always)]
pub fn wrap_index(
    op: &'static str,
    arg: &'static str,
    v: i64,
    size: usize,
    allow_negative: bool,
) -> Result<usize> {
    let n = size as i64;
    let w = if allow_negative && v < 0 { v + n } else { v };
    if w < 0 || w >= n {
        return Err(Error::new(ErrorKind::InvalidArgument, op, arg)
            .expected(
                if allow_negative {
                    "indices in [-size, size) for a dim of size"
                } else {
                    "indices in [0, size) for a dim of size"
                },
                Info::Int(n),
            )
            .got(Info::Int(v)));
    }
    Ok(w as usize)
}

/// Checks every element of the index tensor `t` against a dim of `size` (see [`wrap_index`]),
/// so that a kernel can reject a call before it writes anything.
pub fn check_indices(
    op: &'static str,
    arg: &'static str,
    t: &Tensor<'_>,
    size: usize,
    allow_negative: bool,
) -> Result<()> {
    let r = IndexReader::new(t);
    for off in 0..t.numel() {
        wrap_index(op, arg, r.get(off), size, allow_negative)?;
    }
    Ok(())
}

/// Element strides of `t` in a fixed-size array (logical dim order).
pub fn strides_of(t: &Tensor<'_>) -> [usize; MAX_DIM] {
    let mut s = [0; MAX_DIM];
    s[..t.dim()].copy_from_slice(t.strides());
    s
}

/// Calls `f(offsets)` for every position of `sizes` in logical row-major order, where
/// `offsets[k]` is `Σ index[d] * strides[k][d]` for the first `n` operands (the others stay 0).
/// An empty shape visits nothing; a zero-dim one visits one position.
#[inline]
pub fn walk<const N: usize>(
    sizes: &[usize],
    strides: &[[usize; MAX_DIM]; N],
    n: usize,
    mut f: impl FnMut(&[usize; N]),
) {
    let n = n.min(N);
    if sizes.contains(&0) {
        return;
    }
    let mut off = [0usize; N];
    let rank = sizes.len();
    if rank == 0 {
        f(&off);
        return;
    }
    let last = rank - 1;
    let mut index = [0usize; MAX_DIM];
    loop {
        let mut o = off;
        for i in 0..sizes[last] {
            f(&o);
            if i + 1 < sizes[last] {
                for k in 0..n {
                    o[k] += strides[k][last];
                }
            }
        }
        let mut d = last;
        loop {
            if d == 0 {
                return;
            }
            d -= 1;
            index[d] += 1;
            if index[d] < sizes[d] {
                for k in 0..n {
                    off[k] += strides[k][d];
                }
                break;
            }
            for k in 0..n {
                off[k] -= strides[k][d] * (sizes[d] - 1);
            }
            index[d] = 0;
        }
    }
}

/// A tensor's sizes and strides as scatter/gather see them: a zero-dim tensor is `[1]`.
#[derive(Clone, Copy)]
pub struct Geometry {
    pub rank: usize,
    pub sizes: [usize; MAX_DIM],
    pub strides: [usize; MAX_DIM],
}

impl Geometry {
    pub fn of(t: &Tensor<'_>) -> Geometry {
        let mut g = Geometry {
            rank: t.dim().max(1),
            sizes: [1; MAX_DIM],
            strides: strides_of(t),
        };
        g.sizes[..t.dim()].copy_from_slice(t.sizes());
        g
    }

    pub fn sizes(&self) -> &[usize] {
        &self.sizes[..self.rank]
    }
}

/// Copies `src` into `out` element by element (same dtype and shape, any two layouts); one
/// contiguous move where the layouts agree.
pub fn copy_elements(
    op: &'static str,
    src_name: &'static str,
    src: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let dst = out.as_mut_ptr(op, "out")?;
    if src.nbytes() == 0 {
        return Ok(());
    }
    if src.dim_order() == out.dim_order() {
        // SAFETY: same dtype, sizes and layout: both span exactly `nbytes` bytes, and an out
        // never overlaps its inputs (the boxed entry checks it; in place, `src` is not `out`).
        unsafe { core::ptr::copy(src.as_ptr(), dst, src.nbytes()) };
        return Ok(());
    }
    let strides = [strides_of(out), strides_of(src)];
    let s = src.as_ptr();
    crate::dispatch_esize!(src.element_size(), W => {
        walk(src.sizes(), &strides, 2, |o| {
            // SAFETY: the walk stays within the shape both tensors have.
            unsafe { move_elem::<W>(s, o[1], dst, o[0]) }
        });
        Ok(())
    }, _ => Err(bad_esize(op, src_name, src.dtype())))
}

/// Fails unless `t` has exactly `dtype`, naming `arg`.
pub fn check_same_dtype(
    op: &'static str,
    arg: &'static str,
    t: &Tensor<'_>,
    dtype: ScalarType,
) -> Result<()> {
    etk_core::out::check_dtype(op, arg, t, dtype)
}

/// Fails when two outs of one call share memory (`values` and `indices` of `sort`).
pub fn check_outs_disjoint(
    op: &'static str,
    arg: &'static str,
    a: &Tensor<'_>,
    b: &Tensor<'_>,
) -> Result<()> {
    if a.outs_may_overlap(b) {
        return Err(Error::invalid(op, arg, "outs that do not share memory"));
    }
    Ok(())
}

/// `value.to<dtype>()` (with c10's overflow check, an error naming `arg`) as the bytes of one
/// element, so that a Scalar moves like any element afterwards.
pub fn scalar_bytes(
    op: &'static str,
    arg: &'static str,
    value: &etk_core::Scalar,
    dt: ScalarType,
    bytes: &mut [u8; 16],
) -> Result<()> {
    fn put<E: etk_core::Element, C: etk_core::Compute>(v: C, bytes: &mut [u8; 16]) {
        let e: E = v.store();
        // SAFETY: every element type is at most 16 bytes; the write is unaligned.
        unsafe { (bytes.as_mut_ptr() as *mut E).write_unaligned(e) };
    }
    // A complex element takes the value as its real part (c10's range check is the
    // component's) and a zero imaginary part.
    let dt = match dt {
        ScalarType::ComplexHalf => ScalarType::Half,
        ScalarType::ComplexFloat => ScalarType::Float,
        ScalarType::ComplexDouble => ScalarType::Double,
        d => d,
    };
    *bytes = [0; 16];
    crate::dispatch_compute!(dt, C => {
        let v: C = crate::util::scalar::scalar_to_checked(op, arg, value, dt)?;
        etk_core::match_element!(dt, E => { put::<E, C>(v, bytes); Ok(()) },
            _ => Err(Error::unsupported_dtype(op, arg, dt)))
    }, _ => Err(Error::unsupported_dtype(op, arg, dt)))
}

/// The bits of an element of `dtype` that make it non-zero: all of them for integers and
/// Bool, all but the sign bits for floating and complex elements (`-0.0` is zero, NaN is not).
pub fn nonzero_bits(dtype: ScalarType) -> u128 {
    use ScalarType::*;
    match dtype {
        Half | BFloat16 => 0x7fff,
        Float => 0x7fff_ffff,
        Double => 0x7fff_ffff_ffff_ffff,
        ComplexHalf => 0x7fff_7fff,
        ComplexFloat => 0x7fff_ffff_7fff_ffff,
        ComplexDouble => (0x7fff_ffff_ffff_ffff << 64) | 0x7fff_ffff_ffff_ffff,
        _ => u128::MAX,
    }
}

/// Whether element `off` of the elements at `p` (as words `W`) has any of `bits` set.
///
/// # Safety
/// `off` must be an element of the tensor at `p`.
#[inline(always)]
pub unsafe fn elem_nonzero<W: Copy + Into<u128>>(p: *const u8, off: usize, bits: u128) -> bool {
    let v: u128 = unsafe { (p as *const W).add(off).read_unaligned() }.into();
    v & bits != 0
}

/// Walks a tensor's elements in logical row-major order, one step at a time.
pub struct Cursor {
    sizes: [usize; MAX_DIM],
    strides: [usize; MAX_DIM],
    index: [usize; MAX_DIM],
    rank: usize,
    offset: usize,
}

impl Cursor {
    pub fn new(t: &Tensor<'_>) -> Cursor {
        let mut sizes = [1; MAX_DIM];
        sizes[..t.dim()].copy_from_slice(t.sizes());
        Cursor {
            sizes,
            strides: strides_of(t),
            index: [0; MAX_DIM],
            rank: t.dim(),
            offset: 0,
        }
    }

    /// The offset of the current element, then a step to the next one.
    #[inline]
    pub fn next_offset(&mut self) -> usize {
        let cur = self.offset;
        let mut d = self.rank;
        while d > 0 {
            d -= 1;
            self.index[d] += 1;
            if self.index[d] < self.sizes[d] {
                self.offset += self.strides[d];
                return cur;
            }
            self.offset -= self.strides[d] * (self.sizes[d] - 1);
            self.index[d] = 0;
        }
        cur
    }
}

/// Broadcast strides of `t` over `shape` (which `t` broadcasts to), 0 on broadcast dims.
pub fn expand_strides(t: &Tensor<'_>, shape: &[usize]) -> [usize; MAX_DIM] {
    let mut s = [0; MAX_DIM];
    let off = shape.len().saturating_sub(t.dim());
    for j in 0..t.dim().min(shape.len()) {
        if t.size(j) != 1 {
            s[off + j] = t.strides()[j];
        }
    }
    s
}
