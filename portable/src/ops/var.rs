//! `var.correction_out(Tensor self, int[1]? dim=None, *, Scalar? correction=None, bool keepdim=False, Tensor(a!) out) -> Tensor(a!)`
//! `var.out(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! The variance over `dim` (`None` or `[]`: every dim): `sum((x - mean)^2) / max(0, N -
//! correction)`, `correction` 1 by default (`unbiased=False` is 0), so `correction >= N`
//! gives inf (or NaN for a constant lane) and an empty lane NaN, as ATen. Floating and complex
//! inputs only; the out may be any dtype the input's real dtype can be cast to, and the input
//! is cast to the out's dtype first. As ATen's CPU kernels (`util::moments`), which differ in
//! where NaN and infinities go:
//! - over some dims, and always for `var_mean`: Welford's update in f64, element by element in
//!   the input's memory order (a lane `[1, inf]` has var NaN and mean inf, `[inf, 1]` mean NaN);
//! - over every dim of a Float or Double input into a Float or Double out (ATen's
//!   `std_var_all`): the mean in the input's own dtype (a Float sum may overflow to inf), then
//!   the squared deviations from it summed in f64; a Half or BFloat16 input is then an error,
//!   as in ATen.
//!
//! The kernel, shared with `var_mean`, is [`crate::util::variance`]'s.
//!
//! Complex inputs (every complex dtype): ATen's var(real part) + var(imaginary part), each
//! rounded to the out's real dtype and added in it; the out is real (or complex with a zero
//! imaginary part).

use crate::util::reduce::{DimMask, EmptyDims, dim_mask, reduced_shape};
use crate::util::variance::{check_floating, var_into};
use etk_core::out::{check_can_cast, resize_out};
use etk_core::{KernelContext, Result, Scalar, Tensor, boxed_kernel};

pub const OP_CORRECTION: &str = "aten::var.correction_out";
pub const OP: &str = "aten::var.out";

pub fn var_correction_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: Option<&[i64]>,
    correction: Option<Scalar>,
    keepdim: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let c = correction.map_or(1.0, |s| s.to_f64());
    var_out_impl(OP_CORRECTION, self_, dim, c, keepdim, out)
}

pub fn var_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    dim: Option<&[i64]>,
    unbiased: bool,
    keepdim: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    var_out_impl(
        OP,
        self_,
        dim,
        if unbiased { 1.0 } else { 0.0 },
        keepdim,
        out,
    )
}

fn var_out_impl(
    op: &'static str,
    self_: &Tensor<'_>,
    dim: Option<&[i64]>,
    correction: f64,
    keepdim: bool,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let mask = var_prepare(op, self_, dim, keepdim, out)?;
    var_into(op, self_, mask, correction, out, None)
}

/// The argument checks of `var.out` / `var.correction_out`, then the out resized: the dims
/// to reduce. What is left to reject is the dtype ([`crate::util::variance::var_into`]).
pub fn var_prepare(
    op: &'static str,
    self_: &Tensor<'_>,
    dim: Option<&[i64]>,
    keepdim: bool,
    out: &mut Tensor<'_>,
) -> Result<DimMask> {
    check_floating(op, self_)?;
    // a complex input's variance is real
    check_can_cast(op, self_.dtype().to_real(), out)?;
    let mask = dim_mask(op, "dim", dim, self_.dim(), EmptyDims::All)?;
    resize_out(op, out, &reduced_shape(self_.sizes(), mask, keepdim))?;
    Ok(mask)
}

boxed_kernel!(pub fn var_correction_out_boxed = OP_CORRECTION => var_correction_out(self_: &Tensor, dim: Option<&[i64]>, correction: Option<Scalar>, keepdim: bool) -> (out));
boxed_kernel!(pub fn var_out_boxed = OP => var_out(self_: &Tensor, dim: Option<&[i64]>, unbiased: bool, keepdim: bool) -> (out));
