//! `_fft_c2r.out(Tensor self, int[] dim, int normalization, SymInt last_dim_size, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! The inverse of `_fft_r2c` with `onesided` (`torch.fft.irfftn` without the padding): `self`
//! holds the non-redundant half of a Hermitian spectrum along the last dim of `dim`, whose
//! full length is `last_dim_size`; the result is real. ATen's CPU kernel does an inverse
//! complex transform over the other dims of `dim`, then the complex-to-real one over the last:
//! that line is extended by `X[n - k] = conj(X[k])` to length `n = last_dim_size` and only
//! the real part of its inverse transform is kept (so the imaginary parts of `X[0]` and, for
//! even `n`, of `X[n/2]` are ignored). `normalization` is as in `_fft_r2c`, over the out's
//! transformed sizes. As ATen's CPU kernel: `self` is ComplexFloat or ComplexDouble and not
//! empty, `last_dim_size >= 1`, and `self`'s size along the last dim is `n/2 + 1` or `n` (only
//! the first `n/2 + 1` entries are read); the real result (of `self`'s precision) is copied
//! into an out of any dtype as `copy_` does. Dims distinct and in `[0, rank)`.

use crate::util::fft::{Cx, check_out_dtype, fft_dims, load, norm_scale, store, transform_dim};
use etk_core::out::resize_out;
use etk_core::shape::Dims;
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, ScalarType, Tensor, boxed_kernel};

pub const OP: &str = "aten::_fft_c2r.out";

pub fn fft_c2r_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: &[i64],
    normalization: i64,
    last_dim_size: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let (dims, n, scale) = fft_c2r_prepare(self_, dim, normalization, last_dim_size, out)?;
    let dt = self_.dtype();
    let last = dims[dims.len() - 1];
    let in_sizes = self_.sizes();
    let mut out_sizes = Dims::new(in_sizes).unwrap_or(Dims::EMPTY);
    out_sizes.as_mut_slice()[last] = n;
    ctx.scratch.scope(|s| {
        let data = load(OP, s, self_)?;
        for &d in &dims[..dims.len() - 1] {
            transform_dim(OP, s, data, in_sizes, d, true)?;
        }
        let full = s.alloc::<Cx>(OP, out.numel())?;
        hermitian_extend(data, in_sizes, full, n, last);
        transform_dim(OP, s, full, &out_sizes, last, true)?;
        if dt == ScalarType::ComplexFloat {
            store_real::<f32>(s, full, &out_sizes, scale, out)
        } else {
            store_real::<f64>(s, full, &out_sizes, scale, out)
        }
    })
}

/// The checks of `_fft_c2r.out` and the out resized: the transformed dims (validated, in the
/// caller's order), the length `n` of the last one's real signal and the scale of
/// `normalization`. The optimized kernel runs these first so that its rejections are
/// portable's.
pub fn fft_c2r_prepare(
    self_: &Tensor<'_>,
    dim: &[i64],
    normalization: i64,
    last_dim_size: i64,
    out: &mut Tensor<'_>,
) -> Result<(Dims, usize, f64)> {
    let dt = self_.dtype();
    if !matches!(dt, ScalarType::ComplexFloat | ScalarType::ComplexDouble) {
        return Err(Error::dtype(
            OP,
            "self",
            "ComplexFloat or ComplexDouble (ATen's CPU FFT has no ComplexHalf transform)",
            dt,
        ));
    }
    let dims = fft_dims(OP, dim, self_.dim())?;
    if self_.numel() == 0 {
        return Err(Error::invalid(OP, "self", "a tensor with elements"));
    }
    let last = dims[dims.len() - 1];
    let in_sizes = self_.sizes();
    let n = usize::try_from(last_dim_size)
        .ok()
        .filter(|&n| n >= 1 && (in_sizes[last] == n / 2 + 1 || in_sizes[last] == n))
        .ok_or_else(|| {
            Error::new(ErrorKind::InvalidArgument, OP, "last_dim_size")
                .expected(
                    "n >= 1 with n/2 + 1 or n equal to self's size along the last dim,",
                    Info::Int(in_sizes[last] as i64),
                )
                .got(Info::Int(last_dim_size))
        })?;
    check_out_dtype(OP, out)?;
    let mut out_sizes = Dims::new(in_sizes).unwrap_or(Dims::EMPTY);
    out_sizes.as_mut_slice()[last] = n;
    out_sizes.product().ok_or_else(|| {
        Error::new(ErrorKind::InvalidArgument, OP, "last_dim_size")
            .expected_text("an out whose element count fits in usize")
            .got(Info::Int(last_dim_size))
    })?;
    resize_out(OP, out, &out_sizes)?;
    let signal: usize = dims.iter().map(|&d| out_sizes[d]).product();
    Ok((dims, n, norm_scale(normalization, signal)))
}

/// Every line of `half` (row-major of `sizes`) along `dim`, extended to the full spectrum of
/// length `n` in `full` (row-major of `sizes` with `n` at `dim`): `X[k]` for `k <= n/2`, and
/// `conj(X[n - k])` above.
fn hermitian_extend(half: &[Cx], sizes: &[usize], full: &mut [Cx], n: usize, dim: usize) {
    let inner: usize = sizes[dim + 1..].iter().product();
    let m = sizes[dim];
    let keep = n / 2 + 1;
    let outer: usize = sizes[..dim].iter().product();
    for o in 0..outer {
        for i in 0..inner {
            let src = |k: usize| half[(o * m + k) * inner + i];
            for k in 0..n {
                let x = if k < keep { src(k) } else { src(n - k).conj() };
                full[(o * n + k) * inner + i] = x;
            }
        }
    }
}

/// The real parts of `full` (the imaginary ones are rounding noise of a Hermitian spectrum's
/// transform), stored as a real result.
fn store_real<C: etk_core::Compute>(
    s: &etk_core::Scratch<'_>,
    full: &mut [Cx],
    sizes: &[usize],
    scale: f64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    full.iter_mut().for_each(|x| x.im = 0.0);
    store::<C>(OP, s, full, sizes, scale, out)
}

boxed_kernel!(pub fn fft_c2r_out_boxed = OP => fft_c2r_out(self_: &Tensor, dim: &[i64], normalization: i64, last_dim_size: i64) -> (out));
