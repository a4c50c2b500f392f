//! `_upsample_bilinear2d_aa.out(Tensor self, SymInt[2] output_size, bool align_corners, float? scales_h=None, float? scales_w=None, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Antialiased bilinear resize of a `[N, C, H, W]` input to `output_size` (PIL's filter, as
//! `interpolate(..., antialias=True)`): a separable triangle filter whose support widens with
//! the downscale factor, weights normalized to sum 1 (`util::resample::AaTaps`). Computed as
//! ATen does, the horizontal pass first (rounded to the dtype) and the vertical one on its
//! results, each sum in ATen's tap order. The scale of each axis is
//! `area_pixel_compute_scale` (`align_corners`, a given positive `scales_*` used as
//! `1 / scale`); `align_corners` changes only the scale. Float, Double and Byte; Half and
//! BFloat16 are rejected (as in ATen). Byte runs ATen's fixed-point separable kernel
//! (`util::resample::U8Axis`: the same taps in double, int16 weights, each pass rounded to
//! uint8), matched exactly. The out has `self`'s dtype, is resized to `[N, C, OH, OW]` and
//! may have any dim order.
//!
//! Two traits of ATen's separable kernel are kept: an axis whose size does not change is
//! skipped whatever its scale, and when the height is the inner dim of the out it writes (an
//! NCHW out of width 1, or one channel) every output row takes row 0's vertical taps
//! (`util::resample::vertical_taps_stuck`).

use crate::util::dispatch::Float;
use crate::util::resample::{
    AaTaps, U8Axis, area_pixel_scale, check_u8_avx_shape, order_is_like, plan_2d, resample_u8,
    vertical_taps_stuck,
};
use etk_core::out::{check_dtype, resize_out};
use etk_core::{Compute, Element, Error, KernelContext, Result, ScalarType, Tensor, boxed_kernel};

pub const OP: &str = "aten::_upsample_bilinear2d_aa.out";

pub fn _upsample_bilinear2d_aa_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    output_size: &[i64],
    align_corners: bool,
    scales_h: Option<f64>,
    scales_w: Option<f64>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let plan = plan_2d(OP, self_, Some(output_size), None)?;
    match self_.dtype() {
        ScalarType::Float | ScalarType::Double | ScalarType::Byte => {}
        dt => return Err(Error::dtype(OP, "self", "Byte, Float or Double", dt)),
    }
    check_dtype(OP, "out", out, self_.dtype())?;
    let [oh, ow] = plan.out_hw;
    if self_.dtype() == ScalarType::Byte {
        // This out overload hands the kernel the out as it is (kept by the resize below).
        let out_sizes = [self_.size(0), self_.size(1), oh, ow];
        let cl = out.dim() == 4 && order_is_like(&out_sizes, out.dim_order(), &[0, 2, 3, 1]);
        check_u8_avx_shape(OP, self_, plan.out_hw, cl)?;
    }
    resize_out(OP, out, &[self_.size(0), self_.size(1), oh, ow])?;
    if out.numel() == 0 {
        return Ok(());
    }
    let dst = out.as_mut_ptr(OP, "out")?;
    if self_.dtype() == ScalarType::Byte {
        let (ih, iw) = (self_.size(2), self_.size(3));
        let h = U8Axis::new(ih, oh, align_corners, scales_h, true);
        let w = U8Axis::new(iw, ow, align_corners, scales_w, true);
        // ATen's AVX kernel (up to 4 channels) is exact; its separable one may stick.
        let stuck = self_.size(1) > 4 && vertical_taps_stuck(out.sizes(), out.dim_order(), ih);
        // SAFETY: `dst` is the Byte out's data, resized to `[N, C, OH, OW]` above.
        unsafe { resample_u8(self_, &h, &w, out.strides(), stuck, dst) };
        return Ok(());
    }
    let f = Filter {
        input: self_,
        out_sizes: out.sizes(),
        out_strides: out.strides(),
        out_dim_order: out.dim_order(),
        align_corners,
        scales: [scales_h, scales_w],
    };
    // SAFETY (both arms): `dst` is the out's data, of `self`'s dtype, resized above.
    unsafe {
        if self_.dtype() == ScalarType::Double {
            f.run::<f64, f64>(dst)
        } else {
            f.run::<f32, f32>(dst)
        }
    }
    Ok(())
}

boxed_kernel!(pub fn _upsample_bilinear2d_aa_out_boxed = OP => _upsample_bilinear2d_aa_out(self_: &Tensor, output_size: &[i64], align_corners: bool, scales_h: Option<f64>, scales_w: Option<f64>) -> (out));

struct Filter<'a> {
    input: &'a Tensor<'a>,
    out_sizes: &'a [usize],
    out_strides: &'a [usize],
    out_dim_order: &'a [usize],
    align_corners: bool,
    scales: [Option<f64>; 2],
}

impl Filter<'_> {
    /// # Safety
    /// `dst` is the out's data: `[N, C, OH, OW]` with `out_*` metadata and elements of `E`.
    unsafe fn run<E: Element, F: Float + Compute>(&self, dst: *mut u8) {
        let src = self.input.as_ptr() as *const E;
        let dst = dst as *mut E;
        let (is, os) = (self.input.strides(), self.out_strides);
        let (ih, iw) = (self.input.size(2), self.input.size(3));
        let [n, c, oh, ow] = [
            self.out_sizes[0],
            self.out_sizes[1],
            self.out_sizes[2],
            self.out_sizes[3],
        ];
        let sh: F = area_pixel_scale(ih, oh, self.align_corners, self.scales[0]);
        let sw: F = area_pixel_scale(iw, ow, self.align_corners, self.scales[1]);
        // ATen's separable kernel skips an axis whose size does not change (whatever its
        // scale), and may read every row's vertical taps at row 0 (`vertical_taps_stuck`).
        let (same_h, same_w) = (oh == ih, ow == iw);
        let stuck = vertical_taps_stuck(self.out_sizes, self.out_dim_order, ih);
        // One weighted sum in ATen's order: `t = v0 * w0; t += vj * wj`.
        let sum = |taps: &AaTaps<F>, v: &mut dyn FnMut(usize) -> F| -> F {
            let mut t = F::ZERO;
            for j in 0..taps.len {
                let p = v(taps.start + j) * taps.weight(j);
                t = if j == 0 { p } else { t + p };
            }
            t
        };
        for b in 0..n {
            for ch in 0..c {
                let base = b * is[0] + ch * is[1];
                for y in 0..oh {
                    let ty = AaTaps::new(if stuck { 0 } else { y }, ih, sh);
                    for x in 0..ow {
                        let tx = AaTaps::new(x, iw, sw);
                        // SAFETY: tap indices lie in `[0, size)` of their axis.
                        let mut row = |r: usize| -> F {
                            let mut col = |k: usize| -> F {
                                F::load(unsafe { *src.add(base + r * is[2] + k * is[3]) })
                            };
                            if same_w {
                                return col(x);
                            }
                            // The horizontal pass's result is stored in the dtype.
                            let h: E = sum(&tx, &mut col).store();
                            F::load(h)
                        };
                        let v = if same_h { row(y) } else { sum(&ty, &mut row) };
                        // SAFETY: in-range out indices.
                        unsafe {
                            *dst.add(b * os[0] + ch * os[1] + y * os[2] + x * os[3]) = v.store()
                        };
                    }
                }
            }
        }
    }
}
