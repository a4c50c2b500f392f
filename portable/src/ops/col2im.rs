//! `col2im.out(Tensor self, SymInt[2] output_size, int[2] kernel_size, int[2] dilation, int[2] padding, int[2] stride, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! The inverse of `im2col` (`nn.Fold`): `self` is `[N, C*kH*kW, L]` (or unbatched
//! `[C*kH*kW, L]`), one column per sliding block of an `output_size` image; every column entry
//! is added into the image pixel its block and kernel offset land on, giving `[N, C, H, W]`
//! (`[C, H, W]`). Block `(bh, bw)` with kernel offset `(kh, kw)` lands on
//! `(bh*sH - pH + kh*dH, bw*sW - pW + kw*dW)`; pixels in the padding are dropped.
//!
//! ATen's rules, checked in torch 2.13: kernel sizes, strides and dilations `> 0`, paddings
//! `>= 0`; `self` of rank 2 or 3 with only the batch dim possibly 0; the channel dim divisible
//! by `kH*kW`; `L` equal to the number of blocks, `floor((H + 2pH - dH(kH-1) - 1) / sH) + 1`
//! times the same for W, each at least 1. Bool (`bool += bool`: an OR), Half, BFloat16, Float,
//! Double, ComplexFloat and ComplexDouble (real and imaginary parts summed apart). The sums run in
//! ATen's order (kernel offset outer, blocks inner) in the dtype itself — Half and BFloat16
//! round after every addition, as ATen's `data_im[..] += data_col[..]` does. The out has
//! `self`'s dtype, is resized, and may have any dim order (ATen's out overload writes a
//! channels-last out as if it were contiguous — wrong values; etk follows the functional op).

use crate::util::dispatch::{Float, reduced_rounder};
use etk_core::out::{check_dtype, resize_out};
use etk_core::shape::extent_fits;
use etk_core::{
    Compute, Element, Error, ErrorKind, Info, KernelContext, Result, ScalarType, Tensor, bf16,
    boxed_kernel, f16,
};

pub const OP: &str = "aten::col2im.out";

// ATen's signature: five geometry lists besides the tensors.
#[allow(clippy::too_many_arguments)]
pub fn col2im_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    output_size: &[i64],
    kernel_size: &[i64],
    dilation: &[i64],
    padding: &[i64],
    stride: &[i64],
    out: &mut Tensor<'_>,
) -> Result<()> {
    let g = Geometry::new(self_, output_size, kernel_size, dilation, padding, stride)?;
    use ScalarType::*;
    if !matches!(
        self_.dtype(),
        Bool | Half | BFloat16 | Float | Double | ComplexFloat | ComplexDouble
    ) {
        return Err(Error::dtype(
            OP,
            "self",
            "Bool, Half, BFloat16, Float, Double, ComplexFloat or ComplexDouble",
            self_.dtype(),
        ));
    }
    check_dtype(OP, "out", out, self_.dtype())?;
    let batched = self_.dim() == 3;
    let n = if batched { self_.size(0) } else { 1 };
    let full = [n, g.channels, g.h, g.w];
    if !extent_fits(&full, self_.element_size()) {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "output_size")
            .expected_text("an output that fits in memory")
            .got(Info::Int(g.h.max(g.w) as i64)));
    }
    resize_out(OP, out, if batched { &full } else { &full[1..] })?;
    if out.numel() == 0 {
        return Ok(());
    }
    let dst = out.as_mut_ptr(OP, "out")?;
    // Strides of the batched views: a missing batch dim has stride 0 (one image).
    let (ss, os) = (self_.strides(), out.strides());
    let s_str = if batched {
        [ss[0], ss[1], ss[2]]
    } else {
        [0, ss[0], ss[1]]
    };
    let o_str = if batched {
        [os[0], os[1], os[2], os[3]]
    } else {
        [0, os[0], os[1], os[2]]
    };
    // A complex element is two floats summed independently: `lanes` of them per element.
    let lanes = if matches!(self_.dtype(), ComplexFloat | ComplexDouble) {
        2
    } else {
        1
    };
    let run = Fold {
        g,
        n,
        s_str,
        o_str,
        lanes,
        src: self_.as_ptr(),
    };
    // SAFETY (all arms): `dst` is the out's data, of `self`'s dtype, resized above.
    unsafe {
        match self_.dtype() {
            // `bool += bool` in C++ is `(a + b) != 0`: the sum of 0/1 values stored as Bool.
            Bool => run.run::<bool, f32>(dst, |v| v),
            Half => run.run::<f16, f32>(dst, reduced_rounder(Half)),
            BFloat16 => run.run::<bf16, f32>(dst, reduced_rounder(BFloat16)),
            Float | ComplexFloat => run.run::<f32, f32>(dst, |v| v),
            Double | ComplexDouble => run.run::<f64, f64>(dst, |v| v),
            dt => return Err(Error::unsupported_dtype(OP, "self", dt)),
        }
    }
    Ok(())
}

