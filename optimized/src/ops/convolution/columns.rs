//! im2col: the column matrix of a band of output positions, for the GEMM. Runs of input
//! elements (and of zeros for the padding) are copied with the vector loads and stores of the
//! current level, inline: a run is a few dozen elements, and a call to the C library's
//! `memcpy` per run cost as much as the run (a fifth of a 3x3 convolution's time).
//!
//! - NCHW (or any layout whose channels are not innermost): `[K, positions]`, taps
//!   `(c, kh, kw)`, each row runs of input columns;
//! - channels-last: `[positions, K]`, taps `(kh, kw, c)`, runs of the group's input channels,
//!   or of a whole kernel row when the group is every channel and the taps of a row are
//!   adjacent pixels.

use super::Conv;

mod panels;
use crate::gemm::Isa;
use etk_simd::{Kernel, Simd, dispatch};

/// The column matrix of output positions `band.0..band.1` of image `n`, group `grp` into
/// `col`: `[positions, K]` when `chan_inner`, else `[K, positions]` (row-major, or the GEMM's
/// B panels: [`Layout`]).
///
/// # Safety
/// `col` holds `K * (band.1 - band.0)` elements (for panels, `K` times the band rounded up
/// to whole panels, in Float); the positions exist; the rest as in `convolution_out_isa`.
pub(super) unsafe fn im2col(
    isa: Isa,
    c: &Conv<'_>,
    n: usize,
    grp: usize,
    band: (usize, usize),
    col: *mut u8,
    layout: Layout,
) {
    dispatch(
        isa,
        Im2col {
            c,
            n,
            grp,
            band,
            col,
            layout,
        },
    )
}

/// How the column matrix is laid out.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Layout {
    /// `[positions, K]` row-major, taps `(kh, kw, c)` (channels-last input).
    ByChannels,
    /// `[K, positions]` row-major, taps `(c, kh, kw)`.
    ByWidth,
    /// `[K, positions]` as the GEMM's packed B panels (`gemm::packed_b_layout`): `nr`
    /// positions wide, in k blocks of `kc` taps, zeros past the band in the last panel; Float
    /// only. The GEMM then packs nothing: the copy into its panels is this one.
    Panels { nr: usize, kc: usize },
}

/// [`im2col`] at a level. Only built by it, whose caller vouches for the fields.
#[derive(Clone, Copy)]
struct Im2col<'a, 'g> {
    c: &'a Conv<'g>,
    n: usize,
    grp: usize,
    band: (usize, usize),
    col: *mut u8,
    layout: Layout,
}

impl Kernel for Im2col<'_, '_> {
    type Output = ();

    #[inline(always)]
    fn run<S: Simd>(self, s: S) {
        // SAFETY: as `im2col`'s caller vouches.
        unsafe {
            match self.layout {
                Layout::ByChannels => by_channels(s, self),
                Layout::Panels { nr, kc } if panels::takes::<S>(self.c, nr) => {
                    panels::panels(s, self, nr, kc)
                }
                _ => by_width(s, self),
            }
        }
    }
}

/// One row `kk` of a `[K, positions]` column matrix, written front to back: where the next
/// position of the band goes.
struct Row {
    /// The next position's place, and the room left in its panel (`usize::MAX`: a plain row).
    at: *mut u8,
    room: usize,
    es: usize,
    nr: usize,
    /// From the end of one panel's row to the start of the next panel's (bytes).
    skip: usize,
}

impl Row {
    /// Row `kk` of `k` taps over `cols` positions at `col`.
    #[inline(always)]
    fn new(col: *mut u8, layout: Layout, kk: usize, k: usize, cols: usize, es: usize) -> Row {
        match layout {
            Layout::Panels { nr, kc } => {
                let pc = kk / kc * kc;
                let rows = kc.min(k - pc);
                let n_pad = cols.next_multiple_of(nr);
                Row {
                    at: col.wrapping_add((pc * n_pad + (kk - pc) * nr) * es),
                    room: nr,
                    es,
                    nr,
                    skip: nr * (rows - 1) * es,
                }
            }
            _ => Row {
                at: col.wrapping_add(kk * cols * es),
                room: usize::MAX,
                es,
                nr: 0,
                skip: 0,
            },
        }
    }

