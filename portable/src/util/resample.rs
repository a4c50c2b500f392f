//! ATen's interpolation coordinate maps (`aten/src/ATen/native/UpSample.h`), written once for
//! every resampling op, and the shape rules of the 2-D upsampling `.vec` overloads.
//!
//! - Output size: `output_size` as given, or `floor(in * scale)` computed in double from
//!   `scale_factors` (exactly one of the two; a NaN, infinite or out-of-range product is
//!   rejected, as `SymInt` conversion does). Input and output spatial sizes must be `> 0`, the
//!   channel count non-zero; the batch may be 0.
//! - The scale used by the maps: `1 / scale` (in double, then rounded to the compute type) when
//!   a positive scale was given, otherwise `in / out` in the compute type — so `scale_factors`
//!   that are not exactly `out / in` give different coordinates than the equivalent
//!   `output_size`, as in ATen.
//! - Nearest: `out == in` copies, `out == 2 * in` halves the index, otherwise
//!   `min(floor(o * scale), in - 1)` in f32.
//! - Linear (`area_pixel_compute_source_index`): with `align_corners` the scale is
//!   `(in - 1) / (out - 1)` (0 for one output) and the source `o * scale`; without, the source is
//!   `scale * (o + 0.5) - 0.5` clamped at 0. The lower index is `min(floor(src), in - 1)`, the
//!   weight of the upper `clamp(src - lower, 0, 1)`; `out == in` copies.

use crate::util::dispatch::Float;
use etk_core::shape::extent_fits;
use etk_core::{Error, ErrorKind, Info, Result, ScalarType, Tensor};

/// The spatial out sizes of a 2-D upsampling `.vec` call and the scales to hand to the maps
/// (the given scale factors, or none when `output_size` was given).
pub struct Plan2d {
    pub out_hw: [usize; 2],
    pub scales: [Option<f64>; 2],
}

/// ATen's `compute_output_size` and `upsample_2d_common_check` for a `[N, C, H, W]` input, and
/// the dtype rule of the CPU upsampling kernels (Byte, Half, BFloat16, Float, Double).
pub fn plan_2d(
    op: &'static str,
    input: &Tensor<'_>,
    output_size: Option<&[i64]>,
    scale_factors: Option<&[f64]>,
) -> Result<Plan2d> {
    if input.dim() != 4 {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "input")
            .expected("a tensor of rank", Info::Int(4))
            .got(Info::Int(input.dim() as i64)));
    }
    let in_hw = [input.size(2), input.size(3)];
    let mut plan = Plan2d {
        out_hw: [0; 2],
        scales: [None; 2],
    };
    match (output_size, scale_factors) {
        (Some(sizes), None) => {
            if sizes.len() != 2 {
                return Err(Error::new(ErrorKind::InvalidArgument, op, "output_size")
                    .expected("a list of length", Info::Int(2))
                    .got(Info::Int(sizes.len() as i64)));
            }
            for (d, &s) in sizes.iter().enumerate() {
                plan.out_hw[d] = positive_size(op, "output_size", s as i128, in_hw)?;
            }
        }
        (None, Some(scales)) => {
            if scales.len() != 2 {
                return Err(Error::new(ErrorKind::InvalidArgument, op, "scale_factors")
                    .expected("a list of length", Info::Int(2))
                    .got(Info::Int(scales.len() as i64)));
            }
            for (d, &s) in scales.iter().enumerate() {
                let v = libm::floor(in_hw[d] as f64 * s);
                // `SymInt` conversion: NaN, the infinities and values past int64 fail.
                if !(v >= i64::MIN as f64 && v < i64::MAX as f64) {
                    return Err(Error::new(ErrorKind::InvalidArgument, op, "scale_factors")
                        .expected_text("an output size (input size * scale) that fits in int64")
                        .got(Info::Float(s)));
                }
                plan.out_hw[d] = positive_size(op, "scale_factors", v as i128, in_hw)?;
                plan.scales[d] = Some(s);
            }
        }
        _ => {
            return Err(Error::invalid(
                op,
                "output_size",
                "exactly one of output_size and scale_factors",
            ));
        }
    }
    if in_hw[0] == 0 || in_hw[1] == 0 {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "input")
            .expected_text("spatial sizes (H, W) greater than 0")
            .got(Info::Shape(input.shape())));
    }
    if input.size(1) == 0 {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "input")
            .expected_text("a non-empty 4-D tensor (only the batch may be 0)")
            .got(Info::Shape(input.shape())));
    }
    let out = [input.size(0), input.size(1), plan.out_hw[0], plan.out_hw[1]];
    if !extent_fits(&out, input.element_size()) {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "output_size")
            .expected_text("an output that fits in memory")
            .got(Info::Int(plan.out_hw[0].max(plan.out_hw[1]) as i64)));
    }
    use ScalarType::*;
    if !matches!(input.dtype(), Byte | Half | BFloat16 | Float | Double) {
        return Err(Error::dtype(
            op,
            "input",
            "Byte, Half, BFloat16, Float or Double (the dtypes ATen upsamples)",
            input.dtype(),
        ));
    }
    Ok(plan)
}

