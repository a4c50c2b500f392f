//! Guarded, 64-byte-aligned byte buffers for the tensors a conformance case hands to a kernel.
//!
//! A buffer is `[front guard][data: cap bytes][tail guard]`: the data starts 64-byte aligned,
//! the tail guard starts right after the last byte a view may use (not rounded up), and both
//! guards hold a canary. After the call the runner checks that the canaries are intact, so a
//! kernel that writes before or after its tensor is caught.

use std::alloc::{Layout, alloc, dealloc};
use std::ptr::NonNull;

/// The byte the guards are filled with.
pub const CANARY: u8 = 0xE7;
/// The largest tensor the runner allocates (a case asking for more is skipped).
pub const MAX_BYTES: usize = 1 << 30;
/// Bytes of guard on each side (at least; the tail guard also covers the rounding).
pub const GUARD: usize = 64;

/// An aligned buffer with guard regions around `cap` data bytes.
pub struct GuardedBuf {
    ptr: NonNull<u8>,
    layout: Layout,
    cap: usize,
}

impl GuardedBuf {
    /// `cap` data bytes filled with `fill`, guards filled with [`CANARY`]; `None` when the
    /// memory cannot be had (or `cap` exceeds [`MAX_BYTES`]).
    pub fn new(cap: usize, fill: u8) -> Option<GuardedBuf> {
        if cap > MAX_BYTES {
            return None;
        }
        let total = GUARD + cap.div_ceil(64) * 64 + GUARD;
        let layout = Layout::from_size_align(total, 64).ok()?;
        // SAFETY: `total > 0`.
        let ptr = NonNull::new(unsafe { alloc(layout) })?;
        // SAFETY: the allocation is `total` bytes.
        unsafe {
            std::ptr::write_bytes(ptr.as_ptr(), CANARY, total);
            std::ptr::write_bytes(ptr.as_ptr().add(GUARD), fill, cap);
        }
        Some(GuardedBuf { ptr, layout, cap })
    }

    /// Bytes available to a tensor view.
    pub fn cap(&self) -> usize {
        self.cap
    }

    /// The first data byte (64-byte aligned).
    pub fn data_ptr(&self) -> *mut u8 {
        // SAFETY: `GUARD` bytes lie before the data.
        unsafe { self.ptr.as_ptr().add(GUARD) }
    }

    /// Every byte, guards included.
    pub fn all(&self) -> &[u8] {
        // SAFETY: the allocation is initialized; callers hold no view while reading.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.layout.size()) }
    }

    /// The data bytes.
    pub fn data(&self) -> &[u8] {
        &self.all()[GUARD..GUARD + self.cap]
    }

    /// The data bytes, writable.
    pub fn data_mut(&mut self) -> &mut [u8] {
        // SAFETY: as `all`, borrowed exclusively.
        unsafe { std::slice::from_raw_parts_mut(self.data_ptr(), self.cap) }
    }

    /// True when both guards still hold only the canary.
    pub fn guards_intact(&self) -> bool {
        let all = self.all();
        all[..GUARD].iter().all(|&b| b == CANARY)
            && all[GUARD + self.cap..].iter().all(|&b| b == CANARY)
    }
}

impl Drop for GuardedBuf {
    fn drop(&mut self) {
        // SAFETY: allocated in `new` with this layout.
        unsafe { dealloc(self.ptr.as_ptr(), self.layout) }
    }
}
