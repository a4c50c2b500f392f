//! ```text
//! executorch_prim::add.Scalar(Scalar a, Scalar b) -> Scalar
//! executorch_prim::sub.Scalar(Scalar a, Scalar b) -> Scalar
//! executorch_prim::mul.Scalar(Scalar a, Scalar b) -> Scalar
//! executorch_prim::truediv.Scalar(Scalar a, Scalar b) -> Scalar
//! executorch_prim::floordiv.Scalar(Scalar a, Scalar b) -> Scalar
//! executorch_prim::floordiv.int(int a, int b) -> int
//! executorch_prim::mod.Scalar(SymInt a, SymInt b) -> SymInt
//! executorch_prim::mod.int(int a, int b) -> int
//! executorch_prim::neg.Scalar(Scalar a) -> Scalar
//! ```
//! Python's `+ - * / // % -` on `int` and `float` (see [`crate::num`]): an Int with a Double
//! gives a Double, `/` always gives a Double, `//` and `%` round toward negative infinity
//! (ExecuTorch's `floordiv.int`, `mod.int` and `mod.Scalar` use C++'s truncation instead; etk
//! follows Python, which the exported program was traced with). Bool operands are rejected,
//! as ExecuTorch rejects them; `mod` takes Ints only, as its schema and ExecuTorch do. An
//! `int` result beyond int64 and a zero divisor are errors.

use crate::boxed::{from_num, int, num, prim_kernel};
use crate::num;
use etk_core::{Result, Scalar};

const ADD: &str = "executorch_prim::add.Scalar";
const SUB: &str = "executorch_prim::sub.Scalar";
const MUL: &str = "executorch_prim::mul.Scalar";
const TRUEDIV: &str = "executorch_prim::truediv.Scalar";
const FLOORDIV: &str = "executorch_prim::floordiv.Scalar";
const FLOORDIV_INT: &str = "executorch_prim::floordiv.int";
const MOD: &str = "executorch_prim::mod.Scalar";
const MOD_INT: &str = "executorch_prim::mod.int";
const NEG: &str = "executorch_prim::neg.Scalar";

pub fn add_scalar(a: Scalar, b: Scalar) -> Result<Scalar> {
    num::add(ADD, num(ADD, "a", a)?, num(ADD, "b", b)?).map(from_num)
}

pub fn sub_scalar(a: Scalar, b: Scalar) -> Result<Scalar> {
    num::sub(SUB, num(SUB, "a", a)?, num(SUB, "b", b)?).map(from_num)
}

pub fn mul_scalar(a: Scalar, b: Scalar) -> Result<Scalar> {
    num::mul(MUL, num(MUL, "a", a)?, num(MUL, "b", b)?).map(from_num)
}

pub fn truediv_scalar(a: Scalar, b: Scalar) -> Result<Scalar> {
    num::truediv(TRUEDIV, num(TRUEDIV, "a", a)?, num(TRUEDIV, "b", b)?).map(Scalar::Double)
}

pub fn floordiv_scalar(a: Scalar, b: Scalar) -> Result<Scalar> {
    num::floordiv(FLOORDIV, num(FLOORDIV, "a", a)?, num(FLOORDIV, "b", b)?).map(from_num)
}

pub fn floordiv_int(a: Scalar, b: Scalar) -> Result<Scalar> {
    let (a, b) = (int(FLOORDIV_INT, "a", a)?, int(FLOORDIV_INT, "b", b)?);
    num::int_floordiv(FLOORDIV_INT, a, b).map(Scalar::Int)
}

pub fn mod_scalar(a: Scalar, b: Scalar) -> Result<Scalar> {
    num::int_mod(MOD, int(MOD, "a", a)?, int(MOD, "b", b)?).map(Scalar::Int)
}

pub fn mod_int(a: Scalar, b: Scalar) -> Result<Scalar> {
    num::int_mod(MOD_INT, int(MOD_INT, "a", a)?, int(MOD_INT, "b", b)?).map(Scalar::Int)
}

pub fn neg_scalar(a: Scalar) -> Result<Scalar> {
    num::neg(NEG, num(NEG, "a", a)?).map(from_num)
}

prim_kernel!(pub fn add_scalar_boxed = ADD => add_scalar(a: Scalar, b: Scalar));
prim_kernel!(pub fn sub_scalar_boxed = SUB => sub_scalar(a: Scalar, b: Scalar));
prim_kernel!(pub fn mul_scalar_boxed = MUL => mul_scalar(a: Scalar, b: Scalar));
prim_kernel!(pub fn truediv_scalar_boxed = TRUEDIV => truediv_scalar(a: Scalar, b: Scalar));
prim_kernel!(pub fn floordiv_scalar_boxed = FLOORDIV => floordiv_scalar(a: Scalar, b: Scalar));
prim_kernel!(pub fn floordiv_int_boxed = FLOORDIV_INT => floordiv_int(a: Scalar, b: Scalar));
prim_kernel!(pub fn mod_scalar_boxed = MOD => mod_scalar(a: Scalar, b: Scalar));
prim_kernel!(pub fn mod_int_boxed = MOD_INT => mod_int(a: Scalar, b: Scalar));
prim_kernel!(pub fn neg_scalar_boxed = NEG => neg_scalar(a: Scalar));
