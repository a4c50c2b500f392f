//! The method's memory: zeroed, aligned blocks from the global allocator and the arenas of
//! the memory plan (allocated here or handed in by the caller).

use crate::error::{Error, ErrorKind, Result};
use alloc::format;
use core::alloc::Layout;
use core::ptr::NonNull;

/// Zeroed, 64-byte-aligned memory from the global allocator. A request the allocator refuses
/// is an error value rather than an abort, and zeroed allocation leaves untouched pages to the
/// OS (a large plan costs nothing until used).
pub(crate) struct Zeroed {
    ptr: NonNull<u8>,
    len: usize,
}

impl Zeroed {
    fn layout(len: usize) -> Option<Layout> {
        Layout::from_size_align(len.max(1), 64).ok()
    }

    pub(crate) fn new(len: usize, part: &str) -> Result<Zeroed> {
        let refused = || {
            Error::new(
                ErrorKind::Memory,
                part,
                format!("the allocator refused {len} bytes"),
            )
        };
        let layout = Self::layout(len).ok_or_else(refused)?;
        // SAFETY: the layout's size is nonzero.
        let p = unsafe { alloc::alloc::alloc_zeroed(layout) };
        NonNull::new(p)
            .map(|ptr| Zeroed { ptr, len })
            .ok_or_else(refused)
    }

    pub(crate) fn as_mut_ptr(&mut self) -> *mut u8 {
        self.ptr.as_ptr()
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }
}

impl Drop for Zeroed {
    fn drop(&mut self) {
        if let Some(layout) = Self::layout(self.len) {
            // SAFETY: allocated in `new` with this layout.
            unsafe { alloc::alloc::dealloc(self.ptr.as_ptr(), layout) };
        }
    }
}

pub(crate) enum Arena<'m> {
    Owned(Zeroed),
    Borrowed(&'m mut [u8]),
}

impl Arena<'_> {
    pub(crate) fn base_len(&mut self) -> (*mut u8, usize) {
        match self {
            Arena::Owned(b) => (b.as_mut_ptr(), b.len()),
            Arena::Borrowed(s) => (s.as_mut_ptr(), s.len()),
        }
    }
}
