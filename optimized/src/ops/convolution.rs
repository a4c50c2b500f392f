//! `convolution.out(Tensor input, Tensor weight, Tensor? bias, SymInt[] stride, SymInt[] padding,
//!   SymInt[] dilation, bool transposed, SymInt[] output_padding, SymInt groups, *,
//!   Tensor(a!) out) -> Tensor(a!)`
//!
//! Float 2-D (4-D tensors), non-transposed convolutions on the packed GEMM, any stride,
//! padding, dilation and dim order of every tensor:
//! - a 1x1 kernel without padding whose output positions are one stride apart in both the
//!   input and the out (stride 1, NCHW or NHWC) is one GEMM per group — `W[C_out, C_in] x
//!   X[C_in, positions]` — read in place (NHWC batches merge into one product);
//! - depthwise (`groups == C_in == C_out`) runs a direct kernel vectorized along the
//!   contiguous dim (width for NCHW, channels for NHWC) at the ISA level (`depthwise.rs`);
//! - everything else (grouped convolutions per group) is im2col into scratch, a band of
//!   output rows at a time, then the GEMM. The column matrix follows the input: `[K,
//!   positions]` with taps `(c, kh, kw)` for NCHW (runs of input width copied), `[positions,
//!   K]` with taps `(kh, kw, c)` for channels-last (runs of channels copied); a weight whose
//!   dims do not flatten in that order is copied once into scratch.
//!
//! The bias is fused into the GEMM's epilogue. Checks are portable's (same rejections), and
//! every other call — other dtypes, 1-D and 3-D, transposed, no input channels, or too
//! little scratch for one band of im2col — runs portable's kernel. The GEMM sums in another order
//! than portable's loop nest (last-bit differences); the depthwise kernel sums in portable's
//! order, without fused multiply-adds, so it matches it bit for bit.

mod depthwise;

use super::linear::merged_stride;
use crate::gemm::{self, Bias, Dt, Epilogue, Isa, MatMut, MatRef};
use depthwise::depthwise;
use etk_core::out::check_dtype;
use etk_core::{KernelContext, Result, ScalarType, Tensor, boxed_kernel};
use etk_portable::ops::convolution as portable;
use etk_portable::util::conv::ConvGeometry;

pub const OP: &str = portable::OP;

/// Upper bound on the im2col band (bytes): larger bands only cost cache misses.
const BAND_BYTES: usize = 8 << 20;
/// Scratch left to the GEMM's packing (it needs about 2 MiB, and works with less).
const GEMM_BYTES: usize = 4 << 20;

#[allow(clippy::too_many_arguments)]
pub fn convolution_out(
    ctx: &mut KernelContext<'_>,
    input: &Tensor<'_>,
    weight: &Tensor<'_>,
    bias: Option<&Tensor<'_>>,
    stride: &[i64],
    padding: &[i64],
    dilation: &[i64],
    transposed: bool,
    output_padding: &[i64],
    groups: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    convolution_out_isa(
        ctx,
        gemm::isa(),
        input,
        weight,
        bias,
        stride,
        padding,
        dilation,
        transposed,
        output_padding,
        groups,
        out,
    )
}

boxed_kernel!(pub fn convolution_out_boxed = OP => convolution_out(input: &Tensor, weight: &Tensor, bias: Option<&Tensor>, stride: &[i64], padding: &[i64], dilation: &[i64], transposed: bool, output_padding: &[i64], groups: i64) -> (out));

