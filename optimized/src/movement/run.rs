//! Runs: the walk over a [`Pair`] in the out's memory order, each innermost run copied whole
//! (both sides contiguous), filled with one element (the input repeats it) or moved element by
//! element (any other steps). Outs past the last-level cache are written with streaming stores
//! where a run is long enough to align them.

use super::{split, streams};
use crate::pointwise::walk::Ptr;
use etk_core::Parallel;
use etk_portable::util::movement::Pair;
use etk_simd::Isa;

/// An element moved as a word of its size; 16-byte elements (complex double) are only 8-byte
/// aligned, so every access here is unaligned.
pub type Word16 = [u64; 2];

/// Runs `$body` with `$W` the word of `$es`-byte elements (every element size a dtype has).
macro_rules! with_word {
    ($es:expr, $W:ident => $body:expr) => {
        match $es {
            1 => {
                type $W = u8;
                $body
            }
            2 => {
                type $W = u16;
                $body
            }
            4 => {
                type $W = u32;
                $body
            }
            8 => {
                type $W = u64;
                $body
            }
            _ => {
                type $W = $crate::movement::run::Word16;
                $body
            }
        }
    };
}
pub(crate) use with_word;

/// Copies the elements of a same-dtype pair, the out's elements split over threads when large.
///
/// # Safety
/// Every offset the pair reaches lies inside its tensor; `dst` is writable and does not
/// overlap `src`; `es` is the element size (1, 2, 4, 8 or 16).
pub unsafe fn copy_pair(par: &dyn Parallel, isa: Isa, es: usize, dst: Ptr, src: Ptr, pair: &Pair) {
    let n = pair.numel();
    let stream = streams(isa, n * es);
    let ptrs = (dst, src);
    split(par, n, n * es, &|start, end| {
        // (the pair is captured whole: a `Ptr` may cross threads, its field may not)
        let (dst, src) = ptrs;
        with_word!(es, W => unsafe {
            copy_range::<W>(dst.0 as *mut W, src.0 as *const W, pair, start, end, stream)
        });
    });
}

/// Writes the first `es` bytes of `elem` to every element of the pair's destination side.
///
/// # Safety
/// Every offset of the pair's destination lies inside the out, which is writable.
pub unsafe fn fill_pair(par: &dyn Parallel, es: usize, dst: Ptr, elem: &[u8; 16], pair: &Pair) {
    let isa = etk_simd::level().isa();
    let n = pair.numel();
    let stream = streams(isa, n * es);
    split(par, n, n * es, &|start, end| {
        let dst = Ptr::clone(&dst);
        with_word!(es, W => unsafe {
            let v = (elem.as_ptr() as *const W).read_unaligned();
            fill_range::<W>(dst.0 as *mut W, v, pair, start, end, stream)
        });
    });
}

/// Elements `[start, end)` of the pair (in the out's memory order), run by run.
///
/// # Safety
/// As [`copy_pair`].
#[inline(always)]
unsafe fn copy_range<W: Copy>(
    dst: *mut W,
    src: *const W,
    pair: &Pair,
    start: usize,
    end: usize,
    stream: bool,
) {
    unsafe {
        pair.walk_range(start, end, |d, s, len, ds, ss| {
            let (d, s) = (dst.offset(d), src.offset(s));
            match (ds, ss) {
                (1, 1) => copy_run(d, s, len, stream),
                (1, 0) => fill_run(d, s.read_unaligned(), len, stream),
                _ => {
                    for i in 0..len as isize {
                        d.offset(i * ds)
                            .write_unaligned(s.offset(i * ss).read_unaligned());
                    }
                }
            }
        });
        if stream {
            fence();
        }
    }
}

/// Elements `[start, end)` of the pair's destination set to `v`.
///
/// # Safety
/// As [`fill_pair`].
#[inline(always)]
unsafe fn fill_range<W: Copy>(
    dst: *mut W,
    v: W,
    pair: &Pair,
    start: usize,
    end: usize,
    stream: bool,
) {
    unsafe {
        pair.walk_range(start, end, |d, _, len, ds, _| {
            let d = dst.offset(d);
            if ds == 1 {
                fill_run(d, v, len, stream);
            } else {
                for i in 0..len as isize {
                    d.offset(i * ds).write_unaligned(v);
                }
            }
        });
        if stream {
            fence();
        }
    }
}

/// Runs of at most this many bytes are moved inline (a `memcpy` call costs more).
const SHORT_RUN: usize = 64;

/// `len` contiguous elements from `s` to `d`.
///
/// # Safety
/// Both ranges valid, not overlapping.
#[inline(always)]
pub unsafe fn copy_run<W: Copy>(d: *mut W, s: *const W, len: usize, stream: bool) {
    let bytes = len * size_of::<W>();
    unsafe {
        if bytes <= SHORT_RUN {
            copy_short(d as *mut u8, s as *const u8, bytes);
        } else if stream && bytes >= STREAM_MIN {
            stream_copy(d as *mut u8, s as *const u8, bytes);
        } else {
            core::ptr::copy_nonoverlapping(s as *const u8, d as *mut u8, bytes);
        }
    }
}

