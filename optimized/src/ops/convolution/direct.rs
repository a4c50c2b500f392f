//! A direct kernel for plain 2-D convolutions with few channels (the small convnets' 3 -> 8
//! and 8 -> 16 3x3 layers), where im2col and the packed GEMM spend more on setup and on
//! empty tile rows than on the products. Float, Half and BFloat16, any dim order, stride,
//! padding, dilation and groups, over the vector layer (`etk_simd::Simd`, every level).
//!
//! Each image and group's input is copied, widened to Float and zero-padded, into scratch in
//! a phase-split layout: padded row `R` and column `C` land in plane `(ic, R % sh, C % sw)` at
//! `(R / sh, C / sw)`, planes `Wq = ceil(padded width / sw)` wide. Output `(oh, ow)` then
//! reads tap `(ic, th, tw)` at `oh * Wq + ow` plus an offset of the tap alone, for any stride
//! and dilation: consecutive outputs of a row are consecutive floats, and so are the rows'
//! ends and starts (the `Wq - OW` columns between them are computed and dropped). Vectors run
//! along those positions, `OCB` output channels at a time held in registers, each weight
//! (packed as `[channel block][tap][OCB]`: once per program for a constant weight, at
//! prepare, else at every call) broadcast once for every vector.
//!
//! The padding's zeros add `0 * w = +-0`, which leaves a sum as the skipped tap would when `w`
//! is finite (checked; else the im2col path runs). Sums are fused multiply-adds from the
//! bias, in another order than portable's loop (last-bit differences, as the GEMM paths).

use super::elements::{read, write};
use super::{Conv, OP, PAR_MIN_FLOPS, strides4};
use crate::gemm::{Dt, Isa};
use etk_core::{Scratch, Tensor};
use etk_portable::util::conv::ConvGeometry;
use etk_simd::{Kernel, Simd};

/// Output channels summed at once (accumulator rows).
const OCB: usize = 8;
/// The largest scratch (floats) the kernel takes: its calls are small by choice.
const MAX_FLOATS: usize = 1 << 18;

/// Whether the direct kernel is the faster path for `c` (measured: `benches/results/
/// 2026-12-07-smallconv.md`): a convolution with few output channels per group and few taps,
/// on a small image, too small for threads; not a 1x1 the GEMM reads in place (faster).
pub(super) fn takes(c: &Conv<'_>) -> bool {
    let g = c.geo;
    let taps = g.icg * c.kh * c.kw;
    // (bounds that also keep the layout's sizes far from overflow)
    let small = |v: isize| (0..=16).contains(&v);
    let flops = g.n * g.out_sizes[1] * taps * c.oh * c.ow;
    // larger calls split over threads on the im2col path
    flops < PAR_MIN_FLOPS
        && !c.direct_1x1()
        && g.ocg <= 4 * OCB
        && taps <= 512
        && c.oh * c.ow <= 64 * 64
        && g.ins[1] * c.iw <= 128 * 128
        && (1..3).all(|d| small(g.stride[d]) && small(g.dilation[d]) && small(g.padding[d]))
}

/// The phase-split padded layout of one image and group's input.
#[derive(Clone, Copy)]
struct Layout {
    sh: usize,
    sw: usize,
    /// Height and width of each phase plane.
    hq: usize,
    wq: usize,
}

impl Layout {
    fn new(c: &Conv<'_>) -> Layout {
        let g = c.geo;
        let (sh, sw) = (g.stride[1] as usize, g.stride[2] as usize);
        let hp = g.ins[1] + 2 * g.padding[1] as usize;
        let wp = c.iw + 2 * g.padding[2] as usize;
        Layout {
            sh,
            sw,
            hq: hp.div_ceil(sh),
            wq: wp.div_ceil(sw),
        }
    }

    fn plane(&self) -> usize {
        self.hq * self.wq
    }

