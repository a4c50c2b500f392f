//! The depthwise convolution (`groups == C_in == C_out`) of NCHW (or any non-channels-last)
//! Float tensors: every channel convolved with its own kernel by a direct kernel written once
//! over the vector layer (`etk_simd::Simd`, every level, Scalar included), vectorized along
//! output columns, the taps summed in portable's order with one multiply and one add each (no
//! FMA), so that the results are portable's bit for bit. (Channels-last input and out take
//! `depthwise_nhwc.rs`.)
//!
//! Each input plane is copied, zero-padded, into scratch, and every output row is one pass of
//! register sums over all taps, the last vector of a row masked. Portable skips the padding;
//! adding `0 * w = +-0` instead leaves every sum unchanged as long as the weights are finite
//! (checked). With a stride of 2 along the width the plane's rows are stored split, even
//! columns then odd ones, so that every tap reads a contiguous run and only the out's columns
//! are summed. Another strided row is summed at every column into a row buffer and every
//! `stride`-th column gathered into the out (the same sums, no strided loads). With infinite or NaN
//! weights, a plane too large, or no scratch: the columns that every tap reads inside the
//! input in runs, the edges column by column.

use super::{Conv, MAX_TASKS, OP, Shared, gather};
use crate::fused::hook::OutHook;
use crate::gemm::Isa;
use etk_core::{Parallel, Scratch};
use etk_simd::{Kernel, Simd};

/// Kernel widths whose tap ranges the depthwise kernel keeps on the stack (wider kernels
/// take its column-by-column path).
const RANGES: usize = 16;
/// The largest zero-padded input plane (floats) the depthwise kernel copies into scratch.
const PLANE: usize = 1 << 20;
/// Taps the depthwise kernel sums in registers before it stores a partial sum.
const MAX_TAPS: usize = 32;

/// Depthwise: every channel convolved with its own kernel, the taps accumulated in
/// portable's order into the out, then the bias; each finished plane handed to `hook` (the
/// out's planes dense: `Runs::Planes`). Large calls split their planes (image and
/// channel) over `par`'s threads, each task with its own scratch: every plane is summed alike
/// whatever the split.
///
/// # Safety
/// As in [`convolution_out_isa`]; one input and one output channel per group.
pub(super) unsafe fn depthwise(
    scratch: &mut Scratch<'_>,
    par: &dyn Parallel,
    isa: Isa,
    c: &Conv<'_>,
    hook: Option<OutHook<'_>>,
) {
    let g = c.geo;
    let planes = g.n * g.groups;
    let nt = depthwise_tasks(c, par).min(planes).max(1);
    scratch.scope(|s| {
        let mut bufs = [Buf::None; MAX_TASKS];
        if let Some(dims) = padded_plane(c) {
            for b in bufs.iter_mut().take(nt) {
                match plane_buf(s, c, dims) {
                    Some(p) => *b = Buf::Plane(p),
                    None => break,
                }
            }
        }
        // (every task or none with a plane: the same sums either way, but one path's speed)
        let nt = match bufs.iter().take(nt).position(|b| matches!(b, Buf::None)) {
            Some(0) | None => nt,
            Some(fit) => fit,
        };
        let shared = Shared((c, bufs));
        let body = |t: usize| {
            let &(c, bufs) = shared.get();
            let range = (t * planes / nt, (t + 1) * planes / nt);
            // SAFETY: as the caller vouches; task `t` alone uses `bufs[t]` and writes the
            // out's planes in `range`.
            match hook {
                None => unsafe { dw_run(isa, c, bufs[t], range) },
                // each plane handed over as soon as it is summed (still in L1 or L2)
                Some(h) => {
                    for i in range.0..range.1 {
                        unsafe { dw_run(isa, c, bufs[t], (i, i + 1)) };
                        h.done(c.out_at(i / g.groups, i % g.groups, 0), c.oh * c.ow);
                    }
                }
            }
        };
        if nt == 1 {
            body(0);
        } else {
            par.run(nt, &body);
        }
    })
}

