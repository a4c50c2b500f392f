//! GEMM throughput, one line per measurement:
//!
//! ```text
//! cargo run --release -p etk-optimized --example gemm_bench [-- filter]
//! OPENBLAS_CORETYPE=SkylakeX OPENBLAS_NUM_THREADS=1 \
//!     cargo run --release -p etk-optimized --features openblas --example gemm_bench
//! ```
//!
//! Prints GFLOP/s (2*M*N*K per product) for f32 square sizes, the inference shapes, the
//! matrix-vector-like shapes M=1..8 with K=N=4096 (a `linear` weight `[N, K]`, read once per
//! call: also printed as GB/s of weights against the measured read bandwidth), f16 and bf16
//! inputs, and two threads; with the `openblas` feature, OpenBLAS `sgemm` on the same shapes.
//! Peak FMA throughput and read bandwidth are measured first so the numbers read against the
//! machine's limits. `ETK_ISA` lowers the ISA level.

use etk_core::{KernelContext, Parallel, Serial};
use etk_optimized::gemm::{self, Bias, Dt, Epilogue, Isa, MatMut, MatRef};
use half::{bf16, f16};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;

/// A persistent pool: workers spin briefly, then yield, waiting for work.
struct Pool {
    inner: Arc<Inner>,
    workers: usize,
    handles: Vec<std::thread::JoinHandle<()>>,
}

struct Inner {
    epoch: AtomicUsize,
    next: AtomicUsize,
    pending: AtomicUsize,
    n_tasks: AtomicUsize,
    task: std::sync::Mutex<Option<TaskRef>>,
    stop: AtomicBool,
}

#[derive(Clone, Copy)]
struct TaskRef(*const (dyn Fn(usize) + Sync));
// SAFETY: the pointee is Sync and outlives the run that published it.
unsafe impl Send for TaskRef {}

impl Pool {
    fn new(threads: usize) -> Pool {
        let inner = Arc::new(Inner {
            epoch: AtomicUsize::new(0),
            next: AtomicUsize::new(0),
            pending: AtomicUsize::new(0),
            n_tasks: AtomicUsize::new(0),
            task: std::sync::Mutex::new(None),
            stop: AtomicBool::new(false),
        });
        let handles = (1..threads)
            .map(|_| {
                let inner = inner.clone();
                std::thread::spawn(move || {
                    let mut seen = 0;
                    loop {
                        let mut spins = 0u32;
                        while inner.epoch.load(Ordering::Acquire) == seen {
                            if inner.stop.load(Ordering::Relaxed) {
                                return;
                            }
                            spins += 1;
                            if spins < 100_000 {
                                std::hint::spin_loop();
                            } else {
                                std::thread::yield_now();
                            }
                        }
                        seen = inner.epoch.load(Ordering::Acquire);
                        let task = inner.task.lock().unwrap().unwrap();
                        let n = inner.n_tasks.load(Ordering::Acquire);
                        loop {
                            let i = inner.next.fetch_add(1, Ordering::AcqRel);
                            if i >= n {
                                break;
                            }
                            // SAFETY: the task lives until `pending` reaches zero.
                            unsafe { (*task.0)(i) };
                        }
                        inner.pending.fetch_sub(1, Ordering::AcqRel);
                    }
                })
            })
            .collect();
        Pool {
            inner,
            workers: threads - 1,
            handles,
        }
    }
}

impl Parallel for Pool {
    fn num_threads(&self) -> usize {
        self.workers + 1
    }
    fn run(&self, n_tasks: usize, task: &(dyn Fn(usize) + Sync)) {
        let i = &self.inner;
        // SAFETY: the lifetime is erased only until this call returns, after every worker
        // has finished with the task.
        let t: *const (dyn Fn(usize) + Sync) = unsafe { std::mem::transmute(task) };
        *i.task.lock().unwrap() = Some(TaskRef(t));
        i.n_tasks.store(n_tasks, Ordering::Release);
        i.next.store(0, Ordering::Release);
        i.pending.store(self.workers, Ordering::Release);
        i.epoch.fetch_add(1, Ordering::AcqRel);
        loop {
            let k = i.next.fetch_add(1, Ordering::AcqRel);
            if k >= n_tasks {
                break;
            }
            task(k);
        }
        while i.pending.load(Ordering::Acquire) != 0 {
            std::hint::spin_loop();
        }
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        self.inner.stop.store(true, Ordering::Relaxed);
        for h in self.handles.drain(..) {
            let _ = h.join();
        }
    }
}

