//! The steps of a fused chain's pointwise program (`program.rs` evaluates them; `hard.rs`
//! recognizes the hardswish / hardsigmoid form among them): where each operand comes from and
//! which op body each step runs.

use crate::pointwise::bodies::Clamp;
use etk_simd::UnaryFn;

/// Elements per chunk: every value of the chain lives in a stack buffer of this many floats.
pub(super) const CHUNK: usize = 256;

/// The most steps a program holds (the runtime offers chains of at most 16 calls).
pub(super) const MAX_STEPS: usize = 16;

/// Where an operand comes from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Src {
    /// The chain's first value: what the producer (a GEMM, a convolution) wrote, to the
    /// chain's out or to its own.
    Out,
    /// The result of step `k`.
    Step(u8),
    /// Chain argument `k`, a tensor laid out as the out: the element at the same offset.
    Same(u16),
    /// Chain argument `k`, a one-element Float tensor, read at each call.
    One(u16),
    /// A value fixed at prepare (a Scalar argument).
    Value(f32),
}

/// A two-operand body, as the op's kernel chooses it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Bin {
    Add,
    Sub,
    AddScaled(f32),
    Mul,
    /// True division; by one value, [`DivBy`](crate::pointwise::bodies::DivBy) where it applies (as `div`'s kernel chooses).
    Div,
}

/// A one-operand body.
#[derive(Clone, Copy, Debug)]
pub(super) enum Un {
    Clamp(Clamp),
    Math(UnaryFn),
    GeluErf,
}

#[derive(Clone, Debug)]
pub(super) enum Step {
    Binary(Bin, Src, Src),
    Unary(Un, Src),
    /// Batch norm: `x * alpha[c] + beta[c]` (the product and the sum rounded separately).
    Affine {
        x: Src,
        alpha: Vec<f32>,
        beta: Vec<f32>,
    },
}