/// How many tasks a depthwise call is split into: by its estimated time, multiply-adds and
/// the planes it reads and writes alike (a few multiply-adds per float: the GEMM's threshold
/// in multiply-adds alone would keep every depthwise layer of a MobileNet on one thread).
fn depthwise_tasks(c: &Conv<'_>, par: &dyn Parallel) -> usize {
    let g = c.geo;
    let outs = [g.n, g.groups, c.oh, c.ow]
        .iter()
        .fold(1usize, |a, &v| a.saturating_mul(v));
    let ins = [g.n, g.groups, g.ins[1], c.iw]
        .iter()
        .fold(1usize, |a, &v| a.saturating_mul(v));
    let work = etk_core::Work {
        flops: outs.saturating_mul(2 * c.kh * c.kw),
        bytes: outs.saturating_add(ins).saturating_mul(4),
    };
    work.tasks(par.num_threads()).min(MAX_TASKS)
}

/// One task's scratch for the padded-plane path, when it fits.
fn plane_buf(s: &Scratch<'_>, c: &Conv<'_>, (ph, pw): (usize, usize)) -> Option<Plane> {
    let plane = s.alloc_for_overwrite::<f32>(OP, ph * pw).ok()?;
    // a strided or non-contiguous row is summed into a row buffer first (zeroed: the gather
    // of its last vector reads past the row)
    let sw = c.geo.stride[2] as usize;
    let row = if sw == 1 && c.ys[3] == 1 {
        &mut [][..]
    } else if split_columns(c) {
        // the padded row before it is split, whole pairs of vectors (zeroed: the last pair
        // reads past the row into lanes it does not store)
        s.alloc::<f32>(OP, pw.checked_add(2 * etk_simd::MAX_LANES)?)
            .ok()?
    } else {
        let len = ((c.ow - 1) * sw + 1)
            .checked_add(etk_simd::MAX_LANES * sw)?
            .checked_mul(ROWS)?;
        s.alloc::<f32>(OP, len).ok()?
    };
    // (as u64 pairs: a tap is 16 bytes, aligned to 8, and zeros are a valid one)
    let tap_buf = s.alloc::<u64>(OP, 2 * c.kh * c.kw).ok()?;
    Some(Plane {
        plane: plane.as_mut_ptr(),
        pw,
        row: row.as_mut_ptr(),
        taps: tap_buf.as_mut_ptr() as *mut (usize, f32),
    })
}

/// The depthwise kernel's scratch.
#[derive(Clone, Copy)]
enum Buf {
    None,
    Plane(Plane),
}

/// Scratch of the padded-plane path.
#[derive(Clone, Copy)]
struct Plane {
    /// Room for one input plane zero-padded on every side, rows of `pw` floats.
    plane: *mut f32,
    pw: usize,
    /// `ROWS` row buffers for strided or non-contiguous output rows, each `(ow - 1) * stride
    /// + 1` floats and `MAX_LANES * stride` more; with [`split_columns`], one padded input
    /// row and `2 * MAX_LANES` floats more.
    row: *mut f32,
    /// Every tap of a channel: its offset in the plane from the output row's first input
    /// row, and its weight.
    taps: *mut (usize, f32),
}

/// Whether the padded plane's rows are stored split, their even columns then their odd ones:
/// a stride of 2 along the width into a contiguous out. Every tap then reads a contiguous run
/// (column `2 j + d` is column `j + d / 2` of one half), so that exactly the out's columns are
/// summed, in vectors, with no gather after. Only for wide rows: splitting a row costs a copy
/// and a shuffle per pair of vectors, which narrower rows (14 columns out of 28: measured
/// slower) do not earn back.
fn split_columns(c: &Conv<'_>) -> bool {
    c.geo.stride[2] == 2 && c.ys[3] == 1 && c.ow >= SPLIT_MIN_OW
}

/// The least output width whose strided rows are split ([`split_columns`]).
const SPLIT_MIN_OW: usize = 24;

