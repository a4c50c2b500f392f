//! Plain (not transposed) convolutions on the GEMM, in Float, Half or BFloat16 (elements
//! copied as they are; the GEMM widens them while packing and rounds the out once):
//! - a 1x1 kernel whose positions are one stride apart: the input read in place;
//! - everything else: im2col of a band of output positions into scratch, then the GEMM. The
//!   column matrix follows the input: `[K, positions]` with taps `(c, kh, kw)` for NCHW (runs
//!   of input width copied), `[positions, K]` with taps `(kh, kw, c)` for channels-last (runs
//!   of channels copied — of a whole kernel row, `kw * C`, when the pixels are adjacent);
//!   a weight whose dims do not flatten in that order is copied once into scratch (with a
//!   channels-last out too, the band is A and the weight B's panels: `nhwc.rs`). Large
//!   calls hand bands to tasks (each its own im2col buffer and GEMM scratch).
//! - In Float by width, when the GEMM would pack B (more than 8 output channels per group),
//!   im2col writes the GEMM's B panels themselves (`gemm::gemm_packed_raw`): the copy of the
//!   input is the packing, and B is not copied a second time (1x64x56x56 -> 64 3x3: 2.95 ->
//!   2.59 ms). Bands are then whole panels wide.

use super::columns::{self, Layout};
use super::elements::{narrow, read, widen};
use super::nhwc;
use super::{Conv, MAX_TASKS, OP, Runs, Shared, depthwise, merged_stride, tasks_for};
use crate::fused::hook::OutHook;
use crate::gemm::{self, Dt, Epilogue, Isa, MatMut, MatRef};
use etk_core::{Error, KernelContext, Parallel, Result, Scratch, Serial};

/// Upper bound on an im2col band (bytes): the band is written, then packed by the GEMM,
/// while in L2 (1x64x56x56 by 64 3x3: 8 MiB bands 3.86 ms, 1 MiB 3.22, 256 KiB 3.40).
const BAND_BYTES: usize = 1 << 20;
/// Scratch left to the GEMM's packing (it needs about 2 MiB, and works with less).
const GEMM_BYTES: usize = 4 << 20;

/// With an [`OutHook`], the out of a 1x1 convolution is computed this many bytes of it at a
/// time (a band of positions, every channel of the group), each band handed over while in L2.
const HOOK_BAND_BYTES: usize = 128 << 10;

/// `out[n, group g] = W_g x X[n, group g]`, the input read in place; with a hook (the out's
/// planes dense: `Runs::Planes`), a band of positions at a time, each channel's run of the
/// band handed to it when the band is done.
///
/// # Safety
/// As in `convolution_out_isa`; `c.direct_1x1()`.
pub(super) unsafe fn direct_1x1(
    ctx: &mut KernelContext<'_>,
    isa: Isa,
    c: &Conv<'_>,
    hook: Option<OutHook<'_>>,
) -> Result<()> {
    let g = c.geo;
    // NHWC: every image's positions continue the previous one's, one product for the batch
    let (images, cols, xp, yp) = match (c.positions(false, g.n), c.positions(true, g.n)) {
        (Some(xp), Some(yp)) => (1, g.n * c.oh * c.ow, xp, yp),
        _ => match (c.positions(false, 1), c.positions(true, 1)) {
            (Some(xp), Some(yp)) => (g.n, c.oh * c.ow, xp, yp),
            _ => unreachable!("direct_1x1 checked that positions merge"),
        },
    };
    // (the GEMM sums each element over K alike whatever columns it is given: bands change
    // no bits)
    let band = match hook {
        Some(_) => {
            let nr = gemm::packed_b_layout(isa, g.icg).0;
            (HOOK_BAND_BYTES / (g.ocg * c.es()).max(1)).next_multiple_of(nr)
        }
        None => cols,
    };
    for n in 0..images {
        for grp in 0..g.groups {
            for p0 in (0..cols).step_by(band) {
                let len = band.min(cols - p0);
                // SAFETY: element (ic, p) of the group's input and (oc, p) of its out are
                // elements of the tensors (positions merge as checked).
                unsafe {
                    let x = c.xb(n * c.xs[0] + grp * g.icg * c.xs[1] + p0 * xp);
                    let b = MatRef::from_raw(x, c.dt, g.icg, len, c.xs[1] as isize, xp as isize);
                    let b = B::View(b);
                    let a =
                        weight_mat(c, grp, false).expect("a 1x1 kernel's taps are its channels");
                    product(ctx, isa, c, a, b, n, grp, p0, len, yp)?;
                }
                if let Some(h) = hook {
                    for oc in grp * g.ocg..(grp + 1) * g.ocg {
                        // (merged images: the positions continue one another, `yp == 1`)
                        h.done(n * c.ys[0] + oc * c.ys[1] + p0, len);
                    }
                }
            }
        }
    }
    Ok(())
}

