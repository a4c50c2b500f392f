//! `grid_sampler_2d.out(Tensor input, Tensor grid, int interpolation_mode, int padding_mode, bool align_corners, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Samples a `[N, C, H, W]` input at the points of a `[N, OH, OW, 2]` grid of normalized
//! `(x, y)` coordinates (`-1` and `1` are the edges: the outer pixels' centers with
//! `align_corners`, their outer borders without), giving `[N, C, OH, OW]`.
//! `interpolation_mode`: 0 bilinear, 1 nearest (round half to even), 2 bicubic (A = -0.75);
//! `padding_mode`: 0 zeros (taps outside read 0), 1 border (coordinates clamped), 2 reflection
//! (coordinates mirrored about the edges, then clamped).
//!
//! The formulas are those of ATen's CPU kernel (`GridSamplerKernel.cpp`): unnormalize as
//! `(x + 1) * (size - 1) / 2` (`align_corners`) or `(x + 1) * size / 2 - 0.5`; the reflection
//! fold with `trunc`; bicubic taps padded one by one. Half and BFloat16 compute as ATen's
//! vectorized reduced-precision arithmetic does: each operation in f32, rounded back to the
//! dtype. ATen's rules, checked in torch 2.13: Half, BFloat16, Float, Double; `grid` of the
//! input's dtype; both rank 4 with the same batch; the grid's last dim 2; H and W non-zero
//! (N, C, OH, OW may be 0). The out has the input's dtype and is resized.
//!
//! Not ATen: modes outside `0..=2` are rejected here (ATen's CPU kernel accepts them and
//! computes something undefined).

use crate::util::dispatch::{Float, reduced_rounder};
use etk_core::out::{check_dtype, resize_out};
use etk_core::{
    Compute, Element, Error, ErrorKind, Info, KernelContext, Result, ScalarType, Tensor, bf16,
    boxed_kernel, f16,
};

pub const OP: &str = "aten::grid_sampler_2d.out";

pub fn grid_sampler_2d_out(
    _ctx: &mut KernelContext<'_>,
    input: &Tensor<'_>,
    grid: &Tensor<'_>,
    interpolation_mode: i64,
    padding_mode: i64,
    align_corners: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let mode = grid_sampler_2d_prepare(input, grid, interpolation_mode, padding_mode, out)?;
    grid_sampler_2d_run(input, grid, mode, align_corners, out)
}

/// A checked call's modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mode {
    pub interp: Interp,
    pub padding: Padding,
}

/// The checks of `grid_sampler_2d.out`, in order, and the out checked and resized: what an
/// optimized kernel runs before it computes (so that rejections are portable's).
pub fn grid_sampler_2d_prepare(
    input: &Tensor<'_>,
    grid: &Tensor<'_>,
    interpolation_mode: i64,
    padding_mode: i64,
    out: &mut Tensor<'_>,
) -> Result<Mode> {
    check(input, grid)?;
    let interp = match interpolation_mode {
        0 => Interp::Bilinear,
        1 => Interp::Nearest,
        2 => Interp::Bicubic,
        m => {
            return Err(
                Error::new(ErrorKind::InvalidArgument, OP, "interpolation_mode")
                    .expected_text("0 (bilinear), 1 (nearest) or 2 (bicubic)")
                    .got(Info::Int(m)),
            );
        }
    };
    let padding = match padding_mode {
        0 => Padding::Zeros,
        1 => Padding::Border,
        2 => Padding::Reflection,
        m => {
            return Err(Error::new(ErrorKind::InvalidArgument, OP, "padding_mode")
                .expected_text("0 (zeros), 1 (border) or 2 (reflection)")
                .got(Info::Int(m)));
        }
    };
    check_dtype(OP, "out", out, input.dtype())?;
    let sizes = [input.size(0), input.size(1), grid.size(1), grid.size(2)];
    resize_out(OP, out, &sizes)?;
    Ok(Mode { interp, padding })
}

