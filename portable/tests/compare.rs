//! The comparison, bitwise and logical family against PyTorch: every dtype pair of self and
//! other (and every Scalar kind) with torch's values, torch's result dtype and the out dtypes
//! torch accepts; Scalars cast to the common dtype; shifts past the width; NaN and -0.0;
//! broadcasting, resize, dim orders, zero-dim and empty tensors, errors and the boxed entries.
//!
//! The tables at the bottom were generated with torch 2.13 (`torch.ops.aten.<op>.<overload>`
//! on the inputs of [`inputs`] / [`shifts`], other permuted as the tests do). For every row
//! the generator also checked that the predicate ops accept every out dtype with the Bool
//! result cast to it.

use ScalarType::*;
use etk_core::{
    EValue, Error, ErrorKind, KernelContext, OwnedTensor, Result, Scalar, ScalarType, Tensor,
};
use etk_portable::ops::*;

mod common;
use common::*;

type Binary = fn(&mut KernelContext<'_>, &Tensor<'_>, &Tensor<'_>, &mut Tensor<'_>) -> Result<()>;
type WithScalar = fn(&mut KernelContext<'_>, &Tensor<'_>, Scalar, &mut Tensor<'_>) -> Result<()>;
type Unary = fn(&mut KernelContext<'_>, &Tensor<'_>, &mut Tensor<'_>) -> Result<()>;

const DTYPES: [ScalarType; 10] = [
    Bool, Byte, Char, Short, Int, Long, Half, BFloat16, Float, Double,
];

const NAN: f64 = f64::NAN;
const INF: f64 = f64::INFINITY;

/// `unwrap_err` for results whose value has no `Debug`.
trait Fails {
    fn fails(self) -> Error;
}
impl<T> Fails for Result<T> {
    fn fails(self) -> Error {
        match self {
            Ok(_) => panic!("expected an error"),
            Err(e) => e,
        }
    }
}

/// Values of a test input, kept exact (i64 for integral dtypes).
#[derive(Clone, Copy)]
enum Vals {
    I(&'static [i64]),
    F(&'static [f64]),
}

/// The self input per dtype (other is a permutation of it); floats are exact in Half.
fn inputs(dtype: ScalarType) -> Vals {
    match dtype {
        Bool => Vals::I(&[0, 1, 1, 0, 1, 0, 1, 1, 0, 0]),
        Byte => Vals::I(&[0, 1, 2, 3, 100, 127, 128, 200, 255, 5]),
        Char => Vals::I(&[-128, -100, -3, -1, 0, 1, 2, 5, 100, 127]),
        Short => Vals::I(&[-32768, -300, -3, -1, 0, 1, 2, 5, 300, 32767]),
        Int => Vals::I(&[-2147483648, -70000, -3, -1, 0, 1, 2, 5, 70000, 2147483647]),
        Long => Vals::I(&[
            i64::MIN,
            -(1 << 40),
            -3,
            -1,
            0,
            1,
            2,
            5,
            (1 << 40) + 1,
            i64::MAX,
        ]),
        _ => Vals::F(&[NAN, INF, -INF, -0.0, 0.0, 0.5, 1.0, 2.5, -1.0, 100.0]),
    }
}

/// The shift amounts per dtype (permuted by [`SHIFT_PERM`] as the other operand).
fn shifts(dtype: ScalarType) -> Vals {
    match dtype {
        Bool => inputs(Bool),
        Byte => Vals::I(&[0, 1, 3, 7, 8, 9, 15, 63, 64, 255]),
        Char => Vals::I(&[0, 1, 3, 7, 8, 9, 15, 63, 64, -1]),
        Short => Vals::I(&[0, 1, 3, 7, 8, 15, 16, 63, 64, -1]),
        Int => Vals::I(&[0, 1, 3, 7, 8, 31, 32, 63, 64, -1]),
        Long => Vals::I(&[0, 1, 3, 7, 8, 31, 63, 64, 100, -5]),
        _ => Vals::F(&[0.0, 1.0, 3.0, 7.0, 8.0, 9.0, 15.0, 63.0, 64.0, -1.0]),
    }
}

const PERM: [usize; 10] = [0, 2, 1, 3, 5, 4, 6, 9, 8, 7];
const SHIFT_PERM: [usize; 10] = [5, 0, 7, 2, 9, 4, 1, 6, 3, 8];

fn permuted(v: Vals, perm: &[usize; 10]) -> Vals {
    match v {
        Vals::I(x) => Vals::I(Vec::leak(perm.iter().map(|&i| x[i]).collect())),
        Vals::F(x) => Vals::F(Vec::leak(perm.iter().map(|&i| x[i]).collect())),
    }
}

/// A tensor of `dtype` in `dim_order` holding `v` (converted as `static_cast` would).
fn make(dtype: ScalarType, v: Vals, sizes: &[usize], order: &[usize]) -> OwnedTensor {
    let mut t = OwnedTensor::with_capacity(dtype, sizes, order, 0).unwrap();
    match v {
        Vals::I(x) => t.fill_logical::<i64>(x),
        Vals::F(x) => t.fill_logical::<f64>(x),
    }
    t
}

fn tensor(dtype: ScalarType, v: Vals) -> OwnedTensor {
    let n = match v {
        Vals::I(x) => x.len(),
        Vals::F(x) => x.len(),
    };
    make(dtype, v, &[n], &[0])
}

fn ftensor(dtype: ScalarType, v: &'static [f64], sizes: &[usize]) -> OwnedTensor {
    let order: Vec<usize> = (0..sizes.len()).collect();
    make(dtype, Vals::F(v), sizes, &order)
}

/// Every element exactly: as i64 and as f64 bits (so both wide integers and floats compare
/// exactly).
fn exact(t: &OwnedTensor) -> Vec<(i64, u64)> {
    let i = t.to_logical::<i64>();
    let f = t.to_logical::<f64>();
    i.into_iter().zip(f.iter().map(|x| x.to_bits())).collect()
}

/// What torch writes into an out of `dtype` for results `values` (a cast).
fn cast_ints(values: &[i64], dtype: ScalarType) -> Vec<(i64, u64)> {
    let mut t = OwnedTensor::zeros(dtype, &[values.len()]).unwrap();
    t.fill_logical::<i64>(values);
    exact(&t)
}

fn bits_to_ints(bits: &str) -> Vec<i64> {
    bits.bytes().map(|b| (b == b'1') as i64).collect()
}

fn run2(
    op: Binary,
    a: &OwnedTensor,
    b: &OwnedTensor,
    out_dtype: ScalarType,
) -> Result<OwnedTensor> {
    let mut out = OwnedTensor::zeros(out_dtype, a.sizes()).unwrap();
    op(
        &mut ctx(),
        &a.view(),
        &b.view(),
        &mut out.view_mut().unwrap(),
    )?;
    Ok(out)
}

fn run_s(op: WithScalar, a: &OwnedTensor, s: Scalar, out_dtype: ScalarType) -> Result<OwnedTensor> {
    let mut out = OwnedTensor::zeros(out_dtype, a.sizes()).unwrap();
    op(&mut ctx(), &a.view(), s, &mut out.view_mut().unwrap())?;
    Ok(out)
}

fn run1(op: Unary, a: &OwnedTensor, out_dtype: ScalarType) -> Result<OwnedTensor> {
    let mut out = OwnedTensor::zeros(out_dtype, a.sizes()).unwrap();
    op(&mut ctx(), &a.view(), &mut out.view_mut().unwrap())?;
    Ok(out)
}

fn binary(name: &str) -> Binary {
    match name {
        "eq" => eq::eq_tensor_out,
        "ne" => ne::ne_tensor_out,
        "ge" => ge::ge_tensor_out,
        "gt" => gt::gt_tensor_out,
        "le" => le::le_tensor_out,
        "lt" => lt::lt_tensor_out,
        "logical_and" => logical_and::logical_and_out,
        "logical_or" => logical_or::logical_or_out,
        "logical_xor" => logical_xor::logical_xor_out,
        "bitwise_and" => bitwise_and::bitwise_and_tensor_out,
        "bitwise_or" => bitwise_or::bitwise_or_tensor_out,
        "bitwise_xor" => bitwise_xor::bitwise_xor_tensor_out,
        "bitwise_left_shift" => bitwise_left_shift::bitwise_left_shift_tensor_out,
        "bitwise_right_shift" => bitwise_right_shift::bitwise_right_shift_tensor_out,
        _ => panic!("{name}"),
    }
}

fn with_scalar(name: &str) -> WithScalar {
    match name {
        "eq" => eq::eq_scalar_out,
        "ne" => ne::ne_scalar_out,
        "ge" => ge::ge_scalar_out,
        "gt" => gt::gt_scalar_out,
        "le" => le::le_scalar_out,
        "lt" => lt::lt_scalar_out,
        "bitwise_and" => bitwise_and::bitwise_and_scalar_out,
        "bitwise_or" => bitwise_or::bitwise_or_scalar_out,
        "bitwise_xor" => bitwise_xor::bitwise_xor_scalar_out,
        "bitwise_left_shift" => bitwise_left_shift::bitwise_left_shift_tensor_scalar_out,
        "bitwise_right_shift" => bitwise_right_shift::bitwise_right_shift_tensor_scalar_out,
        _ => panic!("{name}"),
    }
}

const CMP_SCALARS: [Scalar; 10] = [
    Scalar::Bool(true),
    Scalar::Int(2),
    Scalar::Int(300),
    Scalar::Int(-1),
    Scalar::Int((1 << 40) + 1),
    Scalar::Double(0.5),
    Scalar::Double(NAN),
    Scalar::Double(0.1),
    Scalar::Double(1e10),
    Scalar::Double(-0.0),
];
const BIT_SCALARS: [Scalar; 5] = [
    Scalar::Bool(true),
    Scalar::Int(5),
    Scalar::Int(300),
    Scalar::Int(-1),
    Scalar::Double(1.0),
];
const SHIFT_SCALARS: [Scalar; 8] = [
    Scalar::Bool(true),
    Scalar::Int(1),
    Scalar::Int(7),
    Scalar::Int(8),
    Scalar::Int(64),
    Scalar::Int(260),
    Scalar::Int(-1),
    Scalar::Double(1.0),
];

fn is_shift(op: &str) -> bool {
    op.contains("shift")
}

#[test]
fn predicates_tensor_tensor_every_dtype_pair_and_out() {
    for &(op, a_dt, b_dt, want) in PRED_TT {
        let a = tensor(a_dt, inputs(a_dt));
        let b = tensor(b_dt, permuted(inputs(b_dt), &PERM));
        let want = bits_to_ints(want);
        for out in DTYPES {
            let got = run2(binary(op), &a, &b, out)
                .unwrap_or_else(|e| panic!("{op} {a_dt:?} {b_dt:?} -> {out:?}: {e}"));
            assert_eq!(
                exact(&got),
                cast_ints(&want, out),
                "{op} {a_dt:?} {b_dt:?} -> {out:?}"
            );
        }
    }
}

#[test]
fn comparisons_with_every_scalar_kind_and_out() {
    for &(op, a_dt, si, want) in PRED_TS {
        let a = tensor(a_dt, inputs(a_dt));
        let s = CMP_SCALARS[si];
        let want = bits_to_ints(want);
        for out in DTYPES {
            let got = run_s(with_scalar(op), &a, s, out)
                .unwrap_or_else(|e| panic!("{op} {a_dt:?} {s:?} -> {out:?}: {e}"));
            assert_eq!(
                exact(&got),
                cast_ints(&want, out),
                "{op} {a_dt:?} {s:?} -> {out:?}"
            );
        }
    }
}

#[test]
fn logical_not_every_dtype_and_out() {
    for &(dt, want) in LOGICAL_NOT {
        let a = tensor(dt, inputs(dt));
        let want = bits_to_ints(want);
        for out in DTYPES {
            let got = run1(logical_not::logical_not_out, &a, out).unwrap();
            assert_eq!(exact(&got), cast_ints(&want, out), "{dt:?} -> {out:?}");
        }
    }
}

/// torch's answer for an integral op: (result dtype, accepted outs as a mask over DTYPES,
/// values), or `None` where it rejects the inputs.
type IntWant = Option<(ScalarType, &'static str, &'static [i64])>;

/// Checks one call of an integral op against torch's (result dtype, accepted outs, values).
fn check_integral(what: &str, want: IntWant, call: impl Fn(ScalarType) -> Result<OwnedTensor>) {
    for (k, out) in DTYPES.into_iter().enumerate() {
        let r = call(out);
        let accepted = want.is_some_and(|(_, mask, _)| mask.as_bytes()[k] == b'1');
        match r {
            Ok(got) => {
                assert!(accepted, "{what} -> {out:?} should be rejected");
                let (_, _, values) = want.unwrap();
                assert_eq!(exact(&got), cast_ints(values, out), "{what} -> {out:?}");
            }
            Err(e) => {
                assert!(!accepted, "{what} -> {out:?}: {e}");
                assert!(e.op.starts_with("aten::bitwise_"), "{e}");
                assert_eq!(e.kind, ErrorKind::InvalidType, "{e}");
                // a dtype the op rejects is named by the operand, an out it cannot cast to
                // by `out`.
                let arg = if want.is_some() { "out" } else { e.arg };
                assert_eq!(e.arg, arg, "{what} -> {out:?}: {e}");
            }
        }
    }
    if let Some((res, mask, _)) = want {
        let k = DTYPES.iter().position(|&d| d == res).unwrap();
        assert_eq!(&mask[k..k + 1], "1", "{what}: the result dtype is accepted");
    }
}

#[test]
fn bitwise_and_shifts_tensor_tensor_every_dtype_pair_and_out() {
    for &(op, a_dt, b_dt, want) in INT_TT {
        let a = tensor(a_dt, inputs(a_dt));
        let b = if is_shift(op) {
            tensor(b_dt, permuted(shifts(b_dt), &SHIFT_PERM))
        } else {
            tensor(b_dt, permuted(inputs(b_dt), &PERM))
        };
        check_integral(&format!("{op} {a_dt:?} {b_dt:?}"), want, |out| {
            run2(binary(op), &a, &b, out)
        });
    }
}

#[test]
fn bitwise_and_shifts_with_every_scalar_kind_and_out() {
    for &(op, a_dt, si, want) in INT_TS {
        let a = tensor(a_dt, inputs(a_dt));
        let s = if is_shift(op) {
            SHIFT_SCALARS[si]
        } else {
            BIT_SCALARS[si]
        };
        check_integral(&format!("{op} {a_dt:?} {s:?}"), want, |out| {
            run_s(with_scalar(op), &a, s, out)
        });
    }
}

#[test]
fn bitwise_not_every_dtype_needs_the_same_out_dtype() {
    for &(dt, want) in BITWISE_NOT {
        let a = tensor(dt, inputs(dt));
        for out in DTYPES {
            let r = run1(bitwise_not::bitwise_not_out, &a, out);
            match (want, out == dt) {
                (Some(values), true) => assert_eq!(exact(&r.unwrap()), cast_ints(values, out)),
                (None, _) => {
                    let e = r.fails();
                    assert_eq!((e.arg, e.kind), ("self", ErrorKind::InvalidType), "{dt:?}");
                }
                (Some(_), false) => {
                    let e = r.fails();
                    assert_eq!((e.arg, e.kind), ("out", ErrorKind::InvalidType), "{dt:?}");
                }
            }
        }
    }
}

fn bools(t: &OwnedTensor) -> Vec<bool> {
    t.to_logical::<bool>()
}

#[test]
fn scalars_are_cast_to_the_common_dtype_first() {
    // torch: torch.eq(int8 [44, -128, 127], 300) -> [True, False, False] (300 -> 44)
    let a = tensor(Char, Vals::I(&[44, -128, 127]));
    let r = run_s(eq::eq_scalar_out, &a, Scalar::Int(300), Bool).unwrap();
    assert_eq!(bools(&r), [true, false, false]);
    // torch.lt(int8 [50, 2], 300) -> [False, True]
    let a = tensor(Char, Vals::I(&[50, 2]));
    let r = run_s(lt::lt_scalar_out, &a, Scalar::Int(300), Bool).unwrap();
    assert_eq!(bools(&r), [false, true]);
    // torch.eq(uint8 [255, 0], -1) -> [True, False]; torch.gt(uint8 [200, 0], -1) -> all False
    let a = tensor(Byte, Vals::I(&[255, 0]));
    let r = run_s(eq::eq_scalar_out, &a, Scalar::Int(-1), Bool).unwrap();
    assert_eq!(bools(&r), [true, false]);
    let r = run_s(gt::gt_scalar_out, &a, Scalar::Int(-1), Bool).unwrap();
    assert_eq!(bools(&r), [false, false]);
    // torch.eq(uint8 [0, 1], 256) -> [True, False]; == -255 -> [False, True]
    let a = tensor(Byte, Vals::I(&[0, 1]));
    let r = run_s(eq::eq_scalar_out, &a, Scalar::Int(256), Bool).unwrap();
    assert_eq!(bools(&r), [true, false]);
    let r = run_s(eq::eq_scalar_out, &a, Scalar::Int(-255), Bool).unwrap();
    assert_eq!(bools(&r), [false, true]);
    // torch.lt(int32 [1], 2**40) -> [False]; torch.eq(int32 [0], 2**32) -> [True]
    let a = tensor(Int, Vals::I(&[1]));
    let r = run_s(lt::lt_scalar_out, &a, Scalar::Int(1 << 40), Bool).unwrap();
    assert_eq!(bools(&r), [false]);
    let a = tensor(Int, Vals::I(&[0]));
    let r = run_s(eq::eq_scalar_out, &a, Scalar::Int(1 << 32), Bool).unwrap();
    assert_eq!(bools(&r), [true]);
    // torch.eq(half [0.1], 0.1) -> True, and bfloat16 too (0.1 rounded to the tensor's dtype)
    for dt in [Half, BFloat16] {
        let a = ftensor(dt, &[0.1, 0.2], &[2]);
        let r = run_s(eq::eq_scalar_out, &a, Scalar::Double(0.1), Bool).unwrap();
        assert_eq!(bools(&r), [true, false], "{dt:?}");
    }
    // torch.eq(float [inf], 1e300) -> True; torch.eq(half [inf], 1e10) -> True
    let a = ftensor(Float, &[INF, 1.5], &[2]);
    let r = run_s(eq::eq_scalar_out, &a, Scalar::Double(1e300), Bool).unwrap();
    assert_eq!(bools(&r), [true, false]);
    let a = ftensor(Half, &[INF], &[1]);
    let r = run_s(eq::eq_scalar_out, &a, Scalar::Double(1e10), Bool).unwrap();
    assert_eq!(bools(&r), [true]);
    // an int tensor with a float Scalar compares in Float: torch.lt(int32 [2, 3], 2.5)
    let a = tensor(Int, Vals::I(&[2, 3]));
    let r = run_s(lt::lt_scalar_out, &a, Scalar::Double(2.5), Bool).unwrap();
    assert_eq!(bools(&r), [true, false]);
    // torch.eq(int64 [2**63-1], 9.223372036854776e18) -> True (both become Float)
    let a = tensor(Long, Vals::I(&[i64::MAX]));
    let r = run_s(
        eq::eq_scalar_out,
        &a,
        Scalar::Double(9.223372036854776e18),
        Bool,
    )
    .unwrap();
    assert_eq!(bools(&r), [true]);
    // Bool tensors with an Int Scalar compare in Long: torch.eq(bool [T, F], 2) -> all False
    let a = tensor(Bool, Vals::I(&[1, 0]));
    let r = run_s(eq::eq_scalar_out, &a, Scalar::Int(2), Bool).unwrap();
    assert_eq!(bools(&r), [false, false]);
    // bitwise: torch.bitwise_and(int8 [5, -1], 300) -> [4, 44]
    let a = tensor(Char, Vals::I(&[5, -1]));
    let r = run_s(
        bitwise_and::bitwise_and_scalar_out,
        &a,
        Scalar::Int(300),
        Char,
    )
    .unwrap();
    assert_eq!(r.to_logical::<i64>(), [4, 44]);
    // shifts: torch.bitwise_left_shift(int8 [1], 260) -> [16]; int8 [64] >> 258 -> [16]
    let a = tensor(Char, Vals::I(&[1]));
    let op = bitwise_left_shift::bitwise_left_shift_tensor_scalar_out;
    assert_eq!(
        run_s(op, &a, Scalar::Int(260), Char)
            .unwrap()
            .to_logical::<i64>(),
        [16]
    );
    let a = tensor(Char, Vals::I(&[64]));
    let op = bitwise_right_shift::bitwise_right_shift_tensor_scalar_out;
    assert_eq!(
        run_s(op, &a, Scalar::Int(258), Char)
            .unwrap()
            .to_logical::<i64>(),
        [16]
    );
    // torch.bitwise_left_shift(uint8 [200], -255) -> [144] (-255 -> 1)
    let a = tensor(Byte, Vals::I(&[200]));
    let op = bitwise_left_shift::bitwise_left_shift_tensor_scalar_out;
    assert_eq!(
        run_s(op, &a, Scalar::Int(-255), Byte)
            .unwrap()
            .to_logical::<i64>(),
        [144]
    );
}

#[test]
fn zero_dim_tensors_rank_below_dimensioned_ones() {
    let zd = |dt: ScalarType, v: Vals| make(dt, v, &[], &[]);
    // torch.eq(int8 [44], torch.tensor(300)) -> True: the Long zero-dim is cast to int8
    let a = tensor(Char, Vals::I(&[44, 50]));
    let r = run2(eq::eq_tensor_out, &a, &zd(Long, Vals::I(&[300])), Bool).unwrap();
    assert_eq!(bools(&r), [true, false]);
    // torch.lt(int8 [50], torch.tensor(300)) -> False
    let r = run2(lt::lt_tensor_out, &a, &zd(Long, Vals::I(&[300])), Bool).unwrap();
    assert_eq!(bools(&r), [false, false]);
    // torch.lt(int8 [100], torch.tensor(200, uint8)) -> False (200 -> -56)
    let a = tensor(Char, Vals::I(&[100]));
    let r = run2(lt::lt_tensor_out, &a, &zd(Byte, Vals::I(&[200])), Bool).unwrap();
    assert_eq!(bools(&r), [false]);
    // torch.eq(half [0.1], torch.tensor(0.1)) -> True, but with a [1] float tensor -> False
    let a = ftensor(Half, &[0.1], &[1]);
    let r = run2(eq::eq_tensor_out, &a, &ftensor(Float, &[0.1], &[]), Bool).unwrap();
    assert_eq!(bools(&r), [true]);
    let r = run2(eq::eq_tensor_out, &a, &ftensor(Float, &[0.1], &[1]), Bool).unwrap();
    assert_eq!(bools(&r), [false]);
    // a zero-dim float with an int tensor is floating: torch.lt(int32 [2], tensor(2.5)) -> True
    let a = tensor(Int, Vals::I(&[2]));
    let r = run2(lt::lt_tensor_out, &a, &ftensor(Double, &[2.5], &[]), Bool).unwrap();
    assert_eq!(bools(&r), [true]);
    // torch.eq(int64 [2**24+1], float [2**24]) -> True (compared in Float)
    let a = tensor(Long, Vals::I(&[16777217]));
    let r = run2(
        eq::eq_tensor_out,
        &a,
        &ftensor(Float, &[16777216.0], &[1]),
        Bool,
    )
    .unwrap();
    assert_eq!(bools(&r), [true]);
    // logical: int8 [1] and tensor(256) -> False (256 -> 0); int64 [256] and int8 0-dim 1 -> True
    let a = tensor(Char, Vals::I(&[1]));
    let b = zd(Long, Vals::I(&[256]));
    let r = run2(logical_and::logical_and_out, &a, &b, Bool).unwrap();
    assert_eq!(bools(&r), [false]);
    let r = run2(logical_xor::logical_xor_out, &a, &b, Bool).unwrap();
    assert_eq!(bools(&r), [true]);
    let r = run2(
        logical_and::logical_and_out,
        &tensor(Long, Vals::I(&[256])),
        &zd(Char, Vals::I(&[1])),
        Bool,
    )
    .unwrap();
    assert_eq!(bools(&r), [true]);
    // bitwise: torch.bitwise_xor(int32 [1], tensor(2**40+1)) -> int32 [0]
    let a = tensor(Int, Vals::I(&[1]));
    let b = zd(Long, Vals::I(&[(1 << 40) + 1]));
    let r = run2(bitwise_xor::bitwise_xor_tensor_out, &a, &b, Int).unwrap();
    assert_eq!(r.to_logical::<i64>(), [0]);
    // torch.bitwise_left_shift(int8 [1], tensor(10)) -> int8 [0]; with a [1] Long -> 1024
    let a = tensor(Char, Vals::I(&[1]));
    let op = bitwise_left_shift::bitwise_left_shift_tensor_out;
    let r = run2(op, &a, &zd(Long, Vals::I(&[10])), Char).unwrap();
    assert_eq!(r.to_logical::<i64>(), [0]);
    let r = run2(op, &a, &tensor(Long, Vals::I(&[10])), Long).unwrap();
    assert_eq!(r.to_logical::<i64>(), [1024]);
    // a zero-dim float makes bitwise ops floating: rejected
    let e = run2(
        bitwise_and::bitwise_and_tensor_out,
        &a,
        &ftensor(Float, &[1.0], &[]),
        Char,
    )
    .fails();
    assert_eq!((e.arg, e.kind), ("other", ErrorKind::InvalidType));
}

#[test]
fn special_values() {
    // torch: [nan, 1] vs nan: eq F F, ne T T, lt/le/gt/ge F F
    let a = ftensor(Float, &[NAN, 1.0], &[2]);
    for (op, want) in [
        ("eq", [false, false]),
        ("ne", [true, true]),
        ("lt", [false, false]),
        ("le", [false, false]),
        ("gt", [false, false]),
        ("ge", [false, false]),
    ] {
        let r = run_s(with_scalar(op), &a, Scalar::Double(NAN), Bool).unwrap();
        assert_eq!(bools(&r), want, "{op}");
    }
    // -0.0 == 0.0; inf and -inf are nonzero; nan is true in logical ops
    let a = ftensor(Double, &[-0.0, INF, NAN, -INF], &[4]);
    let b = ftensor(Double, &[0.0, -INF, 0.5, -INF], &[4]);
    assert_eq!(
        bools(&run2(eq::eq_tensor_out, &a, &b, Bool).unwrap()),
        [true, false, false, true]
    );
    assert_eq!(
        bools(&run2(ge::ge_tensor_out, &a, &b, Bool).unwrap()),
        [true, true, false, true]
    );
    let r = run2(logical_and::logical_and_out, &a, &b, Bool).unwrap();
    assert_eq!(bools(&r), [false, true, true, true]);
    let r = run1(logical_not::logical_not_out, &a, Float).unwrap();
    assert_eq!(r.to_logical::<f64>(), [1.0, 0.0, 0.0, 0.0]);
    // torch: logical_and(float [0, 1, nan, -0, .5], [1, 0, 1, 1, 2], out=float)
    let a = ftensor(Float, &[0.0, 1.0, NAN, -0.0, 0.5], &[5]);
    let b = ftensor(Float, &[1.0, 0.0, 1.0, 1.0, 2.0], &[5]);
    let r = run2(logical_and::logical_and_out, &a, &b, Float).unwrap();
    assert_eq!(r.to_logical::<f64>(), [0.0, 0.0, 1.0, 0.0, 1.0]);
    let r = run2(logical_xor::logical_xor_out, &a, &b, BFloat16).unwrap();
    assert_eq!(r.to_logical::<f64>(), [1.0, 1.0, 0.0, 1.0, 0.0]);
    // torch: eq(int32 [1, 2, 3], 2, out=float) -> [0., 1., 0.]
    let a = tensor(Int, Vals::I(&[1, 2, 3]));
    let r = run_s(eq::eq_scalar_out, &a, Scalar::Int(2), Float).unwrap();
    assert_eq!(r.to_logical::<f64>(), [0.0, 1.0, 0.0]);
}

#[test]
fn shifts_past_the_width() {
    // torch: int64 [1] << 64 -> 0; int64 [-5] >> 100 -> -1; uint8 [200] >> 9 -> 0;
    // int8 [5, -5, 1, 100] << 7 -> [-128, -128, -128, 0]; int8 [-5] >> -1 -> -1
    let l = bitwise_left_shift::bitwise_left_shift_tensor_scalar_out;
    let r = bitwise_right_shift::bitwise_right_shift_tensor_scalar_out;
    let i = |dt, v: &'static [i64]| tensor(dt, Vals::I(v));
    let go = |f: WithScalar, t: OwnedTensor, s: i64| {
        let dt = t.dtype();
        run_s(f, &t, Scalar::Int(s), dt)
            .unwrap()
            .to_logical::<i64>()
    };
    assert_eq!(go(l, i(Long, &[1, -1]), 64), [0, 0]);
    assert_eq!(go(l, i(Long, &[1, -1]), 63), [i64::MIN, i64::MIN]);
    assert_eq!(go(r, i(Long, &[-5, 5]), 100), [-1, 0]);
    assert_eq!(go(r, i(Long, &[i64::MIN, i64::MAX]), 63), [-1, 0]);
    assert_eq!(go(r, i(Byte, &[200, 255]), 9), [0, 0]);
    assert_eq!(go(r, i(Byte, &[200, 255]), 7), [1, 1]);
    assert_eq!(go(l, i(Char, &[5, -5, 1, 100]), 7), [-128, -128, -128, 0]);
    assert_eq!(go(l, i(Char, &[5, -5, 1, 100]), 8), [0, 0, 0, 0]);
    assert_eq!(go(r, i(Char, &[5, -5]), -1), [0, -1]);
    assert_eq!(go(l, i(Char, &[5, -5]), -1), [0, 0]);
    assert_eq!(
        go(l, i(Short, &[5, -5, 1, 100]), 10),
        [5120, -5120, 1024, -28672]
    );
    assert_eq!(go(l, i(Int, &[1]), 31), [i32::MIN as i64]);
    // a result rounded through the common dtype before a wider out:
    // torch: bitwise_left_shift.Tensor_out(int8 [3], int8 [7], out=int32) -> [-128]
    let op = bitwise_left_shift::bitwise_left_shift_tensor_out;
    let out = run2(op, &i(Char, &[3]), &i(Char, &[7]), Int).unwrap();
    assert_eq!(out.to_logical::<i64>(), [-128]);
    // and cast to a narrower or floating out: int32 [1000] >> 1 into int8 -> -12; 1 << 10 -> 1024.
    let out = run_s(r, &i(Int, &[1000]), Scalar::Int(1), Char).unwrap();
    assert_eq!(out.to_logical::<i64>(), [-12]);
    let out = run_s(l, &i(Int, &[1]), Scalar::Int(10), Float).unwrap();
    assert_eq!(out.to_logical::<f64>(), [1024.0]);
    // Bool: rejected alone, but a Bool tensor with an Int shift computes in Long
    let b = i(Bool, &[1, 0]);
    let e = run_s(l, &b, Scalar::Bool(true), Bool).fails();
    assert_eq!((e.arg, e.kind), ("self", ErrorKind::InvalidType));
    let e = run2(op, &b, &b, Bool).fails();
    assert_eq!((e.arg, e.kind), ("self", ErrorKind::InvalidType));
    let out = run_s(l, &b, Scalar::Int(1), Long).unwrap();
    assert_eq!(out.to_logical::<i64>(), [2, 0]);
}

#[test]
fn broadcasting() {
    let a = make(Int, Vals::I(&[1, 5]), &[2, 1], &[0, 1]);
    let b = tensor(Long, Vals::I(&[0, 5, 9]));
    let mut out = OwnedTensor::zeros(Bool, &[2, 3]).unwrap();
    lt::lt_tensor_out(
        &mut ctx(),
        &a.view(),
        &b.view(),
        &mut out.view_mut().unwrap(),
    )
    .unwrap();
    assert_eq!(bools(&out), [false, true, true, false, false, true]);
    let mut out = OwnedTensor::zeros(Long, &[2, 3]).unwrap();
    bitwise_or::bitwise_or_tensor_out(
        &mut ctx(),
        &a.view(),
        &b.view(),
        &mut out.view_mut().unwrap(),
    )
    .unwrap();
    assert_eq!(out.to_logical::<i64>(), [1, 5, 9, 5, 5, 13]);
    let mut out = OwnedTensor::zeros(Long, &[2, 3]).unwrap();
    let op = bitwise_left_shift::bitwise_left_shift_tensor_out;
    op(
        &mut ctx(),
        &a.view(),
        &b.view(),
        &mut out.view_mut().unwrap(),
    )
    .unwrap();
    assert_eq!(out.to_logical::<i64>(), [1, 32, 512, 5, 160, 2560]);
    let mut out = OwnedTensor::zeros(Float, &[2, 3]).unwrap();
    logical_xor::logical_xor_out(
        &mut ctx(),
        &b.view(),
        &a.view(),
        &mut out.view_mut().unwrap(),
    )
    .unwrap();
    assert_eq!(out.to_logical::<f64>(), [1.0, 0.0, 0.0, 1.0, 0.0, 0.0]);
    // a shape that does not broadcast
    let c = tensor(Long, Vals::I(&[0, 5]));
    for op in [
        eq::eq_tensor_out as Binary,
        bitwise_and::bitwise_and_tensor_out,
        logical_or::logical_or_out,
    ] {
        let mut out = OwnedTensor::zeros(Long, &[3]).unwrap();
        let e = op(
            &mut ctx(),
            &b.view(),
            &c.view(),
            &mut out.view_mut().unwrap(),
        )
        .fails();
        assert_eq!(
            (e.arg, e.kind),
            ("other", ErrorKind::InvalidArgument),
            "{e}"
        );
    }
}

/// One call per helper shape: (name, out dtype, call).
type Call = Box<dyn Fn(&Tensor<'_>, &mut Tensor<'_>) -> Result<()>>;
fn representatives() -> Vec<(&'static str, ScalarType, Call)> {
    let other = || ftensor(Float, &[0.25, -1.0, 2.0], &[3]);
    let iother = || tensor(Long, Vals::I(&[1, 3, 65]));
    let b = other();
    let ib = iother();
    let c = || KernelContext::serial();
    vec![
        (
            "eq.Tensor",
            Bool,
            Box::new(move |x, o| eq::eq_tensor_out(&mut c(), x, &b.view(), o)),
        ),
        (
            "le.Scalar",
            Half,
            Box::new(move |x, o| le::le_scalar_out(&mut c(), x, Scalar::Double(0.5), o)),
        ),
        ("logical_or", Int, {
            let b = other();
            Box::new(move |x, o| logical_or::logical_or_out(&mut c(), x, &b.view(), o))
        }),
        (
            "logical_not",
            Bool,
            Box::new(move |x, o| logical_not::logical_not_out(&mut c(), x, o)),
        ),
        (
            "bitwise_xor.Tensor",
            Long,
            Box::new(move |x, o| bitwise_xor::bitwise_xor_tensor_out(&mut c(), x, &ib.view(), o)),
        ),
        (
            "bitwise_and.Scalar",
            Double,
            Box::new(move |x, o| {
                bitwise_and::bitwise_and_scalar_out(&mut c(), x, Scalar::Int(6), o)
            }),
        ),
        ("bitwise_left_shift.Tensor", Long, {
            let ib = iother();
            Box::new(move |x, o| {
                bitwise_left_shift::bitwise_left_shift_tensor_out(&mut c(), x, &ib.view(), o)
            })
        }),
        (
            "bitwise_right_shift.Tensor_Scalar",
            Long,
            Box::new(move |x, o| {
                bitwise_right_shift::bitwise_right_shift_tensor_scalar_out(
                    &mut c(),
                    x,
                    Scalar::Int(1),
                    o,
                )
            }),
        ),
        (
            "bitwise_not",
            Long,
            Box::new(move |x, o| bitwise_not::bitwise_not_out(&mut c(), x, o)),
        ),
    ]
}

/// An input that suits every representative: Long values (converted to Float by the float ops).
fn rep_input(sizes: &[usize], order: &[usize]) -> OwnedTensor {
    let n: usize = sizes.iter().product();
    let v: Vec<i64> = (0..n as i64).map(|i| (i * 7919) % 23 - 11).collect();
    make(Long, Vals::I(Vec::leak(v)), sizes, order)
}

#[test]
fn resize_dynamic_static_and_capacity() {
    let x = rep_input(&[2, 3], &[0, 1]);
    for (name, out_dtype, f) in representatives() {
        let mut want = OwnedTensor::zeros(out_dtype, &[2, 3]).unwrap();
        f(&x.view(), &mut want.view_mut().unwrap()).unwrap();
        // dynamic, wrong shape within capacity: resized
        let mut out = OwnedTensor::with_capacity(out_dtype, &[1], &[0], 8)
            .unwrap()
            .dynamic();
        let (s, d) = {
            let mut v = out.view_mut().unwrap();
            f(&x.view(), &mut v).unwrap();
            (v.sizes().to_vec(), v.dim_order().to_vec())
        };
        assert_eq!(s, [2, 3], "{name}");
        out.set_layout(&s, &d);
        assert_eq!(exact(&out), exact(&want), "{name}");
        // dynamic past capacity
        let mut out = OwnedTensor::with_capacity(out_dtype, &[4], &[0], 4)
            .unwrap()
            .dynamic();
        let e = f(&x.view(), &mut out.view_mut().unwrap()).fails();
        assert_eq!((e.kind, e.arg), (ErrorKind::OutOfCapacity, "out"), "{name}");
        // static with the wrong shape
        let mut out = OwnedTensor::zeros(out_dtype, &[3, 2]).unwrap();
        let e = f(&x.view(), &mut out.view_mut().unwrap()).fails();
        assert_eq!((e.kind, e.arg), (ErrorKind::OutOfCapacity, "out"), "{name}");
    }
}

#[test]
fn dim_orders() {
    // [N, C, H, W] = [2, 4, 5, 3]: the representatives' other operand ([3]) broadcasts on W.
    let sizes = [2, 4, 5, 3];
    let contiguous = [0, 1, 2, 3];
    let cl = [0, 2, 3, 1];
    let odd = [3, 1, 0, 2];
    let x = rep_input(&sizes, &contiguous);
    for (name, out_dtype, f) in representatives() {
        let mut want = OwnedTensor::zeros(out_dtype, &sizes).unwrap();
        f(&x.view(), &mut want.view_mut().unwrap()).unwrap();
        for (xo, oo) in [
            (cl, contiguous),
            (contiguous, cl),
            (cl, cl),
            (odd, cl),
            (odd, odd),
        ] {
            let x = rep_input(&sizes, &xo);
            let mut out = OwnedTensor::with_capacity(out_dtype, &sizes, &oo, 0).unwrap();
            f(&x.view(), &mut out.view_mut().unwrap()).unwrap();
            assert_eq!(exact(&out), exact(&want), "{name} {xo:?} -> {oo:?}");
        }
    }
    // both inputs channels-last and longer than one iteration chunk
    let sizes = [2, 7, 6, 5];
    let a = rep_input(&sizes, &cl);
    let b = make(
        Long,
        Vals::I(Vec::leak((0..420).map(|i| (i * 31) % 17 - 8).collect())),
        &sizes,
        &cl,
    );
    let mut out = OwnedTensor::with_capacity(Bool, &sizes, &cl, 0).unwrap();
    gt::gt_tensor_out(
        &mut ctx(),
        &a.view(),
        &b.view(),
        &mut out.view_mut().unwrap(),
    )
    .unwrap();
    let (av, bv) = (a.to_logical::<i64>(), b.to_logical::<i64>());
    let want: Vec<bool> = av.iter().zip(&bv).map(|(x, y)| x > y).collect();
    assert_eq!(bools(&out), want);
}

#[test]
fn zero_dim_and_empty() {
    for (name, out_dtype, f) in representatives() {
        // an empty input broadcast with the [3] operand
        let x = make(Long, Vals::I(&[]), &[0, 3], &[0, 1]);
        let mut out = OwnedTensor::with_capacity(out_dtype, &[2], &[0], 0)
            .unwrap()
            .dynamic();
        let mut v = out.view_mut().unwrap();
        f(&x.view(), &mut v).unwrap();
        assert_eq!(v.sizes(), &[0, 3], "{name}");
    }
    // zero-dim with zero-dim stays zero-dim
    let zd = |v: &'static [i64]| make(Long, Vals::I(v), &[], &[]);
    let mut out = OwnedTensor::zeros(Bool, &[]).unwrap();
    ne::ne_tensor_out(
        &mut ctx(),
        &zd(&[3]).view(),
        &zd(&[4]).view(),
        &mut out.view_mut().unwrap(),
    )
    .unwrap();
    assert_eq!(bools(&out), [true]);
    let mut out = OwnedTensor::zeros(Long, &[]).unwrap();
    let op = bitwise_right_shift::bitwise_right_shift_tensor_scalar_out;
    op(
        &mut ctx(),
        &zd(&[-9]).view(),
        Scalar::Int(2),
        &mut out.view_mut().unwrap(),
    )
    .unwrap();
    assert_eq!(out.to_logical::<i64>(), [-3]);
    // zero-dim with [2] gives [2]
    let mut out = OwnedTensor::with_capacity(Bool, &[], &[], 4)
        .unwrap()
        .dynamic();
    let mut v = out.view_mut().unwrap();
    let b = tensor(Long, Vals::I(&[3, 4]));
    ge::ge_tensor_out(&mut ctx(), &zd(&[4]).view(), &b.view(), &mut v).unwrap();
    assert_eq!(v.sizes(), &[2]);
}

#[test]
fn errors_name_op_and_argument() {
    let f = ftensor(Float, &[1.0], &[1]);
    let i = tensor(Int, Vals::I(&[1]));
    // floating operands of bitwise ops, Scalars included
    let e = run2(bitwise_or::bitwise_or_tensor_out, &f, &i, Float).fails();
    assert_eq!(
        (e.op, e.arg, e.kind),
        (
            "aten::bitwise_or.Tensor_out",
            "self",
            ErrorKind::InvalidType
        )
    );
    let e = run2(bitwise_or::bitwise_or_tensor_out, &i, &f, Float).fails();
    assert_eq!((e.op, e.arg), ("aten::bitwise_or.Tensor_out", "other"));
    let e = run_s(
        bitwise_xor::bitwise_xor_scalar_out,
        &i,
        Scalar::Double(1.0),
        Float,
    )
    .fails();
    assert_eq!((e.op, e.arg), ("aten::bitwise_xor.Scalar_out", "other"));
    let op = bitwise_right_shift::bitwise_right_shift_tensor_scalar_out;
    let e = run_s(op, &f, Scalar::Int(1), Float).fails();
    assert_eq!(
        (e.op, e.arg),
        ("aten::bitwise_right_shift.Tensor_Scalar_out", "self")
    );
    let e = run1(bitwise_not::bitwise_not_out, &f, Float).fails();
    assert_eq!((e.op, e.arg), ("aten::bitwise_not.out", "self"));
    // an out the result cannot be cast to: Int into Bool
    let e = run2(bitwise_and::bitwise_and_tensor_out, &i, &i, Bool).fails();
    assert_eq!(
        (e.op, e.arg, e.kind),
        (
            "aten::bitwise_and.Tensor_out",
            "out",
            ErrorKind::InvalidType
        )
    );
    let e = run_s(
        bitwise_and::bitwise_and_scalar_out,
        &tensor(Bool, Vals::I(&[1])),
        Scalar::Int(2),
        Bool,
    )
    .fails();
    assert_eq!((e.op, e.arg), ("aten::bitwise_and.Scalar_out", "out"));
    // bitwise_not does not cast at all
    let e = run1(bitwise_not::bitwise_not_out, &i, Long).fails();
    assert_eq!((e.op, e.arg), ("aten::bitwise_not.out", "out"));
    // complex operands compare (tests/complex.rs); the orderings reject them
    if let Ok(c) = OwnedTensor::zeros(ComplexFloat, &[1]) {
        assert!(run2(eq::eq_tensor_out, &c, &f, Bool).is_ok());
        assert!(run_s(ne::ne_scalar_out, &c, Scalar::Int(1), Bool).is_ok());
        assert!(run2(logical_and::logical_and_out, &c, &f, Bool).is_ok());
        assert!(run1(logical_not::logical_not_out, &c, Bool).is_ok());
        assert!(run2(lt::lt_tensor_out, &c, &f, Bool).is_err());
        assert!(run1(bitwise_not::bitwise_not_out, &c, ComplexFloat).is_err());
        // a real result into a complex out is (x, 0)
        assert!(run2(eq::eq_tensor_out, &f, &f, ComplexFloat).is_ok());
    }
    if let Ok(u) = OwnedTensor::zeros(UInt16, &[1]) {
        assert!(run2(bitwise_and::bitwise_and_tensor_out, &u, &u, UInt16).is_err());
        assert!(run1(bitwise_not::bitwise_not_out, &u, UInt16).is_err());
        assert!(run2(lt::lt_tensor_out, &u, &u, Bool).is_err());
    }
}

#[test]
fn boxed_entries_are_registered() {
    let names: Vec<&str> = etk_portable::table::compare::TABLE
        .iter()
        .map(|e| e.name)
        .collect();
    let mut want = vec![];
    for op in [
        "eq",
        "ne",
        "ge",
        "gt",
        "le",
        "lt",
        "bitwise_and",
        "bitwise_or",
        "bitwise_xor",
    ] {
        want.push(format!("aten::{op}.Scalar_out"));
        want.push(format!("aten::{op}.Tensor_out"));
    }
    for op in ["bitwise_left_shift", "bitwise_right_shift"] {
        want.push(format!("aten::{op}.Tensor_out"));
        want.push(format!("aten::{op}.Tensor_Scalar_out"));
    }
    for op in [
        "bitwise_not",
        "logical_and",
        "logical_or",
        "logical_xor",
        "logical_not",
    ] {
        want.push(format!("aten::{op}.out"));
    }
    for w in &want {
        assert!(names.contains(&w.as_str()), "{w}");
    }
    assert_eq!(names.len(), want.len());

    let find = |n: &str| {
        etk_portable::TABLE
            .iter()
            .find(|e| e.name == n)
            .unwrap()
            .kernel
    };
    let a = tensor(Int, Vals::I(&[1, 2, 3]));
    let b = tensor(Int, Vals::I(&[3, 2, 1]));
    let mut out = OwnedTensor::zeros(Bool, &[3]).unwrap();
    {
        let mut stack = [
            EValue::Tensor(a.view()),
            EValue::Int(2),
            EValue::Tensor(out.view_mut().unwrap()),
        ];
        find("aten::le.Scalar_out")(&mut ctx(), &mut stack).unwrap();
    }
    assert_eq!(bools(&out), [true, true, false]);
    {
        let mut stack = [
            EValue::Tensor(a.view()),
            EValue::Tensor(b.view()),
            EValue::Tensor(out.view_mut().unwrap()),
        ];
        find("aten::gt.Tensor_out")(&mut ctx(), &mut stack).unwrap();
    }
    assert_eq!(bools(&out), [false, false, true]);
    let mut out = OwnedTensor::zeros(Int, &[3]).unwrap();
    {
        let mut stack = [
            EValue::Tensor(a.view()),
            EValue::Int(1),
            EValue::Tensor(out.view_mut().unwrap()),
        ];
        find("aten::bitwise_left_shift.Tensor_Scalar_out")(&mut ctx(), &mut stack).unwrap();
    }
    assert_eq!(out.to_logical::<i64>(), [2, 4, 6]);
    {
        let mut stack = [
            EValue::Tensor(a.view()),
            EValue::Tensor(out.view_mut().unwrap()),
        ];
        find("aten::bitwise_not.out")(&mut ctx(), &mut stack).unwrap();
        // a wrong argument kind is an error
        let mut stack = [EValue::Int(1), EValue::Tensor(out.view_mut().unwrap())];
        assert!(find("aten::logical_not.out")(&mut ctx(), &mut stack).is_err());
    }
    assert_eq!(out.to_logical::<i64>(), [-2, -3, -4]);
}

// ---- torch 2.13's answers (generated; see the module docs) ----

#[rustfmt::skip]
const PRED_TT: &[(&str, ScalarType, ScalarType, &str)] = &[
    ("eq", Bool, Bool, "1111001010"),
    ("eq", Bool, Byte, "1010000000"),
    ("eq", Bool, Char, "0000110000"),
    ("eq", Bool, Short, "0000110000"),
    ("eq", Bool, Int, "0000110000"),
    ("eq", Bool, Long, "0000110000"),
    ("eq", Bool, Half, "0001011000"),
    ("eq", Bool, BFloat16, "0001011000"),
    ("eq", Bool, Float, "0001011000"),
    ("eq", Bool, Double, "0001011000"),
    ("eq", Byte, Bool, "1100000000"),
    ("eq", Byte, Byte, "1001001010"),
    ("eq", Byte, Char, "0000000001"),
    ("eq", Byte, Short, "0000000001"),
    ("eq", Byte, Int, "0000000001"),
    ("eq", Byte, Long, "0000000001"),
    ("eq", Byte, Half, "0000000000"),
    ("eq", Byte, BFloat16, "0000000000"),
    ("eq", Byte, Float, "0000000000"),
    ("eq", Byte, Double, "0000000000"),
    ("eq", Char, Bool, "0000110000"),
    ("eq", Char, Byte, "0000000100"),
    ("eq", Char, Char, "1001001010"),
    ("eq", Char, Short, "0001001000"),
    ("eq", Char, Int, "0001001000"),
    ("eq", Char, Long, "0001001000"),
    ("eq", Char, Half, "0000000000"),
    ("eq", Char, BFloat16, "0000000000"),
    ("eq", Char, Float, "0000000000"),
    ("eq", Char, Double, "0000000000"),
    ("eq", Short, Bool, "0000110000"),
    ("eq", Short, Byte, "0000000100"),
    ("eq", Short, Char, "0001001000"),
    ("eq", Short, Short, "1001001010"),
    ("eq", Short, Int, "0001001000"),
    ("eq", Short, Long, "0001001000"),
    ("eq", Short, Half, "0000000000"),
    ("eq", Short, BFloat16, "0000000000"),
    ("eq", Short, Float, "0000000000"),
    ("eq", Short, Double, "0000000000"),
    ("eq", Int, Bool, "0000110000"),
    ("eq", Int, Byte, "0000000100"),
    ("eq", Int, Char, "0001001000"),
    ("eq", Int, Short, "0001001000"),
    ("eq", Int, Int, "1001001010"),
    ("eq", Int, Long, "0001001000"),
    ("eq", Int, Half, "0100000000"),
    ("eq", Int, BFloat16, "0000000000"),
    ("eq", Int, Float, "0000000000"),
    ("eq", Int, Double, "0000000000"),
    ("eq", Long, Bool, "0000110000"),
    ("eq", Long, Byte, "0000000100"),
    ("eq", Long, Char, "0001001000"),
    ("eq", Long, Short, "0001001000"),
    ("eq", Long, Int, "0001001000"),
    ("eq", Long, Long, "1001001010"),
    ("eq", Long, Half, "0100000000"),
    ("eq", Long, BFloat16, "0000000000"),
    ("eq", Long, Float, "0000000000"),
    ("eq", Long, Double, "0000000000"),
    ("eq", Half, Bool, "0001101000"),
    ("eq", Half, Byte, "0000000000"),
    ("eq", Half, Char, "0000000000"),
    ("eq", Half, Short, "0000000000"),
    ("eq", Half, Int, "0010000000"),
    ("eq", Half, Long, "0010000000"),
    ("eq", Half, Half, "0001001010"),
    ("eq", Half, BFloat16, "0001001010"),
    ("eq", Half, Float, "0001001010"),
    ("eq", Half, Double, "0001001010"),
    ("eq", BFloat16, Bool, "0001101000"),
    ("eq", BFloat16, Byte, "0000000000"),
    ("eq", BFloat16, Char, "0000000000"),
    ("eq", BFloat16, Short, "0000000000"),
    ("eq", BFloat16, Int, "0000000000"),
    ("eq", BFloat16, Long, "0000000000"),
    ("eq", BFloat16, Half, "0001001010"),
    ("eq", BFloat16, BFloat16, "0001001010"),
    ("eq", BFloat16, Float, "0001001010"),
    ("eq", BFloat16, Double, "0001001010"),
    ("eq", Float, Bool, "0001101000"),
    ("eq", Float, Byte, "0000000000"),
    ("eq", Float, Char, "0000000000"),
    ("eq", Float, Short, "0000000000"),
    ("eq", Float, Int, "0000000000"),
    ("eq", Float, Long, "0000000000"),
    ("eq", Float, Half, "0001001010"),
    ("eq", Float, BFloat16, "0001001010"),
    ("eq", Float, Float, "0001001010"),
    ("eq", Float, Double, "0001001010"),
    ("eq", Double, Bool, "0001101000"),
    ("eq", Double, Byte, "0000000000"),
    ("eq", Double, Char, "0000000000"),
    ("eq", Double, Short, "0000000000"),
    ("eq", Double, Int, "0000000000"),
    ("eq", Double, Long, "0000000000"),
    ("eq", Double, Half, "0001001010"),
    ("eq", Double, BFloat16, "0001001010"),
    ("eq", Double, Float, "0001001010"),
    ("eq", Double, Double, "0001001010"),
    ("ne", Bool, Bool, "0000110101"),
    ("ne", Bool, Byte, "0101111111"),
    ("ne", Bool, Char, "1111001111"),
    ("ne", Bool, Short, "1111001111"),
    ("ne", Bool, Int, "1111001111"),
    ("ne", Bool, Long, "1111001111"),
    ("ne", Bool, Half, "1110100111"),
    ("ne", Bool, BFloat16, "1110100111"),
    ("ne", Bool, Float, "1110100111"),
    ("ne", Bool, Double, "1110100111"),
    ("ne", Byte, Bool, "0011111111"),
    ("ne", Byte, Byte, "0110110101"),
    ("ne", Byte, Char, "1111111110"),
    ("ne", Byte, Short, "1111111110"),
    ("ne", Byte, Int, "1111111110"),
    ("ne", Byte, Long, "1111111110"),
    ("ne", Byte, Half, "1111111111"),
    ("ne", Byte, BFloat16, "1111111111"),
    ("ne", Byte, Float, "1111111111"),
    ("ne", Byte, Double, "1111111111"),
    ("ne", Char, Bool, "1111001111"),
    ("ne", Char, Byte, "1111111011"),
    ("ne", Char, Char, "0110110101"),
    ("ne", Char, Short, "1110110111"),
    ("ne", Char, Int, "1110110111"),
    ("ne", Char, Long, "1110110111"),
    ("ne", Char, Half, "1111111111"),
    ("ne", Char, BFloat16, "1111111111"),
    ("ne", Char, Float, "1111111111"),
    ("ne", Char, Double, "1111111111"),
    ("ne", Short, Bool, "1111001111"),
    ("ne", Short, Byte, "1111111011"),
    ("ne", Short, Char, "1110110111"),
    ("ne", Short, Short, "0110110101"),
    ("ne", Short, Int, "1110110111"),
    ("ne", Short, Long, "1110110111"),
    ("ne", Short, Half, "1111111111"),
    ("ne", Short, BFloat16, "1111111111"),
    ("ne", Short, Float, "1111111111"),
    ("ne", Short, Double, "1111111111"),
    ("ne", Int, Bool, "1111001111"),
    ("ne", Int, Byte, "1111111011"),
    ("ne", Int, Char, "1110110111"),
    ("ne", Int, Short, "1110110111"),
    ("ne", Int, Int, "0110110101"),
    ("ne", Int, Long, "1110110111"),
    ("ne", Int, Half, "1011111111"),
    ("ne", Int, BFloat16, "1111111111"),
    ("ne", Int, Float, "1111111111"),
    ("ne", Int, Double, "1111111111"),
    ("ne", Long, Bool, "1111001111"),
    ("ne", Long, Byte, "1111111011"),
    ("ne", Long, Char, "1110110111"),
    ("ne", Long, Short, "1110110111"),
    ("ne", Long, Int, "1110110111"),
    ("ne", Long, Long, "0110110101"),
    ("ne", Long, Half, "1011111111"),
    ("ne", Long, BFloat16, "1111111111"),
    ("ne", Long, Float, "1111111111"),
    ("ne", Long, Double, "1111111111"),
    ("ne", Half, Bool, "1110010111"),
    ("ne", Half, Byte, "1111111111"),
    ("ne", Half, Char, "1111111111"),
    ("ne", Half, Short, "1111111111"),
    ("ne", Half, Int, "1101111111"),
    ("ne", Half, Long, "1101111111"),
    ("ne", Half, Half, "1110110101"),
    ("ne", Half, BFloat16, "1110110101"),
    ("ne", Half, Float, "1110110101"),
    ("ne", Half, Double, "1110110101"),
    ("ne", BFloat16, Bool, "1110010111"),
    ("ne", BFloat16, Byte, "1111111111"),
    ("ne", BFloat16, Char, "1111111111"),
    ("ne", BFloat16, Short, "1111111111"),
    ("ne", BFloat16, Int, "1111111111"),
    ("ne", BFloat16, Long, "1111111111"),
    ("ne", BFloat16, Half, "1110110101"),
    ("ne", BFloat16, BFloat16, "1110110101"),
    ("ne", BFloat16, Float, "1110110101"),
    ("ne", BFloat16, Double, "1110110101"),
    ("ne", Float, Bool, "1110010111"),
    ("ne", Float, Byte, "1111111111"),
    ("ne", Float, Char, "1111111111"),
    ("ne", Float, Short, "1111111111"),
    ("ne", Float, Int, "1111111111"),
    ("ne", Float, Long, "1111111111"),
    ("ne", Float, Half, "1110110101"),
    ("ne", Float, BFloat16, "1110110101"),
    ("ne", Float, Float, "1110110101"),
    ("ne", Float, Double, "1110110101"),
    ("ne", Double, Bool, "1110010111"),
    ("ne", Double, Byte, "1111111111"),
    ("ne", Double, Char, "1111111111"),
    ("ne", Double, Short, "1111111111"),
    ("ne", Double, Int, "1111111111"),
    ("ne", Double, Long, "1111111111"),
    ("ne", Double, Half, "1110110101"),
    ("ne", Double, BFloat16, "1110110101"),
    ("ne", Double, Float, "1110110101"),
    ("ne", Double, Double, "1110110101"),
    ("ge", Bool, Bool, "1111101110"),
    ("ge", Bool, Byte, "1010000000"),
    ("ge", Bool, Char, "1111110000"),
    ("ge", Bool, Short, "1111110000"),
    ("ge", Bool, Int, "1111110000"),
    ("ge", Bool, Long, "1111110000"),
    ("ge", Bool, Half, "0101111010"),
    ("ge", Bool, BFloat16, "0101111010"),
    ("ge", Bool, Float, "0101111010"),
    ("ge", Bool, Double, "0101111010"),
    ("ge", Byte, Bool, "1111111111"),
    ("ge", Byte, Byte, "1011011110"),
    ("ge", Byte, Char, "1111111111"),
    ("ge", Byte, Short, "1111111001"),
    ("ge", Byte, Int, "1111111001"),
    ("ge", Byte, Long, "1111111001"),
    ("ge", Byte, Half, "0101111111"),
    ("ge", Byte, BFloat16, "0101111111"),
    ("ge", Byte, Float, "0101111111"),
    ("ge", Byte, Double, "0101111111"),
    ("ge", Char, Bool, "0000111111"),
    ("ge", Char, Byte, "0000000100"),
    ("ge", Char, Char, "1011011011"),
    ("ge", Char, Short, "1011011001"),
    ("ge", Char, Int, "1011011001"),
    ("ge", Char, Long, "1011011001"),
    ("ge", Char, Half, "0100011011"),
    ("ge", Char, BFloat16, "0100011011"),
    ("ge", Char, Float, "0100011011"),
    ("ge", Char, Double, "0100011011"),
    ("ge", Short, Bool, "0000111111"),
    ("ge", Short, Byte, "0000000111"),
    ("ge", Short, Char, "0011011011"),
    ("ge", Short, Short, "1011011011"),
    ("ge", Short, Int, "1011011001"),
    ("ge", Short, Long, "1011011001"),
    ("ge", Short, Half, "0100011011"),
    ("ge", Short, BFloat16, "0100011011"),
    ("ge", Short, Float, "0100011011"),
    ("ge", Short, Double, "0100011011"),
    ("ge", Int, Bool, "0000111111"),
    ("ge", Int, Byte, "0000000111"),
    ("ge", Int, Char, "0011011011"),
    ("ge", Int, Short, "0011011011"),
    ("ge", Int, Int, "1011011011"),
    ("ge", Int, Long, "1011011001"),
    ("ge", Int, Half, "0100011011"),
    ("ge", Int, BFloat16, "0100011011"),
    ("ge", Int, Float, "0100011011"),
    ("ge", Int, Double, "0100011011"),
    ("ge", Long, Bool, "0000111111"),
    ("ge", Long, Byte, "0000000111"),
    ("ge", Long, Char, "0011011011"),
    ("ge", Long, Short, "0011011011"),
    ("ge", Long, Int, "0011011011"),
    ("ge", Long, Long, "1011011011"),
    ("ge", Long, Half, "0100011011"),
    ("ge", Long, BFloat16, "0100011011"),
    ("ge", Long, Float, "0100011011"),
    ("ge", Long, Double, "0100011011"),
    ("ge", Half, Bool, "0101101101"),
    ("ge", Half, Byte, "0100000000"),
    ("ge", Half, Char, "0101010001"),
    ("ge", Half, Short, "0101010001"),
    ("ge", Half, Int, "0111010001"),
    ("ge", Half, Long, "0111010001"),
    ("ge", Half, Half, "0101011011"),
    ("ge", Half, BFloat16, "0101011011"),
    ("ge", Half, Float, "0101011011"),
    ("ge", Half, Double, "0101011011"),
    ("ge", BFloat16, Bool, "0101101101"),
    ("ge", BFloat16, Byte, "0100000000"),
    ("ge", BFloat16, Char, "0101010001"),
    ("ge", BFloat16, Short, "0101010001"),
    ("ge", BFloat16, Int, "0101010001"),
    ("ge", BFloat16, Long, "0101010001"),
    ("ge", BFloat16, Half, "0101011011"),
    ("ge", BFloat16, BFloat16, "0101011011"),
    ("ge", BFloat16, Float, "0101011011"),
    ("ge", BFloat16, Double, "0101011011"),
    ("ge", Float, Bool, "0101101101"),
    ("ge", Float, Byte, "0100000000"),
    ("ge", Float, Char, "0101010001"),
    ("ge", Float, Short, "0101010001"),
    ("ge", Float, Int, "0101010001"),
    ("ge", Float, Long, "0101010001"),
    ("ge", Float, Half, "0101011011"),
    ("ge", Float, BFloat16, "0101011011"),
    ("ge", Float, Float, "0101011011"),
    ("ge", Float, Double, "0101011011"),
    ("ge", Double, Bool, "0101101101"),
    ("ge", Double, Byte, "0100000000"),
    ("ge", Double, Char, "0101010001"),
    ("ge", Double, Short, "0101010001"),
    ("ge", Double, Int, "0101010001"),
    ("ge", Double, Long, "0101010001"),
    ("ge", Double, Half, "0101011011"),
    ("ge", Double, BFloat16, "0101011011"),
    ("ge", Double, Float, "0101011011"),
    ("ge", Double, Double, "0101011011"),
    ("gt", Bool, Bool, "0000100100"),
    ("gt", Bool, Byte, "0000000000"),
    ("gt", Bool, Char, "1111000000"),
    ("gt", Bool, Short, "1111000000"),
    ("gt", Bool, Int, "1111000000"),
    ("gt", Bool, Long, "1111000000"),
    ("gt", Bool, Half, "0100100010"),
    ("gt", Bool, BFloat16, "0100100010"),
    ("gt", Bool, Float, "0100100010"),
    ("gt", Bool, Double, "0100100010"),
    ("gt", Byte, Bool, "0011111111"),
    ("gt", Byte, Byte, "0010010100"),
    ("gt", Byte, Char, "1111111110"),
    ("gt", Byte, Short, "1111111000"),
    ("gt", Byte, Int, "1111111000"),
    ("gt", Byte, Long, "1111111000"),
    ("gt", Byte, Half, "0101111111"),
    ("gt", Byte, BFloat16, "0101111111"),
    ("gt", Byte, Float, "0101111111"),
    ("gt", Byte, Double, "0101111111"),
    ("gt", Char, Bool, "0000001111"),
    ("gt", Char, Byte, "0000000000"),
    ("gt", Char, Char, "0010010001"),
    ("gt", Char, Short, "1010010001"),
    ("gt", Char, Int, "1010010001"),
    ("gt", Char, Long, "1010010001"),
    ("gt", Char, Half, "0100011011"),
    ("gt", Char, BFloat16, "0100011011"),
    ("gt", Char, Float, "0100011011"),
    ("gt", Char, Double, "0100011011"),
    ("gt", Short, Bool, "0000001111"),
    ("gt", Short, Byte, "0000000011"),
    ("gt", Short, Char, "0010010011"),
    ("gt", Short, Short, "0010010001"),
    ("gt", Short, Int, "1010010001"),
    ("gt", Short, Long, "1010010001"),
    ("gt", Short, Half, "0100011011"),
    ("gt", Short, BFloat16, "0100011011"),
    ("gt", Short, Float, "0100011011"),
    ("gt", Short, Double, "0100011011"),
    ("gt", Int, Bool, "0000001111"),
    ("gt", Int, Byte, "0000000011"),
    ("gt", Int, Char, "0010010011"),
    ("gt", Int, Short, "0010010011"),
    ("gt", Int, Int, "0010010001"),
    ("gt", Int, Long, "1010010001"),
    ("gt", Int, Half, "0000011011"),
    ("gt", Int, BFloat16, "0100011011"),
    ("gt", Int, Float, "0100011011"),
    ("gt", Int, Double, "0100011011"),
    ("gt", Long, Bool, "0000001111"),
    ("gt", Long, Byte, "0000000011"),
    ("gt", Long, Char, "0010010011"),
    ("gt", Long, Short, "0010010011"),
    ("gt", Long, Int, "0010010011"),
    ("gt", Long, Long, "0010010001"),
    ("gt", Long, Half, "0000011011"),
    ("gt", Long, BFloat16, "0100011011"),
    ("gt", Long, Float, "0100011011"),
    ("gt", Long, Double, "0100011011"),
    ("gt", Half, Bool, "0100000101"),
    ("gt", Half, Byte, "0100000000"),
    ("gt", Half, Char, "0101010001"),
    ("gt", Half, Short, "0101010001"),
    ("gt", Half, Int, "0101010001"),
    ("gt", Half, Long, "0101010001"),
    ("gt", Half, Half, "0100010001"),
    ("gt", Half, BFloat16, "0100010001"),
    ("gt", Half, Float, "0100010001"),
    ("gt", Half, Double, "0100010001"),
    ("gt", BFloat16, Bool, "0100000101"),
    ("gt", BFloat16, Byte, "0100000000"),
    ("gt", BFloat16, Char, "0101010001"),
    ("gt", BFloat16, Short, "0101010001"),
    ("gt", BFloat16, Int, "0101010001"),
    ("gt", BFloat16, Long, "0101010001"),
    ("gt", BFloat16, Half, "0100010001"),
    ("gt", BFloat16, BFloat16, "0100010001"),
    ("gt", BFloat16, Float, "0100010001"),
    ("gt", BFloat16, Double, "0100010001"),
    ("gt", Float, Bool, "0100000101"),
    ("gt", Float, Byte, "0100000000"),
    ("gt", Float, Char, "0101010001"),
    ("gt", Float, Short, "0101010001"),
    ("gt", Float, Int, "0101010001"),
    ("gt", Float, Long, "0101010001"),
    ("gt", Float, Half, "0100010001"),
    ("gt", Float, BFloat16, "0100010001"),
    ("gt", Float, Float, "0100010001"),
    ("gt", Float, Double, "0100010001"),
    ("gt", Double, Bool, "0100000101"),
    ("gt", Double, Byte, "0100000000"),
    ("gt", Double, Char, "0101010001"),
    ("gt", Double, Short, "0101010001"),
    ("gt", Double, Int, "0101010001"),
    ("gt", Double, Long, "0101010001"),
    ("gt", Double, Half, "0100010001"),
    ("gt", Double, BFloat16, "0100010001"),
    ("gt", Double, Float, "0100010001"),
    ("gt", Double, Double, "0100010001"),
    ("le", Bool, Bool, "1111011011"),
    ("le", Bool, Byte, "1111111111"),
    ("le", Bool, Char, "0000111111"),
    ("le", Bool, Short, "0000111111"),
    ("le", Bool, Int, "0000111111"),
    ("le", Bool, Long, "0000111111"),
    ("le", Bool, Half, "0011011101"),
    ("le", Bool, BFloat16, "0011011101"),
    ("le", Bool, Float, "0011011101"),
    ("le", Bool, Double, "0011011101"),
    ("le", Byte, Bool, "1100000000"),
    ("le", Byte, Byte, "1101101011"),
    ("le", Byte, Char, "0000000001"),
    ("le", Byte, Short, "0000000111"),
    ("le", Byte, Int, "0000000111"),
    ("le", Byte, Long, "0000000111"),
    ("le", Byte, Half, "0010000000"),
    ("le", Byte, BFloat16, "0010000000"),
    ("le", Byte, Float, "0010000000"),
    ("le", Byte, Double, "0010000000"),
    ("le", Char, Bool, "1111110000"),
    ("le", Char, Byte, "1111111111"),
    ("le", Char, Char, "1101101110"),
    ("le", Char, Short, "0101101110"),
    ("le", Char, Int, "0101101110"),
    ("le", Char, Long, "0101101110"),
    ("le", Char, Half, "0011100100"),
    ("le", Char, BFloat16, "0011100100"),
    ("le", Char, Float, "0011100100"),
    ("le", Char, Double, "0011100100"),
    ("le", Short, Bool, "1111110000"),
    ("le", Short, Byte, "1111111100"),
    ("le", Short, Char, "1101101100"),
    ("le", Short, Short, "1101101110"),
    ("le", Short, Int, "0101101110"),
    ("le", Short, Long, "0101101110"),
    ("le", Short, Half, "0011100100"),
    ("le", Short, BFloat16, "0011100100"),
    ("le", Short, Float, "0011100100"),
    ("le", Short, Double, "0011100100"),
    ("le", Int, Bool, "1111110000"),
    ("le", Int, Byte, "1111111100"),
    ("le", Int, Char, "1101101100"),
    ("le", Int, Short, "1101101100"),
    ("le", Int, Int, "1101101110"),
    ("le", Int, Long, "0101101110"),
    ("le", Int, Half, "0111100100"),
    ("le", Int, BFloat16, "0011100100"),
    ("le", Int, Float, "0011100100"),
    ("le", Int, Double, "0011100100"),
    ("le", Long, Bool, "1111110000"),
    ("le", Long, Byte, "1111111100"),
    ("le", Long, Char, "1101101100"),
    ("le", Long, Short, "1101101100"),
    ("le", Long, Int, "1101101100"),
    ("le", Long, Long, "1101101110"),
    ("le", Long, Half, "0111100100"),
    ("le", Long, BFloat16, "0011100100"),
    ("le", Long, Float, "0011100100"),
    ("le", Long, Double, "0011100100"),
    ("le", Half, Bool, "0011111010"),
    ("le", Half, Byte, "0011111111"),
    ("le", Half, Char, "0010101110"),
    ("le", Half, Short, "0010101110"),
    ("le", Half, Int, "0010101110"),
    ("le", Half, Long, "0010101110"),
    ("le", Half, Half, "0011101110"),
    ("le", Half, BFloat16, "0011101110"),
    ("le", Half, Float, "0011101110"),
    ("le", Half, Double, "0011101110"),
    ("le", BFloat16, Bool, "0011111010"),
    ("le", BFloat16, Byte, "0011111111"),
    ("le", BFloat16, Char, "0010101110"),
    ("le", BFloat16, Short, "0010101110"),
    ("le", BFloat16, Int, "0010101110"),
    ("le", BFloat16, Long, "0010101110"),
    ("le", BFloat16, Half, "0011101110"),
    ("le", BFloat16, BFloat16, "0011101110"),
    ("le", BFloat16, Float, "0011101110"),
    ("le", BFloat16, Double, "0011101110"),
    ("le", Float, Bool, "0011111010"),
    ("le", Float, Byte, "0011111111"),
    ("le", Float, Char, "0010101110"),
    ("le", Float, Short, "0010101110"),
    ("le", Float, Int, "0010101110"),
    ("le", Float, Long, "0010101110"),
    ("le", Float, Half, "0011101110"),
    ("le", Float, BFloat16, "0011101110"),
    ("le", Float, Float, "0011101110"),
    ("le", Float, Double, "0011101110"),
    ("le", Double, Bool, "0011111010"),
    ("le", Double, Byte, "0011111111"),
    ("le", Double, Char, "0010101110"),
    ("le", Double, Short, "0010101110"),
    ("le", Double, Int, "0010101110"),
    ("le", Double, Long, "0010101110"),
    ("le", Double, Half, "0011101110"),
    ("le", Double, BFloat16, "0011101110"),
    ("le", Double, Float, "0011101110"),
    ("le", Double, Double, "0011101110"),
    ("lt", Bool, Bool, "0000010001"),
    ("lt", Bool, Byte, "0101111111"),
    ("lt", Bool, Char, "0000001111"),
    ("lt", Bool, Short, "0000001111"),
    ("lt", Bool, Int, "0000001111"),
    ("lt", Bool, Long, "0000001111"),
    ("lt", Bool, Half, "0010000101"),
    ("lt", Bool, BFloat16, "0010000101"),
    ("lt", Bool, Float, "0010000101"),
    ("lt", Bool, Double, "0010000101"),
    ("lt", Byte, Bool, "0000000000"),
    ("lt", Byte, Byte, "0100100001"),
    ("lt", Byte, Char, "0000000000"),
    ("lt", Byte, Short, "0000000110"),
    ("lt", Byte, Int, "0000000110"),
    ("lt", Byte, Long, "0000000110"),
    ("lt", Byte, Half, "0010000000"),
    ("lt", Byte, BFloat16, "0010000000"),
    ("lt", Byte, Float, "0010000000"),
    ("lt", Byte, Double, "0010000000"),
    ("lt", Char, Bool, "1111000000"),
    ("lt", Char, Byte, "1111111011"),
    ("lt", Char, Char, "0100100100"),
    ("lt", Char, Short, "0100100110"),
    ("lt", Char, Int, "0100100110"),
    ("lt", Char, Long, "0100100110"),
    ("lt", Char, Half, "0011100100"),
    ("lt", Char, BFloat16, "0011100100"),
    ("lt", Char, Float, "0011100100"),
    ("lt", Char, Double, "0011100100"),
    ("lt", Short, Bool, "1111000000"),
    ("lt", Short, Byte, "1111111000"),
    ("lt", Short, Char, "1100100100"),
    ("lt", Short, Short, "0100100100"),
    ("lt", Short, Int, "0100100110"),
    ("lt", Short, Long, "0100100110"),
    ("lt", Short, Half, "0011100100"),
    ("lt", Short, BFloat16, "0011100100"),
    ("lt", Short, Float, "0011100100"),
    ("lt", Short, Double, "0011100100"),
    ("lt", Int, Bool, "1111000000"),
    ("lt", Int, Byte, "1111111000"),
    ("lt", Int, Char, "1100100100"),
    ("lt", Int, Short, "1100100100"),
    ("lt", Int, Int, "0100100100"),
    ("lt", Int, Long, "0100100110"),
    ("lt", Int, Half, "0011100100"),
    ("lt", Int, BFloat16, "0011100100"),
    ("lt", Int, Float, "0011100100"),
    ("lt", Int, Double, "0011100100"),
    ("lt", Long, Bool, "1111000000"),
    ("lt", Long, Byte, "1111111000"),
    ("lt", Long, Char, "1100100100"),
    ("lt", Long, Short, "1100100100"),
    ("lt", Long, Int, "1100100100"),
    ("lt", Long, Long, "0100100100"),
    ("lt", Long, Half, "0011100100"),
    ("lt", Long, BFloat16, "0011100100"),
    ("lt", Long, Float, "0011100100"),
    ("lt", Long, Double, "0011100100"),
    ("lt", Half, Bool, "0010010010"),
    ("lt", Half, Byte, "0011111111"),
    ("lt", Half, Char, "0010101110"),
    ("lt", Half, Short, "0010101110"),
    ("lt", Half, Int, "0000101110"),
    ("lt", Half, Long, "0000101110"),
    ("lt", Half, Half, "0010100100"),
    ("lt", Half, BFloat16, "0010100100"),
    ("lt", Half, Float, "0010100100"),
    ("lt", Half, Double, "0010100100"),
    ("lt", BFloat16, Bool, "0010010010"),
    ("lt", BFloat16, Byte, "0011111111"),
    ("lt", BFloat16, Char, "0010101110"),
    ("lt", BFloat16, Short, "0010101110"),
    ("lt", BFloat16, Int, "0010101110"),
    ("lt", BFloat16, Long, "0010101110"),
    ("lt", BFloat16, Half, "0010100100"),
    ("lt", BFloat16, BFloat16, "0010100100"),
    ("lt", BFloat16, Float, "0010100100"),
    ("lt", BFloat16, Double, "0010100100"),
    ("lt", Float, Bool, "0010010010"),
    ("lt", Float, Byte, "0011111111"),
    ("lt", Float, Char, "0010101110"),
    ("lt", Float, Short, "0010101110"),
    ("lt", Float, Int, "0010101110"),
    ("lt", Float, Long, "0010101110"),
    ("lt", Float, Half, "0010100100"),
    ("lt", Float, BFloat16, "0010100100"),
    ("lt", Float, Float, "0010100100"),
    ("lt", Float, Double, "0010100100"),
    ("lt", Double, Bool, "0010010010"),
    ("lt", Double, Byte, "0011111111"),
    ("lt", Double, Char, "0010101110"),
    ("lt", Double, Short, "0010101110"),
    ("lt", Double, Int, "0010101110"),
    ("lt", Double, Long, "0010101110"),
    ("lt", Double, Half, "0010100100"),
    ("lt", Double, BFloat16, "0010100100"),
    ("lt", Double, Float, "0010100100"),
    ("lt", Double, Double, "0010100100"),
    ("logical_and", Bool, Bool, "0110001000"),
    ("logical_and", Bool, Byte, "0110101100"),
    ("logical_and", Bool, Char, "0110101100"),
    ("logical_and", Bool, Short, "0110101100"),
    ("logical_and", Bool, Int, "0110101100"),
    ("logical_and", Bool, Long, "0110101100"),
    ("logical_and", Bool, Half, "0110101100"),
    ("logical_and", Bool, BFloat16, "0110101100"),
    ("logical_and", Bool, Float, "0110101100"),
    ("logical_and", Bool, Double, "0110101100"),
    ("logical_and", Byte, Bool, "0110011001"),
    ("logical_and", Byte, Byte, "0111111111"),
    ("logical_and", Byte, Char, "0111101111"),
    ("logical_and", Byte, Short, "0111101111"),
    ("logical_and", Byte, Int, "0111101111"),
    ("logical_and", Byte, Long, "0111101111"),
    ("logical_and", Byte, Half, "0110101111"),
    ("logical_and", Byte, BFloat16, "0110101111"),
    ("logical_and", Byte, Float, "0110101111"),
    ("logical_and", Byte, Double, "0110101111"),
    ("logical_and", Char, Bool, "0110011001"),
    ("logical_and", Char, Byte, "0111011111"),
    ("logical_and", Char, Char, "1111001111"),
    ("logical_and", Char, Short, "1111001111"),
    ("logical_and", Char, Int, "1111001111"),
    ("logical_and", Char, Long, "1111001111"),
    ("logical_and", Char, Half, "1110001111"),
    ("logical_and", Char, BFloat16, "1110001111"),
    ("logical_and", Char, Float, "1110001111"),
    ("logical_and", Char, Double, "1110001111"),
    ("logical_and", Short, Bool, "0110011001"),
    ("logical_and", Short, Byte, "0111011111"),
    ("logical_and", Short, Char, "1111001111"),
    ("logical_and", Short, Short, "1111001111"),
    ("logical_and", Short, Int, "1111001111"),
    ("logical_and", Short, Long, "1111001111"),
    ("logical_and", Short, Half, "1110001111"),
    ("logical_and", Short, BFloat16, "1110001111"),
    ("logical_and", Short, Float, "1110001111"),
    ("logical_and", Short, Double, "1110001111"),
    ("logical_and", Int, Bool, "0110011001"),
    ("logical_and", Int, Byte, "0111011111"),
    ("logical_and", Int, Char, "1111001111"),
    ("logical_and", Int, Short, "1111001111"),
    ("logical_and", Int, Int, "1111001111"),
    ("logical_and", Int, Long, "1111001111"),
    ("logical_and", Int, Half, "1110001111"),
    ("logical_and", Int, BFloat16, "1110001111"),
    ("logical_and", Int, Float, "1110001111"),
    ("logical_and", Int, Double, "1110001111"),
    ("logical_and", Long, Bool, "0110011001"),
    ("logical_and", Long, Byte, "0111011111"),
    ("logical_and", Long, Char, "1111001111"),
    ("logical_and", Long, Short, "1111001111"),
    ("logical_and", Long, Int, "1111001111"),
    ("logical_and", Long, Long, "1111001111"),
    ("logical_and", Long, Half, "1110001111"),
    ("logical_and", Long, BFloat16, "1110001111"),
    ("logical_and", Long, Float, "1110001111"),
    ("logical_and", Long, Double, "1110001111"),
    ("logical_and", Half, Bool, "0110011001"),
    ("logical_and", Half, Byte, "0110011111"),
    ("logical_and", Half, Char, "1110001111"),
    ("logical_and", Half, Short, "1110001111"),
    ("logical_and", Half, Int, "1110001111"),
    ("logical_and", Half, Long, "1110001111"),
    ("logical_and", Half, Half, "1110001111"),
    ("logical_and", Half, BFloat16, "1110001111"),
    ("logical_and", Half, Float, "1110001111"),
    ("logical_and", Half, Double, "1110001111"),
    ("logical_and", BFloat16, Bool, "0110011001"),
    ("logical_and", BFloat16, Byte, "0110011111"),
    ("logical_and", BFloat16, Char, "1110001111"),
    ("logical_and", BFloat16, Short, "1110001111"),
    ("logical_and", BFloat16, Int, "1110001111"),
    ("logical_and", BFloat16, Long, "1110001111"),
    ("logical_and", BFloat16, Half, "1110001111"),
    ("logical_and", BFloat16, BFloat16, "1110001111"),
    ("logical_and", BFloat16, Float, "1110001111"),
    ("logical_and", BFloat16, Double, "1110001111"),
    ("logical_and", Float, Bool, "0110011001"),
    ("logical_and", Float, Byte, "0110011111"),
    ("logical_and", Float, Char, "1110001111"),
    ("logical_and", Float, Short, "1110001111"),
    ("logical_and", Float, Int, "1110001111"),
    ("logical_and", Float, Long, "1110001111"),
    ("logical_and", Float, Half, "1110001111"),
    ("logical_and", Float, BFloat16, "1110001111"),
    ("logical_and", Float, Float, "1110001111"),
    ("logical_and", Float, Double, "1110001111"),
    ("logical_and", Double, Bool, "0110011001"),
    ("logical_and", Double, Byte, "0110011111"),
    ("logical_and", Double, Char, "1110001111"),
    ("logical_and", Double, Short, "1110001111"),
    ("logical_and", Double, Int, "1110001111"),
    ("logical_and", Double, Long, "1110001111"),
    ("logical_and", Double, Half, "1110001111"),
    ("logical_and", Double, BFloat16, "1110001111"),
    ("logical_and", Double, Float, "1110001111"),
    ("logical_and", Double, Double, "1110001111"),
    ("logical_or", Bool, Bool, "0110111101"),
    ("logical_or", Bool, Byte, "0111111111"),
    ("logical_or", Bool, Char, "1111101111"),
    ("logical_or", Bool, Short, "1111101111"),
    ("logical_or", Bool, Int, "1111101111"),
    ("logical_or", Bool, Long, "1111101111"),
    ("logical_or", Bool, Half, "1110101111"),
    ("logical_or", Bool, BFloat16, "1110101111"),
    ("logical_or", Bool, Float, "1110101111"),
    ("logical_or", Bool, Double, "1110101111"),
    ("logical_or", Byte, Bool, "0111111111"),
    ("logical_or", Byte, Byte, "0111111111"),
    ("logical_or", Byte, Char, "1111111111"),
    ("logical_or", Byte, Short, "1111111111"),
    ("logical_or", Byte, Int, "1111111111"),
    ("logical_or", Byte, Long, "1111111111"),
    ("logical_or", Byte, Half, "1111111111"),
    ("logical_or", Byte, BFloat16, "1111111111"),
    ("logical_or", Byte, Float, "1111111111"),
    ("logical_or", Byte, Double, "1111111111"),
    ("logical_or", Char, Bool, "1111011111"),
    ("logical_or", Char, Byte, "1111111111"),
    ("logical_or", Char, Char, "1111111111"),
    ("logical_or", Char, Short, "1111111111"),
    ("logical_or", Char, Int, "1111111111"),
    ("logical_or", Char, Long, "1111111111"),
    ("logical_or", Char, Half, "1111111111"),
    ("logical_or", Char, BFloat16, "1111111111"),
    ("logical_or", Char, Float, "1111111111"),
    ("logical_or", Char, Double, "1111111111"),
    ("logical_or", Short, Bool, "1111011111"),
    ("logical_or", Short, Byte, "1111111111"),
    ("logical_or", Short, Char, "1111111111"),
    ("logical_or", Short, Short, "1111111111"),
    ("logical_or", Short, Int, "1111111111"),
    ("logical_or", Short, Long, "1111111111"),
    ("logical_or", Short, Half, "1111111111"),
    ("logical_or", Short, BFloat16, "1111111111"),
    ("logical_or", Short, Float, "1111111111"),
    ("logical_or", Short, Double, "1111111111"),
    ("logical_or", Int, Bool, "1111011111"),
    ("logical_or", Int, Byte, "1111111111"),
    ("logical_or", Int, Char, "1111111111"),
    ("logical_or", Int, Short, "1111111111"),
    ("logical_or", Int, Int, "1111111111"),
    ("logical_or", Int, Long, "1111111111"),
    ("logical_or", Int, Half, "1111111111"),
    ("logical_or", Int, BFloat16, "1111111111"),
    ("logical_or", Int, Float, "1111111111"),
    ("logical_or", Int, Double, "1111111111"),
    ("logical_or", Long, Bool, "1111011111"),
    ("logical_or", Long, Byte, "1111111111"),
    ("logical_or", Long, Char, "1111111111"),
    ("logical_or", Long, Short, "1111111111"),
    ("logical_or", Long, Int, "1111111111"),
    ("logical_or", Long, Long, "1111111111"),
    ("logical_or", Long, Half, "1111111111"),
    ("logical_or", Long, BFloat16, "1111111111"),
    ("logical_or", Long, Float, "1111111111"),
    ("logical_or", Long, Double, "1111111111"),
    ("logical_or", Half, Bool, "1110011111"),
    ("logical_or", Half, Byte, "1111111111"),
    ("logical_or", Half, Char, "1111111111"),
    ("logical_or", Half, Short, "1111111111"),
    ("logical_or", Half, Int, "1111111111"),
    ("logical_or", Half, Long, "1111111111"),
    ("logical_or", Half, Half, "1110111111"),
    ("logical_or", Half, BFloat16, "1110111111"),
    ("logical_or", Half, Float, "1110111111"),
    ("logical_or", Half, Double, "1110111111"),
    ("logical_or", BFloat16, Bool, "1110011111"),
    ("logical_or", BFloat16, Byte, "1111111111"),
    ("logical_or", BFloat16, Char, "1111111111"),
    ("logical_or", BFloat16, Short, "1111111111"),
    ("logical_or", BFloat16, Int, "1111111111"),
    ("logical_or", BFloat16, Long, "1111111111"),
    ("logical_or", BFloat16, Half, "1110111111"),
    ("logical_or", BFloat16, BFloat16, "1110111111"),
    ("logical_or", BFloat16, Float, "1110111111"),
    ("logical_or", BFloat16, Double, "1110111111"),
    ("logical_or", Float, Bool, "1110011111"),
    ("logical_or", Float, Byte, "1111111111"),
    ("logical_or", Float, Char, "1111111111"),
    ("logical_or", Float, Short, "1111111111"),
    ("logical_or", Float, Int, "1111111111"),
    ("logical_or", Float, Long, "1111111111"),
    ("logical_or", Float, Half, "1110111111"),
    ("logical_or", Float, BFloat16, "1110111111"),
    ("logical_or", Float, Float, "1110111111"),
    ("logical_or", Float, Double, "1110111111"),
    ("logical_or", Double, Bool, "1110011111"),
    ("logical_or", Double, Byte, "1111111111"),
    ("logical_or", Double, Char, "1111111111"),
    ("logical_or", Double, Short, "1111111111"),
    ("logical_or", Double, Int, "1111111111"),
    ("logical_or", Double, Long, "1111111111"),
    ("logical_or", Double, Half, "1110111111"),
    ("logical_or", Double, BFloat16, "1110111111"),
    ("logical_or", Double, Float, "1110111111"),
    ("logical_or", Double, Double, "1110111111"),
    ("logical_xor", Bool, Bool, "0000110101"),
    ("logical_xor", Bool, Byte, "0001010011"),
    ("logical_xor", Bool, Char, "1001000011"),
    ("logical_xor", Bool, Short, "1001000011"),
    ("logical_xor", Bool, Int, "1001000011"),
    ("logical_xor", Bool, Long, "1001000011"),
    ("logical_xor", Bool, Half, "1000000011"),
    ("logical_xor", Bool, BFloat16, "1000000011"),
    ("logical_xor", Bool, Float, "1000000011"),
    ("logical_xor", Bool, Double, "1000000011"),
    ("logical_xor", Byte, Bool, "0001100110"),
    ("logical_xor", Byte, Byte, "0000000000"),
    ("logical_xor", Byte, Char, "1000010000"),
    ("logical_xor", Byte, Short, "1000010000"),
    ("logical_xor", Byte, Int, "1000010000"),
    ("logical_xor", Byte, Long, "1000010000"),
    ("logical_xor", Byte, Half, "1001010000"),
    ("logical_xor", Byte, BFloat16, "1001010000"),
    ("logical_xor", Byte, Float, "1001010000"),
    ("logical_xor", Byte, Double, "1001010000"),
    ("logical_xor", Char, Bool, "1001000110"),
    ("logical_xor", Char, Byte, "1000100000"),
    ("logical_xor", Char, Char, "0000110000"),
    ("logical_xor", Char, Short, "0000110000"),
    ("logical_xor", Char, Int, "0000110000"),
    ("logical_xor", Char, Long, "0000110000"),
    ("logical_xor", Char, Half, "0001110000"),
    ("logical_xor", Char, BFloat16, "0001110000"),
    ("logical_xor", Char, Float, "0001110000"),
    ("logical_xor", Char, Double, "0001110000"),
    ("logical_xor", Short, Bool, "1001000110"),
    ("logical_xor", Short, Byte, "1000100000"),
    ("logical_xor", Short, Char, "0000110000"),
    ("logical_xor", Short, Short, "0000110000"),
    ("logical_xor", Short, Int, "0000110000"),
    ("logical_xor", Short, Long, "0000110000"),
    ("logical_xor", Short, Half, "0001110000"),
    ("logical_xor", Short, BFloat16, "0001110000"),
    ("logical_xor", Short, Float, "0001110000"),
    ("logical_xor", Short, Double, "0001110000"),
    ("logical_xor", Int, Bool, "1001000110"),
    ("logical_xor", Int, Byte, "1000100000"),
    ("logical_xor", Int, Char, "0000110000"),
    ("logical_xor", Int, Short, "0000110000"),
    ("logical_xor", Int, Int, "0000110000"),
    ("logical_xor", Int, Long, "0000110000"),
    ("logical_xor", Int, Half, "0001110000"),
    ("logical_xor", Int, BFloat16, "0001110000"),
    ("logical_xor", Int, Float, "0001110000"),
    ("logical_xor", Int, Double, "0001110000"),
    ("logical_xor", Long, Bool, "1001000110"),
    ("logical_xor", Long, Byte, "1000100000"),
    ("logical_xor", Long, Char, "0000110000"),
    ("logical_xor", Long, Short, "0000110000"),
    ("logical_xor", Long, Int, "0000110000"),
    ("logical_xor", Long, Long, "0000110000"),
    ("logical_xor", Long, Half, "0001110000"),
    ("logical_xor", Long, BFloat16, "0001110000"),
    ("logical_xor", Long, Float, "0001110000"),
    ("logical_xor", Long, Double, "0001110000"),
    ("logical_xor", Half, Bool, "1000000110"),
    ("logical_xor", Half, Byte, "1001100000"),
    ("logical_xor", Half, Char, "0001110000"),
    ("logical_xor", Half, Short, "0001110000"),
    ("logical_xor", Half, Int, "0001110000"),
    ("logical_xor", Half, Long, "0001110000"),
    ("logical_xor", Half, Half, "0000110000"),
    ("logical_xor", Half, BFloat16, "0000110000"),
    ("logical_xor", Half, Float, "0000110000"),
    ("logical_xor", Half, Double, "0000110000"),
    ("logical_xor", BFloat16, Bool, "1000000110"),
    ("logical_xor", BFloat16, Byte, "1001100000"),
    ("logical_xor", BFloat16, Char, "0001110000"),
    ("logical_xor", BFloat16, Short, "0001110000"),
    ("logical_xor", BFloat16, Int, "0001110000"),
    ("logical_xor", BFloat16, Long, "0001110000"),
    ("logical_xor", BFloat16, Half, "0000110000"),
    ("logical_xor", BFloat16, BFloat16, "0000110000"),
    ("logical_xor", BFloat16, Float, "0000110000"),
    ("logical_xor", BFloat16, Double, "0000110000"),
    ("logical_xor", Float, Bool, "1000000110"),
    ("logical_xor", Float, Byte, "1001100000"),
    ("logical_xor", Float, Char, "0001110000"),
    ("logical_xor", Float, Short, "0001110000"),
    ("logical_xor", Float, Int, "0001110000"),
    ("logical_xor", Float, Long, "0001110000"),
    ("logical_xor", Float, Half, "0000110000"),
    ("logical_xor", Float, BFloat16, "0000110000"),
    ("logical_xor", Float, Float, "0000110000"),
    ("logical_xor", Float, Double, "0000110000"),
    ("logical_xor", Double, Bool, "1000000110"),
    ("logical_xor", Double, Byte, "1001100000"),
    ("logical_xor", Double, Char, "0001110000"),
    ("logical_xor", Double, Short, "0001110000"),
    ("logical_xor", Double, Int, "0001110000"),
    ("logical_xor", Double, Long, "0001110000"),
    ("logical_xor", Double, Half, "0000110000"),
    ("logical_xor", Double, BFloat16, "0000110000"),
    ("logical_xor", Double, Float, "0000110000"),
    ("logical_xor", Double, Double, "0000110000"),
];
#[rustfmt::skip]
const PRED_TS: &[(&str, ScalarType, usize, &str)] = &[
    ("eq", Bool, 0, "0110101100"),
    ("eq", Bool, 1, "0000000000"),
    ("eq", Bool, 2, "0000000000"),
    ("eq", Bool, 3, "0000000000"),
    ("eq", Bool, 4, "0000000000"),
    ("eq", Bool, 5, "0000000000"),
    ("eq", Bool, 6, "0000000000"),
    ("eq", Bool, 7, "0000000000"),
    ("eq", Bool, 8, "0000000000"),
    ("eq", Bool, 9, "1001010011"),
    ("eq", Byte, 0, "0100000000"),
    ("eq", Byte, 1, "0010000000"),
    ("eq", Byte, 2, "0000000000"),
    ("eq", Byte, 3, "0000000010"),
    ("eq", Byte, 4, "0100000000"),
    ("eq", Byte, 5, "0000000000"),
    ("eq", Byte, 6, "0000000000"),
    ("eq", Byte, 7, "0000000000"),
    ("eq", Byte, 8, "0000000000"),
    ("eq", Byte, 9, "1000000000"),
    ("eq", Char, 0, "0000010000"),
    ("eq", Char, 1, "0000001000"),
    ("eq", Char, 2, "0000000000"),
    ("eq", Char, 3, "0001000000"),
    ("eq", Char, 4, "0000010000"),
    ("eq", Char, 5, "0000000000"),
    ("eq", Char, 6, "0000000000"),
    ("eq", Char, 7, "0000000000"),
    ("eq", Char, 8, "0000000000"),
    ("eq", Char, 9, "0000100000"),
    ("eq", Short, 0, "0000010000"),
    ("eq", Short, 1, "0000001000"),
    ("eq", Short, 2, "0000000010"),
    ("eq", Short, 3, "0001000000"),
    ("eq", Short, 4, "0000010000"),
    ("eq", Short, 5, "0000000000"),
    ("eq", Short, 6, "0000000000"),
    ("eq", Short, 7, "0000000000"),
    ("eq", Short, 8, "0000000000"),
    ("eq", Short, 9, "0000100000"),
    ("eq", Int, 0, "0000010000"),
    ("eq", Int, 1, "0000001000"),
    ("eq", Int, 2, "0000000000"),
    ("eq", Int, 3, "0001000000"),
    ("eq", Int, 4, "0000010000"),
    ("eq", Int, 5, "0000000000"),
    ("eq", Int, 6, "0000000000"),
    ("eq", Int, 7, "0000000000"),
    ("eq", Int, 8, "0000000000"),
    ("eq", Int, 9, "0000100000"),
    ("eq", Long, 0, "0000010000"),
    ("eq", Long, 1, "0000001000"),
    ("eq", Long, 2, "0000000000"),
    ("eq", Long, 3, "0001000000"),
    ("eq", Long, 4, "0000000010"),
    ("eq", Long, 5, "0000000000"),
    ("eq", Long, 6, "0000000000"),
    ("eq", Long, 7, "0000000000"),
    ("eq", Long, 8, "0000000000"),
    ("eq", Long, 9, "0000100000"),
    ("eq", Half, 0, "0000001000"),
    ("eq", Half, 1, "0000000000"),
    ("eq", Half, 2, "0000000000"),
    ("eq", Half, 3, "0000000010"),
    ("eq", Half, 4, "0100000000"),
    ("eq", Half, 5, "0000010000"),
    ("eq", Half, 6, "0000000000"),
    ("eq", Half, 7, "0000000000"),
    ("eq", Half, 8, "0100000000"),
    ("eq", Half, 9, "0001100000"),
    ("eq", BFloat16, 0, "0000001000"),
    ("eq", BFloat16, 1, "0000000000"),
    ("eq", BFloat16, 2, "0000000000"),
    ("eq", BFloat16, 3, "0000000010"),
    ("eq", BFloat16, 4, "0000000000"),
    ("eq", BFloat16, 5, "0000010000"),
    ("eq", BFloat16, 6, "0000000000"),
    ("eq", BFloat16, 7, "0000000000"),
    ("eq", BFloat16, 8, "0000000000"),
    ("eq", BFloat16, 9, "0001100000"),
    ("eq", Float, 0, "0000001000"),
    ("eq", Float, 1, "0000000000"),
    ("eq", Float, 2, "0000000000"),
    ("eq", Float, 3, "0000000010"),
    ("eq", Float, 4, "0000000000"),
    ("eq", Float, 5, "0000010000"),
    ("eq", Float, 6, "0000000000"),
    ("eq", Float, 7, "0000000000"),
    ("eq", Float, 8, "0000000000"),
    ("eq", Float, 9, "0001100000"),
    ("eq", Double, 0, "0000001000"),
    ("eq", Double, 1, "0000000000"),
    ("eq", Double, 2, "0000000000"),
    ("eq", Double, 3, "0000000010"),
    ("eq", Double, 4, "0000000000"),
    ("eq", Double, 5, "0000010000"),
    ("eq", Double, 6, "0000000000"),
    ("eq", Double, 7, "0000000000"),
    ("eq", Double, 8, "0000000000"),
    ("eq", Double, 9, "0001100000"),
    ("ne", Bool, 0, "1001010011"),
    ("ne", Bool, 1, "1111111111"),
    ("ne", Bool, 2, "1111111111"),
    ("ne", Bool, 3, "1111111111"),
    ("ne", Bool, 4, "1111111111"),
    ("ne", Bool, 5, "1111111111"),
    ("ne", Bool, 6, "1111111111"),
    ("ne", Bool, 7, "1111111111"),
    ("ne", Bool, 8, "1111111111"),
    ("ne", Bool, 9, "0110101100"),
    ("ne", Byte, 0, "1011111111"),
    ("ne", Byte, 1, "1101111111"),
    ("ne", Byte, 2, "1111111111"),
    ("ne", Byte, 3, "1111111101"),
    ("ne", Byte, 4, "1011111111"),
    ("ne", Byte, 5, "1111111111"),
    ("ne", Byte, 6, "1111111111"),
    ("ne", Byte, 7, "1111111111"),
    ("ne", Byte, 8, "1111111111"),
    ("ne", Byte, 9, "0111111111"),
    ("ne", Char, 0, "1111101111"),
    ("ne", Char, 1, "1111110111"),
    ("ne", Char, 2, "1111111111"),
    ("ne", Char, 3, "1110111111"),
    ("ne", Char, 4, "1111101111"),
    ("ne", Char, 5, "1111111111"),
    ("ne", Char, 6, "1111111111"),
    ("ne", Char, 7, "1111111111"),
    ("ne", Char, 8, "1111111111"),
    ("ne", Char, 9, "1111011111"),
    ("ne", Short, 0, "1111101111"),
    ("ne", Short, 1, "1111110111"),
    ("ne", Short, 2, "1111111101"),
    ("ne", Short, 3, "1110111111"),
    ("ne", Short, 4, "1111101111"),
    ("ne", Short, 5, "1111111111"),
    ("ne", Short, 6, "1111111111"),
    ("ne", Short, 7, "1111111111"),
    ("ne", Short, 8, "1111111111"),
    ("ne", Short, 9, "1111011111"),
    ("ne", Int, 0, "1111101111"),
    ("ne", Int, 1, "1111110111"),
    ("ne", Int, 2, "1111111111"),
    ("ne", Int, 3, "1110111111"),
    ("ne", Int, 4, "1111101111"),
    ("ne", Int, 5, "1111111111"),
    ("ne", Int, 6, "1111111111"),
    ("ne", Int, 7, "1111111111"),
    ("ne", Int, 8, "1111111111"),
    ("ne", Int, 9, "1111011111"),
    ("ne", Long, 0, "1111101111"),
    ("ne", Long, 1, "1111110111"),
    ("ne", Long, 2, "1111111111"),
    ("ne", Long, 3, "1110111111"),
    ("ne", Long, 4, "1111111101"),
    ("ne", Long, 5, "1111111111"),
    ("ne", Long, 6, "1111111111"),
    ("ne", Long, 7, "1111111111"),
    ("ne", Long, 8, "1111111111"),
    ("ne", Long, 9, "1111011111"),
    ("ne", Half, 0, "1111110111"),
    ("ne", Half, 1, "1111111111"),
    ("ne", Half, 2, "1111111111"),
    ("ne", Half, 3, "1111111101"),
    ("ne", Half, 4, "1011111111"),
    ("ne", Half, 5, "1111101111"),
    ("ne", Half, 6, "1111111111"),
    ("ne", Half, 7, "1111111111"),
    ("ne", Half, 8, "1011111111"),
    ("ne", Half, 9, "1110011111"),
    ("ne", BFloat16, 0, "1111110111"),
    ("ne", BFloat16, 1, "1111111111"),
    ("ne", BFloat16, 2, "1111111111"),
    ("ne", BFloat16, 3, "1111111101"),
    ("ne", BFloat16, 4, "1111111111"),
    ("ne", BFloat16, 5, "1111101111"),
    ("ne", BFloat16, 6, "1111111111"),
    ("ne", BFloat16, 7, "1111111111"),
    ("ne", BFloat16, 8, "1111111111"),
    ("ne", BFloat16, 9, "1110011111"),
    ("ne", Float, 0, "1111110111"),
    ("ne", Float, 1, "1111111111"),
    ("ne", Float, 2, "1111111111"),
    ("ne", Float, 3, "1111111101"),
    ("ne", Float, 4, "1111111111"),
    ("ne", Float, 5, "1111101111"),
    ("ne", Float, 6, "1111111111"),
    ("ne", Float, 7, "1111111111"),
    ("ne", Float, 8, "1111111111"),
    ("ne", Float, 9, "1110011111"),
    ("ne", Double, 0, "1111110111"),
    ("ne", Double, 1, "1111111111"),
    ("ne", Double, 2, "1111111111"),
    ("ne", Double, 3, "1111111101"),
    ("ne", Double, 4, "1111111111"),
    ("ne", Double, 5, "1111101111"),
    ("ne", Double, 6, "1111111111"),
    ("ne", Double, 7, "1111111111"),
    ("ne", Double, 8, "1111111111"),
    ("ne", Double, 9, "1110011111"),
    ("ge", Bool, 0, "0110101100"),
    ("ge", Bool, 1, "0000000000"),
    ("ge", Bool, 2, "0000000000"),
    ("ge", Bool, 3, "1111111111"),
    ("ge", Bool, 4, "0000000000"),
    ("ge", Bool, 5, "0110101100"),
    ("ge", Bool, 6, "0000000000"),
    ("ge", Bool, 7, "0110101100"),
    ("ge", Bool, 8, "0000000000"),
    ("ge", Bool, 9, "1111111111"),
    ("ge", Byte, 0, "0111111111"),
    ("ge", Byte, 1, "0011111111"),
    ("ge", Byte, 2, "0000111110"),
    ("ge", Byte, 3, "0000000010"),
    ("ge", Byte, 4, "0111111111"),
    ("ge", Byte, 5, "0111111111"),
    ("ge", Byte, 6, "0000000000"),
    ("ge", Byte, 7, "0111111111"),
    ("ge", Byte, 8, "0000000000"),
    ("ge", Byte, 9, "1111111111"),
    ("ge", Char, 0, "0000011111"),
    ("ge", Char, 1, "0000001111"),
    ("ge", Char, 2, "0000000011"),
    ("ge", Char, 3, "0001111111"),
    ("ge", Char, 4, "0000011111"),
    ("ge", Char, 5, "0000011111"),
    ("ge", Char, 6, "0000000000"),
    ("ge", Char, 7, "0000011111"),
    ("ge", Char, 8, "0000000000"),
    ("ge", Char, 9, "0000111111"),
    ("ge", Short, 0, "0000011111"),
    ("ge", Short, 1, "0000001111"),
    ("ge", Short, 2, "0000000011"),
    ("ge", Short, 3, "0001111111"),
    ("ge", Short, 4, "0000011111"),
    ("ge", Short, 5, "0000011111"),
    ("ge", Short, 6, "0000000000"),
    ("ge", Short, 7, "0000011111"),
    ("ge", Short, 8, "0000000000"),
    ("ge", Short, 9, "0000111111"),
    ("ge", Int, 0, "0000011111"),
    ("ge", Int, 1, "0000001111"),
    ("ge", Int, 2, "0000000011"),
    ("ge", Int, 3, "0001111111"),
    ("ge", Int, 4, "0000011111"),
    ("ge", Int, 5, "0000011111"),
    ("ge", Int, 6, "0000000000"),
    ("ge", Int, 7, "0000011111"),
    ("ge", Int, 8, "0000000000"),
    ("ge", Int, 9, "0000111111"),
    ("ge", Long, 0, "0000011111"),
    ("ge", Long, 1, "0000001111"),
    ("ge", Long, 2, "0000000011"),
    ("ge", Long, 3, "0001111111"),
    ("ge", Long, 4, "0000000011"),
    ("ge", Long, 5, "0000011111"),
    ("ge", Long, 6, "0000000000"),
    ("ge", Long, 7, "0000011111"),
    ("ge", Long, 8, "0000000011"),
    ("ge", Long, 9, "0000111111"),
    ("ge", Half, 0, "0100001101"),
    ("ge", Half, 1, "0100000101"),
    ("ge", Half, 2, "0100000000"),
    ("ge", Half, 3, "0101111111"),
    ("ge", Half, 4, "0100000000"),
    ("ge", Half, 5, "0100011101"),
    ("ge", Half, 6, "0000000000"),
    ("ge", Half, 7, "0100011101"),
    ("ge", Half, 8, "0100000000"),
    ("ge", Half, 9, "0101111101"),
    ("ge", BFloat16, 0, "0100001101"),
    ("ge", BFloat16, 1, "0100000101"),
    ("ge", BFloat16, 2, "0100000000"),
    ("ge", BFloat16, 3, "0101111111"),
    ("ge", BFloat16, 4, "0100000000"),
    ("ge", BFloat16, 5, "0100011101"),
    ("ge", BFloat16, 6, "0000000000"),
    ("ge", BFloat16, 7, "0100011101"),
    ("ge", BFloat16, 8, "0100000000"),
    ("ge", BFloat16, 9, "0101111101"),
    ("ge", Float, 0, "0100001101"),
    ("ge", Float, 1, "0100000101"),
    ("ge", Float, 2, "0100000000"),
    ("ge", Float, 3, "0101111111"),
    ("ge", Float, 4, "0100000000"),
    ("ge", Float, 5, "0100011101"),
    ("ge", Float, 6, "0000000000"),
    ("ge", Float, 7, "0100011101"),
    ("ge", Float, 8, "0100000000"),
    ("ge", Float, 9, "0101111101"),
    ("ge", Double, 0, "0100001101"),
    ("ge", Double, 1, "0100000101"),
    ("ge", Double, 2, "0100000000"),
    ("ge", Double, 3, "0101111111"),
    ("ge", Double, 4, "0100000000"),
    ("ge", Double, 5, "0100011101"),
    ("ge", Double, 6, "0000000000"),
    ("ge", Double, 7, "0100011101"),
    ("ge", Double, 8, "0100000000"),
    ("ge", Double, 9, "0101111101"),
    ("gt", Bool, 0, "0000000000"),
    ("gt", Bool, 1, "0000000000"),
    ("gt", Bool, 2, "0000000000"),
    ("gt", Bool, 3, "1111111111"),
    ("gt", Bool, 4, "0000000000"),
    ("gt", Bool, 5, "0110101100"),
    ("gt", Bool, 6, "0000000000"),
    ("gt", Bool, 7, "0110101100"),
    ("gt", Bool, 8, "0000000000"),
    ("gt", Bool, 9, "0110101100"),
    ("gt", Byte, 0, "0011111111"),
    ("gt", Byte, 1, "0001111111"),
    ("gt", Byte, 2, "0000111110"),
    ("gt", Byte, 3, "0000000000"),
    ("gt", Byte, 4, "0011111111"),
    ("gt", Byte, 5, "0111111111"),
    ("gt", Byte, 6, "0000000000"),
    ("gt", Byte, 7, "0111111111"),
    ("gt", Byte, 8, "0000000000"),
    ("gt", Byte, 9, "0111111111"),
    ("gt", Char, 0, "0000001111"),
    ("gt", Char, 1, "0000000111"),
    ("gt", Char, 2, "0000000011"),
    ("gt", Char, 3, "0000111111"),
    ("gt", Char, 4, "0000001111"),
    ("gt", Char, 5, "0000011111"),
    ("gt", Char, 6, "0000000000"),
    ("gt", Char, 7, "0000011111"),
    ("gt", Char, 8, "0000000000"),
    ("gt", Char, 9, "0000011111"),
    ("gt", Short, 0, "0000001111"),
    ("gt", Short, 1, "0000000111"),
    ("gt", Short, 2, "0000000001"),
    ("gt", Short, 3, "0000111111"),
    ("gt", Short, 4, "0000001111"),
    ("gt", Short, 5, "0000011111"),
    ("gt", Short, 6, "0000000000"),
    ("gt", Short, 7, "0000011111"),
    ("gt", Short, 8, "0000000000"),
    ("gt", Short, 9, "0000011111"),
    ("gt", Int, 0, "0000001111"),
    ("gt", Int, 1, "0000000111"),
    ("gt", Int, 2, "0000000011"),
    ("gt", Int, 3, "0000111111"),
    ("gt", Int, 4, "0000001111"),
    ("gt", Int, 5, "0000011111"),
    ("gt", Int, 6, "0000000000"),
    ("gt", Int, 7, "0000011111"),
    ("gt", Int, 8, "0000000000"),
    ("gt", Int, 9, "0000011111"),
    ("gt", Long, 0, "0000001111"),
    ("gt", Long, 1, "0000000111"),
    ("gt", Long, 2, "0000000011"),
    ("gt", Long, 3, "0000111111"),
    ("gt", Long, 4, "0000000001"),
    ("gt", Long, 5, "0000011111"),
    ("gt", Long, 6, "0000000000"),
    ("gt", Long, 7, "0000011111"),
    ("gt", Long, 8, "0000000011"),
    ("gt", Long, 9, "0000011111"),
    ("gt", Half, 0, "0100000101"),
    ("gt", Half, 1, "0100000101"),
    ("gt", Half, 2, "0100000000"),
    ("gt", Half, 3, "0101111101"),
    ("gt", Half, 4, "0000000000"),
    ("gt", Half, 5, "0100001101"),
    ("gt", Half, 6, "0000000000"),
    ("gt", Half, 7, "0100011101"),
    ("gt", Half, 8, "0000000000"),
    ("gt", Half, 9, "0100011101"),
    ("gt", BFloat16, 0, "0100000101"),
    ("gt", BFloat16, 1, "0100000101"),
    ("gt", BFloat16, 2, "0100000000"),
    ("gt", BFloat16, 3, "0101111101"),
    ("gt", BFloat16, 4, "0100000000"),
    ("gt", BFloat16, 5, "0100001101"),
    ("gt", BFloat16, 6, "0000000000"),
    ("gt", BFloat16, 7, "0100011101"),
    ("gt", BFloat16, 8, "0100000000"),
    ("gt", BFloat16, 9, "0100011101"),
    ("gt", Float, 0, "0100000101"),
    ("gt", Float, 1, "0100000101"),
    ("gt", Float, 2, "0100000000"),
    ("gt", Float, 3, "0101111101"),
    ("gt", Float, 4, "0100000000"),
    ("gt", Float, 5, "0100001101"),
    ("gt", Float, 6, "0000000000"),
    ("gt", Float, 7, "0100011101"),
    ("gt", Float, 8, "0100000000"),
    ("gt", Float, 9, "0100011101"),
    ("gt", Double, 0, "0100000101"),
    ("gt", Double, 1, "0100000101"),
    ("gt", Double, 2, "0100000000"),
    ("gt", Double, 3, "0101111101"),
    ("gt", Double, 4, "0100000000"),
    ("gt", Double, 5, "0100001101"),
    ("gt", Double, 6, "0000000000"),
    ("gt", Double, 7, "0100011101"),
    ("gt", Double, 8, "0100000000"),
    ("gt", Double, 9, "0100011101"),
    ("le", Bool, 0, "1111111111"),
    ("le", Bool, 1, "1111111111"),
    ("le", Bool, 2, "1111111111"),
    ("le", Bool, 3, "0000000000"),
    ("le", Bool, 4, "1111111111"),
    ("le", Bool, 5, "1001010011"),
    ("le", Bool, 6, "0000000000"),
    ("le", Bool, 7, "1001010011"),
    ("le", Bool, 8, "1111111111"),
    ("le", Bool, 9, "1001010011"),
    ("le", Byte, 0, "1100000000"),
    ("le", Byte, 1, "1110000000"),
    ("le", Byte, 2, "1111000001"),
    ("le", Byte, 3, "1111111111"),
    ("le", Byte, 4, "1100000000"),
    ("le", Byte, 5, "1000000000"),
    ("le", Byte, 6, "0000000000"),
    ("le", Byte, 7, "1000000000"),
    ("le", Byte, 8, "1111111111"),
    ("le", Byte, 9, "1000000000"),
    ("le", Char, 0, "1111110000"),
    ("le", Char, 1, "1111111000"),
    ("le", Char, 2, "1111111100"),
    ("le", Char, 3, "1111000000"),
    ("le", Char, 4, "1111110000"),
    ("le", Char, 5, "1111100000"),
    ("le", Char, 6, "0000000000"),
    ("le", Char, 7, "1111100000"),
    ("le", Char, 8, "1111111111"),
    ("le", Char, 9, "1111100000"),
    ("le", Short, 0, "1111110000"),
    ("le", Short, 1, "1111111000"),
    ("le", Short, 2, "1111111110"),
    ("le", Short, 3, "1111000000"),
    ("le", Short, 4, "1111110000"),
    ("le", Short, 5, "1111100000"),
    ("le", Short, 6, "0000000000"),
    ("le", Short, 7, "1111100000"),
    ("le", Short, 8, "1111111111"),
    ("le", Short, 9, "1111100000"),
    ("le", Int, 0, "1111110000"),
    ("le", Int, 1, "1111111000"),
    ("le", Int, 2, "1111111100"),
    ("le", Int, 3, "1111000000"),
    ("le", Int, 4, "1111110000"),
    ("le", Int, 5, "1111100000"),
    ("le", Int, 6, "0000000000"),
    ("le", Int, 7, "1111100000"),
    ("le", Int, 8, "1111111111"),
    ("le", Int, 9, "1111100000"),
    ("le", Long, 0, "1111110000"),
    ("le", Long, 1, "1111111000"),
    ("le", Long, 2, "1111111100"),
    ("le", Long, 3, "1111000000"),
    ("le", Long, 4, "1111111110"),
    ("le", Long, 5, "1111100000"),
    ("le", Long, 6, "0000000000"),
    ("le", Long, 7, "1111100000"),
    ("le", Long, 8, "1111111100"),
    ("le", Long, 9, "1111100000"),
    ("le", Half, 0, "0011111010"),
    ("le", Half, 1, "0011111010"),
    ("le", Half, 2, "0011111111"),
    ("le", Half, 3, "0010000010"),
    ("le", Half, 4, "0111111111"),
    ("le", Half, 5, "0011110010"),
    ("le", Half, 6, "0000000000"),
    ("le", Half, 7, "0011100010"),
    ("le", Half, 8, "0111111111"),
    ("le", Half, 9, "0011100010"),
    ("le", BFloat16, 0, "0011111010"),
    ("le", BFloat16, 1, "0011111010"),
    ("le", BFloat16, 2, "0011111111"),
    ("le", BFloat16, 3, "0010000010"),
    ("le", BFloat16, 4, "0011111111"),
    ("le", BFloat16, 5, "0011110010"),
    ("le", BFloat16, 6, "0000000000"),
    ("le", BFloat16, 7, "0011100010"),
    ("le", BFloat16, 8, "0011111111"),
    ("le", BFloat16, 9, "0011100010"),
    ("le", Float, 0, "0011111010"),
    ("le", Float, 1, "0011111010"),
    ("le", Float, 2, "0011111111"),
    ("le", Float, 3, "0010000010"),
    ("le", Float, 4, "0011111111"),
    ("le", Float, 5, "0011110010"),
    ("le", Float, 6, "0000000000"),
    ("le", Float, 7, "0011100010"),
    ("le", Float, 8, "0011111111"),
    ("le", Float, 9, "0011100010"),
    ("le", Double, 0, "0011111010"),
    ("le", Double, 1, "0011111010"),
    ("le", Double, 2, "0011111111"),
    ("le", Double, 3, "0010000010"),
    ("le", Double, 4, "0011111111"),
    ("le", Double, 5, "0011110010"),
    ("le", Double, 6, "0000000000"),
    ("le", Double, 7, "0011100010"),
    ("le", Double, 8, "0011111111"),
    ("le", Double, 9, "0011100010"),
    ("lt", Bool, 0, "1001010011"),
    ("lt", Bool, 1, "1111111111"),
    ("lt", Bool, 2, "1111111111"),
    ("lt", Bool, 3, "0000000000"),
    ("lt", Bool, 4, "1111111111"),
    ("lt", Bool, 5, "1001010011"),
    ("lt", Bool, 6, "0000000000"),
    ("lt", Bool, 7, "1001010011"),
    ("lt", Bool, 8, "1111111111"),
    ("lt", Bool, 9, "0000000000"),
    ("lt", Byte, 0, "1000000000"),
    ("lt", Byte, 1, "1100000000"),
    ("lt", Byte, 2, "1111000001"),
    ("lt", Byte, 3, "1111111101"),
    ("lt", Byte, 4, "1000000000"),
    ("lt", Byte, 5, "1000000000"),
    ("lt", Byte, 6, "0000000000"),
    ("lt", Byte, 7, "1000000000"),
    ("lt", Byte, 8, "1111111111"),
    ("lt", Byte, 9, "0000000000"),
    ("lt", Char, 0, "1111100000"),
    ("lt", Char, 1, "1111110000"),
    ("lt", Char, 2, "1111111100"),
    ("lt", Char, 3, "1110000000"),
    ("lt", Char, 4, "1111100000"),
    ("lt", Char, 5, "1111100000"),
    ("lt", Char, 6, "0000000000"),
    ("lt", Char, 7, "1111100000"),
    ("lt", Char, 8, "1111111111"),
    ("lt", Char, 9, "1111000000"),
    ("lt", Short, 0, "1111100000"),
    ("lt", Short, 1, "1111110000"),
    ("lt", Short, 2, "1111111100"),
    ("lt", Short, 3, "1110000000"),
    ("lt", Short, 4, "1111100000"),
    ("lt", Short, 5, "1111100000"),
    ("lt", Short, 6, "0000000000"),
    ("lt", Short, 7, "1111100000"),
    ("lt", Short, 8, "1111111111"),
    ("lt", Short, 9, "1111000000"),
    ("lt", Int, 0, "1111100000"),
    ("lt", Int, 1, "1111110000"),
    ("lt", Int, 2, "1111111100"),
    ("lt", Int, 3, "1110000000"),
    ("lt", Int, 4, "1111100000"),
    ("lt", Int, 5, "1111100000"),
    ("lt", Int, 6, "0000000000"),
    ("lt", Int, 7, "1111100000"),
    ("lt", Int, 8, "1111111111"),
    ("lt", Int, 9, "1111000000"),
    ("lt", Long, 0, "1111100000"),
    ("lt", Long, 1, "1111110000"),
    ("lt", Long, 2, "1111111100"),
    ("lt", Long, 3, "1110000000"),
    ("lt", Long, 4, "1111111100"),
    ("lt", Long, 5, "1111100000"),
    ("lt", Long, 6, "0000000000"),
    ("lt", Long, 7, "1111100000"),
    ("lt", Long, 8, "1111111100"),
    ("lt", Long, 9, "1111000000"),
    ("lt", Half, 0, "0011110010"),
    ("lt", Half, 1, "0011111010"),
    ("lt", Half, 2, "0011111111"),
    ("lt", Half, 3, "0010000000"),
    ("lt", Half, 4, "0011111111"),
    ("lt", Half, 5, "0011100010"),
    ("lt", Half, 6, "0000000000"),
    ("lt", Half, 7, "0011100010"),
    ("lt", Half, 8, "0011111111"),
    ("lt", Half, 9, "0010000010"),
    ("lt", BFloat16, 0, "0011110010"),
    ("lt", BFloat16, 1, "0011111010"),
    ("lt", BFloat16, 2, "0011111111"),
    ("lt", BFloat16, 3, "0010000000"),
    ("lt", BFloat16, 4, "0011111111"),
    ("lt", BFloat16, 5, "0011100010"),
    ("lt", BFloat16, 6, "0000000000"),
    ("lt", BFloat16, 7, "0011100010"),
    ("lt", BFloat16, 8, "0011111111"),
    ("lt", BFloat16, 9, "0010000010"),
    ("lt", Float, 0, "0011110010"),
    ("lt", Float, 1, "0011111010"),
    ("lt", Float, 2, "0011111111"),
    ("lt", Float, 3, "0010000000"),
    ("lt", Float, 4, "0011111111"),
    ("lt", Float, 5, "0011100010"),
    ("lt", Float, 6, "0000000000"),
    ("lt", Float, 7, "0011100010"),
    ("lt", Float, 8, "0011111111"),
    ("lt", Float, 9, "0010000010"),
    ("lt", Double, 0, "0011110010"),
    ("lt", Double, 1, "0011111010"),
    ("lt", Double, 2, "0011111111"),
    ("lt", Double, 3, "0010000000"),
    ("lt", Double, 4, "0011111111"),
    ("lt", Double, 5, "0011100010"),
    ("lt", Double, 6, "0000000000"),
    ("lt", Double, 7, "0011100010"),
    ("lt", Double, 8, "0011111111"),
    ("lt", Double, 9, "0010000010"),
];
#[rustfmt::skip]
const LOGICAL_NOT: &[(ScalarType, &str)] = &[
    (Bool, "1001010011"),
    (Byte, "1000000000"),
    (Char, "0000100000"),
    (Short, "0000100000"),
    (Int, "0000100000"),
    (Long, "0000100000"),
    (Half, "0001100000"),
    (BFloat16, "0001100000"),
    (Float, "0001100000"),
    (Double, "0001100000"),
];
/// (op, self, other, torch's result: (dtype, accepted outs over DTYPES, values) or an error).
#[rustfmt::skip]
const INT_TT: &[(&str, ScalarType, ScalarType, IntWant)] = &[
    ("bitwise_and", Bool, Bool, Some((Bool, "1111111111", &[0, 1, 1, 0, 0, 0, 1, 0, 0, 0]))),
    ("bitwise_and", Bool, Byte, Some((Byte, "0111111111", &[0, 0, 1, 0, 1, 0, 0, 1, 0, 0]))),
    ("bitwise_and", Bool, Char, Some((Char, "0111111111", &[0, 1, 0, 0, 1, 0, 0, 1, 0, 0]))),
    ("bitwise_and", Bool, Short, Some((Short, "0111111111", &[0, 1, 0, 0, 1, 0, 0, 1, 0, 0]))),
    ("bitwise_and", Bool, Int, Some((Int, "0111111111", &[0, 1, 0, 0, 1, 0, 0, 1, 0, 0]))),
    ("bitwise_and", Bool, Long, Some((Long, "0111111111", &[0, 1, 0, 0, 1, 0, 0, 1, 0, 0]))),
    ("bitwise_and", Bool, Half, None),
    ("bitwise_and", Bool, BFloat16, None),
    ("bitwise_and", Bool, Float, None),
    ("bitwise_and", Bool, Double, None),
    ("bitwise_and", Byte, Bool, Some((Byte, "0111111111", &[0, 1, 0, 0, 0, 1, 0, 0, 0, 1]))),
    ("bitwise_and", Byte, Byte, Some((Byte, "0111111111", &[0, 0, 0, 3, 100, 100, 128, 0, 255, 0]))),
    ("bitwise_and", Byte, Char, Some((Short, "0111111111", &[0, 1, 0, 3, 0, 0, 0, 72, 100, 5]))),
    ("bitwise_and", Byte, Short, Some((Short, "0111111111", &[0, 1, 0, 3, 0, 0, 0, 200, 44, 5]))),
    ("bitwise_and", Byte, Int, Some((Int, "0111111111", &[0, 1, 0, 3, 0, 0, 0, 200, 112, 5]))),
    ("bitwise_and", Byte, Long, Some((Long, "0111111111", &[0, 1, 0, 3, 0, 0, 0, 200, 1, 5]))),
    ("bitwise_and", Byte, Half, None),
    ("bitwise_and", Byte, BFloat16, None),
    ("bitwise_and", Byte, Float, None),
    ("bitwise_and", Byte, Double, None),
    ("bitwise_and", Char, Bool, Some((Char, "0111111111", &[0, 0, 1, 0, 0, 1, 0, 0, 0, 1]))),
    ("bitwise_and", Char, Byte, Some((Short, "0111111111", &[0, 0, 1, 3, 0, 0, 0, 5, 100, 72]))),
    ("bitwise_and", Char, Char, Some((Char, "0111111111", &[-128, -100, -100, -1, 0, 0, 2, 5, 100, 5]))),
    ("bitwise_and", Char, Short, Some((Short, "0111111111", &[-32768, -100, -300, -1, 0, 0, 2, 5, 36, 5]))),
    ("bitwise_and", Char, Int, Some((Int, "0111111111", &[-2147483648, -100, -70000, -1, 0, 0, 2, 5, 96, 5]))),
    ("bitwise_and", Char, Long, Some((Long, "0111111111", &[-9223372036854775808, -100, -1099511627776, -1, 0, 0, 2, 5, 0, 5]))),
    ("bitwise_and", Char, Half, None),
    ("bitwise_and", Char, BFloat16, None),
    ("bitwise_and", Char, Float, None),
    ("bitwise_and", Char, Double, None),
    ("bitwise_and", Short, Bool, Some((Short, "0111111111", &[0, 0, 1, 0, 0, 1, 0, 0, 0, 1]))),
    ("bitwise_and", Short, Byte, Some((Short, "0111111111", &[0, 0, 1, 3, 0, 0, 0, 5, 44, 200]))),
    ("bitwise_and", Short, Char, Some((Short, "0111111111", &[-32768, -300, -100, -1, 0, 0, 2, 5, 36, 5]))),
    ("bitwise_and", Short, Short, Some((Short, "0111111111", &[-32768, -300, -300, -1, 0, 0, 2, 5, 300, 5]))),
    ("bitwise_and", Short, Int, Some((Int, "0111111111", &[-2147483648, -300, -70000, -1, 0, 0, 2, 5, 288, 5]))),
    ("bitwise_and", Short, Long, Some((Long, "0111111111", &[-9223372036854775808, -300, -1099511627776, -1, 0, 0, 2, 5, 0, 5]))),
    ("bitwise_and", Short, Half, None),
    ("bitwise_and", Short, BFloat16, None),
    ("bitwise_and", Short, Float, None),
    ("bitwise_and", Short, Double, None),
    ("bitwise_and", Int, Bool, Some((Int, "0111111111", &[0, 0, 1, 0, 0, 1, 0, 0, 0, 1]))),
    ("bitwise_and", Int, Byte, Some((Int, "0111111111", &[0, 0, 1, 3, 0, 0, 0, 5, 112, 200]))),
    ("bitwise_and", Int, Char, Some((Int, "0111111111", &[-2147483648, -70000, -100, -1, 0, 0, 2, 5, 96, 5]))),
    ("bitwise_and", Int, Short, Some((Int, "0111111111", &[-2147483648, -70000, -300, -1, 0, 0, 2, 5, 288, 5]))),
    ("bitwise_and", Int, Int, Some((Int, "0111111111", &[-2147483648, -70000, -70000, -1, 0, 0, 2, 5, 70000, 5]))),
    ("bitwise_and", Int, Long, Some((Long, "0111111111", &[-9223372036854775808, -70000, -1099511627776, -1, 0, 0, 2, 5, 0, 5]))),
    ("bitwise_and", Int, Half, None),
    ("bitwise_and", Int, BFloat16, None),
    ("bitwise_and", Int, Float, None),
    ("bitwise_and", Int, Double, None),
    ("bitwise_and", Long, Bool, Some((Long, "0111111111", &[0, 0, 1, 0, 0, 1, 0, 0, 0, 1]))),
    ("bitwise_and", Long, Byte, Some((Long, "0111111111", &[0, 0, 1, 3, 0, 0, 0, 5, 1, 200]))),
    ("bitwise_and", Long, Char, Some((Long, "0111111111", &[-9223372036854775808, -1099511627776, -100, -1, 0, 0, 2, 5, 0, 5]))),
    ("bitwise_and", Long, Short, Some((Long, "0111111111", &[-9223372036854775808, -1099511627776, -300, -1, 0, 0, 2, 5, 0, 5]))),
    ("bitwise_and", Long, Int, Some((Long, "0111111111", &[-9223372036854775808, -1099511627776, -70000, -1, 0, 0, 2, 5, 0, 5]))),
    ("bitwise_and", Long, Long, Some((Long, "0111111111", &[-9223372036854775808, -1099511627776, -1099511627776, -1, 0, 0, 2, 5, 1099511627777, 5]))),
    ("bitwise_and", Long, Half, None),
    ("bitwise_and", Long, BFloat16, None),
    ("bitwise_and", Long, Float, None),
    ("bitwise_and", Long, Double, None),
    ("bitwise_and", Half, Bool, None),
    ("bitwise_and", Half, Byte, None),
    ("bitwise_and", Half, Char, None),
    ("bitwise_and", Half, Short, None),
    ("bitwise_and", Half, Int, None),
    ("bitwise_and", Half, Long, None),
    ("bitwise_and", Half, Half, None),
    ("bitwise_and", Half, BFloat16, None),
    ("bitwise_and", Half, Float, None),
    ("bitwise_and", Half, Double, None),
    ("bitwise_and", BFloat16, Bool, None),
    ("bitwise_and", BFloat16, Byte, None),
    ("bitwise_and", BFloat16, Char, None),
    ("bitwise_and", BFloat16, Short, None),
    ("bitwise_and", BFloat16, Int, None),
    ("bitwise_and", BFloat16, Long, None),
    ("bitwise_and", BFloat16, Half, None),
    ("bitwise_and", BFloat16, BFloat16, None),
    ("bitwise_and", BFloat16, Float, None),
    ("bitwise_and", BFloat16, Double, None),
    ("bitwise_and", Float, Bool, None),
    ("bitwise_and", Float, Byte, None),
    ("bitwise_and", Float, Char, None),
    ("bitwise_and", Float, Short, None),
    ("bitwise_and", Float, Int, None),
    ("bitwise_and", Float, Long, None),
    ("bitwise_and", Float, Half, None),
    ("bitwise_and", Float, BFloat16, None),
    ("bitwise_and", Float, Float, None),
    ("bitwise_and", Float, Double, None),
    ("bitwise_and", Double, Bool, None),
    ("bitwise_and", Double, Byte, None),
    ("bitwise_and", Double, Char, None),
    ("bitwise_and", Double, Short, None),
    ("bitwise_and", Double, Int, None),
    ("bitwise_and", Double, Long, None),
    ("bitwise_and", Double, Half, None),
    ("bitwise_and", Double, BFloat16, None),
    ("bitwise_and", Double, Float, None),
    ("bitwise_and", Double, Double, None),
    ("bitwise_or", Bool, Bool, Some((Bool, "1111111111", &[0, 1, 1, 0, 1, 1, 1, 1, 0, 1]))),
    ("bitwise_or", Bool, Byte, Some((Byte, "0111111111", &[0, 3, 1, 3, 127, 100, 129, 5, 255, 200]))),
    ("bitwise_or", Bool, Char, Some((Char, "0111111111", &[-128, -3, -99, -1, 1, 0, 3, 127, 100, 5]))),
    ("bitwise_or", Bool, Short, Some((Short, "0111111111", &[-32768, -3, -299, -1, 1, 0, 3, 32767, 300, 5]))),
    ("bitwise_or", Bool, Int, Some((Int, "0111111111", &[-2147483648, -3, -69999, -1, 1, 0, 3, 2147483647, 70000, 5]))),
    ("bitwise_or", Bool, Long, Some((Long, "0111111111", &[-9223372036854775808, -3, -1099511627775, -1, 1, 0, 3, 9223372036854775807, 1099511627777, 5]))),
    ("bitwise_or", Bool, Half, None),
    ("bitwise_or", Bool, BFloat16, None),
    ("bitwise_or", Bool, Float, None),
    ("bitwise_or", Bool, Double, None),
    ("bitwise_or", Byte, Bool, Some((Byte, "0111111111", &[0, 1, 3, 3, 100, 127, 129, 200, 255, 5]))),
    ("bitwise_or", Byte, Byte, Some((Byte, "0111111111", &[0, 3, 3, 3, 127, 127, 128, 205, 255, 205]))),
    ("bitwise_or", Byte, Char, Some((Short, "0111111111", &[-128, -3, -98, -1, 101, 127, 130, 255, 255, 5]))),
    ("bitwise_or", Byte, Short, Some((Short, "0111111111", &[-32768, -3, -298, -1, 101, 127, 130, 32767, 511, 5]))),
    ("bitwise_or", Byte, Int, Some((Int, "0111111111", &[-2147483648, -3, -69998, -1, 101, 127, 130, 2147483647, 70143, 5]))),
    ("bitwise_or", Byte, Long, Some((Long, "0111111111", &[-9223372036854775808, -3, -1099511627774, -1, 101, 127, 130, 9223372036854775807, 1099511628031, 5]))),
    ("bitwise_or", Byte, Half, None),
    ("bitwise_or", Byte, BFloat16, None),
    ("bitwise_or", Byte, Float, None),
    ("bitwise_or", Byte, Double, None),
    ("bitwise_or", Char, Bool, Some((Char, "0111111111", &[-128, -99, -3, -1, 0, 1, 3, 5, 100, 127]))),
    ("bitwise_or", Char, Byte, Some((Short, "0111111111", &[-128, -98, -3, -1, 127, 101, 130, 5, 255, 255]))),
    ("bitwise_or", Char, Char, Some((Char, "0111111111", &[-128, -3, -3, -1, 1, 1, 2, 127, 100, 127]))),
    ("bitwise_or", Char, Short, Some((Short, "0111111111", &[-128, -3, -3, -1, 1, 1, 2, 32767, 364, 127]))),
    ("bitwise_or", Char, Int, Some((Int, "0111111111", &[-128, -3, -3, -1, 1, 1, 2, 2147483647, 70004, 127]))),
    ("bitwise_or", Char, Long, Some((Long, "0111111111", &[-128, -3, -3, -1, 1, 1, 2, 9223372036854775807, 1099511627877, 127]))),
    ("bitwise_or", Char, Half, None),
    ("bitwise_or", Char, BFloat16, None),
    ("bitwise_or", Char, Float, None),
    ("bitwise_or", Char, Double, None),
    ("bitwise_or", Short, Bool, Some((Short, "0111111111", &[-32768, -299, -3, -1, 0, 1, 3, 5, 300, 32767]))),
    ("bitwise_or", Short, Byte, Some((Short, "0111111111", &[-32768, -298, -3, -1, 127, 101, 130, 5, 511, 32767]))),
    ("bitwise_or", Short, Char, Some((Short, "0111111111", &[-128, -3, -3, -1, 1, 1, 2, 127, 364, 32767]))),
    ("bitwise_or", Short, Short, Some((Short, "0111111111", &[-32768, -3, -3, -1, 1, 1, 2, 32767, 300, 32767]))),
    ("bitwise_or", Short, Int, Some((Int, "0111111111", &[-32768, -3, -3, -1, 1, 1, 2, 2147483647, 70012, 32767]))),
    ("bitwise_or", Short, Long, Some((Long, "0111111111", &[-32768, -3, -3, -1, 1, 1, 2, 9223372036854775807, 1099511628077, 32767]))),
    ("bitwise_or", Short, Half, None),
    ("bitwise_or", Short, BFloat16, None),
    ("bitwise_or", Short, Float, None),
    ("bitwise_or", Short, Double, None),
    ("bitwise_or", Int, Bool, Some((Int, "0111111111", &[-2147483648, -69999, -3, -1, 0, 1, 3, 5, 70000, 2147483647]))),
    ("bitwise_or", Int, Byte, Some((Int, "0111111111", &[-2147483648, -69998, -3, -1, 127, 101, 130, 5, 70143, 2147483647]))),
    ("bitwise_or", Int, Char, Some((Int, "0111111111", &[-128, -3, -3, -1, 1, 1, 2, 127, 70004, 2147483647]))),
    ("bitwise_or", Int, Short, Some((Int, "0111111111", &[-32768, -3, -3, -1, 1, 1, 2, 32767, 70012, 2147483647]))),
    ("bitwise_or", Int, Int, Some((Int, "0111111111", &[-2147483648, -3, -3, -1, 1, 1, 2, 2147483647, 70000, 2147483647]))),
    ("bitwise_or", Int, Long, Some((Long, "0111111111", &[-2147483648, -3, -3, -1, 1, 1, 2, 9223372036854775807, 1099511697777, 2147483647]))),
    ("bitwise_or", Int, Half, None),
    ("bitwise_or", Int, BFloat16, None),
    ("bitwise_or", Int, Float, None),
    ("bitwise_or", Int, Double, None),
    ("bitwise_or", Long, Bool, Some((Long, "0111111111", &[-9223372036854775808, -1099511627775, -3, -1, 0, 1, 3, 5, 1099511627777, 9223372036854775807]))),
    ("bitwise_or", Long, Byte, Some((Long, "0111111111", &[-9223372036854775808, -1099511627774, -3, -1, 127, 101, 130, 5, 1099511628031, 9223372036854775807]))),
    ("bitwise_or", Long, Char, Some((Long, "0111111111", &[-128, -3, -3, -1, 1, 1, 2, 127, 1099511627877, 9223372036854775807]))),
    ("bitwise_or", Long, Short, Some((Long, "0111111111", &[-32768, -3, -3, -1, 1, 1, 2, 32767, 1099511628077, 9223372036854775807]))),
    ("bitwise_or", Long, Int, Some((Long, "0111111111", &[-2147483648, -3, -3, -1, 1, 1, 2, 2147483647, 1099511697777, 9223372036854775807]))),
    ("bitwise_or", Long, Long, Some((Long, "0111111111", &[-9223372036854775808, -3, -3, -1, 1, 1, 2, 9223372036854775807, 1099511627777, 9223372036854775807]))),
    ("bitwise_or", Long, Half, None),
    ("bitwise_or", Long, BFloat16, None),
    ("bitwise_or", Long, Float, None),
    ("bitwise_or", Long, Double, None),
    ("bitwise_or", Half, Bool, None),
    ("bitwise_or", Half, Byte, None),
    ("bitwise_or", Half, Char, None),
    ("bitwise_or", Half, Short, None),
    ("bitwise_or", Half, Int, None),
    ("bitwise_or", Half, Long, None),
    ("bitwise_or", Half, Half, None),
    ("bitwise_or", Half, BFloat16, None),
    ("bitwise_or", Half, Float, None),
    ("bitwise_or", Half, Double, None),
    ("bitwise_or", BFloat16, Bool, None),
    ("bitwise_or", BFloat16, Byte, None),
    ("bitwise_or", BFloat16, Char, None),
    ("bitwise_or", BFloat16, Short, None),
    ("bitwise_or", BFloat16, Int, None),
    ("bitwise_or", BFloat16, Long, None),
    ("bitwise_or", BFloat16, Half, None),
    ("bitwise_or", BFloat16, BFloat16, None),
    ("bitwise_or", BFloat16, Float, None),
    ("bitwise_or", BFloat16, Double, None),
    ("bitwise_or", Float, Bool, None),
    ("bitwise_or", Float, Byte, None),
    ("bitwise_or", Float, Char, None),
    ("bitwise_or", Float, Short, None),
    ("bitwise_or", Float, Int, None),
    ("bitwise_or", Float, Long, None),
    ("bitwise_or", Float, Half, None),
    ("bitwise_or", Float, BFloat16, None),
    ("bitwise_or", Float, Float, None),
    ("bitwise_or", Float, Double, None),
    ("bitwise_or", Double, Bool, None),
    ("bitwise_or", Double, Byte, None),
    ("bitwise_or", Double, Char, None),
    ("bitwise_or", Double, Short, None),
    ("bitwise_or", Double, Int, None),
    ("bitwise_or", Double, Long, None),
    ("bitwise_or", Double, Half, None),
    ("bitwise_or", Double, BFloat16, None),
    ("bitwise_or", Double, Float, None),
    ("bitwise_or", Double, Double, None),
    ("bitwise_xor", Bool, Bool, Some((Bool, "1111111111", &[0, 0, 0, 0, 1, 1, 0, 1, 0, 1]))),
    ("bitwise_xor", Bool, Byte, Some((Byte, "0111111111", &[0, 3, 0, 3, 126, 100, 129, 4, 255, 200]))),
    ("bitwise_xor", Bool, Char, Some((Char, "0111111111", &[-128, -4, -99, -1, 0, 0, 3, 126, 100, 5]))),
    ("bitwise_xor", Bool, Short, Some((Short, "0111111111", &[-32768, -4, -299, -1, 0, 0, 3, 32766, 300, 5]))),
    ("bitwise_xor", Bool, Int, Some((Int, "0111111111", &[-2147483648, -4, -69999, -1, 0, 0, 3, 2147483646, 70000, 5]))),
    ("bitwise_xor", Bool, Long, Some((Long, "0111111111", &[-9223372036854775808, -4, -1099511627775, -1, 0, 0, 3, 9223372036854775806, 1099511627777, 5]))),
    ("bitwise_xor", Bool, Half, None),
    ("bitwise_xor", Bool, BFloat16, None),
    ("bitwise_xor", Bool, Float, None),
    ("bitwise_xor", Bool, Double, None),
    ("bitwise_xor", Byte, Bool, Some((Byte, "0111111111", &[0, 0, 3, 3, 100, 126, 129, 200, 255, 4]))),
    ("bitwise_xor", Byte, Byte, Some((Byte, "0111111111", &[0, 3, 3, 0, 27, 27, 0, 205, 0, 205]))),
    ("bitwise_xor", Byte, Char, Some((Short, "0111111111", &[-128, -4, -98, -4, 101, 127, 130, 183, 155, 0]))),
    ("bitwise_xor", Byte, Short, Some((Short, "0111111111", &[-32768, -4, -298, -4, 101, 127, 130, 32567, 467, 0]))),
    ("bitwise_xor", Byte, Int, Some((Int, "0111111111", &[-2147483648, -4, -69998, -4, 101, 127, 130, 2147483447, 70031, 0]))),
    ("bitwise_xor", Byte, Long, Some((Long, "0111111111", &[-9223372036854775808, -4, -1099511627774, -4, 101, 127, 130, 9223372036854775607, 1099511628030, 0]))),
    ("bitwise_xor", Byte, Half, None),
    ("bitwise_xor", Byte, BFloat16, None),
    ("bitwise_xor", Byte, Float, None),
    ("bitwise_xor", Byte, Double, None),
    ("bitwise_xor", Char, Bool, Some((Char, "0111111111", &[-128, -99, -4, -1, 0, 0, 3, 5, 100, 126]))),
    ("bitwise_xor", Char, Byte, Some((Short, "0111111111", &[-128, -98, -4, -4, 127, 101, 130, 0, 155, 183]))),
    ("bitwise_xor", Char, Char, Some((Char, "0111111111", &[0, 97, 97, 0, 1, 1, 0, 122, 0, 122]))),
    ("bitwise_xor", Char, Short, Some((Short, "0111111111", &[32640, 97, 297, 0, 1, 1, 0, 32762, 328, 122]))),
    ("bitwise_xor", Char, Int, Some((Int, "0111111111", &[2147483520, 97, 69997, 0, 1, 1, 0, 2147483642, 69908, 122]))),
    ("bitwise_xor", Char, Long, Some((Long, "0111111111", &[9223372036854775680, 97, 1099511627773, 0, 1, 1, 0, 9223372036854775802, 1099511627877, 122]))),
    ("bitwise_xor", Char, Half, None),
    ("bitwise_xor", Char, BFloat16, None),
    ("bitwise_xor", Char, Float, None),
    ("bitwise_xor", Char, Double, None),
    ("bitwise_xor", Short, Bool, Some((Short, "0111111111", &[-32768, -299, -4, -1, 0, 0, 3, 5, 300, 32766]))),
    ("bitwise_xor", Short, Byte, Some((Short, "0111111111", &[-32768, -298, -4, -4, 127, 101, 130, 0, 467, 32567]))),
    ("bitwise_xor", Short, Char, Some((Short, "0111111111", &[32640, 297, 97, 0, 1, 1, 0, 122, 328, 32762]))),
    ("bitwise_xor", Short, Short, Some((Short, "0111111111", &[0, 297, 297, 0, 1, 1, 0, 32762, 0, 32762]))),
    ("bitwise_xor", Short, Int, Some((Int, "0111111111", &[2147450880, 297, 69997, 0, 1, 1, 0, 2147483642, 69724, 32762]))),
    ("bitwise_xor", Short, Long, Some((Long, "0111111111", &[9223372036854743040, 297, 1099511627773, 0, 1, 1, 0, 9223372036854775802, 1099511628077, 32762]))),
    ("bitwise_xor", Short, Half, None),
    ("bitwise_xor", Short, BFloat16, None),
    ("bitwise_xor", Short, Float, None),
    ("bitwise_xor", Short, Double, None),
    ("bitwise_xor", Int, Bool, Some((Int, "0111111111", &[-2147483648, -69999, -4, -1, 0, 0, 3, 5, 70000, 2147483646]))),
    ("bitwise_xor", Int, Byte, Some((Int, "0111111111", &[-2147483648, -69998, -4, -4, 127, 101, 130, 0, 70031, 2147483447]))),
    ("bitwise_xor", Int, Char, Some((Int, "0111111111", &[2147483520, 69997, 97, 0, 1, 1, 0, 122, 69908, 2147483642]))),
    ("bitwise_xor", Int, Short, Some((Int, "0111111111", &[2147450880, 69997, 297, 0, 1, 1, 0, 32762, 69724, 2147483642]))),
    ("bitwise_xor", Int, Int, Some((Int, "0111111111", &[0, 69997, 69997, 0, 1, 1, 0, 2147483642, 0, 2147483642]))),
    ("bitwise_xor", Int, Long, Some((Long, "0111111111", &[9223372034707292160, 69997, 1099511627773, 0, 1, 1, 0, 9223372036854775802, 1099511697777, 2147483642]))),
    ("bitwise_xor", Int, Half, None),
    ("bitwise_xor", Int, BFloat16, None),
    ("bitwise_xor", Int, Float, None),
    ("bitwise_xor", Int, Double, None),
    ("bitwise_xor", Long, Bool, Some((Long, "0111111111", &[-9223372036854775808, -1099511627775, -4, -1, 0, 0, 3, 5, 1099511627777, 9223372036854775806]))),
    ("bitwise_xor", Long, Byte, Some((Long, "0111111111", &[-9223372036854775808, -1099511627774, -4, -4, 127, 101, 130, 0, 1099511628030, 9223372036854775607]))),
    ("bitwise_xor", Long, Char, Some((Long, "0111111111", &[9223372036854775680, 1099511627773, 97, 0, 1, 1, 0, 122, 1099511627877, 9223372036854775802]))),
    ("bitwise_xor", Long, Short, Some((Long, "0111111111", &[9223372036854743040, 1099511627773, 297, 0, 1, 1, 0, 32762, 1099511628077, 9223372036854775802]))),
    ("bitwise_xor", Long, Int, Some((Long, "0111111111", &[9223372034707292160, 1099511627773, 69997, 0, 1, 1, 0, 2147483642, 1099511697777, 9223372036854775802]))),
    ("bitwise_xor", Long, Long, Some((Long, "0111111111", &[0, 1099511627773, 1099511627773, 0, 1, 1, 0, 9223372036854775802, 0, 9223372036854775802]))),
    ("bitwise_xor", Long, Half, None),
    ("bitwise_xor", Long, BFloat16, None),
    ("bitwise_xor", Long, Float, None),
    ("bitwise_xor", Long, Double, None),
    ("bitwise_xor", Half, Bool, None),
    ("bitwise_xor", Half, Byte, None),
    ("bitwise_xor", Half, Char, None),
    ("bitwise_xor", Half, Short, None),
    ("bitwise_xor", Half, Int, None),
    ("bitwise_xor", Half, Long, None),
    ("bitwise_xor", Half, Half, None),
    ("bitwise_xor", Half, BFloat16, None),
    ("bitwise_xor", Half, Float, None),
    ("bitwise_xor", Half, Double, None),
    ("bitwise_xor", BFloat16, Bool, None),
    ("bitwise_xor", BFloat16, Byte, None),
    ("bitwise_xor", BFloat16, Char, None),
    ("bitwise_xor", BFloat16, Short, None),
    ("bitwise_xor", BFloat16, Int, None),
    ("bitwise_xor", BFloat16, Long, None),
    ("bitwise_xor", BFloat16, Half, None),
    ("bitwise_xor", BFloat16, BFloat16, None),
    ("bitwise_xor", BFloat16, Float, None),
    ("bitwise_xor", BFloat16, Double, None),
    ("bitwise_xor", Float, Bool, None),
    ("bitwise_xor", Float, Byte, None),
    ("bitwise_xor", Float, Char, None),
    ("bitwise_xor", Float, Short, None),
    ("bitwise_xor", Float, Int, None),
    ("bitwise_xor", Float, Long, None),
    ("bitwise_xor", Float, Half, None),
    ("bitwise_xor", Float, BFloat16, None),
    ("bitwise_xor", Float, Float, None),
    ("bitwise_xor", Float, Double, None),
    ("bitwise_xor", Double, Bool, None),
    ("bitwise_xor", Double, Byte, None),
    ("bitwise_xor", Double, Char, None),
    ("bitwise_xor", Double, Short, None),
    ("bitwise_xor", Double, Int, None),
    ("bitwise_xor", Double, Long, None),
    ("bitwise_xor", Double, Half, None),
    ("bitwise_xor", Double, BFloat16, None),
    ("bitwise_xor", Double, Float, None),
    ("bitwise_xor", Double, Double, None),
    ("bitwise_left_shift", Bool, Bool, None),
    ("bitwise_left_shift", Bool, Byte, Some((Byte, "0111111111", &[0, 1, 0, 0, 0, 0, 2, 0, 0, 0]))),
    ("bitwise_left_shift", Bool, Char, Some((Char, "0111111111", &[0, 1, 0, 0, 0, 0, 2, 0, 0, 0]))),
    ("bitwise_left_shift", Bool, Short, Some((Short, "0111111111", &[0, 1, 0, 0, 0, 0, 2, 0, 0, 0]))),
    ("bitwise_left_shift", Bool, Int, Some((Int, "0111111111", &[0, 1, 0, 0, 0, 0, 2, 0, 0, 0]))),
    ("bitwise_left_shift", Bool, Long, Some((Long, "0111111111", &[0, 1, 0, 0, 0, 0, 2, -9223372036854775808, 0, 0]))),
    ("bitwise_left_shift", Bool, Half, None),
    ("bitwise_left_shift", Bool, BFloat16, None),
    ("bitwise_left_shift", Bool, Float, None),
    ("bitwise_left_shift", Bool, Double, None),
    ("bitwise_left_shift", Byte, Bool, Some((Byte, "0111111111", &[0, 1, 4, 6, 100, 254, 0, 144, 255, 5]))),
    ("bitwise_left_shift", Byte, Byte, Some((Byte, "0111111111", &[0, 1, 0, 24, 0, 0, 0, 0, 128, 0]))),
    ("bitwise_left_shift", Byte, Char, Some((Short, "0111111111", &[0, 1, 0, 24, 0, 32512, 256, 0, 32640, 0]))),
    ("bitwise_left_shift", Byte, Short, Some((Short, "0111111111", &[0, 1, 0, 24, 0, 32512, 256, 0, 32640, 0]))),
    ("bitwise_left_shift", Byte, Int, Some((Int, "0111111111", &[0, 1, 0, 24, 0, 32512, 256, 0, 32640, 0]))),
    ("bitwise_left_shift", Byte, Long, Some((Long, "0111111111", &[0, 1, 0, 24, 0, 32512, 256, 0, 32640, 0]))),
    ("bitwise_left_shift", Byte, Half, None),
    ("bitwise_left_shift", Byte, BFloat16, None),
    ("bitwise_left_shift", Byte, Float, None),
    ("bitwise_left_shift", Byte, Double, None),
    ("bitwise_left_shift", Char, Bool, Some((Char, "0111111111", &[-128, -100, -6, -2, 0, 2, 4, 10, 100, 127]))),
    ("bitwise_left_shift", Char, Byte, Some((Short, "0111111111", &[0, -100, 0, -8, 0, 256, 4, -32768, 12800, 0]))),
    ("bitwise_left_shift", Char, Char, Some((Char, "0111111111", &[0, -100, 0, -8, 0, 0, 4, 0, 0, 0]))),
    ("bitwise_left_shift", Char, Short, Some((Short, "0111111111", &[0, -100, 0, -8, 0, 256, 4, 0, 12800, 0]))),
    ("bitwise_left_shift", Char, Int, Some((Int, "0111111111", &[0, -100, 0, -8, 0, 256, 4, 0, 12800, 0]))),
    ("bitwise_left_shift", Char, Long, Some((Long, "0111111111", &[-274877906944, -100, 0, -8, 0, 256, 4, -9223372036854775808, 12800, 0]))),
    ("bitwise_left_shift", Char, Half, None),
    ("bitwise_left_shift", Char, BFloat16, None),
    ("bitwise_left_shift", Char, Float, None),
    ("bitwise_left_shift", Char, Double, None),
    ("bitwise_left_shift", Short, Bool, Some((Short, "0111111111", &[-32768, -300, -6, -2, 0, 2, 4, 10, 300, 32767]))),
    ("bitwise_left_shift", Short, Byte, Some((Short, "0111111111", &[0, -300, 0, -8, 0, 256, 4, -32768, -27136, 0]))),
    ("bitwise_left_shift", Short, Char, Some((Short, "0111111111", &[0, -300, 0, -8, 0, 256, 4, -32768, -27136, 0]))),
    ("bitwise_left_shift", Short, Short, Some((Short, "0111111111", &[0, -300, 0, -8, 0, 256, 4, 0, -27136, 0]))),
    ("bitwise_left_shift", Short, Int, Some((Int, "0111111111", &[0, -300, 0, -8, 0, 256, 4, 0, 38400, 0]))),
    ("bitwise_left_shift", Short, Long, Some((Long, "0111111111", &[-70368744177664, -300, 0, -8, 0, 256, 4, -9223372036854775808, 38400, 0]))),
    ("bitwise_left_shift", Short, Half, None),
    ("bitwise_left_shift", Short, BFloat16, None),
    ("bitwise_left_shift", Short, Float, None),
    ("bitwise_left_shift", Short, Double, None),
    ("bitwise_left_shift", Int, Bool, Some((Int, "0111111111", &[-2147483648, -70000, -6, -2, 0, 2, 4, 10, 70000, 2147483647]))),
    ("bitwise_left_shift", Int, Byte, Some((Int, "0111111111", &[0, -70000, 0, -8, 0, 256, 4, 163840, 8960000, 0]))),
    ("bitwise_left_shift", Int, Char, Some((Int, "0111111111", &[0, -70000, 0, -8, 0, 256, 4, 163840, 8960000, 0]))),
    ("bitwise_left_shift", Int, Short, Some((Int, "0111111111", &[0, -70000, 0, -8, 0, 256, 4, 327680, 8960000, 0]))),
    ("bitwise_left_shift", Int, Int, Some((Int, "0111111111", &[0, -70000, 0, -8, 0, 256, 4, 0, 8960000, 0]))),
    ("bitwise_left_shift", Int, Long, Some((Long, "0111111111", &[-4611686018427387904, -70000, 0, -8, 0, 256, 4, -9223372036854775808, 8960000, 0]))),
    ("bitwise_left_shift", Int, Half, None),
    ("bitwise_left_shift", Int, BFloat16, None),
    ("bitwise_left_shift", Int, Float, None),
    ("bitwise_left_shift", Int, Double, None),
    ("bitwise_left_shift", Long, Bool, Some((Long, "0111111111", &[-9223372036854775808, -1099511627776, -6, -2, 0, 2, 4, 10, 1099511627777, 9223372036854775807]))),
    ("bitwise_left_shift", Long, Byte, Some((Long, "0111111111", &[0, -1099511627776, -9223372036854775808, -8, 0, 256, 4, 163840, 140737488355456, 0]))),
    ("bitwise_left_shift", Long, Char, Some((Long, "0111111111", &[0, -1099511627776, -9223372036854775808, -8, 0, 256, 4, 163840, 140737488355456, 0]))),
    ("bitwise_left_shift", Long, Short, Some((Long, "0111111111", &[0, -1099511627776, -9223372036854775808, -8, 0, 256, 4, 327680, 140737488355456, 0]))),
    ("bitwise_left_shift", Long, Int, Some((Long, "0111111111", &[0, -1099511627776, -9223372036854775808, -8, 0, 256, 4, 21474836480, 140737488355456, 0]))),
    ("bitwise_left_shift", Long, Long, Some((Long, "0111111111", &[0, -1099511627776, 0, -8, 0, 256, 4, -9223372036854775808, 140737488355456, 0]))),
    ("bitwise_left_shift", Long, Half, None),
    ("bitwise_left_shift", Long, BFloat16, None),
    ("bitwise_left_shift", Long, Float, None),
    ("bitwise_left_shift", Long, Double, None),
    ("bitwise_left_shift", Half, Bool, None),
    ("bitwise_left_shift", Half, Byte, None),
    ("bitwise_left_shift", Half, Char, None),
    ("bitwise_left_shift", Half, Short, None),
    ("bitwise_left_shift", Half, Int, None),
    ("bitwise_left_shift", Half, Long, None),
    ("bitwise_left_shift", Half, Half, None),
    ("bitwise_left_shift", Half, BFloat16, None),
    ("bitwise_left_shift", Half, Float, None),
    ("bitwise_left_shift", Half, Double, None),
    ("bitwise_left_shift", BFloat16, Bool, None),
    ("bitwise_left_shift", BFloat16, Byte, None),
    ("bitwise_left_shift", BFloat16, Char, None),
    ("bitwise_left_shift", BFloat16, Short, None),
    ("bitwise_left_shift", BFloat16, Int, None),
    ("bitwise_left_shift", BFloat16, Long, None),
    ("bitwise_left_shift", BFloat16, Half, None),
    ("bitwise_left_shift", BFloat16, BFloat16, None),
    ("bitwise_left_shift", BFloat16, Float, None),
    ("bitwise_left_shift", BFloat16, Double, None),
    ("bitwise_left_shift", Float, Bool, None),
    ("bitwise_left_shift", Float, Byte, None),
    ("bitwise_left_shift", Float, Char, None),
    ("bitwise_left_shift", Float, Short, None),
    ("bitwise_left_shift", Float, Int, None),
    ("bitwise_left_shift", Float, Long, None),
    ("bitwise_left_shift", Float, Half, None),
    ("bitwise_left_shift", Float, BFloat16, None),
    ("bitwise_left_shift", Float, Float, None),
    ("bitwise_left_shift", Float, Double, None),
    ("bitwise_left_shift", Double, Bool, None),
    ("bitwise_left_shift", Double, Byte, None),
    ("bitwise_left_shift", Double, Char, None),
    ("bitwise_left_shift", Double, Short, None),
    ("bitwise_left_shift", Double, Int, None),
    ("bitwise_left_shift", Double, Long, None),
    ("bitwise_left_shift", Double, Half, None),
    ("bitwise_left_shift", Double, BFloat16, None),
    ("bitwise_left_shift", Double, Float, None),
    ("bitwise_left_shift", Double, Double, None),
    ("bitwise_right_shift", Bool, Bool, None),
    ("bitwise_right_shift", Bool, Byte, Some((Byte, "0111111111", &[0, 1, 0, 0, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_right_shift", Bool, Char, Some((Char, "0111111111", &[0, 1, 0, 0, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_right_shift", Bool, Short, Some((Short, "0111111111", &[0, 1, 0, 0, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_right_shift", Bool, Int, Some((Int, "0111111111", &[0, 1, 0, 0, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_right_shift", Bool, Long, Some((Long, "0111111111", &[0, 1, 0, 0, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_right_shift", Bool, Half, None),
    ("bitwise_right_shift", Bool, BFloat16, None),
    ("bitwise_right_shift", Bool, Float, None),
    ("bitwise_right_shift", Bool, Double, None),
    ("bitwise_right_shift", Byte, Bool, Some((Byte, "0111111111", &[0, 1, 1, 1, 100, 63, 64, 100, 255, 5]))),
    ("bitwise_right_shift", Byte, Byte, Some((Byte, "0111111111", &[0, 1, 0, 0, 0, 0, 64, 0, 1, 0]))),
    ("bitwise_right_shift", Byte, Char, Some((Short, "0111111111", &[0, 1, 0, 0, 0, 0, 64, 0, 1, 0]))),
    ("bitwise_right_shift", Byte, Short, Some((Short, "0111111111", &[0, 1, 0, 0, 0, 0, 64, 0, 1, 0]))),
    ("bitwise_right_shift", Byte, Int, Some((Int, "0111111111", &[0, 1, 0, 0, 0, 0, 64, 0, 1, 0]))),
    ("bitwise_right_shift", Byte, Long, Some((Long, "0111111111", &[0, 1, 0, 0, 0, 0, 64, 0, 1, 0]))),
    ("bitwise_right_shift", Byte, Half, None),
    ("bitwise_right_shift", Byte, BFloat16, None),
    ("bitwise_right_shift", Byte, Float, None),
    ("bitwise_right_shift", Byte, Double, None),
    ("bitwise_right_shift", Char, Bool, Some((Char, "0111111111", &[-128, -100, -2, -1, 0, 0, 1, 2, 100, 127]))),
    ("bitwise_right_shift", Char, Byte, Some((Short, "0111111111", &[-1, -100, -1, -1, 0, 0, 1, 0, 0, 0]))),
    ("bitwise_right_shift", Char, Char, Some((Char, "0111111111", &[-1, -100, -1, -1, 0, 0, 1, 0, 0, 0]))),
    ("bitwise_right_shift", Char, Short, Some((Short, "0111111111", &[-1, -100, -1, -1, 0, 0, 1, 0, 0, 0]))),
    ("bitwise_right_shift", Char, Int, Some((Int, "0111111111", &[-1, -100, -1, -1, 0, 0, 1, 0, 0, 0]))),
    ("bitwise_right_shift", Char, Long, Some((Long, "0111111111", &[-1, -100, -1, -1, 0, 0, 1, 0, 0, 0]))),
    ("bitwise_right_shift", Char, Half, None),
    ("bitwise_right_shift", Char, BFloat16, None),
    ("bitwise_right_shift", Char, Float, None),
    ("bitwise_right_shift", Char, Double, None),
    ("bitwise_right_shift", Short, Bool, Some((Short, "0111111111", &[-32768, -300, -2, -1, 0, 0, 1, 2, 300, 32767]))),
    ("bitwise_right_shift", Short, Byte, Some((Short, "0111111111", &[-64, -300, -1, -1, 0, 0, 1, 0, 2, 0]))),
    ("bitwise_right_shift", Short, Char, Some((Short, "0111111111", &[-64, -300, -1, -1, 0, 0, 1, 0, 2, 0]))),
    ("bitwise_right_shift", Short, Short, Some((Short, "0111111111", &[-1, -300, -1, -1, 0, 0, 1, 0, 2, 0]))),
    ("bitwise_right_shift", Short, Int, Some((Int, "0111111111", &[-1, -300, -1, -1, 0, 0, 1, 0, 2, 0]))),
    ("bitwise_right_shift", Short, Long, Some((Long, "0111111111", &[-1, -300, -1, -1, 0, 0, 1, 0, 2, 0]))),
    ("bitwise_right_shift", Short, Half, None),
    ("bitwise_right_shift", Short, BFloat16, None),
    ("bitwise_right_shift", Short, Float, None),
    ("bitwise_right_shift", Short, Double, None),
    ("bitwise_right_shift", Int, Bool, Some((Int, "0111111111", &[-2147483648, -70000, -2, -1, 0, 0, 1, 2, 70000, 2147483647]))),
    ("bitwise_right_shift", Int, Byte, Some((Int, "0111111111", &[-4194304, -70000, -1, -1, 0, 0, 1, 0, 546, 0]))),
    ("bitwise_right_shift", Int, Char, Some((Int, "0111111111", &[-4194304, -70000, -1, -1, 0, 0, 1, 0, 546, 0]))),
    ("bitwise_right_shift", Int, Short, Some((Int, "0111111111", &[-65536, -70000, -1, -1, 0, 0, 1, 0, 546, 0]))),
    ("bitwise_right_shift", Int, Int, Some((Int, "0111111111", &[-1, -70000, -1, -1, 0, 0, 1, 0, 546, 0]))),
    ("bitwise_right_shift", Int, Long, Some((Long, "0111111111", &[-1, -70000, -1, -1, 0, 0, 1, 0, 546, 0]))),
    ("bitwise_right_shift", Int, Half, None),
    ("bitwise_right_shift", Int, BFloat16, None),
    ("bitwise_right_shift", Int, Float, None),
    ("bitwise_right_shift", Int, Double, None),
    ("bitwise_right_shift", Long, Bool, Some((Long, "0111111111", &[-9223372036854775808, -1099511627776, -2, -1, 0, 0, 1, 2, 1099511627777, 9223372036854775807]))),
    ("bitwise_right_shift", Long, Byte, Some((Long, "0111111111", &[-18014398509481984, -1099511627776, -1, -1, 0, 0, 1, 0, 8589934592, 0]))),
    ("bitwise_right_shift", Long, Char, Some((Long, "0111111111", &[-18014398509481984, -1099511627776, -1, -1, 0, 0, 1, 0, 8589934592, 0]))),
    ("bitwise_right_shift", Long, Short, Some((Long, "0111111111", &[-281474976710656, -1099511627776, -1, -1, 0, 0, 1, 0, 8589934592, 0]))),
    ("bitwise_right_shift", Long, Int, Some((Long, "0111111111", &[-4294967296, -1099511627776, -1, -1, 0, 0, 1, 0, 8589934592, 0]))),
    ("bitwise_right_shift", Long, Long, Some((Long, "0111111111", &[-4294967296, -1099511627776, -1, -1, 0, 0, 1, 0, 8589934592, 0]))),
    ("bitwise_right_shift", Long, Half, None),
    ("bitwise_right_shift", Long, BFloat16, None),
    ("bitwise_right_shift", Long, Float, None),
    ("bitwise_right_shift", Long, Double, None),
    ("bitwise_right_shift", Half, Bool, None),
    ("bitwise_right_shift", Half, Byte, None),
    ("bitwise_right_shift", Half, Char, None),
    ("bitwise_right_shift", Half, Short, None),
    ("bitwise_right_shift", Half, Int, None),
    ("bitwise_right_shift", Half, Long, None),
    ("bitwise_right_shift", Half, Half, None),
    ("bitwise_right_shift", Half, BFloat16, None),
    ("bitwise_right_shift", Half, Float, None),
    ("bitwise_right_shift", Half, Double, None),
    ("bitwise_right_shift", BFloat16, Bool, None),
    ("bitwise_right_shift", BFloat16, Byte, None),
    ("bitwise_right_shift", BFloat16, Char, None),
    ("bitwise_right_shift", BFloat16, Short, None),
    ("bitwise_right_shift", BFloat16, Int, None),
    ("bitwise_right_shift", BFloat16, Long, None),
    ("bitwise_right_shift", BFloat16, Half, None),
    ("bitwise_right_shift", BFloat16, BFloat16, None),
    ("bitwise_right_shift", BFloat16, Float, None),
    ("bitwise_right_shift", BFloat16, Double, None),
    ("bitwise_right_shift", Float, Bool, None),
    ("bitwise_right_shift", Float, Byte, None),
    ("bitwise_right_shift", Float, Char, None),
    ("bitwise_right_shift", Float, Short, None),
    ("bitwise_right_shift", Float, Int, None),
    ("bitwise_right_shift", Float, Long, None),
    ("bitwise_right_shift", Float, Half, None),
    ("bitwise_right_shift", Float, BFloat16, None),
    ("bitwise_right_shift", Float, Float, None),
    ("bitwise_right_shift", Float, Double, None),
    ("bitwise_right_shift", Double, Bool, None),
    ("bitwise_right_shift", Double, Byte, None),
    ("bitwise_right_shift", Double, Char, None),
    ("bitwise_right_shift", Double, Short, None),
    ("bitwise_right_shift", Double, Int, None),
    ("bitwise_right_shift", Double, Long, None),
    ("bitwise_right_shift", Double, Half, None),
    ("bitwise_right_shift", Double, BFloat16, None),
    ("bitwise_right_shift", Double, Float, None),
    ("bitwise_right_shift", Double, Double, None),
];
#[rustfmt::skip]
const INT_TS: &[(&str, ScalarType, usize, IntWant)] = &[
    ("bitwise_and", Bool, 0, Some((Bool, "1111111111", &[0, 1, 1, 0, 1, 0, 1, 1, 0, 0]))),
    ("bitwise_and", Bool, 1, Some((Long, "0111111111", &[0, 1, 1, 0, 1, 0, 1, 1, 0, 0]))),
    ("bitwise_and", Bool, 2, Some((Long, "0111111111", &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_and", Bool, 3, Some((Long, "0111111111", &[0, 1, 1, 0, 1, 0, 1, 1, 0, 0]))),
    ("bitwise_and", Bool, 4, None),
    ("bitwise_and", Byte, 0, Some((Byte, "0111111111", &[0, 1, 0, 1, 0, 1, 0, 0, 1, 1]))),
    ("bitwise_and", Byte, 1, Some((Byte, "0111111111", &[0, 1, 0, 1, 4, 5, 0, 0, 5, 5]))),
    ("bitwise_and", Byte, 2, Some((Byte, "0111111111", &[0, 0, 0, 0, 36, 44, 0, 8, 44, 4]))),
    ("bitwise_and", Byte, 3, Some((Byte, "0111111111", &[0, 1, 2, 3, 100, 127, 128, 200, 255, 5]))),
    ("bitwise_and", Byte, 4, None),
    ("bitwise_and", Char, 0, Some((Char, "0111111111", &[0, 0, 1, 1, 0, 1, 0, 1, 0, 1]))),
    ("bitwise_and", Char, 1, Some((Char, "0111111111", &[0, 4, 5, 5, 0, 1, 0, 5, 4, 5]))),
    ("bitwise_and", Char, 2, Some((Char, "0111111111", &[0, 12, 44, 44, 0, 0, 0, 4, 36, 44]))),
    ("bitwise_and", Char, 3, Some((Char, "0111111111", &[-128, -100, -3, -1, 0, 1, 2, 5, 100, 127]))),
    ("bitwise_and", Char, 4, None),
    ("bitwise_and", Short, 0, Some((Short, "0111111111", &[0, 0, 1, 1, 0, 1, 0, 1, 0, 1]))),
    ("bitwise_and", Short, 1, Some((Short, "0111111111", &[0, 4, 5, 5, 0, 1, 0, 5, 4, 5]))),
    ("bitwise_and", Short, 2, Some((Short, "0111111111", &[0, 4, 300, 300, 0, 0, 0, 4, 300, 300]))),
    ("bitwise_and", Short, 3, Some((Short, "0111111111", &[-32768, -300, -3, -1, 0, 1, 2, 5, 300, 32767]))),
    ("bitwise_and", Short, 4, None),
    ("bitwise_and", Int, 0, Some((Int, "0111111111", &[0, 0, 1, 1, 0, 1, 0, 1, 0, 1]))),
    ("bitwise_and", Int, 1, Some((Int, "0111111111", &[0, 0, 5, 5, 0, 1, 0, 5, 0, 5]))),
    ("bitwise_and", Int, 2, Some((Int, "0111111111", &[0, 0, 300, 300, 0, 0, 0, 4, 288, 300]))),
    ("bitwise_and", Int, 3, Some((Int, "0111111111", &[-2147483648, -70000, -3, -1, 0, 1, 2, 5, 70000, 2147483647]))),
    ("bitwise_and", Int, 4, None),
    ("bitwise_and", Long, 0, Some((Long, "0111111111", &[0, 0, 1, 1, 0, 1, 0, 1, 1, 1]))),
    ("bitwise_and", Long, 1, Some((Long, "0111111111", &[0, 0, 5, 5, 0, 1, 0, 5, 1, 5]))),
    ("bitwise_and", Long, 2, Some((Long, "0111111111", &[0, 0, 300, 300, 0, 0, 0, 4, 0, 300]))),
    ("bitwise_and", Long, 3, Some((Long, "0111111111", &[-9223372036854775808, -1099511627776, -3, -1, 0, 1, 2, 5, 1099511627777, 9223372036854775807]))),
    ("bitwise_and", Long, 4, None),
    ("bitwise_and", Half, 0, None),
    ("bitwise_and", Half, 1, None),
    ("bitwise_and", Half, 2, None),
    ("bitwise_and", Half, 3, None),
    ("bitwise_and", Half, 4, None),
    ("bitwise_and", BFloat16, 0, None),
    ("bitwise_and", BFloat16, 1, None),
    ("bitwise_and", BFloat16, 2, None),
    ("bitwise_and", BFloat16, 3, None),
    ("bitwise_and", BFloat16, 4, None),
    ("bitwise_and", Float, 0, None),
    ("bitwise_and", Float, 1, None),
    ("bitwise_and", Float, 2, None),
    ("bitwise_and", Float, 3, None),
    ("bitwise_and", Float, 4, None),
    ("bitwise_and", Double, 0, None),
    ("bitwise_and", Double, 1, None),
    ("bitwise_and", Double, 2, None),
    ("bitwise_and", Double, 3, None),
    ("bitwise_and", Double, 4, None),
    ("bitwise_or", Bool, 0, Some((Bool, "1111111111", &[1, 1, 1, 1, 1, 1, 1, 1, 1, 1]))),
    ("bitwise_or", Bool, 1, Some((Long, "0111111111", &[5, 5, 5, 5, 5, 5, 5, 5, 5, 5]))),
    ("bitwise_or", Bool, 2, Some((Long, "0111111111", &[300, 301, 301, 300, 301, 300, 301, 301, 300, 300]))),
    ("bitwise_or", Bool, 3, Some((Long, "0111111111", &[-1, -1, -1, -1, -1, -1, -1, -1, -1, -1]))),
    ("bitwise_or", Bool, 4, None),
    ("bitwise_or", Byte, 0, Some((Byte, "0111111111", &[1, 1, 3, 3, 101, 127, 129, 201, 255, 5]))),
    ("bitwise_or", Byte, 1, Some((Byte, "0111111111", &[5, 5, 7, 7, 101, 127, 133, 205, 255, 5]))),
    ("bitwise_or", Byte, 2, Some((Byte, "0111111111", &[44, 45, 46, 47, 108, 127, 172, 236, 255, 45]))),
    ("bitwise_or", Byte, 3, Some((Byte, "0111111111", &[255, 255, 255, 255, 255, 255, 255, 255, 255, 255]))),
    ("bitwise_or", Byte, 4, None),
    ("bitwise_or", Char, 0, Some((Char, "0111111111", &[-127, -99, -3, -1, 1, 1, 3, 5, 101, 127]))),
    ("bitwise_or", Char, 1, Some((Char, "0111111111", &[-123, -99, -3, -1, 5, 5, 7, 5, 101, 127]))),
    ("bitwise_or", Char, 2, Some((Char, "0111111111", &[-84, -68, -3, -1, 44, 45, 46, 45, 108, 127]))),
    ("bitwise_or", Char, 3, Some((Char, "0111111111", &[-1, -1, -1, -1, -1, -1, -1, -1, -1, -1]))),
    ("bitwise_or", Char, 4, None),
    ("bitwise_or", Short, 0, Some((Short, "0111111111", &[-32767, -299, -3, -1, 1, 1, 3, 5, 301, 32767]))),
    ("bitwise_or", Short, 1, Some((Short, "0111111111", &[-32763, -299, -3, -1, 5, 5, 7, 5, 301, 32767]))),
    ("bitwise_or", Short, 2, Some((Short, "0111111111", &[-32468, -4, -3, -1, 300, 301, 302, 301, 300, 32767]))),
    ("bitwise_or", Short, 3, Some((Short, "0111111111", &[-1, -1, -1, -1, -1, -1, -1, -1, -1, -1]))),
    ("bitwise_or", Short, 4, None),
    ("bitwise_or", Int, 0, Some((Int, "0111111111", &[-2147483647, -69999, -3, -1, 1, 1, 3, 5, 70001, 2147483647]))),
    ("bitwise_or", Int, 1, Some((Int, "0111111111", &[-2147483643, -69995, -3, -1, 5, 5, 7, 5, 70005, 2147483647]))),
    ("bitwise_or", Int, 2, Some((Int, "0111111111", &[-2147483348, -69700, -3, -1, 300, 301, 302, 301, 70012, 2147483647]))),
    ("bitwise_or", Int, 3, Some((Int, "0111111111", &[-1, -1, -1, -1, -1, -1, -1, -1, -1, -1]))),
    ("bitwise_or", Int, 4, None),
    ("bitwise_or", Long, 0, Some((Long, "0111111111", &[-9223372036854775807, -1099511627775, -3, -1, 1, 1, 3, 5, 1099511627777, 9223372036854775807]))),
    ("bitwise_or", Long, 1, Some((Long, "0111111111", &[-9223372036854775803, -1099511627771, -3, -1, 5, 5, 7, 5, 1099511627781, 9223372036854775807]))),
    ("bitwise_or", Long, 2, Some((Long, "0111111111", &[-9223372036854775508, -1099511627476, -3, -1, 300, 301, 302, 301, 1099511628077, 9223372036854775807]))),
    ("bitwise_or", Long, 3, Some((Long, "0111111111", &[-1, -1, -1, -1, -1, -1, -1, -1, -1, -1]))),
    ("bitwise_or", Long, 4, None),
    ("bitwise_or", Half, 0, None),
    ("bitwise_or", Half, 1, None),
    ("bitwise_or", Half, 2, None),
    ("bitwise_or", Half, 3, None),
    ("bitwise_or", Half, 4, None),
    ("bitwise_or", BFloat16, 0, None),
    ("bitwise_or", BFloat16, 1, None),
    ("bitwise_or", BFloat16, 2, None),
    ("bitwise_or", BFloat16, 3, None),
    ("bitwise_or", BFloat16, 4, None),
    ("bitwise_or", Float, 0, None),
    ("bitwise_or", Float, 1, None),
    ("bitwise_or", Float, 2, None),
    ("bitwise_or", Float, 3, None),
    ("bitwise_or", Float, 4, None),
    ("bitwise_or", Double, 0, None),
    ("bitwise_or", Double, 1, None),
    ("bitwise_or", Double, 2, None),
    ("bitwise_or", Double, 3, None),
    ("bitwise_or", Double, 4, None),
    ("bitwise_xor", Bool, 0, Some((Bool, "1111111111", &[1, 0, 0, 1, 0, 1, 0, 0, 1, 1]))),
    ("bitwise_xor", Bool, 1, Some((Long, "0111111111", &[5, 4, 4, 5, 4, 5, 4, 4, 5, 5]))),
    ("bitwise_xor", Bool, 2, Some((Long, "0111111111", &[300, 301, 301, 300, 301, 300, 301, 301, 300, 300]))),
    ("bitwise_xor", Bool, 3, Some((Long, "0111111111", &[-1, -2, -2, -1, -2, -1, -2, -2, -1, -1]))),
    ("bitwise_xor", Bool, 4, None),
    ("bitwise_xor", Byte, 0, Some((Byte, "0111111111", &[1, 0, 3, 2, 101, 126, 129, 201, 254, 4]))),
    ("bitwise_xor", Byte, 1, Some((Byte, "0111111111", &[5, 4, 7, 6, 97, 122, 133, 205, 250, 0]))),
    ("bitwise_xor", Byte, 2, Some((Byte, "0111111111", &[44, 45, 46, 47, 72, 83, 172, 228, 211, 41]))),
    ("bitwise_xor", Byte, 3, Some((Byte, "0111111111", &[255, 254, 253, 252, 155, 128, 127, 55, 0, 250]))),
    ("bitwise_xor", Byte, 4, None),
    ("bitwise_xor", Char, 0, Some((Char, "0111111111", &[-127, -99, -4, -2, 1, 0, 3, 4, 101, 126]))),
    ("bitwise_xor", Char, 1, Some((Char, "0111111111", &[-123, -103, -8, -6, 5, 4, 7, 0, 97, 122]))),
    ("bitwise_xor", Char, 2, Some((Char, "0111111111", &[-84, -80, -47, -45, 44, 45, 46, 41, 72, 83]))),
    ("bitwise_xor", Char, 3, Some((Char, "0111111111", &[127, 99, 2, 0, -1, -2, -3, -6, -101, -128]))),
    ("bitwise_xor", Char, 4, None),
    ("bitwise_xor", Short, 0, Some((Short, "0111111111", &[-32767, -299, -4, -2, 1, 0, 3, 4, 301, 32766]))),
    ("bitwise_xor", Short, 1, Some((Short, "0111111111", &[-32763, -303, -8, -6, 5, 4, 7, 0, 297, 32762]))),
    ("bitwise_xor", Short, 2, Some((Short, "0111111111", &[-32468, -8, -303, -301, 300, 301, 302, 297, 0, 32467]))),
    ("bitwise_xor", Short, 3, Some((Short, "0111111111", &[32767, 299, 2, 0, -1, -2, -3, -6, -301, -32768]))),
    ("bitwise_xor", Short, 4, None),
    ("bitwise_xor", Int, 0, Some((Int, "0111111111", &[-2147483647, -69999, -4, -2, 1, 0, 3, 4, 70001, 2147483646]))),
    ("bitwise_xor", Int, 1, Some((Int, "0111111111", &[-2147483643, -69995, -8, -6, 5, 4, 7, 0, 70005, 2147483642]))),
    ("bitwise_xor", Int, 2, Some((Int, "0111111111", &[-2147483348, -69700, -303, -301, 300, 301, 302, 297, 69724, 2147483347]))),
    ("bitwise_xor", Int, 3, Some((Int, "0111111111", &[2147483647, 69999, 2, 0, -1, -2, -3, -6, -70001, -2147483648]))),
    ("bitwise_xor", Int, 4, None),
    ("bitwise_xor", Long, 0, Some((Long, "0111111111", &[-9223372036854775807, -1099511627775, -4, -2, 1, 0, 3, 4, 1099511627776, 9223372036854775806]))),
    ("bitwise_xor", Long, 1, Some((Long, "0111111111", &[-9223372036854775803, -1099511627771, -8, -6, 5, 4, 7, 0, 1099511627780, 9223372036854775802]))),
    ("bitwise_xor", Long, 2, Some((Long, "0111111111", &[-9223372036854775508, -1099511627476, -303, -301, 300, 301, 302, 297, 1099511628077, 9223372036854775507]))),
    ("bitwise_xor", Long, 3, Some((Long, "0111111111", &[9223372036854775807, 1099511627775, 2, 0, -1, -2, -3, -6, -1099511627778, -9223372036854775808]))),
    ("bitwise_xor", Long, 4, None),
    ("bitwise_xor", Half, 0, None),
    ("bitwise_xor", Half, 1, None),
    ("bitwise_xor", Half, 2, None),
    ("bitwise_xor", Half, 3, None),
    ("bitwise_xor", Half, 4, None),
    ("bitwise_xor", BFloat16, 0, None),
    ("bitwise_xor", BFloat16, 1, None),
    ("bitwise_xor", BFloat16, 2, None),
    ("bitwise_xor", BFloat16, 3, None),
    ("bitwise_xor", BFloat16, 4, None),
    ("bitwise_xor", Float, 0, None),
    ("bitwise_xor", Float, 1, None),
    ("bitwise_xor", Float, 2, None),
    ("bitwise_xor", Float, 3, None),
    ("bitwise_xor", Float, 4, None),
    ("bitwise_xor", Double, 0, None),
    ("bitwise_xor", Double, 1, None),
    ("bitwise_xor", Double, 2, None),
    ("bitwise_xor", Double, 3, None),
    ("bitwise_xor", Double, 4, None),
    ("bitwise_left_shift", Bool, 0, None),
    ("bitwise_left_shift", Bool, 1, Some((Long, "0111111111", &[0, 2, 2, 0, 2, 0, 2, 2, 0, 0]))),
    ("bitwise_left_shift", Bool, 2, Some((Long, "0111111111", &[0, 128, 128, 0, 128, 0, 128, 128, 0, 0]))),
    ("bitwise_left_shift", Bool, 3, Some((Long, "0111111111", &[0, 256, 256, 0, 256, 0, 256, 256, 0, 0]))),
    ("bitwise_left_shift", Bool, 4, Some((Long, "0111111111", &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_left_shift", Bool, 5, Some((Long, "0111111111", &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_left_shift", Bool, 6, Some((Long, "0111111111", &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_left_shift", Bool, 7, None),
    ("bitwise_left_shift", Byte, 0, Some((Byte, "0111111111", &[0, 2, 4, 6, 200, 254, 0, 144, 254, 10]))),
    ("bitwise_left_shift", Byte, 1, Some((Byte, "0111111111", &[0, 2, 4, 6, 200, 254, 0, 144, 254, 10]))),
    ("bitwise_left_shift", Byte, 2, Some((Byte, "0111111111", &[0, 128, 0, 128, 0, 128, 0, 0, 128, 128]))),
    ("bitwise_left_shift", Byte, 3, Some((Byte, "0111111111", &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_left_shift", Byte, 4, Some((Byte, "0111111111", &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_left_shift", Byte, 5, Some((Byte, "0111111111", &[0, 16, 32, 48, 64, 240, 0, 128, 240, 80]))),
    ("bitwise_left_shift", Byte, 6, Some((Byte, "0111111111", &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_left_shift", Byte, 7, None),
    ("bitwise_left_shift", Char, 0, Some((Char, "0111111111", &[0, 56, -6, -2, 0, 2, 4, 10, -56, -2]))),
    ("bitwise_left_shift", Char, 1, Some((Char, "0111111111", &[0, 56, -6, -2, 0, 2, 4, 10, -56, -2]))),
    ("bitwise_left_shift", Char, 2, Some((Char, "0111111111", &[0, 0, -128, -128, 0, -128, 0, -128, 0, -128]))),
    ("bitwise_left_shift", Char, 3, Some((Char, "0111111111", &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_left_shift", Char, 4, Some((Char, "0111111111", &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_left_shift", Char, 5, Some((Char, "0111111111", &[0, -64, -48, -16, 0, 16, 32, 80, 64, -16]))),
    ("bitwise_left_shift", Char, 6, Some((Char, "0111111111", &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_left_shift", Char, 7, None),
    ("bitwise_left_shift", Short, 0, Some((Short, "0111111111", &[0, -600, -6, -2, 0, 2, 4, 10, 600, -2]))),
    ("bitwise_left_shift", Short, 1, Some((Short, "0111111111", &[0, -600, -6, -2, 0, 2, 4, 10, 600, -2]))),
    ("bitwise_left_shift", Short, 2, Some((Short, "0111111111", &[0, 27136, -384, -128, 0, 128, 256, 640, -27136, -128]))),
    ("bitwise_left_shift", Short, 3, Some((Short, "0111111111", &[0, -11264, -768, -256, 0, 256, 512, 1280, 11264, -256]))),
    ("bitwise_left_shift", Short, 4, Some((Short, "0111111111", &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_left_shift", Short, 5, Some((Short, "0111111111", &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_left_shift", Short, 6, Some((Short, "0111111111", &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_left_shift", Short, 7, None),
    ("bitwise_left_shift", Int, 0, Some((Int, "0111111111", &[0, -140000, -6, -2, 0, 2, 4, 10, 140000, -2]))),
    ("bitwise_left_shift", Int, 1, Some((Int, "0111111111", &[0, -140000, -6, -2, 0, 2, 4, 10, 140000, -2]))),
    ("bitwise_left_shift", Int, 2, Some((Int, "0111111111", &[0, -8960000, -384, -128, 0, 128, 256, 640, 8960000, -128]))),
    ("bitwise_left_shift", Int, 3, Some((Int, "0111111111", &[0, -17920000, -768, -256, 0, 256, 512, 1280, 17920000, -256]))),
    ("bitwise_left_shift", Int, 4, Some((Int, "0111111111", &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_left_shift", Int, 5, Some((Int, "0111111111", &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_left_shift", Int, 6, Some((Int, "0111111111", &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_left_shift", Int, 7, None),
    ("bitwise_left_shift", Long, 0, Some((Long, "0111111111", &[0, -2199023255552, -6, -2, 0, 2, 4, 10, 2199023255554, -2]))),
    ("bitwise_left_shift", Long, 1, Some((Long, "0111111111", &[0, -2199023255552, -6, -2, 0, 2, 4, 10, 2199023255554, -2]))),
    ("bitwise_left_shift", Long, 2, Some((Long, "0111111111", &[0, -140737488355328, -384, -128, 0, 128, 256, 640, 140737488355456, -128]))),
    ("bitwise_left_shift", Long, 3, Some((Long, "0111111111", &[0, -281474976710656, -768, -256, 0, 256, 512, 1280, 281474976710912, -256]))),
    ("bitwise_left_shift", Long, 4, Some((Long, "0111111111", &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_left_shift", Long, 5, Some((Long, "0111111111", &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_left_shift", Long, 6, Some((Long, "0111111111", &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_left_shift", Long, 7, None),
    ("bitwise_left_shift", Half, 0, None),
    ("bitwise_left_shift", Half, 1, None),
    ("bitwise_left_shift", Half, 2, None),
    ("bitwise_left_shift", Half, 3, None),
    ("bitwise_left_shift", Half, 4, None),
    ("bitwise_left_shift", Half, 5, None),
    ("bitwise_left_shift", Half, 6, None),
    ("bitwise_left_shift", Half, 7, None),
    ("bitwise_left_shift", BFloat16, 0, None),
    ("bitwise_left_shift", BFloat16, 1, None),
    ("bitwise_left_shift", BFloat16, 2, None),
    ("bitwise_left_shift", BFloat16, 3, None),
    ("bitwise_left_shift", BFloat16, 4, None),
    ("bitwise_left_shift", BFloat16, 5, None),
    ("bitwise_left_shift", BFloat16, 6, None),
    ("bitwise_left_shift", BFloat16, 7, None),
    ("bitwise_left_shift", Float, 0, None),
    ("bitwise_left_shift", Float, 1, None),
    ("bitwise_left_shift", Float, 2, None),
    ("bitwise_left_shift", Float, 3, None),
    ("bitwise_left_shift", Float, 4, None),
    ("bitwise_left_shift", Float, 5, None),
    ("bitwise_left_shift", Float, 6, None),
    ("bitwise_left_shift", Float, 7, None),
    ("bitwise_left_shift", Double, 0, None),
    ("bitwise_left_shift", Double, 1, None),
    ("bitwise_left_shift", Double, 2, None),
    ("bitwise_left_shift", Double, 3, None),
    ("bitwise_left_shift", Double, 4, None),
    ("bitwise_left_shift", Double, 5, None),
    ("bitwise_left_shift", Double, 6, None),
    ("bitwise_left_shift", Double, 7, None),
    ("bitwise_right_shift", Bool, 0, None),
    ("bitwise_right_shift", Bool, 1, Some((Long, "0111111111", &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_right_shift", Bool, 2, Some((Long, "0111111111", &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_right_shift", Bool, 3, Some((Long, "0111111111", &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_right_shift", Bool, 4, Some((Long, "0111111111", &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_right_shift", Bool, 5, Some((Long, "0111111111", &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_right_shift", Bool, 6, Some((Long, "0111111111", &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_right_shift", Bool, 7, None),
    ("bitwise_right_shift", Byte, 0, Some((Byte, "0111111111", &[0, 0, 1, 1, 50, 63, 64, 100, 127, 2]))),
    ("bitwise_right_shift", Byte, 1, Some((Byte, "0111111111", &[0, 0, 1, 1, 50, 63, 64, 100, 127, 2]))),
    ("bitwise_right_shift", Byte, 2, Some((Byte, "0111111111", &[0, 0, 0, 0, 0, 0, 1, 1, 1, 0]))),
    ("bitwise_right_shift", Byte, 3, Some((Byte, "0111111111", &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_right_shift", Byte, 4, Some((Byte, "0111111111", &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_right_shift", Byte, 5, Some((Byte, "0111111111", &[0, 0, 0, 0, 6, 7, 8, 12, 15, 0]))),
    ("bitwise_right_shift", Byte, 6, Some((Byte, "0111111111", &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_right_shift", Byte, 7, None),
    ("bitwise_right_shift", Char, 0, Some((Char, "0111111111", &[-64, -50, -2, -1, 0, 0, 1, 2, 50, 63]))),
    ("bitwise_right_shift", Char, 1, Some((Char, "0111111111", &[-64, -50, -2, -1, 0, 0, 1, 2, 50, 63]))),
    ("bitwise_right_shift", Char, 2, Some((Char, "0111111111", &[-1, -1, -1, -1, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_right_shift", Char, 3, Some((Char, "0111111111", &[-1, -1, -1, -1, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_right_shift", Char, 4, Some((Char, "0111111111", &[-1, -1, -1, -1, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_right_shift", Char, 5, Some((Char, "0111111111", &[-8, -7, -1, -1, 0, 0, 0, 0, 6, 7]))),
    ("bitwise_right_shift", Char, 6, Some((Char, "0111111111", &[-1, -1, -1, -1, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_right_shift", Char, 7, None),
    ("bitwise_right_shift", Short, 0, Some((Short, "0111111111", &[-16384, -150, -2, -1, 0, 0, 1, 2, 150, 16383]))),
    ("bitwise_right_shift", Short, 1, Some((Short, "0111111111", &[-16384, -150, -2, -1, 0, 0, 1, 2, 150, 16383]))),
    ("bitwise_right_shift", Short, 2, Some((Short, "0111111111", &[-256, -3, -1, -1, 0, 0, 0, 0, 2, 255]))),
    ("bitwise_right_shift", Short, 3, Some((Short, "0111111111", &[-128, -2, -1, -1, 0, 0, 0, 0, 1, 127]))),
    ("bitwise_right_shift", Short, 4, Some((Short, "0111111111", &[-1, -1, -1, -1, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_right_shift", Short, 5, Some((Short, "0111111111", &[-1, -1, -1, -1, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_right_shift", Short, 6, Some((Short, "0111111111", &[-1, -1, -1, -1, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_right_shift", Short, 7, None),
    ("bitwise_right_shift", Int, 0, Some((Int, "0111111111", &[-1073741824, -35000, -2, -1, 0, 0, 1, 2, 35000, 1073741823]))),
    ("bitwise_right_shift", Int, 1, Some((Int, "0111111111", &[-1073741824, -35000, -2, -1, 0, 0, 1, 2, 35000, 1073741823]))),
    ("bitwise_right_shift", Int, 2, Some((Int, "0111111111", &[-16777216, -547, -1, -1, 0, 0, 0, 0, 546, 16777215]))),
    ("bitwise_right_shift", Int, 3, Some((Int, "0111111111", &[-8388608, -274, -1, -1, 0, 0, 0, 0, 273, 8388607]))),
    ("bitwise_right_shift", Int, 4, Some((Int, "0111111111", &[-1, -1, -1, -1, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_right_shift", Int, 5, Some((Int, "0111111111", &[-1, -1, -1, -1, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_right_shift", Int, 6, Some((Int, "0111111111", &[-1, -1, -1, -1, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_right_shift", Int, 7, None),
    ("bitwise_right_shift", Long, 0, Some((Long, "0111111111", &[-4611686018427387904, -549755813888, -2, -1, 0, 0, 1, 2, 549755813888, 4611686018427387903]))),
    ("bitwise_right_shift", Long, 1, Some((Long, "0111111111", &[-4611686018427387904, -549755813888, -2, -1, 0, 0, 1, 2, 549755813888, 4611686018427387903]))),
    ("bitwise_right_shift", Long, 2, Some((Long, "0111111111", &[-72057594037927936, -8589934592, -1, -1, 0, 0, 0, 0, 8589934592, 72057594037927935]))),
    ("bitwise_right_shift", Long, 3, Some((Long, "0111111111", &[-36028797018963968, -4294967296, -1, -1, 0, 0, 0, 0, 4294967296, 36028797018963967]))),
    ("bitwise_right_shift", Long, 4, Some((Long, "0111111111", &[-1, -1, -1, -1, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_right_shift", Long, 5, Some((Long, "0111111111", &[-1, -1, -1, -1, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_right_shift", Long, 6, Some((Long, "0111111111", &[-1, -1, -1, -1, 0, 0, 0, 0, 0, 0]))),
    ("bitwise_right_shift", Long, 7, None),
    ("bitwise_right_shift", Half, 0, None),
    ("bitwise_right_shift", Half, 1, None),
    ("bitwise_right_shift", Half, 2, None),
    ("bitwise_right_shift", Half, 3, None),
    ("bitwise_right_shift", Half, 4, None),
    ("bitwise_right_shift", Half, 5, None),
    ("bitwise_right_shift", Half, 6, None),
    ("bitwise_right_shift", Half, 7, None),
    ("bitwise_right_shift", BFloat16, 0, None),
    ("bitwise_right_shift", BFloat16, 1, None),
    ("bitwise_right_shift", BFloat16, 2, None),
    ("bitwise_right_shift", BFloat16, 3, None),
    ("bitwise_right_shift", BFloat16, 4, None),
    ("bitwise_right_shift", BFloat16, 5, None),
    ("bitwise_right_shift", BFloat16, 6, None),
    ("bitwise_right_shift", BFloat16, 7, None),
    ("bitwise_right_shift", Float, 0, None),
    ("bitwise_right_shift", Float, 1, None),
    ("bitwise_right_shift", Float, 2, None),
    ("bitwise_right_shift", Float, 3, None),
    ("bitwise_right_shift", Float, 4, None),
    ("bitwise_right_shift", Float, 5, None),
    ("bitwise_right_shift", Float, 6, None),
    ("bitwise_right_shift", Float, 7, None),
    ("bitwise_right_shift", Double, 0, None),
    ("bitwise_right_shift", Double, 1, None),
    ("bitwise_right_shift", Double, 2, None),
    ("bitwise_right_shift", Double, 3, None),
    ("bitwise_right_shift", Double, 4, None),
    ("bitwise_right_shift", Double, 5, None),
    ("bitwise_right_shift", Double, 6, None),
    ("bitwise_right_shift", Double, 7, None),
];
#[rustfmt::skip]
const BITWISE_NOT: &[(ScalarType, Option<&[i64]>)] = &[
    (Bool, Some(&[1, 0, 0, 1, 0, 1, 0, 0, 1, 1])),
    (Byte, Some(&[255, 254, 253, 252, 155, 128, 127, 55, 0, 250])),
    (Char, Some(&[127, 99, 2, 0, -1, -2, -3, -6, -101, -128])),
    (Short, Some(&[32767, 299, 2, 0, -1, -2, -3, -6, -301, -32768])),
    (Int, Some(&[2147483647, 69999, 2, 0, -1, -2, -3, -6, -70001, -2147483648])),
    (Long, Some(&[9223372036854775807, 1099511627775, 2, 0, -1, -2, -3, -6, -1099511627778, -9223372036854775808])),
    (Half, None),
    (BFloat16, None),
    (Float, None),
    (Double, None),
];
