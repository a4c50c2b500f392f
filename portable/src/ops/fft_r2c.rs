//! `_fft_r2c.out(Tensor self, int[] dim, int normalization, bool onesided, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! The forward DFT of a real tensor over the dims in `dim` (`torch.fft.rfftn` without the
//! padding): `out[k] = scale * sum_j self[j] exp(-2 pi i <j, k / n>)` over the transformed
//! dims. With `onesided` the last dim of `dim` keeps only its `n/2 + 1` non-redundant
//! frequencies (the others are the conjugates of these). `normalization` is ATen's
//! `fft_norm_mode`: 0 none, 1 `1/sqrt(n)`, any other value `1/n`, `n` the product of the
//! transformed sizes. As ATen's CPU kernel: `self` is Float or Double (no Half/BFloat16) and
//! not empty; the result (complex of `self`'s precision) is copied into an out of any dtype
//! as `copy_` does (a real out takes the real part), except that a two-sided result needs a
//! ComplexFloat or ComplexDouble out (ATen completes it there by conjugate symmetry, which it
//! has for no other dtype). The dims must be distinct and in
//! `[0, rank)` (ATen asserts or reads garbage otherwise). Any dim order in and out.

use crate::util::fft::{check_out_dtype, fft_dims, load, norm_scale, store, transform_dim};
use etk_core::out::resize_out;
use etk_core::shape::Dims;
use etk_core::{Error, KernelContext, Result, ScalarType, Tensor, boxed_kernel};

pub const OP: &str = "aten::_fft_r2c.out";

pub fn fft_r2c_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: &[i64],
    normalization: i64,
    onesided: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let (dims, scale) = fft_r2c_prepare(self_, dim, normalization, onesided, out)?;
    let sizes = self_.sizes();
    let dt = self_.dtype();
    ctx.scratch.scope(|s| {
        let data = load(OP, s, self_)?;
        for &d in dims.iter() {
            transform_dim(OP, s, data, sizes, d, false)?;
        }
        if dt == ScalarType::Float {
            store::<f32>(OP, s, data, sizes, scale, out)
        } else {
            store::<f64>(OP, s, data, sizes, scale, out)
        }
    })
}

/// The checks of `_fft_r2c.out` and the out resized: the transformed dims (validated, in the
/// caller's order) and the scale of `normalization`. The optimized kernel runs these first so
/// that its rejections are portable's.
pub fn fft_r2c_prepare(
    self_: &Tensor<'_>,
    dim: &[i64],
    normalization: i64,
    onesided: bool,
    out: &mut Tensor<'_>,
) -> Result<(Dims, f64)> {
    let dt = self_.dtype();
    if !matches!(dt, ScalarType::Float | ScalarType::Double) {
        return Err(Error::dtype(
            OP,
            "self",
            "Float or Double (ATen's CPU FFT has no Half, BFloat16 or integer transform)",
            dt,
        ));
    }
    let dims = fft_dims(OP, dim, self_.dim())?;
    if self_.numel() == 0 {
        return Err(Error::invalid(OP, "self", "a tensor with elements"));
    }
    check_out_dtype(OP, out)?;
    if !onesided
        && !matches!(
            out.dtype(),
            ScalarType::ComplexFloat | ScalarType::ComplexDouble
        )
    {
        // ATen fills the second half by conjugate symmetry in the out itself, which it
        // implements for ComplexFloat and ComplexDouble only.
        return Err(Error::dtype(
            OP,
            "out",
            "ComplexFloat or ComplexDouble for a two-sided transform",
            out.dtype(),
        ));
    }
    let sizes = self_.sizes();
    let last = dims[dims.len() - 1];
    let mut out_sizes = Dims::new(sizes).unwrap_or(Dims::EMPTY);
    if onesided {
        out_sizes.as_mut_slice()[last] = sizes[last] / 2 + 1;
    }
    resize_out(OP, out, &out_sizes)?;
    let n: usize = dims.iter().map(|&d| sizes[d]).product();
    Ok((dims, norm_scale(normalization, n)))
}

boxed_kernel!(pub fn fft_r2c_out_boxed = OP => fft_r2c_out(self_: &Tensor, dim: &[i64], normalization: i64, onesided: bool) -> (out));