/// [`convolution_out`] at ISA level `isa` (clamped to what the CPU has), for tests.
#[allow(clippy::too_many_arguments)]
pub fn convolution_out_isa(
    ctx: &mut KernelContext<'_>,
    isa: Isa,
    input: &Tensor<'_>,
    weight: &Tensor<'_>,
    bias: Option<&Tensor<'_>>,
    stride: &[i64],
    padding: &[i64],
    dilation: &[i64],
    transposed: bool,
    output_padding: &[i64],
    groups: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let params = [stride, padding, dilation, output_padding];
    let geo = portable::check(input, weight, bias, params, transposed, groups)?;
    let fallback = |ctx: &mut KernelContext<'_>, out: &mut Tensor<'_>| {
        portable::convolution_out(
            ctx,
            input,
            weight,
            bias,
            stride,
            padding,
            dilation,
            transposed,
            output_padding,
            groups,
            out,
        )
    };
    // (a bias of another dtype than the input's is converted by portable's loop)
    if input.dtype() != ScalarType::Float
        || transposed
        || input.dim() != 4
        || bias.is_some_and(|b| b.dtype() != ScalarType::Float)
    {
        return fallback(ctx, out);
    }
    check_dtype(OP, "out", out, input.dtype())?;
    out.resize(OP, "out", &geo.out_sizes[..4])?;
    if out.numel() == 0 {
        return Ok(());
    }
    if geo.icg == 0 {
        // no input channels: the out is the bias, portable's loop is as fast
        return fallback(ctx, out);
    }
    let c = Conv::new(&geo, input, weight, bias, out)?;
    // SAFETY: `c` describes checked tensors of the geometry's sizes; the out does not overlap
    // the inputs.
    let done = unsafe {
        if geo.groups > 1 && geo.icg == 1 && geo.ocg == 1 {
            depthwise(&mut ctx.scratch, isa, &c);
            true
        } else if c.direct_1x1() {
            direct_1x1(ctx, isa, &c)?;
            true
        } else {
            im2col_gemm(ctx, isa, &c)?
        }
    };
    if done { Ok(()) } else { fallback(ctx, out) }
}

/// A checked 2-D Float convolution: its geometry, and the four tensors as pointers with
/// `[N or C_out, C, H, W]` strides (elements).
struct Conv<'g> {
    geo: &'g ConvGeometry,
    x: *const f32,
    w: *const f32,
    /// The bias and its stride.
    b: Option<(*const f32, usize)>,
    y: *mut f32,
    xs: [usize; 4],
    ws: [usize; 4],
    ys: [usize; 4],
    /// Input width, output height and width, kernel height and width.
    iw: usize,
    oh: usize,
    ow: usize,
    kh: usize,
    kw: usize,
}

fn strides4(t: &Tensor<'_>) -> [usize; 4] {
    let s = t.strides();
    [s[0], s[1], s[2], s[3]]
}

impl<'g> Conv<'g> {
    fn new(
        geo: &'g ConvGeometry,
        input: &Tensor<'_>,
        weight: &Tensor<'_>,
        bias: Option<&Tensor<'_>>,
        out: &mut Tensor<'_>,
    ) -> Result<Conv<'g>> {
        Ok(Conv {
            geo,
            x: input.as_ptr() as *const f32,
            w: weight.as_ptr() as *const f32,
            b: bias.map(|b| (b.as_ptr() as *const f32, b.strides()[0])),
            y: out.as_mut_ptr(OP, "out")? as *mut f32,
            xs: strides4(input),
            ws: strides4(weight),
            ys: strides4(out),
            iw: geo.ins[2],
            oh: geo.outs[1],
            ow: geo.outs[2],
            kh: geo.ks[1],
            kw: geo.ks[2],
        })
    }

    /// Input height of output row `oh` through tap `th`, if inside the input.
    #[inline(always)]
    fn in_h(&self, oh: usize, th: usize) -> Option<usize> {
        self.geo.input_pos(1, oh, th)
    }

    #[inline(always)]
    fn in_w(&self, ow: usize, tw: usize) -> Option<usize> {
        self.geo.input_pos(2, ow, tw)
    }

    /// Output columns `lo..hi` whose input column through tap `tw` is inside the input, and
    /// the input column of `lo`.
    fn w_range(&self, tw: usize) -> (usize, usize, usize) {
        let (s, p, d) = (
            self.geo.stride[2] as i128,
            self.geo.padding[2] as i128,
            self.geo.dilation[2] as i128,
        );
        // input column = ow * s + off, stride s > 0 (checked)
        let off = tw as i128 * d - p;
        let ceil = |a: i128| a / s + i128::from(a % s > 0);
        let lo = ceil(-off).clamp(0, self.ow as i128);
        let hi = ceil(self.iw as i128 - off).clamp(lo, self.ow as i128);
        let first = if lo < hi { (lo * s + off) as usize } else { 0 };
        (lo as usize, hi as usize, first)
    }

    /// A 1x1 kernel without padding whose output positions are one stride apart, within each
    /// image, in both the input and the out.
    fn direct_1x1(&self) -> bool {
        let g = self.geo;
        self.kh == 1
            && self.kw == 1
            && g.padding[1] == 0
            && g.padding[2] == 0
            && self.positions(false, 1).is_some()
            && self.positions(true, 1).is_some()
    }

    /// The one stride between the output positions of images `n..n + count` (row-major over
    /// image, row, column) in the out or, for a 1x1 kernel without padding, the input.
    fn positions(&self, out: bool, count: usize) -> Option<usize> {
        let sizes = [count, self.oh, self.ow];
        let st = if out {
            [self.ys[0], self.ys[2], self.ys[3]]
        } else {
            // products only used when the dim has more than one position, and then they
            // stay inside the input
            let (sh, sw) = (self.geo.stride[1] as usize, self.geo.stride[2] as usize);
            [
                self.xs[0],
                sh.wrapping_mul(self.xs[2]),
                sw.wrapping_mul(self.xs[3]),
            ]
        };
        merged_stride(&sizes, &st)
    }
}

