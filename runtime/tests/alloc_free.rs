//! `execute` (and `set_input`) allocate nothing: every committed model that the registry can
//! run, called several times under a counting global allocator, in a serial context and in a
//! context whose threads are a caller's `etk::ThreadPool`.
//!
//! With threads, what is counted: every allocation on the calling thread during `set_input`
//! and `execute` (the runtime, and the kernels' serial parts), and every allocation a kernel's
//! parallel task makes, on whichever thread runs it. What is not: the pool's own scheduling
//! inside `Parallel::run` (rayon boxes each spawned task and grows its queues, on the worker
//! threads or, when injecting work, on the caller): the pool is the caller's, made before
//! `execute` and shared by its calls, and so are its allocations.

mod common;

use common::{all_models, input_tensor, io, read};
use etk::{KernelContext, Parallel};
use etk_runtime::{Method, Program};
use etk_testing::alloc::{allocations, counted, start, stop};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

#[global_allocator]
static GLOBAL: etk_testing::alloc::Counting = etk_testing::alloc::Counting;

/// A caller's pool whose tasks are counted: allocations inside each task, and how many calls
/// really ran more than one task.
struct CountedPool {
    pool: etk::ThreadPool,
    task_allocations: AtomicUsize,
    parallel_runs: AtomicUsize,
}

impl Parallel for CountedPool {
    fn num_threads(&self) -> usize {
        self.pool.num_threads()
    }

    fn run(&self, n_tasks: usize, task: &(dyn Fn(usize) + Sync)) {
        self.parallel_runs
            .fetch_add(usize::from(n_tasks > 1), Relaxed);
        // Called inside `counted` on the caller: the pool's scheduling is not counted.
        stop();
        self.pool.run(n_tasks, &|i| {
            let before = allocations();
            start();
            task(i);
            stop();
            self.task_allocations
                .fetch_add(allocations() - before, Relaxed);
        });
        start();
    }
}

/// Every model on both registries in `ctx`; returns how many (model, call) pairs ran.
fn check_models(parallel: &dyn Parallel) -> usize {
    let mut checked = 0;
    for name in &all_models() {
        let bytes = read(name, "pte");
        let program = Program::load(&bytes).unwrap();
        for reg in [etk::registry(), etk::portable_registry()] {
            let Ok(mut m) = Method::prepare(&program, "forward", &reg) else {
                continue;
            };
            m.enable_profiling(etk_runtime::Profile::wall_clock());
            let mut scratch = vec![0u8; 1 << 20];
            let mut ctx = KernelContext::new(&mut scratch, parallel);
            for (ins, _) in io(name) {
                let ts: Vec<_> = ins
                    .iter()
                    .enumerate()
                    .map(|(i, v)| input_tensor(&m, i, v))
                    .collect();
                let (n, r) = counted(|| {
                    // Inputs are set before every call: a memory plan may reuse an input's
                    // memory once it has been read (llama's token does).
                    for _ in 0..3 {
                        for (i, t) in ts.iter().enumerate() {
                            m.set_input(i, &t.view())?;
                        }
                        m.execute(&mut ctx)?;
                    }
                    Ok::<(), etk_runtime::Error>(())
                });
                r.unwrap();
                assert_eq!(n, 0, "{name}: {n} allocations in set_input + execute");
                checked += 1;
            }
        }
    }
    checked
}

#[test]
fn execute_allocates_nothing() {
    etk::init();
    assert!(check_models(&etk::Serial) >= 7);
}

#[test]
fn execute_on_a_callers_thread_pool_allocates_nothing() {
    etk::init();
    let pool = CountedPool {
        pool: etk::ThreadPool::new(2).unwrap(),
        task_allocations: AtomicUsize::new(0),
        parallel_runs: AtomicUsize::new(0),
    };
    assert!(check_models(&pool) >= 7);
    assert_eq!(
        pool.task_allocations.load(Relaxed),
        0,
        "allocations in kernel tasks"
    );
    // mlp_wide's GEMMs are split over the threads, so tasks really ran on the pool.
    assert!(pool.parallel_runs.load(Relaxed) > 0);
}