/// Best time of repeated runs over about `budget` seconds.
fn time(budget: f64, mut f: impl FnMut()) -> f64 {
    f();
    let start = Instant::now();
    let mut best = f64::INFINITY;
    let mut runs = 0;
    while runs < 3 || (start.elapsed().as_secs_f64() < budget && runs < 10_000) {
        let t = Instant::now();
        f();
        best = best.min(t.elapsed().as_secs_f64());
        runs += 1;
    }
    best
}

fn fill<T: Copy>(n: usize, conv: impl Fn(f32) -> T) -> Vec<T> {
    let mut s = 0x1234_5678u32;
    (0..n)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 17;
            s ^= s << 5;
            conv((s >> 8) as f32 / (1u32 << 24) as f32 - 0.5)
        })
        .collect()
}

#[derive(Clone, Copy, PartialEq)]
enum Layout {
    /// C = A @ B, all row-major.
    Mm,
    /// C = A @ W^T + bias, W `[N, K]` row-major (a `linear` weight).
    Linear,
}

struct Bench {
    scratch: Vec<u8>,
    isa: Isa,
    filter: Option<String>,
    peak: f64,
}

impl Bench {
    fn wanted(&self, name: &str) -> bool {
        self.filter
            .as_ref()
            .is_none_or(|f| name.contains(f.as_str()))
    }

