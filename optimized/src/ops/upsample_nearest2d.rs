//! `upsample_nearest2d.vec_out(Tensor input, SymInt[]? output_size, float[]? scale_factors, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Portable's checks and index map (`etk_portable::ops::upsample_nearest2d::prepare`,
//! `util::resample::nearest_index`), with the elements moved as words of their size:
//!
//! - `W` innermost in both tensors (NCHW and the like): the column map is computed once per
//!   chunk of columns instead of once per element, each out row is a gather through it, and an
//!   out row whose source row is the previous out row's (every upscaled row after the first) is
//!   a copy of that row; a whole-number widening (`x2`) writes each element `k` times without a
//!   map;
//! - `C` innermost in both (channels-last): each out pixel is a run of `C` elements copied from
//!   its source pixel.
//!
//! Planes (or images) are split over threads when the out is large. Other layouts: portable.

use crate::movement::run::{copy_run, with_word};
use crate::movement::split;
use crate::pointwise::walk::Ptr;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};
use etk_portable::ops::upsample_nearest2d as portable;
use etk_portable::util::resample::nearest_index;

pub const OP: &str = portable::OP;

/// Columns whose source index is computed at once (a stack buffer).
const CHUNK: usize = 512;

pub fn upsample_nearest2d_vec_out(
    ctx: &mut KernelContext<'_>,
    input: &Tensor<'_>,
    output_size: Option<&[i64]>,
    scale_factors: Option<&[f64]>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let Some(scales) = portable::prepare(input, output_size, scale_factors, out)? else {
        return Ok(());
    };
    let is: [usize; 4] = core::array::from_fn(|d| input.strides()[d]);
    let os: [usize; 4] = core::array::from_fn(|d| out.strides()[d]);
    let planar = is[3] == 1 && os[3] == 1;
    let pixels = is[1] == 1 && os[1] == 1;
    if !planar && !pixels {
        return portable::gather(input, scales, out);
    }
    let g = Grid {
        src: Ptr(input.as_ptr() as *mut u8),
        dst: Ptr(out.as_mut_ptr(OP, "out")?),
        is,
        os,
        in_hw: [input.size(2), input.size(3)],
        out_hw: [out.size(2), out.size(3)],
        scales,
    };
    let (n, c) = (out.size(0), out.size(1));
    let es = input.element_size();
    let bytes = out.numel() * es;
    if planar {
        split(ctx.parallel, n * c, bytes, &|p0, p1| {
            // SAFETY: planes `p0..p1` of both tensors, every index in range.
            with_word!(es, W => unsafe { g.planes::<W>(c, p0, p1) });
        });
    } else {
        split(ctx.parallel, n, bytes, &|b0, b1| {
            // SAFETY: images `b0..b1` of both tensors, every index in range.
            with_word!(es, W => unsafe { g.pixels::<W>(c, b0, b1) });
        });
    }
    Ok(())
}

/// The two tensors' geometry (element strides of `[N, C, H, W]`).
struct Grid {
    src: Ptr,
    dst: Ptr,
    is: [usize; 4],
    os: [usize; 4],
    in_hw: [usize; 2],
    out_hw: [usize; 2],
    scales: [Option<f64>; 2],
}

impl Grid {
    fn row(&self, y: usize) -> usize {
        nearest_index(y, self.in_hw[0], self.out_hw[0], self.scales[0])
    }

    fn col(&self, x: usize) -> usize {
        nearest_index(x, self.in_hw[1], self.out_hw[1], self.scales[1])
    }

