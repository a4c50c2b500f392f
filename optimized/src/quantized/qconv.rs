//! Quantized convolution and linear on the int8 GEMM ([`super::qgemm`]): the compute of the
//! fused `dequantize → convolution / addmm / mm → [relu] → quantize` chains
//! ([`super::chain`]), with the weights packed once.
//!
//! Convolution (2-D, any stride, padding, dilation and groups, input and out of any strides):
//! rows = output channels, columns = output positions, so an NCHW out is written a vector at a
//! time. No im2col: the input is first re-laid, padded and split into its stride phases
//! ([`Phases`]), where what each tap reads for a run of output positions is one contiguous
//! run of bytes, and the packing of the activation panels reads those runs directly. The
//! positions are a grid of `wp` columns per output row (the padded width over the stride), of
//! which the `OW` first are kept: a few columns per row are computed for nothing (2 of 26 on a
//! 3×3 convolution 24 wide) to make every tap a contiguous run. The grid is cut into bands
//! that are split over the context's threads when the work is large enough.
//!
//! Linear (`x · Wᵀ`, the addmm / mm of an exported `nn.Linear`): rows = output features,
//! columns = the input's rows, the input packed directly.

use super::dot::{DotKernel, Way, dispatch_way};
use super::qgemm::{Gemm, Grid, PackRows, PackedW, Requant, panel_width};
use etk_core::{Error, ErrorKind, Parallel, Result, Scratch, Work};
use etk_simd::Level;

/// The widest activation panel at any level divides this (AVX-512: 48 with VNNI, 32
/// without; AVX2 8; NEON 8; Scalar 2): bands are multiples of it, whatever level runs them.
const BAND_UNIT: usize = 96;
/// Bytes of packed panels per band: about L2-resident.
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

/// The input re-laid for the GEMM: each channel padded (padding taps hold the zero point) and
/// split into its `sh × sw` stride phases (rows `r ≡ a mod sh`, columns `c ≡ b mod sw` of the
/// padded plane), each phase `hp × wp` bytes. Then the bytes tap `(th, tw)` reads for the
/// output positions, laid on a grid of `wp` columns per output row (`n = oh · wp + ow`, the
/// columns `ow ≥ OW` computed and dropped), are one contiguous run of a phase: the packing
/// reads them as vectors, with no im2col copy.
#[derive(Clone, Copy, Debug)]
struct Phases {
    hp: usize,
    wp: usize,
    /// Bytes per channel (all phases), and in all.
    per_channel: usize,
    bytes: usize,
}

impl Phases {
    fn of(g: &Geometry, np_max: usize) -> Phases {
        let hp = (g.h + 2 * g.pad[0]).div_ceil(g.stride[0]);
        let wp = (g.w + 2 * g.pad[1]).div_ceil(g.stride[1]);
        let per_channel = g.stride[0] * g.stride[1] * hp * wp;
        // the grid's last panel reads up to a panel and a row of taps past the last phase.
        let slack = (g.kh * g.dil[0] / g.stride[0] + 2) * wp + g.kw * g.dil[1] + 2 * np_max;
        Phases {
            hp,
            wp,
            per_channel,
            bytes: g.batch * g.c_in * per_channel + slack,
        }
    }

    /// The phase of padded row `r` and column `c` of a channel: its offset in the channel.
    fn phase(&self, g: &Geometry, r: usize, c: usize) -> usize {
        ((r % g.stride[0]) * g.stride[1] + c % g.stride[1]) * self.hp * self.wp
            + (r / g.stride[0]) * self.wp
            + c / g.stride[1]
    }

