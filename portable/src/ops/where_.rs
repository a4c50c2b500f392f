//! `where.self_out(Tensor condition, Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = condition ? self : other`, the three broadcast together. `self` and `other` promote
//! as a binary op does (`torch.result_type`, zero-dim tensors ranking below dimensioned ones)
//! and the out must have exactly that dtype. `condition` must be Bool; Byte is still accepted
//! (ATen deprecates it), any non-zero byte counting as true.
//!
//! Complex operands select through `util::access::map3` (a real operand promotes to `(x, 0)`).

use crate::util::pointwise::{common_dtype, each3, resize_to_broadcast};
use crate::{dispatch_arith, dispatch_compute};
use etk_core::iter::{arg, map3};
use etk_core::out::check_dtype;
use etk_core::{Error, KernelContext, Result, ResultTypeState, ScalarType, Tensor, boxed_kernel};

pub const OP: &str = "aten::where.self_out";

pub fn where_self_out(
    _ctx: &mut KernelContext<'_>,
    condition: &Tensor<'_>,
    self_: &Tensor<'_>,
    other: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let ct = condition.dtype();
    if ct != ScalarType::Bool && ct != ScalarType::Byte {
        return Err(Error::dtype(
            OP,
            "condition",
            "a Bool (or Byte) condition",
            ct,
        ));
    }
    // complex operands select through the complex compute types (pointwise's common dtype
    // stops at the dtypes `etk_core::iter` computes in)
    let common = match ResultTypeState::new().tensor(self_).tensor(other).result() {
        Some(t) if t.is_complex() => t,
        _ => common_dtype(OP, self_, other)?,
    };
    check_dtype(OP, "out", out, common)?;
    resize_to_broadcast(
        OP,
        out,
        &[("condition", condition), ("self", self_), ("other", other)],
    )?;
    let (c, a, b) = (
        arg("condition", condition),
        arg("self", self_).via(common),
        arg("other", other).via(common),
    );
    if common.is_complex() {
        return dispatch_arith!(common, C => {
            crate::util::access::map3::<bool, C, C, C>(
                OP,
                out,
                [("condition", condition), ("self", self_), ("other", other)],
                |c, a, b| if c { a } else { b },
            )
        }, _ => Err(Error::unsupported_dtype(OP, "self", common)));
    }
    dispatch_compute!(common, C => {
        map3::<bool, C, C, C>(OP, out, None, c, a, b, each3(|c, a, b| if c { a } else { b }))
    }, _ => Err(Error::unsupported_dtype(OP, "self", common)))
}

boxed_kernel!(pub fn where_self_out_boxed = OP => where_self_out(condition: &Tensor, self_: &Tensor, other: &Tensor) -> (out));
