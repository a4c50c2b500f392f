//! Timing helpers: medians of repeated runs, with a warm-up.
//!
//! `ETK_BENCH_CLOCK=cpu` times the calling thread's CPU time instead of the wall clock (Linux's
//! `CLOCK_THREAD_CPUTIME_ID`): on a machine shared with other work the wall clock
//! counts the time the thread waited for a core, its CPU time does not (caches and memory
//! bandwidth are still shared).

use std::time::Instant;

/// A point on the clock `ETK_BENCH_CLOCK` chooses.
#[derive(Clone, Copy)]
enum Stamp {
    Wall(Instant),
    Cpu(f64),
}

/// The calling thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`, to the nanosecond).
#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
fn thread_cpu_secs() -> Option<f64> {
    #[repr(C)]
    struct Timespec {
        sec: i64,
        nsec: i64,
    }
    unsafe extern "C" {
        fn clock_gettime(clock: i32, tp: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut t = Timespec { sec: 0, nsec: 0 };
    // SAFETY: glibc's clock_gettime writes one timespec (two 64-bit fields on 64-bit Linux).
    let r = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut t) };
    (r == 0).then_some(t.sec as f64 + t.nsec as f64 * 1e-9)
}

#[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
fn thread_cpu_secs() -> Option<f64> {
    None
}

fn stamp() -> Stamp {
    if std::env::var_os("ETK_BENCH_CLOCK").is_some_and(|v| v == "cpu")
        && let Some(t) = thread_cpu_secs()
    {
        return Stamp::Cpu(t);
    }
    Stamp::Wall(Instant::now())
}

fn elapsed(since: Stamp) -> f64 {
    match since {
        Stamp::Wall(i) => i.elapsed().as_secs_f64(),
        Stamp::Cpu(t) => thread_cpu_secs().map_or(0.0, |now| now - t),
    }
}

/// The median time in seconds of `runs` calls of `f`, after one warm-up call.
pub fn median_secs(runs: usize, mut f: impl FnMut()) -> f64 {
    f();
    let mut t: Vec<f64> = (0..runs.max(1))
        .map(|_| {
            let s = stamp();
            f();
            elapsed(s)
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
        let s = stamp();
        for _ in 0..reps {
            f();
        }
        if elapsed(s) >= min_secs / 4.0 || reps > 1 << 30 {
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
