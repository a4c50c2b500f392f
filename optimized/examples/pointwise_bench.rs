//! Quick measurement of the optimized pointwise kernels against the machine's limits.
//!
//! `cargo run --release -p etk-optimized --example pointwise_bench [-- --threads N]`
//!
//! Prints one line per measurement: contiguous f32 add/mul at 64K and 16M elements in GB/s
//! (12 bytes per element, as STREAM's triad) next to the triad bandwidth measured here at the
//! same working set; the broadcast fast paths against contiguous; the transcendentals in
//! elements/ns at 64K; Half and BFloat16 against f32. `ETK_ISA=scalar|avx2|avx512` picks a
//! lower level.

use etk_core::{
    KernelContext, OwnedTensor, Parallel, Scalar, ScalarType, ScopedThreads, Serial, Tensor,
};
use etk_optimized::ops;
use std::hint::black_box;
use std::time::Instant;

/// The best (least disturbed) seconds per call of `f` over `samples` samples, each repeating
/// `f` enough to last ~20 ms. The best, not the median: on a shared machine the others only
/// measure the neighbours.
fn best_secs(samples: usize, mut f: impl FnMut()) -> f64 {
    f();
    let t = Instant::now();
    f();
    let once = t.elapsed().as_secs_f64().max(1e-9);
    let reps = ((0.02 / once) as usize).clamp(1, 100_000);
    let mut v: Vec<f64> = (0..samples)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..reps {
                f();
            }
            t.elapsed().as_secs_f64() / reps as f64
        })
        .collect();
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[0]
}

#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Block([f32; 16]);

/// Bandwidth in bytes/s of `a[i] = b[i] + s * c[i]` (the STREAM triad, compiled for the
/// baseline target like the library) over three arrays of `n` f32, 12 bytes per element.
fn triad_bandwidth(n: usize) -> f64 {
    let mut a = vec![Block([0.0; 16]); n.div_ceil(16)];
    let b = vec![Block([1.0; 16]); n.div_ceil(16)];
    let c = vec![Block([2.0; 16]); n.div_ceil(16)];
    let flat = |v: &[Block]| -> *const f32 { v.as_ptr() as *const f32 };
    let (pb, pc) = (flat(&b), flat(&c));
    let pa = a.as_mut_ptr() as *mut f32;
    let secs = best_secs(9, || {
        // SAFETY: the three buffers hold at least n floats.
        let (a, b, c) = unsafe {
            (
                std::slice::from_raw_parts_mut(pa, n),
                std::slice::from_raw_parts(pb, n),
                std::slice::from_raw_parts(pc, n),
            )
        };
        for ((a, b), c) in a.iter_mut().zip(b).zip(c) {
            *a = b + 0.5 * c;
        }
        black_box(&a);
    });
    (n * 12) as f64 / secs
}

fn filled(dtype: ScalarType, sizes: &[usize], seed: u32) -> OwnedTensor {
    let mut t = OwnedTensor::zeros(dtype, sizes).unwrap();
    let n = t.numel();
    let v: Vec<f64> = (0..n)
        .map(|i| {
            ((i as u32).wrapping_mul(2654435761).wrapping_add(seed) >> 8) as f64 / (1 << 24) as f64
                * 8.0
                - 4.0
        })
        .collect();
    t.fill_logical::<f64>(&v);
    t
}

type Binary =
    fn(&mut KernelContext<'_>, &Tensor<'_>, &Tensor<'_>, &mut Tensor<'_>) -> etk_core::Result<()>;
