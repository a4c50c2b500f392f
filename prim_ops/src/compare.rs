//! ```text
//! executorch_prim::eq.Scalar(Scalar a, Scalar b) -> bool
//! executorch_prim::gt.Scalar(Scalar a, Scalar b) -> bool   (and ge, lt, le)
//! executorch_prim::sym_max.Scalar(Scalar a, Scalar b) -> Scalar
//! executorch_prim::sym_min.Scalar(Scalar a, Scalar b) -> Scalar
//! ```
//! Python's comparisons: an Int against a Double compares the exact values (`2**53 + 1 >
//! 2.0**53`), NaN is unordered; two Bools compare as ExecuTorch allows (`False < True`), a Bool
//! against a number is rejected as ExecuTorch rejects it. `sym_max`/`sym_min` are what the
//! exporter traced, `torch.sym_max`/`torch.sym_min`: Python's `max(a, b)`/`min(a, b)` (`b` only
//! when it is strictly greater, smaller), converted to a Double when either operand is one
//! (`sym_max(3, 2.5)` is `3.0`; two Ints stay an Int). ExecuTorch takes Ints only there; etk
//! also takes Doubles, with torch's answer.

use crate::boxed::{from_num, num, prim_kernel};
use crate::num::{self, Num};
use core::cmp::Ordering;
use etk_core::{Error, ErrorKind, Info, Result, Scalar};

const EQ: &str = "executorch_prim::eq.Scalar";
const GT: &str = "executorch_prim::gt.Scalar";
const GE: &str = "executorch_prim::ge.Scalar";
const LT: &str = "executorch_prim::lt.Scalar";
const LE: &str = "executorch_prim::le.Scalar";
const SYM_MAX: &str = "executorch_prim::sym_max.Scalar";
const SYM_MIN: &str = "executorch_prim::sym_min.Scalar";

/// The ordering of `a` and `b` (`None`: unordered, a NaN).
fn order(op: &'static str, a: Scalar, b: Scalar) -> Result<Option<Ordering>> {
    match (a, b) {
        (Scalar::Bool(x), Scalar::Bool(y)) => Ok(Some(x.cmp(&y))),
        (Scalar::Bool(_), _) | (_, Scalar::Bool(_)) => {
            Err(Error::new(ErrorKind::InvalidType, op, "b")
                .expected_text("operands both Bool or both numbers")
                .got(Info::Text("a Bool with a number")))
        }
        _ => Ok(num::compare(num(op, "a", a)?, num(op, "b", b)?)),
    }
}

pub fn eq_scalar(a: Scalar, b: Scalar) -> Result<Scalar> {
    Ok(Scalar::Bool(order(EQ, a, b)? == Some(Ordering::Equal)))
}

pub fn gt_scalar(a: Scalar, b: Scalar) -> Result<Scalar> {
    Ok(Scalar::Bool(order(GT, a, b)? == Some(Ordering::Greater)))
}

pub fn ge_scalar(a: Scalar, b: Scalar) -> Result<Scalar> {
    Ok(Scalar::Bool(matches!(
        order(GE, a, b)?,
        Some(Ordering::Greater | Ordering::Equal)
    )))
}

pub fn lt_scalar(a: Scalar, b: Scalar) -> Result<Scalar> {
    Ok(Scalar::Bool(order(LT, a, b)? == Some(Ordering::Less)))
}

pub fn le_scalar(a: Scalar, b: Scalar) -> Result<Scalar> {
    Ok(Scalar::Bool(matches!(
        order(LE, a, b)?,
        Some(Ordering::Less | Ordering::Equal)
    )))
}

/// `b` if it compares `wins` against `a`, else `a`; a Double when either is one.
fn pick(op: &'static str, a: Scalar, b: Scalar, wins: Ordering) -> Result<Scalar> {
    let (x, y): (Num, Num) = (num(op, "a", a)?, num(op, "b", b)?);
    let picked = if num::compare(y, x) == Some(wins) {
        y
    } else {
        x
    };
    Ok(match (x, y) {
        // torch.sym_max's `float(max(a, b))`: the picked Int rounded to a Double.
        (Num::Int(_), Num::Int(_)) => from_num(picked),
        _ => Scalar::Double(picked.as_f64()),
    })
}

pub fn sym_max_scalar(a: Scalar, b: Scalar) -> Result<Scalar> {
    pick(SYM_MAX, a, b, Ordering::Greater)
}

pub fn sym_min_scalar(a: Scalar, b: Scalar) -> Result<Scalar> {
    pick(SYM_MIN, a, b, Ordering::Less)
}

prim_kernel!(pub fn eq_scalar_boxed = EQ => eq_scalar(a: Scalar, b: Scalar));
prim_kernel!(pub fn gt_scalar_boxed = GT => gt_scalar(a: Scalar, b: Scalar));
prim_kernel!(pub fn ge_scalar_boxed = GE => ge_scalar(a: Scalar, b: Scalar));
prim_kernel!(pub fn lt_scalar_boxed = LT => lt_scalar(a: Scalar, b: Scalar));
prim_kernel!(pub fn le_scalar_boxed = LE => le_scalar(a: Scalar, b: Scalar));
prim_kernel!(pub fn sym_max_scalar_boxed = SYM_MAX => sym_max_scalar(a: Scalar, b: Scalar));
prim_kernel!(pub fn sym_min_scalar_boxed = SYM_MIN => sym_min_scalar(a: Scalar, b: Scalar));
