//! Vectorized f32 math over slices, with a scalar, an AVX2+FMA, an AVX-512 and (on aarch64) a
//! NEON path picked by an [`Isa`] argument.
//!
//! Every function reads `x` and writes `out`, processing `min(x.len(), out.len())` elements
//! (it never panics); the `*_inplace` forms overwrite their argument. [`UnaryFn::apply_f16`] takes
//! Half slices and converts in registers (F16C), with the results of widening, `apply` and
//! rounding once. The `isa` argument is
//! clamped to [`detected`](crate::detected), so any value is safe; pass
//! [`isa()`](crate::isa) normally.
//!
//! Accuracy (distance in ordered-bit space to the f64 result rounded to f32, all inputs):
//! exp ≤ 2 ULP, the others ≤ 4 ULP; NaN gives NaN, infinities and signed zeros follow C99 /
//! PyTorch (e.g. `log(0) = -inf`, `log(-1) = NaN`, `tanh(-0) = -0`, `gelu(-inf) = NaN`), exp
//! overflows to inf and underflows through the subnormals to 0. The tests in `tests/` check
//! this for every ISA level the machine has.
//!
//! Measured over all 2^32 inputs (`cargo test --release -p etk-simd --test exhaustive --
//! --ignored --nocapture`), worst error in ULP on AVX-512 / AVX2 (the scalar path, libm in f32 or
//! f64, is within 1 ULP):
//!
//! | exp | expm1 | log | log1p | tanh | sigmoid | erf | gelu (erf) | gelu (tanh) | sin | cos |
//! | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |
//! | 1 | 1 | 1 | 2 | 1 (AVX2: 3) | 2 | 2 | 3 (AVX2: 4, 3.76 at x = -2.7696) | 3 | 1 | 1 |
//!
//! NEON runs the AVX2 level's algorithms on 4 lanes. Its accuracy is measured under
//! qemu-aarch64 on `tests/math_ulp.rs`'s 1.4 M random and edge inputs per function (not all
//! 2^32): exp, expm1, log, sin, cos 1 ULP; log1p, tanh, sigmoid, erf 2; both gelus 3. Its
//! speed is not measured (no aarch64 hardware here).
//!
//! Speed on the AVX-512 machine of the benches (Xeon, one thread, 64 K elements, `opbench OP
//! f32 65536`): exp 7.3, erf 7.2, log 5.6, tanh 5.2, sigmoid 4.3, gelu 4.2 elements/ns. On an
//! AVX2-only Zen 3 (EPYC, `cargo run --release -p etk-simd --example mathbench`, best of three
//! runs on a shared host): exp 3.1, log 2.0, tanh 2.0, sigmoid 1.9, sin 1.3, erf 1.3, gelu 0.9
//! (erf form) and 0.75 (tanh form) elements/ns. A 16-interval table costs two lane-crossing
//! permutes and a blend per coefficient there, and Zen 3 issues one such permute per cycle, so
//! AVX2 avoids them: erf uses 8 intervals of width 1/2 with a higher degree (0.7-0.8 -> 1.1-1.3
//! elements/ns, four alternating rounds, still 2 ULP); gelu (erf form) `exp(-x^2/2)` times an
//! 8-interval table (0.6 -> 0.8 on [-3, 3], and 0.3 -> 0.7 on [-5, 5], where its tail branch
//! starts lower; 4 ULP instead of 3); gelu (tanh form) no table at all, `exp` of the argument
//! in double-f32 for every lane (0.6 -> 0.65 on [-3, 3], 0.3 -> 0.65 on [-5, 5], where most
//! vectors used to take both the table and the tail branch; still 3 ULP).
//!
//! ```
//! use etk_simd::{isa, math};
//! let x = [0.0f32, 1.0, -2.5];
//! let mut y = [0.0f32; 3];
//! math::exp(isa(), &x, &mut y);
//! assert_eq!(y[0], 1.0);
//! assert!((y[1] - core::f32::consts::E).abs() <= f32::EPSILON * 4.0);
//! ```