    /// Lays out `x` (strides `xs`) into `dst` (`bytes` long): padding `pad` everywhere, then
    /// every input element at its phase.
    ///
    /// # Safety
    /// `x` valid for the geometry's input at `xs`, `dst` for `self.bytes` bytes.
    unsafe fn fill(&self, g: &Geometry, x: *const u8, xs: Strides4, pad: u8, dst: *mut u8) {
        // SAFETY: the caller's contract; every write is at a phase offset below
        // `per_channel` of a channel `< batch * c_in`.
        unsafe {
            core::ptr::write_bytes(dst, pad, self.bytes);
            for img in 0..g.batch {
                for c in 0..g.c_in {
                    let plane = x.add(img * xs[0] + c * xs[1]);
                    let d = dst.add((img * g.c_in + c) * self.per_channel);
                    for ih in 0..g.h {
                        let src = plane.add(ih * xs[2]);
                        // row `r` of the padded plane: its phase's row, at column phase 0.
                        let r = ih + g.pad[0];
                        let row = d.add(self.phase(g, r, 0));
                        if g.stride[1] == 1 && xs[3] == 1 {
                            core::ptr::copy_nonoverlapping(src, row.add(g.pad[1]), g.w);
                            continue;
                        }
                        // column phase `b` holds the input columns `iw ≡ b - pad (mod sw)`.
                        let sw = g.stride[1];
                        for b in 0..sw {
                            let iw0 = (b + sw - g.pad[1] % sw) % sw;
                            let dst = row.add(b * self.hp * self.wp + (iw0 + g.pad[1]) / sw);
                            for (t, iw) in (iw0..g.w).step_by(sw).enumerate() {
                                *dst.add(t) = *src.add(iw * xs[3]);
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The grid columns of one band: `[n0, n0 + n)` of the `oh · wp` of image `img`, group `g`.
#[derive(Clone, Copy)]
struct Band {
    img: usize,
    g: usize,
    n0: usize,
    n: usize,
}

/// Raw pointers shared by the tasks of one call (each task writes its own bands' outs and its
/// own scratch).
#[derive(Clone, Copy)]
struct Shared {
    phases: *const u8,
    out: *mut u8,
    scratch: *mut u8,
}

// SAFETY: the tasks read the phases, write disjoint parts of `out` and disjoint scratch.
unsafe impl Send for Shared {}
// SAFETY: as above.
unsafe impl Sync for Shared {}

impl QConv {
    /// Grid columns per band: about `BAND_BYTES` of packed panels.
    fn band(&self) -> usize {
        let k4 = self.geo.k().next_multiple_of(4);
        (BAND_BYTES / k4.max(1) / BAND_UNIT).max(1) * BAND_UNIT
    }

    /// Scratch bytes one task needs: the packed panels of one band, and the tap rows.
    fn task_bytes(&self) -> usize {
        let k4 = self.geo.k().next_multiple_of(4);
        k4 * self.band() + k4 * core::mem::size_of::<usize>() + 128
    }

    /// Runs the convolution at `level` (the dot products `way`): `x` (`i8` / `u8`) with
    /// strides `xs`, into `out` with strides `os`, over `parallel`'s threads when the work is
    /// large enough. The input is read wholly (into the phases) before the out is written, so
    /// they may share memory.
    ///
    /// # Safety
    /// `x` and `out` valid for the geometry's tensors at those strides.
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
        let ph = Phases::of(g, BAND_UNIT);
        let grid = g.oh * ph.wp;
        let band = self.band();
        let per_image = grid.div_ceil(band);
        let jobs = g.batch * g.groups * per_image;
        let macs = g.batch * g.c_out * grid * g.k();
        let work = Work {
            flops: macs / 2, // int8 products run at four times the f32 rate of `Work`
            bytes: g.batch * (g.c_in * g.h * g.w + g.c_out * g.positions()),
        };
        let per_task = self.task_bytes();
        let phases = scratch
            .alloc_for_overwrite::<u8>(OP, ph.bytes)?
            .as_mut_ptr();
        // several tasks per thread only as far as the scratch holds their buffers (each job
        // is one task's whatever the count: the same out)
        let room = scratch.remaining().saturating_sub(64) / per_task.max(1);
        let tasks = work
            .tasks(parallel.num_threads())
            .min(parallel.num_threads().max(room))
            .min(jobs)
            .max(1);
        // SAFETY: the caller's contract; `phases` holds `ph.bytes`.
        unsafe { ph.fill(g, x, xs, self.act.pad(), phases) };
        let scratch = scratch
            .alloc_for_overwrite::<u8>(OP, per_task * tasks)?
            .as_mut_ptr();
        let sh = Shared {
            phases,
            out,
            scratch,
        };
        let task = |t: usize| {
            let (j0, j1) = (jobs * t / tasks, jobs * (t + 1) / tasks);
            let run = ConvBands {
                c: self,
                ph,
                os,
                sh,
                scratch: sh.scratch.wrapping_add(t * per_task),
                band,
                jobs: j0..j1,
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

    fn job(&self, j: usize, band: usize, grid: usize) -> Band {
        let g = &self.geo;
        let per_image = grid.div_ceil(band);
        let (ig, b) = (j / per_image, j % per_image);
        let n0 = b * band;
        Band {
            img: ig / g.groups,
            g: ig % g.groups,
            n0,
            n: band.min(grid - n0),
        }
    }
}

/// Some bands of one call, run on one way of computing the dot products.
struct ConvBands<'a> {
    c: &'a QConv,
    ph: Phases,
    os: Strides4,
    sh: Shared,
    scratch: *mut u8,
    band: usize,
    jobs: core::ops::Range<usize>,
}

impl DotKernel for ConvBands<'_> {
    type Output = ();
    #[inline(always)]
    fn run<D: super::dot::Dot>(self, d: D) {
        let c = self.c;
        let (g, ph) = (&c.geo, self.ph);
        let np = panel_width::<D>();
        let (k, kq) = (g.k(), g.k().div_ceil(4));
        let icg = g.icg();
        let grid = g.oh * ph.wp;
        let pbuf = self.scratch as *mut i32;
        // the tap rows after the panels, aligned for pointers.
        let rows = self
            .scratch
            .wrapping_add((4 * kq * self.band).next_multiple_of(64))
            as *mut *const u8;
        let ocg = g.ocg();
        for j in self.jobs.clone() {
            let b = c.job(j, self.band, grid);
            // SAFETY: the rows and panels fit the task's scratch (`task_bytes`); each tap row
            // read from `n0` for the band's panels stays inside the phases and their slack
            // (`Phases::of`); the out is the caller's (`QConv::run`).
            unsafe {
                let chan0 = self
                    .sh
                    .phases
                    .add((b.img * g.c_in + b.g * icg) * ph.per_channel);
                for kk in 0..4 * kq {
                    // taps past K read any row (their weights are zero).
                    let t = if kk < k { kk } else { 0 };
                    let (ic, th, tw) = (t / (g.kh * g.kw), t / g.kw % g.kh, t % g.kw);
                    let tap = ph.phase(g, th * g.dil[0], tw * g.dil[1]);
                    *rows.add(kk) = chan0.add(ic * ph.per_channel + tap + b.n0);
                }
                let ld = b.n.next_multiple_of(np);
                let pack = PackRows {
                    rows,
                    kq,
                    np,
                    panels: ld / np,
                    flip: c.act.flip,
                    dst: pbuf,
                };
                etk_simd::Kernel::run(pack, d.simd());
                let o0 = b.g * ocg;
                let os = self.os;
                let gemm = Gemm {
                    w: &c.weights[b.g],
                    r0: 0,
                    rows: ocg,
                    b: pbuf,
                    cols: b.n,
                    corr: &c.rows.corr[o0..],
                    scale: &c.rows.scale[o0..],
                    bias: &c.rows.bias[o0..],
                    out: self.sh.out.add(b.img * os[0] + o0 * os[1]),
                    rs: os[1] as isize,
                    cs: os[3] as isize,
                    grid: Grid {
                        n0: b.n0,
                        wp: ph.wp,
                        valid: g.ow,
                        ls: os[2] as isize,
                    },
                    rq: &c.rq,
                };
                gemm.run(d);
            }
        }
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
            grid: Grid::LINE,
            rq: &l.rq,
        };
        // SAFETY: the panels cover the `m` columns; the out is the caller's.
        unsafe { gemm.run(d) };
    }
}
