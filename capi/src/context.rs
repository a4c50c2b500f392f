//! The context a kernel call or a program run takes from its caller: scratch memory, the
//! host's threads (as an `etk::Parallel`), the resize callback, the random state and the error
//! message buffer.

use crate::status::etk_status;
use core::ffi::{c_char, c_void};
use etk::{KernelContext, Parallel, Serial};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// One task of a parallel section: the host calls it once for each `index < n_tasks`.
pub type etk_task_fn = unsafe extern "C" fn(task_data: *mut c_void, index: usize);

/// The host's parallel-for: calls `task(task_data, i)` exactly once for every `i < n_tasks`,
/// from any of its threads, and returns when all calls have returned. etk checks the count and
/// fails the call with `ETK_INTERNAL` if it is wrong.
pub type etk_parallel_fn = Option<
    unsafe extern "C" fn(
        user: *mut c_void,
        n_tasks: usize,
        task: etk_task_fn,
        task_data: *mut c_void,
    ),
>;

/// Asks the host to make a dynamic out `sizes` (`dim` entries): after a kernel resized it, so
/// that the host's own view of the tensor follows, and before, when the kernel needs more than
/// the tensor's `capacity` (then, on `ETK_OK`, the host promises the memory holds the new size:
/// etk raises `capacity` to it and calls the kernel again). Any other status is the call's
/// failure.
pub type etk_resize_fn = Option<
    unsafe extern "C" fn(
        user: *mut c_void,
        tensor: *mut crate::etk_tensor,
        sizes: *const i64,
        dim: u32,
    ) -> etk_status,
>;

/// What a kernel call or a program run takes from its caller besides its values. Start from
/// [`etk_context_default`] and set what you have; every pointer may be null.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct etk_context {
    /// Memory kernels may use for temporaries (etk never allocates inside kernels); a kernel
    /// that needs more than this fails with `ETK_MEMORY_ALLOCATION_FAILED`.
    pub scratch: *mut c_void,
    pub scratch_len: usize,
    /// How many threads `parallel_for` runs tasks on (1, or a null `parallel_for`: serial).
    pub num_threads: usize,
    pub parallel_for: etk_parallel_fn,
    pub parallel_user: *mut c_void,
    pub resize: etk_resize_fn,
    pub resize_user: *mut c_void,
    /// The random kernels' Philox stream: its seed and how many blocks were drawn. A call
    /// advances `rng_offset`; set both to repeat a run.
    pub rng_seed: u64,
    pub rng_offset: u64,
    /// Where a failed call writes its message (NUL-terminated, cut to `error_len`).
    pub error: *mut c_char,
    pub error_len: usize,
}

/// A serial context without scratch memory, callbacks or message buffer, with PyTorch's
/// default seed.
#[unsafe(no_mangle)]
pub extern "C" fn etk_context_default() -> etk_context {
    etk_context {
        scratch: core::ptr::null_mut(),
        scratch_len: 0,
        num_threads: 1,
        parallel_for: None,
        parallel_user: core::ptr::null_mut(),
        resize: None,
        resize_user: core::ptr::null_mut(),
        rng_seed: etk::random::DEFAULT_SEED,
        rng_offset: 0,
        error: core::ptr::null_mut(),
        error_len: 0,
    }
}

/// The host's parallel-for as etk's `Parallel`.
pub(crate) struct HostThreads {
    run: unsafe extern "C" fn(*mut c_void, usize, etk_task_fn, *mut c_void),
    user: *mut c_void,
    threads: usize,
}

// SAFETY: the host promises its parallel-for may be called from any thread etk runs on (the
// caller's); `user` is the host's and only handed back to it.
unsafe impl Sync for HostThreads {}

/// A parallel section handed to the host: the task, and what the tasks did.
struct Job<'t> {
    task: &'t (dyn Fn(usize) + Sync),
    n_tasks: usize,
    ran: AtomicUsize,
    panicked: AtomicBool,
}

