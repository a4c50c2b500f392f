//! `_fft_c2r.out(Tensor self, int[] dim, int normalization, SymInt last_dim_size, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! ComplexFloat into Float and ComplexDouble into Double, over any dims of any smooth lengths
//! (prime factors up to `crate::fft::MAX_PRIME`), any dim orders: the dims but the last of
//! `dim` as inverse complex transforms, then the last one by pairs of Hermitian half-spectra
//! (ATen's order), on `crate::fft`'s vector transforms in the input's precision (results
//! within the suite's FFT tolerance of portable's f64 ones). Portable's checks run first;
//! other out dtypes, longer prime factors and scratch too small for the blocks are portable's.

use crate::fft::lines::{Kind, Side, Stage};
use crate::fft::{Plan, Real, scratch_bytes, supported};
use etk_core::shape::Dims;
use etk_core::{KernelContext, Result, ScalarType, Tensor, boxed_kernel};
use etk_portable::ops::fft_c2r as portable;
use etk_simd::level;

pub const OP: &str = portable::OP;

pub fn fft_c2r_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: &[i64],
    normalization: i64,
    last_dim_size: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let (dims, n, scale) =
        portable::fft_c2r_prepare(self_, dim, normalization, last_dim_size, out)?;
    let others = &dims[..dims.len() - 1];
    let accelerated = others.iter().all(|&d| supported(self_.size(d)))
        && supported(n)
        && fits(ctx, self_, others, n)
        && match (self_.dtype(), out.dtype()) {
            (ScalarType::ComplexFloat, ScalarType::Float) => {
                c2r::<f32>(ctx, self_, &dims, scale, out)?;
                true
            }
            (ScalarType::ComplexDouble, ScalarType::Double) => {
                c2r::<f64>(ctx, self_, &dims, scale, out)?;
                true
            }
            _ => false,
        };
    if accelerated {
        return Ok(());
    }
    portable::fft_c2r_out(ctx, self_, dim, normalization, last_dim_size, out)
}

/// Whether the scratch holds what [`c2r`] takes (so that it never fails halfway).
fn fits(ctx: &KernelContext<'_>, self_: &Tensor<'_>, others: &[usize], n: usize) -> bool {
    let lengths = others.iter().map(|&d| self_.size(d)).chain([n]);
    let data = if others.is_empty() { 0 } else { self_.nbytes() };
    let threads = ctx.parallel.num_threads();
    let real = self_.element_size() / 2;
    scratch_bytes(level(), threads, lengths, data, real)
        .is_some_and(|b| b <= ctx.scratch.remaining())
}

fn c2r<R: Real>(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dims: &[usize],
    scale: f64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let in_sizes = Dims::new(self_.sizes()).unwrap_or(Dims::EMPTY);
    let (&last, others) = dims.split_last().unwrap_or((&0, &[]));
    let n = out.size(last);
    let out_side = Side::new(out.as_mut_ptr(OP, "out")? as *mut R, out.strides(), 1);
    let src = Side::new(self_.as_ptr() as *mut R, self_.strides(), 2);
    let (parallel, level) = (ctx.parallel, level());
    let numel = self_.numel();
    ctx.scratch.scope(|s| {
        let mut from = src;
        if !others.is_empty() {
            let d = s.alloc_for_overwrite::<R>(OP, 2 * numel)?;
            let data = Side::row_major(d.as_mut_ptr(), &in_sizes, 2);
            for &d in others {
                let plan = Plan::<R>::new(OP, s, in_sizes[d], true)?;
                let stage = Stage {
                    sizes: &in_sizes,
                    dim: d,
                    kind: Kind::Complex,
                    src: from,
                    dst: data,
                    scale: 1.0,
                };
                stage.run(OP, parallel, s, &plan, level)?;
                from = data;
            }
        }
        let plan = Plan::<R>::new(OP, s, n, true)?;
        let stage = Stage {
            sizes: &in_sizes,
            dim: last,
            kind: Kind::C2r,
            src: from,
            dst: out_side,
            scale,
        };
        stage.run(OP, parallel, s, &plan, level)
    })
}

boxed_kernel!(pub fn fft_c2r_out_boxed = OP => fft_c2r_out(self_: &Tensor, dim: &[i64], normalization: i64, last_dim_size: i64) -> (out));
