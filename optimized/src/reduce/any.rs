//! `any` of every real dtype as a test of bits: an element is non-zero exactly when its bits,
//! the sign bit of a float cleared (`-0.0` is zero, NaN is not), are not all zero. So a lane is
//! an OR of masked 32-bit words (of any element size; the mask repeats per element), tested
//! once per few vectors so that a lane stops at its first non-zero block, and a column tile
//! ORs whole rows of words before each element's bytes are tested.
//!
//! Into a Byte out ATen first converts each element to uint8 (`0.5` and `256` count as zero):
//! that is a bit test only for one-byte inputs (and for a single element, which ATen takes as
//! `self != 0`); other Byte outs are portable's.

use super::{Plan, Shared, TILE, Walk, split};
use etk_core::{KernelContext, ScalarType, Tensor};
use etk_portable::util::reduce::DimMask;
use etk_simd::{Kernel, Simd, dispatch, level};

/// The bits of an element that make it non-zero, as 8 bytes repeating from an element's
/// start (little-endian); `None` for a dtype taken elsewhere.
fn value_bits(dtype: ScalarType) -> Option<u64> {
    use ScalarType::*;
    Some(match dtype {
        Bool | Byte | Char | Short | Int | Long => u64::MAX,
        Half | BFloat16 => 0x7fff_7fff_7fff_7fff,
        Float => 0x7fff_ffff_7fff_ffff,
        Double => 0x7fff_ffff_ffff_ffff,
        _ => return None,
    })
}

/// `out = any(self over mask)` into a Bool or Byte out (already shaped); `false` (nothing
/// written) for a call portable runs.
pub fn any(
    ctx: &KernelContext<'_>,
    self_: &Tensor<'_>,
    mask: DimMask,
    out: &mut Tensor<'_>,
) -> bool {
    let dt = self_.dtype();
    let Some(bits) = value_bits(dt) else {
        return false;
    };
    let byte_ok = dt.element_size() == 1 || self_.numel() == 1;
    if out.dtype() == ScalarType::Byte && !byte_ok {
        return false;
    }
    let Some(plan) = Plan::new(self_, mask, out, false) else {
        return false;
    };
    let Ok(o) = out.as_mut_ptr("any", "out") else {
        return false;
    };
    let (x, o, es) = (Shared(self_.as_ptr()), Shared(o), dt.element_size());
    let lvl = level();
    split(ctx, &plan, plan.work(es), &|start, end| {
        dispatch(
            lvl,
            Any {
                plan: &plan,
                x: x.get().cast(),
                es,
                bits,
                out: o,
                start,
                end,
            },
        )
    });
    true
}

/// Units `start..end` of an `any`.
struct Any<'a> {
    plan: &'a Plan,
    x: *const u8,
    /// Bytes per element.
    es: usize,
    bits: u64,
    out: Shared<*mut u8>,
    start: usize,
    end: usize,
}

impl Kernel for Any<'_> {
    type Output = ();
    #[inline(always)]
    fn run<S: Simd>(self, s: S) {
        let (plan, x, es) = (self.plan, self.x, self.es);
        // the mask over `LANES` words from an even word and from an odd one (the same where
        // `LANES` is even: vectors then start at even words)
        let mut words = [0u32; 17];
        for (i, w) in words.iter_mut().enumerate() {
            *w = (self.bits >> (32 * (i % 2))) as u32;
        }
        // SAFETY: 17 words, at least `LANES + 1`.
        let m = unsafe {
            let p = words.as_ptr().cast::<i32>();
            [s.load_i32(p), s.load_i32(p.add(1))]
        };
        match plan.walk {
            Walk::Rows => {
                let len = plan.run_len() * es;
                for (ib, ob) in plan.lanes(self.start, self.end) {
                    let mut hit = false;
                    for (off, _) in plan.runs(ib) {
                        // SAFETY: the plan's runs lie within the input.
                        hit = unsafe { any_bytes(s, x.add(off * es), len, m, self.bits) };
                        if hit {
                            break;
                        }
                    }
                    // SAFETY: the plan's out offsets lie within the out (one byte each).
                    unsafe { *self.out.0.add(ob) = hit as u8 };
                }
            }
            Walk::Columns => {
                let (_, o_step) = plan.width();
                let mut tile = [0u32; 2 * TILE + 1];
                for (ib, ob, j0, j1) in plan.tiles(self.start, self.end) {
                    let bytes = (j1 - j0) * es;
                    let tile = &mut tile[..bytes.div_ceil(4)];
                    tile.fill(0);
                    for (off, _) in plan.rows() {
                        // SAFETY: the row's `bytes` lie within the input.
                        unsafe { or_row(s, x.add((ib + off) * es), bytes, tile) };
                    }
                    let t = tile.as_ptr().cast::<u8>();
                    for j in 0..j1 - j0 {
                        // SAFETY: the element's bytes lie within the tile.
                        let hit = (0..es)
                            .any(|b| unsafe { *t.add(j * es + b) } & bit_byte(self.bits, b) != 0);
                        // SAFETY: the tile's columns lie within the out.
                        unsafe { *self.out.0.add(ob + j * o_step) = hit as u8 };
                    }
                }
            }
        }
    }
}

