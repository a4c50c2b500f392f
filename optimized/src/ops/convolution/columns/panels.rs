//! im2col straight into the GEMM's B panels by masked vector loads, for a Float input whose
//! width is contiguous and a width stride of 1 or 2 (any padding, dilation, height stride).
//!
//! One vector of a panel row is `LANES` consecutive output positions for one tap `(c, kh,
//! kw)`. Within an output row, lane `j` reads input element `at + stride * j` of the channel;
//! the lanes whose tap falls in the padding are masked off (read as zeros, never touched).
//! A vector that spans several output rows ORs one masked load per row, and rows whose `at`
//! agree (a "same" convolution, out width == in width) share one load. The runs and masks
//! depend on the panel and the tap, not on the channel: they are worked out once per (panel,
//! tap) and reused for every input channel, so each element costs one load and one store
//! (a stride-2 vector: two loads and a permute), with no per-run bookkeeping.

use super::super::Conv;
use super::Im2col;
use core::mem::MaybeUninit;
use etk_simd::Simd;

/// Vectors of one panel row that one (panel, tap) plans (the panel width over the lanes).
const MAX_VECTORS: usize = 8;
/// Input rows one vector reads (one per output row its positions span).
const MAX_RUNS: usize = 6;

/// Whether [`panels`] takes a band of this call at level `S`, panels `nr` wide.
pub(super) fn takes<S: Simd>(c: &Conv<'_>, nr: usize) -> bool {
    let l = S::LANES;
    let sw = c.geo.stride[2];
    // a vector's positions span at most (l - 1) / ow + 2 output rows. A plan per (panel,
    // tap) pays for itself over several channels: a stem's 3 (1x3x96x96 by 32 7x7 stride 2)
    // took 336 -> 370 us, the runs copier keeps it
    c.es() == 4
        && c.geo.icg >= 4
        && c.xs[3] == 1
        && (sw == 1 || sw == 2 || l == 1)
        && nr.is_multiple_of(l)
        && nr / l <= MAX_VECTORS
        && c.ow > 0
        && (l - 1) / c.ow + 2 <= MAX_RUNS
}

/// The lanes of one vector that read one input row: lane `j` (of the set ones) reads
/// element `at + stride * j` of the channel; `hi` masks the second load of a stride-2
/// vector (`2 * LANES` elements, the even ones kept).
#[derive(Clone, Copy)]
struct Run<M> {
    at: isize,
    lo: M,
    hi: M,
}

/// The runs of one panel row for one tap: the first `counts[v]` of `runs[v]` are written
/// (left uninitialised past them: a plan is made per (panel, tap), and zeroing all of it cost
/// more than the copy it plans when there are few channels, such as a stem's 3).
struct Plan<M> {
    runs: [[MaybeUninit<Run<M>>; MAX_RUNS]; MAX_VECTORS],
    counts: [u8; MAX_VECTORS],
}

/// The panels of band `a.band`, `nr` positions wide in k blocks of `kc` taps, zeros past the
/// band in the last panel (`gemm::packed_b_layout`).
///
/// # Safety
/// As `im2col`; `takes::<S>(a.c, nr)`.
#[inline(always)]
pub(super) unsafe fn panels<S: Simd>(s: S, a: Im2col<'_, '_>, nr: usize, kc: usize) {
    let Im2col { c, n, grp, .. } = a;
    let (p0, p1) = a.band;
    let g = c.geo;
    let taps = c.kh * c.kw;
    let k = g.icg * taps;
    let n_pad = (p1 - p0).next_multiple_of(nr);
    let double = g.stride[2] == 2 && S::LANES > 1;
    let col = a.col as *mut f32;
    // SAFETY: the group's first channel of image `n` is an element of the input.
    let x = unsafe { c.x.add(n * c.xs[0] + grp * g.icg * c.xs[1]) };
    let mut ranges = [(0, 0, 0); 16];
    for (tw, r) in ranges.iter_mut().enumerate().take(c.kw) {
        *r = c.w_range(tw);
    }
    for panel in 0..n_pad / nr {
        let q0 = p0 + panel * nr;
        for th in 0..c.kh {
            for tw in 0..c.kw {
                let range = match ranges.get(tw) {
                    Some(&r) => r,
                    None => c.w_range(tw),
                };
                let plan = plan(s, c, (q0, p1), th, range, nr);
                // row kk = icl * taps + t of k block pc, at row r of the block
                let kk = th * c.kw + tw;
                let (mut pc, mut r) = (kk / kc * kc, kk % kc);
                for icl in 0..g.icg {
                    let rows = kc.min(k - pc);
                    // SAFETY: the row of the panel is within the band's `k * n_pad` floats;
                    // each set lane reads an element of the channel (the plan's ranges).
                    unsafe {
                        let dst = col.add(pc * n_pad + panel * rows * nr + r * nr);
                        let xc = x.add(icl * c.xs[1]);
                        if double {
                            row::<S, true>(s, &plan, dst, xc, nr);
                        } else {
                            row::<S, false>(s, &plan, dst, xc, nr);
                        }
                    }
                    r += taps;
                    while r >= kc {
                        r -= kc;
                        pc += kc;
                    }
                }
            }
        }
    }
}

