//! Channels-last plain convolutions as the GEMM XNNPACK runs for NHWC: the out's pixels are
//! the product's rows, `out[pixels, C_out] = columns[pixels, K] x W[K, C_out] + bias`, taps
//! `(kh, kw, c)`.
//!
//! - The weight is B, in the GEMM's packed panels ([`gemm::packed_b_layout`], widened to
//!   Float): packed once when a program is prepared ([`PackedWeight`]), else into scratch at
//!   the call. Before, the product was turned (`W x columns^T`, the out column-major), and the
//!   GEMM packed the weight as B at every call and every band.
//! - A is the im2col band (`[positions, K]` row-major, as the GEMM reads its rows) or, for a
//!   1x1 kernel whose positions are one stride apart, the input in place.
//! - The out is written as `[pixels, C_out]` rows with the bias in the GEMM's epilogue; a
//!   chain's pointwise steps get each band of pixels as soon as it is done.
//!
//! The panels hold what the GEMM's own packing of that B would, read by the same kernels: a
//! prepared and an unprepared call give the same bits.

use super::{Conv, merged_stride};
use crate::gemm::{self, Dt, Epilogue, Isa, MatMut, MatRef};
use etk_core::{KernelContext, Result};
use etk_portable::util::conv::ConvGeometry;

/// Whether the call takes this path: input and out channels-last (each pixel's channels
/// contiguous), more than one input channel per group.
pub(super) fn takes(c: &Conv<'_>) -> bool {
    c.xs[1] == 1 && c.ys[1] == 1 && c.geo.icg > 1 && !c.geo.transposed
}

/// The weight of a convolution and its geometry, as the panels were packed from: a call whose
/// weight is another packs its own.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Key {
    w: *const f32,
    ws: [usize; 4],
    dt: Dt,
    isa: Isa,
    /// `[C_out, C_in per group, kh, kw, groups]`
    dims: [usize; 5],
}

impl Key {
    fn of(c: &Conv<'_>, isa: Isa) -> Key {
        let g = c.geo;
        Key {
            w: c.w,
            ws: c.ws,
            dt: c.dt,
            isa,
            dims: [g.out_sizes[1], g.icg, c.kh, c.kw, g.groups],
        }
    }
}

/// A program's constant weight packed once, at prepare, into the GEMM's B panels.
pub(super) struct PackedWeight {
    from: Key,
    panels: Vec<f32>,
}

// SAFETY: the weight's address is only compared, never read through after `pack`.
unsafe impl Send for PackedWeight {}

impl PackedWeight {
    /// The panels of `c`'s weight for `isa`, if the call takes this path.
    ///
    /// # Safety
    /// `c` describes a checked convolution (its weight readable).
    pub(super) unsafe fn pack(c: &Conv<'_>, isa: Isa) -> Option<PackedWeight> {
        if !takes(c) {
            return None;
        }
        // SAFETY: as the caller vouches.
        unsafe { PackedWeight::panels(c, isa) }
    }

    /// The panels of `c`'s weight for `isa`, whatever path takes the call (the few-channel
    /// one, `stem.rs`, reads the same panels).
    ///
    /// # Safety
    /// As [`PackedWeight::pack`].
    pub(super) unsafe fn panels(c: &Conv<'_>, isa: Isa) -> Option<PackedWeight> {
        let mut panels = vec![0f32; panels_len(c, isa)?];
        // SAFETY: as the caller vouches; `panels` holds every group's.
        unsafe { pack_panels(c, isa, panels.as_mut_ptr()) };
        Some(PackedWeight {
            from: Key::of(c, isa),
            panels,
        })
    }

    /// The panels, if packed from `c`'s weight for `isa`.
    pub(super) fn of(&self, c: &Conv<'_>, isa: Isa) -> Option<*const f32> {
        (self.from == Key::of(c, isa)).then_some(self.panels.as_ptr())
    }
}

/// Floats of every group's panels: `K` rows of `C_out per group` rounded up to whole panels.
pub(super) fn panels_len(c: &Conv<'_>, isa: Isa) -> Option<usize> {
    let g = c.geo;
    let k = taps(c)?;
    let nr = gemm::packed_b_layout(isa, k).0;
    k.checked_mul(g.ocg.next_multiple_of(nr))?
        .checked_mul(g.groups)
}

/// Taps per output channel, `K = kh * kw * C_in per group`.
pub(super) fn taps(c: &Conv<'_>) -> Option<usize> {
    c.kh.checked_mul(c.kw)?.checked_mul(c.geo.icg)
}

