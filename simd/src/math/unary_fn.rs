//! The unary functions of [`crate::math`] as values, for generic element-wise kernels: a leaf
//! the vector layer names in its trait ([`Simd::unary`](crate::Simd::unary)) without depending
//! on the math that implements them.

/// The unary functions of this module, as values (for generic element-wise kernels).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnaryFn {
    /// `e^x`.
    Exp,
    /// `e^x - 1`.
    Expm1,
    /// Natural logarithm.
    Log,
    /// `log(1 + x)`.
    Log1p,
    /// Hyperbolic tangent.
    Tanh,
    /// `1 / (1 + e^-x)`.
    Sigmoid,
    /// The error function.
    Erf,
    /// `x * 0.5 * (1 + erf(x / sqrt 2))` (PyTorch `gelu`, `approximate='none'`).
    GeluErf,
    /// `0.5 * x * (1 + tanh(sqrt(2/pi) * (x + 0.044715 x^3)))` (`approximate='tanh'`).
    GeluTanh,
    /// Sine.
    Sin,
    /// Cosine.
    Cos,
}

impl UnaryFn {
    /// Every function, in declaration order.
    pub const ALL: [UnaryFn; 11] = [
        UnaryFn::Exp,
        UnaryFn::Expm1,
        UnaryFn::Log,
        UnaryFn::Log1p,
        UnaryFn::Tanh,
        UnaryFn::Sigmoid,
        UnaryFn::Erf,
        UnaryFn::GeluErf,
        UnaryFn::GeluTanh,
        UnaryFn::Sin,
        UnaryFn::Cos,
    ];

    /// A short lower-case name (`"exp"`, `"gelu_erf"`, ...).
    pub fn name(self) -> &'static str {
        match self {
            UnaryFn::Exp => "exp",
            UnaryFn::Expm1 => "expm1",
            UnaryFn::Log => "log",
            UnaryFn::Log1p => "log1p",
            UnaryFn::Tanh => "tanh",
            UnaryFn::Sigmoid => "sigmoid",
            UnaryFn::Erf => "erf",
            UnaryFn::GeluErf => "gelu_erf",
            UnaryFn::GeluTanh => "gelu_tanh",
            UnaryFn::Sin => "sin",
            UnaryFn::Cos => "cos",
        }
    }
}
