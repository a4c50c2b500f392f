//! Out handling shared by kernels: resize to the computed shape, check the out's dtype.

use crate::dtype::ScalarType;
use crate::error::{Error, ErrorKind, Info, Result};
use crate::promote::can_cast;
use crate::tensor::Tensor;

/// Resizes `out` to `sizes` (within its dynamism and capacity).
pub fn resize_out(op: &'static str, out: &mut Tensor<'_>, sizes: &[usize]) -> Result<()> {
    out.resize(op, "out", sizes)
}

/// Fails unless a `computed` result may be written to `out` (ATen's `canCast`).
pub fn check_can_cast(op: &'static str, computed: ScalarType, out: &Tensor<'_>) -> Result<()> {
    if !can_cast(computed, out.dtype()) {
        return Err(Error::new(ErrorKind::InvalidType, op, "out")
            .expected(
                "a dtype the result type can be cast to; result type",
                Info::Dtype(computed),
            )
            .got(Info::Dtype(out.dtype())));
    }
    Ok(())
}

/// Fails unless `t` has exactly `dtype`.
pub fn check_dtype(
    op: &'static str,
    arg: &'static str,
    t: &Tensor<'_>,
    dtype: ScalarType,
) -> Result<()> {
    if t.dtype() != dtype {
        return Err(Error::new(ErrorKind::InvalidType, op, arg)
            .expected("dtype", Info::Dtype(dtype))
            .got(Info::Dtype(t.dtype())));
    }
    Ok(())
}
