//! Transposed convolutions (1-D and 2-D, any stride, padding, dilation, output padding and
//! groups) as ATen computes them on the CPU: per image and group, the GEMM `cols = W_g^T x
//! X_g` gives every (output channel, tap, input position) product summed over the group's
//! input channels, and col2im adds each column into the output position it lands on. No
//! product is computed twice and nothing is multiplied by padding.
//!
//! Two layouts of the columns, after the out's: `[(c_out, kh, kw), positions]` (NCHW: col2im
//! walks rows of input positions, writing the out with the stride's step) or `[positions,
//! (kh, kw, c_out)]` (channels-last: col2im adds runs of channels). The weight is read in
//! place when its dims flatten in that order, else copied once into scratch; bands of input
//! positions bound the columns' scratch.
//!
//! Rounding, as ATen on this machine:
//! - Float accumulates into the out, which starts as the bias;
//! - BFloat16 (oneDNN's kernel on AVX-512 CPUs) accumulates into a Float plane and rounds
//!   once;
//! - Half (ATen's `slow_conv_transpose2d`, which every x86 CPU without AVX512-FP16 runs)
//!   rounds each column to Half, adds the columns into a Half out that starts at zero — in
//!   tap order (`(kh, kw)` ascending) or, in its channels-last loops, input position order —
//!   and then adds the bias, rounding each time. The layout here follows ATen's choice
//!   (`Conv::aten_cl`) so the adds come in ATen's order, and bands keep that order (taps are
//!   never split across bands of the NCHW layout).

use super::elements::{narrow, read};
use super::im2col::Bands;
use super::{Conv, MAX_TASKS, OP, merged_stride, run_range, tasks_for};
use crate::gemm::{self, Dt, Epilogue, Isa, MatMut, MatRef};
use etk_core::{KernelContext, Parallel, Result};
use half::f16;

/// Upper bound on a band of columns (bytes).
const BAND_BYTES: usize = 8 << 20;
/// Scratch left to the GEMM's packing.
const GEMM_BYTES: usize = 4 << 20;

/// Where col2im adds: output channel `ocl` of the group, position `(oh, ow)` at
/// `ptr + ocl * s[0] + oh * s[1] + ow * s[2]` elements of `dt` (the out itself, or a Float
/// plane for BFloat16).
#[derive(Clone, Copy)]
struct Acc {
    ptr: *mut u8,
    dt: Dt,
    s: [usize; 3],
}

// SAFETY: tasks write disjoint channels through it.
unsafe impl Send for Acc {}
unsafe impl Sync for Acc {}

impl Acc {
    #[inline(always)]
    unsafe fn at(&self, ocl: usize, oh: usize, ow: usize) -> *mut u8 {
        let off = ocl * self.s[0] + oh * self.s[1] + ow * self.s[2];
        unsafe { self.ptr.add(off * self.dt.size()) }
    }
}

/// `dst[i * step] += src[i]` for `i < len`: f32 into f32, or Half into Half with each sum
/// rounded (ATen's `Half + Half`).
///
/// # Safety
/// Both ranges valid.
#[inline(always)]
unsafe fn add_run(dt: Dt, dst: *mut u8, step: usize, src: *const u8, len: usize) {
    unsafe {
        if dt == Dt::F16 {
            let (d, s) = (dst as *mut f16, src as *const f16);
            for i in 0..len {
                let p = d.add(i * step);
                *p = f16::from_f32((*p).to_f32() + (*s.add(i)).to_f32());
            }
        } else {
            let (d, s) = (dst as *mut f32, src as *const f32);
            if step == 1 {
                let d = core::slice::from_raw_parts_mut(d, len);
                for (a, b) in d.iter_mut().zip(core::slice::from_raw_parts(s, len)) {
                    *a += *b;
                }
            } else {
                for i in 0..len {
                    *d.add(i * step) += *s.add(i);
                }
            }
        }
    }
}

