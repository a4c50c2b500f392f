//! `upsample_bilinear2d.vec_out(Tensor input, SymInt[]? output_size, bool align_corners, float[]? scale_factors, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Bilinear resize of the last two dims of a `[N, C, H, W]` input (sizes as in
//! `upsample_nearest2d.vec_out`). Out element `[n, c, oh, ow]` is
//! `wh0 * (ww0 * x[h0, w0] + ww1 * x[h0, w1]) + wh1 * (ww0 * x[h1, w0] + ww1 * x[h1, w1])` with
//! the taps and weights of ATen's linear coordinate map (`util::resample::linear_taps`:
//! `align_corners`, a given scale used as `1 / scale`), computed in f32 for Half, BFloat16 and
//! Float (rounded once on store) and in f64 for Double. The out has `input`'s dtype, is resized
//! to `[N, C, OH, OW]` and may have any dim order.
//!
//! Byte runs ATen's separable fixed-point kernel instead (`util::resample::U8Axis`): int16
//! weights from the same map computed in double, a horizontal pass rounded to uint8, then a
//! vertical one; its results differ by one from any float evaluation, and are matched exactly.

use crate::util::dispatch::Float;
use crate::util::resample::{
    Plan2d, U8Axis, area_pixel_scale, check_u8_avx_shape, is_channels_last_like, linear_taps,
    plan_2d, resample_u8, vertical_taps_stuck,
};
use etk_core::out::{check_dtype, resize_out};
use etk_core::{
    Compute, Element, Error, KernelContext, Result, ScalarType, Tensor, bf16, boxed_kernel, f16,
};

pub const OP: &str = "aten::upsample_bilinear2d.vec_out";

pub fn upsample_bilinear2d_vec_out(
    _ctx: &mut KernelContext<'_>,
    input: &Tensor<'_>,
    output_size: Option<&[i64]>,
    align_corners: bool,
    scale_factors: Option<&[f64]>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let plan = plan_2d(OP, input, output_size, scale_factors)?;
    check_dtype(OP, "out", out, input.dtype())?;
    let [oh, ow] = plan.out_hw;
    if input.dtype() == ScalarType::Byte {
        // The out overload hands the kernel an NCHW proxy for an NCHW input.
        check_u8_avx_shape(OP, input, plan.out_hw, false)?;
    }
    resize_out(OP, out, &[input.size(0), input.size(1), oh, ow])?;
    if out.numel() == 0 {
        return Ok(());
    }
    let dst = out.as_mut_ptr(OP, "out")?;
    if input.dtype() == ScalarType::Byte {
        let (ih, iw) = (input.size(2), input.size(3));
        let h = U8Axis::new(ih, oh, align_corners, plan.scales[0], false);
        let w = U8Axis::new(iw, ow, align_corners, plan.scales[1], false);
        // ATen's AVX kernel (up to 4 channels) is exact; its separable one may stick. It
        // writes an out in the input's memory format (channels-last or not).
        let layout = if is_channels_last_like(input) {
            [0, 2, 3, 1]
        } else {
            [0, 1, 2, 3]
        };
        let stuck = input.size(1) > 4 && vertical_taps_stuck(out.sizes(), &layout, ih);
        // SAFETY: `dst` is the Byte out's data, resized to `[N, C, OH, OW]` above.
        unsafe { resample_u8(input, &h, &w, out.strides(), stuck, dst) };
        return Ok(());
    }
    let l = Lerp {
        input,
        out_sizes: out.sizes(),
        out_strides: out.strides(),
        plan,
        align_corners,
    };
    // SAFETY (all arms): `dst` is the out's data, of the matched dtype and resized above.
    unsafe {
        match input.dtype() {
            ScalarType::Half => l.run::<f16, f32>(dst),
            ScalarType::BFloat16 => l.run::<bf16, f32>(dst),
            ScalarType::Float => l.run::<f32, f32>(dst),
            ScalarType::Double => l.run::<f64, f64>(dst),
            dt => return Err(Error::unsupported_dtype(OP, "input", dt)),
        }
    }
    Ok(())
}

boxed_kernel!(pub fn upsample_bilinear2d_vec_out_boxed = OP => upsample_bilinear2d_vec_out(input: &Tensor, output_size: Option<&[i64]>, align_corners: bool, scale_factors: Option<&[f64]>) -> (out));

/// Output columns whose taps are computed together.
const TAP_BLOCK: usize = 256;

struct Lerp<'a> {
    input: &'a Tensor<'a>,
    out_sizes: &'a [usize],
    out_strides: &'a [usize],
    plan: Plan2d,
    align_corners: bool,
}

impl Lerp<'_> {
    /// # Safety
    /// `dst` is the out's data: `[N, C, OH, OW]` with `out_*` metadata and elements of `E`, the
    /// input's element type.
    unsafe fn run<E: Element, C: Float + Compute>(&self, dst: *mut u8) {
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
        let sh: C = area_pixel_scale(ih, oh, self.align_corners, self.plan.scales[0]);
        let sw: C = area_pixel_scale(iw, ow, self.align_corners, self.plan.scales[1]);
        // SAFETY: every index formed is below its tensor's size.
        let at = |base: usize, y: usize, x: usize| -> C {
            C::load(unsafe { *src.add(base + y * is[2] + x * is[3]) })
        };
        // The column taps are the same for every row and plane: computed once per block of
        // columns (a floor per tap), then every row of the block reuses them.
        let mut taps = [(0, 0, C::ZERO, C::ZERO); TAP_BLOCK];
        let mut x0 = 0;
        while x0 < ow {
            let cols = TAP_BLOCK.min(ow - x0);
            for (i, t) in taps[..cols].iter_mut().enumerate() {
                *t = linear_taps(sw, x0 + i, iw, ow, self.align_corners);
            }
            for b in 0..n {
                for ch in 0..c {
                    let base = b * is[0] + ch * is[1];
                    for y in 0..oh {
                        let (h0, h1, wh0, wh1) = linear_taps(sh, y, ih, oh, self.align_corners);
                        let out_row = b * os[0] + ch * os[1] + y * os[2];
                        for (i, &(w0, w1, ww0, ww1)) in taps[..cols].iter().enumerate() {
                            let top = ww0 * at(base, h0, w0) + ww1 * at(base, h0, w1);
                            let bottom = ww0 * at(base, h1, w0) + ww1 * at(base, h1, w1);
                            let v = wh0 * top + wh1 * bottom;
                            // SAFETY: as above.
                            unsafe { *dst.add(out_row + (x0 + i) * os[3]) = v.store() };
                        }
                    }
                }
            }
            x0 += cols;
        }
    }
}
