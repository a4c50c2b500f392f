//! What a call is made of: the layout classes and the shapes drawn for them, the boxed
//! arguments, the outs, and a generator's description of an op ([`Gen`]).

use crate::harness::random::{Rng, channels_last, contiguous};
use crate::harness::tolerance::Tol;
use etk_core::{OwnedTensor, Scalar, ScalarType};

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
    /// Per-element absolute tolerances added to `tol`'s, computed from the call's inputs:
    /// where a result is a sum whose rounding can reach further than a relative tolerance of
    /// the result says (the norms' moments, whose terms may cancel). `None` elsewhere.
    pub scale: Option<ScaleFn>,
}

/// Absolute tolerances per out and element: `[out][memory index]`, the call's own out first,
/// then its other outs in [`Outcome::rest`](crate::harness::tolerance::Outcome::rest)'s order.
/// An empty list for an out adds nothing to it.
pub type ScaleFn = fn(&Call) -> Vec<Vec<f64>>;