/// The transposed convolution; `Ok(false)` when the scratch cannot hold the smallest band.
///
/// # Safety
/// As in `convolution_out_isa`; `c.geo.transposed`.
pub(super) unsafe fn transposed(
    ctx: &mut KernelContext<'_>,
    isa: Isa,
    c: &Conv<'_>,
) -> Result<bool> {
    let g = c.geo;
    let (h, w) = (g.ins[1], c.iw);
    let hw = h * w;
    let taps = c.kh * c.kw;
    let (icg, ocg) = (g.icg, g.ocg);
    let half_exact = c.dt == Dt::F16;
    // channels-last columns: `[positions, (kh, kw, c_out)]`
    let chan_form = if half_exact {
        c.aten_cl
    } else {
        c.ys[1] == 1 && ocg > 1
    };
    let col_dt = if half_exact { Dt::F16 } else { Dt::F32 };
    let ces = col_dt.size();
    let Some(rows) = ocg.checked_mul(taps) else {
        return Ok(false);
    };
    // input positions one stride apart across rows: bands may span rows
    let x_across = merged_stride(&[h, w], &c.xs[2..]);
    let flops = [g.n, g.groups, rows, icg, hw]
        .iter()
        .fold(1usize, |a, &v| a.saturating_mul(v));
    let par = ctx.parallel;
    // one task per thread: each split below is one pass of the call, not the whole of it
    let nt = tasks_for(flops, par).min(par.num_threads());
    let es = c.es();
    ctx.scratch.scope(|s| {
        // the weight as the GEMM operand of each group, in place or packed
        let (wsz, wst) = if chan_form {
            ([c.kh, c.kw, ocg], [c.ws[2], c.ws[3], c.ws[1]])
        } else {
            ([ocg, c.kh, c.kw], [c.ws[1], c.ws[2], c.ws[3]])
        };
        // input channel `ic`, column row `r` (`(oc, kh, kw)` or `(kh, kw, oc)`) of the weight
        // at `wbase + ic * ics + r * rst`
        let (wbase, ics, rst) = match merged_stride(&wsz, &wst) {
            Some(st) => (c.w as *const u8, c.ws[0], st),
            None => {
                let Some(len) = rows.checked_mul(g.groups * icg) else {
                    return Ok(false);
                };
                let Ok(buf) = s.alloc_for_overwrite::<u8>(OP, len * es) else {
                    return Ok(false);
                };
                // SAFETY: every tap of the weight, in the operand's order.
                unsafe { pack_weight(c, chan_form, buf.as_mut_ptr()) };
                (buf.as_ptr(), rows, 1)
            }
        };
        // SAFETY (both): group `grp`'s input channels; column rows `r0..r0 + nrows`.
        let weight_a = |grp: usize, r0: usize, nrows: usize| unsafe {
            let base = wbase.add((grp * icg * ics + r0 * rst) * es);
            MatRef::from_raw(base, c.dt, nrows, icg, rst as isize, ics as isize)
        };
        let weight_b = |grp: usize| unsafe {
            let base = wbase.add(grp * icg * ics * es);
            MatRef::from_raw(base, c.dt, icg, rows, ics as isize, rst as isize)
        };
        // the bias widened, and a Float plane for BFloat16
        let Ok(bias) = s.alloc::<f32>(OP, ocg * g.groups) else {
            return Ok(false);
        };
        if let Some((bp, bs)) = c.b {
            for (oc, v) in bias.iter_mut().enumerate() {
                // SAFETY: channel `oc` of the bias.
                *v = unsafe { read(c.dt, (bp as *const u8).add(oc * bs * es)) };
            }
        }
        let plane_len = ocg * c.oh * c.ow;
        let plane = if c.dt == Dt::Bf16 {
            match s.alloc_for_overwrite::<f32>(OP, plane_len) {
                Ok(p) => p.as_mut_ptr(),
                Err(_) => return Ok(false),
            }
        } else {
            core::ptr::null_mut()
        };
        // bands: channels (NCHW columns of Half: every position at once) or positions
        let avail = s.remaining().saturating_sub(256);
        let bytes = (avail - (avail / 2).min(GEMM_BYTES)).min(BAND_BYTES);
        let (oc_len, p_len) = if half_exact && !chan_form {
            (ocg.min(bytes / (taps * hw * ces)), hw)
        } else {
            let p = hw.min(bytes / (rows * ces));
            (ocg, if x_across.is_some() { p } else { p.min(w) })
        };
        if oc_len == 0 || p_len == 0 {
            return Ok(false);
        }
        let Ok(cols) = s.alloc_for_overwrite::<u8>(OP, oc_len * taps * p_len * ces) else {
            return Ok(false);
        };
        let cols = cols.as_mut_ptr();
        let rest = s
            .alloc_for_overwrite::<u8>(OP, s.remaining().saturating_sub(64))
            .unwrap_or_default();
        let mut sub = KernelContext::new(rest, par);
        let bands = Bands {
            len: p_len,
            ow: w,
            positions: hw,
            across_rows: x_across.is_some(),
        };
        let job = Job {
            c,
            isa,
            chan_form,
            col_dt,
            rows,
            cols,
            bias: bias.as_ptr(),
            plane,
            half_exact,
        };
        for n in 0..g.n {
            for grp in 0..g.groups {
                let acc = job.acc(n, grp);
                split(par, nt, ocg, |a, b| unsafe { job.init(acc, grp, a, b) });
                for oc0 in (0..ocg).step_by(oc_len) {
                    let oc1 = (oc0 + oc_len).min(ocg);
                    for band in 0..bands.count() {
                        let (p0, p1) = bands.range(band);
                        let np = p1 - p0;
                        // SAFETY: positions p0..p1 of the group's input; `cols` holds the
                        // band's columns.
                        unsafe {
                            let xoff = n * c.xs[0]
                                + grp * icg * c.xs[1]
                                + p0 / w * c.xs[2]
                                + p0 % w * c.xs[3];
                            let ps = x_across.filter(|_| p0 % w + np > w).unwrap_or(c.xs[3]);
                            let x = c.xb(xoff);
                            if chan_form {
                                let a = MatRef::from_raw(
                                    x,
                                    c.dt,
                                    np,
                                    icg,
                                    ps as isize,
                                    c.xs[1] as isize,
                                );
                                let cm = MatMut::from_raw(cols, col_dt, np, rows, rows as isize, 1);
                                gemm::gemm(
                                    &mut sub,
                                    isa,
                                    a,
                                    weight_b(grp),
                                    cm,
                                    &Epilogue::default(),
                                )?;
                            } else {
                                let b = MatRef::from_raw(
                                    x,
                                    c.dt,
                                    icg,
                                    np,
                                    c.xs[1] as isize,
                                    ps as isize,
                                );
                                let nr = (oc1 - oc0) * taps;
                                let cm = MatMut::from_raw(cols, col_dt, nr, np, np as isize, 1);
                                let a = weight_a(grp, oc0 * taps, nr);
                                gemm::gemm(&mut sub, isa, a, b, cm, &Epilogue::default())?;
                            }
                        }
                        split(par, nt, oc1 - oc0, |a, b| unsafe {
                            job.col2im(acc, oc0, oc0 + a, oc0 + b, p0, p1)
                        });
                    }
                }
                split(par, nt, ocg, |a, b| unsafe {
                    job.finish(acc, n, grp, a, b)
                });
            }
        }
        Ok(true)
    })
}

