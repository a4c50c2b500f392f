//! Quantized convolution and linear on the int8 GEMM ([`super::qgemm`]): the compute of the
//! fused `dequantize → convolution / addmm / mm → [relu] → quantize` chains
//! ([`super::chain`]), with the weights packed once.
//!
//! Convolution (2-D, any stride, padding, dilation and groups, input and out of any strides
//! whose output positions are one stride apart): per image and group, the output positions in
//! bands; each band's im2col rows (one per tap `(c, kh, kw)`, the weight's own order, padding
//! taps holding the input zero point so that they add nothing) are copied into scratch, packed
//! into activation panels, and multiplied by the packed weights, rows = output channels,
//! columns = output positions: an NCHW out is written a vector at a time. Bands are split over
//! the context's threads when the work is large enough.
//!
//! Linear (`x · Wᵀ`, the addmm / mm of an exported `nn.Linear`): rows = output features,
//! columns = the input's rows, the input packed directly (four consecutive `k` of a row are
//! four consecutive bytes when the row is contiguous).

use super::dot::{DotKernel, Way, dispatch_way};
use super::qgemm::{Gemm, PackRows, PackedW, Requant, panel_width};
use etk_core::{Error, ErrorKind, Parallel, Result, Scratch, Work};
use etk_simd::Level;

/// The widest activation panel at any level divides this (AVX-512: 48 with VNNI, 32
/// without; AVX2 8; NEON 8; Scalar 2): bands are multiples of it, whatever level runs them.
const BAND_UNIT: usize = 96;
/// Bytes of im2col rows per band (and as many of packed panels): about L2-resident.
const BAND_BYTES: usize = 96 << 10;

const OP: &str = "etk::quantized::conv";

/// The per-output-channel constants of the requantization (see `super::qgemm`).
#[derive(Clone, Debug)]
pub struct RowParams {
    /// `o · Σ_k w[r][k]`, `o` the offset of the packed activations.
    pub corr: Vec<i32>,
    /// `scale_x · scale_w[r]`.
    pub scale: Vec<f32>,
    pub bias: Vec<f32>,
}

/// How the activations are read: `x_u8 = byte ^ flip` is a byte's unsigned form (`flip =
/// 0x80` for `i8` data), `offset` the input zero point in that form, so that `x_u8 - offset =
/// x - zp_x`; a padding tap holds `offset ^ flip` (it adds nothing).
#[derive(Clone, Copy, Debug)]
pub struct Act {
    pub flip: u8,
    pub offset: u8,
}

impl Act {
    /// The raw byte of a padding tap.
    fn pad(self) -> u8 {
        self.offset ^ self.flip
    }
}

/// A 2-D convolution's geometry: sizes of one image (`[C, H, W]` in, `[C_out, OH, OW]` out),
/// kernel, stride, padding, dilation, groups.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    pub batch: usize,
    pub c_in: usize,
    pub h: usize,
    pub w: usize,
    pub c_out: usize,
    pub oh: usize,
    pub ow: usize,
    pub kh: usize,
    pub kw: usize,
    pub stride: [usize; 2],
    pub pad: [usize; 2],
    pub dil: [usize; 2],
    pub groups: usize,
}

impl Geometry {
    fn icg(&self) -> usize {
        self.c_in / self.groups
    }
    fn ocg(&self) -> usize {
        self.c_out / self.groups
    }
    /// The GEMM's K: taps per output value.
    pub fn k(&self) -> usize {
        self.icg() * self.kh * self.kw
    }
    fn positions(&self) -> usize {
        self.oh * self.ow
    }
}

/// A convolution prepared for the int8 GEMM.
pub struct QConv {
    pub geo: Geometry,
    /// One per group (rows = that group's output channels).
    pub weights: Vec<PackedW>,
    pub rows: RowParams,
    pub rq: Requant,
    pub act: Act,
}

/// Strides in elements (= bytes) of an `[N, C, H, W]` tensor of one-byte elements.
pub type Strides4 = [usize; 4];

/// The positions of one band: `[p0, p0 + n)` of the `oh * ow` of image `img`, group `g`.
#[derive(Clone, Copy)]
struct Band {
    img: usize,
    g: usize,
    p0: usize,
    n: usize,
}

