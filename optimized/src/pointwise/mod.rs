//! The pointwise frame: one mechanism that every optimized pointwise kernel runs on.
//!
//! An op supplies only its arithmetic: a [`BinaryOp`], [`CompareOp`] or [`UnaryOp`] body written
//! once over `etk_simd`'s vector layer ([`Simd`]) (or a slice function such as `etk_simd::math::exp`), and
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
//! 4. **Level**: read once per call (`etk_simd::level()`: the CPU's best lowered by `ETK_ISA`,
//!    or what a test set with `etk_simd::with_level`), and each task runs as an
//!    `etk_simd::Kernel` through `etk_simd::dispatch`, inside one `#[target_feature]` function
//!    for that level, so the walk over runs, the op's body and the tails (masked loads/stores)
//!    are all compiled for it.
//!
//! The frames never allocate (stack buffers only) and never write to the out before they have
//! accepted a call, so a declined call can go to portable unchanged.

pub mod bodies;
pub mod entry;
pub mod frame;
pub mod half;
pub mod walk;

/// The vector layer the bodies are written on (re-exported for the ops that name it here).
pub use etk_simd::{Kernel, Simd, dispatch, dispatch_bf16};
pub use frame::{
    BinaryOp, CHUNK, CompareOp, IntCompare, IntOp, IntUnary, Operand, UnaryOp, binary_float,
    binary_int, cast, compare_float, compare_int, select, unary_float, unary_int,
};