    /// Where padded position `(r, col)` of input channel `ic` is.
    #[inline(always)]
    fn at(&self, ic: usize, r: usize, col: usize) -> usize {
        ((ic * self.sh + r % self.sh) * self.sw + col % self.sw) * self.plane()
            + r / self.sh * self.wq
            + col / self.sw
    }
}

/// The direct convolution of `c` (see the module docs); `false` when a weight is not finite or
/// the scratch is too small (nothing written then). `packed`: the weight packed at prepare,
/// used if it is `c`'s.
///
/// It takes no [`crate::fused::OutHook`]: its outs are a few KiB, in cache when the chain's
/// pass runs after it, and a hook per plane or image costs more than it saves (the chain's
/// program sets up its buffers at every call; measured on convnet_bn, 2026-12-07-small.md).
///
/// # Safety
/// As in `convolution_out_isa`; `c` is a plain 2-D (or 1-D) convolution with input channels.
pub(super) unsafe fn direct(
    scratch: &mut Scratch<'_>,
    isa: Isa,
    c: &Conv<'_>,
    packed: Option<&PackedWeight>,
) -> bool {
    let g = c.geo;
    let key = WeightKey::of(c);
    // a weight packed at prepare, if it is this call's
    let prepared = packed.filter(|p| p.from == key).map(|p| &p.w[..]);
    let lay = Layout::new(c);
    let taps = g.icg * c.kh * c.kw;
    let lanes = etk_simd::MAX_LANES;
    // virtual positions: full rows of `wq` but the last, in whole blocks of vectors
    let positions = (c.oh - 1) * lay.wq + c.ow;
    let block = 2 * lanes;
    let padded_positions = positions.next_multiple_of(block);
    let (dh, dw) = (g.dilation[1] as usize, g.dilation[2] as usize);
    // the last channel's taps read furthest
    let max_off = (0..c.kh)
        .flat_map(|th| (0..c.kw).map(move |tw| (th, tw)))
        .map(|(th, tw)| lay.at(g.icg - 1, th * dh, tw * dw))
        .max()
        .unwrap_or(0);
    let plane_len = (g.icg * lay.sh * lay.sw * lay.plane()).max(max_off + padded_positions);
    let blocks = g.ocg.div_ceil(OCB);
    let wlen = if prepared.is_some() { 0 } else { key.len() };
    if plane_len + wlen + taps + blocks * OCB * block > MAX_FLOATS {
        return false;
    }
    scratch.scope(|s| {
        let bufs = (
            s.alloc::<f32>(OP, plane_len),
            s.alloc_for_overwrite::<usize>(OP, taps),
            s.alloc_for_overwrite::<f32>(OP, OCB * block),
        );
        let (Ok(plane), Ok(offs), Ok(tile)) = bufs else {
            return false;
        };
        // SAFETY: as the caller vouches; the buffers are sized above.
        unsafe {
            let w: &[f32] = match prepared {
                Some(w) => w,
                None => {
                    let Ok(w) = s.alloc::<f32>(OP, wlen) else {
                        return false;
                    };
                    if !pack_weight(&key, w) {
                        return false;
                    }
                    w
                }
            };
            let mut k = 0;
            for ic in 0..g.icg {
                for th in 0..c.kh {
                    for tw in 0..c.kw {
                        // output (oh, ow) reads padded (oh * sh + th * dh, ..): the same
                        // phase plane, `oh * wq + ow` on from this
                        offs[k] = lay.at(ic, th * dh, tw * dw);
                        k += 1;
                    }
                }
            }
            for n in 0..g.n {
                for grp in 0..g.groups {
                    let run = Run {
                        c,
                        lay,
                        n,
                        grp,
                        positions,
                        plane: plane.as_mut_ptr(),
                        w: w.as_ptr().add(grp * blocks * taps * OCB),
                        offs,
                        tile: tile.as_mut_ptr(),
                    };
                    etk_simd::dispatch(isa, run);
                }
            }
        }
        true
    })
}

