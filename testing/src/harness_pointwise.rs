//! Generators for the pointwise kernels: binary and unary arithmetic, comparisons, clamping,
//! the activations, `where` and `_to_copy`, tried on every layout class.

use crate::harness::random::{DTYPES, Rng, contiguous, scalar, tensor};
use crate::harness::tensors::{Arg, Call, Class, Gen, shapes};
use crate::harness::tolerance::{EXACT, MATH, Tol, ULP1};
use etk_core::{Scalar, ScalarType};

/// The generator of a pointwise op, by full name.
pub fn generator(name: &str) -> Option<Gen> {
    let pw = |tol, make| {
        Some(Gen {
            tol,
            make,
            pointwise: true,
            scale: None,
        })
    };
    match name {
        "aten::add.out" | "aten::sub.out" => pw(EXACT, gen_add),
        "aten::add.Scalar_out" | "aten::sub.Scalar_out" => pw(EXACT, gen_add_scalar),
        "aten::mul.out" | "aten::div.out" | "aten::maximum.out" | "aten::minimum.out" => {
            pw(EXACT, gen_binary)
        }
        "aten::mul.Scalar_out" | "aten::div.Scalar_out" => pw(EXACT, gen_binary_scalar),
        "aten::div.out_mode" => pw(EXACT, gen_div_mode),
        "aten::div.Scalar_mode_out" => pw(EXACT, gen_div_scalar_mode),
        "aten::clamp.Tensor_out" => pw(EXACT, gen_clamp_tensor),
        "aten::eq.Tensor_out"
        | "aten::ne.Tensor_out"
        | "aten::lt.Tensor_out"
        | "aten::le.Tensor_out"
        | "aten::gt.Tensor_out"
        | "aten::ge.Tensor_out" => pw(EXACT, gen_compare),
        "aten::eq.Scalar_out"
        | "aten::ne.Scalar_out"
        | "aten::lt.Scalar_out"
        | "aten::le.Scalar_out"
        | "aten::gt.Scalar_out"
        | "aten::ge.Scalar_out" => pw(EXACT, gen_compare_scalar),
        "aten::where.self_out" => pw(EXACT, gen_where),
        "aten::clamp.out" => pw(EXACT, gen_clamp),
        "aten::hardtanh.out" => pw(EXACT, gen_hardtanh),
        "aten::relu.out" | "aten::neg.out" | "aten::abs.out" => pw(EXACT, gen_unary),
        // within 1 ulp (as ATen's MKL-backed Float kernels), portable's are correctly rounded
        "aten::sqrt.out" | "aten::rsqrt.out" => pw(ULP1, gen_unary),
        "aten::exp.out" | "aten::log.out" | "aten::tanh.out" | "aten::sigmoid.out"
        | "aten::erf.out" => pw(MATH, gen_unary),
        // portable's erf-form gelu loses relative accuracy in the negative tail (1 + erf
        // cancels); compare absolutely there.
        "aten::gelu.out" => pw(
            Tol::Close {
                rtol: 4e-6,
                atol: 2e-6,
            },
            gen_gelu,
        ),
        // etk_simd's expm1 (≤ 4 ulp) against libm's, scaled
        "aten::elu.out" => pw(MATH, gen_elu),
        "aten::_to_copy.out" => pw(EXACT, gen_to_copy),
        _ => None,
    }
}

pub fn t(rng: &mut Rng, dtype: ScalarType, s: &(Vec<usize>, Vec<usize>)) -> Arg {
    Arg::T(tensor(rng, dtype, &s.0, &s.1))
}

/// The out dtype a call is tried with: the common dtype mostly, another one sometimes (which
/// portable handles, or rejects, and the optimized kernel must do the same).
pub fn out_dtype(rng: &mut Rng, common: Option<ScalarType>, variant: usize) -> ScalarType {
    match (common, variant % 5) {
        (Some(c), 0..=3) => c,
        _ => DTYPES[rng.below(10)],
    }
}

pub fn result_type(a: ScalarType, a_dim: usize, b: ScalarType, b_dim: usize) -> Option<ScalarType> {
    etk_core::ResultTypeState::new()
        .dtype(a, a_dim)
        .dtype(b, b_dim)
        .result()
}

pub fn binary(
    rng: &mut Rng,
    class: Class,
    dt: [ScalarType; 2],
    variant: usize,
    extra: impl FnOnce(&mut Rng) -> Vec<Arg>,
) -> Option<Call> {
    let s = shapes(rng, class, variant % 7 == 6);
    let common = result_type(dt[0], s.a.0.len(), dt[1], s.b.0.len());
    let mut args = vec![t(rng, dt[0], &s.a), t(rng, dt[1], &s.b)];
    args.extend(extra(rng));
    Some(Call {
        args,
        out_dtype: out_dtype(rng, common, variant),
        out_sizes: s.out.0,
        out_order: s.out.1,
        dynamic: variant % 4 == 3,
    })
}

