//! The portable path: libm's f32 functions where they meet the accuracy bounds, f64 where a
//! formula would otherwise lose accuracy (sigmoid, gelu).

use super::unary_fn::UnaryFn;
use half::f16;

fn sigmoid(x: f32) -> f32 {
    let x = f64::from(x);
    let e = libm::exp(-x.abs());
    let s = if x < 0.0 {
        e / (1.0 + e)
    } else {
        1.0 / (1.0 + e)
    };
    s as f32
}

/// `x * Phi(x)`, written with erfc so the negative tail keeps its relative accuracy.
/// `gelu(-inf)` is NaN, as PyTorch computes it.
fn gelu_erf(x: f32) -> f32 {
    let x = f64::from(x);
    (x * 0.5 * libm::erfc(-x * core::f64::consts::FRAC_1_SQRT_2)) as f32
}

/// `0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))`, as `x * sigmoid(2 * inner)`.
fn gelu_tanh(x: f32) -> f32 {
    let x = f64::from(x);
    let k = (2.0 / core::f64::consts::PI).sqrt();
    let arg = 2.0 * k * (x + 0.044715 * x * x * x);
    let e = libm::exp(-arg.abs());
    let s = if arg < 0.0 { x * e } else { x };
    (s / (1.0 + e)) as f32
}

/// The per-element function of `f` on this path.
pub(crate) fn func(f: UnaryFn) -> fn(f32) -> f32 {
    match f {
        UnaryFn::Exp => libm::expf,
        UnaryFn::Expm1 => libm::expm1f,
        UnaryFn::Log => libm::logf,
        UnaryFn::Log1p => libm::log1pf,
        UnaryFn::Tanh => libm::tanhf,
        UnaryFn::Sigmoid => sigmoid,
        UnaryFn::Erf => libm::erff,
        UnaryFn::GeluErf => gelu_erf,
        UnaryFn::GeluTanh => gelu_tanh,
        UnaryFn::Sin => libm::sinf,
        UnaryFn::Cos => libm::cosf,
    }
}

/// Runs `f` over `n` floats.
///
/// # Safety
/// `src` must be valid for reading and `dst` for writing `n` floats; they either do not overlap
/// or are equal.
pub(crate) unsafe fn run(f: UnaryFn, src: *const f32, dst: *mut f32, n: usize) {
    let g = func(f);
    for i in 0..n {
        // SAFETY: i < n; each element is read before it is written.
        unsafe { *dst.add(i) = g(*src.add(i)) };
    }
}

/// Runs `f` over `n` Half values: widened into f32 chunks on the stack, computed as [`run`]
/// computes them, rounded once.
///
/// # Safety
/// `src` must be valid for reading and `dst` for writing `n` values; they either do not
/// overlap or are equal.
pub(crate) unsafe fn run_f16(f: UnaryFn, src: *const u16, dst: *mut u16, n: usize) {
    let g = func(f);
    for i in 0..n {
        // SAFETY: i < n; each element is read before it is written.
        unsafe { *dst.add(i) = f16::from_f32(g(f16::from_bits(*src.add(i)).to_f32())).to_bits() };
    }
}
