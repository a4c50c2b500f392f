//! Throughput of the vector math on one thread: 64K f32 per call, every function, every ISA
//! level this machine has. Prints elements per nanosecond (best of several timed batches).
//!
//! `cargo run --release -p etk-simd --example mathbench [-- FILTER]`

use etk_simd::{Level, UnaryFn};
use std::hint::black_box;
use std::time::Instant;

const N: usize = 64 * 1024;

/// Input ranges: each function's busy domain, and for gelu also a narrower, typical range
/// (activations rarely go below -3.5, where gelu takes its accurate tail branch).
fn ranges(f: UnaryFn) -> &'static [(f32, f32)] {
    match f {
        UnaryFn::Log | UnaryFn::Log1p => &[(0.0, 10.0)],
        UnaryFn::Exp | UnaryFn::Expm1 => &[(-10.0, 10.0)],
        UnaryFn::Sin | UnaryFn::Cos => &[(-10.0, 10.0)],
        UnaryFn::GeluErf | UnaryFn::GeluTanh => &[(-3.0, 3.0), (-5.0, 5.0)],
        _ => &[(-5.0, 5.0)],
    }
}

fn main() {
    let filter = std::env::args().nth(1);
    let mut state = 0x1234_5678_9abc_def0u64;
    let mut rnd = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state >> 40) as f32 / (1u64 << 24) as f32
    };
    println!(
        "{:<10} {:>14} {:>8} {:>10}",
        "function", "input", "isa", "elem/ns"
    );
    for f in UnaryFn::ALL {
        if filter.as_deref().is_some_and(|s| !f.name().contains(s)) {
            continue;
        }
        for &(lo, hi) in ranges(f) {
            let x: Vec<f32> = (0..N).map(|_| lo + (hi - lo) * rnd()).collect();
            let mut y = vec![0f32; N];
            for &isa in Level::available_levels() {
                let reps = if isa == Level::SCALAR { 4 } else { 40 };
                let mut best = f64::INFINITY;
                for _ in 0..7 {
                    let t = Instant::now();
                    for _ in 0..reps {
                        f.apply(isa, black_box(&x), black_box(&mut y));
                    }
                    best = best.min(t.elapsed().as_secs_f64() / reps as f64);
                }
                let rate = N as f64 / (best * 1e9);
                println!(
                    "{:<10} {:>14} {:>8} {:>10.2}",
                    f.name(),
                    format!("[{lo}, {hi}]"),
                    isa,
                    rate
                );
            }
        }
    }
}