use crate::detect::Isa;
use half::f16;

/// `f`'s kernel, `name::<E>(args)` (or `name(args)` without `[E]`), in an ISA module that has
/// one function per [`UnaryFn`], named as [`UnaryFn::name`] gives.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
macro_rules! by_fn {
    ($f:expr, [$($e:ty)?], $($arg:expr),*) => {
        match $f {
            UnaryFn::Exp => exp$(::<$e>)?($($arg),*),
            UnaryFn::Expm1 => expm1$(::<$e>)?($($arg),*),
            UnaryFn::Log => log$(::<$e>)?($($arg),*),
            UnaryFn::Log1p => log1p$(::<$e>)?($($arg),*),
            UnaryFn::Tanh => tanh$(::<$e>)?($($arg),*),
            UnaryFn::Sigmoid => sigmoid$(::<$e>)?($($arg),*),
            UnaryFn::Erf => erf$(::<$e>)?($($arg),*),
            UnaryFn::GeluErf => gelu_erf$(::<$e>)?($($arg),*),
            UnaryFn::GeluTanh => gelu_tanh$(::<$e>)?($($arg),*),
            UnaryFn::Sin => sin$(::<$e>)?($($arg),*),
            UnaryFn::Cos => cos$(::<$e>)?($($arg),*),
        }
    };
}

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(target_arch = "x86_64")]
mod avx512;
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
mod kernels;
#[cfg(target_arch = "aarch64")]
mod neon;
mod scalar;
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
mod tables;
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
mod vector;

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

    /// Applies the function to `min(x.len(), out.len())` elements.
    pub fn apply(self, isa: Isa, x: &[f32], out: &mut [f32]) {
        let n = x.len().min(out.len());
        // SAFETY: both pointers are valid for n elements, and `&`/`&mut` borrows cannot overlap.
        unsafe { run(self, isa, x.as_ptr(), out.as_mut_ptr(), n) }
    }

    /// Applies the function to `x` in place.
    pub fn apply_inplace(self, isa: Isa, x: &mut [f32]) {
        let p = x.as_mut_ptr();
        // SAFETY: p is valid for x.len() elements; source and destination are equal, and every
        // path loads an element before storing it.
        unsafe { run(self, isa, p, p, x.len()) }
    }

    /// Applies the function to `min(x.len(), out.len())` Half values: each is widened to f32,
    /// computed as [`UnaryFn::apply`] computes it, and rounded to Half once, with the
    /// conversions done in registers (no pass through an f32 buffer).
    pub fn apply_f16(self, isa: Isa, x: &[f16], out: &mut [f16]) {
        let n = x.len().min(out.len());
        // SAFETY: both pointers are valid for n elements, and `&`/`&mut` borrows cannot overlap.
        unsafe { run_f16(self, isa, x.as_ptr(), out.as_mut_ptr(), n) }
    }

    /// The function of one value on the scalar path.
    pub fn eval_scalar(self, x: f32) -> f32 {
        scalar::func(self)(x)
    }
}

/// # Safety
/// `src` valid for reading and `dst` for writing `n` Half values; equal or not overlapping.
unsafe fn run_f16(f: UnaryFn, isa: Isa, src: *const f16, dst: *mut f16, n: usize) {
    // Clamping to the detected level makes every `isa` value safe.
    match isa.clamp_to_detected() {
        // SAFETY: AVX-512 F/BW/DQ/VL + AVX2 + FMA + F16C were detected.
        #[cfg(target_arch = "x86_64")]
        Isa::Avx512 => unsafe { avx512::run::<avx512::F16>(f, src.cast(), dst.cast(), n) },
        // SAFETY: AVX2 + FMA + F16C were detected.
        #[cfg(target_arch = "x86_64")]
        Isa::Avx2 => unsafe { avx2::run::<avx2::F16>(f, src.cast(), dst.cast(), n) },
        // Widened into f32 chunks on the stack, computed as `run` computes f32, rounded once.
        level => {
            let mut buf = [0f32; 256];
            let mut at = 0;
            while at < n {
                let m = buf.len().min(n - at);
                let chunk = &mut buf[..m];
                for (i, b) in chunk.iter_mut().enumerate() {
                    // SAFETY: at + i < n.
                    *b = unsafe { *src.add(at + i) }.to_f32();
                }
                // SAFETY: the chunk is valid for m floats (in place).
                unsafe { run(f, level, chunk.as_ptr(), chunk.as_mut_ptr(), m) };
                for (i, &b) in chunk.iter().enumerate() {
                    // SAFETY: at + i < n; this chunk of `src` was read before it is written.
                    unsafe { *dst.add(at + i) = f16::from_f32(b) };
                }
                at += m;
            }
        }
    }
}

