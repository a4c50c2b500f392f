//! A fixed pool of threads that runs a kernel's tasks without touching the heap, so that the
//! fuzzer's allocation count covers every thread a kernel's work runs on (rayon's scope boxes
//! each spawned task, which would be counted against the kernel).

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;

use etk::Parallel;

type Task = *const (dyn Fn(usize) + Sync);

struct State {
    /// Bumped for every `run`, so that a worker knows there is a new batch.
    generation: u64,
    task: Option<Task>,
    n_tasks: usize,
    next: usize,
    running: usize,
    /// Whether a task of this batch panicked on a worker.
    panicked: bool,
    shutdown: bool,
}

// SAFETY: the task pointer is only dereferenced while `run`, which owns the borrow it came
// from, waits for every task of its batch to finish.
unsafe impl Send for State {}

struct Shared {
    state: Mutex<State>,
    work: Condvar,
    done: Condvar,
}

/// `threads` threads in all: the caller of `run` and `threads - 1` workers.
pub struct Pool {
    shared: Arc<Shared>,
    workers: Vec<JoinHandle<()>>,
    threads: usize,
}

fn lock(s: &Shared) -> MutexGuard<'_, State> {
    s.state.lock().unwrap_or_else(|e| e.into_inner())
}

impl Pool {
    pub fn new(threads: usize) -> Pool {
        let shared = Arc::new(Shared {
            state: Mutex::new(State {
                generation: 0,
                task: None,
                n_tasks: 0,
                next: 0,
                running: 0,
                panicked: false,
                shutdown: false,
            }),
            work: Condvar::new(),
            done: Condvar::new(),
        });
        let workers = (1..threads.max(1))
            .map(|_| {
                let s = Arc::clone(&shared);
                std::thread::spawn(move || worker(&s))
            })
            .collect();
        Pool {
            shared,
            workers,
            threads: threads.max(1),
        }
    }
}

/// Takes and runs tasks of the current batch until none is left.
fn drain<'s>(s: &'s Shared, mut st: MutexGuard<'s, State>) -> MutexGuard<'s, State> {
    while let Some(task) = st.task.filter(|_| st.next < st.n_tasks) {
        let i = st.next;
        st.next += 1;
        st.running += 1;
        drop(st);
        // SAFETY: see `State`: the batch's `run` is still waiting, so the closure is alive.
        let ok = catch_unwind(AssertUnwindSafe(|| unsafe { (*task)(i) })).is_ok();
        st = lock(s);
        st.running -= 1;
        st.panicked |= !ok;
        if st.next >= st.n_tasks && st.running == 0 {
            s.done.notify_all();
        }
    }
    st
}

fn worker(s: &Shared) {
    let mut seen = 0;
    let mut st = lock(s);
    loop {
        while st.generation == seen && !st.shutdown {
            st = s.work.wait(st).unwrap_or_else(|e| e.into_inner());
        }
        if st.shutdown {
            return;
        }
        seen = st.generation;
        st = drain(s, st);
    }
}

impl Parallel for Pool {
    fn num_threads(&self) -> usize {
        self.threads
    }

    fn run(&self, n_tasks: usize, task: &(dyn Fn(usize) + Sync)) {
        let s = &*self.shared;
        let mut st = lock(s);
        // SAFETY: the pointer's lifetime is erased; it is used only until this call returns,
        // which waits below for every task that took it.
        let ptr: Task = unsafe { std::mem::transmute::<&(dyn Fn(usize) + Sync), Task>(task) };
        st.task = Some(ptr);
        st.n_tasks = n_tasks;
        st.next = 0;
        st.panicked = false;
        st.generation += 1;
        s.work.notify_all();
        st = drain(s, st);
        while st.next < st.n_tasks || st.running > 0 {
            st = s.done.wait(st).unwrap_or_else(|e| e.into_inner());
        }
        st.task = None;
        let panicked = st.panicked;
        drop(st);
        if panicked {
            panic!("a kernel task panicked on a pool thread");
        }
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        lock(&self.shared).shutdown = true;
        self.shared.work.notify_all();
        for w in self.workers.drain(..) {
            let _ = w.join();
        }
    }
}
