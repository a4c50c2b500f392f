//! Timing helpers: medians of repeated runs, with a warm-up.

use std::time::Instant;

/// The median wall time in seconds of `runs` calls of `f`, after one warm-up call.
pub fn median_secs(runs: usize, mut f: impl FnMut()) -> f64 {
    f();
    let mut t: Vec<f64> = (0..runs.max(1))
        .map(|_| {
            let s = Instant::now();
            f();
            s.elapsed().as_secs_f64()
        })
        .collect();
    t.sort_by(f64::total_cmp);
    t[t.len() / 2]
}

/// Repeats `f` until at least `min_secs` have passed per sample, returning the median seconds
/// per call over `samples` samples.
pub fn median_per_call(samples: usize, min_secs: f64, mut f: impl FnMut()) -> f64 {
    f();
    let mut reps = 1usize;
    loop {
        let s = Instant::now();
        for _ in 0..reps {
            f();
        }
        if s.elapsed().as_secs_f64() >= min_secs / 4.0 || reps > 1 << 30 {
            break;
        }
        reps *= 2;
    }
    median_secs(samples, || {
        for _ in 0..reps {
            f();
        }
    }) / reps as f64
}
