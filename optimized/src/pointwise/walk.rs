//! Classifying the operands once: the out's elements in memory order with the inputs broadcast
//! alongside (as `etk_core::iter::Plan` does: strides put in the out's dim order, size-1 dims
//! dropped, adjacent dims merged wherever every operand allows), then the test the fast paths
//! need: in the innermost dim every input either steps by one element (a contiguous run) or
//! stays put (a broadcast value). That one shape covers
//!
//! - same-shape operands in the same dim order (contiguous, channels-last, any order): one run;
//! - a one-element operand or a Scalar: a value per run;
//! - row broadcast `[N, C] ⊕ [C]`: runs of `C`, the row's data every time;
//! - column broadcast `[N, C] ⊕ [N, 1]`: runs of `C`, one value per run;
//! - a size-1 middle dim `[A, K, B] ⊕ [A, 1, B]`: runs of `B`;
//! - channels-last operands broadcast against per-channel ones (`[N, C, H, W] ⊕ [C, 1, 1]`),
//!   which in memory order are row broadcasts.
//!
//! Anything else (an input whose innermost step is neither 0 nor 1, e.g. a transposed or
//! differently ordered input) is declined and the op falls back to portable.
//!
//! The out is written sequentially, so a contiguous range of out elements is a contiguous
//! block of memory: [`Walk::for_each_run`] walks any such range, which is how work is split
//! into cache-friendly blocks over threads.

use etk_core::iter::Plan;
use etk_core::{KernelContext, Tensor};

/// The out and up to three inputs.
pub const MAX_OPERANDS: usize = etk_core::iter::MAX_OPERANDS;

/// A walk over the out in memory order with the inputs broadcast alongside, whose innermost
/// dim is a run for the out and a run or a repeated value for every input: core's [`Plan`]
/// (which portable's kernels walk too), accepted only in that shape.
#[derive(Clone, Copy, Debug)]
pub struct Walk(Plan);

impl Walk {
    /// The walk of `out` with `inputs` broadcast to its shape (`None` stands for a value, not a
    /// tensor: stride 0 everywhere). `None` when an input does not broadcast or its innermost
    /// step is not 0 or 1.
    pub fn new(out: &Tensor<'_>, inputs: &[Option<&Tensor<'_>>]) -> Option<Walk> {
        let mut named = [None; MAX_OPERANDS - 1];
        if inputs.len() > named.len() {
            return None;
        }
        for (n, i) in named.iter_mut().zip(inputs) {
            *n = i.map(|t| ("input", t));
        }
        let plan = Plan::with_values("etk::pointwise", out, &named[..inputs.len()]).ok()?;
        let ok = plan.ndim() == 0
            || (plan.inner_stride(0) == 1
                && (1..=inputs.len()).all(|k| matches!(plan.inner_stride(k), 0 | 1)));
        ok.then_some(Walk(plan))
    }

    pub fn numel(&self) -> usize {
        self.0.numel()
    }

    /// Whether operand `k` (out = 0) steps through its elements in the innermost dim (else it
    /// repeats one element per run).
    pub fn is_run(&self, k: usize) -> bool {
        self.0.ndim() > 0 && self.0.inner_stride(k) == 1
    }

    /// The length of the innermost runs.
    pub fn run_len(&self) -> usize {
        self.0.run_len()
    }

    /// Calls `f(offsets, len)` for the runs covering out elements `[start, end)` in memory
    /// order; `offsets` are in elements, out first. A run may be cut at `start` and `end`.
    #[inline(always)]
    pub fn for_each_run(
        &self,
        start: usize,
        end: usize,
        f: impl FnMut(&[isize; MAX_OPERANDS], usize),
    ) {
        self.0.for_each_run_in(start, end, f)
    }

    /// As [`Walk::for_each_run`], whole runs that follow each other along the next outer dim
    /// coming as one block: `f(offsets, len, rows, row_steps)` (see
    /// `etk_core::iter::Plan::for_each_rows_in`).
    #[inline(always)]
    pub fn for_each_rows(
        &self,
        start: usize,
        end: usize,
        f: impl FnMut(&[isize; MAX_OPERANDS], usize, usize, &[isize; MAX_OPERANDS]),
    ) {
        self.0.for_each_rows_in(start, end, f)
    }
}

/// Splits `numel` elements into contiguous blocks over the context's threads and calls
/// `task(start, end)` for each: as many blocks as `KernelContext::tasks_for` finds worth it
/// (one, on the calling thread, when the work is small). `cost` weighs an element against a
/// memory-bound add (transcendentals are worth splitting sooner).
pub fn split(
    ctx: &KernelContext<'_>,
    numel: usize,
    cost: usize,
    task: &(dyn Fn(usize, usize) + Sync),
) {
    // an element of an add reads two f32 and writes one.
    let n_tasks = ctx.tasks_for(etk_core::Work {
        flops: numel.saturating_mul(cost.max(1)),
        bytes: numel.saturating_mul(12),
    });
    if n_tasks == 1 {
        task(0, numel);
        return;
    }
    // blocks of whole cache lines (64 elements covers 64 bytes for every element size).
    let block = numel.div_ceil(n_tasks).div_ceil(64) * 64;
    let n_tasks = numel.div_ceil(block);
    ctx.parallel.run(n_tasks, &|i| {
        let s = i * block;
        task(s, (s + block).min(numel));
    });
}

/// A raw pointer that may be shared with the tasks of one kernel call. Tasks write disjoint
/// ranges of the out and only read the inputs.
#[derive(Clone, Copy, Debug)]
pub struct Ptr(pub *mut u8);
// SAFETY: see above; the kernel call outlives its tasks (`Parallel::run` returns when all are
// done).
unsafe impl Send for Ptr {}
unsafe impl Sync for Ptr {}
