//! Vectorized f32 math over slices and vectors, written once over the vector layer
//! ([`Simd`](crate::Simd)) and run at a [`Level`]: the polynomial kernels at the vector levels
//! (AVX2+FMA, AVX-512, NEON), libm at [`Level::SCALAR`].
//!
//! Every slice function reads `x` and writes `out`, processing `min(x.len(), out.len())`
//! elements (it never panics); the `*_inplace` forms overwrite their argument.
//! [`UnaryFn::apply_f16`] takes Half slices and converts in registers, with the results of
//! widening, `apply` and rounding once. Pass [`level()`](crate::level) normally. Inside a
//! kernel, the same functions are [`Simd::unary`](crate::Simd::unary) on one vector and
//! [`Simd::unary_run`](crate::Simd::unary_run) on a run.
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
//! use etk_simd::{level, math};
//! let x = [0.0f32, 1.0, -2.5];
//! let mut y = [0.0f32; 3];
//! math::exp(level(), &x, &mut y);
//! assert_eq!(y[0], 1.0);
//! assert!((y[1] - core::f32::consts::E).abs() <= f32::EPSILON * 4.0);
//! ```

// Under Miri only the scalar level exists, whose functions are libm's: the vector kernels,
// their tables and drivers are compiled but unused there.
#![cfg_attr(miri, allow(dead_code))]

use crate::level::Level;
use crate::vector::{Element, Kernel, Simd, dispatch};
use half::f16;
use vector::{Lane, MathSimd, Pair, Vf32};

#[cfg(all(target_arch = "x86_64", not(miri)))]
pub(crate) mod avx2;
#[cfg(all(target_arch = "x86_64", not(miri)))]
pub(crate) mod avx512;
mod kernels;
#[cfg(all(target_arch = "aarch64", not(miri)))]
pub(crate) mod neon;
pub(crate) mod scalar;
mod tables;
pub(crate) mod unary_fn;
mod vector;

pub use unary_fn::UnaryFn;

impl UnaryFn {
    /// Applies the function to `min(x.len(), out.len())` elements.
    pub fn apply(self, level: Level, x: &[f32], out: &mut [f32]) {
        let n = x.len().min(out.len());
        dispatch(
            level,
            Apply {
                f: self,
                src: x.as_ptr(),
                dst: out.as_mut_ptr(),
                n,
            },
        )
    }

    /// Applies the function to `x` in place.
    pub fn apply_inplace(self, level: Level, x: &mut [f32]) {
        let p = x.as_mut_ptr();
        // source and destination are equal: every path loads an element before storing it.
        dispatch(
            level,
            Apply {
                f: self,
                src: p,
                dst: p,
                n: x.len(),
            },
        )
    }

    /// Applies the function to `min(x.len(), out.len())` Half values: each is widened to f32,
    /// computed as [`UnaryFn::apply`] computes it, and rounded to Half once, with the
    /// conversions done in registers (no pass through an f32 buffer).
    pub fn apply_f16(self, level: Level, x: &[f16], out: &mut [f16]) {
        let n = x.len().min(out.len());
        dispatch(
            level,
            ApplyF16 {
                f: self,
                src: x.as_ptr() as *const u16,
                dst: out.as_mut_ptr() as *mut u16,
                n,
            },
        )
    }

    /// The function of one value on the scalar path.
    pub fn eval_scalar(self, x: f32) -> f32 {
        scalar::func(self)(x)
    }
}

/// [`UnaryFn::apply`] as a kernel: `src` readable and `dst` writable for `n` floats, equal or
/// disjoint (the slices it was made from vouch for that).
struct Apply {
    f: UnaryFn,
    src: *const f32,
    dst: *mut f32,
    n: usize,
}

impl Kernel for Apply {
    type Output = ();
    #[inline(always)]
    fn run<S: Simd>(self, s: S) {
        // SAFETY: as the fields say.
        unsafe { s.unary_run(self.f, self.src, self.dst, self.n) }
    }
}

/// [`UnaryFn::apply_f16`] as a kernel, as [`Apply`].
struct ApplyF16 {
    f: UnaryFn,
    src: *const u16,
    dst: *mut u16,
    n: usize,
}

impl Kernel for ApplyF16 {
    type Output = ();
    #[inline(always)]
    fn run<S: Simd>(self, s: S) {
        // SAFETY: as the fields say.
        unsafe { s.unary_run_f16(self.f, self.src, self.dst, self.n) }
    }
}

/// `f`'s kernel on one vector of `V` (a constant `f` inlines one kernel).
#[inline(always)]
fn kernel<V: Vf32>(f: UnaryFn, x: V) -> V {
    match f {
        UnaryFn::Exp => kernels::exp(x),
        UnaryFn::Expm1 => kernels::expm1(x),
        UnaryFn::Log => kernels::log(x),
        UnaryFn::Log1p => kernels::log1p(x),
        UnaryFn::Tanh => kernels::tanh(x),
        UnaryFn::Sigmoid => kernels::sigmoid(x),
        UnaryFn::Erf => kernels::erf(x),
        UnaryFn::GeluErf => kernels::gelu_erf(x),
        UnaryFn::GeluTanh => kernels::gelu_tanh(x),
        UnaryFn::Sin => kernels::sin(x),
        UnaryFn::Cos => kernels::cos(x),
    }
}