/// # Safety
/// `src` valid for reading and `dst` for writing `n` floats; equal or not overlapping.
unsafe fn run(f: UnaryFn, isa: Isa, src: *const f32, dst: *mut f32, n: usize) {
    // Clamping to the detected level makes every `isa` value safe.
    match isa.clamp_to_detected() {
        // SAFETY: AVX-512 F/BW/DQ/VL + AVX2 + FMA were detected.
        #[cfg(target_arch = "x86_64")]
        Isa::Avx512 => unsafe { avx512::run::<avx512::F32>(f, src.cast(), dst.cast(), n) },
        // SAFETY: AVX2 + FMA were detected.
        #[cfg(target_arch = "x86_64")]
        Isa::Avx2 => unsafe { avx2::run::<avx2::F32>(f, src.cast(), dst.cast(), n) },
        // SAFETY: pointer validity is the caller's (NEON is part of the aarch64 baseline).
        #[cfg(target_arch = "aarch64")]
        Isa::Neon => unsafe { neon::run(f, src, dst, n) },
        // SAFETY: pointer validity is the caller's.
        _ => unsafe { scalar::run(f, src, dst, n) },
    }
}

macro_rules! unary {
    ($($name:ident, $inplace:ident, $f:ident, $doc:literal;)*) => {
        $(
            #[doc = $doc]
            ///
            /// Writes `min(x.len(), out.len())` results into `out`.
            pub fn $name(isa: Isa, x: &[f32], out: &mut [f32]) {
                UnaryFn::$f.apply(isa, x, out)
            }

            #[doc = $doc]
            ///
            /// Overwrites `x` with the results.
            pub fn $inplace(isa: Isa, x: &mut [f32]) {
                UnaryFn::$f.apply_inplace(isa, x)
            }
        )*
    };
}

unary! {
    exp, exp_inplace, Exp, "`e^x` (≤ 2 ULP).";
    expm1, expm1_inplace, Expm1, "`e^x - 1` (≤ 4 ULP).";
    log, log_inplace, Log, "Natural logarithm (≤ 4 ULP).";
    log1p, log1p_inplace, Log1p, "`log(1 + x)` (≤ 4 ULP).";
    tanh, tanh_inplace, Tanh, "Hyperbolic tangent (≤ 4 ULP).";
    sigmoid, sigmoid_inplace, Sigmoid, "`1 / (1 + e^-x)` (≤ 4 ULP).";
    erf, erf_inplace, Erf, "The error function (≤ 4 ULP).";
    gelu_erf, gelu_erf_inplace, GeluErf,
        "`x * 0.5 * (1 + erf(x / sqrt 2))` (≤ 4 ULP, including the negative tail).";
    gelu_tanh, gelu_tanh_inplace, GeluTanh,
        "`0.5 * x * (1 + tanh(sqrt(2/pi) * (x + 0.044715 x^3)))` (≤ 4 ULP, including the negative tail).";
    sin, sin_inplace, Sin, "Sine (≤ 4 ULP).";
    cos, cos_inplace, Cos, "Cosine (≤ 4 ULP).";
}