fn positive_size(op: &'static str, arg: &'static str, v: i128, in_hw: [usize; 2]) -> Result<usize> {
    if v <= 0 || v > isize::MAX as i128 {
        return Err(Error::new(ErrorKind::InvalidArgument, op, arg)
            .expected(
                "output sizes greater than 0 (input height",
                Info::Int(in_hw[0] as i64),
            )
            .got(Info::Int(v.clamp(i64::MIN as i128, i64::MAX as i128) as i64)));
    }
    Ok(v as usize)
}

/// ATen's `compute_scales_value`: `1 / scale` for a given positive scale, else `in / out`.
#[inline]
pub fn scales_value<F: Float>(scale: Option<f64>, input: usize, output: usize) -> F {
    match scale {
        Some(s) if s > 0.0 => F::from_f64(1.0 / s),
        _ => F::from_f64(input as f64) / F::from_f64(output as f64),
    }
}

/// ATen's `nearest_idx`: the input index read by output index `o`.
#[inline]
pub fn nearest_index(o: usize, input: usize, output: usize, scale: Option<f64>) -> usize {
    if output == input {
        o
    } else if output == 2 * input {
        o >> 1
    } else {
        let s: f32 = scales_value(scale, input, output);
        let i = libm::floorf(o as f32 * s);
        // `static_cast<int64_t>` of a non-negative finite value, then clamped to the input.
        (i as usize).min(input - 1)
    }
}

/// ATen's `area_pixel_compute_scale`.
#[inline]
pub fn area_pixel_scale<F: Float>(
    input: usize,
    output: usize,
    align_corners: bool,
    scale: Option<f64>,
) -> F {
    if align_corners {
        if output > 1 {
            F::from_f64((input - 1) as f64) / F::from_f64((output - 1) as f64)
        } else {
            F::ZERO
        }
    } else {
        scales_value(scale, input, output)
    }
}

/// ATen's `area_pixel_compute_source_index` (`cubic` keeps negative sources).
#[inline]
pub fn source_index<F: Float>(scale: F, o: usize, align_corners: bool, cubic: bool) -> F {
    let o = F::from_f64(o as f64);
    if align_corners {
        scale * o
    } else {
        let half = F::from_f64(0.5);
        let src = scale * (o + half) - half;
        if !cubic && src < F::ZERO {
            F::ZERO
        } else {
            src
        }
    }
}

/// The two input indices and their weights for linear interpolation at output index `o`:
/// `(i0, i1, w0, w1)` (ATen's `compute_source_index_and_lambda`).
#[inline]
pub fn linear_taps<F: Float>(
    scale: F,
    o: usize,
    input: usize,
    output: usize,
    align_corners: bool,
) -> (usize, usize, F, F) {
    if output == input {
        return (o, o, F::ONE, F::ZERO);
    }
    let src = source_index(scale, o, align_corners, false);
    let i0 = (src.floor().to_f64() as usize).min(input - 1);
    let mut w1 = src - F::from_f64(i0 as f64);
    if w1 < F::ZERO {
        w1 = F::ZERO;
    }
    if w1 > F::ONE {
        w1 = F::ONE;
    }
    let i1 = if i0 < input - 1 { i0 + 1 } else { i0 };
    (i0, i1, F::ONE - w1, w1)
}