/// Raw pointers shared by the tasks of one call (each task writes its own bands' outs and its
/// own scratch).
#[derive(Clone, Copy)]
struct Shared {
    x: *const u8,
    out: *mut u8,
    scratch: *mut u8,
}

// SAFETY: the tasks read `x`, write disjoint parts of `out` and disjoint scratch regions.
unsafe impl Send for Shared {}
// SAFETY: as above.
unsafe impl Sync for Shared {}

impl QConv {
    /// Positions per band.
    fn band(&self) -> usize {
        let k4 = self.geo.k().next_multiple_of(4);
        (BAND_BYTES / k4.max(1) / BAND_UNIT).max(1) * BAND_UNIT
    }

    /// Scratch bytes one task needs: im2col rows and packed panels of one band.
    fn task_bytes(&self) -> usize {
        2 * self.geo.k().next_multiple_of(4) * self.band() + 64
    }

    /// Runs the convolution at `level` (the dot products `way`): `x` (`i8` / `u8`) with
    /// strides `xs`, into `out` with strides `os` (`os[2] == ow * os[3]`), over
    /// `parallel`'s threads when the work is large enough.
    ///
    /// # Safety
    /// `x` and `out` valid for the geometry's tensors at those strides, not overlapping (the
    /// bands read the input while earlier bands' outs are written).
    #[allow(clippy::too_many_arguments)]
    pub unsafe fn run(
        &self,
        scratch: &Scratch<'_>,
        parallel: &dyn Parallel,
        level: Level,
        way: Way,
        x: *const u8,
        xs: Strides4,
        out: *mut u8,
        os: Strides4,
    ) -> Result<()> {
        let g = &self.geo;
        let band = self.band();
        let per_image = g.positions().div_ceil(band);
        let jobs = g.batch * g.groups * per_image;
        let macs = g.batch * g.c_out * g.positions() * g.k();
        let work = Work {
            flops: macs / 2, // int8 products run at four times the f32 rate of `Work`
            bytes: g.batch * (g.c_in * g.h * g.w + g.c_out * g.positions()),
        };
        let tasks = work.tasks(parallel.num_threads()).min(jobs).max(1);
        let per_task = self.task_bytes();
        let scratch = scratch
            .alloc_for_overwrite::<u8>(OP, per_task * tasks)?
            .as_mut_ptr();
        let sh = Shared { x, out, scratch };
        let task = |t: usize| {
            let (j0, j1) = (jobs * t / tasks, jobs * (t + 1) / tasks);
            let run = ConvBands {
                c: self,
                xs,
                os,
                sh,
                scratch: sh.scratch.wrapping_add(t * per_task),
                band,
                jobs: j0..j1,
                level,
            };
            dispatch_way(level, way, run);
        };
        if tasks == 1 {
            task(0);
        } else {
            parallel.run(tasks, &task);
        }
        Ok(())
    }

    fn job(&self, j: usize, band: usize) -> Band {
        let g = &self.geo;
        let per_image = g.positions().div_ceil(band);
        let (ig, b) = (j / per_image, j % per_image);
        let p0 = b * band;
        Band {
            img: ig / g.groups,
            g: ig % g.groups,
            p0,
            n: band.min(g.positions() - p0),
        }
    }

    /// The im2col rows of band `b` into `buf` (`k` rows of `ld` bytes; columns past `b.n`
    /// are left as they are).
    ///
    /// # Safety
    /// `x` valid for the geometry's input at strides `xs`, `buf` for `k * ld` bytes.
    unsafe fn im2col(&self, x: *const u8, xs: Strides4, b: Band, buf: *mut u8, ld: usize) {
        let g = &self.geo;
        let pad = self.act.pad();
        let icg = g.icg();
        let mut row = buf;
        for ic in 0..icg {
            // SAFETY: channel `g * icg + ic` of image `img` lies in the input.
            let plane = unsafe { x.add(b.img * xs[0] + (b.g * icg + ic) * xs[1]) };
            for th in 0..g.kh {
                for tw in 0..g.kw {
                    // SAFETY: the caller's contract; every read is checked against the
                    // input's height and width below.
                    unsafe { self.fill_row(plane, xs, th, tw, b, row, pad) };
                    row = row.wrapping_add(ld);
                }
            }
        }
    }

