//! The pointwise frame: one mechanism that every optimized pointwise kernel runs on.
//!
//! An op supplies only its arithmetic: a [`BinaryOp`], [`CompareOp`] or [`UnaryOp`] body written
//! once over the [`Simd`] vocabulary (or a slice function such as `etk_simd::math::exp`), and
//! for integers an [`IntOp`] / [`IntCompare`] / [`IntUnary`] body over native integers. The
//! frame does everything else, once:
//!
//! 1. **Classify** the operands ([`walk::Walk`]): broadcast strides in the out's memory order,
//!    size-1 dims dropped, adjacent dims merged. The fast path needs every input to be a run
//!    (step 1) or a repeated value (step 0) in the innermost dim: that covers same-shape
//!    operands in any common dim order (contiguous, channels-last), a one-element tensor or a
//!    Scalar, row broadcast `[N,C] ⊕ [C]`, column broadcast `[N,C] ⊕ [N,1]`, a size-1 middle dim
//!    `[A,1,B] ⊕ [A,K,B]`. Anything else is declined and the op calls portable.
//! 2. **Dtypes**: f32 operands are used in place. Half and BFloat16 are computed in f32 and
//!    rounded once: lane-wise bodies (arithmetic, comparisons, clamp, neg, abs, sqrt, ...)
//!    widen and narrow in registers as they load and store (F16C / AVX-512 conversions, or
//!    AVX512-BF16's `vcvtneps2bf16` where present; bit-identical to `half` and to
//!    `etk_simd::convert`, tested for every pattern); slice functions (`etk_simd::math`'s exp,
//!    tanh, ...) get 64-byte-aligned f32 chunks of [`CHUNK`] elements, except Half runs, which
//!    `UnaryFn::apply_f16` converts in registers (`UnaryOp::run_half`). A one-element tensor of
//!    another dtype is converted to the common dtype as ATen does (portable's `via(common)`)
//!    and used as a value. Integers (Byte, Char, Short, Int, Long) compute natively, wrapping,
//!    which equals portable's i64-then-truncate; `where` selects raw element bits (any dtype);
//!    `_to_copy` casts between the f32 family and integers / Bool as `static_cast` does.
//! 3. **Threads**: when `KernelContext::tasks_for` finds the call long enough (elements
//!    weighted by the op's cost, and the bytes streamed), the out is cut into contiguous,
//!    cache-line-aligned blocks run through `ctx.parallel`. When a lane-wise
//!    f32 call's operands together outgrow the last-level cache
//!    (`etk_simd::last_level_cache_bytes`), its out is written with streaming stores, aligned
//!    after one partial vector per run, and each task ends with a fence.
//! 4. **ISA**: the level is read once per call ([`isa`]: `etk_simd::isa()`, i.e. the CPU's best
//!    lowered by `ETK_ISA`, or a per-thread override set by [`with_isa`] for tests), and each
//!    task runs inside one `#[target_feature]` function for that level, so the walk over runs,
//!    the op's body and the tails (masked loads/stores) are all compiled for it.
//!
//! The frames never allocate (stack buffers only) and never write to the out before they have
//! accepted a call, so a declined call can go to portable unchanged.

pub mod bodies;
pub mod entry;
pub mod frame;
pub mod half;
pub mod simd;
pub mod walk;

pub use frame::{
    BinaryOp, CHUNK, CompareOp, IntCompare, IntOp, IntUnary, Operand, UnaryOp, binary_float,
    binary_int, cast, compare_float, compare_int, select, unary_float, unary_int,
};
pub use simd::{Kernel, Simd, dispatch, dispatch_bf16};

use core::cell::Cell;
use etk_simd::Isa;

std::thread_local! {
    static OVERRIDE: Cell<Option<Isa>> = const { Cell::new(None) };
}

/// The level pointwise kernels run at on this thread: the override of [`with_isa`] if one is
/// active, else `etk_simd::isa()` (the CPU's best level, lowered by `ETK_ISA`).
#[inline]
pub fn isa() -> Isa {
    OVERRIDE
        .with(|o| o.get())
        .unwrap_or_else(etk_simd::isa)
        .clamp_to_detected()
}

/// Runs `f` with the pointwise kernels called on this thread forced to `level` (clamped to what
/// the CPU has). For tests: one process can run every path. The level is read on the calling
/// thread when a kernel starts, so tasks the kernel hands to other threads use it too.
pub fn with_isa<R>(level: Isa, f: impl FnOnce() -> R) -> R {
    struct Restore(Option<Isa>);
    impl Drop for Restore {
        fn drop(&mut self) {
            OVERRIDE.with(|o| o.set(self.0));
        }
    }
    let _restore = Restore(OVERRIDE.with(|o| o.replace(Some(level))));
    f()
}
