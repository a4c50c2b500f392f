//! The prologues the optimized pointwise ops share: each checks ATen's rules as portable does,
//! in the same order, and either hands the op a common dtype with the out already resized, or
//! declines (`None`) so that the op calls portable, which then reports any error itself. The
//! only error a prologue returns is a failed resize, which portable would report identically
//! at the same point.

use super::bodies::{Clamp, ClampMin, Cmp, Compare, IClamp};
use super::frame::{
    BinaryOp, CompareOp, IntCompare, IntOp, IntUnary, Operand, UnaryOp, binary_float, binary_int,
    compare_float, compare_int, is_int, unary_float, unary_int,
};
use super::half::FloatKind;
use etk_core::out::resize_out;
use etk_core::{KernelContext, Result, ResultTypeState, Scalar, ScalarType, Tensor};
use etk_portable::util::pointwise::{common_dtype, common_dtype_scalar, resize_to_broadcast};
use etk_portable::util::scalar::{int_range, scalar_to_checked};
use etk_simd::{Kernel, Simd, dispatch};

/// The dtypes the arithmetic frames compute in: Float, Half, BFloat16 and the integer dtypes.
pub fn is_fast(t: ScalarType) -> bool {
    FloatKind::of(t).is_some() || is_int(t)
}

/// Whether `t` computes in f32 (Float, Half, BFloat16).
pub fn is_float(t: ScalarType) -> bool {
    FloatKind::of(t).is_some()
}

/// ATen's alpha rule where it cannot fail (portable's `check_alpha`): no Bool alpha (the fast
/// dtypes are not Bool), and a floating alpha only for a floating common dtype.
pub fn alpha_ok(common: ScalarType, alpha: &Scalar) -> bool {
    !alpha.is_bool() && (is_float(common) || !alpha.is_floating_point())
}

/// `a + c * b` on the f32 frame or the integer frame, `c` the op's Scalar parameter converted
/// to the common dtype as portable converts it (`scalar_to_checked`; `None` when that fails,
/// so portable reports it). `c == ±1` uses a plain add / subtract: `a + (-1) * b` and `a - b`
/// are the same IEEE operation.
#[allow(clippy::too_many_arguments)]
pub fn axpy(
    ctx: &KernelContext<'_>,
    op: &'static str,
    common: ScalarType,
    c: &Scalar,
    a: Operand<'_, '_>,
    b: Operand<'_, '_>,
    out: &mut Tensor<'_>,
) -> bool {
    use super::bodies::{Add, AddScaled, IAdd, IAddScaled, ISub, Sub};
    if is_float(common) {
        let Ok(c) = scalar_to_checked::<f32>(op, "alpha", c, common) else {
            return false;
        };
        if c == 1.0 {
            binary_float(ctx, Add, a, b, out)
        } else if c == -1.0 {
            binary_float(ctx, Sub, a, b, out)
        } else {
            binary_float(ctx, AddScaled(c), a, b, out)
        }
    } else {
        let Ok(c) = scalar_to_checked::<i64>(op, "alpha", c, common) else {
            return false;
        };
        match c {
            1 => binary_int(ctx, IAdd, a, b, out),
            -1 => binary_int(ctx, ISub, a, b, out),
            c => binary_int(ctx, IAddScaled(c), a, b, out),
        }
    }
}

/// The most elements [`same_shape_f32`] takes: its point is the fixed cost of small calls; above
/// this the frame's walk costs nothing in comparison, and it decides streaming and threads.
const FLAT_MAX: usize = 1 << 14;

