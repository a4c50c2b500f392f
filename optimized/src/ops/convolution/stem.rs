//! Convolutions with few input channels (the 3-channel first layers, resnet's 7x7 stride-2
//! stem) as an indirect GEMM: no column matrix. im2col would write `[pixels, K]` (K = 147 for
//! the stem) and the GEMM then pack it again; here the tile reads A straight from the input.
//!
//! - The input is copied once, widened to Float, into a zero-padded channels-last image in
//!   scratch (`[H + 2 ph, W + 2 pw, C]`, 3x96x96: 125 KiB): then for each output pixel and
//!   kernel row, the `kw * C` taps are one contiguous run of it (21 floats for the stem), the
//!   padding taps reading zeros, whatever the input's dim order.
//! - The tile is the GEMM's shape at the level ([`Gemm`]: AVX-512 12 pixels x 32 channels):
//!   `MR` output pixels as rows, each reading its runs through its own pointer, times the
//!   weight `[K, C_out]` in the GEMM's packed B panels (`nhwc::pack_panels`, one k block:
//!   the GEMM takes `K` in one block up to 1.5 `KC`), packed once at prepare
//!   (`nhwc::PackedWeight`) or into scratch at the call.
//! - A channels-last out gets the tile's rows as they are; any other (NCHW) through a band
//!   buffer, transposed a `LANES x LANES` block at a time into runs of pixels per channel.
//!   With an [`OutHook`], each band of pixels is handed over when done.
//!
//! Each output sums its taps in `(kh, kw, c)` order with fused multiply-adds, whatever the
//! thread count (tasks take whole bands).

use super::elements::{read, write};
use super::nhwc::{self, PackedWeight};
use super::{Conv, MAX_TASKS, OP, Runs, Shared, merged_stride, tasks_for};
use crate::fused::hook::OutHook;
use crate::gemm::level::Gemm;
use crate::gemm::{self, Isa};
use etk_core::KernelContext;
use etk_simd::{Kernel, MAX_LANES, Simd, dispatch};

/// Input channels per group up to which the call takes this path: above, the column band's
/// runs are long enough for im2col and the GEMM.
const MAX_CHANNELS: usize = 4;

/// Tiles of pixels per band (the unit of tasks and of the hook).
const BAND_TILES: usize = 8;

/// Whether the call takes this path: one group of few input channels, no dilation, every
/// tap in one k block of the GEMM's panels, an input small enough to copy.
pub(super) fn takes(c: &Conv<'_>, isa: Isa) -> bool {
    let g = c.geo;
    let k = g.icg * c.kh * c.kw;
    let small = |v: isize| (0..=64).contains(&v);
    !g.transposed
        && g.groups == 1
        && g.icg <= MAX_CHANNELS
        && gemm::packed_b_layout(isa, k).1 >= k
        && g.ins[1] * g.ins[2] <= 512 * 512
        && (1..3).all(|d| g.dilation[d] == 1 && small(g.stride[d]) && small(g.padding[d]))
}

/// What every task reads: the padded input, the panels, the bias, and the cut into bands.
#[derive(Clone, Copy)]
struct Plan {
    /// Padded channels-last input, its height and width.
    xp: *const f32,
    hp: usize,
    wp: usize,
    panels: *const f32,
    /// The bias as Float, zero-padded to whole panels.
    bias: *const f32,
    /// Output channels rounded up to whole panels.
    npad: usize,
    k: usize,
    band: usize,
    bands_per_image: usize,
    /// Whether the out is channels-last (tiles stored in place) — else through a band buffer.
    in_place: bool,
}