/// The taps of one output index of ATen's separable antialiased linear filter
/// (`_compute_weights_aa` with a triangle filter, `align_corners_delta = 0`): input indices
/// `start..start + len`, tap `j` weighing `weight(j) / total`.
#[derive(Clone, Copy)]
pub struct AaTaps<F> {
    pub start: usize,
    pub len: usize,
    center: F,
    invscale: F,
    total: F,
}

impl<F: Float> AaTaps<F> {
    /// The taps of output index `o` for `scale` (from [`area_pixel_scale`]).
    pub fn new(o: usize, input: usize, scale: F) -> AaTaps<F> {
        let one = F::ONE;
        let half = F::from_f64(0.5);
        let (support, invscale) = if scale >= one {
            (scale, one / scale)
        } else {
            (one, one)
        };
        // `ceil(support) * 2 + 1`: the most taps ATen keeps.
        let max_taps = support.ceil().to_f64() * 2.0 + 1.0;
        let center = scale * (F::from_f64(o as f64) + half);
        // `static_cast<int64_t>` truncates toward zero.
        let lo = (center - support + half).trunc().to_f64().max(0.0);
        let hi = (center + support + half).trunc().to_f64().min(input as f64);
        // min/max, not clamp: NaN-safe for degenerate scales.
        let len = (hi - lo).max(0.0).min(max_taps);
        let mut t = AaTaps {
            start: lo as usize,
            len: len as usize,
            center,
            invscale,
            total: F::ZERO,
        };
        let mut total = F::ZERO;
        for j in 0..t.len {
            total = total + t.raw(j);
        }
        t.total = total;
        t
    }

    fn raw(&self, j: usize) -> F {
        let x =
            (F::from_f64((j + self.start) as f64) - self.center + F::from_f64(0.5)) * self.invscale;
        let x = x.abs();
        if x < F::ONE { F::ONE - x } else { F::ZERO }
    }

    /// The normalized weight of tap `j`.
    pub fn weight(&self, j: usize) -> F {
        let w = self.raw(j);
        if self.total != F::ZERO {
            w / self.total
        } else {
            w
        }
    }
}

/// ATen's uint8 resampling of one axis (`_compute_index_ranges_int16_weights`, the separable
/// kernel every CPU level agrees with): the weights of each output index are computed in
/// double — linear taps from `guard_index_and_lambda`, or [`AaTaps`] with antialiasing — then
/// scaled by `2^precision` and rounded to int16, the precision being the largest that keeps
/// the axis' biggest weight below `2^15`. An output value is
/// `clamp((2^(precision-1) + sum(x * w)) >> precision, 0, 255)`. An axis whose size does not
/// change is left alone (the separable kernel skips it).
#[derive(Clone, Copy)]
pub struct U8Axis {
    input: usize,
    output: usize,
    scale: f64,
    align_corners: bool,
    antialias: bool,
    precision: u32,
}

/// The fixed-point taps of one output index of a [`U8Axis`]: inputs `start..start + len`.
#[derive(Clone, Copy)]
pub struct U8Taps {
    pub start: usize,
    pub len: usize,
    aa: Option<AaTaps<f64>>,
    lin: [f64; 2],
    precision: u32,
}

impl U8Axis {
    pub fn new(
        input: usize,
        output: usize,
        align_corners: bool,
        scale: Option<f64>,
        antialias: bool,
    ) -> U8Axis {
        let mut axis = U8Axis {
            input,
            output,
            scale: area_pixel_scale(input, output, align_corners, scale),
            align_corners,
            antialias,
            precision: 0,
        };
        if axis.is_identity() {
            return axis;
        }
        let mut wt_max = 0.0f64;
        for o in 0..output {
            wt_max = wt_max.max(axis.taps_f64(o).1);
        }
        let mut p = 0;
        while p < 22 {
            // `(int)(0.5 + wt_max * (1 << (p + 1)))`
            let next = 0.5 + wt_max * (1u32 << (p + 1)) as f64;
            if next >= (1u32 << 15) as f64 {
                break;
            }
            p += 1;
        }
        axis.precision = p;
        axis
    }

    /// The separable kernel skips an axis whose size does not change.
    pub fn is_identity(&self) -> bool {
        self.input == self.output
    }