/// Runs `f(a, b)` over `0..len` in at most `nt` ranges, in parallel when `nt > 1`.
fn split(par: &dyn Parallel, nt: usize, len: usize, f: impl Fn(usize, usize) + Sync) {
    let nt = nt.min(len).min(MAX_TASKS);
    if nt <= 1 {
        f(0, len);
    } else {
        par.run(nt, &|t| f(t * len / nt, (t + 1) * len / nt));
    }
}

/// What col2im and its setup and finish share.
struct Job<'c, 'g> {
    c: &'c Conv<'g>,
    isa: Isa,
    chan_form: bool,
    col_dt: Dt,
    /// Columns per position: `ocg * taps`.
    rows: usize,
    cols: *mut u8,
    /// The bias as f32 (zeros without one).
    bias: *const f32,
    /// BFloat16's Float accumulator, `[ocg, oh, ow]` or `[oh, ow, ocg]`.
    plane: *mut f32,
    half_exact: bool,
}

// SAFETY: tasks read the shared buffers and write disjoint channels of the accumulator.
unsafe impl Sync for Job<'_, '_> {}

impl Job<'_, '_> {
    /// The accumulator of image `n`, group `grp`.
    fn acc(&self, n: usize, grp: usize) -> Acc {
        let c = self.c;
        if !self.plane.is_null() {
            let (oh, ow, ocg) = (c.oh, c.ow, c.geo.ocg);
            let s = if self.chan_form {
                [1, ow * ocg, ocg]
            } else {
                [oh * ow, ow, 1]
            };
            return Acc {
                ptr: self.plane as *mut u8,
                dt: Dt::F32,
                s,
            };
        }
        // SAFETY: the group's first output channel of image `n`.
        let ptr = unsafe { c.yb(n * c.ys[0] + grp * c.geo.ocg * c.ys[1]) };
        Acc {
            ptr,
            dt: c.dt,
            s: [c.ys[1], c.ys[2], c.ys[3]],
        }
    }

