//! The optimized-against-portable driver: every kernel of `etk_optimized::TABLE` against the
//! portable kernel of the same name, through the boxed entries, on random inputs: every dtype
//! the kernel takes (all ten are tried; both libraries must agree on which are errors),
//! contiguous / scalar / one-element / row, column and middle broadcast / channels-last / mixed
//! dim orders / size-1 dims / empty / odd lengths that leave tails / large enough for threads.
//!
//! `tests/optimized_vs_portable.rs` runs it at every ISA level the machine has, in-process
//! (`etk_simd::with_level`, which every optimized kernel obeys); `etk-emu` runs
//! it at AVX-512 in an emulated CPU, through [`set_optimized_invoke`]. A kernel this driver has
//! no argument generator for is listed by [`missing_generators`] (and fails the test).
//!
//! Tolerances are per op: exact (bits, NaN equal to NaN) where portable is exact, a few ULP of
//! the out's dtype for the transcendentals (which use `etk_simd`'s vector math).

use etk_core::shape::contiguous_dim_order;
use etk_core::{
    EValue, KernelContext, KernelEntry, OwnedTensor, Scalar, ScalarType, ScopedThreads, Tensor,
};
use etk_simd::{Level, with_level};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};

// ------------------------------------------------------------------------------------------
// Infrastructure: threads, random numbers, tensors.

/// xorshift64*: small and deterministic per seed.
pub struct Rng(u64);
impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }
    pub fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }
}

pub const DTYPES: [ScalarType; 10] = ScalarType::REAL;

/// A value typical of `dtype`, with specials (NaN, ±inf, ±0, extremes) now and then.
pub fn value(rng: &mut Rng, dtype: ScalarType) -> f64 {
    use ScalarType::*;
    if dtype.is_floating_point() {
        if rng.chance(0.04) {
            return [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 0.0, -0.0, 1e-40][rng.below(6)];
        }
        if rng.chance(0.02) {
            // past the integer ranges (casts saturate to INT_MIN or wrap), and at their edges
            return [
                3e9,
                -3e9,
                1e19,
                -1e19,
                2147483648.0,
                -2147483648.0,
                255.75,
                -129.5,
            ][rng.below(8)];
        }
        let x = (rng.unit() * 2.0 - 1.0) * 8.0;
        return if rng.chance(0.1) { x.round() } else { x };
    }
    let (lo, hi): (i64, i64) = match dtype {
        Bool => (0, 1),
        Byte => (0, 255),
        Char => (-128, 127),
        Short => (-32768, 32767),
        Int => (i32::MIN as i64, i32::MAX as i64),
        _ => (i64::MIN / 2, i64::MAX / 2),
    };
    if dtype != Bool && rng.chance(0.05) {
        return [lo as f64, hi as f64][rng.below(2)];
    }
    let small = (rng.below(41) as i64 - 20).clamp(lo, hi);
    small as f64
}

/// A tensor of `dtype` with `sizes` laid out in `order`, filled with random values.
pub fn tensor(rng: &mut Rng, dtype: ScalarType, sizes: &[usize], order: &[usize]) -> OwnedTensor {
    let mut t = OwnedTensor::with_capacity(dtype, sizes, order, 0).unwrap();
    let n = t.numel();
    if dtype.is_floating_point() {
        let v: Vec<f64> = (0..n).map(|_| value(rng, dtype)).collect();
        t.fill_logical::<f64>(&v);
    } else {
        let v: Vec<i64> = (0..n).map(|_| value(rng, dtype) as i64).collect();
        t.fill_logical::<i64>(&v);
    }
    t
}

pub fn contiguous(sizes: &[usize]) -> Vec<usize> {
    contiguous_dim_order(sizes.len()).to_vec()
}

pub fn channels_last(sizes: &[usize]) -> Vec<usize> {
    match sizes.len() {
        4 => vec![0, 2, 3, 1],
        5 => vec![0, 2, 3, 4, 1],
        _ => contiguous(sizes),
    }
}

/// A Scalar typical of `dtype`'s kind.
pub fn scalar(rng: &mut Rng, kind: usize) -> Scalar {
    match kind % 3 {
        0 => Scalar::Int(rng.below(9) as i64 - 4),
        1 => Scalar::Double([0.5, -1.25, 3.0, 0.1, -0.0, 2.5][rng.below(6)]),
        _ => Scalar::Bool(rng.chance(0.5)),
    }
}

