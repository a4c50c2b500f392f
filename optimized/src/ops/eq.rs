//! `eq.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)`
//! `eq.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = self == other` compared in the common dtype, on the pointwise frame for Float,
//! Half, BFloat16 (in f32, IEEE: NaN compares unequal), the integer dtypes into a Bool out when the
//! layout is one the frame accelerates. An integer tensor against a floating Scalar (compared in
//! Float) takes the integer comparison that agrees on every value of its dtype. Other out
//! dtypes and everything else: portable.

comparison!(
    eq,
    Eq,
    eq_tensor_out,
    eq_scalar_out,
    eq_tensor_out_boxed,
    eq_scalar_out_boxed
);
