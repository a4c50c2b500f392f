//! Threads for kernels: an [`etk_core::Parallel`] backed by a rayon thread pool.
//!
//! Kernels never create threads; a caller that wants them passes a handle in the
//! `KernelContext`. The pool is the caller's, and so are its allocations.

use etk_core::Parallel;

/// Runs a kernel's tasks on a rayon pool of a fixed number of threads.
pub struct ThreadPool {
    pool: rayon::ThreadPool,
}

impl ThreadPool {
    /// A pool of `threads` threads (at least one).
    pub fn new(threads: usize) -> Result<ThreadPool, rayon::ThreadPoolBuildError> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads.max(1))
            .build()?;
        Ok(ThreadPool { pool })
    }
}

impl Parallel for ThreadPool {
    fn num_threads(&self) -> usize {
        self.pool.current_num_threads()
    }

    fn run(&self, n_tasks: usize, task: &(dyn Fn(usize) + Sync)) {
        match n_tasks {
            0 => {}
            1 => task(0),
            _ => self.pool.scope(|s| {
                for i in 1..n_tasks {
                    s.spawn(move |_| task(i));
                }
                task(0);
            }),
        }
    }
}
