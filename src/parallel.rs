//! Threads for kernels: [`ThreadPool`], an [`etk_core::Parallel`] whose dispatch costs well
//! under a microsecond.
//!
//! Kernels never create threads; a caller that wants them passes a handle in the
//! `KernelContext`. The pool is the caller's, made once and shared by every call.
//!
//! A kernel call's tasks are handed out from one atomic word holding the call's number (its
//! epoch), its task count and the next task index: the calling thread publishes a call by
//! storing that word, then takes tasks itself like every worker, and returns when all are
//! done. Workers spin for a while on the word between calls (a model's kernel calls follow
//! each other within microseconds) and then sleep until the next call wakes them. Nothing is
//! allocated per call. (A rayon scope per call, as before, cost several microseconds: boxing
//! each task, waking sleeping workers; at two threads every model ran slower than at one.)

use etk_core::Parallel;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicU64, AtomicUsize, Ordering};
use std::thread::{self, JoinHandle, Thread};
use std::time::{Duration, Instant};

/// How long an idle worker spins before it sleeps.
const SPIN: Duration = Duration::from_micros(200);
/// How long of that it spins without yielding its core.
const SPIN_ALONE: Duration = Duration::from_micros(20);

/// The task word: epoch (16 bits), task count (24 bits), next task index (24 bits).
const FIELD: u32 = 24;
const MASK: u64 = (1 << FIELD) - 1;
/// Calls with more tasks than the word holds run on the calling thread.
const MAX_TASKS: usize = MASK as usize;

fn pack(epoch: u64, n: usize, next: usize) -> u64 {
    (epoch << (2 * FIELD)) | ((n as u64) << FIELD) | next as u64
}

fn unpack(w: u64) -> (u64, usize, usize) {
    (
        w >> (2 * FIELD),
        ((w >> FIELD) & MASK) as usize,
        (w & MASK) as usize,
    )
}

/// One call's work, on the calling thread's stack while the call lasts.
struct Job<'t> {
    task: &'t (dyn Fn(usize) + Sync),
}

struct Shared {
    word: AtomicU64,
    /// The current call's `Job` (valid while its tasks are not all done).
    job: AtomicPtr<Job<'static>>,
    /// Tasks of the current call finished.
    done: AtomicUsize,
    /// Workers asleep, or about to sleep (they check the word once more first).
    sleeping: AtomicUsize,
    /// A call is running (a task calling the pool again runs its call serially).
    busy: AtomicBool,
    quit: AtomicBool,
}

/// A fixed set of threads for kernels' tasks; the calling thread is one of them.
pub struct ThreadPool {
    shared: Arc<Shared>,
    workers: Vec<(JoinHandle<()>, Thread)>,
    threads: usize,
}

impl ThreadPool {
    /// A pool of `threads` threads, the caller included (at least one: `threads - 1` are
    /// started).
    pub fn new(threads: usize) -> std::io::Result<ThreadPool> {
        let threads = threads.max(1);
        let shared = Arc::new(Shared {
            word: AtomicU64::new(0),
            job: AtomicPtr::new(std::ptr::null_mut()),
            done: AtomicUsize::new(0),
            sleeping: AtomicUsize::new(0),
            busy: AtomicBool::new(false),
            quit: AtomicBool::new(false),
        });
        let mut pool = ThreadPool {
            shared,
            workers: Vec::with_capacity(threads - 1),
            threads,
        };
        for i in 1..threads {
            let s = Arc::clone(&pool.shared);
            let h = thread::Builder::new()
                .name(format!("etk-worker-{i}"))
                .spawn(move || worker(&s))?;
            let t = h.thread().clone();
            pool.workers.push((h, t));
        }
        Ok(pool)
    }

    fn wake(&self) {
        if self.shared.sleeping.load(Ordering::SeqCst) > 0 {
            for (_, t) in &self.workers {
                t.unpark();
            }
        }
    }
}

/// Takes and runs tasks of the call published as `w` until none is left; returns the last
/// word seen.
fn take_tasks(s: &Shared, mut w: u64) -> u64 {
    let (epoch, n, _) = unpack(w);
    loop {
        let (e, _, next) = unpack(w);
        if e != epoch || next >= n {
            return w;
        }
        match s
            .word
            .compare_exchange_weak(w, w + 1, Ordering::AcqRel, Ordering::Acquire)
        {
            Ok(_) => {
                // SAFETY: task `next` of this epoch was claimed, so the call is not done and
                // its `Job` (published before the word) is alive on the caller's stack.
                let job = unsafe { &*s.job.load(Ordering::Acquire) };
                (job.task)(next);
                s.done.fetch_add(1, Ordering::Release);
                w = s.word.load(Ordering::Acquire);
            }
            Err(cur) => w = cur,
        }
    }
}