/// The padded plane's height and width, when the kernel can use one: every weight finite
/// (so that the padding's zeros add `+-0`, which leaves every sum as portable's, which skips
/// them) and at most `PLANE` floats.
fn padded_plane(c: &Conv<'_>) -> Option<(usize, usize)> {
    let g = c.geo;
    let (ph, pw) = (g.padding[1] as usize, g.padding[2] as usize);
    let h = ph.checked_mul(2)?.checked_add(c.geo.ins[1])?;
    let w = pw.checked_mul(2)?.checked_add(c.iw)?;
    if h.checked_mul(w)? > PLANE {
        return None;
    }
    for k in 0..g.groups {
        for th in 0..c.kh {
            for tw in 0..c.kw {
                // SAFETY: indices within the weight's sizes.
                let v = unsafe { *c.w.add(k * c.ws[0] + th * c.ws[2] + tw * c.ws[3]) };
                if !v.is_finite() {
                    return None;
                }
            }
        }
    }
    Some((h, w))
}

/// The planes (image `n`, channel `k` at `n * C + k`) in `planes`.
///
/// # Safety
/// As [`depthwise`]; `buf` as [`Buf`] says, for this call.
unsafe fn dw_run(isa: Isa, c: &Conv<'_>, buf: Buf, planes: (usize, usize)) {
    etk_simd::dispatch(isa, Depthwise { c, buf, planes })
}

/// The depthwise kernel at a level. Only built by [`dw_run`], whose caller vouches for `c` and
/// `buf`.
struct Depthwise<'a, 'g> {
    c: &'a Conv<'g>,
    buf: Buf,
    planes: (usize, usize),
}

impl Kernel for Depthwise<'_, '_> {
    type Output = ();
    #[inline(always)]
    fn run<L: Simd>(self, l: L) {
        // SAFETY: as `dw_run`'s caller vouches.
        unsafe { dw_body(l, self.c, self.buf, self.planes) }
    }
}

/// `y[j * ys] = sum_t x[o_t + j * step] * w_t (+ b)` for `j < len`, over `taps` `(o_t, w_t)` in
/// order, one multiply then one add each (no FMA) as portable sums, the sum starting from 0 or
/// (`acc`) from `y[j * ys]`. Vectors of the level over contiguous runs (the last one masked),
/// scalar otherwise (IEEE multiply and add round the same at every width).
///
/// # Safety
/// The ranges valid, `y` disjoint from the others.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
unsafe fn taps<L: Simd>(
    l: L,
    y: *mut f32,
    ys: usize,
    x: *const f32,
    taps: &[(usize, f32)],
    step: usize,
    acc: bool,
    b: Option<f32>,
    len: usize,
) {
    // SAFETY: as the caller vouches.
    unsafe {
        if ys == 1 && step == 1 {
            return rows_of::<L, 1>(l, Rows { y, yr: 0, x, xr: 0 }, taps, acc, b, len);
        }
        for j in 0..len {
            let y = y.add(j * ys);
            let mut a = if acc { *y } else { 0.0 };
            for &(o, w) in taps {
                a += *x.add(o + j * step) * w;
            }
            *y = b.map_or(a, |b| a + b);
        }
    }
}

/// Where `R` output rows of contiguous columns start: row `r` of the out at `y + r * yr`,
/// its taps' offsets from `x + r * xr`.
#[derive(Clone, Copy)]
struct Rows {
    y: *mut f32,
    yr: usize,
    x: *const f32,
    xr: usize,
}

/// [`taps`]' contiguous case for `R` rows of `len` columns at once: up to `UNROLL` vectors of
/// each row summed together, each weight broadcast once for all of them.
///
/// # Safety
/// As [`taps`], for every row.
#[inline(always)]
unsafe fn rows_of<L: Simd, const R: usize>(
    l: L,
    r: Rows,
    taps: &[(usize, f32)],
    acc: bool,
    b: Option<f32>,
    len: usize,
) {
    let n = L::LANES;
    // SAFETY: as the caller vouches; vectors end at or before `len`, the last one masked.
    unsafe {
        let at = |j: usize| Rows {
            y: r.y.add(j),
            x: r.x.add(j),
            ..r
        };
        let mut j = 0;
        while j + UNROLL * n <= len {
            run_sum::<L, R, UNROLL, false>(l, at(j), taps, n, acc, b);
            j += UNROLL * n;
        }
        // the rest: `q` whole vectors and a partial one of `t` lanes
        let (q, t) = ((len - j) / n, (len - j) % n);
        let (r, m) = (at(j), if t > 0 { t } else { n });
        match (q, t > 0) {
            (0, false) => {}
            (0, true) => run_sum::<L, R, 1, true>(l, r, taps, m, acc, b),
            (1, false) => run_sum::<L, R, 1, false>(l, r, taps, m, acc, b),
            (1, true) => run_sum::<L, R, 2, true>(l, r, taps, m, acc, b),
            (2, false) => run_sum::<L, R, 2, false>(l, r, taps, m, acc, b),
            (2, true) => run_sum::<L, R, 3, true>(l, r, taps, m, acc, b),
            (3, false) => run_sum::<L, R, 3, false>(l, r, taps, m, acc, b),
            _ => run_sum::<L, R, 4, true>(l, r, taps, m, acc, b),
        }
    }
}