/// What a packed weight is made from: the weight's address, dtype and strides, and the
/// convolution's channels and kernel extents.
#[derive(Clone, Copy, PartialEq, Eq)]
struct WeightKey {
    w: *const f32,
    dt: Dt,
    ws: [usize; 4],
    c_out: usize,
    groups: usize,
    icg: usize,
    kh: usize,
    kw: usize,
}

impl WeightKey {
    fn of(c: &Conv<'_>) -> WeightKey {
        WeightKey::new(c.geo, c.dt, c.w, c.ws)
    }

    fn new(g: &ConvGeometry, dt: Dt, w: *const f32, ws: [usize; 4]) -> WeightKey {
        WeightKey {
            w,
            dt,
            ws,
            c_out: g.out_sizes[1],
            groups: g.groups,
            icg: g.icg,
            kh: g.ks[1],
            kw: g.ks[2],
        }
    }

    fn taps(&self) -> usize {
        self.icg * self.kh * self.kw
    }

    /// Floats of the packed weight.
    fn len(&self) -> usize {
        let ocg = self.c_out / self.groups;
        self.groups * ocg.div_ceil(OCB) * self.taps() * OCB
    }
}

/// A program's constant weight packed once, at prepare, for the direct kernel, and what it
/// was packed from: a call whose weight is another runs as if there were none.
pub(super) struct PackedWeight {
    from: WeightKey,
    w: Vec<f32>,
}

// SAFETY: the weight's address is only compared, never read through after `pack`.
unsafe impl Send for PackedWeight {}

impl PackedWeight {
    /// The direct kernel's packing of `weight` (checked against `g` by portable's `check`),
    /// if the direct kernel may take such a convolution and every weight is finite.
    pub(super) fn pack(g: &ConvGeometry, dt: Dt, weight: &Tensor<'_>) -> Option<PackedWeight> {
        let key = WeightKey::new(g, dt, weight.as_ptr() as *const f32, strides4(weight));
        if g.transposed || g.ocg > 4 * OCB || key.taps() > 512 || key.len() > MAX_FLOATS {
            return None;
        }
        let mut w = vec![0f32; key.len()];
        // SAFETY: `key` describes the checked weight.
        unsafe { pack_weight(&key, &mut w) }.then_some(PackedWeight { from: key, w })
    }
}

/// The weight as `[group][channel block][tap][OCB]` Float, taps `(ic, th, tw)`, the channels
/// past the last of a group zero; `false` if a weight is not finite.
///
/// # Safety
/// `k` describes a weight of a checked convolution; `w` holds `k.len()` floats, zeroed.
unsafe fn pack_weight(k: &WeightKey, w: &mut [f32]) -> bool {
    let mut finite = true;
    let taps = k.taps();
    let ocg = k.c_out / k.groups;
    let es = k.dt.size();
    for oc in 0..k.c_out {
        let (grp, o) = (oc / ocg, oc % ocg);
        let base = ((grp * ocg.div_ceil(OCB) + o / OCB) * taps) * OCB + o % OCB;
        let mut t = 0;
        for ic in 0..k.icg {
            for th in 0..k.kh {
                for tw in 0..k.kw {
                    let off = oc * k.ws[0] + ic * k.ws[1] + th * k.ws[2] + tw * k.ws[3];
                    // SAFETY: an element of the weight.
                    let v = unsafe { read(k.dt, (k.w as *const u8).add(off * es)) };
                    finite &= v.is_finite();
                    w[base + t * OCB] = v;
                    t += 1;
                }
            }
        }
    }
    finite
}

