//! The quantized kernels' vector paths: quantize and dequantize (per tensor, per channel) and
//! the 8- and 4-bit embeddings, in one pass over memory, bit-identical to the reference kernels
//! of `etk_quantized` (which every call this module does not accelerate goes to, as does every
//! call at the Scalar level). Written once over the vector layer and its quantized extension
//! ([`lanes::Quant`]), so AVX2, AVX-512 and NEON run the same code.
//!
//! Arithmetic, as the reference computes it in f32:
//! - quantize: `clamp(round(x * inv) + zp, lo, hi)` stored with `static_cast`, where `inv` is
//!   the reference's `1 / scale` (torch's reference multiplies by the reciprocal, so this is no
//!   approximation), taken once per channel;
//! - dequantize: `R(R(R(q) - zp) * scale)` where `R` rounds to the dtype torch computes in
//!   (nothing for Float, Half or BFloat16 otherwise), stored into the out's dtype.
//!
//! Layout: the input and the out share their memory order (the same strides), so a channel
//! along `axis` is `(offset / stride) % size` of a memory offset: the memory is walked as
//! `[outer, size, inner]`, with the parameters of [`CH`] channels at a time in stack arrays
//! (one division per channel, not per element). When `inner` is 1 (the axis is innermost,
//! e.g. channels-last along C) the parameters are loaded as vectors, else broadcast over runs.
//!
//! No allocation: stack buffers only; tails go through one vector's worth of stack.

pub mod chain;
pub mod dot;
pub mod embedding;
pub mod lanes;
pub mod qconv;
pub mod qgemm;

use crate::pointwise::half::FloatKind;
use etk_simd::{Kernel, MAX_LANES, Simd};
use lanes::{QKind, Quant};

/// Channels whose parameters are computed at once.
pub const CH: usize = 256;

/// A dense memory layout seen along one axis: `[outer, size, inner]` elements.
#[derive(Clone, Copy, Debug)]
pub struct Axis {
    pub outer: usize,
    pub size: usize,
    pub inner: usize,
}

impl Axis {
    /// One channel over `numel` elements.
    pub fn whole(numel: usize) -> Axis {
        Axis {
            outer: 1,
            size: 1,
            inner: numel,
        }
    }

    /// `numel` elements, channels of `size` along a dim of stride `stride`.
    pub fn along(numel: usize, stride: usize, size: usize) -> Axis {
        let block = stride.saturating_mul(size).max(1);
        Axis {
            outer: numel / block,
            size,
            inner: stride,
        }
    }
}

/// The (a, b) parameters of each channel: quantize's `(1 / scale, zero_point)`, dequantize's
/// `(scale, zero_point)`, as f32.
pub type Params<'p> = &'p (dyn Fn(usize) -> (f32, f32) + Sync);

/// What a kernel does to one vector of elements: a trait with `#[inline(always)]` methods
/// rather than closures, so that everything is compiled inside the level's
/// `#[target_feature]` function (a closure may stay out of line, without the features, at low
/// optimization levels).
trait Body<L: Simd> {
    /// The bytes of `k` elements of the input / of the out.
    fn src_bytes(&self, k: usize) -> usize;
    fn dst_bytes(&self, k: usize) -> usize;
    /// Elements `0..LANES` from `s` into `d`, with parameters `a`, `b`.
    ///
    /// # Safety
    /// `s` / `d` valid for one vector of their kinds.
    unsafe fn vector(&self, l: L, s: *const u8, d: *mut u8, a: L::F32, b: L::F32);
}

/// Runs `body` over every run of the memory of `ax` (from `src` into `dst`): parameters
/// broadcast over runs, or per lane when `inner` is 1.
///
/// # Safety
/// `src` / `dst` valid for the `ax` elements of their kinds.
#[inline(always)]
unsafe fn walk<L: Simd, B: Body<L>>(
    l: L,
    body: &B,
    src: *const u8,
    dst: *mut u8,
    ax: Axis,
    params: Params<'_>,
) {
    let mut a = [0f32; CH];
    let mut b = [0f32; CH];
    let mut c0 = 0;
    while c0 < ax.size {
        let cn = (ax.size - c0).min(CH);
        for k in 0..cn {
            (a[k], b[k]) = params(c0 + k);
        }
        for o in 0..ax.outer {
            let row = o * ax.size + c0;
            // SAFETY: runs of the memory of `ax` (the caller's contract), parameters as
            // `vectors` requires.
            unsafe {
                if ax.inner == 1 {
                    let (s, d) = (src.add(body.src_bytes(row)), dst.add(body.dst_bytes(row)));
                    vectors(l, body, s, d, cn, a.as_ptr(), b.as_ptr(), true);
                } else {
                    for k in 0..cn {
                        let off = (row + k) * ax.inner;
                        let (s, d) = (src.add(body.src_bytes(off)), dst.add(body.dst_bytes(off)));
                        vectors(l, body, s, d, ax.inner, &a[k], &b[k], false);
                    }
                }
            }
        }
        c0 += cn;
    }
}

