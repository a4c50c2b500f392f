//! ATen's dtype and shape rules for pointwise operators, shared by every pointwise kernel, and
//! the adapters that turn a per-element rule into the chunk function `etk_core::iter`'s maps
//! take.

use crate::util::dispatch::compute_class;
use etk_core::out::resize_out;
use etk_core::shape::broadcast_shapes;
use etk_core::{Error, Result, ResultTypeState, Scalar, ScalarType, Tensor, promote_types};

/// The dtype two tensors compute in (`torch.result_type`, zero-dim tensors ranking below
/// dimensioned ones).
pub fn common_dtype(op: &'static str, a: &Tensor<'_>, b: &Tensor<'_>) -> Result<ScalarType> {
    promoted(op, "other", ResultTypeState::new().tensor(a).tensor(b))
}

/// The dtype a tensor and a Scalar compute in (the Scalar as a wrapped number).
pub fn common_dtype_scalar(op: &'static str, a: &Tensor<'_>, s: &Scalar) -> Result<ScalarType> {
    promoted(op, "other", ResultTypeState::new().tensor(a).scalar(s))
}

/// The state's result, or an error naming `arg` where ATen refuses to promote.
pub fn promoted(op: &'static str, arg: &'static str, state: ResultTypeState) -> Result<ScalarType> {
    let t = state.result().ok_or(Error::invalid(
        op,
        arg,
        "dtypes that promote to a common dtype",
    ))?;
    // Complex results go on to the op, which computes or rejects them as ATen does.
    if !t.is_complex() {
        check_supported(op, arg, t)?;
    }
    Ok(t)
}

/// The dtype a unary floating op (sin, exp, ...) computes in: the input's own floating (or
/// complex) dtype, or Float for integers and Bool (ATen's default dtype).
pub fn float_dtype(t: ScalarType) -> ScalarType {
    if t.is_floating_point() || t.is_complex() {
        t
    } else {
        ScalarType::Float
    }
}

/// Resizes `out` to the broadcast of the inputs' shapes.
pub fn resize_to_broadcast(
    op: &'static str,
    out: &mut Tensor<'_>,
    inputs: &[(&'static str, &Tensor<'_>)],
) -> Result<()> {
    let mut shapes: [(&'static str, &[usize]); 3] = [("", &[]); 3];
    for (s, (name, t)) in shapes.iter_mut().zip(inputs) {
        *s = (name, t.sizes());
    }
    let shape = broadcast_shapes(op, &shapes[..inputs.len()])?;
    resize_out(op, out, &shape)
}

/// Fails for the dtypes without a compute type here (complex, barebones unsigned).
pub fn check_supported(op: &'static str, arg_name: &'static str, t: ScalarType) -> Result<()> {
    if compute_class(t).is_none() {
        return Err(Error::unsupported_dtype(op, arg_name, t));
    }
    Ok(())
}

/// Fails for Bool, an input's or the computed one (ops ATen does not define on bool, such as
/// `neg`, `fmod` or `div` with a rounding mode).
pub fn reject_bool(op: &'static str, arg_name: &'static str, t: ScalarType) -> Result<()> {
    if t == ScalarType::Bool {
        return Err(Error::dtype(op, arg_name, "a non-Bool dtype", t));
    }
    Ok(())
}

/// Fails unless `t` is an integral dtype (Bool included when `include_bool`).
pub fn require_integral(
    op: &'static str,
    arg_name: &'static str,
    t: ScalarType,
    include_bool: bool,
) -> Result<()> {
    if !t.is_integral(include_bool) {
        let expected = if include_bool {
            "an integral or Bool dtype"
        } else {
            "an integral dtype"
        };
        return Err(Error::dtype(op, arg_name, expected, t));
    }
    Ok(())
}

/// The chunk function for [`map1`](etk_core::iter::map1) that applies `f` to each element.
#[inline(always)]
pub fn each1<A: Copy, O>(mut f: impl FnMut(A) -> O) -> impl FnMut(&[A], &mut [O]) {
    move |a, o| {
        for (o, &a) in o.iter_mut().zip(a) {
            *o = f(a);
        }
    }
}

/// The chunk function for [`map2`](etk_core::iter::map2) that applies `f` to each pair.
#[inline(always)]
pub fn each2<A: Copy, B: Copy, O>(
    mut f: impl FnMut(A, B) -> O,
) -> impl FnMut(&[A], &[B], &mut [O]) {
    move |a, b, o| {
        for ((o, &a), &b) in o.iter_mut().zip(a).zip(b) {
            *o = f(a, b);
        }
    }
}

/// The chunk function for [`map3`](etk_core::iter::map3) that applies `f` to each triple.
#[inline(always)]
pub fn each3<A: Copy, B: Copy, C: Copy, O>(
    mut f: impl FnMut(A, B, C) -> O,
) -> impl FnMut(&[A], &[B], &[C], &mut [O]) {
    move |a, b, c, o| {
        for (((o, &a), &b), &c) in o.iter_mut().zip(a).zip(b).zip(c) {
            *o = f(a, b, c);
        }
    }
}

/// The promoted dtype of every tensor of the list.
pub fn promoted_of_list(op: &'static str, tensors: &[Tensor<'_>]) -> Result<ScalarType> {
    let mut dt = tensors[0].dtype();
    for t in &tensors[1..] {
        dt = promote_types(dt, t.dtype()).ok_or(Error::dtype(
            op,
            "tensors",
            "dtypes that promote together",
            t.dtype(),
        ))?;
    }
    Ok(dt)
}