boxed_kernel!(pub fn col2im_out_boxed = OP => col2im_out(self_: &Tensor, output_size: &[i64], kernel_size: &[i64], dilation: &[i64], padding: &[i64], stride: &[i64]) -> (out));

/// The image and block geometry, every value checked to be a real size.
#[derive(Clone, Copy)]
struct Geometry {
    channels: usize,
    h: usize,
    w: usize,
    k: [usize; 2],
    dil: [usize; 2],
    pad: [usize; 2],
    stride: [usize; 2],
    blocks: [usize; 2],
}

fn pair(arg: &'static str, v: &[i64]) -> Result<[i64; 2]> {
    match v {
        [a, b] => Ok([*a, *b]),
        _ => Err(Error::new(ErrorKind::InvalidArgument, OP, arg)
            .expected("a list of length", Info::Int(2))
            .got(Info::Int(v.len() as i64))),
    }
}

fn at_least(arg: &'static str, v: [i64; 2], min: i64, what: &'static str) -> Result<[usize; 2]> {
    for x in v {
        if x < min {
            return Err(Error::new(ErrorKind::InvalidArgument, OP, arg)
                .expected_text(what)
                .got(Info::Int(x)));
        }
    }
    Ok([v[0] as usize, v[1] as usize])
}

impl Geometry {
    fn new(
        self_: &Tensor<'_>,
        output_size: &[i64],
        kernel_size: &[i64],
        dilation: &[i64],
        padding: &[i64],
        stride: &[i64],
    ) -> Result<Geometry> {
        let out_hw = pair("output_size", output_size)?;
        let k = at_least(
            "kernel_size",
            pair("kernel_size", kernel_size)?,
            1,
            "sizes > 0",
        )?;
        let dil = at_least("dilation", pair("dilation", dilation)?, 1, "dilations > 0")?;
        let pad = at_least("padding", pair("padding", padding)?, 0, "paddings >= 0")?;
        let stride = at_least("stride", pair("stride", stride)?, 1, "strides > 0")?;
        let rank = self_.dim();
        let ok = match rank {
            2 => self_.size(0) != 0 && self_.size(1) != 0,
            3 => self_.size(1) != 0 && self_.size(2) != 0,
            _ => false,
        };
        if !ok {
            return Err(Error::new(ErrorKind::InvalidArgument, OP, "self")
                .expected_text("a 2-D or 3-D (batched) tensor, only the batch dim may be 0")
                .got(Info::Shape(self_.shape())));
        }
        let planes = self_.size(rank - 2) as i128;
        let length = self_.size(rank - 1) as i128;
        let kk = k[0] as i128 * k[1] as i128;
        if planes % kk != 0 {
            return Err(Error::new(ErrorKind::InvalidArgument, OP, "self")
                .expected(
                    "a channel dim divisible by kernel_size's product",
                    Info::Int(kk.min(i64::MAX as i128) as i64),
                )
                .got(Info::Int(planes as i64)));
        }
        let mut blocks = [0i128; 2];
        for d in 0..2 {
            // floor division (ATen's div_rtn): the numerator may be negative.
            let num =
                out_hw[d] as i128 + 2 * pad[d] as i128 - dil[d] as i128 * (k[d] as i128 - 1) - 1;
            blocks[d] = num.div_euclid(stride[d] as i128) + 1;
        }
        // huge dilations make each count about -2^64: their product overflows even i128
        let n_blocks = blocks[0].checked_mul(blocks[1]);
        if n_blocks != Some(length) {
            return Err(Error::new(ErrorKind::InvalidArgument, OP, "self")
                .expected(
                    "a last dim equal to the number of sliding blocks",
                    Info::Int(n_blocks.map_or(i64::MAX, |b| {
                        b.clamp(i64::MIN as i128, i64::MAX as i128) as i64
                    })),
                )
                .got(Info::Int(length as i64)));
        }
        if blocks[0] < 1 || blocks[1] < 1 {
            return Err(Error::new(ErrorKind::InvalidArgument, OP, "output_size")
                .expected_text("a size that gives at least one sliding block per dim")
                .got(Info::Int(out_hw[0].min(out_hw[1]))));
        }
        if out_hw[0] < 0 || out_hw[1] < 0 {
            return Err(Error::new(ErrorKind::InvalidArgument, OP, "output_size")
                .expected_text("non-negative sizes")
                .got(Info::Int(out_hw[0].min(out_hw[1]))));
        }
        Ok(Geometry {
            channels: (planes / kk) as usize,
            h: out_hw[0] as usize,
            w: out_hw[1] as usize,
            k,
            dil,
            pad,
            stride,
            // both at least 1 and their product is a real dim's size.
            blocks: [blocks[0] as usize, blocks[1] as usize],
        })
    }
}