/// `out = op(a, b)` as one flat loop when `a`, `b` and the out are Float tensors of one shape
/// and one dim order (then all three are dense in the same memory order) and the out is
/// writable; `None`, having done nothing, otherwise. On a few elements the general path's fixed
/// cost (promotion, broadcasting, planning the walk) is nearly all of a call, and models call
/// pointwise ops on tiny tensors by the thousand. The lane body is the frame's, so the results
/// are the frame's bit for bit, and every check the general path makes holds already: the
/// common dtype is Float, the out has it and the broadcast shape.
pub fn same_shape_f32<Op: BinaryOp>(
    op: Op,
    a: &Tensor<'_>,
    b: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Option<()> {
    let n = out.numel();
    let f32s = |t: &Tensor<'_>| t.dtype() == ScalarType::Float;
    if n > FLAT_MAX || !f32s(a) || !f32s(b) || !f32s(out) {
        return None;
    }
    let same =
        |x: &[usize], y: &[usize]| x.len() == y.len() && x.iter().zip(y).all(|(p, q)| p == q);
    if !same(a.sizes(), out.sizes())
        || !same(b.sizes(), out.sizes())
        || !same(a.dim_order(), out.dim_order())
        || !same(b.dim_order(), out.dim_order())
    {
        return None;
    }
    let o = out.as_mut_ptr("", "out").ok()?;
    dispatch(
        etk_simd::level(),
        Flat {
            op,
            a: a.as_ptr() as *const f32,
            b: b.as_ptr() as *const f32,
            out: o as *mut f32,
            n,
        },
    );
    Some(())
}

/// `out[i] = op(a[i], b[i])` for `i < n`.
#[derive(Clone, Copy)]
struct Flat<Op> {
    op: Op,
    a: *const f32,
    b: *const f32,
    out: *mut f32,
    n: usize,
}

impl<Op: BinaryOp> Kernel for Flat<Op> {
    type Output = ();
    #[inline(always)]
    fn run<S: Simd>(self, s: S) {
        let (l, n) = (S::LANES, self.n);
        let mut i = 0;
        // SAFETY: `a`, `b` and `out` hold `n` floats (dense views of `n` elements); the out
        // does not overlap the inputs (the caller's promise, as for every kernel).
        unsafe {
            while i + l <= n {
                let (x, y) = (s.load(self.a.add(i)), s.load(self.b.add(i)));
                s.store(self.out.add(i), self.op.apply(s, x, y));
                i += l;
            }
            if i < n {
                let r = n - i;
                let (x, y) = (s.load_n(self.a.add(i), r), s.load_n(self.b.add(i), r));
                s.store_n(self.out.add(i), r, self.op.apply(s, x, y));
            }
        }
    }
}

/// [`axpy`] through [`same_shape_f32`]: `a + c * b` with `c` converted as `axpy` converts it.
pub fn same_shape_axpy(
    op: &'static str,
    c: &Scalar,
    a: &Tensor<'_>,
    b: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Option<()> {
    use super::bodies::{Add, AddScaled, Sub};
    if c.is_bool() || a.dtype() != ScalarType::Float {
        return None;
    }
    // alpha = 1, the default, without the conversion's range checks.
    if *c == Scalar::Int(1) {
        return same_shape_f32(Add, a, b, out);
    }
    let c = scalar_to_checked::<f32>(op, "alpha", c, ScalarType::Float).ok()?;
    if c == 1.0 {
        same_shape_f32(Add, a, b, out)
    } else if c == -1.0 {
        same_shape_f32(Sub, a, b, out)
    } else {
        same_shape_f32(AddScaled(c), a, b, out)
    }
}

/// A Scalar `other` of `add` / `sub` (`x + c * other`): the product `c * other` is the same for
/// every element, so it is computed once, as portable computes it (`other` cast to the common
/// dtype like a wrapped number, `c` converted with the overflow check).
pub fn axpy_scalar(
    ctx: &KernelContext<'_>,
    op: &'static str,
    common: ScalarType,
    c: &Scalar,
    a: Operand<'_, '_>,
    other: &Scalar,
    out: &mut Tensor<'_>,
) -> bool {
    use super::bodies::{Add, IAdd};
    if is_float(common) {
        let Ok(c) = scalar_to_checked::<f32>(op, "alpha", c, common) else {
            return false;
        };
        let v = c * other.cast_to::<f32>(common);
        binary_float(ctx, Add, a, Operand::F32(v), out)
    } else {
        let Ok(c) = scalar_to_checked::<i64>(op, "alpha", c, common) else {
            return false;
        };
        let v = c.wrapping_mul(other.cast_to::<i64>(common));
        binary_int(ctx, IAdd, a, Operand::I64(v), out)
    }
}

/// `other` of `mul` / `div` as portable reads it: for a Half / BFloat16 result, a one-element
/// `other` is read in f32 from its own dtype (ATen's CPU-scalar path), not rounded to the
/// common dtype.
pub fn scalar_path_operand<'t, 'a>(common: ScalarType, other: &'t Tensor<'a>) -> Operand<'t, 'a> {
    if matches!(common, ScalarType::Half | ScalarType::BFloat16)
        && other.numel() == 1
        && let Some(v) = other.read::<f32>(0)
    {
        return Operand::F32(v);
    }
    Operand::Tensor(other)
}

/// A Scalar `other` of `mul` / `div`: its own value for a Half / BFloat16 result, else cast to
/// the common dtype like a wrapped number.
pub fn scalar_value(common: ScalarType, other: &Scalar) -> Operand<'static, 'static> {
    match common {
        ScalarType::Half | ScalarType::BFloat16 => Operand::F32(other.to_compute()),
        _ if is_float(common) => Operand::F32(other.cast_to(common)),
        _ => Operand::I64(other.cast_to(common)),
    }
}

/// `op.out(Tensor self, Tensor other, ...)`: the common dtype of the tensors when it is a fast
/// dtype, `ok(common)` holds (the op's own checks, e.g. alpha) and the out has exactly that
/// dtype; the out is resized to the broadcast shape.
pub fn prologue_tensor(
    op: &'static str,
    self_: &Tensor<'_>,
    other: &Tensor<'_>,
    out: &mut Tensor<'_>,
    ok: impl FnOnce(ScalarType) -> bool,
) -> Option<Result<ScalarType>> {
    let common = common_dtype(op, self_, other).ok()?;
    if !is_fast(common) || out.dtype() != common || !ok(common) {
        return None;
    }
    Some(resize_to_broadcast(op, out, &[("self", self_), ("other", other)]).map(|_| common))
}

/// `op.Scalar_out(Tensor self, Scalar other, ...)`: as [`prologue_tensor`] with the Scalar as a
/// wrapped number; the out takes `self`'s shape.
pub fn prologue_scalar(
    op: &'static str,
    self_: &Tensor<'_>,
    other: &Scalar,
    out: &mut Tensor<'_>,
    ok: impl FnOnce(ScalarType) -> bool,
) -> Option<Result<ScalarType>> {
    let common = common_dtype_scalar(op, self_, other).ok()?;
    if !is_fast(common) || out.dtype() != common || !ok(common) {
        return None;
    }
    Some(resize_out(op, out, self_.sizes()).map(|_| common))
}

/// Runs `body` after an accepted prologue: `Some(result)` when the call is finished (computed,
/// or the resize failed), `None` when the op must call portable.
pub fn finish(
    prologue: Option<Result<ScalarType>>,
    body: impl FnOnce(ScalarType) -> bool,
) -> Option<Result<()>> {
    match prologue? {
        Err(e) => Some(Err(e)),
        Ok(common) => body(common).then_some(Ok(())),
    }
}

/// The float body in f32 for Float / Half / BFloat16, else the integer body (if any).
pub fn arith<F: BinaryOp, I: IntOp>(
    ctx: &KernelContext<'_>,
    common: ScalarType,
    float: F,
    int: Option<I>,
    a: Operand<'_, '_>,
    b: Operand<'_, '_>,
    out: &mut Tensor<'_>,
) -> bool {
    if is_float(common) {
        binary_float(ctx, float, a, b, out)
    } else {
        match int {
            Some(i) => binary_int(ctx, i, a, b, out),
            None => false,
        }
    }
}

/// `op.out(Tensor self, ..., Tensor(a!) out)` for ops whose result keeps `self`'s dtype: `self`
/// of a dtype `ok` accepts and the out of exactly that dtype; the out takes `self`'s shape.
pub fn prologue_unary(
    op: &'static str,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
    ok: impl FnOnce(ScalarType) -> bool,
) -> Option<Result<ScalarType>> {
    let dtype = self_.dtype();
    if out.dtype() != dtype || !ok(dtype) {
        return None;
    }
    Some(resize_out(op, out, self_.sizes()).map(|_| dtype))
}

/// A unary op on the f32 frame (Float, Half, BFloat16) or the integer frame (integer dtypes).
pub fn unary<F: UnaryOp, I: IntUnary>(
    ctx: &KernelContext<'_>,
    op: &'static str,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
    float: F,
    int: Option<I>,
) -> Option<Result<()>> {
    let has_int = int.is_some();
    let pro = prologue_unary(op, self_, out, |t| is_float(t) || (has_int && is_fast(t)));
    finish(pro, |common| {
        if is_float(common) {
            unary_float(ctx, float, self_, out)
        } else {
            match int {
                Some(i) => unary_int(ctx, i, self_, out),
                None => false,
            }
        }
    })
}

/// A comparison of two tensors into a Bool out (other out dtypes: portable).
pub fn compare_tensors<Op: CompareOp + IntCompare>(
    ctx: &KernelContext<'_>,
    op: &'static str,
    cmp: Op,
    self_: &Tensor<'_>,
    other: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Option<Result<()>> {
    if out.dtype() != ScalarType::Bool {
        return None;
    }
    let common = common_dtype(op, self_, other).ok()?;
    if !is_fast(common) {
        return None;
    }
    let pro =
        Some(resize_to_broadcast(op, out, &[("self", self_), ("other", other)]).map(|_| common));
    finish(pro, |common| {
        let (a, b) = (Operand::Tensor(self_), Operand::Tensor(other));
        if is_float(common) {
            compare_float(ctx, cmp, a, b, common, out)
        } else {
            compare_int(ctx, cmp, a, b, common, out)
        }
    })
}

/// A comparison of a tensor with a Scalar (a wrapped number, cast to the common dtype) into a
/// Bool out. An integer tensor against a floating Scalar compares in Float; the frame answers
/// that with the one integer comparison that agrees on every value (see `int_form`).
pub fn compare_scalar<const C: u8>(
    ctx: &KernelContext<'_>,
    op: &'static str,
    cmp: Compare<C>,
    self_: &Tensor<'_>,
    other: &Scalar,
    out: &mut Tensor<'_>,
) -> Option<Result<()>> {
    if out.dtype() != ScalarType::Bool {
        return None;
    }
    let common = common_dtype_scalar(op, self_, other).ok()?;
    if !is_fast(common) {
        return None;
    }
    let pro = Some(resize_out(op, out, self_.sizes()).map(|_| common));
    finish(pro, |common| {
        let a = Operand::Tensor(self_);
        let dtype = self_.dtype();
        if common == ScalarType::Float && is_int(dtype) {
            let c = other.cast_to::<f32>(common);
            let (lo, hi) = int_range(dtype);
            return int_form(Cmp::of_code(C), c, lo, hi)
                .is_some_and(|(k, t)| compare_int_by(ctx, k, a, t, dtype, out));
        }
        if is_float(common) {
            let v = Operand::F32(other.cast_to::<f32>(common));
            compare_float(ctx, cmp, a, v, common, out)
        } else {
            let v = Operand::I64(other.cast_to::<i64>(common));
            compare_int(ctx, cmp, a, v, common, out)
        }
    })
}

/// `(x as f32) cmp c` for every `x` in `lo..=hi` (an integer dtype compared with a Float value,
/// as ATen does) as one integer comparison `x k t` with `t` in `lo..=hi`: `x as f32` never
/// decreases, so each comparison holds on an interval of the integers. `None` for `eq` / `ne`
/// when several integers round to `c`.
fn int_form(cmp: Cmp, c: f32, lo: i64, hi: i64) -> Option<(Cmp, i64)> {
    let nowhere = (Cmp::Lt, lo);
    let everywhere = (Cmp::Ge, lo);
    if c.is_nan() {
        return Some(if cmp == Cmp::Ne { everywhere } else { nowhere });
    }
    // the first x with `x as f32 >= c` (`> c`), or hi + 1
    let first = |pred: &dyn Fn(f32) -> bool| {
        let (mut a, mut b) = (lo as i128, hi as i128 + 1);
        while a < b {
            let m = a + (b - a) / 2;
            if pred(m as i64 as f32) {
                b = m;
            } else {
                a = m + 1;
            }
        }
        a
    };
    let (ge, gt) = (first(&|x| x >= c), first(&|x| x > c));
    let end = hi as i128 + 1;
    let below = |t: i128| match t == end {
        true => (Cmp::Le, hi),
        false => (Cmp::Lt, t as i64),
    };
    let from = |t: i128| match t == end {
        true => (Cmp::Gt, hi),
        false => (Cmp::Ge, t as i64),
    };
    Some(match cmp {
        Cmp::Lt => below(ge),
        Cmp::Le => below(gt),
        Cmp::Gt => from(gt),
        Cmp::Ge => from(ge),
        Cmp::Eq | Cmp::Ne => match (gt - ge, cmp) {
            (0, Cmp::Eq) => nowhere,
            (0, _) => everywhere,
            (1, _) => (cmp, ge as i64),
            _ => return None,
        },
    })
}

/// `out = a k t` on the integer frame, `k` chosen at run time.
fn compare_int_by(
    ctx: &KernelContext<'_>,
    k: Cmp,
    a: Operand<'_, '_>,
    t: i64,
    dtype: ScalarType,
    out: &mut Tensor<'_>,
) -> bool {
    let b = Operand::I64(t);
    match k {
        Cmp::Eq => compare_int(ctx, Compare::<{ Cmp::Eq.code() }>, a, b, dtype, out),
        Cmp::Ne => compare_int(ctx, Compare::<{ Cmp::Ne.code() }>, a, b, dtype, out),
        Cmp::Lt => compare_int(ctx, Compare::<{ Cmp::Lt.code() }>, a, b, dtype, out),
        Cmp::Le => compare_int(ctx, Compare::<{ Cmp::Le.code() }>, a, b, dtype, out),
        Cmp::Gt => compare_int(ctx, Compare::<{ Cmp::Gt.code() }>, a, b, dtype, out),
        Cmp::Ge => compare_int(ctx, Compare::<{ Cmp::Ge.code() }>, a, b, dtype, out),
    }
}

/// `clamp` with Scalar bounds (also `relu` and `hardtanh`), as portable's `clamp_scalar_impl`
/// when `self` is Float, Half, BFloat16 or an integer dtype and the out has its dtype: the
/// bounds converted with c10's overflow check (an error or a NaN bound: portable).
pub fn clamp_scalar(
    ctx: &KernelContext<'_>,
    op: &'static str,
    self_: &Tensor<'_>,
    min: Option<(&'static str, Scalar)>,
    max: Option<(&'static str, Scalar)>,
    out: &mut Tensor<'_>,
) -> Option<Result<()>> {
    let dtype = self_.dtype();
    if min.is_none() && max.is_none() || !is_fast(dtype) {
        return None;
    }
    // the result dtype: self's if floating, else self promoted with the bounds.
    let mut state = ResultTypeState::new().tensor(self_);
    for (_, s) in min.iter().chain(max.iter()) {
        state = state.scalar(s);
    }
    if !is_float(dtype) && state.result() != Some(dtype) {
        return None;
    }
    if min
        .iter()
        .chain(max.iter())
        .any(|(_, s)| matches!(s, Scalar::Double(d) if d.is_nan()))
    {
        return None;
    }
    if is_float(dtype) {
        let lo = match &min {
            Some((name, s)) => scalar_to_checked::<f32>(op, name, s, dtype).ok()?,
            None => f32::NEG_INFINITY,
        };
        let hi = match &max {
            Some((name, s)) => scalar_to_checked::<f32>(op, name, s, dtype).ok()?,
            None => f32::INFINITY,
        };
        if hi == f32::INFINITY {
            unary::<ClampMin, IClamp>(ctx, op, self_, out, ClampMin(lo), None)
        } else {
            unary::<Clamp, IClamp>(ctx, op, self_, out, Clamp { lo, hi }, None)
        }
    } else {
        let lo = match &min {
            Some((name, s)) => scalar_to_checked::<i64>(op, name, s, dtype).ok()?,
            None => i64::MIN,
        };
        let hi = match &max {
            Some((name, s)) => scalar_to_checked::<i64>(op, name, s, dtype).ok()?,
            None => i64::MAX,
        };
        unary(
            ctx,
            op,
            self_,
            out,
            Clamp { lo: 0.0, hi: 0.0 },
            Some(IClamp { lo, hi }),
        )
    }
}