/// Runs the call on this path; `false` (nothing written) when the scratch is too small.
///
/// # Safety
/// As in `convolution_out_isa`; `takes(c, isa)`.
pub(super) unsafe fn stem(
    ctx: &mut KernelContext<'_>,
    isa: Isa,
    c: &Conv<'_>,
    hook: Option<(OutHook<'_>, Runs)>,
    prepared: Option<&PackedWeight>,
) -> bool {
    let g = c.geo;
    let c_out = g.out_sizes[1];
    let k = g.icg * c.kh * c.kw;
    let (nr, _) = gemm::packed_b_layout(isa, k);
    let npad = c_out.next_multiple_of(nr);
    let (hp, wp) = (
        g.ins[1] + 2 * g.padding[1] as usize,
        c.iw + 2 * g.padding[2] as usize,
    );
    let mr = dispatch(isa, TileRows);
    let band = mr * BAND_TILES;
    let positions = c.oh * c.ow;
    let bands_per_image = positions.div_ceil(band);
    let total = g.n * bands_per_image;
    let flops = [g.n, c_out, k, positions]
        .iter()
        .fold(1usize, |a, &v| a.saturating_mul(v));
    let par = ctx.parallel;
    let nt = tasks_for(flops, par).min(total);
    let in_place = c.ys[1] == 1;
    ctx.scratch.scope(|s| {
        let panels = match prepared.and_then(|p| p.of(c, isa)) {
            Some(p) => p,
            None => {
                let Some(len) = nhwc::panels_len(c, isa) else {
                    return false;
                };
                let Ok(buf) = s.alloc_for_overwrite::<f32>(OP, len) else {
                    return false;
                };
                // SAFETY: `buf` holds the panels.
                unsafe { nhwc::pack_panels(c, isa, buf.as_mut_ptr()) };
                buf.as_ptr()
            }
        };
        let Some(xlen) = [g.n, hp, wp, g.icg]
            .iter()
            .try_fold(1usize, |a, &v| a.checked_mul(v))
        else {
            return false;
        };
        let (Ok(xp), Ok(bias)) = (
            s.alloc_for_overwrite::<f32>(OP, xlen),
            s.alloc::<f32>(OP, npad),
        ) else {
            return false;
        };
        // SAFETY: `c` describes the checked call; `xp` holds the padded input.
        unsafe { pad_input(c, xp, hp, wp) };
        if let Some((bp, bs)) = c.b {
            for (oc, v) in bias.iter_mut().enumerate().take(c_out) {
                // SAFETY: an element of the bias.
                *v = unsafe { read(c.dt, (bp as *const u8).add(oc * bs * c.es())) };
            }
        }
        let buf_len = if in_place { 0 } else { band * npad };
        let mut bufs = [Shared(core::ptr::null_mut::<f32>()); MAX_TASKS];
        for b in bufs.iter_mut().take(nt) {
            let Ok(buf) = s.alloc_for_overwrite::<f32>(OP, buf_len) else {
                return false;
            };
            *b = Shared(buf.as_mut_ptr());
        }
        let plan = Plan {
            xp: xp.as_ptr(),
            hp,
            wp,
            panels,
            bias: bias.as_ptr(),
            npad,
            k,
            band,
            bands_per_image,
            in_place,
        };
        let shared = Shared((c, plan));
        let body = |t: usize| {
            let &(c, plan) = shared.get();
            let buf = bufs[t].0;
            for item in t * total / nt..(t + 1) * total / nt {
                let (n, b) = (item / plan.bands_per_image, item % plan.bands_per_image);
                let p0 = b * plan.band;
                let p1 = (p0 + plan.band).min(positions);
                dispatch(
                    isa,
                    Band {
                        c,
                        plan,
                        n,
                        p0,
                        p1,
                        buf,
                    },
                );
                match hook {
                    Some((h, Runs::Planes)) => {
                        for oc in 0..c_out {
                            h.done(c.out_at(n, oc, p0), p1 - p0);
                        }
                    }
                    Some((h, Runs::Pixels)) => h.done(c.out_at(n, 0, p0), (p1 - p0) * c_out),
                    None => {}
                }
            }
        };
        if nt <= 1 {
            body(0);
        } else {
            par.run(nt, &body);
        }
        true
    })
}

/// The input, widened to Float, into `xp` as `[N, hp, wp, C]` with zeros around.
///
/// # Safety
/// `c` describes a checked call; `xp` holds `N * hp * wp * C` floats.
unsafe fn pad_input(c: &Conv<'_>, xp: &mut [f32], hp: usize, wp: usize) {
    let g = c.geo;
    let (ih, iw, ch) = (g.ins[1], c.iw, g.icg);
    let (ph, pw) = (g.padding[1] as usize, g.padding[2] as usize);
    xp.fill(0.0);
    for n in 0..g.n {
        for h in 0..ih {
            let row = &mut xp[((n * hp + h + ph) * wp + pw) * ch..][..iw * ch];
            let base = n * c.xs[0] + h * c.xs[2];
            for (w, px) in row.chunks_exact_mut(ch).enumerate() {
                for (ic, v) in px.iter_mut().enumerate() {
                    // SAFETY: an element of the input.
                    *v = unsafe { read(c.dt, c.xb(base + w * c.xs[3] + ic * c.xs[1])) };
                }
            }
        }
    }
}

/// The level's tile height ([`Gemm::MR`]).
struct TileRows;

impl Kernel for TileRows {
    type Output = usize;
    #[inline(always)]
    fn run<S: Simd>(self, _s: S) -> usize {
        S::MR
    }
}

/// One band of output pixels `p0..p1` of image `n`, every output channel.
struct Band<'c, 'g> {
    c: &'c Conv<'g>,
    plan: Plan,
    n: usize,
    p0: usize,
    p1: usize,
    /// The band buffer `[band, npad]` (when the out is not channels-last).
    buf: *mut f32,
}

impl Kernel for Band<'_, '_> {
    type Output = ();
    #[inline(always)]
    fn run<S: Simd>(self, s: S) {
        // the level's tile (see `gemm/level.rs`); the other shapes are never reached
        // SAFETY: as `stem`'s caller vouches.
        unsafe {
            match (S::MR, S::NV) {
                (12, 2) => self.tiles::<S, 12, 2>(s),
                (6, 2) => self.tiles::<S, 6, 2>(s),
                (8, 3) => self.tiles::<S, 8, 3>(s),
                _ => self.tiles::<S, 4, 4>(s),
            }
        }
    }
}

impl Band<'_, '_> {
    #[inline(always)]
    unsafe fn tiles<S: Simd, const MR: usize, const NV: usize>(&self, s: S) {
        let (c, plan) = (self.c, self.plan);
        if MR != S::MR || NV != S::NV {
            return;
        }
        let g = c.geo;
        let c_out = g.out_sizes[1];
        let nr = NV * S::LANES;
        let (sh, sw) = (g.stride[1] as usize, g.stride[2] as usize);
        let run = c.kw * g.icg;
        let row_step = plan.wp * g.icg;
        let image = plan.hp * row_step;
        // SAFETY: every pointer below is inside the padded input, the panels, the bias, the
        // band buffer or the out (pixels clamped to the band's last).
        unsafe {
            let x = plan.xp.add(self.n * image);
            let mut p = self.p0;
            while p < self.p1 {
                let m = MR.min(self.p1 - p);
                let rows: [*const f32; MR] = core::array::from_fn(|r| {
                    let q = (p + r).min(self.p1 - 1);
                    x.add(((q / c.ow) * sh * plan.wp + (q % c.ow) * sw) * g.icg)
                });
                for j0 in (0..c_out).step_by(nr) {
                    let w = plan.panels.add(j0 * plan.k);
                    let acc = tile::<S, MR, NV>(s, &rows, c.kh, run, row_step, w);
                    let mut bias = [s.zero(); NV];
                    for (v, b) in bias.iter_mut().enumerate() {
                        *b = s.load(plan.bias.add(j0 + v * S::LANES));
                    }
                    if plan.in_place {
                        store_pixels::<S, MR, NV>(s, c, &acc, &bias, (self.n, p, m, j0));
                    } else {
                        let b = self.buf.add((p - self.p0) * plan.npad + j0);
                        for (r, row) in acc.iter().enumerate().take(m) {
                            for (v, &a) in row.iter().enumerate() {
                                s.store(b.add(r * plan.npad + v * S::LANES), s.add(a, bias[v]));
                            }
                        }
                    }
                }
                p += MR;
            }
            if !plan.in_place {
                self.scatter(s);
            }
        }
    }

    /// The band buffer's `[pixels, channels]` into the out, per channel a run of pixels:
    /// `LANES x LANES` blocks transposed where the out's pixels are contiguous.
    #[inline(always)]
    unsafe fn scatter<S: Simd>(&self, s: S) {
        let (c, plan) = (self.c, self.plan);
        let c_out = c.geo.out_sizes[1];
        let len = self.p1 - self.p0;
        // the band's pixels one apart in the out
        let unit = c.ys[3] == 1
            && (self.p0 % c.ow + len <= c.ow
                || merged_stride(&[c.oh, c.ow], &c.ys[2..]) == Some(1));
        let lanes = S::LANES;
        // SAFETY: blocks inside the buffer's `len x c_out` and the out's elements.
        unsafe {
            let mut q = 0;
            if unit && lanes > 1 {
                while q + lanes <= len {
                    let mut j = 0;
                    while j + lanes <= c_out {
                        let mut t = [s.zero(); MAX_LANES];
                        for (i, v) in t.iter_mut().enumerate().take(lanes) {
                            *v = s.load(self.buf.add((q + i) * plan.npad + j));
                        }
                        s.transpose(&mut t);
                        for (i, &v) in t.iter().enumerate().take(lanes) {
                            let y = c.yb(c.out_at(self.n, j + i, self.p0 + q));
                            gemm::store_lanes(s, c.dt, y, lanes, v);
                        }
                        j += lanes;
                    }
                    for oc in j..c_out {
                        for i in 0..lanes {
                            let v = *self.buf.add((q + i) * plan.npad + oc);
                            write(c.dt, c.yb(c.out_at(self.n, oc, self.p0 + q + i)), v);
                        }
                    }
                    q += lanes;
                }
            }
            for oc in 0..c_out {
                for i in q..len {
                    let v = *self.buf.add(i * plan.npad + oc);
                    write(c.dt, c.yb(c.out_at(self.n, oc, self.p0 + i)), v);
                }
            }
        }
    }
}

/// `MR` pixels times one panel of `NV` vectors of output channels: per kernel row, each
/// pixel's run of `run` taps from its pointer (`rows[r] + kh * row_step`) against the panel's
/// rows.
///
/// # Safety
/// The runs and `kh * run` rows of the panel `w` are readable.
#[inline(always)]
unsafe fn tile<S: Simd, const MR: usize, const NV: usize>(
    s: S,
    rows: &[*const f32; MR],
    kh: usize,
    run: usize,
    row_step: usize,
    w: *const f32,
) -> [[S::F32; NV]; MR] {
    let mut acc = [[s.zero(); NV]; MR];
    let nr = NV * S::LANES;
    let mut w = w;
    // SAFETY: as the caller vouches.
    unsafe {
        for th in 0..kh {
            let a: [*const f32; MR] = core::array::from_fn(|r| rows[r].add(th * row_step));
            for t in 0..run {
                let mut bv = [s.zero(); NV];
                for (v, b) in bv.iter_mut().enumerate() {
                    *b = s.load(w.add(v * S::LANES));
                }
                for (r, row) in acc.iter_mut().enumerate() {
                    let ai = s.splat(*a[r].add(t));
                    for (v, cv) in row.iter_mut().enumerate() {
                        *cv = s.fmadd(ai, bv[v], *cv);
                    }
                }
                w = w.add(nr);
            }
        }
    }
    acc
}

/// The tile's first `m` rows plus the bias into a channels-last out: pixel `p + r`'s output
/// channels `j0..` (as many as exist).
///
/// # Safety
/// Those pixels and channels are elements of the out.
#[inline(always)]
unsafe fn store_pixels<S: Simd, const MR: usize, const NV: usize>(
    s: S,
    c: &Conv<'_>,
    acc: &[[S::F32; NV]; MR],
    bias: &[S::F32; NV],
    (n, p, m, j0): (usize, usize, usize, usize),
) {
    let c_out = c.geo.out_sizes[1];
    let es = c.es();
    // SAFETY: as the caller vouches.
    unsafe {
        for (r, row) in acc.iter().enumerate().take(m) {
            let y = c.yb(c.out_at(n, j0, p + r));
            for (v, &a) in row.iter().enumerate() {
                let j = j0 + v * S::LANES;
                if j >= c_out {
                    break;
                }
                gemm::store_lanes(
                    s,
                    c.dt,
                    y.add(v * S::LANES * es),
                    c_out - j,
                    s.add(a, bias[v]),
                );
            }
        }
    }
}