// ------------------------------------------------------------------------------------------
// Shapes.

/// The layout classes every pointwise kernel is run on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// Same shape, contiguous, odd lengths (tails).
    Contiguous,
    /// The second operand zero-dim.
    ZeroDim,
    /// The second operand a one-element tensor with dims.
    OneElement,
    /// `[N, C] ⊕ [C]`.
    Row,
    /// `[N, C] ⊕ [N, 1]`.
    Column,
    /// `[A, K, B] ⊕ [A, 1, B]`.
    Middle,
    /// Both channels-last.
    ChannelsLast,
    /// Channels-last against contiguous (falls back).
    MixedOrder,
    /// Size-1 dims around the data.
    Size1,
    /// Every operand zero-dim.
    AllZeroDim,
    /// No elements.
    Empty,
    /// Enough elements for several threads.
    Big,
}

pub const CLASSES: [Class; 12] = [
    Class::Contiguous,
    Class::ZeroDim,
    Class::OneElement,
    Class::Row,
    Class::Column,
    Class::Middle,
    Class::ChannelsLast,
    Class::MixedOrder,
    Class::Size1,
    Class::AllZeroDim,
    Class::Empty,
    Class::Big,
];

/// Shapes and dim orders of (a, b, out) for a binary op in `class`; also used for unary ops
/// (a and out) and ternary ones (the condition takes b's).
#[derive(Clone, Debug)]
pub struct Shapes {
    pub a: (Vec<usize>, Vec<usize>),
    pub b: (Vec<usize>, Vec<usize>),
    pub out: (Vec<usize>, Vec<usize>),
}

impl Shapes {
    /// The drawn out's dim order when the call's out has the drawn out's shape, else
    /// contiguous.
    pub fn order_for(&self, out: &[usize]) -> Vec<usize> {
        if out == self.out.0 {
            self.out.1.clone()
        } else {
            contiguous(out)
        }
    }
}

pub fn shapes(rng: &mut Rng, class: Class, swap: bool) -> Shapes {
    let odd = |rng: &mut Rng| rng.range(1, 67);
    let (a, b): (Vec<usize>, Vec<usize>) = match class {
        Class::Contiguous => {
            let s = match rng.below(3) {
                0 => vec![odd(rng)],
                1 => vec![rng.range(1, 9), odd(rng)],
                _ => vec![rng.range(1, 4), rng.range(1, 5), odd(rng)],
            };
            (s.clone(), s)
        }
        Class::ZeroDim => (vec![rng.range(1, 7), odd(rng)], vec![]),
        Class::OneElement => (vec![rng.range(1, 7), odd(rng)], vec![1, 1]),
        Class::Row => {
            let c = odd(rng);
            (vec![rng.range(1, 9), c], vec![c])
        }
        Class::Column => {
            let n = rng.range(1, 9);
            (vec![n, odd(rng)], vec![n, 1])
        }
        Class::Middle => {
            let (a, k, b) = (rng.range(1, 4), rng.range(2, 5), odd(rng));
            (vec![a, k, b], vec![a, 1, b])
        }
        Class::ChannelsLast | Class::MixedOrder => {
            let s = vec![
                rng.range(1, 3),
                rng.range(1, 7),
                rng.range(1, 5),
                rng.range(1, 6),
            ];
            (s.clone(), s)
        }
        Class::Size1 => {
            let n = odd(rng);
            (vec![1, n, 1], vec![1, 1, n, 1])
        }
        Class::AllZeroDim => (vec![], vec![]),
        Class::Empty => (vec![0, odd(rng)], vec![odd(rng).min(1)]),
        Class::Big => {
            let s = vec![3, 87_383];
            (s.clone(), s)
        }
    };
    let out = etk_core::shape::broadcast_shapes("test", &[("a", &a), ("b", &b)])
        .unwrap()
        .to_vec();
    let (oa, ob, oo) = match class {
        Class::ChannelsLast => (channels_last(&a), channels_last(&b), channels_last(&out)),
        Class::MixedOrder => (channels_last(&a), contiguous(&b), contiguous(&out)),
        _ => (contiguous(&a), contiguous(&b), contiguous(&out)),
    };
    let (a, b) = if swap {
        ((b, ob), (a, oa))
    } else {
        ((a, oa), (b, ob))
    };
    Shapes {
        a,
        b,
        out: (out, oo),
    }
}