    /// The taps of output index `o` and the largest weight among them (ATen's `wt_max`, which
    /// counts the partial sums of the merged edge taps too).
    fn taps_f64(&self, o: usize) -> (U8Taps, f64) {
        let mut t = U8Taps {
            start: 0,
            len: 0,
            aa: None,
            lin: [0.0; 2],
            precision: self.precision,
        };
        if self.antialias {
            let aa = AaTaps::new(o, self.input, self.scale);
            let mut m = 0.0f64;
            if aa.total != 0.0 {
                for j in 0..aa.len {
                    m = m.max(aa.weight(j));
                }
            }
            t.start = aa.start;
            t.len = aa.len;
            t.aa = Some(aa);
            return (t, m);
        }
        // `_compute_indices_min_size_weights` with a linear filter (support 1, two taps).
        let src: f64 = source_index(self.scale, o, self.align_corners, false);
        // `guard_index_and_lambda`: `floorf` of the double, so it is first rounded to float.
        let n = self.input as i64;
        let index = (libm::floorf(src as f32) as i64).min(n - 1);
        let lambda = (src - index as f64).clamp(0.0, 1.0);
        let start = index.max(0);
        let len = ((index + 2).min(n) - start).clamp(0, 2);
        let filter = |x: f64| {
            let x = x.abs();
            if x < 1.0 { 1.0 - x } else { 0.0 }
        };
        let (mut w_index, mut m) = (0i64, 0.0f64);
        for j in 0..2i64 {
            t.lin[j as usize] = 0.0;
            let w = filter(j as f64 - lambda);
            if index + j <= 0 {
                w_index = 0;
            } else if index + j >= n - 1 {
                w_index = len - 1;
            }
            let k = w_index.clamp(0, 1) as usize;
            t.lin[k] += w;
            m = m.max(t.lin[k]);
            w_index += 1;
        }
        t.start = start as usize;
        t.len = len as usize;
        (t, m)
    }

    /// Output index `o` of a line read by `x` (`x(i)` for input index `i`).
    #[inline]
    pub fn apply(&self, taps: &U8Taps, mut x: impl FnMut(usize) -> u8) -> u8 {
        if self.is_identity() {
            return x(taps.start);
        }
        let p = self.precision;
        // `1 << (precision - 1)`: the rounding half (precision is at least 1 for real weights).
        let mut acc: i64 = (1i64 << p) >> 1;
        for j in 0..taps.len {
            acc += x(taps.start + j) as i64 * taps.weight_i16(j) as i64;
        }
        (acc >> p).clamp(0, 255) as u8
    }

    /// The taps of output index `o`, for [`U8Axis::apply`] (the identity's one tap is `o`).
    pub fn taps_for(&self, o: usize) -> U8Taps {
        if self.is_identity() {
            return U8Taps {
                start: o,
                len: 1,
                aa: None,
                lin: [1.0, 0.0],
                precision: 0,
            };
        }
        self.taps_f64(o).0
    }
}

/// The calls ATen's uint8 kernel rejects at the AVX2 / AVX-512 CPU levels (what torch runs on
/// any x86 machine of the last decade): three channels in NCHW order are unpacked to four, and
/// when the out it writes is channels-last (a `1 x 1` out always is; `out_channels_last` says
/// whether the caller hands its out over as it is) its vertical pass fails the internal assert
/// `num_channels == unpacked_output.size(0)`. Matched as an error; ATen's default CPU level
/// would return values. (Without a vertical pass ATen writes four channels into three —
/// overflowing its out — and etk returns the right values.)
pub fn check_u8_avx_shape(
    op: &'static str,
    input: &Tensor<'_>,
    out_hw: [usize; 2],
    out_channels_last: bool,
) -> Result<()> {
    let ih = input.size(2);
    // NCHW and not also channels-last (ATen converts other orders to channels-last first).
    let nchw = is_contiguous_like(input) && !is_channels_last_like(input);
    if input.size(0) > 0
        && input.size(1) == 3
        && nchw
        && (out_hw == [1, 1] || out_channels_last)
        && out_hw[0] != ih
    {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "out")
            .expected_text(
                "for a 3-channel NCHW Byte input resized in height, an out that is not \
                 channels-last (nor 1 x 1): ATen's AVX uint8 kernel fails an internal assert",
            )
            .got(Info::Shape(input.shape())));
    }
    Ok(())
}

