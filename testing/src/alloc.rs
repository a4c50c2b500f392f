//! A global allocator that counts the allocations made on the current thread while counting is
//! switched on, for the tests that require kernels to allocate nothing. A test binary installs
//! it with
//!
//! ```ignore
//! #[global_allocator]
//! static GLOBAL: etk_testing::alloc::Counting = etk_testing::alloc::Counting;
//! ```
//!
//! and wraps each kernel call in [`counted`] (or [`start`] / [`stop`]).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// The system allocator, counting `alloc` and `realloc` calls while [`start`] is in effect.
pub struct Counting;

// Per thread, so that tests running side by side do not count each other's allocations.
thread_local! {
    static ALLOCS: Cell<usize> = const { Cell::new(0) };
    static ON: Cell<bool> = const { Cell::new(false) };
}

// On every thread at once, for a process that runs one kernel call at a time on several
// threads (the fuzzer's children).
static ALL_ON: AtomicBool = AtomicBool::new(false);
static ALL_ALLOCS: AtomicUsize = AtomicUsize::new(0);

fn tally() {
    // `try_with`: the allocator may run while this thread's locals are being torn down.
    if ON.try_with(|c| c.get()).unwrap_or(false) {
        let _ = ALLOCS.try_with(|a| a.set(a.get() + 1));
    }
    if ALL_ON.load(Ordering::Relaxed) {
        ALL_ALLOCS.fetch_add(1, Ordering::Relaxed);
    }
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        tally();
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        tally();
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// Allocations counted on this thread so far.
pub fn allocations() -> usize {
    ALLOCS.with(|a| a.get())
}

/// Switches counting on for this thread.
pub fn start() {
    ON.with(|c| c.set(true));
}

/// Switches counting off for this thread.
pub fn stop() {
    ON.with(|c| c.set(false));
}

/// Runs `f` with counting on for this thread; returns (allocations made by `f`, its result).
/// Only meaningful in a binary whose global allocator is [`Counting`].
pub fn counted<R>(f: impl FnOnce() -> R) -> (usize, R) {
    let before = allocations();
    start();
    let r = f();
    stop();
    (allocations() - before, r)
}

/// Runs `f` with counting on for every thread of the process; returns (allocations made on
/// any thread meanwhile, `f`'s result). Only meaningful where nothing else runs meanwhile.
pub fn counted_all_threads<R>(f: impl FnOnce() -> R) -> (usize, R) {
    let before = ALL_ALLOCS.load(Ordering::SeqCst);
    ALL_ON.store(true, Ordering::SeqCst);
    let r = f();
    ALL_ON.store(false, Ordering::SeqCst);
    (ALL_ALLOCS.load(Ordering::SeqCst) - before, r)
}
