//! The method's memory: arenas for the memory plan, buffers for tensors set at run time,
//! constants (in place, or copied once when misaligned), all allocated while preparing and
//! charged against the method's limit.

use crate::error::{Error, ErrorKind, Result};
use crate::program::Program;
use crate::schema;
use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::alloc::Layout;
use core::ptr::NonNull;
use etk_core::ScalarType;

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
    fn base_len(&mut self) -> (*mut u8, usize) {
        match self {
            Arena::Owned(b) => (b.as_mut_ptr(), b.len()),
            Arena::Borrowed(s) => (s.as_mut_ptr(), s.len()),
        }
    }
}

/// What `prepare` builds before it becomes a `Method`.
pub(crate) struct Builder<'p, 'm> {
    pub(crate) program: &'p Program<'m>,
    pub(crate) plan_part: String,
    pub(crate) budget: usize,
    pub(crate) arenas: Vec<Arena<'m>>,
    pub(crate) owned: Vec<Zeroed>,
    /// Constants copied for alignment, by `data_buffer_idx`: (owned buffer, bytes copied).
    pub(crate) copied: BTreeMap<u32, (usize, usize)>,
    pub(crate) copied_bytes: usize,
    pub(crate) items: Vec<i32>,
    pub(crate) doubles: Vec<f64>,
    pub(crate) bools: Vec<bool>,
}

impl<'m> Builder<'_, 'm> {
    pub(crate) fn charge(&mut self, bytes: usize, part: &str) -> Result<()> {
        self.budget = self.budget.checked_sub(bytes).ok_or_else(|| {
            Error::new(
                ErrorKind::Memory,
                part,
                format!("{bytes} bytes would exceed the method's memory limit (Options::max_planned_bytes)"),
            )
        })?;
        Ok(())
    }

    pub(crate) fn arenas(
        &mut self,
        plan: schema::ExecutionPlan<'m>,
        given: Vec<&'m mut [u8]>,
    ) -> Result<()> {
        let part = format!("{}.non_const_buffer_sizes", self.plan_part);
        // Entry 0 is reserved by ExecuTorch; arena k-1 serves memory_id k.
        let sizes: Vec<i64> = plan
            .non_const_buffer_sizes()
            .map_or(Vec::new(), |s| s.iter().skip(1).collect());
        if !given.is_empty() && given.len() != sizes.len() {
            return Err(Error::new(
                ErrorKind::InvalidArgument,
                "arenas",
                format!(
                    "the plan has {} memory buffers, {} were given",
                    sizes.len(),
                    given.len()
                ),
            ));
        }
        let mut given = given.into_iter();
        for (k, &s) in sizes.iter().enumerate() {
            let bytes = usize::try_from(s)
                .map_err(|_| Error::malformed(format!("{part}[{}]", k + 1), format!("size {s}")))?;
            match given.next() {
                Some(buf) if buf.len() < bytes => {
                    return Err(Error::new(
                        ErrorKind::InvalidArgument,
                        format!("arenas[{k}]"),
                        format!("{} bytes given, the plan needs {bytes}", buf.len()),
                    ));
                }
                Some(buf) => self.arenas.push(Arena::Borrowed(buf)),
                None => {
                    self.charge(bytes, &format!("{part}[{}]", k + 1))?;
                    let part = format!("{part}[{}]", k + 1);
                    self.arenas.push(Arena::Owned(Zeroed::new(bytes, &part)?));
                }
            }
        }
        Ok(())
    }

    /// The constant's bytes in the file when aligned for its dtype, else a copy made once.
    pub(crate) fn constant(
        &mut self,
        idx: u32,
        nbytes: usize,
        dtype: ScalarType,
        part: &str,
    ) -> Result<*mut u8> {
        let bytes = self.program.constant(idx, nbytes)?;
        if (bytes.as_ptr() as usize).is_multiple_of(dtype.element_size()) {
            return Ok(bytes.as_ptr() as *mut u8);
        }
        if let Some(&(k, len)) = self.copied.get(&idx)
            && len >= nbytes
        {
            return Ok(self.owned[k].as_mut_ptr());
        }
        self.copied_bytes = self.copied_bytes.saturating_add(nbytes);
        if self.copied_bytes > self.program.bytes().len() {
            return Err(Error::new(
                ErrorKind::Memory,
                part,
                "constant copies would exceed the file's size",
            ));
        }
        let mut buf = Zeroed::new(nbytes, part)?;
        // SAFETY: `buf` holds `nbytes` bytes; the regions are distinct allocations.
        unsafe { core::ptr::copy_nonoverlapping(bytes.as_ptr(), buf.as_mut_ptr(), nbytes) };
        self.owned.push(buf);
        self.copied.insert(idx, (self.owned.len() - 1, nbytes));
        Ok(self
            .owned
            .last_mut()
            .map_or(core::ptr::null_mut(), |b| b.as_mut_ptr()))
    }

    pub(crate) fn planned(
        &mut self,
        a: schema::AllocationDetails<'m>,
        nbytes: usize,
        part: &str,
    ) -> Result<*mut u8> {
        let id = a.memory_id().unwrap_or(0);
        let offset = (a.memory_offset_low().unwrap_or(0) as u64)
            | ((a.memory_offset_high().unwrap_or(0) as u64) << 32);
        let n = self.arenas.len();
        let arena = (id as usize)
            .checked_sub(1)
            .and_then(|k| self.arenas.get_mut(k))
            .ok_or_else(|| {
                Error::malformed(
                    part,
                    format!("memory_id {id} names no memory-plan buffer (1..={n})"),
                )
            })?;
        let (base, len) = arena.base_len();
        match usize::try_from(offset)
            .ok()
            .and_then(|o| Some((o, o.checked_add(nbytes)?)))
        {
            // SAFETY: `o + nbytes <= len`, inside the arena.
            Some((o, end)) if end <= len => Ok(unsafe { base.add(o) }),
            _ => Err(Error::malformed(
                part,
                format!(
                    "offset {offset} + {nbytes} bytes runs past memory buffer {id}'s {len} bytes"
                ),
            )),
        }
    }
}