type Unary = fn(&mut KernelContext<'_>, &Tensor<'_>, &mut Tensor<'_>) -> etk_core::Result<()>;

fn add(
    ctx: &mut KernelContext<'_>,
    a: &Tensor<'_>,
    b: &Tensor<'_>,
    o: &mut Tensor<'_>,
) -> etk_core::Result<()> {
    ops::add::add_out(ctx, a, b, Scalar::Int(1), o)
}

/// Seconds per call of a binary kernel on `a ⊕ b`.
fn time_binary(
    par: &dyn Parallel,
    f: Binary,
    dtype: ScalarType,
    a: &[usize],
    b: &[usize],
    out: &[usize],
) -> f64 {
    let (ta, tb) = (filled(dtype, a, 1), filled(dtype, b, 2));
    let mut to = OwnedTensor::zeros(dtype, out).unwrap();
    let (va, vb) = (ta.view(), tb.view());
    let mut vo = to.view_mut().unwrap();
    let mut ctx = KernelContext::new(&mut [], par);
    best_secs(9, || f(&mut ctx, &va, &vb, &mut vo).unwrap())
}

fn time_unary(par: &dyn Parallel, f: Unary, dtype: ScalarType, n: usize) -> f64 {
    let ta = filled(dtype, &[n], 3);
    let mut to = OwnedTensor::zeros(dtype, &[n]).unwrap();
    let va = ta.view();
    let mut vo = to.view_mut().unwrap();
    let mut ctx = KernelContext::new(&mut [], par);
    best_secs(9, || f(&mut ctx, &va, &mut vo).unwrap())
}

fn gelu(ctx: &mut KernelContext<'_>, a: &Tensor<'_>, o: &mut Tensor<'_>) -> etk_core::Result<()> {
    ops::gelu::gelu_out(ctx, a, "none", o)
}

fn main() {
    let threads: usize = std::env::args()
        .skip_while(|a| a != "--threads")
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let pool = ScopedThreads(threads);
    let par: &dyn Parallel = if threads > 1 { &pool } else { &Serial };
    println!(
        "isa={} threads={threads} (level from etk_simd::level(); ETK_ISA lowers it)",
        etk_simd::level()
    );
    let f32t = ScalarType::Float;

    // contiguous add / mul vs triad.
    for &n in &[1usize << 16, 1 << 24] {
        let triad = triad_bandwidth(n);
        println!("triad          n={n:>9}  {:7.2} GB/s", triad / 1e9);
        for (name, f) in [("add", add as Binary), ("mul", ops::mul::mul_out as Binary)] {
            let s = time_binary(par, f, f32t, &[n], &[n], &[n]);
            let bw = (n * 12) as f64 / s;
            println!(
                "{name} f32 contig n={n:>9}  {:7.2} GB/s  {:5.1}% of triad",
                bw / 1e9,
                100.0 * bw / triad
            );
        }
    }

    // broadcast fast paths vs contiguous (same out size, elements/ns).
    for &n in &[1usize << 16, 1 << 24] {
        let c = 1024;
        let rows = n / c;
        let contig = time_binary(par, add, f32t, &[rows, c], &[rows, c], &[rows, c]);
        println!(
            "add f32 contiguous   [{rows},{c}]: {:6.2} elem/ns",
            n as f64 / contig / 1e9
        );
        let cases: [(&str, Vec<usize>, Vec<usize>); 4] = [
            ("row    [N,C]+[C]  ", vec![rows, c], vec![c]),
            ("column [N,C]+[N,1]", vec![rows, c], vec![rows, 1]),
            ("scalar [N,C]+[]   ", vec![rows, c], vec![]),
            (
                "middle [A,K,B]+[A,1,B]",
                vec![rows / 8, 8, c],
                vec![rows / 8, 1, c],
            ),
        ];
        for (name, a, b) in cases {
            let out = etk_core::shape::broadcast_shapes("bench", &[("a", &a), ("b", &b)]).unwrap();
            let s = time_binary(par, add, f32t, &a, &b, &out);
            println!(
                "add f32 {name} n={n}: {:6.2} elem/ns  ({:+5.1}% time vs contiguous)",
                n as f64 / s / 1e9,
                100.0 * (s / contig - 1.0)
            );
        }
    }

    // transcendentals.
    let n = 1 << 16;
    let unaries: [(&str, Unary); 6] = [
        ("exp", ops::exp::exp_out),
        ("sigmoid", ops::sigmoid::sigmoid_out),
        ("tanh", ops::tanh::tanh_out),
        ("gelu", gelu),
        ("erf", ops::erf::erf_out),
        ("log", ops::log::log_out),
    ];
    let x: Vec<f32> = filled(f32t, &[n], 3).to_logical::<f32>();
    let mut y = vec![0f32; n];
    let raw = [
        etk_simd::UnaryFn::Exp,
        etk_simd::UnaryFn::Sigmoid,
        etk_simd::UnaryFn::Tanh,
        etk_simd::UnaryFn::GeluErf,
        etk_simd::UnaryFn::Erf,
        etk_simd::UnaryFn::Log,
    ];
    for ((name, f), raw) in unaries.iter().zip(raw) {
        let s = time_unary(par, *f, f32t, n);
        let isa = etk_simd::level();
        let r = best_secs(9, || raw.apply(isa, &x, &mut y));
        println!(
            "{name:<8} f32 n={n}: {:6.2} elem/ns   (etk_simd::math alone on the same data: {:6.2} elem/ns)",
            n as f64 / s / 1e9,
            n as f64 / r / 1e9
        );
    }

    // gelu's vector math takes a slower, accurate branch for lanes below -3.5; with inputs in
    // [-3, 3] (most activations) no lane does.
    let narrow_x: Vec<f32> = x.iter().map(|v| v * 0.75).collect();
    let isa = etk_simd::level();
    let r = best_secs(9, || etk_simd::math::gelu_erf(isa, &narrow_x, &mut y));
    println!(
        "gelu     f32 n={n} inputs in [-3, 3]: etk_simd::math alone {:6.2} elem/ns",
        n as f64 / r / 1e9
    );

    // half / bfloat16 vs f32.
    for (name, dt) in [("f16", ScalarType::Half), ("bf16", ScalarType::BFloat16)] {
        let base = time_binary(par, add, f32t, &[n], &[n], &[n]);
        let s = time_binary(par, add, dt, &[n], &[n], &[n]);
        println!(
            "add {name:<4} n={n}: {:6.2} elem/ns  ({:5.1}% of f32's elem/ns)",
            n as f64 / s / 1e9,
            100.0 * base / s
        );
        for (uname, f) in [("exp", unaries[0].1), ("gelu", unaries[3].1)] {
            let base = time_unary(par, f, f32t, n);
            let s = time_unary(par, f, dt, n);
            println!(
                "{uname:<4} {name:<4} n={n}: {:6.2} elem/ns  ({:5.1}% of f32's elem/ns)",
                n as f64 / s / 1e9,
                100.0 * base / s
            );
        }
    }
}
