//! Clamping to Scalar bounds with ATen's dtype and NaN rules, shared by `clamp.out`,
//! `hardtanh.out` and `relu.out`; the per-element rules `clamp.Tensor_out` also uses.

use crate::dispatch_compute;
use crate::util::pointwise::{check_supported, each1, promoted};
use crate::util::scalar::scalar_to_checked;
use etk_core::iter::{arg, fill, map1};
use etk_core::out::{check_dtype, resize_out};
use etk_core::{Compute, Error, Result, ResultTypeState, Scalar, ScalarType, Tensor};

/// Lowest and highest values of a compute type, and NaN tests (never NaN for integers).
pub(crate) trait Bounds: Compute {
    const LOWEST: Self;
    const HIGHEST: Self;
    /// NaN for floats; unused for integers.
    const NAN_OR_ZERO: Self;
    fn is_nan(self) -> bool;
}

impl Bounds for i64 {
    const LOWEST: Self = i64::MIN;
    const HIGHEST: Self = i64::MAX;
    const NAN_OR_ZERO: Self = 0;
    #[inline(always)]
    fn is_nan(self) -> bool {
        false
    }
}

macro_rules! float_bounds {
    ($t:ty) => {
        impl Bounds for $t {
            const LOWEST: Self = <$t>::NEG_INFINITY;
            const HIGHEST: Self = <$t>::INFINITY;
            const NAN_OR_ZERO: Self = <$t>::NAN;
            #[inline(always)]
            fn is_nan(self) -> bool {
                <$t>::is_nan(self)
            }
        }
    };
}
float_bounds!(f32);
float_bounds!(f64);

/// `x` clamped with NaN propagating from any operand.
#[inline(always)]
pub(crate) fn clamp_nan<C: Bounds>(x: C, lo: C, hi: C) -> C {
    if x.is_nan() || lo.is_nan() || hi.is_nan() {
        C::NAN_OR_ZERO
    } else {
        clamp_value(x, lo, hi)
    }
}

/// `min(max(x, lo), hi)` as ATen computes it: `x` kept when it is NaN or equal to a bound
/// (so `-0.0` clamped below by `0.0` stays `-0.0`), and `hi` wins when `lo > hi`.
#[inline(always)]
fn clamp_value<C: Compute>(x: C, lo: C, hi: C) -> C {
    let y = if x < lo { lo } else { x };
    if hi < y { hi } else { y }
}

pub(crate) fn no_bounds(op: &'static str) -> Error {
    Error::invalid(op, "min", "at least one of min and max to be given")
}

/// A Scalar bound with the name of its argument (`min`, or `min_val` for hardtanh).
pub(crate) type NamedBound = Option<(&'static str, Scalar)>;

/// Scalar-bound clamping, shared by `clamp.out`, `hardtanh.out` and `relu.out`.
pub(crate) fn clamp_scalar_impl(
    op: &'static str,
    self_: &Tensor<'_>,
    min: NamedBound,
    max: NamedBound,
    out: &mut Tensor<'_>,
) -> Result<()> {
    if min.is_none() && max.is_none() {
        return Err(no_bounds(op));
    }
    let st = self_.dtype();
    // ATen: "clamp is not supported for complex types".
    crate::util::complex::reject_complex(op, "self", st)?;
    check_supported(op, "self", st)?;
    let common = if st.is_floating_point() {
        st
    } else {
        let mut state = ResultTypeState::new().tensor(self_);
        for (_, s) in min.iter().chain(max.iter()) {
            state = state.scalar(s);
        }
        promoted(op, "min", state)?
    };
    if common == ScalarType::Bool {
        return Err(Error::dtype(
            op,
            "self",
            "a result dtype other than Bool (clamp has no Bool kernel)",
            common,
        ));
    }
    check_dtype(op, "out", out, common)?;
    resize_out(op, out, self_.sizes())?;
    let nan_bound = min
        .iter()
        .chain(max.iter())
        .any(|(_, s)| matches!(s, Scalar::Double(d) if d.is_nan()));
    dispatch_compute!(common, C => {
        if nan_bound {
            // ATen fills with NaN before converting the bounds (no overflow check then).
            return fill::<C>(op, out, None, |o| o.fill(C::NAN_OR_ZERO));
        }
        let lo: C = match &min {
            Some((name, s)) => scalar_to_checked(op, name, s, common)?,
            None => C::LOWEST,
        };
        let hi: C = match &max {
            Some((name, s)) => scalar_to_checked(op, name, s, common)?,
            None => C::HIGHEST,
        };
        let x = arg("self", self_).via(common);
        map1::<C, C>(op, out, None, x, each1(|x| clamp_value(x, lo, hi)))
    }, _ => Err(Error::unsupported_dtype(op, "self", common)))
}
