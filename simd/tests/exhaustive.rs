//! Every f32 input (all 2^32 bit patterns) through every function on every ISA level this
//! machine has, against the f64 reference. Prints the worst ULP error per level and asserts the
//! bounds. Several minutes per function (two threads):
//!
//! `cargo test --release -p etk-simd --test exhaustive -- --ignored --nocapture [NAME]`

mod common;

use common::{Worst, bound, reference};
use etk_simd::{Level, UnaryFn};

fn exhaustive(f: UnaryFn) {
    const CHUNK: u64 = 1 << 20;
    let levels = Level::available_levels();
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get()) as u64;
    let start = std::time::Instant::now();
    let results: Vec<Vec<Worst>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                s.spawn(move || {
                    let mut worst = vec![Worst::default(); levels.len()];
                    let mut x = vec![0f32; CHUNK as usize];
                    let mut want = vec![0f64; CHUNK as usize];
                    let mut out = vec![0f32; CHUNK as usize];
                    let mut c = t * CHUNK;
                    while c < 1 << 32 {
                        for i in 0..CHUNK as usize {
                            x[i] = f32::from_bits((c + i as u64) as u32);
                            want[i] = reference(f, x[i]);
                        }
                        for (w, &isa) in worst.iter_mut().zip(levels) {
                            f.apply(isa, &x, &mut out);
                            for i in 0..CHUNK as usize {
                                w.add(x[i], out[i], want[i]);
                            }
                        }
                        c += threads * CHUNK;
                    }
                    worst
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let mut failures = Vec::new();
    for (l, &isa) in levels.iter().enumerate() {
        let mut w = Worst::default();
        for r in &results {
            w.merge(&r[l]);
        }
        println!(
            "EXHAUSTIVE {:>9} {:>6}: max {} ULP (frac {:.3}) at x = {:e} [{:#010x}] (got {:e}, want {:e}); {} of {} inputs above 1 ULP [{:.0} s]",
            f.name(),
            isa,
            w.ulp,
            w.frac,
            w.input,
            w.input.to_bits(),
            w.got,
            w.want,
            w.above1,
            w.count,
            start.elapsed().as_secs_f64()
        );
        if w.ulp > bound(f) {
            failures.push(format!(
                "{} on {isa}: {} ULP at {:e}",
                f.name(),
                w.ulp,
                w.input
            ));
        }
    }
    assert!(failures.is_empty(), "{failures:?}");
}

macro_rules! exhaustive_tests {
    ($($t:ident => $f:ident),* $(,)?) => {
        $( #[test] #[ignore] fn $t() { exhaustive(UnaryFn::$f) } )*
    };
}

exhaustive_tests! {
    exp => Exp,
    expm1 => Expm1,
    log => Log,
    log1p => Log1p,
    tanh => Tanh,
    sigmoid => Sigmoid,
    erf => Erf,
    gelu_erf => GeluErf,
    gelu_tanh => GeluTanh,
    sin => Sin,
    cos => Cos,
}