struct Fold {
    g: Geometry,
    n: usize,
    s_str: [usize; 3],
    o_str: [usize; 4],
    lanes: usize,
    src: *const u8,
}

impl Fold {
    /// # Safety
    /// `dst` is the out's data (`[n, C, H, W]` through `o_str`), `src` `self`'s (`[n, C*kH*kW,
    /// L]` through `s_str`), both of element type `E`, `lanes` of them per element.
    unsafe fn run<E: Element, F: Float + Compute>(&self, dst: *mut u8, rnd: fn(F) -> F) {
        let (src, dst) = (self.src as *const E, dst as *mut E);
        let g = &self.g;
        let (s, o) = (self.s_str, self.o_str);
        let [bh_n, bw_n] = g.blocks;
        // Blocks land inside the image when `0 <= b*s - p + k*d < size`.
        let land = |b: usize, d: usize, kd: usize, size: usize| -> Option<usize> {
            // i128: strides and pads are user ints; only the landing pixel is a real index.
            let v =
                b as i128 * g.stride[d] as i128 + kd as i128 * g.dil[d] as i128 - g.pad[d] as i128;
            (v >= 0 && v < size as i128).then_some(v as usize)
        };
        for b in 0..self.n {
            for c in 0..g.channels {
                let img = b * o[0] + c * o[1];
                for y in 0..g.h {
                    for x in 0..g.w {
                        for l in 0..self.lanes {
                            let at = (img + y * o[2] + x * o[3]) * self.lanes + l;
                            // SAFETY: in-range out indices.
                            unsafe { *dst.add(at) = F::ZERO.store() };
                        }
                    }
                }
                for kh in 0..g.k[0] {
                    for kw in 0..g.k[1] {
                        let col = b * s[0] + ((c * g.k[0] + kh) * g.k[1] + kw) * s[1];
                        for bh in 0..bh_n {
                            let Some(y) = land(bh, 0, kh, g.h) else {
                                continue;
                            };
                            for bw in 0..bw_n {
                                let Some(x) = land(bw, 1, kw, g.w) else {
                                    continue;
                                };
                                let (to, from) =
                                    (img + y * o[2] + x * o[3], col + (bh * bw_n + bw) * s[2]);
                                for l in 0..self.lanes {
                                    // SAFETY: in-range indices of both tensors.
                                    unsafe {
                                        let p = dst.add(to * self.lanes + l);
                                        let v = F::load(*src.add(from * self.lanes + l));
                                        *p = rnd(F::load(*p) + v).store();
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