    /// Channels `a..b` of `acc` set to the bias (Half: to zero, the bias comes last).
    unsafe fn init(&self, acc: Acc, grp: usize, a: usize, b: usize) {
        let c = self.c;
        let ocg = c.geo.ocg;
        // SAFETY: every index is an element of the accumulator.
        unsafe {
            for ocl in a..b {
                let v = if self.half_exact {
                    0.0
                } else {
                    *self.bias.add(grp * ocg + ocl)
                };
                for oh in 0..c.oh {
                    for ow in 0..c.ow {
                        let p = acc.at(ocl, oh, ow);
                        if acc.dt == Dt::F16 {
                            *(p as *mut f16) = f16::from_f32(v);
                        } else {
                            *(p as *mut f32) = v;
                        }
                    }
                }
            }
        }
    }

    /// Adds the columns of channels `a..b` (of the band's `oc0..`) at input positions
    /// `p0..p1` into `acc`.
    unsafe fn col2im(&self, acc: Acc, oc0: usize, c_lo: usize, c_hi: usize, p0: usize, p1: usize) {
        let c = self.c;
        let g = c.geo;
        let w = c.iw;
        let (taps, ocg) = (c.kh * c.kw, g.ocg);
        let ces = self.col_dt.size();
        let np = p1 - p0;
        // SAFETY: positions reached through `output_pos` / `run_range` are inside the out.
        unsafe {
            if self.chan_form {
                for p in p0..p1 {
                    let (ih, iw) = (p / w, p % w);
                    for th in 0..c.kh {
                        let Some(oh) = g.output_pos(1, ih, th) else {
                            continue;
                        };
                        for tw in 0..c.kw {
                            let Some(ow) = g.output_pos(2, iw, tw) else {
                                continue;
                            };
                            let t = th * c.kw + tw;
                            let src = self.cols.add(((p - p0) * self.rows + t * ocg + c_lo) * ces);
                            add_run(acc.dt, acc.at(c_lo, oh, ow), acc.s[0], src, c_hi - c_lo);
                        }
                    }
                }
                return;
            }
            let sw = g.stride[2] as usize;
            for ocl in c_lo..c_hi {
                for th in 0..c.kh {
                    for tw in 0..c.kw {
                        let row = (ocl - oc0) * taps + th * c.kw + tw;
                        let src_row = self.cols.add(row * np * ces);
                        // input columns lo..hi land inside the out, lo on `first`
                        let (lo, hi, first) = run_range(g, 2, tw, w, c.ow);
                        let mut p = p0;
                        while p < p1 {
                            let (ih, c0) = (p / w, p % w);
                            let c1 = w.min(c0 + (p1 - p));
                            if let Some(oh) = g.output_pos(1, ih, th) {
                                let a = lo.clamp(c0, c1);
                                let b = hi.clamp(a, c1);
                                if b > a {
                                    let ow0 = first + (a - lo) * sw;
                                    let src = src_row.add((p - p0 + a - c0) * ces);
                                    let dst = acc.at(ocl, oh, ow0);
                                    add_run(acc.dt, dst, sw * acc.s[2], src, b - a);
                                }
                            }
                            p += c1 - c0;
                        }
                    }
                }
            }
        }
    }