/// `out[n, group g] = W_g x X[n, group g]`, the input read in place.
///
/// # Safety
/// As in [`convolution_out_isa`]; `c.direct_1x1()`.
unsafe fn direct_1x1(ctx: &mut KernelContext<'_>, isa: Isa, c: &Conv<'_>) -> Result<()> {
    let g = c.geo;
    // NHWC: every image's positions continue the previous one's, one product for the batch
    let (images, cols, xp, yp) = match (c.positions(false, g.n), c.positions(true, g.n)) {
        (Some(xp), Some(yp)) => (1, g.n * c.oh * c.ow, xp, yp),
        _ => match (c.positions(false, 1), c.positions(true, 1)) {
            (Some(xp), Some(yp)) => (g.n, c.oh * c.ow, xp, yp),
            _ => unreachable!("direct_1x1 checked that positions merge"),
        },
    };
    for n in 0..images {
        for grp in 0..g.groups {
            // SAFETY: element (ic, p) of the group's input and (oc, p) of its out are
            // elements of the tensors (positions merge as checked).
            unsafe {
                let x = c.x.add(n * c.xs[0] + grp * g.icg * c.xs[1]);
                let b = MatRef::from_raw(
                    x as *const u8,
                    Dt::F32,
                    g.icg,
                    cols,
                    c.xs[1] as isize,
                    xp as isize,
                );
                let a = weight_mat(c, grp, false).expect("a 1x1 kernel's taps are its channels");
                product(ctx, isa, c, a, b, n, grp, 0, cols, yp)?;
            }
        }
    }
    Ok(())
}

/// The group's weight `[ocg, K]` read in place, if its taps flatten to one stride in
/// im2col's order: `(c, kh, kw)`, or `(kh, kw, c)` when `chan_inner`.
///
/// # Safety
/// As in [`convolution_out_isa`].
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
            c.w.add(grp * g.ocg * c.ws[0]) as *const u8,
            Dt::F32,
            g.ocg,
            k,
            c.ws[0] as isize,
            cs as isize,
        )
    })
}

/// `out[n, group grp, positions p0..p0 + cols] = a x b + bias`, the out's positions `yp`
/// apart.
///
/// # Safety
/// As in [`convolution_out_isa`]; `a` is `[ocg, K]`, `b` `[K, cols]`, and those positions of
/// the out (starting at output row `p0 / ow`) exist.
#[allow(clippy::too_many_arguments)]
unsafe fn product(
    ctx: &mut KernelContext<'_>,
    isa: Isa,
    c: &Conv<'_>,
    a: MatRef<'_>,
    b: MatRef<'_>,
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
        let y =
            c.y.add(n * c.ys[0] + grp * g.ocg * c.ys[1] + row * c.ys[2] + col * c.ys[3]);
        let cm = MatMut::from_raw(
            y as *mut u8,
            Dt::F32,
            g.ocg,
            cols,
            c.ys[1] as isize,
            yp as isize,
        );
        let mut epi = Epilogue::default();
        if let Some((bp, bs)) = c.b {
            epi.bias = Bias::PerRow(MatRef::from_raw(
                bp.add(grp * g.ocg * bs) as *const u8,
                Dt::F32,
                g.ocg,
                1,
                bs as isize,
                1,
            ));
        }
        gemm::gemm(ctx, isa, a, b, cm, &epi)
    }
}