    #[allow(clippy::too_many_arguments)]
    fn run<T: gemm::GemmElem>(
        &mut self,
        name: &str,
        m: usize,
        n: usize,
        k: usize,
        layout: Layout,
        par: &dyn Parallel,
        conv: impl Fn(f32) -> T + Copy,
    ) -> Option<f64> {
        if !self.wanted(name) {
            return None;
        }
        let a = fill(m * k, conv);
        let b = fill(k * n, conv);
        let bias = fill(n, conv);
        let mut c = fill(m * n, conv);
        let isa = self.isa;
        let flops = 2.0 * (m * n * k) as f64;
        let budget = if flops > 1e9 { 1.0 } else { 0.4 };
        let scratch = &mut self.scratch;
        let secs = time(budget, || {
            let mut ctx = KernelContext::new(scratch, par);
            let am = MatRef::row_major(&a, m, k).unwrap();
            let (bm, epi) = match layout {
                Layout::Mm => (MatRef::row_major(&b, k, n).unwrap(), Epilogue::default()),
                Layout::Linear => (
                    MatRef::row_major(&b, n, k).unwrap().t(),
                    Epilogue {
                        bias: Bias::per_col(&bias).unwrap(),
                        ..Epilogue::default()
                    },
                ),
            };
            let cm = MatMut::row_major(&mut c, m, n).unwrap();
            gemm::gemm(&mut ctx, isa, am, bm, cm, &epi).unwrap();
        });
        let gf = flops / secs / 1e9;
        let dt = match T::DT {
            Dt::F32 => "f32",
            Dt::F16 => "f16",
            Dt::Bf16 => "bf16",
        };
        println!(
            "etk      {name:<28} {dt:<4} threads={} {gf:8.1} GFLOP/s  {:5.1}% of 1-core peak  ({:.3} ms)",
            par.num_threads(),
            100.0 * gf * 1e9 / self.peak,
            secs * 1e3
        );
        Some(secs)
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
unsafe fn fma_peak_avx512(iters: u64) -> f32 {
    use std::arch::x86_64::*;
    let mut acc = [_mm512_set1_ps(0.0); 12];
    let a = _mm512_set1_ps(0.999_999);
    let b = _mm512_set1_ps(1e-7);
    for _ in 0..iters {
        for x in acc.iter_mut() {
            *x = _mm512_fmadd_ps(*x, a, b);
        }
    }
    let mut s = _mm512_set1_ps(0.0);
    for x in acc {
        s = _mm512_add_ps(s, x);
    }
    _mm512_reduce_add_ps(s)
}

fn peak_flops() -> f64 {
    #[cfg(target_arch = "x86_64")]
    if is_x86_feature_detected!("avx512f") {
        let iters = 20_000_000u64;
        // SAFETY: AVX-512F is present.
        let secs = time(0.5, || {
            std::hint::black_box(unsafe { fma_peak_avx512(std::hint::black_box(iters)) });
        });
        return (iters * 32 * 12) as f64 / secs;
    }
    1e9
}

/// Bytes per second reading `bufs` in turn, each once per pass (so none is in cache when it
/// is read again, if together they exceed the last-level cache).
fn read_bandwidth(bufs: &[Vec<f32>]) -> f64 {
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f")]
    unsafe fn sum512(v: &[f32]) -> f32 {
        use std::arch::x86_64::*;
        let mut acc = [_mm512_setzero_ps(); 8];
        for ch in v.chunks_exact(128) {
            for (j, a) in acc.iter_mut().enumerate() {
                *a = _mm512_add_ps(*a, unsafe { _mm512_loadu_ps(ch.as_ptr().add(16 * j)) });
            }
        }
        let mut s = _mm512_setzero_ps();
        for a in acc {
            s = _mm512_add_ps(s, a);
        }
        _mm512_reduce_add_ps(s)
    }
    let sum = |v: &[f32]| -> f32 {
        #[cfg(target_arch = "x86_64")]
        if is_x86_feature_detected!("avx512f") {
            // SAFETY: AVX-512F is present.
            return unsafe { sum512(v) };
        }
        v.iter().sum()
    };
    let mut best = f64::INFINITY;
    for _ in 0..3 {
        for b in bufs {
            let t = Instant::now();
            std::hint::black_box(sum(b));
            best = best.min(t.elapsed().as_secs_f64());
        }
    }
    (bufs[0].len() * 4) as f64 / best
}

/// `linear` with a `[4096, 4096]` f32 weight read once per call: the weights rotate through
/// `copies` buffers so that each call reads its weight from memory.
fn gemv_cold(bench: &mut Bench, m: usize, weights: &[Vec<f32>], bw: f64) {
    let name = format!("gemv M{m} K4096 N4096 linear");
    if !bench.wanted(&name) {
        return;
    }
    let (n, k) = (4096, 4096);
    let a = fill(m * k, |x| x);
    let bias = fill(n, |x| x);
    let mut c = vec![0f32; m * n];
    let mut next = 0;
    let scratch = &mut bench.scratch;
    let isa = bench.isa;
    let secs = time(0.5, || {
        let w = &weights[next % weights.len()];
        next += 1;
        let mut ctx = KernelContext::new(scratch, &Serial);
        let epi = Epilogue {
            bias: Bias::per_col(&bias).unwrap(),
            ..Epilogue::default()
        };
        gemm::gemm(
            &mut ctx,
            isa,
            MatRef::row_major(&a, m, k).unwrap(),
            MatRef::row_major(w, n, k).unwrap().t(),
            MatMut::row_major(&mut c, m, n).unwrap(),
            &epi,
        )
        .unwrap();
    });
    let gf = 2.0 * (m * n * k) as f64 / secs / 1e9;
    let gbs = (n * k * 4) as f64 / secs;
    println!(
        "etk      {name:<28} f32  threads=1 {gf:8.1} GFLOP/s  weights at {:.1} GB/s = {:.0}% of read bandwidth ({:.3} ms)",
        gbs / 1e9,
        100.0 * gbs / bw,
        secs * 1e3
    );
}

#[cfg(feature = "openblas")]
#[link(name = "openblas")]
unsafe extern "C" {}

#[cfg(feature = "openblas")]
fn openblas(name: &str, m: usize, n: usize, k: usize, layout: Layout, peak: f64) {
    use cblas_sys::*;
    let a = fill(m * k, |x| x);
    let b = fill(k * n, |x| x);
    let mut c = fill(m * n, |x| x);
    let flops = 2.0 * (m * n * k) as f64;
    let budget = if flops > 1e9 { 1.0 } else { 0.4 };
    let secs = time(budget, || unsafe {
        let (tb, ldb) = match layout {
            Layout::Mm => (CBLAS_TRANSPOSE::CblasNoTrans, n),
            Layout::Linear => (CBLAS_TRANSPOSE::CblasTrans, k),
        };
        cblas_sgemm(
            CBLAS_LAYOUT::CblasRowMajor,
            CBLAS_TRANSPOSE::CblasNoTrans,
            tb,
            m as i32,
            n as i32,
            k as i32,
            1.0,
            a.as_ptr(),
            k as i32,
            b.as_ptr(),
            ldb as i32,
            0.0,
            c.as_mut_ptr(),
            n as i32,
        )
    });
    let gf = flops / secs / 1e9;
    println!(
        "openblas {name:<28} f32  threads=1 {gf:8.1} GFLOP/s  {:5.1}% of 1-core peak  ({:.3} ms)",
        100.0 * gf * 1e9 / peak,
        secs * 1e3
    );
}

fn main() {
    let filter = std::env::args().nth(1);
    let isa = gemm::isa();
    let peak = peak_flops();
    println!("isa={isa} peak(1 core, f32 FMA)={:.1} GFLOP/s", peak / 1e9);
    let mut bench = Bench {
        scratch: vec![0u8; 64 << 20],
        isa,
        filter,
        peak,
    };
    let f32c = |x: f32| x;
    let serial = Serial;

    let mut shapes: Vec<(String, usize, usize, usize, Layout)> = Vec::new();
    for s in [64, 128, 256, 512, 1024, 2048] {
        shapes.push((format!("square {s}"), s, s, s, Layout::Mm));
    }
    shapes.push(("M196 K576 N64".into(), 196, 64, 576, Layout::Mm));
    shapes.push((
        "M128 K768 N768 linear".into(),
        128,
        768,
        768,
        Layout::Linear,
    ));
    shapes.push((
        "M128 K768 N3072 linear".into(),
        128,
        3072,
        768,
        Layout::Linear,
    ));
    shapes.push(("M128 K768 N768".into(), 128, 768, 768, Layout::Mm));
    shapes.push(("M128 K768 N3072".into(), 128, 3072, 768, Layout::Mm));

    for (name, m, n, k, layout) in &shapes {
        bench.run(name, *m, *n, *k, *layout, &serial, f32c);
        #[cfg(feature = "openblas")]
        if bench.wanted(name) {
            openblas(name, *m, *n, *k, *layout, peak);
        }
    }

    // matrix-vector-like: a 64 MiB linear weight read once per call, from memory (10 copies,
    // 640 MiB, rotate).
    if bench.wanted("gemv") {
        let weights: Vec<Vec<f32>> = (0..10).map(|_| fill(4096 * 4096, |x| x)).collect();
        let bw = read_bandwidth(&weights);
        println!(
            "read bandwidth (64 MiB buffers in a 640 MiB rotation) = {:.1} GB/s",
            bw / 1e9
        );
        for m in 1..=8 {
            gemv_cold(&mut bench, m, &weights, bw);
            #[cfg(feature = "openblas")]
            openblas(
                &format!("gemv M{m} K4096 N4096 linear (warm)"),
                m,
                4096,
                4096,
                Layout::Linear,
                peak,
            );
        }
    }

    // f16 / bf16 inputs and outs (accumulated in f32).
    for (name, m, n, k, layout) in &shapes {
        if *m > 1024 {
            continue;
        }
        let f = format!("{name} half");
        bench.run(&f, *m, *n, *k, *layout, &serial, f16::from_f32);
        bench.run(&f, *m, *n, *k, *layout, &serial, bf16::from_f32);
    }

    // two threads.
    let pool = Pool::new(2);
    for s in [512, 1024, 2048] {
        let name = format!("square {s} 2T");
        bench.run(&name, s, s, s, Layout::Mm, &pool, f32c);
    }
    for (name, m, n, k, layout) in shapes.iter().skip(6) {
        let f = format!("{name} 2T");
        bench.run(&f, *m, *n, *k, *layout, &pool, f32c);
    }
}