    /// The next `len` positions: zeros, or a run of the input from `src` (`step` apart).
    ///
    /// # Safety
    /// As [`run`] and [`zeros`] for each piece; the positions within the band.
    #[inline(always)]
    unsafe fn put<S: Simd>(
        &mut self,
        s: S,
        mut len: usize,
        mut src: Option<*const u8>,
        step: Step,
    ) {
        let es = self.es;
        // SAFETY: as the caller vouches; the pieces are the row's next positions.
        unsafe {
            while len > 0 {
                let piece = len.min(self.room);
                match src {
                    Some(x) => {
                        run(s, self.at, x, step, piece, es);
                        src = Some(x.add(piece * step.step * es));
                    }
                    None => zeros(s, self.at, piece * es),
                }
                self.at = self.at.add(piece * es);
                len -= piece;
                if self.room != usize::MAX {
                    self.room -= piece;
                    if self.room == 0 {
                        self.at = self.at.add(self.skip);
                        self.room = self.nr;
                    }
                }
            }
        }
    }
}

/// `[K, positions]`, taps `(c, kh, kw)`: each row runs of input columns (zeros in the
/// padding), row-major or as panels.
///
/// # Safety
/// As [`im2col`].
#[inline(always)]
unsafe fn by_width<S: Simd>(s: S, a: Im2col<'_, '_>) {
    let Im2col { c, n, grp, col, .. } = a;
    let (p0, p1) = a.band;
    let g = c.geo;
    let es = c.es();
    let cols = p1 - p0;
    let k = g.icg * c.kh * c.kw;
    // products only used for runs of more than one column, which stay inside the input
    let sw = g.stride[2] as usize;
    let step = Step::new::<S>(sw.wrapping_mul(c.xs[3]), es);
    let pad = match a.layout {
        Layout::Panels { nr, .. } => cols.next_multiple_of(nr) - cols,
        _ => 0,
    };
    // each tap's run of columns, worked out once per band rather than per row (128-bit
    // divisions; a 3x3 convolution spent 2% of its time there)
    let mut ranges = [(0, 0, 0); 16];
    for (tw, r) in ranges.iter_mut().enumerate().take(c.kw) {
        *r = c.w_range(tw);
    }
    let mut kk = 0;
    // SAFETY: every index is within its tensor or `col`.
    unsafe {
        for icl in 0..g.icg {
            let x = n * c.xs[0] + (grp * g.icg + icl) * c.xs[1];
            for th in 0..c.kh {
                for tw in 0..c.kw {
                    let mut row = Row::new(col, a.layout, kk, k, cols, es);
                    let (lo, hi, iw0) = match ranges.get(tw) {
                        Some(&r) => r,
                        None => c.w_range(tw),
                    };
                    let (mut oh, mut c0) = (p0 / c.ow, p0 % c.ow);
                    let mut p = p0;
                    while p < p1 {
                        let c1 = c.ow.min(c0 + (p1 - p));
                        match c.in_h(oh, th) {
                            None => row.put(s, c1 - c0, None, step),
                            Some(ih) => {
                                let a = lo.clamp(c0, c1);
                                let b = hi.clamp(a, c1);
                                row.put(s, a - c0, None, step);
                                if b > a {
                                    let iw = iw0 + (a - lo) * sw;
                                    let src = c.xb(x + ih * c.xs[2] + iw * c.xs[3]);
                                    row.put(s, b - a, Some(src), step);
                                }
                                row.put(s, c1 - b, None, step);
                            }
                        }
                        p += c1 - c0;
                        (oh, c0) = (oh + 1, 0);
                    }
                    row.put(s, pad, None, step);
                    kk += 1;
                }
            }
        }
    }
}

/// `[positions, K]` (row-major), taps `(kh, kw, c)`.
///
/// # Safety
/// As [`im2col`].
#[inline(always)]
unsafe fn by_channels<S: Simd>(s: S, a: Im2col<'_, '_>) {
    let Im2col { c, n, grp, col, .. } = a;
    let (p0, p1) = a.band;
    let g = c.geo;
    let es = c.es();
    let icg = g.icg;
    let row_run = c.xs[3] == icg && g.dilation[2] == 1;
    let (sw, pw) = (g.stride[2], g.padding[2]);
    let step = Step::new::<S>(c.xs[1], es);
    let mut dst = col;
    // SAFETY: every index is within its tensor or `col`.
    unsafe {
        let x = n * c.xs[0] + grp * icg * c.xs[1];
        for p in p0..p1 {
            let (oh, ow) = (p / c.ow, p % c.ow);
            for th in 0..c.kh {
                let Some(ih) = c.in_h(oh, th) else {
                    zeros(s, dst, c.kw * icg * es);
                    dst = dst.add(c.kw * icg * es);
                    continue;
                };
                let row = x + ih * c.xs[2];
                let iw0 = ow as isize * sw - pw;
                if row_run && iw0 >= 0 && iw0 as usize + c.kw <= c.iw {
                    let src = c.xb(row + iw0 as usize * c.xs[3]);
                    bytes(s, dst, src, c.kw * icg * es);
                    dst = dst.add(c.kw * icg * es);
                    continue;
                }
                for tw in 0..c.kw {
                    match c.in_w(ow, tw) {
                        Some(iw) => run(s, dst, c.xb(row + iw * c.xs[3]), step, icg, es),
                        None => zeros(s, dst, icg * es),
                    }
                    dst = dst.add(icg * es);
                }
            }
        }
    }
}