    /// Channels `a..b` finished: BFloat16's plane rounded into the out, Half's bias added.
    unsafe fn finish(&self, acc: Acc, n: usize, grp: usize, a: usize, b: usize) {
        let c = self.c;
        let ocg = c.geo.ocg;
        // SAFETY: every index is an element of the out or the plane.
        unsafe {
            if self.half_exact {
                if c.b.is_none() {
                    return;
                }
                for ocl in a..b {
                    let v = *self.bias.add(grp * ocg + ocl);
                    for oh in 0..c.oh {
                        for ow in 0..c.ow {
                            let p = acc.at(ocl, oh, ow) as *mut f16;
                            *p = f16::from_f32((*p).to_f32() + v);
                        }
                    }
                }
                return;
            }
            if self.plane.is_null() {
                return;
            }
            let y = c.yb(n * c.ys[0] + grp * ocg * c.ys[1]);
            for ocl in a..b {
                for oh in 0..c.oh {
                    let src = acc.at(ocl, oh, 0) as *const f32;
                    let dst = y.add((ocl * c.ys[1] + oh * c.ys[2]) * 2);
                    if !self.chan_form && c.ys[3] == 1 {
                        narrow(
                            self.isa,
                            Dt::Bf16,
                            core::slice::from_raw_parts(src, c.ow),
                            dst,
                        );
                        continue;
                    }
                    for ow in 0..c.ow {
                        let v = *(acc.at(ocl, oh, ow) as *const f32);
                        *(dst.add(ow * c.ys[3] * 2) as *mut half::bf16) = half::bf16::from_f32(v);
                    }
                }
            }
        }
    }
}

/// The weight `[C_in, ocg, kh, kw]` as `[C_in, ocg * taps]` row-major, each input channel's
/// values in the columns' order: `(oc, kh, kw)`, or `(kh, kw, oc)` for `chan_form`.
///
/// # Safety
/// As in `convolution_out_isa`; `buf` holds the weight's elements.
unsafe fn pack_weight(c: &Conv<'_>, chan_form: bool, buf: *mut u8) {
    let g = c.geo;
    let es = c.es();
    let mut i = 0;
    for ic in 0..g.icg * g.groups {
        for a in 0..if chan_form { c.kh } else { g.ocg } {
            for b in 0..if chan_form { c.kw } else { c.kh } {
                for d in 0..if chan_form { g.ocg } else { c.kw } {
                    let (ocl, th, tw) = if chan_form { (d, a, b) } else { (a, b, d) };
                    let off = ic * c.ws[0] + ocl * c.ws[1] + th * c.ws[2] + tw * c.ws[3];
                    // SAFETY: indices within the weight's sizes and the buffer.
                    unsafe { core::ptr::copy_nonoverlapping(c.wb(off), buf.add(i * es), es) };
                    i += 1;
                }
            }
        }
    }
}