    /// Planes `p0..p1` (`p = n * c + channel`) with `W` innermost in both tensors.
    ///
    /// # Safety
    /// The grid describes both tensors; `W` is their element word.
    #[inline(always)]
    unsafe fn planes<W: Copy>(&self, c: usize, p0: usize, p1: usize) {
        let (src, dst) = (self.src.0 as *const W, self.dst.0 as *mut W);
        let (is, os) = (self.is, self.os);
        let [oh, ow] = self.out_hw;
        let mut cols = [0usize; CHUNK];
        for x0 in (0..ow).step_by(CHUNK) {
            let x1 = (x0 + CHUNK).min(ow);
            for (x, s) in (x0..x1).zip(cols.iter_mut()) {
                *s = self.col(x);
            }
            let cols = &cols[..x1 - x0];
            // a whole-number widening (every upscale by 2 or by another integer factor): each
            // input element written `k` times in a row, no map read
            let iw = self.in_hw[1];
            let k = (iw > 0 && ow % iw == 0).then(|| ow / iw).filter(|&k| {
                x0 % k == 0
                    && x1 % k == 0
                    && cols.iter().enumerate().all(|(i, &c)| c == (x0 + i) / k)
            });
            for p in p0..p1 {
                let (b, ch) = (p / c, p % c);
                let (ip, op) = (b * is[0] + ch * is[1], b * os[0] + ch * os[1]);
                let mut prev = usize::MAX;
                for y in 0..oh {
                    let sy = self.row(y);
                    // SAFETY: `y < oh`, `sy < ih`, every column below its width.
                    unsafe {
                        let d = dst.add(op + y * os[2] + x0);
                        if sy == prev {
                            copy_run(d, d.sub(os[2]) as *const W, x1 - x0, false);
                        } else {
                            let s = src.add(ip + sy * is[2]);
                            match k {
                                Some(2) => widen::<W, 2>(d, s.add(x0 / 2), (x1 - x0) / 2),
                                Some(k) => {
                                    for (i, &sx) in cols.iter().enumerate().step_by(k) {
                                        let v = s.add(sx).read_unaligned();
                                        for r in 0..k {
                                            d.add(i + r).write_unaligned(v);
                                        }
                                    }
                                }
                                None => {
                                    for (i, &sx) in cols.iter().enumerate() {
                                        d.add(i).write_unaligned(s.add(sx).read_unaligned());
                                    }
                                }
                            }
                        }
                    }
                    prev = sy;
                }
            }
        }
    }

    /// Images `b0..b1` with `C` innermost in both tensors: one run of `c` per pixel.
    ///
    /// # Safety
    /// As [`Grid::planes`].
    #[inline(always)]
    unsafe fn pixels<W: Copy>(&self, c: usize, b0: usize, b1: usize) {
        let (src, dst) = (self.src.0 as *const W, self.dst.0 as *mut W);
        let (is, os) = (self.is, self.os);
        let [oh, ow] = self.out_hw;
        let mut cols = [0usize; CHUNK];
        for x0 in (0..ow).step_by(CHUNK) {
            let x1 = (x0 + CHUNK).min(ow);
            for (x, s) in (x0..x1).zip(cols.iter_mut()) {
                *s = self.col(x);
            }
            for b in b0..b1 {
                for y in 0..oh {
                    let (ir, or) = (b * is[0] + self.row(y) * is[2], b * os[0] + y * os[2]);
                    for (x, &sx) in (x0..x1).zip(&cols) {
                        // SAFETY: as above; a pixel's `c` elements are consecutive in both.
                        unsafe {
                            copy_run(dst.add(or + x * os[3]), src.add(ir + sx * is[3]), c, false)
                        };
                    }
                }
            }
        }
    }
}

/// `d[K * j + r] = s[j]` for `j < n`, `r < K`.
///
/// # Safety
/// `n` elements readable at `s`, `K * n` writable at `d`.
#[inline(always)]
unsafe fn widen<W: Copy, const K: usize>(d: *mut W, s: *const W, n: usize) {
    for j in 0..n {
        // SAFETY: as the caller guarantees.
        unsafe {
            let v = s.add(j).read_unaligned();
            for r in 0..K {
                d.add(K * j + r).write_unaligned(v);
            }
        }
    }
}

boxed_kernel!(pub fn upsample_nearest2d_vec_out_boxed = OP => upsample_nearest2d_vec_out(input: &Tensor, output_size: Option<&[i64]>, scale_factors: Option<&[f64]>) -> (out));
