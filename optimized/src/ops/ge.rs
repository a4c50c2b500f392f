//! `ge.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)`
//! `ge.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)`
//!
//! `out = self >= other` compared in the common dtype, on the pointwise frame for Float,
//! Half, BFloat16 (in f32, IEEE: NaN compares unequal), the integer dtypes into a Bool out when the
//! layout is one the frame accelerates. An integer tensor against a floating Scalar (compared in
//! Float) takes the integer comparison that agrees on every value of its dtype. Other out
//! dtypes and everything else: portable.

comparison!(
    ge,
    Ge,
    ge_tensor_out,
    ge_scalar_out,
    ge_tensor_out_boxed,
    ge_scalar_out_boxed
);
