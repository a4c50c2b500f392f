//! What the optimized normalizations and softmax share (`ops::{_native_batch_norm_legit_no_training,
//! native_layer_norm, native_group_norm, _softmax, _log_softmax}`): the element types they
//! accelerate (Float, Half and BFloat16, computed in f32 and rounded once, as portable), ATen's
//! row moments on vectors ([`moments`]), the layouts they take, and the split of independent
//! rows over threads.
//!
//! Each kernel accepts a call only when every check of portable's kernel would pass and the
//! layout is one it handles; everything else goes to portable, so rejections stay portable's.

pub mod moments;
pub mod runs;
pub mod softmax;

use etk_core::{Parallel, ScalarType, Tensor};
use half::{bf16, f16};

/// The dtypes these kernels compute (in f32); Double and the rest go to portable.
pub fn accelerated(dtype: ScalarType) -> bool {
    matches!(
        dtype,
        ScalarType::Float | ScalarType::Half | ScalarType::BFloat16
    )
}

/// Element `i` of a Float, Half or BFloat16 tensor's memory, as f32.
///
/// # Safety
/// `i` within the tensor's elements, its dtype one of the three.
#[inline]
pub unsafe fn get_f32(t: &Tensor<'_>, i: usize) -> f32 {
    let p = t.as_ptr();
    // SAFETY: the caller's.
    unsafe {
        match t.dtype() {
            ScalarType::Float => *p.cast::<f32>().add(i),
            ScalarType::Half => (*p.cast::<f16>().add(i)).to_f32(),
            _ => (*p.cast::<bf16>().add(i)).to_f32(),
        }
    }
}

/// Writes `v` rounded to the dtype (Float, Half or BFloat16) as element `i` of `p`'s memory.
///
/// # Safety
/// `i` within a writable tensor of that dtype which no input overlaps.
#[inline]
pub unsafe fn set_f32(p: *mut u8, dtype: ScalarType, i: usize, v: f32) {
    // SAFETY: the caller's.
    unsafe {
        match dtype {
            ScalarType::Float => *p.cast::<f32>().add(i) = v,
            ScalarType::Half => *p.cast::<f16>().add(i) = f16::from_f32(v),
            _ => *p.cast::<bf16>().add(i) = bf16::from_f32(v),
        }
    }
}

/// Whether `a` and `b` (of the same sizes) lay their elements out alike: equal strides on
/// every dim of more than one element.
pub fn same_layout(a: &Tensor<'_>, b: &Tensor<'_>) -> bool {
    a.sizes() == b.sizes()
        && (0..a.dim()).all(|d| a.size(d) <= 1 || a.strides()[d] == b.strides()[d])
}

/// A dense tensor seen as `[outer, size(dim), inner]` in memory: `inner` is `dim`'s stride
/// (every dim after it in memory order), `outer` the rest. Every etk tensor is dense.
pub fn around(t: &Tensor<'_>, dim: usize) -> (usize, usize, usize) {
    let (len, inner) = (t.size(dim), t.strides()[dim]);
    let outer = if len == 0 || inner == 0 {
        0
    } else {
        t.numel() / (len * inner)
    };
    (outer, len, inner)
}

/// Pointers that tasks on other threads use: each task writes its own part of the outs and
/// reads the inputs, all of which outlive the call that runs the tasks.
#[derive(Clone, Copy, Debug)]
pub struct Shared<T>(pub T);
// SAFETY: see above.
unsafe impl<T> Send for Shared<T> {}
// SAFETY: see above.
unsafe impl<T> Sync for Shared<T> {}

impl<T> Shared<T> {
    /// The value (a method, so that a closure captures the whole `Shared`, not its field).
    #[inline(always)]
    pub fn get(&self) -> &T {
        &self.0
    }
}

/// Work below which a call stays on the calling thread (element-steps, about a few tens of
/// microseconds: a task handed to another thread costs a microsecond or more).
const PAR_MIN: usize = 1 << 17;

/// Calls `task(start, end)` over `0..items`: once on this thread when the work (`items *
/// cost`, in element-steps) is small or there is one thread, else in contiguous blocks over
/// the threads of `parallel`.
pub fn split(
    parallel: &dyn Parallel,
    items: usize,
    cost: usize,
    task: &(dyn Fn(usize, usize) + Sync),
) {
    let threads = parallel.num_threads().max(1);
    let work = items.saturating_mul(cost.max(1));
    if threads == 1 || work < PAR_MIN || items < 2 {
        task(0, items);
        return;
    }
    // several tasks per thread when each is still a quarter of the threshold (core's rule)
    let n_tasks = etk_core::split_count(work, PAR_MIN / 2, PAR_MIN / 4, threads)
        .min(items)
        .max(1);
    let block = items.div_ceil(n_tasks);
    parallel.run(items.div_ceil(block), &|i| {
        let s = i * block;
        task(s, (s + block).min(items));
    });
}
