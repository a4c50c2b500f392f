//! `KernelContext`: what a kernel may take from its caller — scratch memory over a caller-given
//! buffer (kernels never call the global allocator), a way to run work on threads, and the
//! seeded generator random kernels draw from.

use crate::error::{Error, ErrorKind, Info, Result};
use crate::random::Generator;
use core::cell::Cell;
use core::marker::PhantomData;

/// Runs independent tasks, possibly in parallel. The caller owns the threads.
pub trait Parallel: Sync {
    /// How many tasks can make progress at once (1 for serial).
    fn num_threads(&self) -> usize;
    /// Calls `task(i)` for every `i < n_tasks`, returning when all are done.
    fn run(&self, n_tasks: usize, task: &(dyn Fn(usize) + Sync));
}

/// The work of one kernel call, for deciding whether splitting it over threads gains: the
/// arithmetic (`flops`, counting a multiply-add as two) and the memory it streams (`bytes`
/// read and written).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Work {
    pub flops: usize,
    pub bytes: usize,
}

impl Work {
    /// One core's rates the estimate assumes: vector arithmetic and cache-resident streaming
    /// on a current core, on the fast side, so that a call is split only when even then it is
    /// long enough.
    pub const FLOPS_PER_NS: usize = 32;
    pub const BYTES_PER_NS: usize = 32;
    /// The least time a task should take: handing one to a pool's thread costs about a
    /// microsecond (more when the thread sleeps), and tasks rarely finish together.
    pub const MIN_TASK_NANOS: usize = 5_000;

    /// A call long enough to give every thread a task is split into up to this many tasks
    /// per thread: the threads claim tasks as they become free, so a thread the system
    /// preempts holds the call back by one small task instead of its whole share.
    pub const TASKS_PER_THREAD: usize = 4;
    /// The least time of each of those extra tasks: long enough that claiming one (an
    /// atomic on a shared line) and the loss of locality between them stay under a percent.
    pub const BALANCE_TASK_NANOS: usize = 20_000;

    /// Estimated nanoseconds on one core.
    pub fn nanos(&self) -> usize {
        self.flops / Self::FLOPS_PER_NS + self.bytes / Self::BYTES_PER_NS
    }

    /// How many tasks to split this work into over `threads`: as many as each still gets
    /// [`Work::MIN_TASK_NANOS`], at least one, at most `threads`; past one per thread, a
    /// multiple of `threads` (equal tasks then end together) of up to
    /// [`Work::TASKS_PER_THREAD`] per thread, each at least [`Work::BALANCE_TASK_NANOS`].
    pub fn tasks(&self, threads: usize) -> usize {
        split_count(
            self.nanos(),
            Self::MIN_TASK_NANOS,
            Self::BALANCE_TASK_NANOS,
            threads,
        )
    }
}

/// How many tasks to split `total` units of work into over `threads`, each at least `min`
/// units while there are fewer tasks than threads, and past one per thread a multiple of
/// `threads` (equal tasks then end together) of up to [`Work::TASKS_PER_THREAD`] per thread,
/// each at least `balance` units. [`Work::tasks`] in nanoseconds; kernels that measure their
/// work in their own units (bytes moved, multiply-adds) use it with their own thresholds.
pub fn split_count(total: usize, min: usize, balance: usize, threads: usize) -> usize {
    let threads = threads.max(1);
    let n = (total / min.max(1)).clamp(1, threads);
    if n < threads || threads == 1 {
        return n;
    }
    let per_thread = (total / threads / balance.max(1)).clamp(1, Work::TASKS_PER_THREAD);
    threads * per_thread
}

/// Runs every task on the calling thread.
#[derive(Clone, Copy, Debug, Default)]
pub struct Serial;

impl Parallel for Serial {
    fn num_threads(&self) -> usize {
        1
    }
    fn run(&self, n_tasks: usize, task: &(dyn Fn(usize) + Sync)) {
        for i in 0..n_tasks {
            task(i);
        }
    }
}

/// Runs tasks on `n` threads started for each call with `std::thread::scope` (the caller is one
/// of them; each takes the next task until none is left). For tests, examples and benchmarks:
/// a runtime keeps a pool instead (`etk::ThreadPool`).
#[cfg(feature = "std")]
#[derive(Clone, Copy, Debug)]
pub struct ScopedThreads(pub usize);