// ------------------------------------------------------------------------------------------
// Calls.

/// A boxed argument before it is borrowed into an `EValue`.
pub enum Arg {
    T(OwnedTensor),
    OptT(Option<OwnedTensor>),
    S(Scalar),
    OptS(Option<Scalar>),
    Str(&'static str),
    Bool(bool),
    Int(i64),
    Ints(Vec<i64>),
    Floats(Vec<f64>),
    /// `Tensor[]`.
    Ts(Vec<OwnedTensor>),
    /// `Tensor?[]`.
    OptTs(Vec<Option<OwnedTensor>>),
    /// One more tensor out, pushed at its place among the arguments (the norms' `out0`,
    /// `out1` before the call's own out, which comes last).
    Out(OutSpec),
    /// A `Tensor(a!)[]` out, last: one out per spec (the call's own out fields unused).
    Outs(Vec<OutSpec>),
    None,
}

/// An out besides the call's own, or one out of a list out: dtype, sizes, dim order (dynamic
/// with spare capacity as the call's).
#[derive(Clone, Debug)]
pub struct OutSpec {
    pub dtype: ScalarType,
    pub sizes: Vec<usize>,
    pub order: Vec<usize>,
}

/// One call: the inputs and the out (shape, dim order, dtype; dynamic with spare capacity
/// when `dynamic`).
pub struct Call {
    pub args: Vec<Arg>,
    pub out_dtype: ScalarType,
    pub out_sizes: Vec<usize>,
    pub out_order: Vec<usize>,
    pub dynamic: bool,
}

/// How two outs may differ.
#[derive(Clone, Copy, Debug)]
pub enum Tol {
    Exact,
    /// `|a - b| <= atol + rtol |b|`, with rtol given for Float and scaled to the out's ULP for
    /// Half and BFloat16.
    Close {
        rtol: f64,
        atol: f64,
    },
}

/// What the driver knows about an op: how to make its calls and how to compare them.
/// Makes one call of a kernel: `(rng, layout class, two dtypes, seed)`, or `None` where the
/// combination does not apply.
pub type MakeCall = fn(&mut Rng, Class, [ScalarType; 2], usize) -> Option<Call>;

pub struct Gen {
    pub tol: Tol,
    pub make: MakeCall,
    /// Whether the kernel is pointwise: it is tried on every layout class (else on contiguous
    /// calls only).
    pub pointwise: bool,
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

/// GEMM shapes: small integers as values, so every accumulation order is exact in f32.
pub fn matrix(rng: &mut Rng, dtype: ScalarType, sizes: &[usize]) -> OwnedTensor {
    let mut t = OwnedTensor::zeros(dtype, sizes).unwrap();
    let v: Vec<i64> = (0..t.numel()).map(|_| rng.below(7) as i64 - 3).collect();
    t.fill_logical::<i64>(&v);
    t
}
pub const EXACT: Tol = Tol::Exact;
/// The vector math against libm: each within a few ULP of the correctly rounded result.
pub const MATH: Tol = Tol::Close {
    rtol: 4e-6,
    atol: 1e-37,
};

/// Within one ulp of the correctly rounded result (relative 2^-23, and one more for the
/// rounding of the reference itself).
pub const ULP1: Tol = Tol::Close {
    rtol: 2.4e-7,
    atol: 1e-45,
};

/// The generator for an op, by full name. A new kernel needs an entry here.
pub fn generator(name: &str) -> Option<Gen> {
    let pw = |tol, make| {
        Some(Gen {
            tol,
            make,
            pointwise: true,
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
        _ => crate::harness_quantized::generator(name)
            .or_else(|| crate::harness_conv::generator(name))
            .or_else(|| crate::harness_norm::generator(name))
            .or_else(|| crate::harness_movement::generator(name))
            .or_else(|| crate::harness_pool::generator(name))
            .or_else(|| crate::harness_reduce::generator(name))
            .or_else(|| crate::harness_gemm::generator(name)),
    }
}

// ------------------------------------------------------------------------------------------
// Running and comparing.

/// The out after a call: sizes, dim order, dtype and the elements in memory order (as f64 for
/// floats, i64 bits as f64-compatible pairs for integers).
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    pub sizes: Vec<usize>,
    pub dim_order: Vec<usize>,
    pub dtype: ScalarType,
    pub floats: Vec<f64>,
    pub ints: Vec<i64>,
    /// The first byte past the out's elements that the call changed, if any.
    pub wrote_past: Option<usize>,
    /// The call's other outs: the `Arg::Out`s in argument order, then the rest of a list out
    /// (`Arg::Outs`).
    pub rest: Vec<Outcome>,
}

pub fn run(
    kernel: etk_core::BoxedKernel,
    call: &Call,
    threads: usize,
    invoke: Invoke,
) -> Result<Outcome, etk_core::Error> {
    // room past each out, filled with a pattern that must survive the call.
    let new_out = |o: &OutSpec| {
        let numel: usize = o.sizes.iter().product();
        let t =
            OwnedTensor::with_capacity(o.dtype, &o.sizes, &o.order, numel.max(4096) + 64).unwrap();
        if call.dynamic { t.dynamic() } else { t }
    };
    let listed = matches!(call.args.last(), Some(Arg::Outs(_)));
    let specs = match call.args.last() {
        Some(Arg::Outs(specs)) => specs.clone(),
        _ => vec![OutSpec {
            dtype: call.out_dtype,
            sizes: call.out_sizes.clone(),
            order: call.out_order.clone(),
        }],
    };
    let mut outs: Vec<OwnedTensor> = specs.iter().map(new_out).collect();
    let mut extra: Vec<OwnedTensor> = call
        .args
        .iter()
        .filter_map(|a| match a {
            Arg::Out(o) => Some(new_out(o)),
            _ => None,
        })
        .collect();
    let mut extra_views = extra
        .iter_mut()
        .map(|t| guarded_view(t, call.dynamic))
        .collect::<Vec<_>>()
        .into_iter();
    let mut extra_at = Vec::new();
    let mut stack: Vec<EValue<'_>> = Vec::new();
    let opt_views: Vec<Option<Tensor<'_>>> = call
        .args
        .iter()
        .map(|a| match a {
            Arg::OptT(Some(t)) => Some(t.view()),
            _ => None,
        })
        .collect();
    let lists: Vec<Vec<Tensor<'_>>> = call
        .args
        .iter()
        .map(|a| match a {
            Arg::Ts(l) => l.iter().map(|t| t.view()).collect(),
            _ => vec![],
        })
        .collect();
    let opt_lists: Vec<Vec<Option<Tensor<'_>>>> = call
        .args
        .iter()
        .map(|a| match a {
            Arg::OptTs(l) => l.iter().map(|t| t.as_ref().map(|t| t.view())).collect(),
            _ => vec![],
        })
        .collect();
    for (i, (a, ov)) in call.args.iter().zip(&opt_views).enumerate() {
        stack.push(match a {
            Arg::T(t) => EValue::Tensor(t.view()),
            Arg::OptT(Some(_)) => EValue::Tensor(ov.as_ref().unwrap().view()),
            Arg::OptT(None) | Arg::OptS(None) | Arg::None => EValue::None,
            Arg::S(s) | Arg::OptS(Some(s)) => EValue::from(*s),
            Arg::Str(s) => EValue::String(s),
            Arg::Bool(b) => EValue::Bool(*b),
            Arg::Int(i) => EValue::Int(*i),
            Arg::Ints(l) => EValue::IntList(l),
            Arg::Floats(l) => EValue::DoubleList(l),
            Arg::Ts(_) => EValue::TensorList(&lists[i]),
            Arg::OptTs(_) => EValue::OptionalTensorList(&opt_lists[i]),
            Arg::Out(_) => {
                let (view, cap) = extra_views.next().unwrap();
                extra_at.push((stack.len(), cap));
                EValue::Tensor(view)
            }
            Arg::Outs(_) => continue,
        });
    }
    let (mut views, caps): (Vec<Tensor<'_>>, Vec<usize>) = outs
        .iter_mut()
        .map(|o| guarded_view(o, call.dynamic))
        .unzip();
    let threads_impl = ScopedThreads(threads);
    // NaN bytes: a kernel reading scratch it did not write shows in its out.
    let mut scratch = vec![0xffu8; 1 << 20];
    let mut ctx = KernelContext::new(&mut scratch, &threads_impl);
    if listed {
        stack.push(EValue::TensorListMut(&mut views));
    } else {
        stack.push(EValue::Tensor(views.pop().unwrap()));
    }
    invoke(kernel, &mut ctx, &mut stack)?;
    // The call's own out (or the list's first), then the `Arg::Out`s in argument order, then
    // the rest of a list out.
    let mut all: Vec<Outcome> = match stack.last() {
        Some(EValue::TensorListMut(l)) => {
            l.iter().zip(&caps).map(|(o, &c)| outcome(o, c)).collect()
        }
        Some(EValue::Tensor(o)) => vec![outcome(o, caps[0])],
        _ => unreachable!(),
    };
    let extra_outcomes = extra_at.iter().map(|&(i, cap)| match &stack[i] {
        EValue::Tensor(o) => outcome(o, cap),
        _ => unreachable!(),
    });
    let first = all.remove(0);
    Ok(Outcome {
        rest: extra_outcomes.chain(all).collect(),
        ..first
    })
}

/// A view of `t` with its whole buffer filled with [`GUARD`] (and, for a dynamic out, a wrong
/// shape the kernel must resize), and the buffer's size in bytes.
fn guarded_view<'t>(t: &'t mut OwnedTensor, dynamic: bool) -> (Tensor<'t>, usize) {
    let mut view = t.view_mut().unwrap();
    let (base, cap) = (view.as_mut_ptr("test", "out").unwrap(), view.capacity());
    // SAFETY: the view covers `cap` bytes of the owned buffer.
    unsafe { std::ptr::write_bytes(base, GUARD, cap) };
    if dynamic {
        // start from a wrong shape that the kernel must resize.
        let _ = view.resize("test", "out", &[1]);
    }
    (view, cap)
}

/// What a call left in one out whose buffer holds `cap` bytes.
fn outcome(o: &Tensor<'_>, cap: usize) -> Outcome {
    let n = o.numel();
    // SAFETY: the bytes past the out's elements belong to the same buffer of `cap` bytes.
    let past = unsafe { std::slice::from_raw_parts(o.as_ptr().add(o.nbytes()), cap - o.nbytes()) };
    let wrote_past = past.iter().position(|&b| b != GUARD);
    let (mut floats, mut ints) = (Vec::new(), Vec::new());
    for i in 0..n {
        if o.dtype().is_floating_point() {
            floats.push(o.read::<f64>(i).unwrap());
        } else {
            ints.push(o.read::<i64>(i).unwrap());
        }
    }
    Outcome {
        sizes: o.sizes().to_vec(),
        dim_order: o.dim_order().to_vec(),
        dtype: o.dtype(),
        floats,
        ints,
        wrote_past,
        rest: vec![],
    }
}

/// The byte the memory past an out is filled with before a call.
pub const GUARD: u8 = 0xA5;

/// One ULP of `dtype` relative (the scale of a rounding difference in the out).
pub fn ulp_scale(dtype: ScalarType) -> f64 {
    match dtype {
        ScalarType::Half => 2f64.powi(-10) / 2f64.powi(-23),
        ScalarType::BFloat16 => 2f64.powi(-7) / 2f64.powi(-23),
        _ => 1.0,
    }
}

pub fn compare(tol: Tol, got: &Outcome, want: &Outcome) -> Result<(), String> {
    if got.rest.len() != want.rest.len() {
        return Err(format!(
            "{} outs, want {}",
            got.rest.len() + 1,
            want.rest.len() + 1
        ));
    }
    for (k, (g, w)) in got.rest.iter().zip(&want.rest).enumerate() {
        compare(tol, g, w).map_err(|e| format!("out {}: {e}", k + 1))?;
    }
    if (&got.sizes, &got.dim_order, got.dtype, &got.ints)
        != (&want.sizes, &want.dim_order, want.dtype, &want.ints)
    {
        let first = got.ints.iter().zip(&want.ints).position(|(a, b)| a != b);
        return Err(format!(
            "out differs: got {:?} {:?} {:?}, want {:?} {:?} {:?}; first int diff at {first:?}: {:?} vs {:?}",
            got.sizes,
            got.dim_order,
            got.dtype,
            want.sizes,
            want.dim_order,
            want.dtype,
            first.map(|i| got.ints[i]),
            first.map(|i| want.ints[i]),
        ));
    }
    for (i, (&g, &w)) in got.floats.iter().zip(&want.floats).enumerate() {
        let ok = match tol {
            _ if g.is_nan() || w.is_nan() => g.is_nan() && w.is_nan(),
            Tol::Exact => g.to_bits() == w.to_bits(),
            Tol::Close { rtol, atol } => {
                if g.is_infinite() || w.is_infinite() {
                    g == w
                } else {
                    let s = ulp_scale(got.dtype);
                    (g - w).abs() <= atol * s.max(1.0) + rtol * s * w.abs()
                }
            }
        };
        if !ok {
            return Err(format!("element {i} (memory order): got {g:e}, want {w:e}"));
        }
    }
    Ok(())
}

/// The reference of an optimized kernel: portable's, or etk-quantized's for the quantized ops.
pub fn portable_kernel(name: &str) -> etk_core::BoxedKernel {
    etk_portable::TABLE
        .iter()
        .chain(etk::quantized::TABLE)
        .find(|e| e.name == name)
        .unwrap_or_else(|| panic!("{name}: no portable kernel of that name"))
        .kernel
}

pub fn describe(call: &Call) -> String {
    let args: Vec<String> = call
        .args
        .iter()
        .map(|a| match a {
            Arg::T(t) | Arg::OptT(Some(t)) => {
                let v = t.view();
                format!("{}{:?}/{:?}", v.dtype(), v.sizes(), v.dim_order())
            }
            Arg::S(s) | Arg::OptS(Some(s)) => format!("{s:?}"),
            Arg::Str(s) => format!("{s:?}"),
            Arg::Bool(b) => format!("{b}"),
            Arg::Int(i) => format!("{i}"),
            Arg::Ints(l) => format!("{l:?}"),
            Arg::Out(o) => format!("out {}{:?}/{:?}", o.dtype, o.sizes, o.order),
            Arg::Floats(l) => format!("{l:?}"),
            Arg::Ts(l) => {
                let v: Vec<String> = l
                    .iter()
                    .map(|t| {
                        let v = t.view();
                        format!("{}{:?}/{:?}", v.dtype(), v.sizes(), v.dim_order())
                    })
                    .collect();
                format!("[{}]", v.join(", "))
            }
            Arg::OptTs(l) => {
                let v: Vec<String> = l
                    .iter()
                    .map(|t| match t {
                        Some(t) => {
                            let v = t.view();
                            format!("{}{:?}/{:?}", v.dtype(), v.sizes(), v.dim_order())
                        }
                        None => "None".into(),
                    })
                    .collect();
                format!("[{}]", v.join(", "))
            }
            Arg::Outs(l) => format!("outs {l:?}"),
            _ => "None".into(),
        })
        .collect();
    format!(
        "({}) -> {}{:?}/{:?}{}",
        args.join(", "),
        call.out_dtype,
        call.out_sizes,
        call.out_order,
        if call.dynamic { " dynamic" } else { "" }
    )
}

/// How a kernel is called: `invoke(kernel, ctx, args)`.
pub type Invoke =
    fn(etk_core::BoxedKernel, &mut KernelContext<'_>, &mut [EValue<'_>]) -> etk_core::Result<()>;

/// Calls the kernel.
pub fn direct(
    kernel: etk_core::BoxedKernel,
    ctx: &mut KernelContext<'_>,
    args: &mut [EValue<'_>],
) -> etk_core::Result<()> {
    kernel(ctx, args)
}

static OPTIMIZED_INVOKE: std::sync::Mutex<(Invoke, usize)> =
    std::sync::Mutex::new((direct, usize::MAX));

/// Replaces how [`check`] calls the optimized kernel, and the most threads it gives it:
/// `etk-emu` runs that call inside an emulated AVX-512 CPU, on one thread.
pub fn set_optimized_invoke(invoke: Invoke, max_threads: usize) {
    *OPTIMIZED_INVOKE.lock().unwrap() = (invoke, max_threads);
}

fn optimized_invoke() -> (Invoke, usize) {
    *OPTIMIZED_INVOKE.lock().unwrap()
}

/// Runs one call through both libraries and compares.
pub fn check(entry: &KernelEntry, g: &Gen, call: &Call, isa: Level) -> Result<(), TestCaseError> {
    let big = call.out_sizes.iter().product::<usize>() > 10_000;
    let threads = if big { 2 } else { 1 };
    let (invoke, max_threads) = optimized_invoke();
    let got = with_level(isa, || {
        run(entry.kernel, call, threads.min(max_threads), invoke)
    });
    let want = run(portable_kernel(entry.name), call, 1, direct);
    let verdict = match (&got, &want) {
        (Ok(g2), _) if wrote_past(g2).is_some() => Err(format!(
            "wrote outside the out: byte {} past its elements changed",
            wrote_past(g2).unwrap_or(0)
        )),
        (Ok(g2), Ok(w)) => compare(g.tol, g2, w),
        (Err(a), Err(b)) if a == b => Ok(()),
        _ => Err(format!(
            "results differ: optimized {got:?}\nportable {want:?}"
        )),
    };
    verdict.map_err(|e| {
        TestCaseError::fail(format!(
            "{} at {isa}: {}\n  {e}",
            entry.name,
            describe(call)
        ))
    })
}

/// The first byte written past an out's elements, in any out of the call.
fn wrote_past(o: &Outcome) -> Option<usize> {
    o.wrote_past.or_else(|| o.rest.iter().find_map(wrote_past))
}

/// The kernels that fail to be covered (no generator).
pub fn missing_generators() -> Vec<&'static str> {
    etk_optimized::TABLE
        .iter()
        .filter(|e| generator(e.name).is_none())
        .map(|e| e.name)
        .collect()
}

/// How many random mixes [`drive`] tries per kernel and level: `ETK_HARNESS_CASES`, or 64.
/// (A soak run sets thousands; CI keeps the default.)
pub fn random_cases() -> u32 {
    std::env::var("ETK_HARNESS_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(64)
}

/// Whether `ETK_HARNESS_ONLY` (a comma-separated list of substrings of operator names, for
/// working on a few kernels) selects `name`; unset selects every kernel.
pub fn selected(name: &str) -> bool {
    match std::env::var("ETK_HARNESS_ONLY") {
        Ok(only) => only.split(',').any(|s| name.contains(s.trim())),
        Err(_) => true,
    }
}

/// Every dtype (pair) and layout class once, deterministically, then random mixes.
pub fn drive(entry: &KernelEntry, g: &Gen, levels: &[Level]) {
    if !selected(entry.name) {
        return;
    }
    for &isa in levels {
        let mut rng = Rng::new(entry.name.len() as u64 * 7919 + isa.isa() as u64);
        let classes: &[Class] = if g.pointwise {
            &CLASSES
        } else {
            &[Class::Contiguous]
        };
        for (i, &dt) in DTYPES.iter().enumerate() {
            for (j, &class) in classes.iter().enumerate() {
                if class == Class::Big
                    && (dt != ScalarType::Float || isa != *levels.last().unwrap())
                {
                    continue;
                }
                let dt2 = if j % 3 == 0 { DTYPES[(i + j) % 10] } else { dt };
                let variant = i + j;
                if let Some(call) = (g.make)(&mut rng, class, [dt, dt2], variant)
                    && let Err(e) = check(entry, g, &call, isa)
                {
                    panic!("{e}");
                }
            }
        }
        // random mixes: dtypes, classes, variants (out dtype, dynamic outs, swapped operands).
        let mut runner = TestRunner::new(Config {
            cases: random_cases(),
            failure_persistence: None,
            ..Config::default()
        });
        let strategy = (
            0..10usize,
            0..10usize,
            0..CLASSES.len() - 1,
            0..64usize,
            any::<u64>(),
        );
        runner
            .run(&strategy, |(a, b, c, v, seed)| {
                let mut rng = Rng::new(seed);
                let class = if g.pointwise {
                    CLASSES[c]
                } else {
                    Class::Contiguous
                };
                match (g.make)(&mut rng, class, [DTYPES[a], DTYPES[b]], v) {
                    Some(call) => check(entry, g, &call, isa),
                    None => Ok(()),
                }
            })
            .unwrap_or_else(|e| panic!("{e}"));
    }
}
