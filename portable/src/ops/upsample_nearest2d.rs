//! `upsample_nearest2d.vec_out(Tensor input, SymInt[]? output_size, float[]? scale_factors, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Nearest-neighbour resize of the last two dims of a `[N, C, H, W]` input to `output_size`,
//! or to `floor(H * scale_h), floor(W * scale_w)` from `scale_factors` (exactly one of the two).
//! Out element `[n, c, oh, ow]` is input element `[n, c, nearest(oh), nearest(ow)]` with ATen's
//! index map (`util::resample`: a given scale factor is used as `1 / scale`, else `in / out`,
//! in f32). Byte, Half, BFloat16, Float and Double, as ATen's CPU kernel; values are only
//! moved, so the copy works on element bytes. The out has `input`'s dtype, is resized to
//! `[N, C, OH, OW]` and may have any dim order (ATen gives `input`'s suggested memory format).

use crate::util::resample::{nearest_index, plan_2d};
use etk_core::out::{check_dtype, resize_out};
use etk_core::{Error, KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "aten::upsample_nearest2d.vec_out";

pub fn upsample_nearest2d_vec_out(
    _ctx: &mut KernelContext<'_>,
    input: &Tensor<'_>,
    output_size: Option<&[i64]>,
    scale_factors: Option<&[f64]>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    match prepare(input, output_size, scale_factors, out)? {
        Some(scales) => gather(input, scales, out),
        None => Ok(()),
    }
}

/// Every check of the op, the out resized: the scales for [`nearest_index`], or `None` when
/// the out is empty.
pub fn prepare(
    input: &Tensor<'_>,
    output_size: Option<&[i64]>,
    scale_factors: Option<&[f64]>,
    out: &mut Tensor<'_>,
) -> Result<Option<[Option<f64>; 2]>> {
    let plan = plan_2d(OP, input, output_size, scale_factors)?;
    check_dtype(OP, "out", out, input.dtype())?;
    let [oh, ow] = plan.out_hw;
    resize_out(OP, out, &[input.size(0), input.size(1), oh, ow])?;
    Ok((out.numel() > 0).then_some(plan.scales))
}

/// The elements moved, after [`prepare`].
pub fn gather(input: &Tensor<'_>, scales: [Option<f64>; 2], out: &mut Tensor<'_>) -> Result<()> {
    let dst = out.as_mut_ptr(OP, "out")?;
    let g = Gather {
        input,
        out_sizes: out.sizes(),
        out_strides: out.strides(),
        scales,
    };
    // SAFETY (all arms): `src` / `dst` address `input` and `out`, of the matched element size;
    // `Gather::run` forms offsets of in-range indices only.
    unsafe {
        match input.element_size() {
            1 => g.run::<1>(dst),
            2 => g.run::<2>(dst),
            4 => g.run::<4>(dst),
            8 => g.run::<8>(dst),
            _ => return Err(Error::unsupported_dtype(OP, "input", input.dtype())),
        }
    }
    Ok(())
}

boxed_kernel!(pub fn upsample_nearest2d_vec_out_boxed = OP => upsample_nearest2d_vec_out(input: &Tensor, output_size: Option<&[i64]>, scale_factors: Option<&[f64]>) -> (out));

struct Gather<'a> {
    input: &'a Tensor<'a>,
    out_sizes: &'a [usize],
    out_strides: &'a [usize],
    scales: [Option<f64>; 2],
}

impl Gather<'_> {
    /// # Safety
    /// `dst` is the out's data (`[N, C, OH, OW]` with `out_*` metadata, `B`-byte elements, as
    /// the input's).
    unsafe fn run<const B: usize>(&self, dst: *mut u8) {
        let src = self.input.as_ptr() as *const [u8; B];
        let dst = dst as *mut [u8; B];
        let (is, os) = (self.input.strides(), self.out_strides);
        let (ih, iw) = (self.input.size(2), self.input.size(3));
        let [n, c, oh, ow] = [
            self.out_sizes[0],
            self.out_sizes[1],
            self.out_sizes[2],
            self.out_sizes[3],
        ];
        for b in 0..n {
            for ch in 0..c {
                for y in 0..oh {
                    let sy = nearest_index(y, ih, oh, self.scales[0]);
                    let in_row = b * is[0] + ch * is[1] + sy * is[2];
                    let out_row = b * os[0] + ch * os[1] + y * os[2];
                    for x in 0..ow {
                        let sx = nearest_index(x, iw, ow, self.scales[1]);
                        // SAFETY: every index is below its tensor's size.
                        unsafe {
                            let v = src.add(in_row + sx * is[3]).read_unaligned();
                            dst.add(out_row + x * os[3]).write_unaligned(v);
                        }
                    }
                }
            }
        }
    }
}
