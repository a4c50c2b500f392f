//! `et_copy::_d2h_copy.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! ExecuTorch's device to host copy at a delegate boundary. etk runs on the CPU only, where both
//! tensors are host memory and the op is `out.copy_(self)` (as ExecuTorch's reference
//! implementation): `self` broadcast to the out's shape (the out is not resized) and
//! converted to its dtype (C++ `static_cast`).

use crate::util::copy::copy_cast;
use etk_core::{KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "et_copy::_d2h_copy.out";

pub fn d2h_copy_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    copy_cast(OP, "self", self_, out)
}

boxed_kernel!(pub fn d2h_copy_out_boxed = OP => d2h_copy_out(self_: &Tensor) -> (out));