fn worker(s: &Shared) {
    let mut seen = s.word.load(Ordering::Acquire) >> (2 * FIELD);
    loop {
        let mut since = Instant::now();
        let mut spins = 0u32;
        let w = loop {
            if s.quit.load(Ordering::Acquire) {
                return;
            }
            let w = s.word.load(Ordering::Acquire);
            if w >> (2 * FIELD) != seen {
                break w;
            }
            spins += 1;
            if !spins.is_multiple_of(64) {
                std::hint::spin_loop();
                continue;
            }
            let idle = since.elapsed();
            if idle < SPIN {
                // past the first microseconds, let any other runnable thread go first: on a
                // loaded machine it may be the very caller this worker waits for.
                if idle > SPIN_ALONE {
                    thread::yield_now();
                }
                continue;
            }
            s.sleeping.fetch_add(1, Ordering::SeqCst);
            // the word once more: a call published before `sleeping` was raised did not
            // see this worker asleep and will not wake it (the caller stores the word and
            // then reads `sleeping`, both sequentially consistent, so one of the two sees
            // the other). No timeout: a worker between calls costs its caller nothing.
            if s.word.load(Ordering::SeqCst) >> (2 * FIELD) == seen
                && !s.quit.load(Ordering::SeqCst)
            {
                thread::park();
            }
            s.sleeping.fetch_sub(1, Ordering::SeqCst);
            since = Instant::now();
        };
        seen = w >> (2 * FIELD);
        take_tasks(s, w);
    }
}

impl Drop for ThreadPool {
    fn drop(&mut self) {
        self.shared.quit.store(true, Ordering::SeqCst);
        for (h, t) in self.workers.drain(..) {
            t.unpark();
            let _ = h.join();
        }
    }
}

impl Parallel for ThreadPool {
    fn num_threads(&self) -> usize {
        self.threads
    }

    fn run(&self, n_tasks: usize, task: &(dyn Fn(usize) + Sync)) {
        let s = &*self.shared;
        if n_tasks <= 1
            || self.workers.is_empty()
            || n_tasks > MAX_TASKS
            || s.busy.swap(true, Ordering::Acquire)
        {
            (0..n_tasks).for_each(task);
            return;
        }
        let job = Job { task };
        let epoch = ((s.word.load(Ordering::Relaxed) >> (2 * FIELD)) + 1) & 0xffff;
        s.done.store(0, Ordering::Relaxed);
        // SAFETY (of the lifetime cast): the pointer is read only by threads that claimed a
        // task of this epoch, and this function returns only when every task is done.
        s.job.store(
            (&job as *const Job<'_>).cast_mut().cast(),
            Ordering::Release,
        );
        let w = pack(epoch, n_tasks, 0);
        // sequentially consistent with `wake`'s read of `sleeping` (see `worker`)
        s.word.store(w, Ordering::SeqCst);
        self.wake();
        take_tasks(s, w);
        // The others' tasks: each is a slice of the call, so waiting is short.
        let mut spins = 0u32;
        while s.done.load(Ordering::Acquire) < n_tasks {
            spins = spins.wrapping_add(1);
            if spins.is_multiple_of(1024) {
                thread::yield_now();
            } else {
                std::hint::spin_loop();
            }
        }
        s.busy.store(false, Ordering::Release);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_task_runs_once_whatever_the_threads() {
        for threads in [1, 2, 3, 5] {
            let pool = ThreadPool::new(threads).unwrap();
            for n in [0usize, 1, 2, 7, 100, 1000] {
                for _ in 0..20 {
                    let hits: Vec<AtomicUsize> = (0..n).map(|_| AtomicUsize::new(0)).collect();
                    pool.run(n, &|i| {
                        hits[i].fetch_add(1, Ordering::Relaxed);
                    });
                    assert!(hits.iter().all(|h| h.load(Ordering::Relaxed) == 1));
                }
            }
        }
    }

    #[test]
    fn a_task_may_call_the_pool_again() {
        let pool = ThreadPool::new(2).unwrap();
        let total = AtomicUsize::new(0);
        pool.run(4, &|_| {
            pool.run(3, &|_| {
                total.fetch_add(1, Ordering::Relaxed);
            });
        });
        assert_eq!(total.load(Ordering::Relaxed), 12);
    }

    #[test]
    fn workers_asleep_wake_for_the_next_call() {
        let pool = ThreadPool::new(3).unwrap();
        std::thread::sleep(SPIN * 4);
        let hits = AtomicUsize::new(0);
        pool.run(64, &|_| {
            hits.fetch_add(1, Ordering::Relaxed);
        });
        assert_eq!(hits.load(Ordering::Relaxed), 64);
    }
}