/// Copies image `n`, group `grp` of the input into the phase-split plane (whose padding is
/// zero and stays so).
///
/// # Safety
/// As in `convolution_out_isa`; `plane` holds the layout's planes for the group's channels.
#[inline(always)]
unsafe fn copy_in<L: Simd>(
    l: L,
    c: &Conv<'_>,
    lay: &Layout,
    n: usize,
    grp: usize,
    plane: *mut f32,
) {
    let g = c.geo;
    let (ph, pw) = (g.padding[1] as usize, g.padding[2] as usize);
    let width = c.iw;
    for ic in 0..g.icg {
        let src = n * c.xs[0] + (grp * g.icg + ic) * c.xs[1];
        for ih in 0..g.ins[1] {
            let row = src + ih * c.xs[2];
            // SAFETY: elements of the input; positions of the plane.
            unsafe {
                if lay.sw == 1 && c.xs[3] == 1 && c.dt == Dt::F32 {
                    let dst = plane.add(lay.at(ic, ih + ph, pw));
                    copy(l, c.x.add(row), dst, width);
                    continue;
                }
                // each column phase's columns are consecutive in its plane
                for phase in 0..lay.sw {
                    let first = (phase + lay.sw - pw % lay.sw) % lay.sw;
                    if first >= width {
                        continue;
                    }
                    let dst = plane.add(lay.at(ic, ih + ph, first + pw));
                    let count = (width - first).div_ceil(lay.sw);
                    let step = lay.sw * c.xs[3];
                    let src = row + first * c.xs[3];
                    if c.dt == Dt::F32 {
                        let src = c.x.add(src);
                        for j in 0..count {
                            *dst.add(j) = *src.add(j * step);
                        }
                    } else {
                        for j in 0..count {
                            *dst.add(j) = read(c.dt, c.xb(src + j * step));
                        }
                    }
                }
            }
        }
    }
}

/// One image and group at a level. Only built by [`direct`], which vouches for the pointers.
struct Run<'a, 'g> {
    c: &'a Conv<'g>,
    lay: Layout,
    n: usize,
    grp: usize,
    positions: usize,
    plane: *mut f32,
    /// The group's packed weight.
    w: *const f32,
    offs: &'a [usize],
    tile: *mut f32,
}

impl Kernel for Run<'_, '_> {
    type Output = ();
    #[inline(always)]
    fn run<L: Simd>(self, l: L) {
        // SAFETY: as `direct` vouches.
        unsafe {
            copy_in(l, self.c, &self.lay, self.n, self.grp, self.plane);
            if L::LANES == 8 {
                // 16 registers: 8 sums and the operands
                run_group::<L, 1>(l, &self)
            } else {
                run_group::<L, 2>(l, &self)
            }
        }
    }
}

/// # Safety
/// As [`direct`] vouches for `r`.
#[inline(always)]
unsafe fn run_group<L: Simd, const RB: usize>(l: L, r: &Run<'_, '_>) {
    let mut p0 = 0;
    while p0 < r.positions {
        // SAFETY: as the caller vouches.
        unsafe {
            // a last `LANES` positions or fewer take one vector, not `RB` (the same sums)
            p0 = if RB > 1 && r.positions - p0 <= L::LANES {
                run_block::<L, 1>(l, r, p0)
            } else {
                run_block::<L, RB>(l, r, p0)
            };
        }
    }
}

/// Virtual positions `p0 ..` (at most `RB` vectors) of every output channel block; the end.
///
/// # Safety
/// As [`direct`] vouches for `r`.
#[inline(always)]
unsafe fn run_block<L: Simd, const RB: usize>(l: L, r: &Run<'_, '_>, p0: usize) -> usize {
    let c = r.c;
    let g = c.geo;
    let taps = r.offs.len();
    let step = RB * L::LANES;
    let p1 = (p0 + step).min(r.positions);
    for b in 0..g.ocg.div_ceil(OCB) {
        let oc0 = b * OCB;
        let mut bias = [0f32; OCB];
        if let Some((bp, bs)) = c.b {
            for (o, v) in bias.iter_mut().enumerate().take(g.ocg - oc0) {
                let oc = r.grp * g.ocg + oc0 + o;
                // SAFETY: a channel of the bias.
                *v = unsafe { read(c.dt, (bp as *const u8).add(oc * bs * c.es())) };
            }
        }
        // SAFETY: the plane holds every tap's read of a whole block (sized so), the
        // packed weight `taps * OCB` floats per block.
        unsafe {
            sums::<L, RB>(
                l,
                r.plane.add(p0),
                r.offs,
                r.w.add(b * taps * OCB),
                bias,
                r.tile,
            );
            store(
                l,
                c,
                &r.lay,
                r.n,
                r.grp * g.ocg + oc0,
                (g.ocg - oc0).min(OCB),
                r.tile,
                step,
                (p0, p1),
            );
        }
    }
    p1
}