/// The distance between the elements of a run in the input, and whether the run is every
/// other 4-byte element, which the level takes as the even lanes of two vectors (a stride-2
/// convolution's runs, such as a network's 3-channel first layer's, were a third of its time
/// copied one element at a time; a gather was no faster).
#[derive(Clone, Copy)]
struct Step {
    step: usize,
    unzip: bool,
}

impl Step {
    #[inline(always)]
    fn new<S: Simd>(step: usize, es: usize) -> Step {
        Step {
            step,
            unzip: es == 4 && step == 2 && S::LANES > 1,
        }
    }
}

/// `len` elements of `es` bytes (4 or 2), `step` apart from `src`, to contiguous `dst`.
///
/// # Safety
/// Both ranges valid and disjoint.
#[inline(always)]
unsafe fn run<S: Simd>(s: S, dst: *mut u8, src: *const u8, step: Step, len: usize, es: usize) {
    let Step { step, unzip } = step;
    let n = S::LANES;
    // SAFETY: as the caller vouches; the two vectors of a run's every other element end at
    // its last element (the second vector one element short for the last full one).
    unsafe {
        if step == 1 || len <= 1 {
            bytes(s, dst, src, len * es);
        } else if es == 4 {
            let (d, x) = (dst as *mut f32, src as *const f32);
            let mut i = 0;
            if unzip {
                while i + n <= len {
                    let a = s.load(x.add(2 * i));
                    let b = if i + n < len {
                        s.load(x.add(2 * i + n))
                    } else {
                        s.load_n(x.add(2 * i + n), n - 1)
                    };
                    s.store(d.add(i), s.unzip(a, b).0);
                    i += n;
                }
            }
            for i in i..len {
                *d.add(i) = *x.add(i * step);
            }
        } else {
            let (d, x) = (dst as *mut u16, src as *const u16);
            for i in 0..len {
                *d.add(i) = *x.add(i * step);
            }
        }
    }
}

/// `nbytes` bytes from `src` to `dst`, as 4-byte words in vectors of the level (their bits
/// moved, never computed on) and the last 2 bytes of a Half or BFloat16 run.
///
/// # Safety
/// Both ranges valid and disjoint; `nbytes` even.
#[inline(always)]
unsafe fn bytes<S: Simd>(s: S, dst: *mut u8, src: *const u8, nbytes: usize) {
    // SAFETY: as the caller vouches; the level's vector loads and stores take any alignment
    // (Scalar's single lane does not: it copies bytes).
    unsafe {
        if S::LANES == 1 {
            return core::ptr::copy_nonoverlapping(src, dst, nbytes);
        }
        let (d, x, words) = (dst as *mut f32, src as *const f32, nbytes / 4);
        let n = S::LANES;
        let mut j = 0;
        while j + n <= words {
            s.store(d.add(j), s.load(x.add(j)));
            j += n;
        }
        if j < words {
            s.store_n(d.add(j), words - j, s.load_n(x.add(j), words - j));
        }
        if !nbytes.is_multiple_of(4) {
            let at = nbytes - 2;
            *(dst.add(at) as *mut u16) = *(src.add(at) as *const u16);
        }
    }
}

/// `nbytes` zero bytes at `dst`.
///
/// # Safety
/// `dst` valid for them; `nbytes` even.
#[inline(always)]
unsafe fn zeros<S: Simd>(s: S, dst: *mut u8, nbytes: usize) {
    // SAFETY: as the caller vouches (and as in [`bytes`]).
    unsafe {
        if S::LANES == 1 {
            return core::ptr::write_bytes(dst, 0, nbytes);
        }
        let (d, words) = (dst as *mut f32, nbytes / 4);
        let n = S::LANES;
        let mut j = 0;
        while j + n <= words {
            s.store(d.add(j), s.zero());
            j += n;
        }
        if j < words {
            s.store_n(d.add(j), words - j, s.zero());
        }
        if !nbytes.is_multiple_of(4) {
            *(dst.add(nbytes - 2) as *mut u16) = 0;
        }
    }
}