/// [`Simd::unary`] at a vector level.
#[inline(always)]
pub(crate) fn vector_unary<S: MathSimd>(_s: S, f: UnaryFn, x: S::F32) -> S::F32 {
    kernel(f, Lane::<S>(x)).0
}

/// Applies `k` (`k2` on pairs) to `n` elements from `src` into `dst` (equal or disjoint): two
/// vectors at a time where the level interleaves ([`MathSimd::PAIR`]), else one, then one
/// partial vector whose missing lanes read as zero. The kernels decide some branches for a
/// whole vector (or pair), so this grouping is part of the results.
///
/// # Safety
/// `src` readable and `dst` writable for `n` elements.
#[inline(always)]
unsafe fn drive<S: MathSimd, E: Element>(
    s: S,
    src: *const E,
    dst: *mut E,
    n: usize,
    k: impl Fn(Lane<S>) -> Lane<S>,
    k2: impl Fn(Pair<Lane<S>>) -> Pair<Lane<S>>,
) {
    let l = S::LANES;
    let mut i = 0;
    unsafe {
        if S::PAIR {
            while i + 2 * l <= n {
                let a = Lane::<S>(E::load(s, src.add(i)));
                let b = Lane::<S>(E::load(s, src.add(i + l)));
                let r = k2(Pair(a, b));
                E::store(s, dst.add(i), r.0.0);
                E::store(s, dst.add(i + l), r.1.0);
                i += 2 * l;
            }
        }
        while i + l <= n {
            let r = k(Lane::<S>(E::load(s, src.add(i))));
            E::store(s, dst.add(i), r.0);
            i += l;
        }
        if i < n {
            let r = k(Lane::<S>(E::load_n(s, src.add(i), n - i)));
            E::store_n(s, dst.add(i), n - i, r.0);
        }
    }
}

/// [`drive`] with `f`'s kernel, chosen once outside the loop.
///
/// # Safety
/// As [`drive`].
#[inline(always)]
unsafe fn drive_fn<S: MathSimd, E: Element>(
    s: S,
    f: UnaryFn,
    src: *const E,
    dst: *mut E,
    n: usize,
) {
    macro_rules! by_fn {
        ($($f:ident => $k:ident),*) => {
            match f {
                $(UnaryFn::$f => unsafe {
                    drive(
                        s,
                        src,
                        dst,
                        n,
                        #[inline(always)]
                        |v| kernels::$k(v),
                        #[inline(always)]
                        |v| kernels::$k(v),
                    )
                },)*
            }
        };
    }
    by_fn!(
        Exp => exp, Expm1 => expm1, Log => log, Log1p => log1p, Tanh => tanh,
        Sigmoid => sigmoid, Erf => erf, GeluErf => gelu_erf, GeluTanh => gelu_tanh,
        Sin => sin, Cos => cos
    )
}

/// The f32 driver of a level (called from its `#[target_feature]` entry).
///
/// # Safety
/// As [`drive`].
#[inline(always)]
pub(crate) unsafe fn run_f32<S: MathSimd>(
    s: S,
    f: UnaryFn,
    src: *const f32,
    dst: *mut f32,
    n: usize,
) {
    unsafe { drive_fn(s, f, src, dst, n) }
}

/// The Half driver of a level: Half converted in registers as it is loaded and stored.
/// (BFloat16 the same way was slower on Zen 3 than widening to f32 chunks and back, 7
/// alternating rounds at 64 K elements, median: exp 50 -> 61 us, sigmoid 62 -> 73, tanh 60 ->
/// 70: its rounding is ten integer operations per vector, and in the loop of the function they
/// lengthen each chain.)
///
/// # Safety
/// As [`drive`].
#[inline(always)]
pub(crate) unsafe fn run_f16<S: MathSimd>(
    s: S,
    f: UnaryFn,
    src: *const u16,
    dst: *mut u16,
    n: usize,
) {
    unsafe { drive_fn(s, f, src.cast::<f16>(), dst.cast::<f16>(), n) }
}

macro_rules! unary {
    ($($name:ident, $inplace:ident, $f:ident, $doc:literal;)*) => {
        $(
            #[doc = $doc]
            ///
            /// Writes `min(x.len(), out.len())` results into `out`.
            pub fn $name(level: Level, x: &[f32], out: &mut [f32]) {
                UnaryFn::$f.apply(level, x, out)
            }

            #[doc = $doc]
            ///
            /// Overwrites `x` with the results.
            pub fn $inplace(level: Level, x: &mut [f32]) {
                UnaryFn::$f.apply_inplace(level, x)
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