/// `tile[o][j] = bias[o] + sum_k w[k][o] * x[offs[k] + j]` for `o < OCB`, `j < RB * LANES`.
///
/// # Safety
/// `x + offs[k]` holds `RB * LANES` floats for every `k`, `w` `offs.len() * OCB`, `tile`
/// `OCB * RB * LANES`.
#[inline(always)]
unsafe fn sums<L: Simd, const RB: usize>(
    l: L,
    x: *const f32,
    offs: &[usize],
    w: *const f32,
    bias: [f32; OCB],
    tile: *mut f32,
) {
    let n = L::LANES;
    // SAFETY: as the caller vouches.
    unsafe {
        let mut acc = [[l.zero(); RB]; OCB];
        for (a, &b) in acc.iter_mut().zip(&bias) {
            *a = [l.splat(b); RB];
        }
        for (k, &off) in offs.iter().enumerate() {
            let mut xv = [l.zero(); RB];
            for (i, v) in xv.iter_mut().enumerate() {
                *v = l.load(x.add(off + i * n));
            }
            let wk = w.add(k * OCB);
            for (o, a) in acc.iter_mut().enumerate() {
                let wv = l.splat(*wk.add(o));
                for (a, &v) in a.iter_mut().zip(&xv) {
                    *a = l.mul_add(wv, v, *a);
                }
            }
        }
        for (o, a) in acc.iter().enumerate() {
            for (i, &v) in a.iter().enumerate() {
                l.store(tile.add(o * RB * n + i * n), v);
            }
        }
    }
}

/// Writes the tile's `count` channels (rows `step` apart) at virtual positions `p0..p1` to
/// output channels `oc..oc + count` of image `n`, dropping the columns past the out's width.
///
/// # Safety
/// As in `convolution_out_isa`; the tile holds those positions.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
unsafe fn store<L: Simd>(
    l: L,
    c: &Conv<'_>,
    lay: &Layout,
    n: usize,
    oc: usize,
    count: usize,
    tile: *const f32,
    step: usize,
    (p0, p1): (usize, usize),
) {
    let mut p = p0;
    while p < p1 {
        let (oh, ow) = (p / lay.wq, p % lay.wq);
        let end = (p1 - p).min(lay.wq - ow);
        let len = end.min(c.ow.saturating_sub(ow));
        for o in 0..count {
            let y = n * c.ys[0] + (oc + o) * c.ys[1] + oh * c.ys[2] + ow * c.ys[3];
            // SAFETY: outputs `(oh, ow..ow + len)` exist; the tile's row `o` holds them.
            unsafe {
                let src = tile.add(o * step + p - p0);
                if c.dt == Dt::F32 && c.ys[3] == 1 {
                    copy(l, src, c.y.add(y), len);
                } else {
                    for j in 0..len {
                        write(c.dt, c.yb(y + j * c.ys[3]), *src.add(j));
                    }
                }
            }
        }
        p += end;
    }
}

/// `len` floats from `src` to `dst` (vectors: the runs are short, a call to `memcpy` would
/// cost more than the copy).
///
/// # Safety
/// Both ranges valid and disjoint.
#[inline(always)]
unsafe fn copy<L: Simd>(l: L, src: *const f32, dst: *mut f32, len: usize) {
    let n = L::LANES;
    let mut j = 0;
    // SAFETY: as the caller vouches.
    unsafe {
        while j + n <= len {
            l.store(dst.add(j), l.load(src.add(j)));
            j += n;
        }
        if j < len {
            l.store_n(dst.add(j), len - j, l.load_n(src.add(j), len - j));
        }
    }
}
