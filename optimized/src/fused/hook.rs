//! The hook a producer (a convolution) runs over each finished region of its out, so that a
//! fused chain's pointwise steps read the region while it is still in cache instead of
//! re-reading the whole out from memory after the producer.
//!
//! The contract, for a producer that takes one (`Some(hook)`):
//! - it calls [`OutHook::done`] once for every element of its out, a contiguous region at a
//!   time (memory offsets from the out's first element), after the region holds its final
//!   values, and never writes the region again;
//! - it calls it on the thread that finished the region, and regions of different threads do
//!   not overlap;
//! - it reads nothing of its out after handing a region over (the hook may rewrite it).
//!
//! A producer that cannot cut its out so (another layout, a fallback kernel) says it did not
//! call the hook; the chain then runs its steps over the whole out afterwards, as it does for
//! producers without a hook. The hook moves when each element's steps run, never their order,
//! so the bits are the same either way.

/// A pass over finished regions of a producer's out (see the module docs).
#[derive(Clone, Copy)]
pub struct OutHook<'a>(&'a (dyn Fn(usize, usize) + Sync));

impl<'a> OutHook<'a> {
    pub fn new(f: &'a (dyn Fn(usize, usize) + Sync)) -> OutHook<'a> {
        OutHook(f)
    }

    /// Elements `start..start + len` of the out are final.
    #[inline]
    pub fn done(&self, start: usize, len: usize) {
        if len > 0 {
            (self.0)(start, start + len)
        }
    }
}