/// The group's weight `[ocg, K]` read in place, if its taps flatten to one stride in
/// im2col's order: `(c, kh, kw)`, or `(kh, kw, c)` when `chan_inner`.
///
/// # Safety
/// As in `convolution_out_isa`.
unsafe fn weight_mat<'a>(c: &Conv<'_>, grp: usize, chan_inner: bool) -> Option<MatRef<'a>> {
    let g = c.geo;
    let (sizes, strides) = if chan_inner {
        ([c.kh, c.kw, g.icg], [c.ws[2], c.ws[3], c.ws[1]])
    } else {
        ([g.icg, c.kh, c.kw], [c.ws[1], c.ws[2], c.ws[3]])
    };
    let cs = merged_stride(&sizes, &strides)?;
    let k = g.icg * c.kh * c.kw;
    // SAFETY: rows are output channels of the group, columns its taps (one stride apart).
    Some(unsafe {
        MatRef::from_raw(
            c.wb(grp * g.ocg * c.ws[0]),
            c.dt,
            g.ocg,
            k,
            c.ws[0] as isize,
            cs as isize,
        )
    })
}

/// The B of a product: a view, or panels in the GEMM's layout (`[K, cols]`, Float).
#[derive(Clone, Copy)]
enum B<'a> {
    View(MatRef<'a>),
    Panels(*const f32),
}

/// `out[n, group grp, positions p0..p0 + cols] = a x b + bias`, the out's positions `yp`
/// apart.
///
/// # Safety
/// As in `convolution_out_isa`; `a` is `[ocg, K]`, `b` `[K, cols]` (panels: of `isa`, for
/// an out that is not column-major), and those positions of the out (starting at output row
/// `p0 / ow`) exist.
#[allow(clippy::too_many_arguments)]
unsafe fn product(
    ctx: &mut KernelContext<'_>,
    isa: Isa,
    c: &Conv<'_>,
    a: MatRef<'_>,
    b: B<'_>,
    n: usize,
    grp: usize,
    p0: usize,
    cols: usize,
    yp: usize,
) -> Result<()> {
    let g = c.geo;
    let (row, col) = (p0 / c.ow, p0 % c.ow);
    // SAFETY: as the caller vouches.
    unsafe {
        let y = c.yb(n * c.ys[0] + grp * g.ocg * c.ys[1] + row * c.ys[2] + col * c.ys[3]);
        let cm = MatMut::from_raw(y, c.dt, g.ocg, cols, c.ys[1] as isize, yp as isize);
        let epi = Epilogue {
            bias: c.bias(grp * g.ocg, g.ocg),
            ..Epilogue::default()
        };
        match b {
            B::View(b) => gemm::gemm(ctx, isa, a, b, cm, &epi),
            B::Panels(p) => gemm::gemm_packed_raw(ctx, isa, a, p, cols, cm, &epi),
        }
    }
}

/// How the output positions of one image and group are cut into bands.
#[derive(Clone, Copy)]
pub(super) struct Bands {
    /// Positions per band.
    pub(super) len: usize,
    /// Row width, and whether bands may run across rows (the rows continue one another); if
    /// not, bands stay within a row.
    pub(super) ow: usize,
    pub(super) positions: usize,
    pub(super) across_rows: bool,
}

impl Bands {
    pub(super) fn count(&self) -> usize {
        if self.across_rows {
            self.positions.div_ceil(self.len)
        } else {
            self.positions / self.ow * self.ow.div_ceil(self.len)
        }
    }