/// Computes a call [`grid_sampler_2d_prepare`] accepted.
pub fn grid_sampler_2d_run(
    input: &Tensor<'_>,
    grid: &Tensor<'_>,
    mode: Mode,
    align_corners: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    if out.numel() == 0 {
        return Ok(());
    }
    let sizes = [input.size(0), input.size(1), grid.size(1), grid.size(2)];
    let dst = out.as_mut_ptr(OP, "out")?;
    let s = Sampler {
        input,
        grid,
        out_strides: out.strides(),
        interp: mode.interp,
        padding: mode.padding,
        align_corners,
        sizes,
    };
    let rnd = reduced_rounder(input.dtype());
    // SAFETY (all arms): `dst` is the out's data, of the input's dtype, resized above.
    unsafe {
        match input.dtype() {
            ScalarType::Half => s.run::<f16, f32>(dst, rnd),
            ScalarType::BFloat16 => s.run::<bf16, f32>(dst, rnd),
            ScalarType::Float => s.run::<f32, f32>(dst, rnd),
            ScalarType::Double => s.run::<f64, f64>(dst, |v| v),
            dt => return Err(Error::unsupported_dtype(OP, "input", dt)),
        }
    }
    Ok(())
}

boxed_kernel!(pub fn grid_sampler_2d_out_boxed = OP => grid_sampler_2d_out(input: &Tensor, grid: &Tensor, interpolation_mode: i64, padding_mode: i64, align_corners: bool) -> (out));

fn check(input: &Tensor<'_>, grid: &Tensor<'_>) -> Result<()> {
    use ScalarType::*;
    if !matches!(input.dtype(), Half | BFloat16 | Float | Double) {
        return Err(Error::dtype(
            OP,
            "input",
            "Half, BFloat16, Float or Double",
            input.dtype(),
        ));
    }
    if grid.dtype() != input.dtype() {
        return Err(Error::new(ErrorKind::InvalidType, OP, "grid")
            .expected("the input's dtype", Info::Dtype(input.dtype()))
            .got(Info::Dtype(grid.dtype())));
    }
    for (t, name) in [(input, "input"), (grid, "grid")] {
        if t.dim() != 4 {
            return Err(Error::new(ErrorKind::InvalidArgument, OP, name)
                .expected("a tensor of rank", Info::Int(4))
                .got(Info::Int(t.dim() as i64)));
        }
    }
    if grid.size(0) != input.size(0) {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "grid")
            .expected("the input's batch size", Info::Int(input.size(0) as i64))
            .got(Info::Int(grid.size(0) as i64)));
    }
    if grid.size(3) != 2 {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "grid")
            .expected("a last dim of size", Info::Int(2))
            .got(Info::Shape(grid.shape())));
    }
    if input.size(2) == 0 || input.size(3) == 0 {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "input")
            .expected_text("non-empty spatial dims (H, W)")
            .got(Info::Shape(input.shape())));
    }
    Ok(())
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Interp {
    Bilinear,
    Nearest,
    Bicubic,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Padding {
    Zeros,
    Border,
    Reflection,
}

/// One spatial axis of size `size`: ATen's `ComputeLocation` with every result rounded by
/// `rnd` (to Half / BFloat16 for those dtypes).
struct Axis<F> {
    size: usize,
    scaling: F,
    max_val: F,
    twice_span: F,
    align_corners: bool,
    padding: Padding,
    rnd: fn(F) -> F,
}

impl<F: Float> Axis<F> {
    fn new(size: usize, align_corners: bool, padding: Padding, rnd: fn(F) -> F) -> Axis<F> {
        let n = size as f64;
        let (scaling, twice_span) = if align_corners {
            ((n - 1.0) / 2.0, (n - 1.0) * 2.0)
        } else {
            (n / 2.0, n * 2.0)
        };
        Axis {
            size,
            scaling: rnd(F::from_f64(scaling)),
            max_val: rnd(F::from_f64(n - 1.0)),
            twice_span: rnd(F::from_f64(twice_span)),
            align_corners,
            padding,
            rnd,
        }
    }

    fn unnormalize(&self, x: F) -> F {
        let r = self.rnd;
        let v = r(r(x + F::ONE) * self.scaling);
        if self.align_corners {
            v
        } else {
            r(v - F::from_f64(0.5))
        }
    }

    fn clip(&self, x: F) -> F {
        // ATen's `minimum(max_val, maximum(x, 0))` sends NaN to 0 (checked in torch 2.13).
        let x = if x.is_nan() || x < F::ZERO {
            F::ZERO
        } else {
            x
        };
        if self.max_val < x { self.max_val } else { x }
    }

    fn reflect(&self, x: F) -> F {
        let r = self.rnd;
        if self.twice_span == F::ZERO {
            return F::ZERO;
        }
        let half = F::from_f64(0.5);
        let abs_in = if self.align_corners {
            x.abs()
        } else {
            r(x + half).abs()
        };
        let flips = r(abs_in / self.twice_span).trunc();
        let extra = r(abs_in - r(flips * self.twice_span));
        let other = r(self.twice_span - extra);
        let m = if other < extra { other } else { extra };
        if self.align_corners { m } else { r(m - half) }
    }

    /// The padded coordinate of an unnormalized one.
    fn pad(&self, x: F) -> F {
        match self.padding {
            Padding::Zeros => x,
            Padding::Border => self.clip(x),
            Padding::Reflection => self.clip(self.reflect(x)),
        }
    }

    /// The index of integral coordinate `i` if it reads the input (padding modes other than
    /// zeros only produce in-range coordinates, except a NaN one, which reads 0 here).
    fn index(&self, i: F) -> Option<usize> {
        let v = i.to_f64();
        if v >= 0.0 && v < self.size as f64 {
            Some(v as usize)
        } else {
            None
        }
    }
}

struct Sampler<'a> {
    input: &'a Tensor<'a>,
    grid: &'a Tensor<'a>,
    out_strides: &'a [usize],
    interp: Interp,
    padding: Padding,
    align_corners: bool,
    sizes: [usize; 4],
}