    /// One im2col row: tap `(th, tw)` of `plane` at the band's positions.
    ///
    /// # Safety
    /// `plane` valid for one channel at strides `xs`, `dst` for `b.n` bytes.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    unsafe fn fill_row(
        &self,
        plane: *const u8,
        xs: Strides4,
        th: usize,
        tw: usize,
        b: Band,
        dst: *mut u8,
        pad: u8,
    ) {
        let g = &self.geo;
        let (sh, sw) = (g.stride[0], g.stride[1]);
        // input column of output column `ow`: `ow * sw + tw * dw - pw`; inside for `ow` in
        // `[ow_lo, ow_hi)`.
        let off_w = tw * g.dil[1];
        let ow_lo = g.pad[1].saturating_sub(off_w).div_ceil(sw);
        let ow_hi = (g.w + g.pad[1])
            .saturating_sub(off_w)
            .div_ceil(sw)
            .min(g.ow);
        let mut p = b.p0;
        let end = b.p0 + b.n;
        let mut d = dst;
        while p < end {
            let (oh, ow0) = (p / g.ow, p % g.ow);
            let ow1 = g.ow.min(ow0 + end - p);
            let len = ow1 - ow0;
            let ih = (oh * sh + th * g.dil[0]).checked_sub(g.pad[0]);
            // SAFETY: `d` stays within the band's `n` bytes; reads are at `ih < h` and input
            // columns `< w` (`ow < ow_hi`).
            unsafe {
                match ih {
                    Some(ih) if ih < g.h => {
                        let a = ow_lo.clamp(ow0, ow1);
                        let z = ow_hi.clamp(ow0, ow1).max(a);
                        core::ptr::write_bytes(d, pad, a - ow0);
                        if a < z {
                            let src = plane.add(ih * xs[2]);
                            let iw0 = (a * sw + off_w) - g.pad[1];
                            let run = d.add(a - ow0);
                            if sw == 1 && xs[3] == 1 {
                                core::ptr::copy_nonoverlapping(src.add(iw0), run, z - a);
                            } else {
                                let step = sw * xs[3];
                                let s0 = src.add(iw0 * xs[3]);
                                for i in 0..z - a {
                                    *run.add(i) = *s0.add(i * step);
                                }
                            }
                        }
                        core::ptr::write_bytes(d.add(z - ow0), pad, ow1 - z);
                    }
                    _ => core::ptr::write_bytes(d, pad, len),
                }
                d = d.add(len);
            }
            p += len;
        }
    }
}

/// Some bands of one call, run on one way of computing the dot products.
struct ConvBands<'a> {
    c: &'a QConv,
    xs: Strides4,
    os: Strides4,
    sh: Shared,
    scratch: *mut u8,
    band: usize,
    jobs: core::ops::Range<usize>,
    level: Level,
}

impl DotKernel for ConvBands<'_> {
    type Output = ();
    #[inline(always)]
    fn run<D: super::dot::Dot>(self, d: D) {
        let c = self.c;
        let g = &c.geo;
        let np = panel_width::<D>();
        let (k, kq) = (g.k(), g.k().div_ceil(4));
        let k4 = kq * 4;
        let buf = self.scratch;
        // the packed panels after the rows, 64-byte aligned.
        let pbuf = buf.wrapping_add((k4 * self.band).next_multiple_of(64)) as *mut i32;
        let ocg = g.ocg();
        for j in self.jobs.clone() {
            let b = c.job(j, self.band);
            let ld = b.n.next_multiple_of(np);
            // SAFETY: the band's rows and panels fit the task's scratch (`task_bytes`); the
            // input and out are the caller's (`QConv::run`).
            unsafe {
                c.im2col(self.sh.x, self.xs, b, buf, ld);
                // rows past K: any bytes (their weights are zero), but initialized.
                core::ptr::write_bytes(buf.add(k * ld), 0, (k4 - k) * ld);
                let pack = PackRows {
                    src: buf,
                    ld,
                    kq,
                    np,
                    panels: ld / np,
                    flip: c.act.flip,
                    dst: pbuf,
                };
                etk_simd::Kernel::run(pack, d.simd());
                let o0 = b.g * ocg;
                let os = self.os;
                let out = self.sh.out.add(
                    b.img * os[0] + o0 * os[1] + (b.p0 / g.ow) * os[2] + (b.p0 % g.ow) * os[3],
                );
                let gemm = Gemm {
                    w: &c.weights[b.g],
                    r0: 0,
                    rows: ocg,
                    b: pbuf,
                    cols: b.n,
                    corr: &c.rows.corr[o0..],
                    scale: &c.rows.scale[o0..],
                    bias: &c.rows.bias[o0..],
                    out,
                    rs: os[1] as isize,
                    cs: os[3] as isize,
                    rq: &c.rq,
                };
                gemm.run(d);
            }
        }
        let _ = self.level;
    }
}