/// Byte `b` of the mask of an element.
#[inline(always)]
fn bit_byte(bits: u64, b: usize) -> u8 {
    (bits >> (8 * (b % 8))) as u8
}

/// Whether any element of the `len` bytes at `x` (whole elements, from an element's start) is
/// non-zero under `m` (`bits` as words).
///
/// # Safety
/// `x` valid for `len` bytes.
#[inline(always)]
unsafe fn any_bytes<S: Simd>(s: S, x: *const u8, len: usize, m: [S::I32; 2], bits: u64) -> bool {
    let (l, zero) = (S::LANES, s.splat_i32(0));
    let byte = |b: usize| unsafe { *x.add(b) } & bit_byte(bits, b) != 0;
    // the bytes before the first whole word one at a time (elements of one or two bytes,
    // whose mask is the same from every even byte)
    let head = x.align_offset(4).min(len);
    if (0..head).any(byte) {
        return true;
    }
    let words = (len - head) / 4;
    // SAFETY: `head <= len`.
    let w = unsafe { x.add(head) }.cast::<i32>();
    let mut i = 0;
    // SAFETY: whole (aligned) words below `words`, then the last bytes one at a time.
    unsafe {
        while i + 4 * l <= words {
            let mut acc = s.and_i32(s.load_i32(w.add(i)), word_mask(s, m, i));
            for k in 1..4 {
                let v = s.load_i32(w.add(i + k * l));
                acc = s.or_i32(acc, s.and_i32(v, word_mask(s, m, i + k * l)));
            }
            if nonzero(s, acc) {
                return true;
            }
            i += 4 * l;
        }
        let mut acc = zero;
        while i < words {
            let n = (words - i).min(l);
            let v = s.and_i32(s.load_i32_n(w.add(i), n), word_mask(s, m, i));
            acc = s.or_i32(acc, v);
            i += n;
        }
        nonzero(s, acc) || (head + words * 4..len).any(byte)
    }
}

/// The mask of a vector of words from word `i` (from an element's start).
#[inline(always)]
fn word_mask<S: Simd>(_s: S, m: [S::I32; 2], i: usize) -> S::I32 {
    if S::LANES % 2 == 0 || i.is_multiple_of(2) {
        m[0]
    } else {
        m[1]
    }
}

/// Whether any lane of `v` is not zero.
#[inline(always)]
fn nonzero<S: Simd>(s: S, v: S::I32) -> bool {
    !s.all(s.eq_i32(v, s.splat_i32(0)))
}

/// `tile |= ` the `bytes` bytes at `x`, a word at a time (the last bytes one at a time).
///
/// # Safety
/// `x` valid for `bytes` bytes; `tile` holds `bytes.div_ceil(4)` words.
#[inline(always)]
unsafe fn or_row<S: Simd>(s: S, x: *const u8, bytes: usize, tile: &mut [u32]) {
    let (l, words) = (S::LANES, bytes / 4);
    if x.align_offset(4) != 0 {
        // a row of one- or two-byte elements that starts within a word
        let tb = tile.as_mut_ptr().cast::<u8>();
        for b in 0..bytes {
            // SAFETY: the caller's.
            unsafe { *tb.add(b) |= *x.add(b) };
        }
        return;
    }
    let (w, t) = (x.cast::<i32>(), tile.as_mut_ptr().cast::<i32>());
    let mut i = 0;
    // SAFETY: the caller's.
    unsafe {
        while i < words {
            let n = (words - i).min(l);
            let v = if n == l {
                s.or_i32(s.load_i32(t.add(i)), s.load_i32(w.add(i)))
            } else {
                s.or_i32(s.load_i32_n(t.add(i), n), s.load_i32_n(w.add(i), n))
            };
            s.store_i32_n(t.add(i), n, v);
            i += n;
        }
        let tb = tile.as_mut_ptr().cast::<u8>();
        for b in words * 4..bytes {
            *tb.add(b) |= *x.add(b);
        }
    }
}
