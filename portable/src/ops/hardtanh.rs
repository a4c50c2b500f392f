//! `hardtanh.out(Tensor self, Scalar min_val=-1, Scalar max_val=1, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = clamp(self, min_val, max_val)` without type promotion: the out has `self`'s dtype.
//! Bool is rejected. For integral tensors the limits are first truncated to int64 (with c10's
//! overflow check, so a NaN limit is an error) and must then fit the dtype; a Byte tensor
//! rejects negative limits, which makes the default `hardtanh(uint8)` an error.
//! Surprising but ATen: `hardtanh(int32, -1.9, 1.9)` clamps to [-1, 1]; a NaN limit on a
//! floating tensor makes every element NaN.

use crate::util::clamp::clamp_scalar_impl;
use crate::util::pointwise::reject_bool;
use crate::util::scalar::scalar_to_checked;
use etk_core::{
    Error, ErrorKind, Info, KernelContext, Result, Scalar, ScalarType, Tensor, boxed_kernel,
};

pub const OP: &str = "aten::hardtanh.out";

pub fn hardtanh_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    min_val: Scalar,
    max_val: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let st = self_.dtype();
    reject_bool(OP, "self", st)?;
    let (lo, hi) = if st.is_integral(false) {
        integer_limits(st, &min_val, &max_val)?
    } else {
        (min_val, max_val)
    };
    clamp_scalar_impl(OP, self_, Some(("min_val", lo)), Some(("max_val", hi)), out)
}

/// The limits of `hardtanh` on an integer `dtype` as ATen uses them: truncated to int64 (with
/// c10's overflow check), and non-negative for Byte (whose clamp would let them wrap).
pub fn integer_limits(
    dtype: ScalarType,
    min_val: &Scalar,
    max_val: &Scalar,
) -> Result<(Scalar, Scalar)> {
    let lo: i64 = scalar_to_checked(OP, "min_val", min_val, ScalarType::Long)?;
    let hi: i64 = scalar_to_checked(OP, "max_val", max_val, ScalarType::Long)?;
    if dtype == ScalarType::Byte && (lo < 0 || hi < 0) {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "min_val")
            .expected_text("non-negative limits for an unsigned (Byte) tensor")
            .got(Info::Int(lo.min(hi))));
    }
    Ok((Scalar::Int(lo), Scalar::Int(hi)))
}

boxed_kernel!(pub fn hardtanh_out_boxed = OP => hardtanh_out(self_: &Tensor, min_val: Scalar, max_val: Scalar) -> (out));