#[cfg(feature = "std")]
impl Parallel for ScopedThreads {
    fn num_threads(&self) -> usize {
        self.0.max(1)
    }
    fn run(&self, n_tasks: usize, task: &(dyn Fn(usize) + Sync)) {
        use core::sync::atomic::{AtomicUsize, Ordering};
        let next = AtomicUsize::new(0);
        let work = || {
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= n_tasks {
                    break;
                }
                task(i);
            }
        };
        std::thread::scope(|s| {
            for _ in 1..self.0.min(n_tasks) {
                s.spawn(work);
            }
            work();
        });
    }
}

/// A bump allocator over a caller-given byte buffer. Allocations live until the scope they
/// were taken in (see [`Scratch::scope`]) ends.
pub struct Scratch<'a> {
    base: *mut u8,
    len: usize,
    used: Cell<usize>,
    _buf: PhantomData<&'a mut [u8]>,
}

impl<'a> Scratch<'a> {
    pub fn new(buf: &'a mut [u8]) -> Scratch<'a> {
        Scratch {
            base: buf.as_mut_ptr(),
            len: buf.len(),
            used: Cell::new(0),
            _buf: PhantomData,
        }
    }

    /// No scratch memory at all: every allocation fails.
    pub fn empty() -> Scratch<'static> {
        Scratch {
            base: core::ptr::NonNull::dangling().as_ptr(),
            len: 0,
            used: Cell::new(0),
            _buf: PhantomData,
        }
    }

    /// Bytes still free.
    pub fn remaining(&self) -> usize {
        self.len - self.used.get()
    }

    /// `n` zeroed values of a plain-data type, 64-byte aligned.
    // Handing out `&mut` from `&self` is what lets a kernel hold several scratch buffers at
    // once; each call returns a fresh, disjoint region.
    #[allow(clippy::mut_from_ref)]
    pub fn alloc<T: bytemuck_like::Zeroable>(
        &self,
        op: &'static str,
        n: usize,
    ) -> Result<&mut [T]> {
        let p = self.bump::<T>(op, n)?;
        // SAFETY: `bump` reserved `n` aligned `T`s for this call alone; all-zero bytes are a
        // valid `T` (`Zeroable`).
        unsafe {
            core::ptr::write_bytes(p, 0, n);
            Ok(core::slice::from_raw_parts_mut(p, n))
        }
    }

    /// `n` values of a type for which any bytes are a valid value, 64-byte aligned, holding
    /// whatever the buffer held (the caller's initialized bytes, or what earlier scratch users
    /// left): for buffers a kernel writes in full before reading, such as GEMM's packed panels,
    /// where clearing would cost a pass over the memory.
    #[allow(clippy::mut_from_ref)]
    pub fn alloc_for_overwrite<T: bytemuck_like::AnyBits>(
        &self,
        op: &'static str,
        n: usize,
    ) -> Result<&mut [T]> {
        let p = self.bump::<T>(op, n)?;
        // SAFETY: `bump` reserved `n` aligned `T`s for this call alone; the bytes are
        // initialized (the buffer is a `&mut [u8]`) and any bytes are a `T` (`AnyBits`).
        Ok(unsafe { core::slice::from_raw_parts_mut(p, n) })
    }

    /// Reserves `n` values of `T`, 64-byte aligned, and returns where they start.
    fn bump<T>(&self, op: &'static str, n: usize) -> Result<*mut T> {
        let fail = || {
            Error::new(ErrorKind::MemoryAllocationFailed, op, "scratch")
                .expected(
                    "scratch bytes",
                    Info::Int(n.saturating_mul(core::mem::size_of::<T>()) as i64),
                )
                .got(Info::Int(self.remaining() as i64))
        };
        let align = core::mem::align_of::<T>().max(64);
        let bytes = n.checked_mul(core::mem::size_of::<T>()).ok_or_else(fail)?;
        let start_addr = (self.base as usize)
            .checked_add(self.used.get())
            .ok_or_else(fail)?;
        let pad = start_addr.wrapping_neg() % align;
        let start = self.used.get().checked_add(pad).ok_or_else(fail)?;
        let end = start.checked_add(bytes).ok_or_else(fail)?;
        if end > self.len {
            return Err(fail());
        }
        self.used.set(end);
        // SAFETY: `[start, end)` lies in the buffer and is aligned for `T`; it is handed out
        // once (the bump pointer only moves forward while this borrow of `self` lives).
        Ok(unsafe { self.base.add(start) as *mut T })
    }