/// ATen's separable kernel (`cpu_upsample_generic_aa`, the antialiased filter of every dtype
/// and the uint8 bilinear one past 4 channels) reads the vertical taps once per inner loop
/// run, assuming they are constant along it. When the inner dim of the out it writes is the
/// height — the innermost dim of size > 1 in `dim_order` (outer to inner), e.g. an NCHW out of
/// width 1 — every output row takes row 0's taps. True when that happens (the vertical pass
/// runs: the height changes). For outs of 32768 elements or more ATen splits the rows among
/// its threads, each chunk starting afresh: etk follows the one-thread result.
pub fn vertical_taps_stuck(sizes: &[usize], dim_order: &[usize], ih: usize) -> bool {
    if sizes.len() != 4 || sizes[2] == ih || sizes[2] <= 1 {
        return false;
    }
    dim_order.iter().rev().find(|&&d| sizes[d] > 1) == Some(&2)
}

/// Whether `t` (4-D) is laid out channels-last as torch sees it: dims of size 1 do not count.
pub fn is_channels_last_like(t: &Tensor<'_>) -> bool {
    let order: [usize; 4] = [0, 2, 3, 1];
    let mut expect = 1usize;
    for &d in order.iter().rev() {
        if t.size(d) > 1 && t.strides()[d] != expect {
            return false;
        }
        expect = expect.saturating_mul(t.size(d));
    }
    true
}

/// Whether a tensor of `sizes` in `dim_order` (outer to inner) is laid out as `like` when
/// dims of size 1 do not count (how torch's `is_contiguous(memory_format)` sees it).
pub fn order_is_like(sizes: &[usize], dim_order: &[usize], like: &[usize]) -> bool {
    let real = |o: &[usize]| {
        let mut v = [0usize; 4];
        let mut k = 0;
        for &d in o {
            if sizes.get(d).is_some_and(|&s| s > 1) && k < 4 {
                v[k] = d;
                k += 1;
            }
        }
        (v, k)
    };
    sizes.len() == 4 && dim_order.len() == 4 && real(dim_order) == real(like)
}

/// Whether `t` (4-D) is NCHW-contiguous as torch sees it: dims of size 1 do not count.
pub fn is_contiguous_like(t: &Tensor<'_>) -> bool {
    let mut expect = 1usize;
    for d in (0..4).rev() {
        if t.size(d) > 1 && t.strides()[d] != expect {
            return false;
        }
        expect = expect.saturating_mul(t.size(d));
    }
    true
}

/// ATen's separable uint8 resampling of a `[N, C, H, W]` Byte input into `dst`, an out of
/// `out_sizes` / `out_strides`: the horizontal pass rounded to uint8, then the vertical pass
/// over its results (each recomputed where the vertical taps need it, so nothing is stored).
///
/// # Safety
/// `dst` is the Byte out's data, `[N, C, OH, OW]` as `h.output` x `w.output` with the given
/// strides.
pub unsafe fn resample_u8(
    input: &Tensor<'_>,
    h: &U8Axis,
    w: &U8Axis,
    out_strides: &[usize],
    stuck: bool,
    dst: *mut u8,
) {
    let src = input.as_ptr();
    let (is, os) = (input.strides(), out_strides);
    let (n, c) = (input.size(0), input.size(1));
    for oy in 0..h.output {
        let ty = h.taps_for(if stuck { 0 } else { oy });
        for ox in 0..w.output {
            let tx = w.taps_for(ox);
            for b in 0..n {
                for ch in 0..c {
                    let base = b * is[0] + ch * is[1];
                    // SAFETY: taps lie in `[0, size)` of their axis; the out index is in range.
                    let v = h.apply(&ty, |iy| {
                        w.apply(&tx, |ix| unsafe {
                            *src.add(base + iy * is[2] + ix * is[3])
                        })
                    });
                    unsafe { *dst.add(b * os[0] + ch * os[1] + oy * os[2] + ox * os[3]) = v };
                }
            }
        }
    }
}

impl U8Taps {
    /// Tap `j`'s weight as ATen's int16: `w * 2^precision` rounded half away from zero.
    #[inline]
    fn weight_i16(&self, j: usize) -> i16 {
        let w = match &self.aa {
            Some(aa) => aa.weight(j),
            None => self.lin[j],
        };
        let v = w * (1u32 << self.precision) as f64;
        (if v < 0.0 { -0.5 + v } else { 0.5 + v }) as i32 as i16
    }
}
