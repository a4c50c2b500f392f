//! `where.self_out(Tensor condition, Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = condition ? self : other` on the pointwise frame for every dtype: elements are
//! selected as bits (1, 2, 4 or 8 bytes), so nothing is computed or rounded. `self` and `other`
//! must have the common dtype (which the out must have) or one element (converted to it as
//! portable converts); the condition is Bool or Byte (non-zero is true). Other layouts and
//! dtypes: portable.

use crate::pointwise::select;
use etk_core::out::check_dtype;
use etk_core::{KernelContext, Result, ResultTypeState, ScalarType, Tensor, boxed_kernel};
use etk_portable::ops::where_ as portable;
use etk_portable::util::pointwise::{promoted, resize_to_broadcast};

pub const OP: &str = "aten::where.self_out";

pub fn where_self_out(
    ctx: &mut KernelContext<'_>,
    condition: &Tensor<'_>,
    self_: &Tensor<'_>,
    other: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    if matches!(condition.dtype(), ScalarType::Bool | ScalarType::Byte)
        && let Ok(common) = promoted(
            OP,
            "other",
            ResultTypeState::new().tensor(self_).tensor(other),
        )
        && check_dtype(OP, "out", out, common).is_ok()
    {
        let inputs = [("condition", condition), ("self", self_), ("other", other)];
        resize_to_broadcast(OP, out, &inputs)?;
        if select(ctx, condition, self_, other, out) {
            return Ok(());
        }
    }
    portable::where_self_out(ctx, condition, self_, other, out)
}

boxed_kernel!(pub fn where_self_out_boxed = OP => where_self_out(condition: &Tensor, self_: &Tensor, other: &Tensor) -> (out));