pub fn binary_scalar(
    rng: &mut Rng,
    class: Class,
    dt: [ScalarType; 2],
    variant: usize,
    extra: impl FnOnce(&mut Rng) -> Vec<Arg>,
) -> Option<Call> {
    let s = shapes(rng, class, false);
    let other = scalar(rng, variant);
    let common = etk_core::ResultTypeState::new()
        .dtype(dt[0], s.a.0.len())
        .scalar(&other)
        .result();
    let mut args = vec![t(rng, dt[0], &s.a), Arg::S(other)];
    args.extend(extra(rng));
    Some(Call {
        args,
        out_dtype: out_dtype(rng, common, variant),
        out_sizes: s.a.0.clone(),
        out_order: s.a.1,
        dynamic: variant % 4 == 3,
    })
}

pub fn unary(
    rng: &mut Rng,
    class: Class,
    dt: ScalarType,
    variant: usize,
    extra: impl FnOnce(&mut Rng) -> Vec<Arg>,
) -> Option<Call> {
    let s = shapes(rng, class, false);
    let out_order = if class == Class::MixedOrder {
        contiguous(&s.a.0)
    } else {
        s.a.1.clone()
    };
    let mut args = vec![t(rng, dt, &s.a)];
    args.extend(extra(rng));
    let common = Some(if dt.is_floating_point() || variant.is_multiple_of(2) {
        dt
    } else {
        ScalarType::Float
    });
    Some(Call {
        args,
        out_dtype: out_dtype(rng, common, variant),
        out_sizes: s.a.0.clone(),
        out_order,
        dynamic: variant % 4 == 3,
    })
}

pub fn alpha(rng: &mut Rng) -> Vec<Arg> {
    vec![Arg::S(match rng.below(4) {
        0 | 1 => Scalar::Int(1),
        2 => Scalar::Int(rng.below(5) as i64 - 2),
        _ => Scalar::Double(0.75),
    })]
}

pub fn no_extra(_: &mut Rng) -> Vec<Arg> {
    vec![]
}

