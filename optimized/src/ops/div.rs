//! `div.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)`
//! `div.out_mode(Tensor self, Tensor other, *, str? rounding_mode, Tensor(a!) out) -> Tensor(a!)`
//! `div.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)`
//! `div.Scalar_mode_out(Tensor self, Scalar other, *, str? rounding_mode, Tensor(a!) out) -> Tensor(a!)`
//!
//! True division `out = self / other` on the pointwise frame for Float, Half and BFloat16 (in
//! f32, IEEE: division by zero gives ±inf or NaN), when the out has the common dtype and the
//! layout is one the frame accelerates. With rounding_mode "trunc", Float only:
//! `trunc(self / other)` (Half and BFloat16 round each step in ATen). Integer inputs (which
//! ATen divides in Float, or exactly with a mode, where dividing by zero is an error),
//! "floor" (ATen's fmod-based floor division), other modes (an error) and everything else:
//! portable.

use crate::pointwise::Operand;
use crate::pointwise::bodies::{Div, DivBy, DivTrunc, IMul};
use crate::pointwise::entry::{
    arith, finish, is_float, prologue_scalar, prologue_tensor, scalar_path_operand, scalar_value,
};
use etk_core::{KernelContext, Result, Scalar, ScalarType, Tensor, boxed_kernel};
use etk_portable::ops::div as portable;

pub const OP: &str = "aten::div.out";
pub const OP_SCALAR: &str = "aten::div.Scalar_out";
pub const OP_MODE: &str = "aten::div.out_mode";
pub const OP_SCALAR_MODE: &str = "aten::div.Scalar_mode_out";

/// The rounding modes the frame computes: true division, and "trunc" on Float.
#[derive(Clone, Copy, PartialEq)]
enum Mode {
    True,
    Trunc,
}

fn mode(rounding_mode: Option<&str>) -> Option<Mode> {
    match rounding_mode {
        None => Some(Mode::True),
        Some("trunc") => Some(Mode::Trunc),
        _ => None,
    }
}

/// Whether the frame computes `mode` in `common` exactly as portable does.
fn fast(mode: Mode, common: ScalarType) -> bool {
    match mode {
        Mode::True => is_float(common),
        Mode::Trunc => common == ScalarType::Float,
    }
}

/// `self / b` (truncated in [`Mode::Trunc`]) on the frame. A Float true division by one value
/// takes [`DivBy`] (the same quotients without the divider: `opbench div.Scalar_out f32
/// 65536` 9.7 -> 8.2 us and `div f32 64x1024 --other 1` 9.7 -> 7.8 on Zen 3, nine alternating
/// rounds, median). Not Half or BFloat16, whose conversions already hide the divider there
/// (8.6 -> 9.5 and 13.9 -> 18.5 us), nor "trunc" (9.4 -> 9.6).
fn frame_div(
    ctx: &KernelContext<'_>,
    mode: Mode,
    common: ScalarType,
    self_: &Tensor<'_>,
    b: Operand<'_, '_>,
    out: &mut Tensor<'_>,
) -> bool {
    let a = Operand::Tensor(self_);
    if mode == Mode::Trunc {
        return arith(ctx, common, DivTrunc, None::<IMul>, a, b, out);
    }
    let one = match b {
        Operand::F32(v) => Some(v),
        Operand::Tensor(t) if t.numel() == 1 && t.dtype() == ScalarType::Float => t.read(0),
        _ => None,
    };
    match one.and_then(DivBy::new) {
        Some(op) if common == ScalarType::Float => arith(ctx, common, op, None::<IMul>, a, b, out),
        _ => arith(ctx, common, Div, None::<IMul>, a, b, out),
    }
}

pub fn div_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let pro = prologue_tensor(OP, self_, other, out, is_float);
    let done = finish(pro, |common| {
        frame_div(
            ctx,
            Mode::True,
            common,
            self_,
            scalar_path_operand(common, other),
            out,
        )
    });
    match done {
        Some(r) => r,
        None => portable::div_out(ctx, self_, other, out),
    }
}

pub fn div_scalar_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let pro = prologue_scalar(OP_SCALAR, self_, &other, out, is_float);
    let done = finish(pro, |common| {
        frame_div(
            ctx,
            Mode::True,
            common,
            self_,
            scalar_value(common, &other),
            out,
        )
    });
    match done {
        Some(r) => r,
        None => portable::div_scalar_out(ctx, self_, other, out),
    }
}

pub fn div_out_mode(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: &Tensor<'_>,
    rounding_mode: Option<&str>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let done = mode(rounding_mode).and_then(|m| {
        let pro = prologue_tensor(OP_MODE, self_, other, out, |c| fast(m, c));
        finish(pro, |common| {
            let b = scalar_path_operand(common, other);
            frame_div(ctx, m, common, self_, b, out)
        })
    });
    match done {
        Some(r) => r,
        None => portable::div_out_mode(ctx, self_, other, rounding_mode, out),
    }
}

pub fn div_scalar_mode_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    other: Scalar,
    rounding_mode: Option<&str>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let done = mode(rounding_mode).and_then(|m| {
        let pro = prologue_scalar(OP_SCALAR_MODE, self_, &other, out, |c| fast(m, c));
        finish(pro, |common| {
            let b = scalar_value(common, &other);
            frame_div(ctx, m, common, self_, b, out)
        })
    });
    match done {
        Some(r) => r,
        None => portable::div_scalar_mode_out(ctx, self_, other, rounding_mode, out),
    }
}

boxed_kernel!(pub fn div_out_boxed = OP => div_out(self_: &Tensor, other: &Tensor) -> (out));
boxed_kernel!(pub fn div_out_mode_boxed = OP_MODE => div_out_mode(self_: &Tensor, other: &Tensor, rounding_mode: Option<&str>) -> (out));
boxed_kernel!(pub fn div_scalar_mode_out_boxed = OP_SCALAR_MODE => div_scalar_mode_out(self_: &Tensor, other: Scalar, rounding_mode: Option<&str>) -> (out));
boxed_kernel!(pub fn div_scalar_out_boxed = OP_SCALAR => div_scalar_out(self_: &Tensor, other: Scalar) -> (out));
