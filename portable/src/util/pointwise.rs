//! ATen's dtype and shape rules for pointwise operators, shared by every pointwise kernel.

use etk_core::iter::{arg, map1};
use etk_core::out::{check_can_cast, resize_out};
use etk_core::shape::broadcast_shapes;
use etk_core::{Error, ErrorKind, Info, Result, ResultTypeState, Scalar, ScalarType, Tensor};

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
    if t.is_complex() || t.is_barebones_unsigned() {
        return Err(Error::unsupported_dtype(op, arg, t));
    }
    Ok(t)
}

/// The dtype a unary floating op (sin, exp, ...) computes in: the input's own floating dtype,
/// or Float for integers and Bool (ATen's default dtype).
pub fn float_dtype(t: ScalarType) -> ScalarType {
    if t.is_floating_point() {
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

/// Fails for Bool (ops ATen does not define on bool, such as `neg` or `sub`).
pub fn reject_bool(op: &'static str, arg_name: &'static str, t: ScalarType) -> Result<()> {
    if t == ScalarType::Bool {
        return Err(Error::new(ErrorKind::InvalidType, op, arg_name)
            .expected_text("a non-Bool dtype")
            .got(Info::Dtype(t)));
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
        return Err(Error::new(ErrorKind::InvalidType, op, arg_name)
            .expected_text(if include_bool {
                "an integral or Bool dtype"
            } else {
                "an integral dtype"
            })
            .got(Info::Dtype(t)));
    }
    Ok(())
}

/// A unary op that computes in floating point: `out = f(self)`, integers and Bool promoted to
/// Float, Half and BFloat16 computed in f32 and rounded once.
pub fn unary_float_op(
    op: &'static str,
    self_: &Tensor<'_>,
    out: &mut Tensor<'_>,
    f32_fn: fn(f32) -> f32,
    f64_fn: fn(f64) -> f64,
) -> Result<()> {
    let common = float_dtype(self_.dtype());
    if self_.dtype().is_complex() || self_.dtype().is_barebones_unsigned() {
        return Err(Error::unsupported_dtype(op, "self", self_.dtype()));
    }
    check_can_cast(op, common, out)?;
    resize_out(op, out, self_.sizes())?;
    let a = arg("self", self_);
    if common == ScalarType::Double {
        map1::<f64, f64>(op, out, Some(common), a, |x, o| {
            for (o, &x) in o.iter_mut().zip(x) {
                *o = f64_fn(x);
            }
        })
    } else {
        map1::<f32, f32>(op, out, Some(common), a, |x, o| {
            for (o, &x) in o.iter_mut().zip(x) {
                *o = f32_fn(x);
            }
        })
    }
}