/// Vectors the contiguous case of [`taps`] sums at once along a row (independent sums sharing
/// each weight broadcast).
const UNROLL: usize = 4;
/// Rows summed at once when a row is at most `2 * LANES` wide (more independent sums).
const ROWS: usize = 4;

/// `R` rows of `P` vectors of [`taps`]' contiguous case, `r` at their first column, the last
/// vector of each row `m` lanes when `TAIL` (all lanes otherwise). (No closures here: they
/// would not inherit the level's target features.)
///
/// # Safety
/// As [`taps`].
#[inline(always)]
unsafe fn run_sum<L: Simd, const R: usize, const P: usize, const TAIL: bool>(
    l: L,
    r: Rows,
    taps: &[(usize, f32)],
    m: usize,
    acc: bool,
    b: Option<f32>,
) {
    let n = L::LANES;
    // SAFETY: as the caller vouches.
    unsafe {
        let mut a = [[l.zero(); P]; R];
        if acc {
            for (k, a) in a.iter_mut().enumerate() {
                let y = r.y.add(k * r.yr);
                for (i, a) in a.iter_mut().enumerate() {
                    *a = if TAIL && i == P - 1 {
                        l.load_n(y.add(i * n), m)
                    } else {
                        l.load(y.add(i * n))
                    };
                }
            }
        }
        for &(o, w) in taps {
            let w = l.splat(w);
            for (k, a) in a.iter_mut().enumerate() {
                let x = r.x.add(o + k * r.xr);
                for (i, a) in a.iter_mut().enumerate() {
                    let v = if TAIL && i == P - 1 {
                        l.load_n(x.add(i * n), m)
                    } else {
                        l.load(x.add(i * n))
                    };
                    *a = l.add(*a, l.mul(v, w));
                }
            }
        }
        for (k, a) in a.into_iter().enumerate() {
            let y = r.y.add(k * r.yr);
            for (i, mut a) in a.into_iter().enumerate() {
                if let Some(b) = b {
                    a = l.add(a, l.splat(b));
                }
                if TAIL && i == P - 1 {
                    l.store_n(y.add(i * n), m, a)
                } else {
                    l.store(y.add(i * n), a)
                }
            }
        }
    }
}

/// `y[j * ys] = row[j * step]` for `j < len`: every `step`-th column of a row summed at every
/// column. `row` holds `MAX_LANES * step` floats past the last one read.
///
/// # Safety
/// The ranges valid and disjoint.
#[inline(always)]
unsafe fn decimate<L: Simd>(
    l: L,
    y: *mut f32,
    ys: usize,
    row: *const f32,
    step: usize,
    len: usize,
) {
    let n = L::LANES;
    // SAFETY: as the caller vouches.
    unsafe {
        if ys != 1 || n == 1 {
            for j in 0..len {
                *y.add(j * ys) = *row.add(j * step);
            }
            return;
        }
        let mut lanes = [0i32; etk_simd::MAX_LANES];
        for (i, v) in lanes.iter_mut().enumerate() {
            *v = (i * step) as i32;
        }
        let idx = l.load_i32(lanes.as_ptr());
        let mut j = 0;
        while j + n <= len {
            l.store(y.add(j), l.gather(row.add(j * step), idx));
            j += n;
        }
        if j < len {
            l.store_n(y.add(j), len - j, l.gather(row.add(j * step), idx));
        }
    }
}