/// im2col a band of output rows at a time, then the GEMM. `Ok(false)` when the scratch
/// cannot hold one row's band.
///
/// # Safety
/// As in [`convolution_out_isa`].
unsafe fn im2col_gemm(ctx: &mut KernelContext<'_>, isa: Isa, c: &Conv<'_>) -> Result<bool> {
    let g = c.geo;
    // channels-last input: runs of channels are contiguous, taps ordered (kh, kw, c)
    let chan_inner = c.xs[1] == 1 && g.icg > 1;
    let Some(k) = g.icg.checked_mul(c.kh).and_then(|v| v.checked_mul(c.kw)) else {
        return Ok(false);
    };
    // a band of several rows needs the out's rows to continue one another
    let merge_rows = merged_stride(&[c.oh, c.ow], &c.ys[2..]).is_some();
    let in_place = unsafe { weight_mat(c, 0, chan_inner) }.is_some();
    let par = ctx.parallel;
    ctx.scratch.scope(|s| {
        let packed: Option<&mut [f32]> = if in_place {
            None
        } else {
            let Some(len) = k.checked_mul(g.out_sizes[1]) else {
                return Ok(false);
            };
            let Ok(buf) = s.alloc_for_overwrite::<f32>(OP, len) else {
                return Ok(false);
            };
            // SAFETY: every tap of every output channel is an element of the weight.
            unsafe { pack_weight(c, chan_inner, buf) };
            Some(buf)
        };
        let avail = s.remaining().saturating_sub(128);
        let band = (avail - (avail / 2).min(GEMM_BYTES)).min(BAND_BYTES) / 4;
        let row = k.saturating_mul(c.ow);
        let rows = if merge_rows {
            band / row
        } else {
            (band / row).min(1)
        };
        if rows == 0 {
            return Ok(false);
        }
        let rows = rows.min(c.oh);
        let Ok(col) = s.alloc_for_overwrite::<f32>(OP, rows * row) else {
            return Ok(false);
        };
        let col = col.as_mut_ptr();
        let rest = s
            .alloc_for_overwrite::<u8>(OP, s.remaining().saturating_sub(64))
            .unwrap_or_default();
        let mut sub = KernelContext::new(rest, par);
        for n in 0..g.n {
            for grp in 0..g.groups {
                // SAFETY: the packed weight has `C_out` rows of `k` taps.
                let a = unsafe {
                    match &packed {
                        Some(p) => MatRef::from_raw(
                            p.as_ptr().add(grp * g.ocg * k) as *const u8,
                            Dt::F32,
                            g.ocg,
                            k,
                            k as isize,
                            1,
                        ),
                        None => weight_mat(c, grp, chan_inner).expect("checked above"),
                    }
                };
                for oh0 in (0..c.oh).step_by(rows) {
                    let oh1 = (oh0 + rows).min(c.oh);
                    let cols = (oh1 - oh0) * c.ow;
                    // SAFETY: `col` holds `rows * ow * k` floats; the band's positions exist.
                    unsafe {
                        let (rs, cs) = if chan_inner {
                            im2col_channels(c, n, grp, oh0, oh1, col);
                            (1, k as isize)
                        } else {
                            im2col_width(c, n, grp, oh0, oh1, col);
                            (cols as isize, 1)
                        };
                        let b = MatRef::from_raw(col as *const u8, Dt::F32, k, cols, rs, cs);
                        let yp = merged_stride(&[oh1 - oh0, c.ow], &c.ys[2..]);
                        let yp = yp.expect("the band's rows merge");
                        product(&mut sub, isa, c, a, b, n, grp, oh0 * c.ow, cols, yp)?;
                    }
                }
            }
        }
        Ok(true)
    })
}

