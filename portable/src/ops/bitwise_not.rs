//! `bitwise_not.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = ~self`: bitwise not on integral dtypes, logical not on Bool. Floating inputs are
//! rejected, and the out must have exactly the input's dtype (ATen builds it as a same-dtype
//! unary op: no casting, not even Int into Long).

use crate::util::pointwise::{check_supported, each1, require_integral};
use etk_core::iter::{arg, map1};
use etk_core::out::{check_dtype, resize_out};
use etk_core::{KernelContext, Result, ScalarType, Tensor, boxed_kernel};

pub const OP: &str = "aten::bitwise_not.out";

pub fn bitwise_not_out(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let dtype = self_.dtype();
    require_integral(OP, "self", dtype, true)?;
    crate::util::complex::reject_complex(OP, "self", dtype)?;
    check_supported(OP, "self", dtype)?;
    check_dtype(OP, "out", out, dtype)?;
    resize_out(OP, out, self_.sizes())?;
    let a = arg("self", self_);
    if dtype == ScalarType::Bool {
        map1::<bool, bool>(OP, out, None, a, each1(|x: bool| !x))
    } else {
        // `!x` in i64 stores back to the narrower dtype with the same bits.
        map1::<i64, i64>(OP, out, None, a, each1(|x: i64| !x))
    }
}

boxed_kernel!(pub fn bitwise_not_out_boxed = OP => bitwise_not_out(self_: &Tensor) -> (out));