/// `a` and `b` for lanes `i..i + LANES` of a run.
///
/// # Safety
/// With `per_lane`, `a` and `b` valid for reading `i + LANES` floats.
#[inline(always)]
unsafe fn lane_params<L: Simd>(
    l: L,
    a: *const f32,
    b: *const f32,
    per_lane: bool,
    i: usize,
    splat: (L::F32, L::F32),
) -> (L::F32, L::F32) {
    if per_lane {
        // SAFETY: the caller's contract.
        unsafe { (l.load(a.add(i)), l.load(b.add(i))) }
    } else {
        splat
    }
}

/// Runs `body` over `n` elements: full vectors in place, then the last `n % LANES` through
/// stack copies.
///
/// # Safety
/// `src` / `dst` valid for `n` elements of the body's kinds, and `a` / `b` for `n` floats
/// with `per_lane`, for one otherwise.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
unsafe fn vectors<L: Simd, B: Body<L>>(
    l: L,
    body: &B,
    src: *const u8,
    dst: *mut u8,
    n: usize,
    a: *const f32,
    b: *const f32,
    per_lane: bool,
) {
    // SAFETY: the caller's contract; full vectors stay below `n`, the tail is copied.
    unsafe {
        let splat = if per_lane {
            (l.splat(0.0), l.splat(0.0))
        } else {
            (l.splat(*a), l.splat(*b))
        };
        let mut i = 0;
        while i + L::LANES <= n {
            let (va, vb) = lane_params(l, a, b, per_lane, i, splat);
            body.vector(
                l,
                src.add(body.src_bytes(i)),
                dst.add(body.dst_bytes(i)),
                va,
                vb,
            );
            i += L::LANES;
        }
        if i < n {
            let k = n - i;
            let mut sbuf = [0u8; MAX_LANES * 4];
            let mut dbuf = [0u8; MAX_LANES * 4];
            let (mut abuf, mut bbuf) = ([0f32; MAX_LANES], [0f32; MAX_LANES]);
            let (sb, db) = (body.src_bytes(k), body.dst_bytes(k));
            core::ptr::copy_nonoverlapping(src.add(body.src_bytes(i)), sbuf.as_mut_ptr(), sb);
            let (va, vb) = if per_lane {
                core::ptr::copy_nonoverlapping(a.add(i), abuf.as_mut_ptr(), k);
                core::ptr::copy_nonoverlapping(b.add(i), bbuf.as_mut_ptr(), k);
                (l.load(abuf.as_ptr()), l.load(bbuf.as_ptr()))
            } else {
                splat
            };
            body.vector(l, sbuf.as_ptr(), dbuf.as_mut_ptr(), va, vb);
            core::ptr::copy_nonoverlapping(dbuf.as_ptr(), dst.add(body.dst_bytes(i)), db);
        }
    }
}

/// `out = clamp(round(x * a) + b, lo, hi)` from a Float / Half / BFloat16 input into a
/// quantized out of the same memory order.
pub struct Quantize<'p> {
    pub src: *const u8,
    pub src_kind: FloatKind,
    pub dst: *mut u8,
    pub dst_kind: QKind,
    pub axis: Axis,
    pub params: Params<'p>,
    pub lo: f32,
    pub hi: f32,
}

/// One vector of [`Quantize`]: the kinds and the bounds.
struct QuantBody<L: Simd> {
    src: FloatKind,
    dst: QKind,
    lo: L::F32,
    hi: L::F32,
}

impl<L: Simd> Body<L> for QuantBody<L> {
    #[inline(always)]
    fn src_bytes(&self, k: usize) -> usize {
        k * self.src.size()
    }
    #[inline(always)]
    fn dst_bytes(&self, k: usize) -> usize {
        k * self.dst.size()
    }
    #[inline(always)]
    unsafe fn vector(&self, l: L, s: *const u8, d: *mut u8, a: L::F32, b: L::F32) {
        // SAFETY: the caller's contract.
        unsafe {
            let x = match self.src {
                FloatKind::F32 => l.load(s as *const f32),
                FloatKind::F16 => l.load_f16(s as *const u16),
                FloatKind::Bf16 => l.load_bf16(s as *const u16),
            };
            let y = l.add(l.round(l.mul(x, a)), b);
            l.store_q(self.dst, d, l.clamp(y, self.lo, self.hi));
        }
    }
}

impl Kernel for Quantize<'_> {
    type Output = ();
    #[inline(always)]
    fn run<L: Simd>(self, l: L) {
        let body = QuantBody::<L> {
            src: self.src_kind,
            dst: self.dst_kind,
            lo: l.splat(self.lo),
            hi: l.splat(self.hi),
        };
        // SAFETY: the tensors are dense, of the same layout, with the elements of `axis`.
        unsafe { walk(l, &body, self.src, self.dst, self.axis, self.params) }
    }
}

/// Where a dequantize reads its integers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QSrc {
    Q(QKind),
    /// Packed 4-bit values (two per byte, high nibble first), offset by 8.
    U4,
}

impl QSrc {
    #[inline(always)]
    fn bytes(self, k: usize) -> usize {
        match self {
            QSrc::Q(q) => k * q.size(),
            QSrc::U4 => k / 2,
        }
    }
}

