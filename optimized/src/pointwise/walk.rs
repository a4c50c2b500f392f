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

use etk_core::shape::MAX_DIM;
use etk_core::{KernelContext, Tensor};

/// The out and up to three inputs.
pub const MAX_OPERANDS: usize = 4;

/// Work (elements times the op's cost, 1 for an add) below which a call runs on the calling
/// thread: 256K adds take ~25 µs on one core, well above the cost of waking other threads;
/// a transcendental (cost 8) splits from 32K elements.
pub const PAR_MIN: usize = 1 << 18;

/// A walk over the out in memory order with the inputs broadcast alongside, whose innermost
/// dim is a run for the out and a run or a repeated value for every input.
#[derive(Clone, Copy, Debug)]
pub struct Walk {
    n_operands: usize,
    ndim: usize,
    /// Iteration sizes, outermost first.
    sizes: [usize; MAX_DIM],
    /// Per operand (out first), element strides matching `sizes`.
    strides: [[isize; MAX_DIM]; MAX_OPERANDS],
    numel: usize,
}

impl Walk {
    /// The walk of `out` with `inputs` broadcast to its shape (`None` stands for a value, not a
    /// tensor: stride 0 everywhere). `None` when an input does not broadcast or its innermost
    /// step is not 0 or 1.
    pub fn new(out: &Tensor<'_>, inputs: &[Option<&Tensor<'_>>]) -> Option<Walk> {
        let n_operands = inputs.len() + 1;
        if n_operands > MAX_OPERANDS {
            return None;
        }
        let rank = out.dim();
        let mut sizes = [0usize; MAX_DIM];
        let mut strides = [[0isize; MAX_DIM]; MAX_OPERANDS];
        for t in inputs.iter().flatten() {
            if !etk_core::shape::broadcasts_to(t.sizes(), out.sizes()) {
                return None;
            }
        }
        let mut ndim = 0;
        for &d in out.dim_order() {
            let n = out.size(d);
            if n == 1 {
                continue;
            }
            sizes[ndim] = n;
            strides[0][ndim] = out.strides()[d] as isize;
            for (k, t) in inputs.iter().enumerate() {
                strides[k + 1][ndim] = match t {
                    Some(t) if d + t.dim() >= rank => {
                        let td = d + t.dim() - rank;
                        if t.size(td) == 1 {
                            0
                        } else {
                            t.strides()[td] as isize
                        }
                    }
                    _ => 0,
                };
            }
            ndim += 1;
        }
        let mut m = 0;
        for i in 0..ndim {
            if m > 0
                && (0..n_operands).all(|k| strides[k][m - 1] == strides[k][i] * sizes[i] as isize)
            {
                sizes[m - 1] *= sizes[i];
                for s in strides.iter_mut().take(n_operands) {
                    s[m - 1] = s[i];
                }
            } else {
                sizes[m] = sizes[i];
                for s in strides.iter_mut().take(n_operands) {
                    s[m] = s[i];
                }
                m += 1;
            }
        }
        let w = Walk {
            n_operands,
            ndim: m,
            sizes,
            strides,
            numel: out.numel(),
        };
        let ok = w.ndim == 0
            || (w.strides[0][w.ndim - 1] == 1
                && (1..n_operands).all(|k| matches!(w.strides[k][w.ndim - 1], 0 | 1)));
        ok.then_some(w)
    }

    pub fn numel(&self) -> usize {
        self.numel
    }

    /// Whether operand `k` (out = 0) steps through its elements in the innermost dim (else it
    /// repeats one element per run).
    pub fn is_run(&self, k: usize) -> bool {
        self.ndim > 0 && self.strides[k][self.ndim - 1] == 1
    }

    /// The length of the innermost runs.
    pub fn run_len(&self) -> usize {
        if self.ndim == 0 {
            1
        } else {
            self.sizes[self.ndim - 1]
        }
    }

    /// Calls `f(offsets, len)` for the runs covering out elements `[start, end)` in memory
    /// order; `offsets` are in elements, out first. A run may be cut at `start` and `end`.
    #[inline(always)]
    pub fn for_each_run(
        &self,
        start: usize,
        end: usize,
        mut f: impl FnMut(&[isize; MAX_OPERANDS], usize),
    ) {
        let end = end.min(self.numel);
        if start >= end {
            return;
        }
        if self.ndim == 0 {
            f(&[0; MAX_OPERANDS], 1);
            return;
        }
        let last = self.ndim - 1;
        let len = self.sizes[last];
        // the multi-index of `start`.
        let mut index = [0usize; MAX_DIM];
        let mut rem = start;
        for d in (0..self.ndim).rev() {
            index[d] = rem % self.sizes[d];
            rem /= self.sizes[d];
        }
        let mut offsets = [0isize; MAX_OPERANDS];
        for (k, o) in offsets.iter_mut().enumerate().take(self.n_operands) {
            *o = (0..self.ndim)
                .map(|d| index[d] as isize * self.strides[k][d])
                .sum();
        }
        let mut pos = start;
        let mut inner = index[last];
        loop {
            let n = (len - inner).min(end - pos);
            f(&offsets, n);
            pos += n;
            if pos >= end {
                return;
            }
            // back to the start of the run, then the odometer over the outer dims.
            for (k, o) in offsets.iter_mut().enumerate().take(self.n_operands) {
                *o -= inner as isize * self.strides[k][last];
            }
            inner = 0;
            let mut d = last;
            loop {
                if d == 0 {
                    return;
                }
                d -= 1;
                index[d] += 1;
                for (k, o) in offsets.iter_mut().enumerate().take(self.n_operands) {
                    *o += self.strides[k][d];
                }
                if index[d] < self.sizes[d] {
                    break;
                }
                for (k, o) in offsets.iter_mut().enumerate().take(self.n_operands) {
                    *o -= self.strides[k][d] * self.sizes[d] as isize;
                }
                index[d] = 0;
            }
        }
    }
}

/// Splits `numel` elements into contiguous blocks over the context's threads and calls
/// `task(start, end)` for each (on the calling thread when the work is small). `cost` weighs an
/// element against a memory-bound add (transcendentals are worth splitting sooner).
pub fn split(
    ctx: &KernelContext<'_>,
    numel: usize,
    cost: usize,
    task: &(dyn Fn(usize, usize) + Sync),
) {
    let threads = ctx.parallel.num_threads().max(1);
    let work = numel.saturating_mul(cost.max(1));
    if threads == 1 || work < PAR_MIN {
        task(0, numel);
        return;
    }
    let n_tasks = threads.min(work / (PAR_MIN / 2)).max(1);
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
