//! `_fft_r2c.out(Tensor self, int[] dim, int normalization, bool onesided, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! Float into ComplexFloat and Double into ComplexDouble, over any dims of any smooth lengths
//! (prime factors up to `crate::fft::MAX_PRIME`), any dim orders: the last dim of `dim` by
//! pairs of real lines, then the others as complex lines (ATen's order), on
//! `crate::fft`'s vector transforms in the input's precision (results within the suite's FFT
//! tolerance of portable's f64 ones). Portable's checks run first; other out dtypes, longer
//! prime factors and scratch too small for the blocks are portable's.

use crate::fft::lines::{Kind, Side, Stage};
use crate::fft::{Plan, Real, scratch_bytes, supported};
use etk_core::shape::Dims;
use etk_core::{KernelContext, Result, ScalarType, Tensor, boxed_kernel};
use etk_portable::ops::fft_r2c as portable;
use etk_simd::level;

pub const OP: &str = portable::OP;

pub fn fft_r2c_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: &[i64],
    normalization: i64,
    onesided: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let (dims, scale) = portable::fft_r2c_prepare(self_, dim, normalization, onesided, out)?;
    let sizes = self_.sizes();
    let accelerated = dims.iter().all(|&d| supported(sizes[d]))
        && fits(ctx, self_, &dims, out)
        && match (self_.dtype(), out.dtype()) {
            (ScalarType::Float, ScalarType::ComplexFloat) => {
                r2c::<f32>(ctx, self_, &dims, scale, out)?;
                true
            }
            (ScalarType::Double, ScalarType::ComplexDouble) => {
                r2c::<f64>(ctx, self_, &dims, scale, out)?;
                true
            }
            _ => false,
        };
    if accelerated {
        return Ok(());
    }
    portable::fft_r2c_out(ctx, self_, dim, normalization, onesided, out)
}

/// Whether the scratch holds what [`r2c`] takes (so that it never fails halfway).
fn fits(ctx: &KernelContext<'_>, self_: &Tensor<'_>, dims: &[usize], out: &Tensor<'_>) -> bool {
    let lengths = dims.iter().map(|&d| self_.size(d));
    let data = if dims.len() > 1 { out.nbytes() } else { 0 };
    let threads = ctx.parallel.num_threads();
    scratch_bytes(level(), threads, lengths, data, self_.element_size())
        .is_some_and(|b| b <= ctx.scratch.remaining())
}

fn r2c<R: Real>(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dims: &[usize],
    scale: f64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let sizes = self_.sizes();
    let out_sizes = Dims::new(out.sizes()).unwrap_or(Dims::EMPTY);
    let (&last, others) = dims.split_last().unwrap_or((&0, &[]));
    let out_side = Side::new(out.as_mut_ptr(OP, "out")? as *mut R, out.strides(), 2);
    let src = Side::new(self_.as_ptr() as *mut R, self_.strides(), 1);
    let (parallel, level) = (ctx.parallel, level());
    let numel = out.numel();
    ctx.scratch.scope(|s| {
        let data = if others.is_empty() {
            out_side
        } else {
            let d = s.alloc_for_overwrite::<R>(OP, 2 * numel)?;
            Side::row_major(d.as_mut_ptr(), &out_sizes, 2)
        };
        let plan = Plan::<R>::new(OP, s, sizes[last], false)?;
        let stage = Stage {
            sizes,
            dim: last,
            kind: Kind::R2c {
                count: out_sizes[last],
            },
            src,
            dst: data,
            scale: if others.is_empty() { scale } else { 1.0 },
        };
        stage.run(OP, parallel, s, &plan, level)?;
        for (i, &d) in others.iter().enumerate() {
            let fin = i + 1 == others.len();
            let plan = Plan::<R>::new(OP, s, sizes[d], false)?;
            let stage = Stage {
                sizes: &out_sizes,
                dim: d,
                kind: Kind::Complex,
                src: data,
                dst: if fin { out_side } else { data },
                scale: if fin { scale } else { 1.0 },
            };
            stage.run(OP, parallel, s, &plan, level)?;
        }
        Ok(())
    })
}

boxed_kernel!(pub fn fft_r2c_out_boxed = OP => fft_r2c_out(self_: &Tensor, dim: &[i64], normalization: i64, onesided: bool) -> (out));