/// The rounding of each step of a dequantize (the dtype torch computes it in).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Round {
    F32,
    F16,
    Bf16,
}

impl Round {
    pub fn of(t: etk_core::ScalarType) -> Option<Round> {
        match FloatKind::of(t)? {
            FloatKind::F32 => Some(Round::F32),
            FloatKind::F16 => Some(Round::F16),
            FloatKind::Bf16 => Some(Round::Bf16),
        }
    }

    #[inline(always)]
    fn apply<L: Simd>(self, l: L, v: L::F32) -> L::F32 {
        match self {
            Round::F32 => v,
            Round::F16 => l.round_f16(v),
            Round::Bf16 => l.round_bf16(v),
        }
    }
}

/// `out = R(R(R(q) - b) * a)` from integers into a Float / Half / BFloat16 out of the same
/// memory order.
pub struct Dequantize<'p> {
    pub src: *const u8,
    pub src_kind: QSrc,
    pub dst: *mut u8,
    pub dst_kind: FloatKind,
    pub axis: Axis,
    pub params: Params<'p>,
    pub round: Round,
}

/// One vector of [`Dequantize`] and [`Embed`]: the kinds and the rounding.
#[derive(Clone, Copy)]
struct DequantBody {
    src: QSrc,
    dst: FloatKind,
    round: Round,
}

impl<L: Simd> Body<L> for DequantBody {
    #[inline(always)]
    fn src_bytes(&self, k: usize) -> usize {
        self.src.bytes(k)
    }
    #[inline(always)]
    fn dst_bytes(&self, k: usize) -> usize {
        k * self.dst.size()
    }
    #[inline(always)]
    unsafe fn vector(&self, l: L, s: *const u8, d: *mut u8, a: L::F32, b: L::F32) {
        let r = self.round;
        // SAFETY: the caller's contract.
        unsafe {
            let q = match self.src {
                QSrc::Q(k) => l.load_q(k, s),
                QSrc::U4 => l.sub(l.load_u4(s), l.splat(8.0)),
            };
            let y = r.apply(l, l.mul(r.apply(l, l.sub(r.apply(l, q), b)), a));
            match self.dst {
                FloatKind::F32 => l.store(d as *mut f32, y),
                FloatKind::F16 => l.store_f16(d as *mut u16, y),
                FloatKind::Bf16 => l.store_bf16(d as *mut u16, y),
            }
        }
    }
}

impl Kernel for Dequantize<'_> {
    type Output = ();
    #[inline(always)]
    fn run<L: Simd>(self, l: L) {
        let body = DequantBody {
            src: self.src_kind,
            dst: self.dst_kind,
            round: self.round,
        };
        // SAFETY: the tensors are dense, of the same layout, with the elements of `axis`
        // (4-bit sources come only through `Embed`).
        unsafe { walk(l, &body, self.src, self.dst, self.axis, self.params) }
    }
}

/// The embeddings: for each of `rows_out` out rows, weight row `row(i)` dequantized group by
/// group (`group` columns share `params(row * groups_per_row + g)`) into the out's row `i`.
pub struct Embed<'p> {
    pub weight: *const u8,
    /// Bytes from one weight row to the next.
    pub row_stride: usize,
    pub src_kind: QSrc,
    pub dst: *mut u8,
    pub dst_kind: FloatKind,
    pub cols: usize,
    pub group: usize,
    pub rows_out: usize,
    pub row: &'p (dyn Fn(usize) -> usize + Sync),
    pub params: Params<'p>,
    pub round: Round,
}

impl Kernel for Embed<'_> {
    type Output = ();
    #[inline(always)]
    fn run<L: Simd>(self, l: L) {
        let body = DequantBody {
            src: self.src_kind,
            dst: self.dst_kind,
            round: self.round,
        };
        let groups = self.cols / self.group.max(1);
        for i in 0..self.rows_out {
            let row = (self.row)(i);
            for g in 0..groups {
                let (a, b) = (self.params)(row * groups + g);
                let c = g * self.group;
                // SAFETY: `row` is in range (checked by the caller), the group's columns lie
                // in the row (4-bit groups start and end on a byte), and the out has
                // `rows_out` rows of `cols` dense elements.
                unsafe {
                    let s = self
                        .weight
                        .add(row * self.row_stride + self.src_kind.bytes(c));
                    let d = self.dst.add((i * self.cols + c) * self.dst_kind.size());
                    vectors(l, &body, s, d, self.group, &a, &b, false);
                }
            }
        }
    }
}

/// The level the vector paths run at (`etk_simd::level()`), `None` at the Scalar level (the
/// reference kernels then run).
pub fn level() -> Option<etk_simd::Level> {
    let level = etk_simd::level();
    (level != etk_simd::Isa::Scalar).then_some(level)
}

/// Whether `a` and `b` have the same sizes and strides (two dense tensors whose elements lie
/// in the same memory order).
pub fn same_layout(a: &etk_core::Tensor<'_>, b: &etk_core::Tensor<'_>) -> bool {
    a.sizes() == b.sizes() && a.strides() == b.strides()
}
