//! ```text
//! executorch_prim::ceil.Scalar(Scalar a) -> Scalar
//! executorch_prim::round.Scalar(Scalar a) -> Scalar
//! executorch_prim::trunc.Scalar(Scalar a) -> Scalar
//! executorch_prim::sym_float.Scalar(Scalar a) -> Scalar
//! executorch_prim::sym_int.Scalar(Scalar a) -> Scalar
//! executorch_prim::sym_not.Scalar(Scalar a) -> bool
//! executorch_prim::sym_ite.Scalar(Scalar b, Scalar t, Scalar f) -> Scalar
//! ```
//! Python's `math.ceil`, `round` (half to even, as ExecuTorch's kernel also computes),
//! `math.trunc`, `float`, `int`, `not` and `t if b else f`. Rounding a Double gives an Int; NaN,
//! infinities and results beyond int64 are errors (Python raises or needs a bigger int). An Int
//! rounds to itself (ExecuTorch takes only Doubles there). `sym_float`/`sym_int` also take a
//! Bool (0 or 1); `sym_not` and the condition of `sym_ite` must be Bools, as in ExecuTorch.

use crate::boxed::{num, prim_kernel};
use crate::num::{self, Num, Rounding};
use etk_core::{Error, ErrorKind, Info, Result, Scalar};

const CEIL: &str = "executorch_prim::ceil.Scalar";
const ROUND: &str = "executorch_prim::round.Scalar";
const TRUNC: &str = "executorch_prim::trunc.Scalar";
const SYM_FLOAT: &str = "executorch_prim::sym_float.Scalar";
const SYM_INT: &str = "executorch_prim::sym_int.Scalar";
const SYM_NOT: &str = "executorch_prim::sym_not.Scalar";
const SYM_ITE: &str = "executorch_prim::sym_ite.Scalar";

fn to_int(op: &'static str, a: Scalar, mode: Rounding) -> Result<Scalar> {
    match num(op, "a", a)? {
        Num::Int(i) => Ok(Scalar::Int(i)),
        Num::Double(d) => num::round_to_int(op, d, mode).map(Scalar::Int),
    }
}

pub fn ceil_scalar(a: Scalar) -> Result<Scalar> {
    to_int(CEIL, a, Rounding::Ceil)
}

pub fn round_scalar(a: Scalar) -> Result<Scalar> {
    to_int(ROUND, a, Rounding::HalfEven)
}

pub fn trunc_scalar(a: Scalar) -> Result<Scalar> {
    to_int(TRUNC, a, Rounding::Trunc)
}

pub fn sym_float_scalar(a: Scalar) -> Result<Scalar> {
    Ok(Scalar::Double(a.to_f64()))
}

pub fn sym_int_scalar(a: Scalar) -> Result<Scalar> {
    match a {
        Scalar::Bool(b) => Ok(Scalar::Int(i64::from(b))),
        _ => to_int(SYM_INT, a, Rounding::Trunc),
    }
}

fn bool_arg(op: &'static str, arg: &'static str, a: Scalar) -> Result<bool> {
    match a {
        Scalar::Bool(b) => Ok(b),
        _ => Err(Error::new(ErrorKind::InvalidType, op, arg)
            .expected_text("a Bool")
            .got(Info::Text(if a.is_floating_point() {
                "Double"
            } else {
                "Int"
            }))),
    }
}

pub fn sym_not_scalar(a: Scalar) -> Result<Scalar> {
    Ok(Scalar::Bool(!bool_arg(SYM_NOT, "a", a)?))
}

pub fn sym_ite_scalar(b: Scalar, t: Scalar, f: Scalar) -> Result<Scalar> {
    Ok(if bool_arg(SYM_ITE, "b", b)? { t } else { f })
}

prim_kernel!(pub fn ceil_scalar_boxed = CEIL => ceil_scalar(a: Scalar));
prim_kernel!(pub fn round_scalar_boxed = ROUND => round_scalar(a: Scalar));
prim_kernel!(pub fn trunc_scalar_boxed = TRUNC => trunc_scalar(a: Scalar));
prim_kernel!(pub fn sym_float_scalar_boxed = SYM_FLOAT => sym_float_scalar(a: Scalar));
prim_kernel!(pub fn sym_int_scalar_boxed = SYM_INT => sym_int_scalar(a: Scalar));
prim_kernel!(pub fn sym_not_scalar_boxed = SYM_NOT => sym_not_scalar(a: Scalar));
prim_kernel!(pub fn sym_ite_scalar_boxed = SYM_ITE => sym_ite_scalar(b: Scalar, t: Scalar, f: Scalar));