    /// Runs `f` and then frees everything allocated inside it.
    pub fn scope<R>(&mut self, f: impl FnOnce(&Scratch<'a>) -> R) -> R {
        let mark = self.used.get();
        let r = f(self);
        self.used.set(mark);
        r
    }
}

/// Plain-data types that may be handed out zeroed from scratch memory.
pub mod bytemuck_like {
    /// # Safety
    /// All-zero bytes must be a valid value of the type.
    pub unsafe trait Zeroable: Copy {}
    /// # Safety
    /// Any initialized bytes must be a valid value of the type (no `bool`, no enums).
    pub unsafe trait AnyBits: Copy {}
    macro_rules! plain_data {
        ($($t:ty),*) => { $(unsafe impl Zeroable for $t {} unsafe impl AnyBits for $t {})* };
    }
    plain_data!(
        u8,
        i8,
        u16,
        i16,
        u32,
        i32,
        u64,
        i64,
        usize,
        isize,
        f32,
        f64,
        half::f16,
        half::bf16
    );
    // All-zero bytes are `false`; most other bytes are not a `bool`.
    unsafe impl Zeroable for bool {}
}

/// What a kernel receives from its caller besides its arguments.
pub struct KernelContext<'a> {
    pub scratch: Scratch<'a>,
    pub parallel: &'a dyn Parallel,
    /// Random kernels (`rand`, `randn`, `randperm`, `native_dropout`) draw from it; it starts
    /// at [`DEFAULT_SEED`](crate::random::DEFAULT_SEED), and a caller seeds it with
    /// `ctx.rng.manual_seed(s)` (or [`KernelContext::with_seed`]) to repeat a run.
    pub rng: Generator,
}

impl<'a> KernelContext<'a> {
    /// A context with `scratch` memory and the given threads.
    pub fn new(scratch: &'a mut [u8], parallel: &'a dyn Parallel) -> KernelContext<'a> {
        KernelContext {
            scratch: Scratch::new(scratch),
            parallel,
            rng: Generator::default(),
        }
    }

    /// How many tasks to split `work` into on this context's threads (see [`Work::tasks`]):
    /// 1 on a serial context or for work too small to gain from more.
    pub fn tasks_for(&self, work: Work) -> usize {
        work.tasks(self.parallel.num_threads())
    }

    /// This context with its generator seeded with `seed`.
    pub fn with_seed(self, seed: u64) -> KernelContext<'a> {
        self.rng.manual_seed(seed);
        self
    }

    /// No scratch memory, one thread.
    pub fn serial() -> KernelContext<'static> {
        KernelContext {
            scratch: Scratch::empty(),
            parallel: &Serial,
            rng: Generator::default(),
        }
    }
}

impl Default for KernelContext<'static> {
    fn default() -> Self {
        KernelContext::serial()
    }
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;
    use core::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn work_is_split_only_when_each_task_gets_enough() {
        let gemm = |m: usize, n: usize, k: usize| Work {
            flops: 2 * m * n * k,
            bytes: 4 * (m * k + k * n + m * n),
        };
        // 8x8x8 is a fraction of a microsecond: never split.
        assert_eq!(gemm(8, 8, 8).tasks(16), 1);
        // 512^3 is milliseconds: several tasks per thread, a multiple of the threads.
        assert_eq!(gemm(512, 512, 512).tasks(4), 4 * Work::TASKS_PER_THREAD);
        assert_eq!(gemm(512, 512, 512).tasks(3), 3 * Work::TASKS_PER_THREAD);
        assert_eq!(gemm(512, 512, 512).tasks(1), 1);
        assert_eq!(gemm(512, 512, 512).tasks(0), 1);
        // 64^3 (16 us at the assumed rate): three tasks of 5 us, fewer than the threads...
        assert_eq!(gemm(64, 64, 64).tasks(4), 3);
        // ...or one per thread, too short to cut further.
        assert_eq!(gemm(64, 64, 64).tasks(2), 2);
        // 128^3 (130 us): 3 per thread of 2 threads, then 2 per thread of 3.
        assert_eq!(gemm(128, 128, 128).tasks(2), 6);
        assert_eq!(gemm(128, 128, 128).tasks(3), 6);
        let ctx = KernelContext::serial();
        assert_eq!(ctx.tasks_for(gemm(512, 512, 512)), 1);
    }

    #[test]
    fn scoped_threads_run_every_task_once() {
        for threads in [0, 1, 2, 5] {
            for n_tasks in [0, 1, 3, 17] {
                let hits: [AtomicUsize; 17] = core::array::from_fn(|_| AtomicUsize::new(0));
                ScopedThreads(threads).run(n_tasks, &|i| {
                    hits[i].fetch_add(1, Ordering::Relaxed);
                });
                let want = |i: usize| usize::from(i < n_tasks);
                assert!((0..17).all(|i| hits[i].load(Ordering::Relaxed) == want(i)));
            }
        }
    }
}