/// The input plane at `x` (`c`'s strides) into `plane` (`rows` rows of `pw` floats), with
/// `pad` rows and columns of zeros around it; vector copies of the level (a call per row to
/// the C library's would cost as much as the row).
///
/// # Safety
/// `plane` holds `rows * pw` floats; `x` is a plane of the input.
#[inline(always)]
unsafe fn fill_plane<L: Simd>(
    l: L,
    plane: *mut f32,
    rows: usize,
    pw: usize,
    pad: (usize, usize),
    c: &Conv<'_>,
    x: *const f32,
) {
    // SAFETY: as the caller vouches.
    unsafe {
        for r in 0..rows {
            fill_row(l, plane.add(r * pw), r, pw, pad, c, x);
        }
    }
}

/// As [`fill_plane`], each row stored split ([`split_columns`]): its `pw.div_ceil(2)` even
/// columns, then its odd ones, built whole in `row` first.
///
/// # Safety
/// As [`fill_plane`]; `row` holds `pw + 2 * MAX_LANES` floats, zeros past `pw`.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
unsafe fn fill_plane_split<L: Simd>(
    l: L,
    plane: *mut f32,
    rows: usize,
    pw: usize,
    pad: (usize, usize),
    c: &Conv<'_>,
    x: *const f32,
    row: *mut f32,
) {
    let n = L::LANES;
    let (even, odd) = (pw.div_ceil(2), pw / 2);
    // SAFETY: as the caller vouches; every pair of vectors read lies in `row`'s room, every
    // store within its half of the plane's row.
    unsafe {
        for r in 0..rows {
            fill_row(l, row, r, pw, pad, c, x);
            let d = plane.add(r * pw);
            let mut i = 0;
            while i < pw {
                let (e, o) = l.unzip(l.load(row.add(i)), l.load(row.add(i + n)));
                let k = i / 2;
                store_part(l, d.add(k), even - k, e);
                if odd > k {
                    store_part(l, d.add(even + k), odd - k, o);
                }
                i += 2 * n;
            }
        }
    }
}

/// `v`'s first `len.min(LANES)` lanes to `p`.
///
/// # Safety
/// `p` valid for that many floats.
#[inline(always)]
unsafe fn store_part<L: Simd>(l: L, p: *mut f32, len: usize, v: L::F32) {
    // SAFETY: as the caller vouches.
    unsafe {
        if len >= L::LANES {
            l.store(p, v)
        } else {
            l.store_n(p, len, v)
        }
    }
}

/// Row `r` of the padded plane (`pw` floats at `d`): zeros, or the input's row `r - pad.0`
/// with `pad.1` zeros before it and the rest after.
///
/// # Safety
/// `d` holds `pw` floats; `x` is a plane of the input.
#[inline(always)]
unsafe fn fill_row<L: Simd>(
    l: L,
    d: *mut f32,
    r: usize,
    pw: usize,
    pad: (usize, usize),
    c: &Conv<'_>,
    x: *const f32,
) {
    let (ih_n, iw_n) = (c.geo.ins[1], c.iw);
    // SAFETY: as the caller vouches.
    unsafe {
        let ih = r.wrapping_sub(pad.0);
        if ih >= ih_n {
            return fill_run(l, d, None, pw);
        }
        fill_run(l, d, None, pad.1);
        let (src, dst) = (x.add(ih * c.xs[2]), d.add(pad.1));
        if c.xs[3] == 1 {
            fill_run(l, dst, Some(src), iw_n);
        } else {
            gather(dst, src, c.xs[3], iw_n);
        }
        fill_run(l, d.add(pad.1 + iw_n), None, pw - pad.1 - iw_n);
    }
}