impl Sampler<'_> {
    /// # Safety
    /// `dst` is the out's data: `self.sizes` with `out_strides`, elements of `E` (the input's
    /// and the grid's element type).
    unsafe fn run<E: Element, F: Float + Compute>(&self, dst: *mut u8, rnd: fn(F) -> F) {
        let (src, gp, dst) = (
            self.input.as_ptr() as *const E,
            self.grid.as_ptr() as *const E,
            dst as *mut E,
        );
        let (is, gs, os) = (self.input.strides(), self.grid.strides(), self.out_strides);
        let ax_w = Axis::<F>::new(self.input.size(3), self.align_corners, self.padding, rnd);
        let ax_h = Axis::<F>::new(self.input.size(2), self.align_corners, self.padding, rnd);
        let [n, c, oh, ow] = self.sizes;
        for b in 0..n {
            for y in 0..oh {
                for x in 0..ow {
                    let g = b * gs[0] + y * gs[1] + x * gs[2];
                    // SAFETY: in-range grid indices.
                    let (gx, gy) = unsafe { (F::load(*gp.add(g)), F::load(*gp.add(g + gs[3]))) };
                    for ch in 0..c {
                        let base = b * is[0] + ch * is[1];
                        // SAFETY: `Axis::index` only yields in-range indices.
                        let at = |iy: Option<usize>, ix: Option<usize>| -> F {
                            match (iy, ix) {
                                (Some(iy), Some(ix)) => {
                                    F::load(unsafe { *src.add(base + iy * is[2] + ix * is[3]) })
                                }
                                _ => F::ZERO,
                            }
                        };
                        let v = match self.interp {
                            Interp::Bilinear => bilinear(&ax_w, &ax_h, gx, gy, &at, rnd),
                            Interp::Nearest => {
                                let px = ax_w.pad(ax_w.unnormalize(gx)).round_even();
                                let py = ax_h.pad(ax_h.unnormalize(gy)).round_even();
                                at(ax_h.index(py), ax_w.index(px))
                            }
                            Interp::Bicubic => bicubic(&ax_w, &ax_h, gx, gy, &at, rnd),
                        };
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

fn bilinear<F: Float>(
    ax_w: &Axis<F>,
    ax_h: &Axis<F>,
    gx: F,
    gy: F,
    at: &impl Fn(Option<usize>, Option<usize>) -> F,
    r: fn(F) -> F,
) -> F {
    let x = ax_w.pad(ax_w.unnormalize(gx));
    let y = ax_h.pad(ax_h.unnormalize(gy));
    let (x_w, y_n) = (x.floor(), y.floor());
    let w = r(x - x_w);
    let e = r(F::ONE - w);
    let n = r(y - y_n);
    let s = r(F::ONE - n);
    let (nw, ne, sw, se) = (r(s * e), r(s * w), r(n * e), r(n * w));
    let (x_e, y_s) = (x_w + F::ONE, y_n + F::ONE);
    let (iw, ie, inn, is) = (
        ax_w.index(x_w),
        ax_w.index(x_e),
        ax_h.index(y_n),
        ax_h.index(y_s),
    );
    let a = r(r(at(inn, iw) * nw) + r(at(inn, ie) * ne));
    let b = r(a + r(at(is, iw) * sw));
    r(b + r(at(is, ie) * se))
}

fn bicubic<F: Float>(
    ax_w: &Axis<F>,
    ax_h: &Axis<F>,
    gx: F,
    gy: F,
    at: &impl Fn(Option<usize>, Option<usize>) -> F,
    r: fn(F) -> F,
) -> F {
    let x = ax_w.unnormalize(gx);
    let y = ax_h.unnormalize(gy);
    let (ix, iy) = (x.floor(), y.floor());
    let cx = cubic_coefficients(r(x - ix), r);
    let cy = cubic_coefficients(r(y - iy), r);
    let tap = |ax: &Axis<F>, base: F, k: i32| -> Option<usize> {
        ax.index(ax.pad(r(base + F::from_f64(k as f64))))
    };
    let mut acc = F::ZERO;
    for (i, &wy) in cy.iter().enumerate() {
        let row = tap(ax_h, iy, i as i32 - 1);
        let mut v = F::ZERO;
        for (j, &wx) in cx.iter().enumerate() {
            let t = r(wx * at(row, tap(ax_w, ix, j as i32 - 1)));
            v = if j == 0 { t } else { r(v + t) };
        }
        acc = r(acc + r(v * wy));
    }
    acc
}

/// ATen's `get_cubic_upsample_coefficients` (A = -0.75) for the fractional offset `t`.
fn cubic_coefficients<F: Float>(t: F, r: fn(F) -> F) -> [F; 4] {
    let a = F::from_f64(-0.75);
    let one = F::ONE;
    // ((A + 2) * x - (A + 3)) * x * x + 1, for |x| <= 1
    let conv1 =
        |x: F| r(r(r(r(r(r(a + F::from_f64(2.0)) * x) - r(a + F::from_f64(3.0))) * x) * x) + one);
    // ((A * x - 5A) * x + 8A) * x - 4A, for 1 < |x| < 2
    let conv2 = |x: F| {
        let five_a = r(F::from_f64(5.0) * a);
        let eight_a = r(F::from_f64(8.0) * a);
        let four_a = r(F::from_f64(4.0) * a);
        r(r(r(r(r(r(a * x) - five_a) * x) + eight_a) * x) - four_a)
    };
    let t2 = r(one - t);
    [conv2(r(t + one)), conv1(t), conv1(t2), conv2(r(t2 + one))]
}