/// The weight as `[C_out, K]` row-major, taps in im2col's order.
///
/// # Safety
/// As in [`convolution_out_isa`]; `buf` holds `C_out * K` floats.
unsafe fn pack_weight(c: &Conv<'_>, chan_inner: bool, buf: &mut [f32]) {
    let g = c.geo;
    let mut i = 0;
    for oc in 0..g.out_sizes[1] {
        for a in 0..if chan_inner { c.kh } else { g.icg } {
            for b in 0..if chan_inner { c.kw } else { c.kh } {
                for d in 0..if chan_inner { g.icg } else { c.kw } {
                    let (ic, th, tw) = if chan_inner { (d, a, b) } else { (a, b, d) };
                    let off = oc * c.ws[0] + ic * c.ws[1] + th * c.ws[2] + tw * c.ws[3];
                    // SAFETY: indices within the weight's sizes.
                    buf[i] = unsafe { *c.w.add(off) };
                    i += 1;
                }
            }
        }
    }
}

/// `len` floats `step` apart from `src` to contiguous `dst` (one bulk copy when `step` is 1).
///
/// # Safety
/// Both ranges valid and disjoint.
#[inline(always)]
unsafe fn gather(dst: *mut f32, src: *const f32, step: usize, len: usize) {
    unsafe {
        if step == 1 || len <= 1 {
            core::ptr::copy_nonoverlapping(src, dst, len);
        } else {
            for i in 0..len {
                *dst.add(i) = *src.add(i * step);
            }
        }
    }
}

/// Column matrix `[K, positions]` (row-major) for output rows `oh0..oh1` of image `n`,
/// group `grp`, taps `(c, kh, kw)`: each row a run of input columns (zeros in the padding).
///
/// # Safety
/// `col` holds `K * (oh1 - oh0) * ow` floats; the rest as in [`convolution_out_isa`].
unsafe fn im2col_width(c: &Conv<'_>, n: usize, grp: usize, oh0: usize, oh1: usize, col: *mut f32) {
    let g = c.geo;
    let cols = (oh1 - oh0) * c.ow;
    // products only used for runs of more than one column, which stay inside the input
    let step = (g.stride[2] as usize).wrapping_mul(c.xs[3]);
    let mut dst = col;
    // SAFETY: every index is within its tensor or `col`.
    unsafe {
        for icl in 0..g.icg {
            let x = c.x.add(n * c.xs[0] + (grp * g.icg + icl) * c.xs[1]);
            for th in 0..c.kh {
                for tw in 0..c.kw {
                    let (lo, hi, iw0) = c.w_range(tw);
                    for oh in oh0..oh1 {
                        let d = dst.add((oh - oh0) * c.ow);
                        let Some(ih) = c.in_h(oh, th) else {
                            core::ptr::write_bytes(d, 0, c.ow);
                            continue;
                        };
                        core::ptr::write_bytes(d, 0, lo);
                        let src = x.add(ih * c.xs[2] + iw0 * c.xs[3]);
                        gather(d.add(lo), src, step, hi - lo);
                        core::ptr::write_bytes(d.add(hi), 0, c.ow - hi);
                    }
                    dst = dst.add(cols);
                }
            }
        }
    }
}

/// Column matrix `[positions, K]` (row-major) for output rows `oh0..oh1` of image `n`,
/// group `grp`, taps `(kh, kw, c)`: runs of the group's input channels.
///
/// # Safety
/// As [`im2col_width`].
unsafe fn im2col_channels(
    c: &Conv<'_>,
    n: usize,
    grp: usize,
    oh0: usize,
    oh1: usize,
    col: *mut f32,
) {
    let g = c.geo;
    let mut dst = col;
    // SAFETY: every index is within its tensor or `col`.
    unsafe {
        let x = c.x.add(n * c.xs[0] + grp * g.icg * c.xs[1]);
        for oh in oh0..oh1 {
            for ow in 0..c.ow {
                for th in 0..c.kh {
                    let ih = c.in_h(oh, th);
                    for tw in 0..c.kw {
                        match (ih, c.in_w(ow, tw)) {
                            (Some(ih), Some(iw)) => {
                                let src = x.add(ih * c.xs[2] + iw * c.xs[3]);
                                gather(dst, src, c.xs[1], g.icg);
                            }
                            _ => core::ptr::write_bytes(dst, 0, g.icg),
                        }
                        dst = dst.add(g.icg);
                    }
                }
            }
        }
    }
}
