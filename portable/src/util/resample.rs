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