/// `len` floats at `p`: copied from `src`, or zeros.
///
/// # Safety
/// `p` (and `src`) valid for `len` floats.
#[inline(always)]
unsafe fn fill_run<L: Simd>(l: L, p: *mut f32, src: Option<*const f32>, len: usize) {
    let n = L::LANES;
    let mut j = 0;
    // SAFETY: as the caller vouches.
    unsafe {
        match src {
            Some(src) => {
                while j + n <= len {
                    l.store(p.add(j), l.load(src.add(j)));
                    j += n;
                }
                if j < len {
                    l.store_n(p.add(j), len - j, l.load_n(src.add(j), len - j));
                }
            }
            None => {
                while j + n <= len {
                    l.store(p.add(j), l.zero());
                    j += n;
                }
                if j < len {
                    l.store_n(p.add(j), len - j, l.zero());
                }
            }
        }
    }
}

/// The depthwise loops at level `l`.
///
/// # Safety
/// As [`dw_run`].
#[inline(always)]
unsafe fn dw_body<L: Simd>(l: L, c: &Conv<'_>, buf: Buf, planes: (usize, usize)) {
    let g = c.geo;
    let ch = g.groups;
    // SAFETY: every index is within its tensor (positions checked by `in_h`, `in_w` and
    // `w_range`).
    unsafe {
        let step = (g.stride[2] as usize).wrapping_mul(c.xs[3]);
        let sw = g.stride[2] as usize;
        if let Buf::Plane(Plane {
            plane,
            pw,
            row,
            taps: tap_buf,
        }) = buf
        {
            // every tap inside the padded plane: whole rows of vectors, summed at every
            // column into `row` when the row is strided or not contiguous
            let split = split_columns(c);
            let direct = split || (sw == 1 && c.ys[3] == 1);
            let len = if direct { c.ow } else { (c.ow - 1) * sw + 1 };
            let row_len = len + etk_simd::MAX_LANES * sw;
            let (ph0, pw0) = (g.padding[1] as usize, g.padding[2] as usize);
            let (sh, dh, dw) = (
                g.stride[1] as usize,
                g.dilation[1] as usize,
                g.dilation[2] as usize,
            );
            let tap_list = core::slice::from_raw_parts_mut(tap_buf, c.kh * c.kw);
            for i in planes.0..planes.1 {
                let (n, k) = (i / ch, i % ch);
                {
                    let x = c.x.add(n * c.xs[0] + k * c.xs[1]);
                    let rows = g.ins[1] + 2 * ph0;
                    if split {
                        fill_plane_split(l, plane, rows, pw, (ph0, pw0), c, x, row);
                    } else {
                        fill_plane(l, plane, rows, pw, (ph0, pw0), c, x);
                    }
                    for (t, tap) in tap_list.iter_mut().enumerate() {
                        let (th, tw) = (t / c.kw, t % c.kw);
                        let w = *c.w.add(k * c.ws[0] + th * c.ws[2] + tw * c.ws[3]);
                        let col = tw * dw;
                        let col = match (split, col % 2) {
                            (false, _) => col,
                            (true, 0) => col / 2,
                            (true, _) => pw.div_ceil(2) + col / 2,
                        };
                        *tap = (th * dh * pw + col, w);
                    }
                    let b = c.b.map(|(b, bs)| *b.add(k * bs));
                    // narrow rows go `ROWS` at a time (more independent sums)
                    let block = if len <= 2 * L::LANES { ROWS } else { 1 };
                    // (the last block of rows moved back over rows already summed when the
                    // taps are summed in one go: the same sums written again)
                    let overlap = tap_list.len() <= MAX_TAPS && c.oh >= block;
                    let mut oh = 0;
                    while oh < c.oh {
                        if overlap && oh + block > c.oh {
                            oh = c.oh - block;
                        }
                        let rows = if oh + block <= c.oh { block } else { 1 };
                        let y = c.y.add(n * c.ys[0] + k * c.ys[1] + oh * c.ys[2]);
                        let r = Rows {
                            y: if direct { y } else { row },
                            yr: if direct { c.ys[2] } else { row_len },
                            x: plane.add(oh * sh * pw),
                            xr: sh * pw,
                        };
                        // MAX_TAPS at a time, the bias after the last
                        let chunks = tap_list.len().div_ceil(MAX_TAPS);
                        for (i, chunk) in tap_list.chunks(MAX_TAPS).enumerate() {
                            let b = if i + 1 == chunks { b } else { None };
                            if rows == ROWS {
                                rows_of::<L, ROWS>(l, r, chunk, i > 0, b, len);
                            } else {
                                rows_of::<L, 1>(l, r, chunk, i > 0, b, len);
                            }
                        }
                        if !direct {
                            for q in 0..rows {
                                let y = y.add(q * c.ys[2]);
                                decimate(l, y, c.ys[3], row.add(q * row_len), sw, c.ow);
                            }
                        }
                        oh += rows;
                    }
                }
            }
            return;
        }
        let mut tap_list = [(0usize, 0f32); MAX_TAPS];
        // the column ranges of the taps, computed once (they cost divisions), and the
        // interior columns that every tap reads inside the input
        let mut ranges = [(0, 0, 0); RANGES];
        let (mut lo_all, mut hi_all) = (0, c.ow);
        for (tw, r) in ranges.iter_mut().enumerate().take(c.kw) {
            *r = c.w_range(tw);
            lo_all = lo_all.max(r.0);
            hi_all = hi_all.min(r.1);
        }
        if c.kw > RANGES || lo_all > hi_all {
            (lo_all, hi_all) = (0, 0);
        }
        for i in planes.0..planes.1 {
            let (n, k) = (i / ch, i % ch);
            {
                let x = c.x.add(n * c.xs[0] + k * c.xs[1]);
                let b = c.b.map(|(b, bs)| *b.add(k * bs));
                let wk = |th: usize, tw: usize| *c.w.add(k * c.ws[0] + th * c.ws[2] + tw * c.ws[3]);
                for oh in 0..c.oh {
                    let y = c.y.add(n * c.ys[0] + k * c.ys[1] + oh * c.ys[2]);
                    // interior: the taps' runs, in portable's order, MAX_TAPS at a time
                    let (mut nt, mut started) = (0, false);
                    for th in 0..c.kh {
                        let Some(ih) = c.in_h(oh, th) else { continue };
                        for (tw, &(lo, _, iw0)) in ranges.iter().enumerate().take(c.kw) {
                            let iw = iw0 + (lo_all.wrapping_sub(lo)).wrapping_mul(sw);
                            if hi_all > lo_all {
                                tap_list[nt] = (ih * c.xs[2] + iw * c.xs[3], wk(th, tw));
                                nt += 1;
                            }
                            if nt == MAX_TAPS {
                                let y0 = y.add(lo_all * c.ys[3]);
                                let len = hi_all - lo_all;
                                taps(l, y0, c.ys[3], x, &tap_list, step, started, None, len);
                                (nt, started) = (0, true);
                            }
                        }
                    }
                    let y0 = y.add(lo_all * c.ys[3]);
                    let len = hi_all - lo_all;
                    taps(l, y0, c.ys[3], x, &tap_list[..nt], step, started, b, len);
                    // the edges, column by column
                    let edges = (0..lo_all).chain(hi_all.max(lo_all)..c.ow);
                    if lo_all == 0 && hi_all >= c.ow {
                        continue;
                    }
                    let mut ihs = [None; RANGES];
                    for (th, ih) in ihs.iter_mut().enumerate().take(c.kh) {
                        *ih = c.in_h(oh, th);
                    }
                    for ow in edges {
                        let mut acc = 0f32;
                        for th in 0..c.kh {
                            let ih = match ihs.get(th) {
                                Some(&ih) => ih,
                                None => c.in_h(oh, th),
                            };
                            let Some(ih) = ih else { continue };
                            for tw in 0..c.kw {
                                let iw = match ranges.get(tw) {
                                    Some(&(lo, hi, iw0)) => {
                                        (lo..hi).contains(&ow).then(|| iw0 + (ow - lo) * sw)
                                    }
                                    None => c.in_w(ow, tw),
                                };
                                let Some(iw) = iw else { continue };
                                acc += *x.add(ih * c.xs[2] + iw * c.xs[3]) * wk(th, tw);
                            }
                        }
                        *y.add(ow * c.ys[3]) = b.map_or(acc, |b| acc + b);
                    }
                }
            }
        }
    }
}