/// `n <= 64` bytes from `s` to `d` as two (overlapping) blocks of the largest power of two
/// that fits, each one unaligned vector or word move.
///
/// # Safety
/// Both ranges valid, not overlapping.
#[inline(always)]
unsafe fn copy_short(d: *mut u8, s: *const u8, n: usize) {
    #[inline(always)]
    unsafe fn two<const B: usize>(d: *mut u8, s: *const u8, n: usize) {
        // SAFETY: `B <= n`: the blocks at 0 and at `n - B` lie in both ranges.
        unsafe {
            let (a, b) = (
                (s as *const [u8; B]).read_unaligned(),
                (s.add(n - B) as *const [u8; B]).read_unaligned(),
            );
            (d as *mut [u8; B]).write_unaligned(a);
            (d.add(n - B) as *mut [u8; B]).write_unaligned(b);
        }
    }
    unsafe {
        match n {
            32.. => two::<32>(d, s, n),
            16.. => two::<16>(d, s, n),
            8.. => two::<8>(d, s, n),
            4.. => two::<4>(d, s, n),
            2.. => two::<2>(d, s, n),
            1 => *d = *s,
            _ => {}
        }
    }
}

/// `len` contiguous elements from `d` set to `v`.
///
/// # Safety
/// The range is valid for writing.
#[inline(always)]
pub unsafe fn fill_run<W: Copy>(d: *mut W, v: W, len: usize, stream: bool) {
    unsafe {
        if stream && len * size_of::<W>() >= STREAM_MIN && stream_fill(d, v, len) {
            return;
        }
        for i in 0..len {
            d.add(i).write_unaligned(v);
        }
    }
}

/// Runs at least this long are worth aligning for streaming stores.
const STREAM_MIN: usize = 256;

/// `bytes` bytes from `s` to `d`, the 32-byte-aligned middle with non-temporal stores.
///
/// # Safety
/// Both ranges valid, not overlapping; the CPU has AVX2 (callers check [`streams`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn stream_copy(d: *mut u8, s: *const u8, bytes: usize) {
    use core::arch::x86_64::*;
    unsafe {
        let head = d.align_offset(32).min(bytes);
        core::ptr::copy_nonoverlapping(s, d, head);
        let mut i = head;
        while i + 128 <= bytes {
            let v: [__m256i; 4] =
                core::array::from_fn(|k| _mm256_loadu_si256(s.add(i + 32 * k) as *const __m256i));
            for (k, v) in v.into_iter().enumerate() {
                _mm256_stream_si256(d.add(i + 32 * k) as *mut __m256i, v);
            }
            i += 128;
        }
        while i + 32 <= bytes {
            let v = _mm256_loadu_si256(s.add(i) as *const __m256i);
            _mm256_stream_si256(d.add(i) as *mut __m256i, v);
            i += 32;
        }
        core::ptr::copy_nonoverlapping(s.add(i), d.add(i), bytes - i);
    }
}

/// `len` elements from `d` set to `v`, the 32-byte-aligned middle with non-temporal stores;
/// `false` (nothing written) when `d` is not aligned to its element size.
///
/// # Safety
/// The range is valid for writing; the CPU has AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn stream_fill<W: Copy>(d: *mut W, v: W, len: usize) -> bool {
    use core::arch::x86_64::*;
    let es = size_of::<W>();
    let head = (d as *mut u8).align_offset(32);
    if !head.is_multiple_of(es) || head / es > len {
        return false;
    }
    // 32 bytes of whole elements: from an aligned element boundary the pattern repeats.
    let mut pattern = [0u8; 32];
    for k in 0..32 / es {
        // SAFETY: `k * es + es <= 32`.
        unsafe { (pattern.as_mut_ptr().add(k * es) as *mut W).write_unaligned(v) };
    }
    unsafe {
        let p = _mm256_loadu_si256(pattern.as_ptr() as *const __m256i);
        let head = head / es;
        for i in 0..head {
            d.add(i).write_unaligned(v);
        }
        let mut i = head;
        let per = 32 / es;
        while i + per <= len {
            _mm256_stream_si256(d.add(i) as *mut __m256i, p);
            i += per;
        }
        for j in i..len {
            d.add(j).write_unaligned(v);
        }
    }
    true
}

/// Orders a task's streaming stores before whatever follows it.
#[inline(always)]
fn fence() {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: SSE is part of x86-64.
    unsafe {
        core::arch::x86_64::_mm_sfence()
    };
}

#[cfg(not(target_arch = "x86_64"))]
unsafe fn stream_copy(d: *mut u8, s: *const u8, bytes: usize) {
    unsafe { core::ptr::copy_nonoverlapping(s, d, bytes) }
}

#[cfg(not(target_arch = "x86_64"))]
unsafe fn stream_fill<W: Copy>(_: *mut W, _: W, _: usize) -> bool {
    false
}