pub fn gen_add(rng: &mut Rng, c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    binary(rng, c, dt, v, alpha)
}
pub fn gen_add_scalar(rng: &mut Rng, c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    binary_scalar(rng, c, dt, v, alpha)
}
pub fn gen_binary(rng: &mut Rng, c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    binary(rng, c, dt, v, no_extra)
}
pub fn gen_binary_scalar(rng: &mut Rng, c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    binary_scalar(rng, c, dt, v, no_extra)
}
/// A comparison's out: Bool mostly, any dtype sometimes.
pub fn compare_out(rng: &mut Rng, mut call: Call, v: usize) -> Option<Call> {
    call.out_dtype = if v % 5 == 4 {
        DTYPES[rng.below(10)]
    } else {
        ScalarType::Bool
    };
    Some(call)
}
pub fn gen_compare(rng: &mut Rng, c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let call = binary(rng, c, dt, v, no_extra)?;
    compare_out(rng, call, v)
}
pub fn gen_compare_scalar(rng: &mut Rng, c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let call = binary_scalar(rng, c, dt, v, no_extra)?;
    compare_out(rng, call, v)
}
pub fn gen_unary(rng: &mut Rng, c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    unary(rng, c, dt[0], v, no_extra)
}
pub fn gen_gelu(rng: &mut Rng, c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    unary(rng, c, dt[0], v, |rng| {
        vec![Arg::Str(
            ["none", "tanh", "none", "tanh", "bad"][rng.below(5)],
        )]
    })
}
pub fn gen_clamp(rng: &mut Rng, c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    unary(rng, c, dt[0], v, |rng| {
        let bound = |rng: &mut Rng| match rng.below(7) {
            0 => None,
            1 => Some(Scalar::Double(-1.5)),
            2 => Some(Scalar::Double(2.25)),
            3 => Some(Scalar::Int(-3)),
            4 => Some(Scalar::Int(5)),
            5 => Some(Scalar::Double(f64::NAN)),
            _ => Some(Scalar::Int(300)),
        };
        vec![Arg::OptS(bound(rng)), Arg::OptS(bound(rng))]
    })
}
pub fn gen_hardtanh(rng: &mut Rng, c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    unary(rng, c, dt[0], v, |rng| match rng.below(4) {
        0 => vec![Arg::S(Scalar::Int(-1)), Arg::S(Scalar::Int(1))],
        1 => vec![Arg::S(Scalar::Double(-0.5)), Arg::S(Scalar::Double(2.5))],
        2 => vec![Arg::S(Scalar::Double(3.0)), Arg::S(Scalar::Double(-3.0))],
        _ => vec![Arg::S(Scalar::Int(0)), Arg::S(Scalar::Int(6))],
    })
}
pub fn gen_elu(rng: &mut Rng, c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    unary(rng, c, dt[0], v, |rng| {
        let (d, i) = (Scalar::Double, Scalar::Int);
        let [alpha, scale, input_scale] = match rng.below(6) {
            0 => [i(1), i(1), i(1)],
            1 => [d(0.5), d(2.0), d(1.5)],
            // selu's coefficients
            2 => [d(1.673_263_242_354_377_3), d(1.050_700_987_355_480_5), i(1)],
            3 => [i(-2), d(0.25), d(-3.0)],
            // zeros take `self * scale`: 0, not 0 * inf
            4 => [d(f64::INFINITY), i(1), i(1)],
            // out of Float's range: an error
            _ => [d(1e39), i(1), i(1)],
        };
        vec![Arg::S(alpha), Arg::S(scale), Arg::S(input_scale)]
    })
}
pub fn gen_to_copy(rng: &mut Rng, c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let mut call = unary(rng, c, dt[0], v, |rng| {
        // memory_format: None mostly, channels_last (rank 4 only) sometimes.
        vec![
            Arg::Bool(false),
            if rng.chance(0.8) {
                Arg::None
            } else {
                Arg::Int(2)
            },
        ]
    })?;
    call.out_dtype = dt[1];
    Some(call)
}
/// `rounding_mode` of div: none, the two modes, and an invalid one.
pub fn rounding_mode(rng: &mut Rng) -> Vec<Arg> {
    vec![match rng.below(5) {
        0 | 1 => Arg::Str("trunc"),
        2 => Arg::Str("floor"),
        3 => Arg::None,
        _ => Arg::Str("round"),
    }]
}
pub fn gen_div_mode(rng: &mut Rng, c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    binary(rng, c, dt, v, rounding_mode)
}
pub fn gen_div_scalar_mode(rng: &mut Rng, c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    binary_scalar(rng, c, dt, v, rounding_mode)
}
/// `clamp(self, min?, max?)` with tensor bounds: `self` of `dt[0]`, the bounds of `dt[1]`
/// (the fast path wants them equal, which the dtype pairs include) and broadcast against it.
pub fn gen_clamp_tensor(rng: &mut Rng, c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let s = shapes(rng, c, v % 7 == 6);
    let (lo_s, hi_s) = if v.is_multiple_of(2) {
        (&s.b, &s.a)
    } else {
        (&s.a, &s.b)
    };
    let mut bound = |shape: &(Vec<usize>, Vec<usize>), on: bool| {
        on.then(|| tensor(rng, dt[1], &shape.0, &shape.1))
    };
    let which = v % 4; // both, min only, max only, both
    let lo = bound(lo_s, which != 2);
    let hi = bound(hi_s, which != 1);
    let mut state = etk_core::ResultTypeState::new().dtype(dt[0], s.a.0.len());
    for b in lo.iter().chain(hi.iter()) {
        state = state.dtype(dt[1], b.view().dim());
    }
    let out = etk_core::shape::broadcast_shapes("test", &[("a", &s.a.0), ("b", &s.b.0)])
        .ok()?
        .to_vec();
    let out_order = s.order_for(&out);
    Some(Call {
        args: vec![t(rng, dt[0], &s.a), Arg::OptT(lo), Arg::OptT(hi)],
        out_dtype: out_dtype(rng, state.result(), v),
        out_sizes: out,
        out_order,
        dynamic: v % 4 == 3,
    })
}
pub fn gen_where(rng: &mut Rng, c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    let s = shapes(rng, c, v % 7 == 6);
    let cond_dtype = [
        ScalarType::Bool,
        ScalarType::Bool,
        ScalarType::Byte,
        ScalarType::Float,
    ][rng.below(4)];
    // the condition takes one side's shape, the values the other's and the out's.
    let cond = tensor(rng, cond_dtype, &s.b.0, &s.b.1);
    let (sa, sb) = if v.is_multiple_of(3) {
        (&s.a, &s.b)
    } else {
        (&s.out, &s.a)
    };
    let common = result_type(dt[0], sa.0.len(), dt[1], sb.0.len());
    let out =
        etk_core::shape::broadcast_shapes("test", &[("c", &s.b.0), ("a", &sa.0), ("b", &sb.0)])
            .ok()?
            .to_vec();
    let out_order = s.order_for(&out);
    Some(Call {
        args: vec![Arg::T(cond), t(rng, dt[0], sa), t(rng, dt[1], sb)],
        out_dtype: out_dtype(rng, common, v),
        out_sizes: out,
        out_order,
        dynamic: v % 4 == 3,
    })
}