/// A linear (`out[m][n] = Σ_k x[m][k] w[n][k]`, requantized) prepared for the int8 GEMM.
pub struct QLinear {
    pub k: usize,
    pub n: usize,
    /// Rows = the `n` output features.
    pub weights: PackedW,
    pub rows: RowParams,
    pub rq: Requant,
    pub act: Act,
}

impl QLinear {
    /// Runs on `m` rows of `x` (strides `xs = [row, col]`, elements) into `out` (strides
    /// `os`, elements). Every input byte is read (packed) before the out is written, so the
    /// out may share memory with `x`.
    ///
    /// # Safety
    /// `x` valid for `m × k` bytes at `xs`, `out` for `m × n` at `os`, not overlapping.
    #[allow(clippy::too_many_arguments)]
    pub unsafe fn run(
        &self,
        scratch: &Scratch<'_>,
        level: Level,
        way: Way,
        m: usize,
        x: *const u8,
        xs: [usize; 2],
        out: *mut u8,
        os: [usize; 2],
    ) -> Result<()> {
        let kq = self.k.div_ceil(4);
        let cols = m.next_multiple_of(BAND_UNIT);
        let n = kq
            .checked_mul(cols)
            .ok_or_else(|| Error::new(ErrorKind::InvalidArgument, OP, "input"))?;
        let panels = scratch.alloc_for_overwrite::<i32>(OP, n)?.as_mut_ptr();
        let run = LinearRun {
            l: self,
            m,
            x,
            xs,
            out,
            os,
            panels,
        };
        dispatch_way(level, way, run);
        Ok(())
    }
}

struct LinearRun<'a> {
    l: &'a QLinear,
    m: usize,
    x: *const u8,
    xs: [usize; 2],
    out: *mut u8,
    os: [usize; 2],
    panels: *mut i32,
}

impl DotKernel for LinearRun<'_> {
    type Output = ();
    #[inline(always)]
    fn run<D: super::dot::Dot>(self, d: D) {
        let l = self.l;
        let np = panel_width::<D>();
        let kq = l.k.div_ceil(4);
        let flip = l.act.flip;
        // dword (q, c) of panel p: bytes k = 4q..4q+4 of row p * np + c (zero past K or M;
        // their weights are zero or their outs not stored).
        for p in 0..self.m.div_ceil(np) {
            for q in 0..kq {
                for c in 0..np {
                    let r = p * np + c;
                    let mut bytes = [0u8; 4];
                    if r < self.m {
                        for (j, byte) in bytes.iter_mut().enumerate() {
                            let kk = 4 * q + j;
                            if kk < l.k {
                                // SAFETY: `r < m`, `kk < k`: inside `x` (the caller's
                                // contract).
                                *byte =
                                    unsafe { *self.x.add(r * self.xs[0] + kk * self.xs[1]) } ^ flip;
                            }
                        }
                    }
                    // SAFETY: the panels hold `kq * m.next_multiple_of(BAND_UNIT)` dwords.
                    unsafe { *self.panels.add((p * kq + q) * np + c) = i32::from_le_bytes(bytes) };
                }
            }
        }
        let gemm = Gemm {
            w: &l.weights,
            r0: 0,
            rows: l.n,
            b: self.panels,
            cols: self.m,
            corr: &l.rows.corr,
            scale: &l.rows.scale,
            bias: &l.rows.bias,
            out: self.out,
            rs: self.os[1] as isize,
            cs: self.os[0] as isize,
            rq: &l.rq,
        };
        // SAFETY: the panels cover the `m` columns; the out is the caller's.
        unsafe { gemm.run(d) };
    }
}