/// Every group's weight `[K, ocg]` (taps `(kh, kw, c)`) as B panels for `isa`, group after
/// group, widened to Float; the columns past `ocg` in the last panel zero.
///
/// # Safety
/// `c` describes a checked convolution; `dst` holds [`panels_len`] floats.
pub(super) unsafe fn pack_panels(c: &Conv<'_>, isa: Isa, dst: *mut f32) {
    let g: &ConvGeometry = c.geo;
    let k = g.icg * c.kh * c.kw;
    let (nr, kc) = gemm::packed_b_layout(isa, k);
    let n_pad = g.ocg.next_multiple_of(nr);
    for grp in 0..g.groups {
        // SAFETY: group `grp`'s panels follow the earlier groups'.
        let base = unsafe { dst.add(grp * k * n_pad) };
        for pc in (0..k).step_by(kc) {
            let rows = kc.min(k - pc);
            for j0 in (0..n_pad).step_by(nr) {
                // SAFETY: panel `j0 / nr` of k block `pc`, inside the group's panels.
                let panel = unsafe { base.add(pc * n_pad + j0 * rows) };
                for kk in 0..rows {
                    let tap = pc + kk;
                    let (th, tw, ic) = (tap / (c.kw * g.icg), tap / g.icg % c.kw, tap % g.icg);
                    for j in 0..nr {
                        let oc = grp * g.ocg + j0 + j;
                        let v = if j0 + j < g.ocg {
                            let off = oc * c.ws[0] + ic * c.ws[1] + th * c.ws[2] + tw * c.ws[3];
                            // SAFETY: an element of the weight.
                            unsafe { super::elements::read(c.dt, c.wb(off)) }
                        } else {
                            0.0
                        };
                        // SAFETY: element `(kk, j)` of the panel.
                        unsafe { *panel.add(kk * nr + j) = v };
                    }
                }
            }
        }
    }
}

/// `out[n, pixels p0..p0 + rows, group grp's channels] = a x W_grp + bias`, `a` the band's
/// `[rows, K]` and `panels` every group's ([`pack_panels`]).
///
/// # Safety
/// As in `convolution_out_isa`; `takes(c)`; `panels` packed from `c`'s weight for `isa`; the
/// positions exist, and when they run across rows the out's rows continue one another.
pub(super) unsafe fn product(
    ctx: &mut KernelContext<'_>,
    isa: Isa,
    c: &Conv<'_>,
    a: MatRef<'_>,
    panels: *const f32,
    (n, grp, p0): (usize, usize, usize),
) -> Result<()> {
    let g = c.geo;
    let rows = a.rows();
    let nr = gemm::packed_b_layout(isa, a.cols()).0;
    let yp = if p0 % c.ow + rows <= c.ow {
        c.ys[3]
    } else {
        merged_stride(&[c.oh, c.ow], &c.ys[2..]).expect("bands cross rows")
    };
    // SAFETY: as the caller vouches.
    unsafe {
        let y = c.yb(c.out_at(n, grp * g.ocg, p0));
        let out = MatMut::from_raw(y, c.dt, rows, g.ocg, yp as isize, 1);
        let bias = match c.b {
            Some((bp, bs)) => gemm::Bias::PerCol(MatRef::from_raw(
                (bp as *const u8).add(grp * g.ocg * bs * c.es()),
                c.dt,
                g.ocg,
                1,
                bs as isize,
                1,
            )),
            None => gemm::Bias::None,
        };
        let epi = Epilogue {
            bias,
            ..Epilogue::default()
        };
        let panels = panels.add(grp * a.cols() * g.ocg.next_multiple_of(nr));
        gemm::gemm_packed_raw(ctx, isa, a, panels, g.ocg, out, &epi)
    }
}

/// A 1x1 convolution whose positions are one stride apart in the input: image `n`'s pixels
/// `p0..p0 + rows` of group `grp`'s input channels, read in place as A, if they are.
///
/// # Safety
/// As in `convolution_out_isa`; the positions exist.
pub(super) unsafe fn input_rows<'a>(
    c: &Conv<'_>,
    (n, grp, p0): (usize, usize, usize),
    rows: usize,
) -> Option<MatRef<'a>> {
    if !c.direct_1x1() {
        return None;
    }
    let xp = c.positions(false, 1)?;
    let g = c.geo;
    // SAFETY: element (p, ic) of the band is an element of the input (positions merge).
    Some(unsafe {
        let x = c.xb(n * c.xs[0] + grp * g.icg + p0 * xp);
        MatRef::from_raw(x, c.dt, rows, g.icg, xp as isize, 1)
    })
}