unsafe extern "C" fn run_task(data: *mut c_void, index: usize) {
    // SAFETY: `data` is the `Job` that `HostThreads::run` passed, alive until the host's
    // parallel-for returns, which it does only after every task returned.
    let job = unsafe { &*(data as *const Job<'_>) };
    if index >= job.n_tasks {
        job.panicked.store(true, Ordering::Relaxed);
        return;
    }
    // A panic must not unwind into the host's thread: it is recorded and re-raised on the
    // calling thread, where the entry point's guard reports it.
    if catch_unwind(AssertUnwindSafe(|| (job.task)(index))).is_err() {
        job.panicked.store(true, Ordering::Relaxed);
    }
    job.ran.fetch_add(1, Ordering::Relaxed);
}

impl Parallel for HostThreads {
    fn num_threads(&self) -> usize {
        self.threads.max(1)
    }

    fn run(&self, n_tasks: usize, task: &(dyn Fn(usize) + Sync)) {
        if n_tasks <= 1 || self.threads <= 1 {
            (0..n_tasks).for_each(task);
            return;
        }
        let job = Job {
            task,
            n_tasks,
            ran: AtomicUsize::new(0),
            panicked: AtomicBool::new(false),
        };
        // SAFETY: the host's function, called as the header documents; `job` outlives it.
        unsafe {
            (self.run)(
                self.user,
                n_tasks,
                run_task,
                &job as *const Job<'_> as *mut c_void,
            )
        };
        if job.panicked.load(Ordering::Relaxed) {
            panic!("a parallel task panicked or got an index out of range");
        }
        if job.ran.load(Ordering::Relaxed) != n_tasks {
            panic!("the host's parallel_for did not run every task once");
        }
    }
}

/// The caller's context, read once, with its threads as etk's `Parallel`.
pub(crate) struct Host {
    pub c: etk_context,
    threads: Option<HostThreads>,
}

impl Host {
    /// Reads `ctx` (null: the default context).
    ///
    /// # Safety
    /// `ctx` must be null or point to an `etk_context` whose scratch pointer, if not null,
    /// points to `scratch_len` writable bytes nothing else uses during the call.
    pub unsafe fn read(ctx: *const etk_context) -> Host {
        let mut c = if ctx.is_null() {
            etk_context_default()
        } else {
            // SAFETY: the caller's promise.
            unsafe { *ctx }
        };
        if c.scratch.is_null() {
            c.scratch_len = 0;
        }
        Host {
            threads: c.parallel_for.map(|run| HostThreads {
                run,
                user: c.parallel_user,
                threads: c.num_threads,
            }),
            c,
        }
    }

    pub fn has_scratch(&self) -> bool {
        self.c.scratch_len > 0
    }

    /// Gives kernels `buf` as scratch memory (for a caller that gave none).
    pub fn use_scratch(&mut self, buf: &mut [u8]) {
        self.c.scratch = buf.as_mut_ptr().cast();
        self.c.scratch_len = buf.len();
    }

    /// A kernel context over the host's scratch and threads, its generator at the host's
    /// random state.
    pub fn kernel_context(&mut self) -> KernelContext<'_> {
        let parallel: &dyn Parallel = match &self.threads {
            Some(t) => t,
            None => &Serial,
        };
        let scratch: &mut [u8] = if self.c.scratch_len == 0 {
            &mut []
        } else {
            // SAFETY: the caller's promise (`Host::read`); the slice lives no longer than this
            // borrow of the host, which lasts at most one call.
            unsafe {
                core::slice::from_raw_parts_mut(self.c.scratch.cast::<u8>(), self.c.scratch_len)
            }
        };
        let ctx = KernelContext::new(scratch, parallel);
        ctx.rng.manual_seed(self.c.rng_seed);
        ctx.rng.set_offset(self.c.rng_offset);
        ctx
    }

    /// Writes the random state back to the caller's context.
    ///
    /// # Safety
    /// As [`Host::read`]; `ctx` must be writable when not null.
    pub unsafe fn store_rng(ctx: *mut etk_context, offset: u64) {
        if !ctx.is_null() {
            // SAFETY: the caller's promise.
            unsafe { (*ctx).rng_offset = offset };
        }
    }
}