/// One panel row: each vector the OR of its runs' masked loads (zeros where it has none).
///
/// # Safety
/// `dst` holds `nr` floats; the plan's set lanes are elements of the channel at `xc`.
#[inline(always)]
unsafe fn row<S: Simd, const DOUBLE: bool>(
    s: S,
    plan: &Plan<S::Mask>,
    dst: *mut f32,
    xc: *const f32,
    nr: usize,
) {
    let l = S::LANES;
    for (v, runs) in plan.runs.iter().enumerate().take(nr / l) {
        let mut acc = s.zero();
        for run in &runs[..usize::from(plan.counts[v])] {
            // SAFETY: the plan wrote its first `counts[v]` runs; unset lanes are not read.
            let run = unsafe { run.assume_init_ref() };
            let p = xc.wrapping_offset(run.at);
            // SAFETY: as the caller vouches.
            let got = unsafe {
                if DOUBLE {
                    let lo = s.load_masked(p, run.lo);
                    let hi = s.load_masked(p.wrapping_add(l), run.hi);
                    s.unzip(lo, hi).0
                } else {
                    s.load_masked(p, run.lo)
                }
            };
            acc = s.or(acc, got);
        }
        // SAFETY: as the caller vouches.
        unsafe { s.store(dst.add(v * l), acc) };
    }
}

/// The runs of the panel row of positions `q0..q0 + nr` (those before `end`) for kernel
/// row `th` and a kernel column whose in-input output columns are `lo..hi`, the first at
/// input column `iw0` (`Conv::w_range`).
#[inline(always)]
fn plan<S: Simd>(
    s: S,
    c: &Conv<'_>,
    (q0, end): (usize, usize),
    th: usize,
    (lo, hi, iw0): (usize, usize, usize),
    nr: usize,
) -> Plan<S::Mask> {
    let l = S::LANES;
    let sw = c.geo.stride[2] as usize;
    let double = sw == 2 && l > 1;
    let mut plan = Plan {
        runs: [[MaybeUninit::uninit(); MAX_RUNS]; MAX_VECTORS],
        counts: [0; MAX_VECTORS],
    };
    let (mut oh, mut ow) = (q0 / c.ow, q0 % c.ow);
    for v in 0..nr / l {
        let q = q0 + v * l;
        let lanes = l.min(end.saturating_sub(q));
        // (at, bits of the lanes) of each run, rows reading the same `at` merged
        let mut bits = [(0isize, 0u64); MAX_RUNS];
        let mut count = 0;
        let mut j = 0;
        while j < lanes {
            let take = (c.ow - ow).min(lanes - j);
            if let Some(ih) = c.in_h(oh, th) {
                let (a, b) = (lo.max(ow), hi.min(ow + take));
                if a < b {
                    let (ja, jb) = (j + a - ow, j + b - ow);
                    // lane j' reads input column iw0 + (ow + j' - j - lo) * sw
                    let at = (ih * c.xs[2] + iw0) as isize
                        + (ow as isize - j as isize - lo as isize) * sw as isize;
                    let set = low_bits(jb) & !low_bits(ja);
                    if count > 0 && bits[count - 1].0 == at {
                        bits[count - 1].1 |= set;
                    } else {
                        bits[count] = (at, set);
                        count += 1;
                    }
                }
            }
            j += take;
            ow += take;
            if ow == c.ow {
                (oh, ow) = (oh + 1, 0);
            }
        }
        for (run, &(at, set)) in plan.runs[v].iter_mut().zip(&bits[..count]) {
            let (lo_bits, hi_bits) = if double {
                // the even elements of `2 * l` from `at`
                let even = spread(set);
                (even & low_bits(l), even >> l)
            } else {
                (set, 0)
            };
            run.write(Run {
                at,
                lo: s.mask_from_bits(lo_bits),
                hi: s.mask_from_bits(hi_bits),
            });
        }
        plan.counts[v] = count as u8;
    }
    plan
}

/// The low `n` bits set (`n <= 64`).
#[inline(always)]
fn low_bits(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1 << n) - 1 }
}

/// Bit `i` of `bits` (below 32) moved to bit `2 * i`.
#[inline(always)]
fn spread(bits: u64) -> u64 {
    let mut x = bits & 0xffff_ffff;
    x = (x | (x << 16)) & 0x0000_ffff_0000_ffff;
    x = (x | (x << 8)) & 0x00ff_00ff_00ff_00ff;
    x = (x | (x << 4)) & 0x0f0f_0f0f_0f0f_0f0f;
    x = (x | (x << 2)) & 0x3333_3333_3333_3333;
    (x | (x << 1)) & 0x5555_5555_5555_5555
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spread_moves_bit_i_to_2i() {
        for i in 0..32 {
            assert_eq!(spread(1 << i), 1 << (2 * i));
        }
        assert_eq!(spread(0xffff), 0x5555_5555);
    }
}