    /// Positions `p0..p1` of band `i`.
    pub(super) fn range(&self, i: usize) -> (usize, usize) {
        if self.across_rows {
            let p0 = i * self.len;
            (p0, (p0 + self.len).min(self.positions))
        } else {
            let per_row = self.ow.div_ceil(self.len);
            let p0 = i / per_row * self.ow + i % per_row * self.len;
            (p0, (p0 + self.len).min(i / per_row * self.ow + self.ow))
        }
    }
}

/// im2col a band of output positions at a time, then the GEMM; bands go to tasks when the
/// call is large. With a hook, each band's out is handed to it when the band's GEMM is done:
/// each channel's run (`Runs::Planes`) or, one group only, the band's pixels
/// (`Runs::Pixels`). `Ok(false)` (nothing written) when the scratch cannot hold one
/// position's band.
///
/// # Safety
/// As in `convolution_out_isa`.
pub(super) unsafe fn im2col_gemm(
    ctx: &mut KernelContext<'_>,
    isa: Isa,
    c: &Conv<'_>,
    hook: Option<(OutHook<'_>, Runs)>,
    prepared: Option<&nhwc::PackedWeight>,
) -> Result<bool> {
    let g = c.geo;
    let es = c.es();
    // channels-last input: runs of channels are contiguous, taps ordered (kh, kw, c)
    let chan_inner = c.xs[1] == 1 && g.icg > 1;
    // and a channels-last out: the pixels are the product's rows, the weight its packed B
    let nhwc = nhwc::takes(c);
    let Some(k) = g.icg.checked_mul(c.kh).and_then(|v| v.checked_mul(c.kw)) else {
        return Ok(false);
    };
    let c_out = g.out_sizes[1];
    let positions = c.oh * c.ow;
    // a band across rows needs the out's rows to continue one another
    let across_rows = merged_stride(&[c.oh, c.ow], &c.ys[2..]).is_some();
    let in_place = nhwc || unsafe { weight_mat(c, 0, chan_inner) }.is_some();
    // Float by width goes straight into the GEMM's B panels (unless the out is column-major,
    // which turns the product and would make them A's), when the GEMM would pack B: a few
    // output channels per group read B in place (groups 32, 2 channels each: panels took
    // 543 -> 620 us)
    let layout = if chan_inner {
        Layout::ByChannels
    } else if c.dt == Dt::F32 && g.ocg > 8 && !(c.ys[3] != 1 && c.ys[1] == 1) {
        let (nr, kc) = gemm::packed_b_layout(isa, k);
        Layout::Panels { nr, kc }
    } else {
        Layout::ByWidth
    };
    // positions a band's columns take (a partial panel is padded)
    let width = |len: usize| match layout {
        Layout::Panels { nr, .. } => len.next_multiple_of(nr),
        _ => len,
    };
    let flops = [g.n, c_out, k, positions]
        .iter()
        .fold(1usize, |a, &v| a.saturating_mul(v));
    let par = ctx.parallel;
    ctx.scratch.scope(|s| {
        let panels: Option<*const f32> = match prepared.and_then(|p| p.of(c, isa)) {
            Some(p) => Some(p),
            None if nhwc => {
                let Some(len) = nhwc::panels_len(c, isa) else {
                    return Ok(false);
                };
                let Ok(buf) = s.alloc_for_overwrite::<f32>(OP, len) else {
                    return Ok(false);
                };
                // SAFETY: `buf` holds every group's panels.
                unsafe { nhwc::pack_panels(c, isa, buf.as_mut_ptr()) };
                Some(buf.as_ptr())
            }
            None => None,
        };
        let packed: Option<*const u8> = if in_place {
            None
        } else {
            let Some(len) = k.checked_mul(c_out).and_then(|v| v.checked_mul(es)) else {
                return Ok(false);
            };
            let Ok(buf) = s.alloc_for_overwrite::<u8>(OP, len) else {
                return Ok(false);
            };
            // SAFETY: every tap of every output channel is an element of the weight.
            unsafe { pack_weight(c, chan_inner, buf.as_mut_ptr()) };
            Some(buf.as_ptr())
        };
        let units = g.n * g.groups;
        let mut nt = tasks_for(flops, par);
        let per_task = s.remaining().saturating_sub(256 * nt) / nt;
        let band_bytes = (per_task - (per_task / 2).min(GEMM_BYTES)).min(BAND_BYTES);
        // enough bands for every thread; tasks past one per thread take whole bands of that
        // length (shorter bands would pack the weight again for fewer columns)
        let threads = par.num_threads().clamp(1, nt);
        let len = (band_bytes / (k * es)).min(positions.div_ceil(threads.div_ceil(units)));
        let len = match layout {
            // whole panels, but for the last band
            Layout::Panels { nr, .. } if across_rows && len > nr => len / nr * nr,
            _ if across_rows => len,
            _ => len.min(c.ow),
        };
        if len == 0 {
            return Ok(false);
        }
        let bands = Bands {
            len,
            ow: c.ow,
            positions,
            across_rows,
        };
        let total = units * bands.count();
        nt = nt.min(total);
        let col_bytes = (width(len) * k * es).next_multiple_of(64);
        let per_task = s.remaining().saturating_sub(128 * nt) / nt;
        if col_bytes > per_task {
            return Ok(false);
        }
        let mut regions = [Shared((core::ptr::null_mut::<u8>(), 0usize)); MAX_TASKS];
        for r in regions.iter_mut().take(nt) {
            let Ok(buf) = s.alloc_for_overwrite::<u8>(OP, per_task) else {
                return Ok(false);
            };
            *r = Shared((buf.as_mut_ptr(), buf.len()));
        }
        // one task: the GEMM may split itself instead
        let gemm_par: &dyn Parallel = if nt == 1 { par } else { &Serial };
        let failed = std::sync::Mutex::new(None::<Error>);
        let shared = Shared((c, packed, panels));
        let body = |t: usize| {
            let &(c, packed, panels) = shared.get();
            let Shared((base, size)) = regions[t];
            // SAFETY: each task has its own region of the scratch; `col_bytes <= size` as
            // `len` was sized from it.
            let (col, rest) =
                unsafe { core::slice::from_raw_parts_mut(base, size).split_at_mut(col_bytes) };
            let col = col.as_mut_ptr();
            let mut sub = KernelContext::new(rest, gemm_par);
            for item in t * total / nt..(t + 1) * total / nt {
                let (unit, band) = (item / bands.count(), item % bands.count());
                let (n, grp) = (unit / g.groups, unit % g.groups);
                let (p0, p1) = bands.range(band);
                let cols = p1 - p0;
                // SAFETY: the packed weight has `C_out` rows of `k` taps; `col` holds a band;
                // the band's positions exist.
                let r = unsafe {
                    if let Some(panels) = panels {
                        let at = (n, grp, p0);
                        let a = match nhwc::input_rows(c, at, cols) {
                            Some(a) => a,
                            None => {
                                columns::im2col(isa, c, n, grp, (p0, p1), col, layout);
                                MatRef::from_raw(col, c.dt, cols, k, k as isize, 1)
                            }
                        };
                        nhwc::product(&mut sub, isa, c, a, panels, at)
                    } else {
                        let a = match packed {
                            Some(p) => MatRef::from_raw(
                                p.add(grp * g.ocg * k * es),
                                c.dt,
                                g.ocg,
                                k,
                                k as isize,
                                1,
                            ),
                            None => weight_mat(c, grp, chan_inner).expect("checked above"),
                        };
                        columns::im2col(isa, c, n, grp, (p0, p1), col, layout);
                        let b = match layout {
                            Layout::ByChannels => {
                                B::View(MatRef::from_raw(col, c.dt, k, cols, 1, k as isize))
                            }
                            Layout::ByWidth => {
                                B::View(MatRef::from_raw(col, c.dt, k, cols, cols as isize, 1))
                            }
                            Layout::Panels { .. } => B::Panels(col as *const f32),
                        };
                        let yp = if p0 % c.ow + cols <= c.ow {
                            c.ys[3]
                        } else {
                            merged_stride(&[c.oh, c.ow], &c.ys[2..]).expect("bands cross rows")
                        };
                        product(&mut sub, isa, c, a, b, n, grp, p0, cols, yp)
                    }
                };
                if let Err(e) = r {
                    *failed.lock().unwrap_or_else(|p| p.into_inner()) = Some(e);
                    return;
                }
                match hook {
                    Some((h, Runs::Planes)) => {
                        for oc in grp * g.ocg..(grp + 1) * g.ocg {
                            h.done(c.out_at(n, oc, p0), cols);
                        }
                    }
                    Some((h, Runs::Pixels)) => h.done(c.out_at(n, 0, p0), cols * c_out),
                    None => {}
                }
            }
        };
        if nt == 1 {
            body(0);
        } else {
            par.run(nt, &body);
        }
        match failed.into_inner().unwrap_or_else(|p| p.into_inner()) {
            Some(e) => Err(e),
            None => Ok(true),
        }
    })
}

/// The weight as `[C_out, K]` row-major, taps in im2col's order.
///
/// # Safety
/// As in `convolution_out_isa`; `buf` holds `C_out * K` elements.
unsafe fn pack_weight(c: &Conv<'_>, chan_inner: bool, buf: *mut u8) {
    let g = c.geo;
    let es = c.es();
    let mut i = 0;
    for oc in 0..g.out_sizes[1] {
        for a in 0..if chan_inner { c.kh } else { g.icg } {
            for b in 0..if chan_inner { c.kw } else { c.kh } {
                for d in 0..if chan_inner { g.icg } else { c.kw } {
                    let (ic, th, tw) = if chan_inner { (d, a, b) } else { (a, b, d) };
                    let off = oc * c.ws[0] + ic * c.ws[1] + th * c.ws[2] + tw * c.ws[3];
                    // SAFETY: indices within the weight's sizes and the buffer.
                    unsafe { core::ptr::copy_nonoverlapping(c.wb(off), buf.add(i * es), es) };
                    i += 1;
                }
            }
        }
    }
}

/// A Half or BFloat16 depthwise convolution through the Float depthwise kernel: input,
/// weight and bias widened into scratch (same strides: tensors are dense in their dim order),
/// the out computed in Float there and rounded once. `false` when the scratch is too small.
///
/// # Safety
/// As in `convolution_out_isa`; `c` is depthwise.
pub(super) unsafe fn depthwise_widened(
    ctx: &mut KernelContext<'_>,
    isa: Isa,
    c: &Conv<'_>,
) -> bool {
    let g = c.geo;
    let ch = g.groups;
    let numel = |s: [usize; 4]| s.iter().product::<usize>();
    let nx = numel([g.n, ch, g.ins[1], g.ins[2]]);
    let nw = numel([ch, 1, c.kh, c.kw]);
    let ny = numel([g.n, ch, c.oh, c.ow]);
    let par = ctx.parallel;
    ctx.scratch.scope(|s| {
        let bufs = (
            s.alloc_for_overwrite::<f32>(OP, nx),
            s.alloc_for_overwrite::<f32>(OP, nw),
            s.alloc_for_overwrite::<f32>(OP, ch),
            s.alloc_for_overwrite::<f32>(OP, ny),
        );
        let (Ok(xf), Ok(wf), Ok(bf), Ok(yf)) = bufs else {
            return false;
        };
        // SAFETY: a dense tensor's elements are the `numel` after its first one.
        unsafe {
            widen(isa, c.dt, c.x as *const u8, xf);
            widen(isa, c.dt, c.w as *const u8, wf);
            for (oc, v) in bf.iter_mut().enumerate() {
                *v = match c.b {
                    Some((bp, bs)) => read(c.dt, (bp as *const u8).add(oc * bs * c.es())),
                    None => 0.0,
                };
            }
        }
        let wide = Conv {
            dt: Dt::F32,
            x: xf.as_ptr(),
            w: wf.as_ptr(),
            b: Some((bf.as_ptr(), 1)),
            y: yf.as_mut_ptr(),
            ..*c
        };
        let rest = s
            .alloc_for_overwrite::<u8>(OP, s.remaining().saturating_sub(64))
            .unwrap_or_default();
        // SAFETY: the widened tensors have the originals' sizes and strides.
        unsafe {
            depthwise(&mut Scratch::new(rest), par, isa, &wide, None);
            narrow(isa, c.dt, yf, c.y as *mut u8);
        }
        true
    })
}
